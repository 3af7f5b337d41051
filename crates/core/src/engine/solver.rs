//! The exact 7×6 solver: negamax with alpha-beta pruning, a transposition
//! table, threat-based move ordering and a null-window search for the exact
//! score, with an optional opening book.
//!
//! Techniques as published by L. V. Allis (thesis, 1988), J. Tromp
//! (Fhourstones) and P. Pons (blog "Solving Connect 4: how to build a perfect
//! AI"); this code is written from those descriptions.
//!
//! # Score convention (testdata/README.md)
//! Scores are for the side to move: winning with your k-th own disc scores
//! `22 − k`, losing to the opponent's k-th disc scores `−(22 − k)`, a draw 0.
//! The empty board scores +1.

use std::time::Instant;

use super::board::{column_mask, Board, BOTTOM, CELLS, WIDTH};
use super::book::Book;

/// The lowest possible score of a position that is not over: −18.
pub const MIN_SCORE: i32 = -(CELLS as i32) / 2 + 3;
/// The highest possible score of a position that is not over: +18.
pub const MAX_SCORE: i32 = (CELLS as i32 + 1) / 2 - 3;

/// Columns in the order they are tried: centre first.
const ORDER: [u32; 7] = [3, 2, 4, 1, 5, 0, 6];

/// log2 of the number of transposition table buckets: 2^19 buckets of two
/// entries, 16 bytes each, 8 MiB. Bigger tables hold more but every probe
/// is a likelier cache miss, and on the measuring machine the smaller table
/// won at every size of search: 8 MiB against 64 MiB took 0.70× the time on
/// Begin-Medium, 0.79× on Begin-Hard, 0.86× on the empty board (1.81 against
/// 1.43 billion nodes); 4 MiB tied on Begin-Medium (docs/benchmarks.md,
/// "Table size").
const BUCKET_BITS: u32 = 19;
// The bucket and the stored 32 bits must give back the whole key ([`hash`]).
const _: () = assert!(BUCKET_BITS + 32 >= KEY_BITS && BUCKET_BITS <= KEY_BITS);

/// Keys ([`Board::key`]) are below 2^49: 7 columns of 7 bits.
const KEY_BITS: u32 = 49;

/// The table's hash of a key: the key times an odd constant (the 64-bit
/// golden-ratio constant of Fibonacci hashing, Knuth TAOCP 6.4) modulo
/// 2^49, a bijection of 49-bit keys whose top bits depend on every key
/// bit. The top bits pick the bucket; the entry stores the low 32 bits, so
/// that with 2^17 or more buckets (17 + 32 ≥ 49) the entry and its bucket
/// give back the whole hash, hence the key: no two positions share an entry.
#[inline]
fn hash(key: u64) -> u64 {
    const MUL: u64 = 0x9E37_79B9_7F4A_7C15 & ((1 << KEY_BITS) - 1);
    key.wrapping_mul(MUL) & ((1 << KEY_BITS) - 1)
}

/// Enhanced transposition cutoffs (Plaat et al. 1996) are tried in positions
/// with fewer discs than this: before searching, the table entries of the
/// children are probed for an upper bound that already refutes the position.
/// Deeper, the subtrees are too small to pay for the probes.
const ETC_MAX_DISCS: i32 = 30;

/// The transposition table: buckets of two 8-byte entries in one cache line.
/// An entry holds the low 32 bits of the [`hash`] of its key (bits 0..32),
/// an upper and a lower bound of the score (bits 32..40 and 40..48, each +64, 0 = none),
/// the column that last refuted the position (bits 48..51, +1, 0 = none) and
/// the bit length of the node count of the last search below it (bits
/// 56..64, the "work"). Slot 0 keeps the entry of more work, slot 1 takes
/// the rest (two-level replacement, Breuker et al. 1994), so the costly
/// entries near the root survive the flood of cheap ones.
struct Table {
    /// The buckets start at `base` (aligned to 2 MiB, see [`Table::new`]).
    entries: Vec<[u64; 2]>,
    base: usize,
}

/// What the table knows about one position.
#[derive(Clone, Copy)]
struct Probe {
    upper: Option<i32>,
    lower: Option<i32>,
    best: Option<u32>,
}

#[inline]
fn matches(e: u64, h: u64) -> bool {
    e != 0 && e as u32 == h as u32
}

