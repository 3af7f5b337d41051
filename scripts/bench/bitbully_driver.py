#!/usr/bin/env python3
"""Solve Connect Four positions with BitBully (PyPI `bitbully`), for
scripts/bench-solvers.sh.

Reads lines `<moves> [score]` from stdin (moves: 1-based column digits from
the empty board, as in Pascal Pons' benchmark sets; `-` or an empty moves
field is the empty board) and prints `<moves> <score>` per line, the score
for the side to move on Pons' scale (22 - k for a win with one's k-th disc),
which is BitBully's own scale too.

Table policy: one solver for the whole input, so its transposition table is
kept over the set (like Pons' `c4solver` and `fourbot solve`); `--reset`
clears it before every position instead.

Book: `--book none` (default) or a BitBully database name (`12-ply-dist`,
`12-ply`, `8-ply`) from PyPI `bitbully-databases`.

Only our driver: BitBully itself is installed from PyPI into a virtual
environment by the benchmark script and never committed.
"""

import argparse
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--book", default="none",
                        help="none, 12-ply-dist, 12-ply or 8-ply")
    parser.add_argument("--method", default="mtdf",
                        choices=["mtdf", "null_window"],
                        help="BitBully's search entry point (mtdf is its default agent's)")
    parser.add_argument("--reset", action="store_true",
                        help="clear the transposition table before every position")
    parser.add_argument("--stats", action="store_true",
                        help="print positions, mean time and nodes to stderr")
    args = parser.parse_args()

    from bitbully import bitbully_core as bbc

    if args.book == "none":
        solver = bbc.BitBullyCore()
    else:
        import bitbully_databases as bbd
        solver = bbc.BitBullyCore(bbd.BitBullyDatabases.get_database_path(args.book))
        if not solver.isBookLoaded():
            print(f"book {args.book} did not load", file=sys.stderr)
            return 2

    count = 0
    total = 0.0
    out = sys.stdout
    for number, line in enumerate(sys.stdin, 1):
        tokens = line.split()
        if not tokens:
            continue
        moves = tokens[0]
        digits = "" if moves == "-" else moves
        if not digits.isdigit() and digits:
            print(f"line {number}: not column digits: {moves}", file=sys.stderr)
            return 2
        board = bbc.BoardCore()
        # BitBully numbers columns 0-6, the sets 1-7.
        if digits and not board.play("".join(str(int(c) - 1) for c in digits)):
            print(f"line {number}: illegal moves: {moves}", file=sys.stderr)
            return 2
        if args.reset:
            solver.resetTranspositionTable()
        start = time.perf_counter()
        if args.method == "mtdf":
            score = solver.mtdf(board, 0)
        else:
            score = solver.nullWindow(board)
        total += time.perf_counter() - start
        count += 1
        out.write(f"{moves} {score}\n")
        out.flush()
    if args.stats:
        n = max(count, 1)
        print(f"positions: {count}, mean time: {total * 1000 / n:.3f} ms, "
              f"mean nodes: {solver.getNodeCounter() / n:.0f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
