//! The rules of Curling 2.0, in one place.
//!
//! A [`Board`] is the immutable starting layout; a [`State`] is where the
//! stone rests and which blocks are broken. [`throw`] is the whole game:
//! everything that moves the stone (the solver, the plan checker, replay)
//! goes through it.
//!
//! Broken blocks are kept as a sorted list of block numbers rather than a
//! copy of the board: each throw but the last breaks exactly one block, so
//! within the judge's 10 throws a state holds at most 9 numbers, and states
//! that reach the same place by different orders compare equal, which is
//! what lets the solver merge transpositions.

use std::fmt;

use gridpuzzle_engine::{Dir, Grid, Pos};
use smallvec::SmallVec;

/// One square of the board, as the input codes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// `0`
    Ice,
    /// `1`
    Block,
    /// `2`; ordinary ice once the stone has left it.
    Start,
    /// `3`
    Goal,
}

impl Cell {
    pub fn from_code(code: u64) -> Option<Cell> {
        Some(match code {
            0 => Cell::Ice,
            1 => Cell::Block,
            2 => Cell::Start,
            3 => Cell::Goal,
            _ => return None,
        })
    }

    pub fn code(self) -> u8 {
        match self {
            Cell::Ice => 0,
            Cell::Block => 1,
            Cell::Start => 2,
            Cell::Goal => 3,
        }
    }
}

/// Why a board cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("the board has no start (code 2)")]
    NoStart,
    #[error("the board has no goal (code 3)")]
    NoGoal,
    #[error("the board has a second start at {second} (the first is at {first})")]
    TwoStarts { first: Pos, second: Pos },
    #[error("the board has a second goal at {second} (the first is at {first})")]
    TwoGoals { first: Pos, second: Pos },
}

/// Marks a cell without a block in [`Board::block_id`].
const NO_BLOCK: u32 = u32::MAX;

/// A validated starting board: exactly one start and one goal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    grid: Grid<Cell>,
    start: Pos,
    goal: Pos,
    /// Per cell: the block's number, or [`NO_BLOCK`].
    block_id: Vec<u32>,
    /// Block number → position.
    blocks: Vec<Pos>,
    /// Per cell and direction (`U D L R`): how many cells ahead lies the
    /// first starting block or the goal, or [`NOTHING_AHEAD`]. A throw jumps
    /// from one such cell to the next instead of walking every cell.
    ahead: Vec<[u32; 4]>,
}

/// In [`Board`]'s jump table: neither a block nor the goal lies ahead.
const NOTHING_AHEAD: u32 = u32::MAX;

impl Board {
    /// Checks the start and goal and numbers the blocks in row-major order.
    ///
    /// Every parsed board goes through here, so it is one pass over the
    /// cells with the place counted along (no division a cell), then the
    /// jump table.
    pub fn new(grid: Grid<Cell>) -> Result<Board, BoardError> {
        let mut start = None;
        let mut goal = None;
        let mut block_id = Vec::with_capacity(grid.len());
        let mut blocks = Vec::new();
        let (w, h) = (grid.width(), grid.height());
        let mut cells = grid.cells().iter();
        for row in 0..h {
            for col in 0..w {
                let Some(&cell) = cells.next() else { break };
                let mut id = NO_BLOCK;
                match cell {
                    Cell::Ice => {}
                    Cell::Block => {
                        id = blocks.len() as u32;
                        blocks.push(Pos::new(row, col));
                    }
                    Cell::Start => {
                        let p = Pos::new(row, col);
                        if let Some(first) = start {
                            return Err(BoardError::TwoStarts { first, second: p });
                        }
                        start = Some(p);
                    }
                    Cell::Goal => {
                        let p = Pos::new(row, col);
                        if let Some(first) = goal {
                            return Err(BoardError::TwoGoals { first, second: p });
                        }
                        goal = Some(p);
                    }
                }
                block_id.push(id);
            }
        }
        let start = start.ok_or(BoardError::NoStart)?;
        let goal = goal.ok_or(BoardError::NoGoal)?;
        let ahead = jump_table(&grid);
        Ok(Board {
            ahead,
            start,
            goal,
            grid,
            block_id,
            blocks,
        })
    }