impl Table {
    /// A cleared table. On Linux the buckets are asked to live in 2 MiB
    /// pages (transparent huge pages, `madvise(MADV_HUGEPAGE)`): with 4 KiB
    /// pages nearly every probe also misses the TLB. Measured 4 % faster on
    /// Begin-Hard positions; where the kernel refuses, nothing changes.
    /// 2^[`BUCKET_BITS`] buckets.
    fn new() -> Table {
        let buckets = 1usize << BUCKET_BITS;
        const HUGE_PAGE: usize = 2 << 20;
        const BUCKET_BYTES: usize = std::mem::size_of::<[u64; 2]>();
        // Room to start the buckets at a 2 MiB boundary.
        let mut entries = vec![[0u64; 2]; buckets + HUGE_PAGE / BUCKET_BYTES];
        let addr = entries.as_ptr() as usize;
        let base = (addr.next_multiple_of(HUGE_PAGE) - addr) / BUCKET_BYTES;
        #[cfg(target_os = "linux")]
        {
            let start = entries[base..].as_mut_ptr() as *mut libc::c_void;
            let len = (buckets * BUCKET_BYTES) / HUGE_PAGE * HUGE_PAGE;
            // SAFETY: the range lies inside `entries` (it starts at bucket
            // `base` and is no longer than `buckets` buckets); MADV_HUGEPAGE
            // only changes how the kernel backs the pages, never their
            // contents. A failure (old kernel, THP off) is harmless.
            unsafe {
                libc::madvise(start, len, libc::MADV_HUGEPAGE);
            }
        }
        // Write every entry so that the pages are mapped now rather than one
        // page fault at a time during the search (vec![0; n] maps lazily).
        entries.fill([0, 0]);
        Table { entries, base }
    }

    fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = [0, 0]);
    }

    #[inline]
    fn index(&self, h: u64) -> usize {
        self.base + (h >> (KEY_BITS - BUCKET_BITS)) as usize
    }

    /// Asks the CPU to load the bucket of `key` into the cache (a hint; no
    /// effect on results). Probing the table is a cache miss almost every
    /// time; prefetching the children's buckets as soon as the moves are
    /// known lets the misses overlap.
    #[inline]
    fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let p = self.entries.as_ptr().wrapping_add(self.index(hash(key)));
            // SAFETY: a prefetch never faults and never changes memory; SSE
            // (which provides it) is part of every x86-64 CPU; `p` points
            // into the table.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p as *const i8) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    fn get(&self, key: u64) -> Probe {
        let h = hash(key);
        let b = &self.entries[self.index(h)];
        let e = if matches(b[0], h) {
            b[0]
        } else if matches(b[1], h) {
            b[1]
        } else {
            return Probe {
                upper: None,
                lower: None,
                best: None,
            };
        };
        let up = ((e >> 32) & 0xff) as i32;
        let lo = ((e >> 40) & 0xff) as i32;
        let best = ((e >> 48) & 0x7) as u32;
        Probe {
            upper: (up != 0).then_some(up - 64),
            lower: (lo != 0).then_some(lo - 64),
            best: best.checked_sub(1),
        }
    }

    #[inline(always)]
    fn put(
        &mut self,
        key: u64,
        upper: Option<i32>,
        lower: Option<i32>,
        best: Option<u32>,
        work: u64,
    ) {
        let h = hash(key);
        let i = self.index(h);
        let b = &mut self.entries[i];
        let w = (64 - work.leading_zeros()) as u64; // bit length, 0..=64
        let slot = if matches(b[0], h) {
            0
        } else if matches(b[1], h) {
            1
        } else {
            // Keep the costlier of the two in slot 0.
            if w >= b[0] >> 56 {
                b[1] = b[0];
                b[0] = 0;
                0
            } else {
                b[1] = 0;
                1
            }
        };
        let e = b[slot];
        let (mut up, mut lo, mut bm, mut ow) = (0u64, 0u64, 0u64, 0u64);
        if e != 0 {
            up = (e >> 32) & 0xff;
            lo = (e >> 40) & 0xff;
            bm = (e >> 48) & 0x7;
            ow = e >> 56;
        }
        if let Some(u) = upper {
            up = (u + 64) as u64;
        }
        if let Some(l) = lower {
            lo = (l + 64) as u64;
        }
        if let Some(bb) = best {
            bm = bb as u64 + 1;
        }
        let w = w.max(ow);
        b[slot] = (h & 0xffff_ffff) | (up << 32) | (lo << 40) | (bm << 48) | (w << 56);
        if slot == 1 && w > b[0] >> 56 {
            b.swap(0, 1);
        }
    }
}

/// The search stopped because its node or time budget ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the solver's budget ran out")]
pub struct OutOfBudget;

/// A reusable exact solver for 7×6 classic-rules positions. Holds a
/// transposition table (8 MiB, [`BUCKET_BITS`]) that stays valid between
/// positions (entries are keyed by the whole position), so solving many
/// positions with one `Solver` is faster than with fresh ones.
pub struct Solver {
    table: Table,
    book: Option<Book>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    aborted: bool,
    /// Whether the CPU runs [`Solver::negamax_x86_v3`] (AVX2 and the bit
    /// instructions of x86-64-v3; checked once at creation).
    simd: bool,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver without an opening book.
    pub fn new() -> Solver {
        Solver::with_table(Table::new(), None)
    }

    fn with_table(table: Table, book: Option<Book>) -> Solver {
        Solver {
            table,
            book,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            aborted: false,
            simd: cpu_has_x86_v3(),
        }
    }

