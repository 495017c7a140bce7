//! Boards of floor and walls with one start and one goal: the plumbing a
//! simple grid puzzle would otherwise copy.
//!
//! Many grid puzzles share a board: a matrix of cells, each floor, wall,
//! the piece's start or the goal (Curling's ice and blocks, a maze, an ice
//! rink). Everything about such a board that is not a rule is the same
//! for each of them, so it is written once, here, over the puzzle's own
//! cells ([`Tile`]):
//!
//! - [`Board`]: the grid with its start and goal, checked on building;
//! - the judge format: `w h`, then `h` rows of `w` cells separated by
//!   whitespace, `0 0` at the end ([`Reader`], lazy, with the case, line
//!   and column of every error; [`Board::text`] writes it back);
//! - the page: the board as a draft ([`Board::draft`]), a draft's judge
//!   text and what it lacks ([`draft_text`], [`draft_lacks`]), game IDs
//!   ([`game_id`], [`read_game_id`]);
//! - the generator: a [`Landscape`] of random boards and single edits
//!   ([`Layouts`], over any case that is a [`Layout`] — Curling's board is
//!   one too), [`generator`] and [`hardest`] from a request (with the engine's
//!   sampling set-up, [`crate::generate::sample`]), and the
//!   shrinker's smaller boards ([`Board::smaller`]);
//! - a view of the ground ([`Board::view`]) for the puzzle to put its
//!   pieces on.
//!
//! A puzzle on such a board then writes only its rules, its solver and
//! its words: the template crate (Ice) is the example, in under 400 lines.

use std::fmt::Debug;
use std::hash::Hash;
use std::io::BufRead;
use std::marker::PhantomData;
use std::time::Duration;

use serde_json::{json, Value};

use crate::caps::{BestOf, GenSpec, HardSpec, OnImprove};
use crate::clock::Instant;
use crate::generate::{
    anneal, answer_of, sample, AnnealOptions, Generator, Landscape, SampleOptions, StartGoal,
};
use crate::page::{self, cell_json, DraftGrid};
use crate::rng::SplitMix64;
use crate::scan::{CaseCount, Scanner};
use crate::search::{bfs, DenseVisited, Limits, Search};
use crate::view::{BoardView, Mark};
use crate::{Grid, InputError, Pos, Puzzle};

/// The judge's terminator line of a board input.
pub const TERMINATOR: &str = "0 0\n";

/// The cells of a puzzle's board.
pub trait Tile: Copy + Eq + Hash + Debug + Send + Sync + 'static {
    /// Every cell with its character, in the judge input and in the page's
    /// drafts (one character, such as `.` `#` `S` `G`), and its word.
    const TILES: &'static [(Self, char, &'static str)];
    /// The four cells the generator's edits and the shrinker use.
    const FLOOR: Self;
    const WALL: Self;
    const START: Self;
    const GOAL: Self;

    /// The cell's character.
    fn symbol(self) -> char {
        Self::TILES
            .iter()
            .find(|(t, _, _)| *t == self)
            .map_or('?', |&(_, c, _)| c)
    }

    /// The cell written `c`, if any.
    fn from_symbol(c: char) -> Option<Self> {
        Self::TILES
            .iter()
            .find(|&&(_, s, _)| s == c)
            .map(|&(t, _, _)| t)
    }
}

/// Every tile's character, in [`Tile::TILES`] order (`.#SG`).
fn symbols<T: Tile>() -> String {
    T::TILES.iter().map(|&(_, c, _)| c).collect()
}

/// A board of a start/goal puzzle: its cells, one start and one goal.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board<T> {
    grid: Grid<T>,
    start: Pos,
    goal: Pos,
}

/// Why a grid is not a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardError {
    /// Not exactly one start: how many there are, and its character.
    Starts(usize, char),
    /// Not exactly one goal.
    Goals(usize, char),
}

impl std::fmt::Display for BoardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            BoardError::Starts(n, c) => {
                write!(f, "a board needs exactly one start `{c}`, found {n}")
            }
            BoardError::Goals(n, c) => write!(f, "a board needs exactly one goal `{c}`, found {n}"),
        }
    }
}

