//! Curling behind the engine's contract: the core [`Puzzle`] and the
//! capabilities Curling declares in its registry line ([`Settings`],
//! [`Narrate`], [`Generate`], [`Page`], [`JudgeKit`], [`Watch`]).
//!
//! Everything a front end needs of Curling is here, in one place: the
//! settings (the throw cap, the adjacent-block rule), the judge format,
//! the solver, the checker, play, the page's JSON and the generator's
//! request checks. Nothing here is a rule: a throw is
//! [`crate::rules::throw_under`] (through [`crate::play`]), an answer
//! [`crate::solve()`] (or [`crate::variant`] under the wrong reading), a
//! board [`crate::generate`]'s, so the command line, the server and the
//! tests call the same code the solver does. What is Curling's own here is
//! how it is shown and worded: the board as marks (the stone over the
//! ice, the last throw's path and broken block), the frames of a slide,
//! its sentences, and the page's drafts and JSON.

use std::io::BufRead;
use std::time::Duration;

use gridpuzzle_engine::caps::{
    GenInfo, GenSpec, Generate, HardSpec, JudgeInfo, JudgeKit, Levels, Narrate, NewBoard, Page,
    PageInfo, Setting, Settings, Variant, Watch,
};
use gridpuzzle_engine::generate::{Best, Difficulty, Generator, Want};
use gridpuzzle_engine::page::cell_json;
use gridpuzzle_engine::page::{self, DraftCell, DraftGrid, DraftLook, Edit, Tool};
use gridpuzzle_engine::puzzle::{Cases, Info, Puzzle};
use gridpuzzle_engine::search::{Limits, Search};
use gridpuzzle_engine::session::Prospect;
use gridpuzzle_engine::testset::Preset;
use gridpuzzle_engine::validate::Input;
use gridpuzzle_engine::verdict::Verdict;
use gridpuzzle_engine::view::{BoardView, Mark, Role, Tone};
use gridpuzzle_engine::{Dir, Pos};
use serde_json::{json, Value};

use crate::generate::{Boards, GenerateOptions, HardestOptions};
use crate::play;
use crate::rules::{throw_under, Adjacent, Board, Cell, State, Throw};
use crate::solve::{Options, JUDGE_MAX_THROWS};
use crate::variant;

/// Curling 2.0 under its rule settings: the throw cap (`None`: no cap)
/// and what a throw into an adjacent block does (refused by the judge).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Curling {
    pub max_throws: Option<u32>,
    pub adjacent: Adjacent,
}

impl Default for Curling {
    fn default() -> Curling {
        Curling {
            max_throws: Some(JUDGE_MAX_THROWS),
            adjacent: Adjacent::Refused,
        }
    }
}

impl Curling {
    /// The generator searches by the judge's throw only: the breaking
    /// variant is for naming a wrong answer, not for making boards.
    fn judges_adjacent_rule(&self) -> Result<(), String> {
        match self.adjacent {
            Adjacent::Refused => Ok(()),
            Adjacent::Breaks => Err(
                "the generator plays by the judge's rule for adjacent blocks: \
                 --adjacent-block break is for diagnosing answers, not for making boards"
                    .into(),
            ),
        }
    }

    /// The judge's rules under a throw cap of `max_throws` (`None`: no
    /// cap).
    pub fn capped(max_throws: Option<u32>) -> Curling {
        Curling {
            max_throws,
            ..Curling::default()
        }
    }

    /// The solver's options under these settings.
    pub fn options(&self) -> Options {
        Options {
            max_throws: self.max_throws,
            ..Options::default()
        }
    }
}

const ICE: Mark = Mark::new("·", ".", Role::Floor);
const BLOCK: Mark = Mark::new("■", "#", Role::Wall);
const BROKEN: Mark = Mark::new("✕", "x", Role::Broken);
const GOAL: Mark = Mark::new("◎", "G", Role::Goal);
const STONE: Mark = Mark::new("●", "O", Role::Piece);
/// Where the stone lay at the start: ice in text boards, outlined in
/// pictures.
const START: Mark = Mark::new("·", ".", Role::Start);

/// The cells of a page's draft, in the order of their judge codes: ice,
/// block, start, goal.
const DRAFT_CELLS: &str = ".#SG";

/// The judge code of a draft cell.
fn code(c: u8) -> u8 {
    DRAFT_CELLS.bytes().position(|d| d == c).unwrap_or(0) as u8
}

/// Parses a throw cap: a number or `none`.
pub fn parse_cap(s: &str) -> Result<Option<u32>, String> {
    if s.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    s.parse::<u32>()
        .map(Some)
        .map_err(|_| format!("expected a number of throws or `none`, found `{s}`"))
}

fn cap_text(cap: Option<u32>) -> String {
    match cap {
        Some(n) => n.to_string(),
        None => "none".into(),
    }
}

