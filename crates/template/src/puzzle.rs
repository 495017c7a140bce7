//! Ice behind the engine's contract: the core [`Puzzle`] and the two
//! capabilities it has, a generator ([`Generate`]) and a page ([`Page`]).
//! Rules are [`crate::rules`]'s; the board's formats, drafts, links,
//! generator and shrinker are the engine's ([`gridpuzzle_engine::board`]).

use std::io::BufRead;

use gridpuzzle_engine::board::{self, Reader, Tuning};
use gridpuzzle_engine::caps::{
    BestOf, GenInfo, GenSpec, Generate, HardSpec, Levels, NewBoard, OnImprove, Page, PageInfo,
};
use gridpuzzle_engine::generate::Generator;
use gridpuzzle_engine::page::{cell_json, DraftCell, DraftLook, Edit, Tool};
use gridpuzzle_engine::puzzle::{Cases, Info, Puzzle};
use gridpuzzle_engine::search::{Limits, Search};
use gridpuzzle_engine::view::{BoardView, Mark, Role};
use gridpuzzle_engine::{Dir, Pos};
use serde_json::{json, Value};

use crate::rules::{slide, Board, Cell, Slid};

/// Ice: it has no rule settings, so it is a unit struct.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ice;

const ICE: Mark = Mark::new("·", ".", Role::Floor);
const WALL: Mark = Mark::new("█", "#", Role::Wall);
const START: Mark = Mark::new("·", ".", Role::Start);
const GOAL: Mark = Mark::new("◎", "G", Role::Goal);
const STONE: Mark = Mark::new("●", "O", Role::Piece);

/// The mark of each cell of the rink.
fn mark(c: Cell) -> Mark {
    match c {
        Cell::Ice => ICE,
        Cell::Wall => WALL,
        Cell::Start => START,
        Cell::Goal => GOAL,
    }
}

const TUNING: Tuning = Tuning {
    densities: (0, 50),
    max_expanded: 1 << 20,
    climb_steps: 200,
};

impl Puzzle for Ice {
    const INFO: Info = Info {
        name: "ice",
        title: "Ice",
        about: "Ice: fewest slides of the stone to rest on the goal, or -1",
        format_help: "Input: boards `w h` followed by h rows of w cells \
            (. ice, # wall, S start, G goal), ended by `0 0`.\n\
            Judge output: one line per board, the fewest slides or -1.",
        unit: "board",
        board: "rink",
        one_move: "slide",
        moves: "slides",
        terminator: board::TERMINATOR,
        samples: include_str!("../../../samples/ice.in"),
        piece: "stone",
        goal: "goal",
    };

    type Move = Dir;
    type Case = Board;
    /// The stone's cell.
    type State = Pos;
    type Event = Slid;

    fn cases<'a>(&self, reader: Box<dyn BufRead + 'a>) -> Cases<'a, Board> {
        Box::new(Reader::new(reader, Self::INFO.unit, 1 << 22))
    }

    fn write_case(&self, case: &Board) -> String {
        case.text()
    }

    fn size(case: &Board) -> (u32, u32) {
        (case.width(), case.height())
    }

    fn start(&self, case: &Board) -> Pos {
        case.start()
    }

    fn apply(&self, case: &Board, &from: &Pos, _: usize, dir: Dir) -> Result<(Pos, Slid), String> {
        if from == case.goal() {
            return Err("the stone already rests on the goal".into());
        }
        let to = slide(case, from, dir)?;
        Ok((to, Slid { from, to }))
    }

    fn is_won(&self, case: &Board, &stone: &Pos) -> bool {
        stone == case.goal()
    }

    fn solve_from(&self, case: &Board, &stone: &Pos, _: usize, limits: &Limits) -> Search<Dir> {
        crate::rules::solve_from(case, stone, limits)
    }

    fn view(
        &self,
        case: &Board,
        &stone: &Pos,
        last: Option<(&Pos, Dir, &Slid)>,
        hint: Option<Dir>,
    ) -> BoardView {
        let mut v = case.view(stone, mark);
        if let Some((_, dir, slid)) = last {
            let mut p = slid.from;
            while p != slid.to {
                v.set(p, Mark::trail(dir));
                p = case.grid().step(p, dir).expect("a slide stays on the rink");
            }
        }
        if let Some(to) = hint.and_then(|d| slide(case, stone, d).ok().map(|to| (d, to))) {
            v.over(to.1, Mark::hint(to.0));
        }
        v.piece([(stone, STONE)]);
        v
    }

    fn describe(&self, dir: Dir, slid: &Slid) -> String {
        let cells = slid.from.row.abs_diff(slid.to.row) + slid.from.col.abs_diff(slid.to.col);
        format!("the stone slides {} for {cells} cells", dir.word())
    }

    fn legend(&self) -> Vec<(Mark, &'static str)> {
        let slide = Mark::trail(Dir::Right);
        vec![
            (STONE, "stone"),
            (WALL, "wall"),
            (GOAL, "goal"),
            (slide, "slide"),
        ]
    }
}