impl std::error::Error for BoardError {}

impl<T: Tile> Board<T> {
    /// Checks that `grid` has one start and one goal.
    pub fn new(grid: Grid<T>) -> Result<Board<T>, BoardError> {
        let find = |t: T| -> Vec<Pos> {
            (0..grid.len())
                .filter(|&i| grid.cells()[i] == t)
                .map(|i| grid.pos(i))
                .collect()
        };
        let (starts, goals) = (find(T::START), find(T::GOAL));
        if starts.len() != 1 {
            return Err(BoardError::Starts(starts.len(), T::START.symbol()));
        }
        if goals.len() != 1 {
            return Err(BoardError::Goals(goals.len(), T::GOAL.symbol()));
        }
        Ok(Board {
            start: starts[0],
            goal: goals[0],
            grid,
        })
    }

    pub fn grid(&self) -> &Grid<T> {
        &self.grid
    }

    pub fn width(&self) -> u32 {
        self.grid.width()
    }

    pub fn height(&self) -> u32 {
        self.grid.height()
    }

    pub fn start(&self) -> Pos {
        self.start
    }

    pub fn goal(&self) -> Pos {
        self.goal
    }

    /// True for a wall cell (a cell off the board is no wall).
    pub fn is_wall(&self, p: Pos) -> bool {
        self.grid.get(p) == Some(&T::WALL)
    }

    /// How many walls stand on the board.
    pub fn walls(&self) -> usize {
        self.grid.cells().iter().filter(|&&c| c == T::WALL).count()
    }

    /// The board in the judge's format, without the terminator; a
    /// [`Reader`] reads it back to the same board.
    pub fn text(&self) -> String {
        let mut out = format!("{} {}\n", self.width(), self.height());
        for row in self.grid.rows() {
            let cells: Vec<String> = row.iter().map(|c| c.symbol().to_string()).collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out
    }

    /// The board as the page draws and edits it: `width`, `height`, one
    /// string of cell characters a row, and the start and goal cells.
    pub fn draft(&self) -> Value {
        let rows: Vec<String> = self
            .grid
            .rows()
            .map(|row| row.iter().map(|c| c.symbol()).collect())
            .collect();
        json!({
            "width": self.width(),
            "height": self.height(),
            "rows": rows,
            "start": cell_json(self.start),
            "goal": cell_json(self.goal),
        })
    }

    /// The fewest moves of a piece over the board from `from` to the goal:
    /// a breadth-first search over the cells it rests on, `moves` pushing
    /// each move from a cell with the cell it leads to. Solved, proved
    /// unsolvable when every reachable cell was tried, or a budget reached.
    pub fn shortest<M: Clone>(
        &self,
        from: Pos,
        limits: &Limits,
        mut moves: impl FnMut(Pos, &mut Vec<(M, Pos)>),
    ) -> Search<M> {
        let grid = &self.grid;
        let mut visited = DenseVisited::new(grid.len(), |p: &Pos| grid.index(*p));
        let successors = |&p: &Pos, out: &mut Vec<(M, Pos)>| moves(p, out);
        let goal = self.goal;
        bfs(from, successors, |&p| p == goal, &mut visited, None, limits)
    }

    /// The board's ground as a view: each cell's mark (`mark`), the view's
    /// focus on `focus`; the puzzle puts its pieces over it.
    pub fn view(&self, focus: Pos, mark: impl Fn(T) -> Mark) -> BoardView {
        let mut v = BoardView::filled(self.width(), self.height(), mark(T::FLOOR), focus);
        for (i, &c) in self.grid.cells().iter().enumerate() {
            if c != T::FLOOR {
                v.set(self.grid.pos(i), mark(c));
            }
        }
        v
    }

    /// Every board one edit smaller or simpler, biggest cuts first: a row
    /// or a column without the start or the goal, a wall made floor, the
    /// start or the goal one cell nearer the other (onto floor). Each is
    /// smaller in (cells, walls, distance from start to goal), so shrinking
    /// ends.
    pub fn smaller(&self) -> Vec<Board<T>> {
        let (w, h) = (self.width(), self.height());
        let (start, goal) = (self.start, self.goal);
        let grid = &self.grid;
        let mut out = Vec::new();
        let mut keep = |grid: Grid<T>| {
            if let Ok(b) = Board::new(grid) {
                out.push(b);
            }
        };
        for r in (0..h).filter(|&r| h > 1 && start.row != r && goal.row != r) {
            keep(grid.without_row(r));
        }
        for c in (0..w).filter(|&c| w > 1 && start.col != c && goal.col != c) {
            keep(grid.without_col(c));
        }
        for (i, &c) in grid.cells().iter().enumerate() {
            if c == T::WALL {
                let mut next = grid.clone();
                next.set(grid.pos(i), T::FLOOR);
                keep(next);
            }
        }
        for (from, to) in [(start, goal), (goal, start)] {
            let toward = |a: u32, b: u32| (a as i64 + (b as i64 - a as i64).signum()) as u32;
            let p = Pos::new(toward(from.row, to.row), toward(from.col, to.col));
            if grid[p] == T::FLOOR {
                let mut next = grid.clone();
                next.set(p, grid[from]);
                next.set(from, T::FLOOR);
                keep(next);
            }
        }
        out
    }
}

// ------------------------------------------------------- the judge input

/// The boards of a judge input, read one at a time: board 6 is answered
/// before board 7 is read, and a bad board 7 is one error after six
/// answers. Sizes are checked before anything is allocated. A missing
/// `0 0` after a complete board is accepted, as judges accept it.
pub struct Reader<T, R> {
    scan: Scanner<R>,
    count: CaseCount,
    max_cells: u64,
    tiles: PhantomData<T>,
}

impl<T: Tile, R: BufRead> Reader<T, R> {
    /// The boards of `reader`, at most `max_cells` cells each; `unit` is
    /// the statement's word for a case, for messages.
    pub fn new(reader: R, unit: &'static str, max_cells: u64) -> Reader<T, R> {
        Reader {
            scan: Scanner::new(reader, unit),
            count: CaseCount::default(),
            max_cells,
            tiles: PhantomData,
        }
    }

