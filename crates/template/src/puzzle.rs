//! Walk behind the engine's one puzzle contract ([`Puzzle`]).
//!
//! This file is the whole of what the front ends and the conformance suite
//! see of a puzzle. Like every puzzle's `puzzle.rs` it decides no rule:
//! each method forwards to [`crate::rules`], [`crate::parse`],
//! [`crate::generate`] or [`crate::render`], so the command line, the
//! server, the tests and the solver all run the same code.

use std::io::BufRead;
use std::time::Duration;

use gridpuzzle_engine::caps::{
    GenInfo, GenSpec, Generate, HardSpec, Levels, NewBoard, Page, PageInfo, Setting, Settings,
};
use gridpuzzle_engine::generate::{Best, Generator};
use gridpuzzle_engine::page::{self, DraftCell, DraftGrid, DraftLook, Edit, Tool};
use gridpuzzle_engine::puzzle::{Cases, Info, Puzzle};
use gridpuzzle_engine::search::{Limits, Search};
use gridpuzzle_engine::view::{BoardView, Mark, Role};
use gridpuzzle_engine::{Move, Pos};
use serde_json::{json, Value};

use crate::generate::{Fields, GenerateOptions, HardestOptions, DEFAULT_MAX_EXPANDED};
use crate::rules::{step, Board, Step};

/// The characters of a page's draft: the judge's cells.
const DRAFT_CELLS: &str = ".#SG";

/// Walk under its one rule setting: may the king move diagonally.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Walk {
    pub diagonals: bool,
}

impl Default for Walk {
    fn default() -> Walk {
        Walk { diagonals: true }
    }
}

/// What a legal move did: the king went from `from` to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Walked {
    pub from: Pos,
    pub to: Pos,
}

impl Walk {
    fn fields(&self, width: u32, height: u32) -> Fields {
        Fields {
            width,
            height,
            diagonals: self.diagonals,
        }
    }
}

/// A cell as `[row, column]`, 0-based (the page's coordinates).
fn cell(p: Pos) -> Value {
    json!([p.row, p.col])
}

/// The request checks shared by the generator and `--hardest`.
fn check_size(width: u32, height: u32) -> Result<(), String> {
    if (width as u64) * (height as u64) < 2 {
        return Err(format!(
            "a template board needs at least two cells (a start and a goal), found --size {width}x{height}"
        ));
    }
    Ok(())
}

fn no_params(params: &[(String, String)]) -> Result<(), String> {
    match params.first() {
        Some((key, _)) => Err(format!("unknown parameter `{key}` for template")),
        None => Ok(()),
    }
}

impl Puzzle for Walk {
    const INFO: Info = Info {
        name: "template",
        title: "Walk (template)",
        about: "Walk: fewest king moves from S to G around walls, or -1",
        format_help: "Input: boards `w h` followed by h rows of w cells \
            (. floor, # wall, S start, G goal), ended by `0 0`.\n\
            Judge output: one line per board, the fewest moves or -1.",
        unit: crate::parse::UNIT,
        board: "board",
        one_move: "move",
        moves: "moves",
        terminator: crate::parse::TERMINATOR,
        samples: include_str!("../../../samples/template.in"),
        piece: "king",
        goal: "goal",
    };

    type Move = Step;
    type Case = Board;
    /// The king's cell.
    type State = Pos;
    type Event = Walked;