    pub fn width(&self) -> u32 {
        self.grid.width()
    }

    pub fn height(&self) -> u32 {
        self.grid.height()
    }

    pub fn grid(&self) -> &Grid<Cell> {
        &self.grid
    }

    pub fn start(&self) -> Pos {
        self.start
    }

    pub fn goal(&self) -> Pos {
        self.goal
    }

    /// Positions of the starting blocks, indexed by block number.
    pub fn blocks(&self) -> &[Pos] {
        &self.blocks
    }

    /// The number of the starting block at `p`, if there is one.
    pub fn block_id(&self, p: Pos) -> Option<u32> {
        let id = self.block_id[self.grid.index(p)];
        (id != NO_BLOCK).then_some(id)
    }

    /// Is there a starting block at row-major index `i`?
    pub fn block_at(&self, i: usize) -> bool {
        self.block_id[i] != NO_BLOCK
    }

    /// The block number at row-major index `i`, or `u32::MAX` where there
    /// is no starting block.
    #[inline]
    pub fn block_number(&self, i: usize) -> u32 {
        self.block_id[i]
    }

    /// How many cells toward direction `d` (`U D L R` as
    /// [`Dir::index`]) from row-major index `i` lie the first starting block
    /// or the goal; 0 when neither does before the edge. The jump table the
    /// throws use, for the solver's bounds.
    #[inline]
    pub fn ahead(&self, i: usize, d: usize) -> u32 {
        match self.ahead[i][d] {
            NOTHING_AHEAD => 0,
            k => k,
        }
    }

    /// The state before the first throw.
    pub fn initial(&self) -> State {
        State {
            stone: self.start,
            broken: Broken::default(),
        }
    }

    /// Is there a standing block at `p` in `state`?
    pub fn is_block(&self, state: &State, p: Pos) -> bool {
        self.block_id(p)
            .is_some_and(|id| !state.broken.contains(id))
    }
}

/// The set of broken blocks: sorted block numbers, stored inline up to
/// [`INLINE_BROKEN`] of them (so a judge-size state clones without
/// allocating).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Broken(SmallVec<[u32; INLINE_BROKEN]>);

/// Broken blocks kept without a heap allocation: the judge's 10 throws
/// break at most 9.
pub const INLINE_BROKEN: usize = 10;

/// Up to this many broken blocks, [`Broken::contains`] scans them; beyond,
/// it searches the sorted list.
const SCANNED: usize = 32;

impl Broken {
    #[inline]
    pub fn contains(&self, id: u32) -> bool {
        // Small in a search (one per throw): a linear scan beats a binary
        // search there. A replayed plan of thousands of throws (`render`,
        // `play`, `verify` without a cap) breaks one block a throw, and each
        // cell a stone slides over is checked, so a scan there made replay
        // cubic (a still of 9,999 throws took minutes).
        if self.0.len() <= SCANNED {
            self.0.contains(&id)
        } else {
            self.0.binary_search(&id).is_ok()
        }
    }

    pub fn insert(&mut self, id: u32) {
        // The usual case, a block numbered after every broken one, is a
        // push (blocks are numbered in reading order).
        if self.0.last().is_none_or(|&last| last < id) {
            self.0.push(id);
        } else if let Err(at) = self.0.binary_search(&id) {
            self.0.insert(at, id);
        }
    }

    pub fn remove(&mut self, id: u32) {
        if let Ok(at) = self.0.binary_search(&id) {
            self.0.remove(at);
        }
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn ids(&self) -> &[u32] {
        &self.0
    }
}

/// Where the stone rests and which blocks are gone.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    pub stone: Pos,
    pub broken: Broken,
}