    fn read(&mut self) -> Result<Option<Board<T>>, InputError> {
        let (s, max) = (&mut self.scan, self.max_cells);
        let Some((w, w_span)) = s.next_uint("the width w", max)? else {
            if self.count.case() == 1 {
                return Err(s.eof_error("a board (`w h` and its rows) or the terminator `0 0`"));
            }
            return Ok(None);
        };
        let (h, h_span) = s.expect_uint("the height h", max)?;
        match (w, h) {
            (0, 0) => return Ok(None),
            (0, _) => return Err(s.error_at(w_span, "a width of at least 1", "`0`")),
            (_, 0) => return Err(s.error_at(h_span, "a height of at least 1", "`0`")),
            _ if w * h > max => {
                let found = format!("{w} × {h} = {} cells", w * h);
                return Err(s.error_at(w_span, format!("a board of at most {max} cells"), found));
            }
            _ => {}
        }
        let names: Vec<String> = T::TILES.iter().map(|(_, c, _)| format!("`{c}`")).collect();
        let names = crate::words::either(&names);
        let total = (w * h) as usize;
        let mut cells = Vec::with_capacity(total.min(1 << 16));
        let (mut start, mut goal) = (None::<Pos>, None::<Pos>);
        for i in 0..total {
            let p = Pos::new((i / w as usize) as u32, (i % w as usize) as u32);
            let what = || format!("a cell ({names}) for {p}");
            let Some(tok) = s.next_token()? else {
                let found = format!("end of input ({} of the {total} cells missing)", total - i);
                return Err(s.error_at(s.end(), what(), found));
            };
            let mut chars = tok.text.chars();
            let cell = match (chars.next(), chars.next()) {
                (Some(c), None) => T::from_symbol(c),
                _ => None,
            };
            let Some(cell) = cell else {
                return Err(s.error_at(tok.span, what(), tok.quoted()));
            };
            cells.push(cell);
            let seen = match cell {
                c if c == T::START => &mut start,
                c if c == T::GOAL => &mut goal,
                _ => continue,
            };
            if let Some(first) = *seen {
                let wanted = format!("one `{}` only (the first is at {first})", cell.symbol());
                return Err(s.error_at(tok.span, wanted, format!("a second one at {p}")));
            }
            *seen = Some(p);
        }
        for (seen, what) in [(start, "start"), (goal, "goal")] {
            if seen.is_none() {
                let t = if what == "start" { T::START } else { T::GOAL };
                return Err(s.error_at(
                    w_span,
                    format!("a board with a {what} `{}`", t.symbol()),
                    format!("a {w} × {h} board without one"),
                ));
            }
        }
        let grid = Grid::from_cells(w as u32, h as u32, cells).expect("w × h cells were read");
        Board::new(grid)
            .map(Some)
            .map_err(|e| s.error_at(w_span, "a playable board", e.to_string()))
    }
}

impl<T: Tile, R: BufRead> Iterator for Reader<T, R> {
    type Item = Result<Board<T>, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        let case = self.count.begin()?;
        self.scan.set_case(case);
        let read = self.read();
        self.count.end(read)
    }
}