    fn cases<'a>(&self, reader: Box<dyn BufRead + 'a>) -> Cases<'a, Board> {
        Box::new(crate::parse::Boards::new(reader))
    }

    fn write_case(&self, case: &Board) -> String {
        crate::parse::write_board(case)
    }

    fn size(case: &Board) -> (u32, u32) {
        (case.width(), case.height())
    }

    fn start(&self, case: &Board) -> Pos {
        case.start()
    }

    fn apply(
        &self,
        case: &Board,
        &king: &Pos,
        _used: usize,
        mv: Step,
    ) -> Result<(Pos, Walked), String> {
        let to = step(case, self.diagonals, king, mv).map_err(|e| e.to_string())?;
        Ok((to, Walked { from: king, to }))
    }

    fn is_won(&self, case: &Board, &king: &Pos) -> bool {
        king == case.goal()
    }

    fn solve_from(&self, case: &Board, &king: &Pos, _used: usize, limits: &Limits) -> Search<Step> {
        crate::rules::solve_from(case, self.diagonals, king, limits)
    }

    fn view(
        &self,
        case: &Board,
        &king: &Pos,
        last: Option<(&Pos, Step, &Walked)>,
        hint: Option<Step>,
    ) -> BoardView {
        let last = last.map(|(&from, mv, _)| (from, mv));
        crate::render::view(case, self.diagonals, king, last, hint)
    }

    fn describe(&self, mv: Step, _: &Walked) -> String {
        format!("the king steps {}", mv.word())
    }

    fn legend(&self) -> Vec<(Mark, &'static str)> {
        crate::render::legend()
    }
}