/// The cells a throw from `from` toward `dir` passes, nearest first,
/// `cells` of them.
fn path(from: Pos, dir: Dir, cells: u32) -> impl Iterator<Item = Pos> {
    let (dr, dc) = dir.delta();
    (1..=cells as i64).map(move |k| {
        Pos::new(
            (from.row as i64 + dr * k) as u32,
            (from.col as i64 + dc * k) as u32,
        )
    })
}

fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// The board with standing blocks and the goal, and nothing moving.
fn base(board: &Board, state: &State) -> BoardView {
    let grid = board.grid();
    let mut view = BoardView::filled(grid.width(), grid.height(), ICE, state.stone);
    for (i, &c) in grid.cells().iter().enumerate() {
        let p = grid.pos(i);
        match c {
            Cell::Block if board.is_block(state, p) => view.set(p, BLOCK),
            Cell::Goal => view.set(p, GOAL),
            Cell::Start => view.set(p, START),
            _ => {}
        }
    }
    view
}

impl Puzzle for Curling {
    const INFO: Info = Info {
        name: "curling",
        title: "Curling 2.0",
        about: "Curling 2.0: fewest throws of the stone to the goal, or -1",
        format_help: "Input: datasets `w h` followed by h rows of w codes \
            (0 ice, 1 block, 2 start, 3 goal), ended by `0 0`.\n\
            Judge output: one line per dataset, the fewest throws or -1.",
        unit: "dataset",
        board: "board",
        one_move: "throw",
        moves: "throws",
        terminator: crate::parse::TERMINATOR,
        samples: include_str!("../../../samples/curling.in"),
        piece: "stone",
        goal: "goal",
    };

    type Move = Dir;
    type Case = Board;
    type State = State;
    type Event = Throw;

    fn cases<'a>(&self, reader: Box<dyn BufRead + 'a>) -> Cases<'a, Board> {
        Box::new(crate::parse::Datasets::new(reader))
    }

    fn write_case(&self, case: &Board) -> String {
        crate::parse::write_dataset(case)
    }

    fn size(case: &Board) -> (u32, u32) {
        (case.width(), case.height())
    }

    fn solve(&self, case: &Board, limits: &Limits) -> Search<Dir> {
        match self.adjacent {
            Adjacent::Refused => crate::solve(case, &self.options(), limits),
            Adjacent::Breaks => variant::solve(case, self.max_throws, self.adjacent, limits),
        }
    }

    fn verify(&self, case: &Board, plan: &[Dir], limits: &Limits) -> Verdict {
        match self.adjacent {
            Adjacent::Refused => crate::verify(case, plan, &self.options(), limits),
            Adjacent::Breaks => variant::verify(case, plan, self.max_throws, self.adjacent, limits),
        }
    }

    fn move_cap(&self) -> Option<u32> {
        self.max_throws
    }

    fn start(&self, case: &Board) -> State {
        case.initial()
    }

    fn apply(
        &self,
        case: &Board,
        state: &State,
        used: usize,
        dir: Dir,
    ) -> Result<(State, Throw), String> {
        crate::play::apply_throw_under(case, self.max_throws, self.adjacent, state, used, dir)
    }

    fn apply_in_place(
        &self,
        case: &Board,
        state: &mut State,
        used: usize,
        dir: Dir,
    ) -> Result<Throw, String> {
        crate::play::apply_throw_in_place(case, self.max_throws, self.adjacent, state, used, dir)
    }

    fn is_won(&self, case: &Board, state: &State) -> bool {
        state.stone == case.goal()
    }

    fn solve_from(&self, case: &Board, state: &State, used: usize, limits: &Limits) -> Search<Dir> {
        match self.adjacent {
            Adjacent::Refused => play::solve_from(case, self.max_throws, state, used, limits),
            Adjacent::Breaks => {
                variant::solve_from(case, self.max_throws, self.adjacent, state, used, limits)
            }
        }
    }

    fn view(
        &self,
        case: &Board,
        state: &State,
        last: Option<(&State, Dir, &Throw)>,
        hint: Option<Dir>,
    ) -> BoardView {
        let mut view = base(case, state);
        if let Some((before, dir, t)) = last {
            let cells = match *t {
                Throw::Rest { cells, broke, .. } => {
                    view.set(broke, BROKEN);
                    cells
                }
                Throw::Goal { cells, .. } => cells - 1,
            };
            view.set(before.stone, Mark::trail(dir));
            for p in path(before.stone, dir, cells) {
                view.set(p, Mark::trail(dir));
            }
        }
        if let Some(dir) = hint {
            if let Ok(t) = throw_under(case, state, dir, self.adjacent) {
                let cells = match t {
                    Throw::Rest { cells, .. } => cells,
                    // Keep the goal visible, unless it is the only cell.
                    Throw::Goal { cells, .. } => (cells - 1).max(1),
                };
                for p in path(state.stone, dir, cells) {
                    view.over(p, Mark::hint(dir));
                }
            }
        }
        view.piece([(state.stone, STONE)]);
        view
    }

    fn describe(&self, dir: Dir, event: &Throw) -> String {
        // Short enough for one line of 80 columns: the board shows where
        // the stone stopped.
        match *event {
            Throw::Rest {
                broke, cells: 0, ..
            } => {
                format!("broke the adjacent block at {broke} without moving")
            }
            Throw::Rest { broke, cells, .. } => format!(
                "slid {cells} {} {}, broke the block at {broke}",
                plural(cells as usize, "cell", "cells"),
                dir.word()
            ),
            Throw::Goal { cells, .. } => format!(
                "slid {cells} {} {} into the goal",
                plural(cells as usize, "cell", "cells"),
                dir.word()
            ),
        }
    }

    fn legend(&self) -> Vec<(Mark, &'static str)> {
        vec![
            (STONE, "stone"),
            (BLOCK, "block"),
            (GOAL, "goal"),
            (BROKEN, "broken"),
        ]
    }

    fn whereabouts(&self, _case: &Board, state: &State) -> String {
        format!("the stone rests at {}", state.stone)
    }
}