// --------------------------------------------------------------- the page

/// A draft's judge text: the board and the terminator, written even when
/// the draft has no start or goal yet (solving it then says why).
pub fn draft_text<T: Tile>(draft: &Value) -> Result<String, String> {
    let grid = DraftGrid::read(draft, &symbols::<T>())?;
    Ok(grid.matrix_text(|c| char::from(c).to_string(), TERMINATOR))
}

/// What a draft lacks before it can be played, naming the editor's tool
/// that adds it: the start of the `piece`, then the goal.
pub fn draft_lacks<T: Tile>(draft: &Value, piece: &str) -> Option<String> {
    let grid = DraftGrid::read(draft, &symbols::<T>()).ok()?;
    let has = |t: T| grid.find(t.symbol() as u8).is_some();
    if !has(T::START) {
        return Some(format!("Place the {piece}'s start first (the Start tool)."));
    }
    (!has(T::GOAL)).then(|| "Place the goal first (the Goal tool).".into())
}

/// Bits a cell takes in a game ID: enough for every tile.
fn bits<T: Tile>() -> u32 {
    (usize::BITS - (T::TILES.len().max(2) - 1).leading_zeros()).max(1)
}

/// The game ID of a draft: `NAME/WxH/CELLS` and the `settings` that are
/// not the judge's, as `/KEY=VALUE` (see [`crate::page`]).
pub fn game_id<T: Tile>(
    name: &str,
    draft: &Value,
    settings: &[(&str, String)],
) -> Result<String, String> {
    let symbols = symbols::<T>();
    let grid = DraftGrid::read(draft, &symbols)?;
    let codes: Vec<u8> = grid
        .cells
        .iter()
        .map(|&c| symbols.bytes().position(|d| d == c).unwrap_or(0) as u8)
        .collect();
    let mut id = format!(
        "{name}/{}/{}",
        grid.size_text(),
        page::pack(&codes, bits::<T>())
    );
    for (key, value) in settings {
        id.push_str(&format!("/{key}={value}"));
    }
    Ok(id)
}

/// The `KEY=VALUE` settings of a game ID.
pub type IdSettings<'a> = Vec<(&'a str, &'a str)>;

/// The settings and the draft of a game ID made by [`game_id`].
pub fn read_game_id<T: Tile>(id: &str) -> Result<(IdSettings<'_>, Value), String> {
    let parts = page::split_id(id)?;
    let codes = page::unpack(
        parts.cells,
        bits::<T>(),
        (parts.width * parts.height) as usize,
    )?;
    let settings = page::id_settings(&parts.rest)?;
    let grid = DraftGrid::from_codes(parts.width, parts.height, &codes, &symbols::<T>());
    Ok((settings, Value::Object(grid.json())))
}

