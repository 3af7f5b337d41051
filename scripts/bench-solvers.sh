#!/usr/bin/env bash
# Side-by-side benchmark of three perfect Connect Four solvers on the same
# positions (issue 19, "Measured"; figures in docs/benchmarks.md):
#
#   fourbot   `fourbot solve` (release build of this repository)
#   Pons      Pascal Pons' C++ solver `c4solver` (github.com/PascalPons/connect4),
#             built from its source in a temporary folder, never committed
#   BitBully  Markus Thill's solver from PyPI (`bitbully`, `bitbully-databases`)
#             in a virtual environment, driven by scripts/bench/bitbully_driver.py
#
# Usage, from the repository root:
#
#   PONS_SRC=/path/to/connect4 bash scripts/bench-solvers.sh [--quick] [--no-empty]
#
# PONS_SRC is a checkout of github.com/PascalPons/connect4 (any copy of its
# files: `git clone https://github.com/PascalPons/connect4`, or a source
# archive); it is copied into a temporary folder and built there with `make`.
# Optional environment:
#   PONS_BIN=path     use this built c4solver instead of building PONS_SRC
#   PONS_BOOK=path    Pons' opening book (7x6.book from his site; not in his
#                     repository) for the "with books" row; without it Pons
#                     has no row there
#   BB_VENV=path      an existing venv with bitbully and bitbully-databases
#                     (default: a fresh one in the temporary folder, pip
#                     install bitbully==0.0.79 bitbully-databases==0.0.2)
#   FOURBOT=path      the fourbot binary (default target/release/fourbot,
#                     built with `cargo build --release` when missing)
#   EMPTY_CAP=secs    CPU-seconds cap per solver for the empty board (900)
#   DATA=dir          Pons' sets Test_L*_R* (default crates/core/tests/rules/data/solver)
#   KEEP=1            keep the temporary folder (inputs, outputs, logs)
#
# What runs (whole processes, one per solver and set; a sample of N evenly
# spaced lines of each 1,000-line set, the same lines for all three):
#   every public set without a book; Begin-Hard with the books (fourbot's
#   assets/book.bin, BitBully's 12-ply-dist database); the empty board without
#   a book (once per solver, capped at EMPTY_CAP CPU seconds). --quick takes
#   smaller samples; --no-empty leaves the empty board out.
#
# Table policy: all three keep their transposition table over a set (one
# solver object per process: `fourbot solve`, Pons' main.cpp and the driver
# create one and never reset it), so the comparison is like with like.
# BitBully searches with MTD(f) from 0, the entry point of its own agent
# (faster than its null-window search here: 143 vs 159 ms a Begin-Medium
# position).
#
# Times: per position = the process's time (start-up and book loading
# included) / N, both CPU (user + sys) and wall clock. Ratios are of CPU
# time, fairer on a shared machine; the wall-clock ratios are printed too.
# Every solver's every score is checked against the set's score and the
# others'; any mismatch is printed and the script exits with status 1.
set -euo pipefail

quick=0
empty=1
for arg in "$@"; do
    case "$arg" in
        --quick) quick=1 ;;
        --no-empty) empty=0 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $arg (see --help)" >&2; exit 2 ;;
    esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
data=${DATA:-$root/crates/core/tests/rules/data/solver}
fourbot=${FOURBOT:-$root/target/release/fourbot}
empty_cap=${EMPTY_CAP:-900}
driver=$root/scripts/bench/bitbully_driver.py

tmp=$(mktemp -d /tmp/bench-solvers.XXXXXX)
if [ "${KEEP:-0}" = 1 ]; then
    echo "temporary folder (kept): $tmp" >&2
else
    trap 'rm -rf "$tmp"' EXIT
fi

# --- the three solvers -------------------------------------------------------
if [ ! -x "$fourbot" ]; then
    (cd "$root" && cargo build --release --bin fourbot) >&2
fi

if [ -n "${PONS_BIN:-}" ]; then
    pons=$PONS_BIN
else
    if [ -z "${PONS_SRC:-}" ] || [ ! -f "$PONS_SRC/Solver.cpp" ]; then
        echo "PONS_SRC must name a copy of github.com/PascalPons/connect4 (Solver.cpp, main.cpp, Makefile)" >&2
        exit 2
    fi
    mkdir "$tmp/pons-src"
    cp -r "$PONS_SRC"/. "$tmp/pons-src/"
    make -C "$tmp/pons-src" c4solver >"$tmp/pons-build.log" 2>&1 || { cat "$tmp/pons-build.log" >&2; exit 1; }
    pons=$tmp/pons-src/c4solver
fi

if [ -n "${BB_VENV:-}" ]; then
    venv=$BB_VENV
else
    venv=$tmp/venv
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet bitbully==0.0.79 bitbully-databases==0.0.2 >&2
fi
python=$venv/bin/python
"$python" -c 'import bitbully, bitbully_databases' || { echo "no bitbully in $venv" >&2; exit 1; }

# Pons' main loads ./7x6.book when it exists: run it where there is none.
mkdir "$tmp/run"
cd "$tmp/run"