/// A legal throw's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Throw {
    /// The stone stopped at `at`, in front of the block at `broke`, which
    /// is now gone. `cells` is how far it slid: at least 1 under the
    /// judge's rules, 0 for a throw into an adjacent block under
    /// [`Adjacent::Breaks`].
    Rest { at: Pos, broke: Pos, cells: u32 },
    /// The stone entered the goal and stopped there: the game is won.
    Goal { at: Pos, cells: u32 },
}

impl Throw {
    /// Where the stone is after the throw.
    pub fn stone(&self) -> Pos {
        match *self {
            Throw::Rest { at, .. } | Throw::Goal { at, .. } => at,
        }
    }
}

/// A throw that the rules refuse, or one that loses the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Foul {
    /// The next cell holds a block: such a throw is not allowed.
    #[error("blocked immediately by the block at {block}")]
    Blocked { block: Pos },
    /// The stone slides off the board: the game is lost.
    #[error("the stone slides {dir} off the board from {from}")]
    OffBoard { from: Pos, dir: &'static str },
    /// The stone is already on the goal; the game is over.
    #[error("the game is already won")]
    AfterGoal,
}

/// Throws the stone of `state` toward `dir` under the rules.
///
/// The stone slides cell by cell; the goal stops it (win), a standing block
/// stops it and breaks, leaving the board loses. A throw whose very first
/// cell holds a block is refused: the stone would not move.
pub fn throw(board: &Board, state: &State, dir: Dir) -> Result<Throw, Foul> {
    throw_from(board, state.stone, |id| state.broken.contains(id), dir)
}

/// [`throw`] for a caller that keeps the broken blocks its own way (the
/// solver keeps a flag per block): `broken(id)` tells whether block `id`
/// is gone. This is the one definition of a throw.
#[inline]
pub fn throw_from(
    board: &Board,
    stone: Pos,
    broken: impl Fn(u32) -> bool,
    dir: Dir,
) -> Result<Throw, Foul> {
    if stone == board.goal {
        return Err(Foul::AfterGoal);
    }
    let grid = &board.grid;
    let w = grid.width() as i64;
    let (dr, dc) = dir.delta();
    let stride = dr * w + dc;
    let from = stone;
    // Positions are rebuilt from the start and the distance slid, not from
    // indices (which would cost a division per throw).
    let at = |k: u32| {
        Pos::new(
            (from.row as i64 + dr * k as i64) as u32,
            (from.col as i64 + dc * k as i64) as u32,
        )
    };
    let mut i = grid.index(from);
    let mut slid = 0u32; // cells passed so far
    loop {
        let k = board.ahead[i][dir.index()];
        if k == NOTHING_AHEAD {
            return Err(Foul::OffBoard {
                from,
                dir: dir.word(),
            });
        }
        i = (i as i64 + stride * k as i64) as usize;
        if i == grid.index(board.goal) {
            return Ok(Throw::Goal {
                at: board.goal,
                cells: slid + k,
            });
        }
        let id = board.block_id[i];
        if id != NO_BLOCK && !broken(id) {
            let cells = slid + k - 1;
            if cells == 0 {
                return Err(Foul::Blocked { block: at(1) });
            }
            return Ok(Throw::Rest {
                at: at(cells),
                broke: at(cells + 1),
                cells,
            });
        }
        // A broken block: ice now, slide on.
        slid += k;
    }
}

/// What a throw toward a block right next to the stone does.
///
/// The judge refuses it ([`Foul::Blocked`]: the stone would not move).
/// A common wrong reading plays it anyway — the stone stays, the block
/// breaks, a throw is spent — and the judge kit names that mistake by
/// solving under [`Adjacent::Breaks`]. Kept apart from [`throw_from`] so
/// the judge's throw stays one tight loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Adjacent {
    /// The judge's rule: the throw is not allowed.
    #[default]
    Refused,
    /// The throw breaks the adjacent block without moving the stone.
    Breaks,
}

impl Adjacent {
    /// The setting's values, judge's first.
    pub const CHOICES: &'static [&'static str] = &["refuse", "break"];
}

impl fmt::Display for Adjacent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Adjacent::Refused => "refuse",
            Adjacent::Breaks => "break",
        })
    }
}