impl Settings for Curling {
    const SETTINGS: &'static [Setting] = &[
        Setting {
            key: "max-throws",
            value_name: "N|none",
            default: "10",
            choices: &[],
            help: "Most throws allowed, or `none` for no cap (the judge's rule is 10)",
        },
        Setting {
            key: "adjacent-block",
            value_name: "RULE",
            default: "refuse",
            choices: Adjacent::CHOICES,
            help: "A throw toward a block right next to the stone: `refuse` (the judge's: not allowed) or `break` (a wrong reading: the stone stays, the block breaks, a throw is spent)",
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "max-throws" => self.max_throws = parse_cap(value)?,
            "adjacent-block" => self.adjacent = value.parse()?,
            _ => return Err(format!("unknown setting `{key}` for {}", Self::INFO.name)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> String {
        match key {
            "max-throws" => cap_text(self.max_throws),
            "adjacent-block" => self.adjacent.to_string(),
            _ => String::new(),
        }
    }
}

impl Narrate for Curling {
    fn unsolvable(&self) -> String {
        match self.max_throws {
            Some(cap) => format!("no sequence of at most {cap} throws reaches the goal"),
            None => "no sequence of throws reaches the goal".into(),
        }
    }

    fn frames(&self, case: &Board, before: &State, dir: Dir, event: &Throw) -> Vec<BoardView> {
        // The stone on each cell of its slide, the block still standing at
        // the end (the board after the throw then shows it broken). Long
        // slides show every few cells: about 24 frames at most.
        let (cells, last) = match *event {
            Throw::Rest { cells, .. } => (cells, cells),
            Throw::Goal { cells, .. } => (cells, cells - 1),
        };
        let stride = cells.div_ceil(24).max(1);
        let mut steps: Vec<u32> = (1..=last).filter(|k| k % stride == 0).collect();
        if last >= 1 && steps.last() != Some(&last) {
            steps.push(last);
        }
        let mut frames = Vec::with_capacity(steps.len());
        for k in steps {
            let mut view = base(case, before);
            view.set(before.stone, Mark::trail(dir));
            let mut at = before.stone;
            for p in path(before.stone, dir, k) {
                view.set(p, Mark::trail(dir));
                at = p;
            }
            view.piece([(at, STONE)]);
            view.focus = at;
            frames.push(view);
        }
        frames
    }

    fn counter(&self, used: usize) -> String {
        match self.max_throws {
            Some(cap) => format!("throws: {used} of at most {cap}"),
            None => format!("throws: {used} (no cap)"),
        }
    }

    fn status(&self, prospect: &Prospect<Dir>, used: usize, stuck: bool) -> (String, Tone) {
        let left = self
            .max_throws
            .map(|cap| (cap as usize).saturating_sub(used));
        match prospect {
            Prospect::Won => ("the stone is on the goal".into(), Tone::Good),
            Prospect::Reachable { .. } => match left {
                Some(left) => (
                    format!(
                        "the goal can still be reached within the {left} {} left",
                        plural(left, "throw", "throws")
                    ),
                    Tone::Good,
                ),
                None => ("the goal can still be reached".into(), Tone::Good),
            },
            Prospect::Hopeless => (
                match left {
                    Some(0) => format!(
                        "hopeless: all {} throws of the cap are used",
                        self.max_throws.unwrap_or(0)
                    ),
                    _ if stuck => "hopeless: the stone cannot be thrown anywhere".into(),
                    Some(left) => format!(
                        "hopeless: the goal cannot be reached in the {left} {} left",
                        plural(left, "throw", "throws")
                    ),
                    None => "hopeless: the goal can no longer be reached".into(),
                } + " (u undoes)",
                Tone::Bad,
            ),
            Prospect::Unknown(hit) => gridpuzzle_engine::caps::unknown_status(hit),
        }
    }

    fn explain_legend(&self) -> Vec<(Mark, &'static str)> {
        vec![
            (STONE, "stone"),
            (BLOCK, "block"),
            (BROKEN, "block just broken"),
            (GOAL, "goal"),
            (Mark::trail(Dir::Right), "path"),
        ]
    }

    fn narrate(&self, _: &Board, _: &State, dir: Dir, throw: &Throw, _: &State) -> String {
        crate::render::describe_throw(dir, throw)
    }
}

impl Generate for Curling {
    type Landscape = Boards;

    const GEN: GenInfo = GenInfo {
        density: "blocks",
        params: &[],
        fresh_answer: (3, 6),
        fresh_params: &[],
        max_expanded: crate::generate::DEFAULT_MAX_EXPANDED,
    };

    fn generator(&self, spec: &GenSpec, seed: u64) -> Result<Generator<Boards>, String> {
        let (width, height) = (spec.width, spec.height);
        if (width as u64) * (height as u64) < 2 {
            return Err(format!("a Curling board needs at least two cells (a start and a goal), found --size {width}x{height}"));
        }
        check_answer(spec.want, self.max_throws)?;
        self.judges_adjacent_rule()?;
        let opts = GenerateOptions {
            width,
            height,
            want: spec.want,
            density: spec.density,
            max_throws: self.max_throws,
            max_expanded: spec.max_expanded.unwrap_or(Self::GEN.max_expanded),
            attempts: spec.attempts,
            cancel: spec.cancel.clone(),
            heap: spec.heap.clone(),
        };
        Ok(crate::generate::generate(&opts, seed))
    }

    fn difficulty(
        &self,
        case: &Board,
        search: &Search<Dir>,
        limits: &Limits,
    ) -> Option<Difficulty> {
        self.judges_adjacent_rule().ok()?;
        crate::generate::difficulty(case, search, &self.options(), limits)
    }

    fn hardest(
        &self,
        spec: &HardSpec,
        seed: u64,
        on_improve: &mut dyn FnMut(&Best<Board, Dir>, Duration),
    ) -> Result<Option<Best<Board, Dir>>, String> {
        let (width, height) = (spec.width, spec.height);
        if (width as u64) * (height as u64) < 2 {
            return Err(format!("a Curling board needs at least two cells (a start and a goal), found --size {width}x{height}"));
        }
        self.judges_adjacent_rule()?;
        let opts = HardestOptions {
            width,
            height,
            max_throws: self.max_throws,
            density: spec.density.unwrap_or(20),
            time: spec.time,
            max_expanded: spec
                .max_expanded
                .unwrap_or(crate::generate::HARDEST_MAX_EXPANDED),
            cancel: spec.cancel.clone(),
            heap: spec.heap.clone(),
        };
        Ok(crate::generate::hardest(&opts, seed, on_improve))
    }

    fn smaller(&self, case: &Board) -> Box<dyn Iterator<Item = Board>> {
        Box::new(crate::shrink::smaller(case))
    }
}

impl Page for Curling {
    fn board_json(&self, case: &Board) -> Value {
        let rows: Vec<String> = case
            .grid()
            .rows()
            .map(|row| {
                row.iter()
                    .map(|c| match c {
                        Cell::Ice => '.',
                        Cell::Block => '#',
                        Cell::Start => 'S',
                        Cell::Goal => 'G',
                    })
                    .collect()
            })
            .collect();
        json!({
            "width": case.width(),
            "height": case.height(),
            "rows": rows,
            "start": cell_json(case.start()),
            "goal": cell_json(case.goal()),
        })
    }

    fn state_json(&self, state: &State) -> Value {
        json!({ "stone": cell_json(state.stone) })
    }

    fn step_json(&self, state: &State, throw: &Throw) -> Value {
        let broke = match *throw {
            Throw::Rest { broke, .. } => cell_json(broke),
            Throw::Goal { .. } => Value::Null,
        };
        json!({ "stone": cell_json(state.stone), "broke": broke })
    }

    const PAGE: PageInfo = PageInfo {
        editor: DraftLook {
            cells: &[
                DraftCell {
                    ch: '.',
                    word: "ice",
                    mark: ICE,
                    piece: None,
                },
                DraftCell {
                    ch: '#',
                    word: "block",
                    mark: BLOCK,
                    piece: None,
                },
                DraftCell {
                    ch: 'S',
                    word: "start",
                    mark: START,
                    piece: Some(STONE),
                },
                DraftCell {
                    ch: 'G',
                    word: "goal",
                    mark: GOAL,
                    piece: None,
                },
            ],
            spots: &[],
            chains: &[],
            tools: &[
                Tool {
                    id: "ice",
                    label: "Ice",
                    help: "Click or drag to clear cells.",
                    edit: Edit::Paint('.'),
                },
                Tool {
                    id: "block",
                    label: "Block",
                    help: "Click or drag to place blocks.",
                    edit: Edit::Paint('#'),
                },
                Tool {
                    id: "start",
                    label: "Start",
                    help: "Click to place the stone's start.",
                    edit: Edit::Place('S'),
                },
                Tool {
                    id: "goal",
                    label: "Goal",
                    help: "Click to place the goal.",
                    edit: Edit::Place('G'),
                },
            ],
            tool: "block",
        },
        rules: "Throw the stone up, down, left or right: it slides over the ice \
            until it hits a block, which stops it and breaks (the block is gone for the rest of the \
            game). A throw toward a block right next to the stone is not allowed. Sliding off the \
            board loses the game. The stone stops on the goal the moment it reaches it. \
            Reach the goal in at most the cap of throws (10 by the judge's rules), in as few as you can.",
        aim: "Slide the red stone onto the ring in as few throws as you can.",
        legend: &[
            (Role::Floor, "ice: the stone slides over it"),
            (Role::Wall, "block: stops the stone, then breaks"),
            (Role::Broken, "a block just broken"),
            (Role::Start, "where the stone started"),
            (Role::Goal, "goal: stop the stone here"),
            (Role::Piece, "the stone you throw"),
        ],
        // Dataset 2 of the statement (4 throws): dataset 1 is two cells.
        showcase: 2,
        board_settings: &[],
        levels: &[
            Levels {
                name: "Samples",
                input: Self::INFO.samples,
                output: include_str!("../../../samples/curling.out"),
            },
            // Boards of the benchmarks with the longest optimum (bench/curling).
            Levels {
                name: "Hardest found",
                input: include_str!("../levels/hardest.in"),
                output: include_str!("../levels/hardest.out"),
            },
        ],
        difficulties: &[
            NewBoard {
                name: "Easy",
                size: "8x8",
                answer: "2..3",
                params: &[],
            },
            NewBoard {
                name: "Medium",
                size: "8x8",
                answer: "4..6",
                params: &[],
            },
            NewBoard {
                name: "Hard",
                size: "8x8",
                answer: "7..10",
                params: &[],
            },
        ],
    };

    fn position_json(&self, case: &Board, state: &State) -> Value {
        let broken: Vec<Value> = state
            .broken
            .ids()
            .iter()
            .map(|&id| cell_json(case.blocks()[id as usize]))
            .collect();
        json!({ "stone": cell_json(state.stone), "broken": broken })
    }

    fn draft_text(&self, draft: &Value) -> Result<String, String> {
        let grid = DraftGrid::read(draft, DRAFT_CELLS)?;
        Ok(grid.matrix_text(|c| code(c).to_string(), Self::INFO.terminator))
    }

    fn draft_lacks(&self, draft: &Value) -> Option<String> {
        DraftGrid::read(draft, DRAFT_CELLS)
            .ok()?
            .lacks_start_and_goal("stone")
    }

    fn game_id(&self, draft: &Value) -> Result<String, String> {
        // curling/WxH/CELLS[/cap=N|none][/adjacent=break]: the judge codes,
        // 2 bits a cell.
        let grid = DraftGrid::read(draft, DRAFT_CELLS)?;
        let codes: Vec<u8> = grid.cells.iter().map(|&c| code(c)).collect();
        let mut id = format!(
            "{}/{}/{}",
            Self::INFO.name,
            grid.size_text(),
            page::pack(&codes, 2)
        );
        if self.max_throws != Some(JUDGE_MAX_THROWS) {
            id.push_str(&format!("/cap={}", cap_text(self.max_throws)));
        }
        if self.adjacent != Adjacent::Refused {
            id.push_str(&format!("/adjacent={}", self.adjacent));
        }
        Ok(id)
    }

    fn from_game_id(id: &str) -> Result<(Curling, Value), String> {
        let parts = page::split_id(id)?;
        let codes = page::unpack(parts.cells, 2, (parts.width * parts.height) as usize)?;
        let settings = page::id_settings(&parts.rest)?;
        let mut puzzle = Curling::default();
        // An empty cap is the judge's, as the page always read it.
        if let Some(cap) = page::setting(&settings, "cap").filter(|c| !c.is_empty()) {
            puzzle.set("max-throws", cap)?;
        }
        if let Some(rule) = page::setting(&settings, "adjacent").filter(|r| !r.is_empty()) {
            puzzle.set("adjacent-block", rule)?;
        }
        let grid = DraftGrid::from_codes(parts.width, parts.height, &codes, DRAFT_CELLS);
        Ok((puzzle, Value::Object(grid.json())))
    }
}

impl JudgeKit for Curling {
    const VARIANTS: &'static [Variant] = &[
        Variant {
            name: "no-cap",
            words: "without the 10-throw cap (`--max-throws none`)",
            settings: &[("max-throws", "none")],
        },
        Variant {
            name: "adjacent-break",
            words: "with throws into an adjacent block allowed (`--adjacent-block break`: the stone stays, the block breaks)",
            settings: &[("adjacent-block", "break")],
        },
    ];

    const JUDGE: JudgeInfo = JudgeInfo {
        limits: crate::validate::LIMITS,
        format: crate::validate::FORMAT,
    };

    const PACKAGE: Option<gridpuzzle_engine::package::PackageInfo> = Some(crate::package::PACKAGE);

    fn validate(&self, input: &mut Input<'_>) {
        crate::validate::validate(input)
    }

    fn presets(&self) -> Vec<Preset> {
        crate::presets::presets(self.max_throws)
    }
}

/// The board of the lesson `stops-are-not-states`: the way to the goal
/// passes the start twice (up, down, down), which a search marking stops
/// only drops.
pub(crate) const STOPS_ARE_NOT_STATES: &str = "3 5
1 1 1
1 0 0
0 2 1
0 1 0
0 3 0
0 0
";

impl Watch for Curling {
    const ALGORITHMS: &'static [gridpuzzle_engine::trace::Algorithm] = &[
        gridpuzzle_engine::trace::Algorithm {
            name: "seed-dfs",
            title: "the contest's depth-first search",
            about: "The classic contest solution: from each stop it throws right, left, down \
                    and up in that order, follows every throw that stops at a block (breaking \
                    it, and mending it on the way back) until 10 throws are made, and never \
                    compares with the best answer found so far. A throw that passes the goal \
                    ends the whole stop, whatever directions are left. Every call counts as an \
                    expansion, so its count is the contest program's own; on an open board it \
                    grows like 4 to the power of the depth.",
            exact: true,
            frontier: "stack",
            code: &[
                ("", "search(stop, throws):"),
                ("expand", "  expand: count this call"),
                ("", "  for dir in right, left, down, up:"),
                (
                    "",
                    "    if a block lies right next to the stone that way: skip",
                ),
                (
                    "goal",
                    "    slide; passing the goal: answer = min(answer, throws + 1); return",
                ),
                ("prune:dead-end", "    slid off the board: skip (dead end)"),
                ("prune:cap", "    if throws + 1 = 10: skip (cap)"),
                ("generate", "    stopped in front of a block: break it"),
                ("", "    search(new stop, throws + 1); mend the block"),
            ],
        },
        gridpuzzle_engine::trace::Algorithm {
            name: "dfs-bb",
            title: "depth-first branch and bound",
            about: "The common public solution: the seed's depth-first search in the same \
                    order, with the best answer found so far as a bound. A throw past the \
                    goal records an answer but the stop's other directions are still tried; \
                    a throw that stops at a block is followed only while one more throw \
                    could still beat the best answer (prune 'bound') and fit in the 10 \
                    throws (prune 'cap'); each better answer lowers the bound (an event \
                    'bound'). Exact, and cheaper than the seed once an answer is known; no \
                    cheaper when there is none.",
            exact: true,
            frontier: "stack",
            code: &[
                ("", "search(stop, throws):"),
                ("expand", "  expand: count this call"),
                ("", "  for dir in right, left, down, up:"),
                (
                    "",
                    "    if a block lies right next to the stone that way: skip",
                ),
                (
                    "goal",
                    "    slide; passing the goal: an answer of throws + 1",
                ),
                (
                    "bound",
                    "      if it beats best: best = throws + 1 (the bound falls); next dir",
                ),
                ("prune:dead-end", "    slid off the board: skip (dead end)"),
                ("prune:cap", "    if throws + 1 = 10: skip (cap)"),
                (
                    "prune:bound",
                    "    if throws + 2 >= best: skip (bound: it cannot beat the best)",
                ),
                ("generate", "    stopped in front of a block: break it"),
                ("", "    search(new stop, throws + 1); mend the block"),
            ],
        },
        gridpuzzle_engine::trace::Algorithm {
            name: "bfs",
            title: "breadth-first search over stops and broken blocks",
            about: "A breadth-first search whose state is the stone's stop and the set of \
                    blocks broken so far, with a visited set: the same stop reached again \
                    with the same blocks broken is dropped (prune 'visited'), so a state is \
                    expanded once however many throw orders reach it. The first throw onto \
                    the goal is an optimal answer. It pays in memory what it saves in time: \
                    every state of a depth is held at once.",
            exact: true,
            frontier: "queue",
            code: &[
                ("", "queue = [(start, no block broken)]; visited = {it}"),
                ("expand", "take the first state off the queue"),
                ("", "for dir in right, left, down, up:"),
                (
                    "",
                    "  if a block lies right next to the stone that way: skip",
                ),
                (
                    "goal",
                    "  slide; passing the goal: answer = depth + 1; stop",
                ),
                ("prune:dead-end", "  slid off the board: skip (dead end)"),
                ("prune:cap", "  if depth + 1 = 10: skip (cap)"),
                (
                    "prune:visited",
                    "  if (stop, broken blocks) is in visited: skip (visited)",
                ),
                (
                    "generate",
                    "  add it to visited and to the back of the queue",
                ),
            ],
        },
        gridpuzzle_engine::trace::Algorithm {
            name: "bfs-stops",
            title: "breadth-first search that marks stops only",
            about: "A tempting mistake: bfs with a visited set of the stone's stops \
                    alone, the broken blocks forgotten. A stop reached again with other \
                    blocks broken is dropped (prune 'visited'), although from there the \
                    stone may have other throws: a block one way broke is still standing \
                    on the other, and the stone can stop in front of it. Every answer it \
                    gives is a real plan's length, so it is never too short; it is too long, \
                    or -1, where the way to the goal needs one stop twice with different \
                    blocks broken (see the lesson stops-are-not-states).",
            exact: false,
            frontier: "queue",
            code: &[
                ("", "queue = [(start, no block broken)]; visited = {start}"),
                ("expand", "take the first state off the queue"),
                ("", "for dir in right, left, down, up:"),
                (
                    "",
                    "  if a block lies right next to the stone that way: skip",
                ),
                (
                    "goal",
                    "  slide; passing the goal: answer = depth + 1; stop",
                ),
                ("prune:dead-end", "  slid off the board: skip (dead end)"),
                ("prune:cap", "  if depth + 1 = 10: skip (cap)"),
                (
                    "prune:visited",
                    "  if the stop is in visited: skip (visited; its broken blocks unasked)",
                ),
                (
                    "generate",
                    "  add the stop to visited, the state to the back of the queue",
                ),
            ],
        },
        gridpuzzle_engine::trace::Algorithm {
            name: "gridpuzzle",
            title: "gridpuzzle's own search",
            about: "What `gridpuzzle solve` runs: a depth-first branch and bound over one \
                    board played forward and back (a throw breaks a block, the way back \
                    mends it). Before it follows a throw it asks a lower bound, the throws \
                    the goal needs if a stone could stop anywhere in front of a block; a \
                    stop whose bound does not fit in the throws left is cut without a throw \
                    (a prune 'bound', or 'cap' against the 10 throws). Each plan found \
                    lowers the cap below its length, so the last plan found is optimal and \
                    a search that ends without one proves -1.",
            exact: true,
            frontier: "stack",
            code: &[
                ("", "search(stop, throws left):"),
                ("expand", "  expand the stop"),
                ("", "  for each throw from it:"),
                (
                    "prune:dead-end",
                    "    if it is blocked or leaves the board: skip (dead end)",
                ),
                (
                    "goal",
                    "    if it reaches the goal: plan found; cap = its length - 1",
                ),
                (
                    "prune:bound",
                    "    if the goal's lower bound from the stop does not fit: skip (bound)",
                ),
                (
                    "prune:cap",
                    "    if no throw is left under the cap: skip (cap)",
                ),
                ("generate", "    break the block, search(new stop), mend it"),
            ],
        },
    ];