// ----------------------------------------------------------- the generator

/// A case made of the four cells of [`StartGoal`] in a grid: what the
/// generator's random boards and edits are made of ([`Layouts`]).
pub trait Layout: Sized {
    type Cell: Copy + Eq;
    /// The floor, wall, start and goal cells.
    const CELLS: StartGoal<Self::Cell>;
    /// The cells, row by row.
    fn cells(&self) -> &[Self::Cell];
    /// The case of these cells, if they make one.
    fn from_cells(width: u32, height: u32, cells: Vec<Self::Cell>) -> Option<Self>;
}

impl<T: Tile> Layout for Board<T> {
    type Cell = T;
    const CELLS: StartGoal<T> = StartGoal {
        floor: T::FLOOR,
        wall: T::WALL,
        start: T::START,
        goal: T::GOAL,
    };

    fn cells(&self) -> &[T] {
        self.grid.cells()
    }

    fn from_cells(width: u32, height: u32, cells: Vec<T>) -> Option<Board<T>> {
        Board::new(Grid::from_cells(width, height, cells)?).ok()
    }
}

/// The boards of one size under one puzzle's settings, as the engine's
/// generators see them: a random board is floor with `density` percent
/// of walls and a start and a goal on two different cells; an edit
/// toggles a wall or moves the start or the goal; every answer is the
/// puzzle's own [`Puzzle::solve`].
#[derive(Debug, Clone)]
pub struct Layouts<P> {
    pub puzzle: P,
    pub width: u32,
    pub height: u32,
}

impl<P: Puzzle> Landscape for Layouts<P>
where
    P::Case: Layout,
{
    type Board = P::Case;
    type Move = P::Move;

    fn random(&mut self, rng: &mut SplitMix64, density: u32) -> Option<P::Case> {
        let n = self.width as u64 * self.height as u64;
        let cells = <P::Case as Layout>::CELLS.random(rng, n, density)?;
        P::Case::from_cells(self.width, self.height, cells)
    }

    fn mutate(&mut self, board: &P::Case, rng: &mut SplitMix64) -> Option<P::Case> {
        let mut cells = board.cells().to_vec();
        <P::Case as Layout>::CELLS.mutate(&mut cells, rng)?;
        P::Case::from_cells(self.width, self.height, cells)
    }

    fn solve(&mut self, board: &P::Case, limits: &Limits) -> Search<P::Move> {
        self.puzzle.solve(board, limits)
    }
}

/// How a start/goal puzzle's generator samples: the densities it learns
/// between (in percent of walls), its default budget of one search, and
/// the climbing steps from a too-easy board towards a wanted answer.
#[derive(Debug, Clone, Copy)]
pub struct Tuning {
    pub densities: (u32, u32),
    pub max_expanded: u64,
    pub climb_steps: u32,
}

/// Limits of one of a request's searches: its budget (or the tuning's),
/// its cancel flag and the run's heap.
fn request_limits(
    spec_max: Option<u64>,
    tuning: Tuning,
    cancel: &Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    heap: &Option<std::sync::Arc<crate::memory::Heap>>,
) -> Limits {
    Limits {
        max_expanded: Some(spec_max.unwrap_or(tuning.max_expanded)),
        cancel: cancel.clone(),
        heap: heap.clone(),
        ..Limits::none()
    }
}

/// The request checks every start/goal generator makes: two cells at
/// least, no parameters, and an answer that can be: never 0 (the start
/// and the goal differ), at most `longest` moves.
fn check(name: &str, width: u32, height: u32, params: &[(String, String)]) -> Result<(), String> {
    if (width as u64) * (height as u64) < 2 {
        return Err(format!(
            "a {name} board needs at least two cells (a start and a goal), found --size {width}x{height}"
        ));
    }
    match params.first() {
        Some((key, _)) => Err(format!("unknown parameter `{key}` for {name}")),
        None => Ok(()),
    }
}