impl std::str::FromStr for Adjacent {
    type Err = String;
    fn from_str(s: &str) -> Result<Adjacent, String> {
        match s {
            "refuse" => Ok(Adjacent::Refused),
            "break" => Ok(Adjacent::Breaks),
            _ => Err(format!("expected `refuse` or `break`, found `{s}`")),
        }
    }
}

/// [`throw`] under the adjacent-block rule `adjacent`: under
/// [`Adjacent::Breaks`] a throw into an adjacent block is
/// [`Throw::Rest`] with `cells: 0`, the stone where it was.
pub fn throw_under(
    board: &Board,
    state: &State,
    dir: Dir,
    adjacent: Adjacent,
) -> Result<Throw, Foul> {
    match throw(board, state, dir) {
        Err(Foul::Blocked { block }) if adjacent == Adjacent::Breaks => Ok(Throw::Rest {
            at: state.stone,
            broke: block,
            cells: 0,
        }),
        other => other,
    }
}

/// For every cell and direction, the distance to the first starting block
/// or the goal ahead ([`NOTHING_AHEAD`] if none before the edge).
///
/// Every parsed board builds one, so it is two passes that only count the
/// cells since the last such cell: from the top left for up and left (a
/// count per column and one for the row), from the bottom right for down
/// and right. No cell reads another's entry, and a count that never met a
/// block stays at [`NOTHING_AHEAD`] (`u32::MAX`, which a saturating step
/// keeps).
fn jump_table(grid: &Grid<Cell>) -> Vec<[u32; 4]> {
    let w = grid.width() as usize;
    let cells = grid.cells();
    if w == 0 {
        return Vec::new();
    }
    let (up, down, left, right) = (
        Dir::Up.index(),
        Dir::Down.index(),
        Dir::Left.index(),
        Dir::Right.index(),
    );
    // The next count: 1 right after a stopping cell, one more otherwise.
    let step = |count: u32, cell: Cell| {
        if matches!(cell, Cell::Block | Cell::Goal) {
            1
        } else {
            count.saturating_add(1)
        }
    };
    let mut ahead = vec![[NOTHING_AHEAD; 4]; cells.len()];
    let mut column = vec![NOTHING_AHEAD; w];
    for (row, out) in cells.chunks_exact(w).zip(ahead.chunks_exact_mut(w)) {
        let mut last = NOTHING_AHEAD;
        for ((&cell, entry), seen) in row.iter().zip(out).zip(&mut column) {
            entry[up] = *seen;
            entry[left] = last;
            *seen = step(*seen, cell);
            last = step(last, cell);
        }
    }
    column.fill(NOTHING_AHEAD);
    let rows = cells.chunks_exact(w).zip(ahead.chunks_exact_mut(w));
    for (row, out) in rows.rev() {
        let mut last = NOTHING_AHEAD;
        for ((&cell, entry), seen) in row.iter().zip(out).zip(&mut column).rev() {
            entry[down] = *seen;
            entry[right] = last;
            *seen = step(*seen, cell);
            last = step(last, cell);
        }
    }
    ahead
}

/// The state after a legal throw.
pub fn apply(board: &Board, state: &State, result: &Throw) -> State {
    let mut next = state.clone();
    apply_in_place(board, &mut next, result);
    next
}

/// [`apply`] on `state` itself: a long replay then costs each throw its
/// own work, not a copy of the broken blocks so far.
pub fn apply_in_place(board: &Board, state: &mut State, result: &Throw) {
    state.stone = result.stone();
    if let Throw::Rest { broke, .. } = *result {
        let id = board
            .block_id(broke)
            .expect("a throw breaks a starting block");
        state.broken.insert(id);
    }
}

/// A plan that could not be played to the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplayError {
    /// 0-based index of the refused move.
    pub index: usize,
    pub dir: Dir,
    pub foul: Foul,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({}): {}", self.index + 1, self.dir, self.foul)
    }
}