impl Settings for Walk {
    const SETTINGS: &'static [Setting] = &[Setting {
        key: "diagonals",
        value_name: "yes|no",
        default: "yes",
        choices: &["yes", "no"],
        help: "Whether the king may move diagonally (7 9 1 3)",
    }];

    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match (key, value) {
            ("diagonals", "yes") => self.diagonals = true,
            ("diagonals", "no") => self.diagonals = false,
            ("diagonals", _) => return Err(format!("expected `yes` or `no`, found `{value}`")),
            _ => return Err(format!("unknown setting `{key}` for {}", Self::INFO.name)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> String {
        match key {
            "diagonals" if self.diagonals => "yes".into(),
            "diagonals" => "no".into(),
            _ => String::new(),
        }
    }
}

impl Generate for Walk {
    type Landscape = Fields;

    const GEN: GenInfo = GenInfo {
        density: "walls",
        params: &[],
        fresh_answer: (4, 10),
        fresh_params: &[],
        max_expanded: 2_000_000,
    };

    fn generator(&self, spec: &GenSpec, seed: u64) -> Result<Generator<Fields>, String> {
        let (width, height) = (spec.width, spec.height);
        check_size(width, height)?;
        no_params(&spec.params)?;
        if spec.want.max == Some(0) {
            return Err("the start and the goal differ: --answer 0 asks for the impossible".into());
        }
        let longest = width as i64 * height as i64 - 1;
        if spec.want.min > longest {
            return Err(format!(
                "no {width}x{height} board needs {} moves: at most {longest} cells lie between a start and a goal",
                spec.want.min
            ));
        }
        let opts = GenerateOptions {
            fields: self.fields(width, height),
            want: spec.want,
            density: spec.density,
            max_expanded: spec.max_expanded.unwrap_or(DEFAULT_MAX_EXPANDED),
            attempts: spec.attempts,
            cancel: spec.cancel.clone(),
        };
        Ok(crate::generate::generate(&opts, seed))
    }

    fn hardest(
        &self,
        spec: &HardSpec,
        seed: u64,
        on_improve: &mut dyn FnMut(&Best<Board, Step>, Duration),
    ) -> Result<Option<Best<Board, Step>>, String> {
        check_size(spec.width, spec.height)?;
        no_params(&spec.params)?;
        let opts = HardestOptions {
            fields: self.fields(spec.width, spec.height),
            density: spec.density.unwrap_or(25),
            time: spec.time,
            max_expanded: spec.max_expanded.unwrap_or(DEFAULT_MAX_EXPANDED),
            cancel: spec.cancel.clone(),
        };
        Ok(crate::generate::hardest(&opts, seed, on_improve))
    }

    fn smaller(&self, case: &Board) -> Box<dyn Iterator<Item = Board>> {
        Box::new(crate::generate::smaller(case).into_iter())
    }
}

impl Page for Walk {
    fn board_json(&self, case: &Board) -> Value {
        let rows: Vec<String> = case
            .grid()
            .rows()
            .map(|row| row.iter().map(|c| c.symbol()).collect())
            .collect();
        json!({
            "width": case.width(),
            "height": case.height(),
            "rows": rows,
            "start": cell(case.start()),
            "goal": cell(case.goal()),
        })
    }

    fn state_json(&self, &king: &Pos) -> Value {
        json!({ "king": cell(king) })
    }

    const PAGE: PageInfo = PageInfo {
        editor: DraftLook {
            cells: &[
                DraftCell {
                    ch: '.',
                    word: "floor",
                    mark: crate::render::FLOOR,
                    piece: None,
                },
                DraftCell {
                    ch: '#',
                    word: "wall",
                    mark: crate::render::WALL,
                    piece: None,
                },
                DraftCell {
                    ch: 'S',
                    word: "start",
                    mark: Mark::new("·", ".", Role::Start),
                    piece: Some(crate::render::KING),
                },
                DraftCell {
                    ch: 'G',
                    word: "goal",
                    mark: crate::render::GOAL,
                    piece: None,
                },
            ],
            spots: &[],
            chains: &[],
            tools: &[
                Tool {
                    id: "floor",
                    label: "Floor",
                    help: "Click or drag to clear walls.",
                    edit: Edit::Paint('.'),
                },
                Tool {
                    id: "wall",
                    label: "Wall",
                    help: "Click or drag to place walls.",
                    edit: Edit::Paint('#'),
                },
                Tool {
                    id: "start",
                    label: "Start",
                    help: "Click to place the king's start.",
                    edit: Edit::Place('S'),
                },
                Tool {
                    id: "goal",
                    label: "Goal",
                    help: "Click to place the goal.",
                    edit: Edit::Place('G'),
                },
            ],
            tool: "wall",
        },
        rules: "Move the king one cell at a time, up, down, left, right or \
            diagonally (unless diagonals are off), never onto a wall or off the board. \
            Reach the goal in as few moves as you can.",
        aim: "Walk the red king to the ring in as few moves as you can.",
        legend: &[
            (Role::Floor, "floor"),
            (Role::Wall, "wall"),
            (Role::Start, "where the king started"),
            (Role::Goal, "goal"),
            (Role::Piece, "the king you move"),
        ],
        // The second sample (9 moves): the first is three moves.
        showcase: 2,
        board_settings: &[],
        levels: &[Levels {
            name: "Samples",
            input: Self::INFO.samples,
            output: include_str!("../../../samples/template.out"),
        }],
        difficulties: &[
            NewBoard {
                name: "Easy",
                size: "6x6",
                answer: "3..5",
                params: &[],
            },
            NewBoard {
                name: "Medium",
                size: "8x8",
                answer: "6..8",
                params: &[],
            },
            NewBoard {
                name: "Hard",
                size: "10x10",
                answer: "9..14",
                params: &[],
            },
        ],
    };

    fn draft_text(&self, draft: &Value) -> Result<String, String> {
        let grid = DraftGrid::read(draft, DRAFT_CELLS)?;
        Ok(grid.matrix_text(|c| char::from(c).to_string(), Self::INFO.terminator))
    }

    fn draft_lacks(&self, draft: &Value) -> Option<String> {
        DraftGrid::read(draft, DRAFT_CELLS)
            .ok()?
            .lacks_start_and_goal("king")
    }

    fn game_id(&self, draft: &Value) -> Result<String, String> {
        // template/WxH/CELLS[/diagonals=no]: the cells' index in `.#SG`,
        // 2 bits a cell.
        let grid = DraftGrid::read(draft, DRAFT_CELLS)?;
        let codes: Vec<u8> = grid
            .cells
            .iter()
            .map(|&c| DRAFT_CELLS.bytes().position(|d| d == c).unwrap_or(0) as u8)
            .collect();
        let mut id = format!(
            "{}/{}/{}",
            Self::INFO.name,
            grid.size_text(),
            page::pack(&codes, 2)
        );
        if !self.diagonals {
            id.push_str("/diagonals=no");
        }
        Ok(id)
    }

    fn from_game_id(id: &str) -> Result<(Walk, Value), String> {
        let parts = page::split_id(id)?;
        let codes = page::unpack(parts.cells, 2, (parts.width * parts.height) as usize)?;
        let settings = page::id_settings(&parts.rest)?;
        let mut puzzle = Walk::default();
        if let Some(value) = page::setting(&settings, "diagonals") {
            puzzle.set("diagonals", value)?;
        }
        let grid = DraftGrid::from_codes(parts.width, parts.height, &codes, DRAFT_CELLS);
        Ok((puzzle, Value::Object(grid.json())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridpuzzle_engine::generate::answer_of;

    #[test]
    fn samples_give_the_sample_answers() {
        let walk = Walk::default();
        let answers: Vec<String> = walk
            .cases(Box::new(Walk::INFO.samples.as_bytes()))
            .map(|b| {
                let found = walk.solve(&b.unwrap(), &Limits::none());
                answer_of(&found).unwrap().to_string() + "\n"
            })
            .collect();
        assert_eq!(
            answers.concat(),
            include_str!("../../../samples/template.out")
        );
    }
}

#[cfg(test)]
mod drawing {
    use super::*;
    use gridpuzzle_engine::view::TextStyle;

    fn board(text: &str) -> Board {
        crate::parse::Boards::new(text.as_bytes())
            .next()
            .unwrap()
            .unwrap()
    }

    #[test]
    fn explain_draws_every_move_with_its_arrow() {
        let b = board("3 2\nS # .\n. . G\n");
        let plan = [Step::DownRight, Step::Right];
        let ascii = TextStyle {
            ascii: true,
            color: false,
        };
        let text = gridpuzzle_engine::caps::explain(
            &Walk::default(),
            gridpuzzle_engine::caps::Caps::NONE.narration(),
            &b,
            &plan,
            ascii,
        );
        assert_eq!(
            text,
            "legend: K king  # wall  G goal  / last move\n\
             start: the king is at row 1, column 1, the goal at row 2, column 3\n\
             \x20 K # .\n  . . G\n\
             move 1 of 2 (3): the king steps down-right to row 2, column 2\n\
             \x20 \\ # .\n  . K G\n\
             move 2 of 2 (6): the king steps right to row 2, column 3\n\
             \x20 . # .\n  . > K\n"
        );
        let straight = Walk { diagonals: false };
        assert_eq!(
            gridpuzzle_engine::caps::explain(
                &straight,
                gridpuzzle_engine::caps::Caps::NONE.narration(),
                &b,
                &plan,
                ascii
            ),
            "(cannot replay: move 1 (3): diagonal moves are off (`diagonals no`))\n"
        );
    }

    #[test]
    fn pictures_are_whole_documents() {
        let b = board("3 2\nS # .\n. . G\n");
        let plan = [Step::DownRight, Step::Right];
        let walk = Walk::default();
        let moving = gridpuzzle_engine::caps::svg(&walk, &b, &plan, None).unwrap();
        assert!(moving.starts_with("<svg") && moving.ends_with("</svg>\n"));
        assert!(moving.contains("values=\""), "animated");
        let still = gridpuzzle_engine::caps::svg(&walk, &b, &plan, Some(1)).unwrap();
        assert!(
            still.contains("class=\"piece\" data-cell=\"2,2\""),
            "{still}"
        );
        assert!(gridpuzzle_engine::caps::svg(&walk, &b, &plan, Some(3)).is_err());
        assert!(gridpuzzle_engine::caps::svg(&walk, &b, &[Step::Right], None).is_err());
    }
}