/// The most moves an optimal plan on a `width × height` board can take
/// when a position is where the piece rests: it never rests on a cell
/// twice.
fn longest(width: u32, height: u32) -> i64 {
    width as i64 * height as i64 - 1
}

/// The generator of a start/goal puzzle with no generator parameters,
/// whose position is the cell the piece rests on: the request checked,
/// then [`sample`] over [`Layouts`] with the default difficulty record
/// (each first move tried).
pub fn generator<P: Puzzle>(
    puzzle: &P,
    spec: &GenSpec,
    seed: u64,
    tuning: Tuning,
) -> Result<Generator<Layouts<P>>, String>
where
    P::Case: Layout,
{
    let (width, height) = (spec.width, spec.height);
    check(P::INFO.name, width, height, &spec.params)?;
    let longest = longest(width, height);
    if spec.want.max == Some(0) {
        return Err("the start and the goal differ: --answer 0 asks for the impossible".into());
    }
    if spec.want.min > longest {
        return Err(format!(
            "no {width}x{height} board needs {} {}: at most {longest} lie between a start and a goal",
            spec.want.min,
            P::INFO.moves
        ));
    }
    let layouts = Layouts {
        puzzle: puzzle.clone(),
        width,
        height,
    };
    let options = SampleOptions {
        want: spec.want,
        limits: request_limits(spec.max_expanded, tuning, &spec.cancel, &spec.heap),
        attempts: spec.attempts,
        climb_steps: tuning.climb_steps,
    };
    Ok(sample(
        layouts,
        options,
        spec.density,
        tuning.densities,
        seed,
        |l, board, search, limits| {
            crate::caps::difficulty_by_first_moves(&l.puzzle, board, search, limits)
        },
    ))
}