    /// A solver that answers positions of the book's depth or fewer discs
    /// from `book`.
    pub fn with_book(book: Book) -> Solver {
        Solver::with_table(Table::new(), Some(book))
    }

    /// Nodes (negamax calls) searched since the last [`Solver::reset_nodes`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Sets the node counter to 0.
    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
    }

    /// Forgets every transposition table entry.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The exact score of `board` (see the module docs), or with `weak` only
    /// its sign (−1 loss, 0 draw, +1 win) — faster.
    ///
    /// The board must not contain a line of four; a full board scores 0.
    pub fn solve(&mut self, board: &Board, weak: bool) -> i32 {
        self.node_limit = u64::MAX;
        self.deadline = None;
        self.aborted = false;
        self.run(board, weak)
    }

    /// Runs `search` with a budget of about `max_nodes` nodes and
    /// `deadline`, then lifts the budget again: the `*_within` searches.
    ///
    /// # Errors
    /// [`OutOfBudget`] when the budget ran out first (what `search`
    /// returned then is not exact and is dropped).
    fn budgeted<T>(
        &mut self,
        max_nodes: u64,
        deadline: Option<Instant>,
        search: impl FnOnce(&mut Self) -> T,
    ) -> Result<T, OutOfBudget> {
        self.node_limit = self.nodes.saturating_add(max_nodes);
        self.deadline = deadline;
        self.aborted = false;
        let found = search(self);
        self.node_limit = u64::MAX;
        self.deadline = None;
        match self.aborted {
            true => Err(OutOfBudget),
            false => Ok(found),
        }
    }

    /// Like [`Solver::solve`], but gives up after about `max_nodes` nodes or
    /// at `deadline`.
    ///
    /// # Errors
    /// [`OutOfBudget`] when the budget ran out first.
    pub fn solve_within(
        &mut self,
        board: &Board,
        weak: bool,
        max_nodes: u64,
        deadline: Option<Instant>,
    ) -> Result<i32, OutOfBudget> {
        self.budgeted(max_nodes, deadline, |s| s.run(board, weak))
    }

    /// The exact score of playing each column (0-based) of `board`: `None`
    /// for a full column. A move that wins at once scores
    /// [`Board::win_now_score`]; other scores are the negated score of the
    /// position after the move. Searched as [`Solver::analyze_within`].
    pub fn analyze(&mut self, board: &Board) -> [Option<i32>; WIDTH as usize] {
        self.analyze_within(board, u64::MAX, None)
            .expect("no budget to run out")
    }

    /// [`Solver::analyze`] within about `max_nodes` nodes and `deadline`.
    ///
    /// Faster than solving each child on its own: the position's own score
    /// (from the book, else solved first) bounds every child
    /// (a move scores at most the position's score, so each child scores at
    /// least its negation), and each child's search starts with a
    /// null-window test at that bound, which settles the best moves in one
    /// test (an MTD(f)-style first guess, Plaat et al. 1996); a child of
    /// one disc more than the book gets the bound of all its book parents
    /// ([`Solver::solve`]). Children are searched best-ordered first
    /// (threats they create), so the table holds the main lines early.
    ///
    /// # Errors
    /// [`OutOfBudget`] when the budget ran out first.
    pub fn analyze_within(
        &mut self,
        board: &Board,
        max_nodes: u64,
        deadline: Option<Instant>,
    ) -> Result<[Option<i32>; WIDTH as usize], OutOfBudget> {
        self.budgeted(max_nodes, deadline, |s| s.analyze_run(board))
    }

    fn analyze_run(&mut self, board: &Board) -> [Option<i32>; WIDTH as usize] {
        let mut out = [None; WIDTH as usize];
        // The position's own score bounds every child: from the book, or
        // solved first (measured: fewer nodes in all than without it at 13
        // discs, docs/benchmarks.md; its proof also fills the table with
        // the lines the children need).
        let own = if board.can_win_next() {
            None
        } else {
            let s = self.run_from(board, false, None);
            if self.aborted {
                return out;
            }
            Some(s)
        };
        for c in self.ordered_columns(board) {
            if board.is_winning_move(c) {
                out[c as usize] = Some(board.win_now_score());
                continue;
            }
            let mut next = *board;
            next.play_column(c);
            out[c as usize] = Some(-self.run_from(&next, false, own.map(|s| -s)));
            if self.aborted {
                break;
            }
        }
        out
    }

    /// The playable columns of `board`, those creating the most threats
    /// first (centre first among equals).
    fn ordered_columns(&self, board: &Board) -> Vec<u32> {
        let mut cols: Vec<(u32, u32)> = ORDER
            .iter()
            .filter(|&&c| board.can_play(c))
            .map(|&c| {
                let bit = (board.mask() + (BOTTOM & column_mask(c))) & column_mask(c);
                (c, board.move_score(bit))
            })
            .collect();
        // Stable: centre first among equal scores.
        cols.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        cols.into_iter().map(|(c, _)| c).collect()
    }

    /// A best move of `board` (0-based column) and the exact score of
    /// `board`, within about `max_nodes` nodes and `deadline`: cheaper than
    /// [`Solver::analyze_within`], since only one move needs proving. The
    /// position is solved first (the book answers up to its depth); then
    /// the children (the table's move, then the most threatening) are
    /// tested with a null window against that score until one reaches it,
    /// in rounds of a growing node budget (see the code). Children in the
    /// book need no search.
    ///
    /// # Errors
    /// [`OutOfBudget`] when the budget ran out first.
    ///
    /// # Panics
    /// If the board is full (there is no move).
    pub fn best_move_within(
        &mut self,
        board: &Board,
        max_nodes: u64,
        deadline: Option<Instant>,
    ) -> Result<(u32, i32), OutOfBudget> {
        self.budgeted(max_nodes, deadline, |s| s.best_move_run(board))
    }

    fn best_move_run(&mut self, board: &Board) -> (u32, i32) {
        let cols = self.ordered_columns(board);
        assert!(!cols.is_empty(), "best move of a full board");
        if let Some(&c) = cols.iter().find(|&&c| board.is_winning_move(c)) {
            return (c, board.win_now_score());
        }
        let score = self.run_from(board, false, None);
        if self.aborted {
            return (cols[0], 0);
        }
        let safe = board.non_losing_moves();
        // The table's refuting move of the position is a best move when the
        // last search proved a lower bound there; try it first.
        let tt_best = self.table.get(board.key()).best;
        let mut left: Vec<u32> = Vec::new();
        for c in tt_best.into_iter().chain(cols.iter().copied()) {
            if board.can_play(c) && safe & column_mask(c) != 0 && !left.contains(&c) {
                left.push(c);
            }
        }
        // Each child needs one null-window test: does it score −score at
        // most (for its mover)? A test of a worse move can cost far more
        // than the test of a best one (measured in one 13-disc position:
        // 2.2 million nodes against 0.4–0.9 million), so the tests run in rounds
        // with a node budget growing fourfold a round; a test that runs out
        // is resumed next round, its finished subtrees kept in the table.
        let target = -score;
        let outer_limit = self.node_limit;
        let mut budget = 20_000u64;
        while !left.is_empty() {
            let mut i = 0;
            while i < left.len() {
                let c = left[i];
                let mut next = *board;
                next.play_column(c);
                let verdict = if let Some(s) = self.book_score(&next) {
                    Some(s <= target)
                } else if next.moves() >= CELLS {
                    Some(0 <= target)
                } else {
                    self.node_limit = outer_limit.min(self.nodes.saturating_add(budget));
                    let r = self.negamax(&next, target, target + 1);
                    self.node_limit = outer_limit;
                    if self.aborted {
                        let outer_ran_out = self.nodes >= outer_limit
                            || self.deadline.is_some_and(|d| Instant::now() >= d);
                        if outer_ran_out {
                            return (c, score);
                        }
                        self.aborted = false;
                        None
                    } else {
                        Some(r <= target)
                    }
                };
                match verdict {
                    Some(true) => return (c, score),
                    Some(false) => {
                        left.remove(i);
                    }
                    None => i += 1,
                }
            }
            budget = budget.saturating_mul(4);
        }
        // Every move loses at once (two threats of the opponent): any
        // playable column scores the same.
        (cols[0], score)
    }

    fn run(&mut self, board: &Board, weak: bool) -> i32 {
        self.run_from(board, weak, None)
    }

    /// The score of `board` (or its sign with `weak`), knowing that it is
    /// at least `lower` if given. A known lower bound (given, or from the
    /// book parents, [`Solver::book_lower_bound`]) is tested first with a
    /// null window: it is often the exact score (the bound of a best move),
    /// and then one test settles it.
    fn run_from(&mut self, board: &Board, weak: bool, lower: Option<i32>) -> i32 {
        if board.moves() >= CELLS {
            return 0;
        }
        if board.can_win_next() {
            let s = board.win_now_score();
            return if weak { s.signum() } else { s };
        }
        if let Some(s) = self.book_score(board) {
            return if weak { s.signum() } else { s };
        }
        let mut min = -((CELLS - board.moves()) as i32) / 2;
        let mut max = (CELLS as i32 + 1 - board.moves() as i32) / 2;
        let lower = match (lower, self.book_lower_bound(board)) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        let mut guess = None;
        if let Some(l) = lower {
            if l > min {
                min = l.min(max);
            }
            guess = Some(min);
        }
        // Null-window searches that narrow [min, max] to the exact score
        // (weak: until its sign is known; probing away from 0 first is
        // cheaper than a direct test against 0).
        while min < max {
            if weak {
                if min > 0 {
                    return 1;
                }
                if max < 0 {
                    return -1;
                }
                if min == 0 && max == 0 {
                    return 0;
                }
            }
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            if let Some(g) = guess.take() {
                if !weak {
                    med = g;
                }
            }
            let r = self.negamax(board, med, med + 1);
            if self.aborted {
                return 0;
            }
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        if weak {
            min.signum()
        } else {
            min
        }
    }

    /// A lower bound of the score of a position of one disc more than the
    /// book holds, from the book: taking the last mover's disc off the top
    /// of a column gives a position of the book where that move was
    /// playable, and a move scores at most its position's score, so
    /// `board` scores at least the negation of each such parent's score.
    /// The best of those bounds; `None` for other positions.
    fn book_lower_bound(&self, board: &Board) -> Option<i32> {
        let book = self.book.as_ref()?;
        if board.moves() != book.depth() + 1 {
            return None;
        }
        let last = board.current() ^ board.mask();
        let mut best: Option<i32> = None;
        for c in 0..WIDTH {
            let col = board.mask() & column_mask(c);
            if col == 0 {
                continue;
            }
            let top = 1u64 << (63 - col.leading_zeros());
            if last & top == 0 {
                continue;
            }
            let parent = Board::from_parts(last ^ top, board.mask() ^ top);
            let s = if parent.can_win_next() {
                parent.win_now_score()
            } else if let Some(s) = book.get(&parent) {
                s
            } else {
                continue;
            };
            best = Some(best.map_or(-s, |b| b.max(-s)));
        }
        best
    }

    #[inline]
    fn book_score(&self, board: &Board) -> Option<i32> {
        let book = self.book.as_ref()?;
        if board.moves() > book.depth() {
            return None;
        }
        book.get(board)
    }

    /// Negamax with alpha-beta in the window (`alpha`, `beta`): returns the
    /// exact score if it lies inside, an upper bound ≤ alpha or a lower
    /// bound ≥ beta otherwise. The side to move must not be able to win at
    /// once. Runs the x86-64-v3 build of the search where the CPU has it.
    #[inline]
    fn negamax(&mut self, board: &Board, alpha: i32, beta: i32) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if self.simd {
            // SAFETY: `simd` is true only if the CPU has every feature that
            // `negamax_x86_v3` is compiled for (cpu_has_x86_v3).
            return unsafe { self.negamax_x86_v3(board, alpha, beta) };
        }
        self.negamax_portable(board, alpha, beta)
    }

    /// [`Solver::negamax_body`] for any CPU.
    fn negamax_portable(&mut self, board: &Board, alpha: i32, beta: i32) -> i32 {
        self.negamax_body::<false>(board, alpha, beta)
    }

    /// [`Solver::negamax_body`] compiled for x86-64-v3 CPUs (AVX2, POPCNT,
    /// BMI, LZCNT; most x86 CPUs since 2013-2015): the moves are scored four
    /// at a time ([`move_scores_avx2`]) and bits are counted by one
    /// instruction. Measured on Begin-Medium positions in docs/benchmarks.md.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt,bmi1,bmi2,lzcnt")]
    fn negamax_x86_v3(&mut self, board: &Board, alpha: i32, beta: i32) -> i32 {
        self.negamax_body::<true>(board, alpha, beta)
    }

    /// The child search of [`Solver::negamax_body`]: stays in the build it
    /// was called from.
    #[inline(always)]
    fn child_negamax<const V3: bool>(&mut self, board: &Board, alpha: i32, beta: i32) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if V3 {
            // SAFETY: V3 is true only inside negamax_x86_v3, which runs only
            // on CPUs with its features.
            return unsafe { self.negamax_x86_v3(board, alpha, beta) };
        }
        self.negamax_portable(board, alpha, beta)
    }

    /// The search itself (see [`Solver::negamax`]); `V3`: compiled into
    /// [`Solver::negamax_x86_v3`].
    #[inline(always)]
    fn negamax_body<const V3: bool>(
        &mut self,
        board: &Board,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        debug_assert!(alpha < beta);
        debug_assert!(!board.can_win_next());
        self.nodes += 1;
        if self.nodes & 0xfff == 0 {
            self.check_budget();
        }
        if self.aborted {
            return 0;
        }
        let moves = board.moves() as i32;
        let next = board.non_losing_moves();
        if next == 0 {
            // Every move loses: the opponent wins with their next disc.
            return -(CELLS as i32 - moves) / 2;
        }
        if moves >= CELLS as i32 - 2 {
            return 0; // the last two discs cannot make a line here
        }
        // The opponent cannot win with their next disc (we block), so the
        // score is at least this.
        let min = -(CELLS as i32 - 2 - moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // We cannot win with this disc, so at most this.
        let max = (CELLS as i32 - 1 - moves) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let start_nodes = self.nodes;
        let key = board.key();
        let probe = self.table.get(key);
        if let Some(u) = probe.upper {
            if beta > u {
                beta = u;
                if alpha >= beta {
                    return beta;
                }
            }
        }
        if let Some(l) = probe.lower {
            if alpha < l {
                alpha = l;
                if alpha >= beta {
                    return alpha;
                }
            }
        }
        if let Some(s) = self.book_score(board) {
            return s;
        }
        // Fetch the children's buckets into the cache now that the position
        // needs a search (not before its bounds and entry above settled it:
        // measured 3–5 % faster): the misses overlap with each other and
        // with the scoring of the moves.
        let child_current = board.current() ^ board.mask();
        let mut pending = next;
        while pending != 0 {
            let bit = pending & pending.wrapping_neg();
            pending &= pending - 1;
            self.table
                .prefetch(child_current + (board.mask() | bit) + BOTTOM);
        }
        // The table's refuting column first, searched before the others are
        // even scored: it refutes again more often than not, and then the
        // scoring and the transposition cutoffs below are saved. (Its search
        // repeats the body of the loop over the other moves below: the two
        // through one shared function measured 3 % slower on Begin-Medium.)
        let mut rest = next;
        if let Some(b) = probe.best {
            let bit = next & column_mask(b);
            if bit != 0 {
                rest &= !bit;
                let mut child = *board;
                child.play_bit(bit);
                let score = -self.child_negamax::<V3>(&child, -beta, -alpha);
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    let work = self.nodes - start_nodes;
                    self.table.put(key, None, Some(score), Some(b), work);
                    return score;
                }
                alpha = alpha.max(score);
            }
        }
        // The other moves by the number of threats they create, centre
        // first among equals (insertion sort, stable).
        let mut bits = [0u64; 7];
        let mut cols = [0u32; 7];
        let mut n = 0;
        for c in ORDER {
            let bit = rest & column_mask(c);
            if bit != 0 {
                bits[n] = bit;
                cols[n] = c;
                n += 1;
            }
        }
        let scores = move_scores::<V3>(board, &bits);
        let mut order = [0usize; 7];
        for i in 0..n {
            let mut j = i;
            while j > 0 && scores[order[j - 1]] < scores[i] {
                order[j] = order[j - 1];
                j -= 1;
            }
            order[j] = i;
        }
        let bits: [u64; 7] = std::array::from_fn(|i| bits[order[i]]);
        let cols: [u32; 7] = std::array::from_fn(|i| cols[order[i]]);
        if moves < ETC_MAX_DISCS {
            // Enhanced transposition cutoff: a child whose upper bound is
            // low enough refutes this position without a search.
            for &bit in &bits[..n] {
                let child_key = child_current + (board.mask() | bit) + BOTTOM;
                if let Some(u) = self.table.get(child_key).upper {
                    if -u >= beta {
                        return -u;
                    }
                }
            }
        }
        for (i, &bit) in bits[..n].iter().enumerate() {
            let mut child = *board;
            child.play_bit(bit);
            let score = -self.child_negamax::<V3>(&child, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                self.table.put(
                    key,
                    None,
                    Some(score),
                    Some(cols[i]),
                    self.nodes - start_nodes,
                );
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.table
            .put(key, Some(alpha), None, None, self.nodes - start_nodes);
        alpha
    }

    #[cold]
    fn check_budget(&mut self) {
        if self.nodes >= self.node_limit {
            self.aborted = true;
        }
        if let Some(d) = self.deadline {
            if Instant::now() >= d {
                self.aborted = true;
            }
        }
    }
}

/// Whether this CPU runs [`Solver::negamax_x86_v3`].
fn cpu_has_x86_v3() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// [`Board::move_score`] of each of `bits` (moves of `board`; 0 = no move,
/// its score is meaningless): the `V3` build scores four at a time.
#[inline(always)]
fn move_scores<const V3: bool>(board: &Board, bits: &[u64; 7]) -> [u32; 7] {
    #[cfg(target_arch = "x86_64")]
    if V3 {
        // SAFETY: V3 is true only inside Solver::negamax_x86_v3, which runs
        // only on CPUs with AVX2 and POPCNT.
        return unsafe { move_scores_avx2(board, bits) };
    }
    std::array::from_fn(|i| board.move_score(bits[i]))
}

/// [`move_scores`] with AVX2: [`super::board::winning_cells`] of four
/// candidate positions in the four 64-bit lanes of a 256-bit register,
/// twice. Same shifts as the scalar function (bit layout in board.rs).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
#[inline]
fn move_scores_avx2(board: &Board, bits: &[u64; 7]) -> [u32; 7] {
    use super::board::BOARD;
    use std::arch::x86_64::*;
    let cur = board.current() as i64;
    let empty = _mm256_set1_epi64x((BOARD ^ board.mask()) as i64);
    let mut out = [0u32; 7];
    for half in 0..2 {
        let b = |i: usize| bits.get(half * 4 + i).copied().unwrap_or(0) as i64;
        let x = _mm256_set_epi64x(cur | b(3), cur | b(2), cur | b(1), cur | b(0));
        let and = |a, b| _mm256_and_si256(a, b);
        let or = |a, b| _mm256_or_si256(a, b);
        // Vertical: three stacked, the cell above.
        let mut r = and(
            and(_mm256_slli_epi64::<1>(x), _mm256_slli_epi64::<2>(x)),
            _mm256_slli_epi64::<3>(x),
        );
        macro_rules! direction {
            ($d:literal, $d2:literal, $d3:literal) => {{
                let p = and(_mm256_slli_epi64::<$d>(x), _mm256_slli_epi64::<$d2>(x));
                r = or(r, and(p, _mm256_slli_epi64::<$d3>(x)));
                r = or(r, and(p, _mm256_srli_epi64::<$d>(x)));
                let p = and(_mm256_srli_epi64::<$d>(x), _mm256_srli_epi64::<$d2>(x));
                r = or(r, and(p, _mm256_srli_epi64::<$d3>(x)));
                r = or(r, and(p, _mm256_slli_epi64::<$d>(x)));
            }};
        }
        direction!(7, 14, 21); // horizontal
        direction!(6, 12, 18); // diagonal, down to the right
        direction!(8, 16, 24); // diagonal, up to the right
        let mut lanes = [0u64; 4];
        // SAFETY: `lanes` is 32 bytes; storeu has no alignment requirement.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, and(r, empty)) };
        for (i, l) in lanes.iter().enumerate() {
            if let Some(o) = out.get_mut(half * 4 + i) {
                *o = l.count_ones();
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(moves: &str) -> i32 {
        Solver::new().solve(&Board::from_moves(moves).unwrap(), false)
    }

    #[test]
    fn a_win_at_once_scores_by_disc_count() {
        // Red has three on column 1 and wins with its 4th disc: 22 − 4.
        assert_eq!(score("141414"), 18);
    }

    #[test]
    fn known_benchmark_positions_score_as_published() {
        // First lines of Test_L3_R1 and Test_L2_R1 (testdata/README.md).
        assert_eq!(score("2252576253462244111563365343671351441"), -1);
        assert_eq!(score("7422341735647741166133573473242566"), 1);
        assert_eq!(score("5554224333234511764415115"), 4);
    }

    #[test]
    fn weak_solve_gives_the_sign() {
        let b = Board::from_moves("2252576253462244111563365343671351441").unwrap();
        assert_eq!(Solver::new().solve(&b, true), -1);
    }

    #[test]
    fn a_bucket_keeps_the_costlier_entry() {
        let mut t = Table::new();
        // Three keys of one bucket: hashes with the same top bits.
        let bucket = 12_345u64 << (KEY_BITS - BUCKET_BITS);
        let [k, k2, k3] = [1, 2, 3].map(|low| unhash(bucket | low));
        assert!([k, k2, k3].iter().all(|&k| k < 1 << KEY_BITS));
        t.put(k, Some(3), None, None, 1_000_000);
        t.put(k2, Some(2), None, None, 10);
        assert_eq!(t.get(k2).upper, Some(2));
        t.put(k3, None, Some(-1), Some(4), 20);
        assert_eq!(t.get(k).upper, Some(3), "the costly entry survives");
        assert_eq!(t.get(k2).upper, None, "the cheap one is replaced");
        let p = t.get(k3);
        assert_eq!((p.upper, p.lower, p.best), (None, Some(-1), Some(4)));
        // Updating an entry keeps its other bound.
        t.put(k3, Some(5), None, None, 20);
        let p = t.get(k3);
        assert_eq!((p.upper, p.lower, p.best), (Some(5), Some(-1), Some(4)));
    }

    /// The key of a [`hash`]: times the multiplier's inverse modulo 2^64
    /// (Newton's iteration doubles the correct low bits each step: 1 → 64).
    fn unhash(h: u64) -> u64 {
        let mul = hash(1);
        let mut inv = 1u64;
        for _ in 0..6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(mul.wrapping_mul(inv)));
        }
        h.wrapping_mul(inv) & ((1 << KEY_BITS) - 1)
    }

    #[test]
    fn the_x86_v3_build_scores_moves_and_searches_as_the_portable_one() {
        if !cpu_has_x86_v3() {
            eprintln!("skipped: this CPU has no AVX2 (only the portable build runs here)");
            return;
        }
        let mut threats = 0;
        for b in [10, 20, 30]
            .iter()
            .flat_map(|&d| random_positions(d, 20, d as u64))
        {
            let bits: [u64; 7] = std::array::from_fn(|c| b.possible() & column_mask(c as u32));
            let scalar = move_scores::<false>(&b, &bits);
            let v3 = move_scores::<true>(&b, &bits);
            assert_eq!(scalar, v3, "{b:?}");
            threats += scalar.iter().filter(|&&s| s > 0).count();
        }
        assert!(
            threats > 20,
            "the positions should have moves that make threats"
        );
        // The same tree, node for node.
        let mut plain = Solver::new();
        plain.simd = false;
        let mut v3 = Solver::new();
        assert!(v3.simd);
        for b in random_positions(20, 10, 99) {
            assert_eq!(plain.solve(&b, false), v3.solve(&b, false), "{b:?}");
        }
        assert_eq!(plain.nodes(), v3.nodes());
        assert!(plain.nodes() > 1000);
    }

    #[test]
    fn the_hash_is_a_bijection_of_keys_so_entries_never_mix_positions() {
        // Every key comes back from its hash: (bucket, stored low 32 bits)
        // then determine the key, since 19 + 32 ≥ 49.
        let mut seed = 7u64;
        for _ in 0..10_000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let key = seed >> (64 - KEY_BITS);
            assert_eq!(unhash(hash(key)), key);
        }
        let b = Board::from_moves("4453").unwrap();
        assert_eq!(unhash(hash(b.key())), b.key());
    }

    /// Positions of `discs` discs reached by seeded random play (a 64-bit
    /// LCG, Knuth's MMIX constants), skipping games that end first and
    /// positions where the side to move wins at once.
    fn random_positions(discs: u32, count: usize, mut seed: u64) -> Vec<Board> {
        let mut out = Vec::new();
        while out.len() < count {
            let mut b = Board::new();
            let mut ok = true;
            while b.moves() < discs {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let cols: Vec<u32> = (0..WIDTH).filter(|&c| b.can_play(c)).collect();
                let c = cols[(seed >> 33) as usize % cols.len()];
                if b.is_winning_move(c) {
                    ok = false;
                    break;
                }
                b.play_column(c);
            }
            if ok && !b.can_win_next() {
                out.push(b);
            }
        }
        out
    }

    #[test]
    fn analysis_with_the_book_agrees_with_the_solver_without_it() {
        // 12 discs: the position's book score bounds its children; 13: the
        // book parents bound the position; 14: no book at all. The reference
        // solves every child from scratch without a book.
        let mut booked = Solver::with_book(Book::shipped());
        let mut plain = Solver::new();
        for discs in [12, 13, 14] {
            for b in random_positions(discs, 4, discs as u64) {
                let expected: Vec<Option<i32>> = (0..WIDTH)
                    .map(|c| {
                        if !b.can_play(c) {
                            None
                        } else if b.is_winning_move(c) {
                            Some(b.win_now_score())
                        } else {
                            let mut n = b;
                            n.play_column(c);
                            Some(-plain.solve(&n, false))
                        }
                    })
                    .collect();
                assert_eq!(booked.analyze(&b).to_vec(), expected, "{b:?}");
                let (c, score) = booked.best_move_within(&b, u64::MAX, None).unwrap();
                let best = expected.iter().flatten().max().copied();
                assert_eq!(Some(score), best, "{b:?}");
                assert_eq!(expected[c as usize], best, "{b:?}: column {c}");
                assert_eq!(booked.solve(&b, false), score, "{b:?}");
            }
        }
    }

    #[test]
    fn the_book_parents_bound_a_position_of_one_disc_more() {
        let booked = Solver::with_book(Book::shipped());
        let mut plain = Solver::new();
        for b in random_positions(13, 3, 7) {
            let lower = booked
                .book_lower_bound(&b)
                .expect("13 discs have book parents");
            assert!(plain.solve(&b, false) >= lower, "{b:?}");
        }
        assert_eq!(
            booked.book_lower_bound(&Board::from_moves("4444").unwrap()),
            None
        );
    }

    #[test]
    fn the_best_move_of_a_book_position_needs_no_search() {
        let mut booked = Solver::with_book(Book::shipped());
        for b in random_positions(10, 5, 3) {
            booked.reset_nodes();
            let (c, score) = booked.best_move_within(&b, u64::MAX, None).unwrap();
            assert_eq!(booked.nodes(), 0);
            let scores = booked.analyze(&b);
            assert_eq!(scores[c as usize], Some(score));
            assert_eq!(scores.iter().flatten().max(), Some(&score));
        }
    }

    #[test]
    fn the_best_move_of_a_position_past_the_book_is_its_only_best_one() {
        // 13 discs (a random-opening game of the level-5 benchmark): only
        // d scores +1 (`fourbot analyze` of main: d 1, e 0, g 0, c −1, …).
        let b = Board::from_moves("2131454445563").unwrap();
        let mut booked = Solver::with_book(Book::shipped());
        assert_eq!(booked.best_move_within(&b, u64::MAX, None), Ok((3, 1)));
        assert_eq!(booked.analyze(&b)[3..5], [Some(1), Some(0)]);
    }

    #[test]
    fn a_budget_can_run_out() {
        let mut s = Solver::new();
        assert_eq!(
            s.solve_within(&Board::new(), false, 10_000, None),
            Err(OutOfBudget)
        );
    }
}