# --- running and timing ------------------------------------------------------
# run_one NAME OUT INPUT CMD...: runs CMD with INPUT on stdin, stdout to OUT,
# and prints "wall cpu" in seconds (cpu = user + sys of the process).
run_one() {
    local name=$1 out=$2 input=$3
    shift 3
    local t0 t1 rc=0
    t0=$(date +%s.%N)
    /usr/bin/time -f "%U %S" -o "$out.time" "$@" <"$input" >"$out" 2>"$out.err" || rc=$?
    t1=$(date +%s.%N)
    # /usr/bin/time writes "Command exited/terminated ..." first on failure.
    local cpu
    cpu=$(tail -n 1 "$out.time" | awk '{printf "%.3f", $1 + $2}')
    awk -v a="$t0" -v b="$t1" -v c="$cpu" -v rc="$rc" 'BEGIN { printf "%.3f %s %s\n", b - a, c, rc }'
}

# Every line of OUT must be "<moves> <score>" with the expected score.
check() {
    local name=$1 expected=$2 out=$3
    local bad
    bad=$(paste -d' ' <(awk '{print $NF}' "$expected") <(awk '{print $NF}' "$out") |
        awk -v who="$name" '{ if ($1 != $2) { n++; if (n <= 5) printf "  %s line %d: expected %s, got %s\n", who, NR, $1, $2 > "/dev/stderr" } }
            END { print n + 0 }')
    local lines_e lines_o
    lines_e=$(wc -l <"$expected")
    lines_o=$(wc -l <"$out")
    if [ "$lines_e" != "$lines_o" ]; then
        echo "  $name: $lines_o answers for $lines_e positions" >&2
        bad=$((bad + 1))
    fi
    echo "$bad"
}

results=$tmp/results.txt
: >"$results"
mismatches=0

# bench LABEL FILE N BOOK: one row; BOOK is "none" or "book".
bench() {
    local label=$1 file=$2 n=$3 book=$4
    local lines step input moves expected
    lines=$(grep -c . "$file")
    step=$((lines / n))
    [ "$step" -ge 1 ] || step=1
    input=$tmp/$label.in
    awk -v k="$step" -v n="$n" 'NF && (NR - 1) % k == 0 && c < n { print; c++ }' "$file" >"$input"
    n=$(wc -l <"$input")
    moves=$tmp/$label.moves
    awk '{print $1}' "$input" >"$moves"
    expected=$input

    local f_args=(solve --stats) b_args=(--stats --book none)
    if [ "$book" = none ]; then
        f_args+=(--no-book)
    else
        b_args=(--stats --book 12-ply-dist)
    fi
    local fr pr br
    fr=$(run_one fourbot "$tmp/$label.fourbot" "$input" "$fourbot" "${f_args[@]}")
    if [ "$book" = none ]; then
        pr=$(run_one pons "$tmp/$label.pons" "$moves" "$pons" -b "$tmp/no-such-book")
    elif [ -n "${PONS_BOOK:-}" ]; then
        pr=$(run_one pons "$tmp/$label.pons" "$moves" "$pons" -b "$PONS_BOOK")
    else
        pr="- - -"
    fi
    br=$(run_one bitbully "$tmp/$label.bitbully" "$input" "$python" "$driver" "${b_args[@]}")

    local bad=0 m
    m=$(check fourbot "$expected" "$tmp/$label.fourbot"); bad=$((bad + m))
    [ "$pr" = "- - -" ] || { m=$(check pons "$expected" "$tmp/$label.pons"); bad=$((bad + m)); }
    m=$(check bitbully "$expected" "$tmp/$label.bitbully"); bad=$((bad + m))
    mismatches=$((mismatches + bad))
    echo "$label $n $book $fr $pr $br $bad" >>"$results"
    echo "done: $label ($n positions, book: $book) $(uptime | sed 's/.*load/load/')" >&2
}

# Row labels name the set; samples: default / --quick.
if [ "$quick" = 1 ]; then
    sizes=(100 100 100 100 10 2 100)
else
    sizes=(1000 1000 1000 1000 100 10 1000)
fi

echo "load before: $(uptime)" >&2
bench End-Easy "$data/Test_L3_R1" "${sizes[0]}" none
bench Middle-Easy "$data/Test_L2_R1" "${sizes[1]}" none
bench Middle-Medium "$data/Test_L2_R2" "${sizes[2]}" none
bench Begin-Easy "$data/Test_L1_R1" "${sizes[3]}" none
bench Begin-Medium "$data/Test_L1_R2" "${sizes[4]}" none
bench Begin-Hard "$data/Test_L1_R3" "${sizes[5]}" none
bench Begin-Hard+books "$data/Test_L1_R3" "${sizes[6]}" book
if [ "$empty" = 1 ]; then
    # Pons reads an empty line as the empty board; fourbot and the driver "-".
    echo "- 1" >"$tmp/empty-board.txt"
    # The cap is on CPU seconds (ulimit -t), so load on the machine does not cut it short.
    echo "" >"$tmp/empty-board.moves"
    fr=$(run_one fourbot "$tmp/empty-board.fourbot" "$tmp/empty-board.txt" bash -c "ulimit -t $empty_cap; exec \"\$0\" solve --stats --no-book" "$fourbot")
    pr=$(run_one pons "$tmp/empty-board.pons" "$tmp/empty-board.moves" bash -c "ulimit -t $empty_cap; exec \"\$0\" -b \"\$1\"" "$pons" "$tmp/no-such-book")
    br=$(run_one bitbully "$tmp/empty-board.bitbully" "$tmp/empty-board.txt" bash -c "ulimit -t $empty_cap; exec \"\$0\" \"\$1\" --stats --book none" "$python" "$driver")
    bad=0
    for who in fourbot pons bitbully; do
        if [ -s "$tmp/empty-board.$who" ]; then
            m=$(check "$who" "$tmp/empty-board.txt" "$tmp/empty-board.$who"); bad=$((bad + m))
        fi
    done
    mismatches=$((mismatches + bad))
    echo "empty-board 1 none $fr $pr $br $bad" >>"$results"
    echo "done: empty board $(uptime | sed 's/.*load/load/')" >&2
fi
echo "load after: $(uptime)" >&2

# --- the table ---------------------------------------------------------------
# Fields: label n book | f_wall f_cpu f_rc | p_wall p_cpu p_rc | b_wall b_cpu b_rc | bad
echo
echo "Milliseconds per position (whole process / N; CPU = user + sys, wall in brackets); ratios of CPU time (wall)."
echo "A process that did not finish (e.g. the empty-board cap of ${empty_cap} CPU s) shows '>' and its rc."
awk '
function per(w, c, rc, n) {
    if (w == "-") return "n/a";
    s = sprintf("%.4g (%.4g)", c / n * 1000, w / n * 1000);
    if (rc != 0) s = ">" s " rc " rc;
    return s;
}
function ratio(a, b, rca, rcb) {
    if (b == "-" || b + 0 == 0) return "n/a";
    s = sprintf("%.2f", a / b);
    if (rca != 0 || rcb != 0) s = "~" s;
    return s;
}
BEGIN {
    printf "| %-16s | %5s | %-4s | %-22s | %-22s | %-22s | %-13s | %-13s | %s |\n", "set", "N", "book", "fourbot ms/pos", "Pons ms/pos", "BitBully ms/pos", "fourbot/Pons", "fourbot/BitBully", "mismatches";
    printf "|%s|%s|%s|%s|%s|%s|%s|%s|%s|\n", "---", "---", "---", "---", "---", "---", "---", "---", "---";
}
{
    n = $2;
    fp = per($4, $5, $6, n); pp = per($7, $8, $9, n); bp = per($10, $11, $12, n);
    rp = ratio($5, $8, $6, $9) " (" ratio($4, $7, $6, $9) ")";
    rb = ratio($5, $11, $6, $12) " (" ratio($4, $10, $6, $12) ")";
    if ($7 == "-") rp = "n/a";
    printf "| %-16s | %5d | %-4s | %-22s | %-22s | %-22s | %-13s | %-13s | %d |\n", $1, n, $3, fp, pp, bp, rp, rb, $13;
}' "$results"

echo
echo "Goals (issue 19): with the book Begin-Hard <= 1 ms a position and <= 0.5x BitBully-with-its-book;"
echo "without a book <= 0.5x BitBully on Begin-Medium, Begin-Hard and the empty board."
awk '
$1 == "Begin-Hard+books" {
    ms = $5 / $2 * 1000; msw = $4 / $2 * 1000;
    printf "  Begin-Hard with book: %.3f ms CPU (%.3f ms wall) a position: %s\n", ms, msw, (ms <= 1 ? "met" : "NOT met");
    r = $5 / $11; printf "  Begin-Hard with book vs BitBully: %.2fx CPU (%.2fx wall): %s\n", r, $4 / $10, (r <= 0.5 ? "met" : "NOT met");
}
$1 == "Begin-Medium" || $1 == "Begin-Hard" || $1 == "empty-board" {
    r = $5 / $11; note = ($6 != 0 || $12 != 0) ? " (a process was capped: bound only)" : "";
    printf "  %s without book vs BitBully: %.2fx CPU (%.2fx wall): %s%s\n", $1, r, $4 / $10, (r <= 0.5 ? "met" : "NOT met"), note;
}' "$results"

echo
echo "Inside the processes (fourbot solve --stats, the driver's --stats; time spent in the solve calls only):"
for row in $(awk '{print $1}' "$results"); do
    for who in fourbot bitbully; do
        if [ -s "$tmp/$row.$who.err" ]; then
            echo "  $row $who: $(grep -h 'positions:' "$tmp/$row.$who.err" | tail -n 1 || true)"
        fi
    done
done

echo
echo "fourbot $("$fourbot" --version 2>/dev/null || echo '?') at $(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo '?'); Pons $pons; BitBully $("$python" -c 'import bitbully; print(bitbully.__version__)')"
if [ "$mismatches" -ne 0 ]; then
    echo "score mismatches: $mismatches" >&2
    exit 1
fi