/// Plays `plan` from the start; returns every throw's result in order.
/// Whether the last one reached the goal is the caller's to check.
pub fn replay(board: &Board, plan: &[Dir]) -> Result<(Vec<Throw>, State), ReplayError> {
    replay_under(board, plan, Adjacent::Refused)
}

/// [`replay`] under the adjacent-block rule `adjacent`.
pub fn replay_under(
    board: &Board,
    plan: &[Dir],
    adjacent: Adjacent,
) -> Result<(Vec<Throw>, State), ReplayError> {
    let mut throws = Vec::with_capacity(plan.len());
    let state = replay_each(board, plan, adjacent, |t| throws.push(t))?;
    Ok((throws, state))
}

/// The position after `plan` under `adjacent` (the throws are not kept).
pub fn replay_in_place(
    board: &Board,
    plan: &[Dir],
    adjacent: Adjacent,
) -> Result<State, ReplayError> {
    replay_each(board, plan, adjacent, |_| {})
}

/// Replays `plan` on one position moved in place, in time linear in the
/// plan (a copy of the broken blocks per throw made it quadratic), handing
/// each throw to `each`.
fn replay_each(
    board: &Board,
    plan: &[Dir],
    adjacent: Adjacent,
    mut each: impl FnMut(Throw),
) -> Result<State, ReplayError> {
    let mut state = board.initial();
    for (index, &dir) in plan.iter().enumerate() {
        let t = throw_under(board, &state, dir, adjacent).map_err(|foul| ReplayError {
            index,
            dir,
            foul,
        })?;
        apply_in_place(board, &mut state, &t);
        each(t);
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past the scanned size, `contains` searches: it must agree with the
    /// set, whatever order the blocks broke in.
    #[test]
    fn a_large_broken_set_answers_like_a_small_one() {
        let mut b = Broken::default();
        let mut ids: Vec<u32> = (0..200).map(|i| (i * 37) % 211).collect();
        for (k, &id) in ids.iter().enumerate() {
            b.insert(id);
            b.insert(id);
            assert_eq!(b.len(), k + 1);
        }
        ids.sort_unstable();
        assert_eq!(b.ids(), &ids[..]);
        for id in 0..220 {
            assert_eq!(b.contains(id), ids.binary_search(&id).is_ok(), "{id}");
        }
        b.remove(ids[5]);
        assert!(!b.contains(ids[5]) && b.contains(ids[6]));
    }

    fn board(w: u32, h: u32, codes: &[u8]) -> Board {
        let cells = codes
            .iter()
            .map(|&c| Cell::from_code(c as u64).unwrap())
            .collect();
        Board::new(Grid::from_cells(w, h, cells).unwrap()).unwrap()
    }

    #[test]
    fn a_block_stops_the_stone_and_breaks() {
        // 2 0 0 1 3
        let b = board(5, 1, &[2, 0, 0, 1, 3]);
        let s = b.initial();
        let t = throw(&b, &s, Dir::Right).unwrap();
        assert_eq!(
            t,
            Throw::Rest {
                at: Pos::new(0, 2),
                broke: Pos::new(0, 3),
                cells: 2
            }
        );
        let s = apply(&b, &s, &t);
        assert!(!b.is_block(&s, Pos::new(0, 3)));
        assert_eq!(
            throw(&b, &s, Dir::Right).unwrap(),
            Throw::Goal {
                at: Pos::new(0, 4),
                cells: 2
            }
        );
    }

    #[test]
    fn a_throw_into_an_adjacent_block_is_refused() {
        let b = board(3, 1, &[2, 1, 3]);
        assert_eq!(
            throw(&b, &b.initial(), Dir::Right),
            Err(Foul::Blocked {
                block: Pos::new(0, 1)
            })
        );
        assert!(matches!(
            throw(&b, &b.initial(), Dir::Left),
            Err(Foul::OffBoard { .. })
        ));
    }

    #[test]
    fn under_the_breaking_variant_an_adjacent_block_breaks_in_place() {
        let b = board(4, 1, &[2, 1, 0, 3]);
        let s = b.initial();
        let t = throw_under(&b, &s, Dir::Right, Adjacent::Breaks).unwrap();
        assert_eq!(
            t,
            Throw::Rest {
                at: Pos::new(0, 0),
                broke: Pos::new(0, 1),
                cells: 0
            }
        );
        let s = apply(&b, &s, &t);
        assert_eq!(s.stone, Pos::new(0, 0));
        assert!(matches!(
            throw_under(&b, &s, Dir::Right, Adjacent::Breaks),
            Ok(Throw::Goal { cells: 3, .. })
        ));
        // The judge's rule is unchanged.
        assert!(throw_under(&b, &b.initial(), Dir::Right, Adjacent::Refused).is_err());
    }

    #[test]
    fn the_goal_stops_a_sliding_stone() {
        let b = board(4, 1, &[2, 3, 0, 0]);
        assert_eq!(
            throw(&b, &b.initial(), Dir::Right).unwrap(),
            Throw::Goal {
                at: Pos::new(0, 1),
                cells: 1
            }
        );
    }

    #[test]
    fn replay_names_the_refused_move() {
        let b = board(5, 1, &[2, 0, 0, 1, 3]);
        let err = replay(&b, &[Dir::Right, Dir::Left, Dir::Left]).unwrap_err();
        assert_eq!(err.index, 1);
        assert_eq!(
            err.to_string(),
            "move 2 (L): the stone slides left off the board from row 1, column 3"
        );
        let err = replay(&b, &[Dir::Right, Dir::Right, Dir::Left]).unwrap_err();
        assert_eq!(err.to_string(), "move 3 (L): the game is already won");
        let (throws, end) = replay(&b, &[Dir::Right, Dir::Right]).unwrap();
        assert_eq!(throws.len(), 2);
        assert_eq!(end.stone, b.goal());
    }

    /// The jump table says what walking cell by cell finds, on boards of
    /// every shape (one row, one column, blocks and the goal on edges).
    #[test]
    fn the_jump_table_matches_a_walk() {
        let mut rng = gridpuzzle_engine::rng::SplitMix64::new(7);
        for _ in 0..300 {
            let (w, h) = (rng.range(1, 9) as u32, rng.range(1, 9) as u32);
            let density = rng.range(0, 60) as u32;
            let mut cells: Vec<Cell> = (0..w * h)
                .map(|_| {
                    if rng.chance(density) {
                        Cell::Block
                    } else {
                        Cell::Ice
                    }
                })
                .collect();
            cells[rng.below(u64::from(w * h)) as usize] = Cell::Goal;
            let grid = Grid::from_cells(w, h, cells).unwrap();
            let table = jump_table(&grid);
            assert_eq!(table.len(), grid.len());
            for (i, entry) in table.iter().enumerate() {
                for d in Dir::ALL {
                    let mut p = grid.pos(i);
                    let mut k = 0;
                    let walked = loop {
                        match grid.step(p, d) {
                            None => break NOTHING_AHEAD,
                            Some(n) => {
                                k += 1;
                                if matches!(grid[n], Cell::Block | Cell::Goal) {
                                    break k;
                                }
                                p = n;
                            }
                        }
                    };
                    assert_eq!(entry[d.index()], walked, "{w}x{h} cell {i} {d:?}");
                }
            }
        }
    }

    #[test]
    fn boards_need_one_start_and_one_goal() {
        let g = |codes: &[u8]| {
            Board::new(
                Grid::from_cells(
                    codes.len() as u32,
                    1,
                    codes
                        .iter()
                        .map(|&c| Cell::from_code(c as u64).unwrap())
                        .collect(),
                )
                .unwrap(),
            )
        };
        assert_eq!(g(&[0, 3]), Err(BoardError::NoStart));
        assert_eq!(g(&[2, 0]), Err(BoardError::NoGoal));
        assert!(matches!(g(&[2, 2, 3]), Err(BoardError::TwoStarts { .. })));
        assert!(matches!(g(&[2, 3, 3]), Err(BoardError::TwoGoals { .. })));
    }
}