    const LESSONS: &'static [gridpuzzle_engine::trace::Lesson] = &[
        gridpuzzle_engine::trace::Lesson {
            name: "explodes",
            title: "where the contest's search explodes",
            about: "An open 20 x 20 board with a 4-throw answer. The contest's \
                    search follows every throw to 10 throws and never compares with \
                    the answer it already has, so it makes 28,808 calls; branch and \
                    bound stops a line as soon as it cannot beat the best answer \
                    (150 expansions), breadth-first search stops at the first \
                    answer's depth (18), and gridpuzzle's bound cuts throws that \
                    cannot reach the goal in time (73). Watch the depth chart: the \
                    seed's curve climbs by a factor of three or four a throw.",
            input: r#"20 20
1 0 0 1 0 1 1 0 0 0 1 0 1 0 0 0 0 1 0 1
1 0 0 0 0 0 0 1 0 0 0 0 0 0 1 0 0 1 0 1
1 0 0 0 0 1 1 1 0 0 1 1 1 0 1 0 1 1 1 1
1 0 1 1 1 1 0 0 1 1 0 0 0 0 0 1 1 1 0 0
0 1 0 0 0 0 0 0 0 0 0 1 1 1 1 0 0 0 0 0
1 0 0 0 0 1 0 0 0 0 0 0 1 1 0 0 0 0 0 0
0 0 0 1 0 1 1 1 0 1 3 0 1 0 0 1 0 1 0 0
0 0 0 0 1 0 1 0 0 0 1 1 0 0 0 0 1 0 0 0
1 0 0 0 0 0 1 0 1 1 0 0 0 0 0 1 0 1 0 0
1 0 0 0 1 1 1 2 0 0 1 1 0 0 0 1 1 0 0 0
0 1 0 1 1 1 0 0 0 0 0 0 0 1 0 0 1 0 0 0
0 0 0 0 1 0 1 0 1 0 0 0 0 0 0 0 1 0 1 0
0 0 0 1 1 1 0 0 0 0 0 1 0 0 0 0 1 0 1 1
0 0 0 0 0 1 0 1 0 0 1 1 1 1 0 0 0 0 0 0
0 0 0 0 1 0 1 1 0 0 0 1 0 0 0 0 0 1 0 0
0 0 0 0 1 0 1 0 0 0 1 0 0 0 0 1 1 0 1 0
0 1 1 1 1 1 0 0 0 0 1 0 1 1 1 0 1 1 0 0
0 0 1 0 0 1 0 0 0 0 0 0 0 0 0 1 1 0 1 0
0 0 1 1 0 0 1 0 1 0 0 0 0 1 0 0 0 0 0 1
0 0 0 1 0 0 1 0 1 1 0 1 0 1 0 1 0 0 1 0
0 0
"#,
            algorithms: &["seed-dfs", "dfs-bb", "bfs", "gridpuzzle"],
        },
        gridpuzzle_engine::trace::Lesson {
            name: "bound-proves",
            title: "a -1 proved without a search",
            about: "The goal in a corner. To pass over it the stone must slide along the top \
                    row or the left column, so it must first stop in one of them, and \
                    nothing there can stop it: no block lies beyond the edge. The contest's \
                    search and branch and bound still try everything within 10 throws (158 \
                    calls), breadth-first search every distinct state (145); gridpuzzle's \
                    lower bound sees at the start that no number of throws reaches the goal \
                    and answers -1 having expanded nothing (one prune, 'dead-end').",
            input: r#"10 10
3 0 0 0 0 0 1 0 0 0
0 1 0 1 1 0 0 0 0 0
1 0 0 0 0 0 0 0 1 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 1 0 0 0 0
0 0 0 1 1 0 0 0 1 0
1 0 0 0 1 0 2 0 1 0
0 0 1 0 0 0 0 0 0 0
0 0 0 0 0 1 0 0 0 0
0 0 0 0 0 0 0 0 0 1
0 0
"#,
            algorithms: &["seed-dfs", "bfs", "gridpuzzle"],
        },
        gridpuzzle_engine::trace::Lesson {
            name: "stops-are-not-states",
            title: "where marking stops only answers wrong",
            about: "A 3 x 5 board whose answer is 3 throws: up, breaking the block above; \
                    down, back to the start, breaking the block below it; down again, over \
                    the goal. The way needs the start twice, with different blocks \
                    standing. Breadth-first search over (stop, broken blocks) finds it; \
                    the same search marking stops only has marked the start already, drops \
                    the way back as visited, and answers -1.",
            input: STOPS_ARE_NOT_STATES,
            algorithms: &["bfs", "bfs-stops", "gridpuzzle"],
        },
    ];

    fn judge_rules(&self) -> bool {
        *self == Self::default()
    }

    fn trace(
        &self,
        case: &Board,
        algorithm: &str,
        rec: &mut gridpuzzle_engine::trace::Recorder<'_>,
    ) -> Result<gridpuzzle_engine::trace::Traced, gridpuzzle_engine::trace::Stop> {
        match algorithm {
            "seed-dfs" => crate::seed::seed_trace(case, rec),
            "dfs-bb" => crate::watch::dfs_bb_trace(case, rec),
            "bfs" => crate::watch::bfs_trace(case, rec),
            "bfs-stops" => crate::watch::bfs_stops_trace(case, rec),
            "gridpuzzle" => crate::solve::trace(case, rec.limits(), rec),
            other => Err(gridpuzzle_engine::trace::Stop::Unknown(other.to_string())),
        }
    }
}

/// The checks of a wanted answer under a cap, in the command line's words
/// (the API names the options its own way).
fn check_answer(want: Want, cap: Option<u32>) -> Result<(), String> {
    if want.max == Some(0) {
        return Err(
            "a Curling board needs at least one throw: --answer 0 asks for the impossible".into(),
        );
    }
    if let Some(cap) = cap.filter(|&cap| want.min > cap as i64) {
        return Err(format!(
            "no board needs {} throws under a cap of {cap}: raise --max-throws or lower --answer",
            want.min
        ));
    }
    Ok(())
}