impl Generate for Ice {
    type Landscape = board::Layouts<Ice>;

    const GEN: GenInfo = GenInfo {
        density: "walls",
        params: &[],
        fresh_answer: (3, 6),
        fresh_params: &[],
        max_expanded: TUNING.max_expanded,
    };

    fn generator(&self, spec: &GenSpec, seed: u64) -> Result<Generator<Self::Landscape>, String> {
        board::generator(self, spec, seed, TUNING)
    }

    fn hardest(
        &self,
        spec: &HardSpec,
        seed: u64,
        on_improve: OnImprove<'_, Self>,
    ) -> Result<Option<BestOf<Self>>, String> {
        board::hardest(self, spec, seed, TUNING, on_improve)
    }

    fn smaller(&self, case: &Board) -> Box<dyn Iterator<Item = Board>> {
        Box::new(case.smaller().into_iter())
    }
}

impl Page for Ice {
    #[rustfmt::skip] // a table: one cell, tool or level a line
    const PAGE: PageInfo = PageInfo {
        editor: DraftLook {
            cells: &[
                DraftCell::new('.', "ice", ICE, None),
                DraftCell::new('#', "wall", WALL, None),
                DraftCell::new('S', "start", START, Some(STONE)),
                DraftCell::new('G', "goal", GOAL, None),
            ],
            spots: &[],
            chains: &[],
            tools: &[
                Tool::new("ice", "Ice", "Tap or drag to clear walls.", Edit::Paint('.')),
                Tool::new("wall", "Wall", "Tap or drag to place walls.", Edit::Paint('#')),
                Tool::new("start", "Start", "Tap to place the stone's start.", Edit::Place('S')),
                Tool::new("goal", "Goal", "Tap to place the goal.", Edit::Place('G')),
            ],
            tool: "wall",
        },
        rules: "Slide the stone up, down, left or right: it glides over the ice until a \
            wall or the edge of the rink stops it. Sliding over the goal does not count: \
            the stone must come to rest on it. Rest on the goal in as few slides as you can.",
        aim: "Slide the red stone to rest on the ring in as few slides as you can.",
        legend: &[
            (Role::Floor, "ice: the stone glides over it"),
            (Role::Wall, "wall: stops the stone"),
            (Role::Goal, "goal: the stone must rest here"),
            (Role::Piece, "the stone you slide"),
        ],
        showcase: 2,
        board_settings: &[],
        levels: &[Levels { name: "Samples", input: Self::INFO.samples, output: include_str!("../../../samples/ice.out") }],
        difficulties: &[
            NewBoard::new("Easy", "6x6", "2..3"),
            NewBoard::new("Medium", "8x8", "4..6"),
            NewBoard::new("Hard", "10x10", "7..12"),
        ],
    };

    fn board_json(&self, case: &Board) -> Value {
        case.draft()
    }

    fn state_json(&self, &stone: &Pos) -> Value {
        json!({ "stone": cell_json(stone) })
    }

    fn draft_text(&self, draft: &Value) -> Result<String, String> {
        board::draft_text::<Cell>(draft)
    }

    fn draft_lacks(&self, draft: &Value) -> Option<String> {
        board::draft_lacks::<Cell>(draft, Self::INFO.piece)
    }

    fn game_id(&self, draft: &Value) -> Result<String, String> {
        board::game_id::<Cell>(Self::INFO.name, draft, &[])
    }

    fn from_game_id(id: &str) -> Result<(Ice, Value), String> {
        let (settings, draft) = board::read_game_id::<Cell>(id)?;
        match settings.first() {
            Some((key, _)) => Err(format!("unknown setting `{key}` in the link: ice has none")),
            None => Ok((Ice, draft)),
        }
    }
}