/// Simulated annealing for the board of a size with the longest answer,
/// from a random solvable board of `spec.density` (default 25) percent of
/// walls. `None` if none was found in time.
pub fn hardest<P: Puzzle>(
    puzzle: &P,
    spec: &HardSpec,
    seed: u64,
    tuning: Tuning,
    on_improve: OnImprove<'_, P>,
) -> Result<Option<BestOf<P>>, String>
where
    P::Case: Layout,
{
    check(P::INFO.name, spec.width, spec.height, &spec.params)?;
    let deadline = Instant::now() + spec.time;
    let limits = Limits {
        deadline: Some(deadline),
        ..request_limits(spec.max_expanded, tuning, &spec.cancel, &spec.heap)
    };
    let mut layouts = Layouts {
        puzzle: puzzle.clone(),
        width: spec.width,
        height: spec.height,
    };
    let mut rng = SplitMix64::new(seed);
    let density = spec.density.unwrap_or(25);
    let start = (0..10_000)
        .take_while(|_| Instant::now() < deadline)
        .filter_map(|_| layouts.random(&mut rng, density))
        .find(|b| answer_of(&puzzle.solve(b, &limits)).is_some_and(|a| a >= 1));
    let Some(start) = start else { return Ok(None) };
    let options = AnnealOptions {
        deadline,
        limits,
        ceiling: Some(longest(spec.width, spec.height)),
        temperature: 1.5,
    };
    let improve = |b: &BestOf<P>, t: Duration| on_improve(b, t);
    Ok(anneal(
        &mut layouts,
        start,
        rng.next_u64(),
        &options,
        improve,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    enum Cell {
        Floor,
        Wall,
        Start,
        Goal,
    }

    impl Tile for Cell {
        const TILES: &'static [(Cell, char, &'static str)] = &[
            (Cell::Floor, '.', "floor"),
            (Cell::Wall, '#', "wall"),
            (Cell::Start, 'S', "start"),
            (Cell::Goal, 'G', "goal"),
        ];
        const FLOOR: Cell = Cell::Floor;
        const WALL: Cell = Cell::Wall;
        const START: Cell = Cell::Start;
        const GOAL: Cell = Cell::Goal;
    }

    /// Boards read before the first error, and the error.
    fn all(input: &str) -> (usize, Option<String>) {
        let mut ok = 0;
        for r in Reader::<Cell, _>::new(input.as_bytes(), "board", 1 << 22) {
            match r {
                Ok(_) => ok += 1,
                Err(e) => return (ok, Some(e.to_string())),
            }
        }
        (ok, None)
    }

    fn board(text: &str) -> Board<Cell> {
        Reader::new(text.as_bytes(), "board", 1 << 22)
            .next()
            .unwrap()
            .unwrap()
    }

    #[test]
    fn boards_read_back_what_they_write() {
        let b = board("4 2\nS . # .\n. # . G\n");
        assert_eq!(
            (b.start(), b.goal(), b.walls()),
            (Pos::new(0, 0), Pos::new(1, 3), 2)
        );
        assert_eq!(board(&(b.text() + TERMINATOR)), b);
        assert_eq!(
            all("2 1\nS G\n2 1 G S 0 0 anything after the end"),
            (2, None)
        );
    }

    #[test]
    fn malformed_input_names_board_line_and_column() {
        let cases: &[(&str, usize, &str)] = &[
            ("", 0, "board 1, line 1, column 1: expected a board (`w h` and its rows) or the terminator `0 0`, found end of input"),
            ("2 1\nS G\n3 1\nS x G\n0 0\n", 1, "board 2, line 4, column 3: expected a cell (`.`, `#`, `S` or `G`) for row 1, column 2, found `x`"),
            ("3 1\nS . S\n", 0, "board 1, line 2, column 5: expected one `S` only (the first is at row 1, column 1), found a second one at row 1, column 3"),
            ("2 2\nS .\n. .\n", 0, "board 1, line 1, column 1: expected a board with a goal `G`, found a 2 × 2 board without one"),
            ("2 2\nS G\n.", 0, "board 1, line 3, column 2: expected a cell (`.`, `#`, `S` or `G`) for row 2, column 2, found end of input (1 of the 4 cells missing)"),
            ("0 3\n", 0, "board 1, line 1, column 1: expected a width of at least 1, found `0`"),
            ("5000 5000\n", 0, "board 1, line 1, column 1: expected a board of at most 4194304 cells, found 5000 × 5000 = 25000000 cells"),
        ];
        for &(input, ok, message) in cases {
            assert_eq!(all(input), (ok, Some(message.to_string())), "{input:?}");
        }
    }

    #[test]
    fn drafts_and_game_ids_round_trip() {
        let b = board("3 2\nS # .\n. . G\n");
        let draft = b.draft();
        assert_eq!(draft_text::<Cell>(&draft).unwrap(), b.text() + TERMINATOR);
        assert_eq!(draft_lacks::<Cell>(&draft, "stone"), None);
        let id = game_id::<Cell>("toy", &draft, &[("cap", "3".into())]).unwrap();
        let (settings, back) = read_game_id::<Cell>(&id).unwrap();
        assert_eq!(settings, [("cap", "3")]);
        assert_eq!(draft_text::<Cell>(&back).unwrap(), b.text() + TERMINATOR);
        let empty = json!({"width": 2, "height": 1, "rows": [".."]});
        assert_eq!(
            draft_lacks::<Cell>(&empty, "stone").unwrap(),
            "Place the stone's start first (the Start tool)."
        );
    }

    #[test]
    fn smaller_boards_are_smaller() {
        let b = board("4 3\nS . # .\n. # . .\n. . . G\n");
        let size = |b: &Board<Cell>| {
            let (s, g) = (b.start(), b.goal());
            let dist = s.row.abs_diff(g.row).max(s.col.abs_diff(g.col));
            (b.width() * b.height(), b.walls(), dist)
        };
        let next = b.smaller();
        // Row 2; columns 2 and 3; two walls; the goal one cell nearer.
        assert_eq!(next.len(), 1 + 2 + 2 + 1);
        assert!(next.iter().all(|n| size(n) < size(&b)));
    }
}
