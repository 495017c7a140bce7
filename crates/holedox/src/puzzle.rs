//! Holedox behind the engine's contract: the core [`Puzzle`] and the
//! capabilities Holedox declares in its registry line ([`Settings`],
//! [`Narrate`], [`Generate`], [`Page`], [`JudgeKit`], [`Watch`]).
//!
//! Everything a front end needs of Holedox is here, in one place: the
//! settings (the tail rule and the exit), the judge format, the solver, the
//! checker, play (a move is [`step`], the board as marks), the page's JSON
//! and the generator's request checks. No rule is decided here: a move is
//! [`step`] from [`crate::rules`], an answer [`crate::solve()`], a lair
//! [`crate::generate`]'s; what is Holedox's own here is how it is shown and
//! worded (the lair as ground and the snake a piece over it, its
//! sentences, the page's drafts and JSON), the text of its settings and
//! the checks of a generator's request. What the engine derives from the
//! core (verifying a plan, `--explain`, pictures) is left to its
//! defaults.

use std::borrow::Cow;
use std::io::BufRead;
use std::time::Duration;

use gridpuzzle_engine::caps::{
    GenInfo, GenSpec, Generate, HardSpec, JudgeInfo, JudgeKit, Levels, Narrate, NewBoard, Page,
    PageInfo, Setting, Settings, Variant, Watch,
};
use gridpuzzle_engine::generate::{Best, Difficulty, Generator};
use gridpuzzle_engine::page::cell_json;
use gridpuzzle_engine::page::{self, DraftCell, DraftGrid, DraftLook, Edit, Tool};
use gridpuzzle_engine::puzzle::{push_decimal, Cases, Info, Puzzle};
use gridpuzzle_engine::search::{Limits, Search};
use gridpuzzle_engine::session::Prospect;
use gridpuzzle_engine::testset::Preset;
use gridpuzzle_engine::validate::Input;
use gridpuzzle_engine::view::{BoardView, Mark, Role, Tone};
use gridpuzzle_engine::{Dir, Pos};
use serde_json::{json, Value};

use crate::generate::{GenerateOptions, HardestOptions, Lairs};
use crate::parse::ParseOptions;
use crate::rules::max_len_for;
use crate::rules::{is_goal, step, Case, TailRule};

/// Holedox Moving under its rule settings: the tail rule and the exit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Holedox {
    pub rule: TailRule,
    pub exit: Exit,
}

/// Where the exit is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// At this 1-based `(row, column)`, checked against each case's lair
    /// when it is read; the judge's is `(1, 1)`.
    At(u32, u32),
    /// At each lair's far corner `(n, m)`: a known wrong reading of the
    /// statement. Unlike a fixed cell it fits every lair, so it is applied
    /// to any case these settings solve, not only to the cases they read:
    /// that is how the judge kit solves the judge's case under it.
    Far,
}

impl Exit {
    /// The exit of a lair of `rows` × `cols`, 1-based.
    pub fn cell(self, rows: u32, cols: u32) -> (u32, u32) {
        match self {
            Exit::At(r, c) => (r, c),
            Exit::Far => (rows, cols),
        }
    }
}

impl Default for Holedox {
    fn default() -> Holedox {
        Holedox {
            rule: TailRule::Strict,
            exit: Exit::At(1, 1),
        }
    }
}

impl Holedox {
    /// `case` as these settings play it: with the exit at the far corner
    /// under [`Exit::Far`], as read otherwise.
    pub fn placed<'a>(&self, case: &'a Case) -> Cow<'a, Case> {
        match self.exit {
            Exit::Far if case.lair().exit() != case.lair().far_corner() => Cow::Owned(
                case.with_exit(case.lair().far_corner())
                    .expect("the far corner is in the lair"),
            ),
            _ => Cow::Borrowed(case),
        }
    }
}

const FLOOR: Mark = Mark::new("·", ".", Role::Floor);
const STONE: Mark = Mark::new("█", "#", Role::Wall);
const EXIT: Mark = Mark::new("◎", "E", Role::Goal);
const HEAD: Mark = Mark::new("◉", "H", Role::Piece);
const BODY: Mark = Mark::new("●", "o", Role::Body);
const TAIL: Mark = Mark::new("○", "t", Role::Body);
/// The exit under a body segment (the head on it has won): drawn as the
/// exit, so a player sees where it is while the body covers it.
const COVERED_EXIT: Mark = Mark::new("⊙", "e", Role::Goal);

fn body_json(body: &[Pos]) -> Value {
    Value::Array(body.iter().map(|&p| cell_json(p)).collect())
}

/// A page's draft of a lair: the stones (`#`), the snake so far (head
/// first, maybe empty) and the exit, if the draft places it.
struct Draft {
    grid: DraftGrid,
    body: Vec<Pos>,
    exit: Option<Pos>,
}

impl Draft {
    fn read(draft: &Value) -> Result<Draft, String> {
        let grid = DraftGrid::read(draft, ".#")?;
        let (w, h) = (grid.width, grid.height);
        let body = match draft.get("body") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(cells)) => cells
                .iter()
                .enumerate()
                .map(|(i, v)| page::read_cell(v, &format!("segment {} of the snake", i + 1), w, h))
                .collect::<Result<_, _>>()?,
            Some(_) => {
                return Err(
                    "the board's `body` must be a list of cells [row, column], head first".into(),
                )
            }
        };
        let exit = match draft.get("exit") {
            None | Some(Value::Null) => None,
            Some(v) => Some(page::read_cell(v, "the exit", w, h)?),
        };
        Ok(Draft { grid, body, exit })
    }
}

/// The size, exit and body length of a generator request, checked; the
/// exit 0-based.
fn checked_shape(
    exit: (u32, u32),
    width: u32,
    height: u32,
    len: Option<&str>,
) -> Result<(Pos, usize), String> {
    let (cols, rows) = (width, height);
    let (er, ec) = exit;
    if er > rows || ec > cols {
        return Err(format!(
            "the exit at row {er}, column {ec} is outside a lair of {rows} rows and {cols} columns"
        ));
    }
    let Some(len) = len else {
        return Err("missing field `len` (the body length, such as 4)".into());
    };
    let max_len = max_len_for(rows, cols).min(rows.saturating_mul(cols));
    match len.trim().parse::<u64>() {
        Ok(l) if l >= 1 && l <= max_len as u64 => Ok((Pos::new(er - 1, ec - 1), l as usize)),
        _ => Err(format!(
            "--len {len} does not fit: a lair of {rows} rows and {cols} columns takes a body of 1 to {max_len} segments"
        )),
    }
}

impl Puzzle for Holedox {
    const INFO: Info = Info {
        name: "holedox",
        title: "Holedox Moving",
        about: "Holedox Moving: fewest steps of the snake's head to the exit, or -1",
        format_help: "Input: cases `n m L`, L lines `r c` (head to tail), K, \
            K lines `r c` (stones), ended by `0 0 0`.\n\
            Judge output: one line per case, `Case X: Y` with the fewest steps or -1.",
        unit: "case",
        board: "lair",
        one_move: "step",
        moves: "steps",
        terminator: crate::parse::TERMINATOR,
        samples: include_str!("../../../samples/holedox.in"),
        piece: "head",
        goal: "exit",
    };

    type Move = Dir;
    type Case = Case;
    /// The body, head first.
    type State = Vec<Pos>;
    /// The cell the tail left.
    type Event = Pos;

    fn cases<'a>(&self, reader: Box<dyn BufRead + 'a>) -> Cases<'a, Case> {
        let cases = crate::parse::Cases::new(
            reader,
            ParseOptions {
                exit: self.exit.cell(1, 1),
            },
        );
        match self.exit {
            Exit::At(..) => Box::new(cases),
            Exit::Far => {
                let me = *self;
                Box::new(cases.map(move |c| c.map(|c| me.placed(&c).into_owned())))
            }
        }
    }

    fn write_case(&self, case: &Case) -> String {
        crate::parse::write_case(case)
    }

    // Inlined into the binary's answer loop: one call a case otherwise.
    #[inline]
    fn judge_line(n: u64, answer: &str, out: &mut Vec<u8>) {
        out.extend_from_slice(b"Case ");
        push_decimal(out, n);
        out.extend_from_slice(b": ");
        out.extend_from_slice(answer.as_bytes());
    }

    fn size(case: &Case) -> (u32, u32) {
        (case.lair().cols(), case.lair().rows())
    }

    fn solve(&self, case: &Case, limits: &Limits) -> Search<Dir> {
        crate::solve(&self.placed(case), self.rule, limits)
    }

    fn start(&self, case: &Case) -> Vec<Pos> {
        case.body().to_vec()
    }

    fn apply(
        &self,
        case: &Case,
        body: &Vec<Pos>,
        _used: usize,
        dir: Dir,
    ) -> Result<(Vec<Pos>, Pos), String> {
        let mut next = body.clone();
        step(case.lair(), &mut next, dir, self.rule).map_err(|e| e.to_string())?;
        let left = *body.last().ok_or("there is no body to move")?;
        Ok((next, left))
    }

    fn apply_in_place(
        &self,
        case: &Case,
        body: &mut Vec<Pos>,
        _used: usize,
        dir: Dir,
    ) -> Result<Pos, String> {
        // `step` checks before it moves anything, so a refused move
        // leaves the body as it was.
        let left = body.last().copied();
        step(case.lair(), body, dir, self.rule).map_err(|e| e.to_string())?;
        Ok(left.ok_or("there is no body to move")?)
    }

    fn is_won(&self, case: &Case, body: &Vec<Pos>) -> bool {
        match self.exit {
            Exit::Far => body.first() == Some(&case.lair().far_corner()),
            Exit::At(..) => is_goal(case.lair(), body),
        }
    }

    fn solve_from(
        &self,
        case: &Case,
        body: &Vec<Pos>,
        _used: usize,
        limits: &Limits,
    ) -> Search<Dir> {
        // Every position of a game comes from a valid case through `step`,
        // which keeps a body a valid chain on free cells.
        let case = Case::new(self.placed(case).lair().clone(), body.clone())
            .expect("step keeps the body valid for its lair");
        crate::solve(&case, self.rule, limits)
    }

    fn view(
        &self,
        case: &Case,
        body: &Vec<Pos>,
        _last: Option<(&Vec<Pos>, Dir, &Pos)>,
        hint: Option<Dir>,
    ) -> BoardView {
        let case = self.placed(case);
        let lair = case.lair();
        let stones = lair.stones();
        let head = body.first().copied().unwrap_or(lair.exit());
        let mut view = BoardView::filled(stones.width(), stones.height(), FLOOR, head);
        for (i, &stone) in stones.cells().iter().enumerate() {
            if stone {
                view.set(stones.pos(i), STONE);
            }
        }
        let covered = body.iter().skip(1).any(|&p| p == lair.exit());
        view.set(lair.exit(), if covered { COVERED_EXIT } else { EXIT });
        view.piece(body.iter().enumerate().map(|(i, &p)| {
            let mark = match i {
                0 => HEAD,
                i if i + 1 == body.len() => TAIL,
                _ => BODY,
            };
            (p, mark)
        }));
        if let Some(dir) = hint {
            if let Some(target) = stones.step(head, dir) {
                view.over(target, Mark::hint(dir));
            }
        }
        view
    }

    fn describe(&self, dir: Dir, _left: &Pos) -> String {
        format!("the head moves {}", dir.word())
    }

    fn legend(&self) -> Vec<(Mark, &'static str)> {
        vec![
            (HEAD, "head"),
            (BODY, "body"),
            (TAIL, "tail"),
            (STONE, "stone"),
            (EXIT, "exit"),
            (COVERED_EXIT, "covered exit"),
        ]
    }
}

impl Settings for Holedox {
    const SETTINGS: &'static [Setting] = &[
        Setting {
            key: "exit",
            value_name: "R,C|far",
            default: "1,1",
            choices: &[],
            help: "The exit cell as 1-based `ROW,COLUMN` (outside a case's lair it is an input error for that case), or `far`: each lair's far corner (n, m), a wrong reading",
        },
        Setting {
            key: "tail-rule",
            value_name: "TAIL_RULE",
            default: "strict",
            choices: &["strict", "lenient"],
            help: "`strict` (the judge's): the head may not enter any body cell, the tail included; `lenient`: it may enter the cell its tail is leaving",
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "tail-rule" => self.rule = value.parse()?,
            "exit" if value == "far" => self.exit = Exit::Far,
            "exit" => {
                let (r, c) = gridpuzzle_engine::grid::parse_cell(value)?;
                self.exit = Exit::At(r, c);
            }
            _ => return Err(format!("unknown setting `{key}` for {}", Self::INFO.name)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> String {
        match key {
            "tail-rule" => self.rule.to_string(),
            "exit" => match self.exit {
                Exit::At(r, c) => format!("{r},{c}"),
                Exit::Far => "far".into(),
            },
            _ => String::new(),
        }
    }
}

impl Narrate for Holedox {
    fn unsolvable(&self) -> String {
        "the head can never reach the exit".into()
    }

    fn status(&self, prospect: &Prospect<Dir>, _used: usize, stuck: bool) -> (String, Tone) {
        match prospect {
            Prospect::Won => ("the head is on the exit".into(), Tone::Good),
            Prospect::Reachable { .. } => ("the exit can still be reached".into(), Tone::Good),
            Prospect::Hopeless if stuck => (
                "trapped: the snake cannot move at all (u undoes)".into(),
                Tone::Bad,
            ),
            Prospect::Hopeless => (
                "hopeless: the head can never reach the exit from here (u undoes)".into(),
                Tone::Bad,
            ),
            Prospect::Unknown(hit) => gridpuzzle_engine::caps::unknown_status(hit),
        }
    }

    fn explain_legend(&self) -> Vec<(Mark, &'static str)> {
        let mut legend = self.legend();
        legend.retain(|&(m, _)| m != COVERED_EXIT);
        legend
    }
}

impl Generate for Holedox {
    type Landscape = Lairs;

    const GEN: GenInfo = GenInfo {
        density: "stones",
        params: &[Setting {
            key: "len",
            value_name: "L",
            default: "",
            choices: &[],
            help: "Body length L (the judge's range is 2 to 8)",
        }],
        fresh_answer: (6, 16),
        fresh_params: &[Setting {
            key: "len",
            value_name: "L",
            default: "4",
            choices: &[],
            help: "the length of a Holedox body",
        }],
        max_expanded: crate::generate::DEFAULT_MAX_EXPANDED,
    };

    fn generator(&self, spec: &GenSpec, seed: u64) -> Result<Generator<Lairs>, String> {
        let (exit, len) = checked_shape(
            self.exit.cell(spec.height, spec.width),
            spec.width,
            spec.height,
            spec.param("len"),
        )?;
        let opts = GenerateOptions {
            rows: spec.height,
            cols: spec.width,
            len,
            exit,
            rule: self.rule,
            want: spec.want,
            density: spec.density,
            max_expanded: spec.max_expanded.unwrap_or(Self::GEN.max_expanded),
            attempts: spec.attempts,
            cancel: spec.cancel.clone(),
            heap: spec.heap.clone(),
        };
        Ok(crate::generate::generate(&opts, seed))
    }

    fn difficulty(&self, case: &Case, search: &Search<Dir>, limits: &Limits) -> Option<Difficulty> {
        crate::generate::difficulty(&self.placed(case), search, self.rule, limits)
    }

    fn hardest(
        &self,
        spec: &HardSpec,
        seed: u64,
        on_improve: &mut dyn FnMut(&Best<Case, Dir>, Duration),
    ) -> Result<Option<Best<Case, Dir>>, String> {
        let (exit, len) = checked_shape(
            self.exit.cell(spec.height, spec.width),
            spec.width,
            spec.height,
            spec.param("len"),
        )?;
        let opts = HardestOptions {
            rows: spec.height,
            cols: spec.width,
            len,
            exit,
            rule: self.rule,
            density: spec.density.unwrap_or(20),
            time: spec.time,
            max_expanded: spec
                .max_expanded
                .unwrap_or(crate::generate::DEFAULT_MAX_EXPANDED),
            cancel: spec.cancel.clone(),
            heap: spec.heap.clone(),
        };
        Ok(crate::generate::hardest(&opts, seed, on_improve))
    }

    fn stress_params(&self, seed: u64, width: u32, height: u32) -> Vec<(String, String)> {
        // Bodies of 2 to 8 segments, as the judge allows, and never more
        // than half the lair.
        let len = (2 + (seed % 7) as usize).min((width * height / 2).max(2) as usize);
        vec![("len".to_string(), len.to_string())]
    }

    fn smaller(&self, case: &Case) -> Box<dyn Iterator<Item = Case>> {
        Box::new(crate::shrink::smaller(case))
    }
}

impl Page for Holedox {
    fn board_json(&self, case: &Case) -> Value {
        let case = self.placed(case);
        let lair = case.lair();
        let rows: Vec<String> = lair
            .stones()
            .rows()
            .map(|row| row.iter().map(|&s| if s { '#' } else { '.' }).collect())
            .collect();
        json!({
            "width": lair.cols(),
            "height": lair.rows(),
            "rows": rows,
            "body": body_json(case.body()),
            "exit": cell_json(lair.exit()),
        })
    }

    fn state_json(&self, body: &Vec<Pos>) -> Value {
        json!({ "body": body_json(body) })
    }

    fn step_json(&self, body: &Vec<Pos>, _left: &Pos) -> Value {
        json!({ "head": cell_json(body[0]) })
    }

    const PAGE: PageInfo = PageInfo {
        editor: DraftLook {
            cells: &[
                DraftCell {
                    ch: '.',
                    word: "floor",
                    mark: FLOOR,
                    piece: None,
                },
                DraftCell {
                    ch: '#',
                    word: "stone",
                    mark: STONE,
                    piece: None,
                },
            ],
            spots: &[("exit", "exit", EXIT)],
            chains: &[("body", [HEAD, BODY, TAIL])],
            tools: &[
                Tool {
                    id: "floor",
                    label: "Floor",
                    help: "Click or drag to clear stones.",
                    edit: Edit::Paint('.'),
                },
                Tool {
                    id: "stone",
                    label: "Stone",
                    help: "Click or drag to place stones.",
                    edit: Edit::Paint('#'),
                },
                Tool {
                    id: "snake",
                    label: "Snake",
                    help: "Press on the head and drag to the tail (or click cell by cell); \
                        click the tail to take it back.",
                    edit: Edit::Chain("body"),
                },
                Tool {
                    id: "exit",
                    label: "Exit",
                    help: "Click to place the exit.",
                    edit: Edit::Spot("exit"),
                },
            ],
            tool: "stone",
        },
        rules: "Move the snake's head one cell up, down, left or right; every \
            other segment follows into the cell of the one before it. The head may not leave the \
            lair, enter a stone or enter any cell of the body, its tail included (the lenient tail \
            rule lets it follow its tail). Bring the head to the exit (marked on the board) in as few steps as you can.",
        aim: "Steer the snake's red head to the exit in as few steps as you can.",
        legend: &[
            (Role::Floor, "floor"),
            (Role::Wall, "stone: the snake cannot enter it"),
            (Role::Goal, "exit: bring the head here"),
            (Role::Piece, "the snake's head, which you steer"),
            (Role::Body, "the snake's body, which follows the head"),
        ],
        showcase: 1,
        board_settings: &["exit"],
        levels: &[
            Levels {
                name: "Samples",
                input: Self::INFO.samples,
                output: include_str!("../../../samples/holedox.out"),
            },
            // Boards of the benchmarks with the longest optimum (bench/holedox).
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
                answer: "4..8",
                params: &[("len", "3")],
            },
            NewBoard {
                name: "Medium",
                size: "8x8",
                answer: "9..16",
                params: &[("len", "4")],
            },
            NewBoard {
                name: "Hard",
                size: "10x10",
                answer: "20..40",
                params: &[("len", "5")],
            },
        ],
    };

    fn draft_text(&self, draft: &Value) -> Result<String, String> {
        let d = Draft::read(draft)?;
        let (w, h) = (d.grid.width, d.grid.height);
        let mut out = format!("{h} {w} {}\n", d.body.len());
        for p in &d.body {
            out.push_str(&format!("{} {}\n", p.row + 1, p.col + 1));
        }
        let stones: Vec<Pos> = (0..d.grid.cells.len())
            .filter(|&i| d.grid.cells[i] == b'#')
            .map(|i| d.grid.pos(i))
            .collect();
        out.push_str(&format!("{}\n", stones.len()));
        for p in stones {
            out.push_str(&format!("{} {}\n", p.row + 1, p.col + 1));
        }
        out.push_str(Self::INFO.terminator);
        Ok(out)
    }

    fn draft_lacks(&self, draft: &Value) -> Option<String> {
        let d = Draft::read(draft).ok()?;
        d.body.is_empty().then(|| {
            "Draw the snake first (the Snake tool: press on the head, drag to the tail).".into()
        })
    }

    fn with_draft(&self, draft: &Value) -> Result<Holedox, String> {
        let d = Draft::read(draft)?;
        let mut p = *self;
        if let Some(exit) = d.exit {
            p.exit = Exit::At(exit.row + 1, exit.col + 1);
        }
        Ok(p)
    }

    fn game_id(&self, draft: &Value) -> Result<String, String> {
        // holedox/WxH/STONES/R.C.DIRS[/exit=R,C][/rule=lenient]: a bit a
        // cell for the stones; the head 0-based, then each segment's
        // direction from the one before; the exit 1-based.
        let d = Draft::read(draft)?;
        let (w, h) = (d.grid.width, d.grid.height);
        let exit = match d.exit {
            Some(exit) => exit,
            None => match self.exit.cell(h, w) {
                (r, c) if r <= h && c <= w => Pos::new(r - 1, c - 1),
                (r, c) => {
                    return Err(format!(
                        "the exit {r},{c} is not on a board of {h} rows and {w} columns"
                    ))
                }
            },
        };
        let stones: Vec<u8> = d.grid.cells.iter().map(|&c| u8::from(c == b'#')).collect();
        let mut snake = String::new();
        if let Some(head) = d.body.first() {
            snake = format!("{}.{}.", head.row, head.col);
            for (i, pair) in d.body.windows(2).enumerate() {
                let delta = (
                    i64::from(pair[1].row) - i64::from(pair[0].row),
                    i64::from(pair[1].col) - i64::from(pair[0].col),
                );
                let dir = Dir::ALL
                    .into_iter()
                    .find(|d| d.delta() == delta)
                    .ok_or_else(|| {
                        format!(
                            "segment {} of the snake is not next to the one before it",
                            i + 2
                        )
                    })?;
                snake.push(dir.letter());
            }
        }
        let mut id = format!(
            "{}/{}/{}/{snake}",
            Self::INFO.name,
            d.grid.size_text(),
            page::pack(&stones, 1)
        );
        if exit != Pos::new(0, 0) {
            id.push_str(&format!("/exit={},{}", exit.row + 1, exit.col + 1));
        }
        if self.rule != TailRule::Strict {
            id.push_str(&format!("/rule={}", self.rule));
        }
        Ok(id)
    }

    fn from_game_id(id: &str) -> Result<(Holedox, Value), String> {
        let parts = page::split_id(id)?;
        let (w, h) = (parts.width, parts.height);
        let stones = page::unpack(parts.cells, 1, (w * h) as usize)?;
        let mut rest = parts.rest;
        let snake = if rest.is_empty() { "" } else { rest.remove(0) };
        let mut body = Vec::new();
        if !snake.is_empty() {
            let bad = || format!("expected the snake as ROW.COL.DIRS, found `{snake}`");
            let mut it = snake.splitn(3, '.');
            let (r, c, dirs) = match (it.next(), it.next(), it.next()) {
                (Some(r), Some(c), Some(dirs))
                    if page::all_digits(r)
                        && page::all_digits(c)
                        && dirs.chars().all(|d| "UDLR".contains(d)) =>
                {
                    (r, c, dirs)
                }
                _ => return Err(bad()),
            };
            let (mut r, mut c) = (i128::from(page::number(r)), i128::from(page::number(c)));
            let mut cells = vec![(r, c)];
            for d in dirs.chars() {
                let (dr, dc) = Dir::from_letter(d).expect("checked above").delta();
                r += i128::from(dr);
                c += i128::from(dc);
                cells.push((r, c));
            }
            let on = |(r, c): (i128, i128)| r >= 0 && c >= 0 && r < h.into() && c < w.into();
            if !cells.iter().all(|&p| on(p)) {
                return Err("the snake leaves the board".into());
            }
            body = cells
                .into_iter()
                .map(|(r, c)| Pos::new(r as u32, c as u32))
                .collect();
        }
        let settings = page::id_settings(&rest)?;
        let mut exit = Pos::new(0, 0);
        if let Some(e) = page::setting(&settings, "exit").filter(|e| !e.is_empty()) {
            let (r, c) = e
                .split_once(',')
                .filter(|(r, c)| page::all_digits(r) && page::all_digits(c))
                .ok_or_else(|| format!("expected exit=ROW,COL (1-based), found `{e}`"))?;
            let (r, c) = (page::number(r), page::number(c));
            if r < 1 || c < 1 || r > u64::from(h) || c > u64::from(w) {
                return Err(format!(
                    "the exit {e} is not on a board of {h} rows and {w} columns"
                ));
            }
            exit = Pos::new(r as u32 - 1, c as u32 - 1);
        }
        let puzzle = Holedox {
            // Any other value was always read as the judge's rule.
            rule: match page::setting(&settings, "rule") {
                Some("lenient") => TailRule::Lenient,
                _ => TailRule::Strict,
            },
            exit: Exit::At(exit.row + 1, exit.col + 1),
        };
        let grid = DraftGrid {
            width: w,
            height: h,
            cells: stones
                .iter()
                .map(|&s| if s == 1 { b'#' } else { b'.' })
                .collect(),
        };
        let mut draft = grid.json();
        draft.insert("body".into(), body_json(&body));
        draft.insert("exit".into(), cell_json(exit));
        Ok((puzzle, Value::Object(draft)))
    }
}

impl JudgeKit for Holedox {
    const VARIANTS: &'static [Variant] = &[
        Variant {
            name: "tail-enter",
            words: "with the head allowed into the tail cell (`--tail-rule lenient`)",
            settings: &[("tail-rule", "lenient")],
        },
        Variant {
            name: "exit-far",
            words: "with the exit at (n, m) (`--exit far`)",
            settings: &[("exit", "far")],
        },
    ];

    const JUDGE: JudgeInfo = JudgeInfo {
        limits: crate::validate::LIMITS,
        format: crate::validate::FORMAT,
    };

    const PACKAGE: Option<gridpuzzle_engine::package::PackageInfo> = Some(crate::package::PACKAGE);

    fn validate(&self, input: &mut Input<'_>) {
        crate::validate::validate(input, |n, m| self.exit.cell(n, m))
    }

    fn presets(&self) -> Vec<Preset> {
        crate::presets::presets()
    }
}

impl Watch for Holedox {
    const ALGORITHMS: &'static [gridpuzzle_engine::trace::Algorithm] = &[
        gridpuzzle_engine::trace::Algorithm {
            name: "seed-bfs",
            title: "the contest's breadth-first search",
            about: "The classic contest solution: a breadth-first search whose state is the \
                    head's cell and two bits per body link (the side each segment lies on), \
                    one bit per state in a table. It tries right, down, left and up in that \
                    order, refuses a move off the lair, into a stone or onto any body cell \
                    (the tail included), marks a state when it is queued and asks whether the \
                    head is at the exit when a state is taken off the queue. Its expansions \
                    are the states it takes off, the goal included (all of them for -1).",
            exact: true,
            frontier: "queue",
            code: &[
                ("", "queue = [start]; mark start"),
                ("expand", "take the first state off the queue"),
                (
                    "goal",
                    "if its head is on the exit: answer = its moves; stop",
                ),
                ("", "for move in right, down, left, up:"),
                (
                    "prune:dead-end",
                    "  if the new head is outside, on a stone or on the body: skip (dead end)",
                ),
                (
                    "prune:visited",
                    "  if the new state is marked: skip (visited)",
                ),
                ("generate", "  mark it; add it to the back of the queue"),
                ("", "queue empty: answer = -1"),
            ],
        },
        gridpuzzle_engine::trace::Algorithm {
            name: "astar-push",
            title: "A* marking states when pushed",
            about: "A* whose estimate is the head's Manhattan distance to the exit, a state \
                    marked visited when it is first queued and never reopened, the goal tested \
                    when a state is taken off. For a body of two or more cells (every contest \
                    lair) it is exact: every state's predecessors have their heads on its \
                    second cell, so they share one estimate, and the cheapest of them is taken \
                    off first and queues it first. For the head alone (a body of one cell, \
                    which the tool accepts) that argument fails: a path that heads for the \
                    exit, meets a wall and comes round can queue a cell first with more moves \
                    than a path that set off the other way, and marking it freezes the worse \
                    count (see the lesson push-is-wrong).",
            exact: false,
            frontier: "priority",
            code: &[
                (
                    "",
                    "heap = [start], ordered by f = g + h, ties first in first out; mark start",
                ),
                ("expand", "take the state of least f off the heap"),
                ("goal", "if its head is on the exit: answer = g; stop"),
                ("", "for move in right, down, left, up:"),
                (
                    "prune:dead-end",
                    "  if the new head is outside, on a stone or on the body: skip (dead end)",
                ),
                (
                    "prune:visited",
                    "  if the new state is marked: skip (visited, whatever its g)",
                ),
                (
                    "generate",
                    "  mark it; push it with g + 1 and h = head's distance to the exit",
                ),
                ("", "heap empty: answer = -1"),
            ],
        },
        gridpuzzle_engine::trace::Algorithm {
            name: "astar-bounds",
            title: "the fast public A* with its bound shortcut",
            about: "The fast public solution as published. First a lower bound: best-first \
                    search over the head's cell alone, the body ignored, f = g + the head's \
                    Manhattan distance, ties in f broken first in first out, a cell marked \
                    when queued and never reopened. Then an upper bound: the same search with \
                    the starting body (the tail included) as stones. No way for the head \
                    alone: -1. Lower = upper: that number, with no state search. Otherwise \
                    the state A* of astar-push. The shortcut is its mistake: over one cell, \
                    marking on push is inexact, so both bounds can come out too long and \
                    equal, and it answers that number (2 or 4 moves too many; see the lesson \
                    bounds-are-wrong). Its state A* alone is right on every contest lair.",
            exact: false,
            frontier: "priority",
            code: &[
                (
                    "phase",
                    "lower = head_search(no extra stones)  -- the head's cell alone",
                ),
                (
                    "phase",
                    "upper = head_search(the start body but the head as stones)",
                ),
                (
                    "bound",
                    "if lower is none: answer -1; if lower = upper: answer lower",
                ),
                ("phase", "otherwise: answer = the state A* (astar-push)"),
                (
                    "",
                    "head_search(stones): heap of cells by f = g + h, ties first in first out",
                ),
                ("expand", "  take the cell of least f off the heap"),
                ("goal", "  if it is the exit: return g"),
                (
                    "prune:dead-end",
                    "  a move outside or onto a stone: skip (dead end)",
                ),
                (
                    "prune:visited",
                    "  a move onto a marked cell: skip (visited; never reopened)",
                ),
                ("generate", "  mark the cell; push it with g + 1"),
            ],
        },
        gridpuzzle_engine::trace::Algorithm {
            name: "astar",
            title: "exact A*",
            about: "The same A* and estimate, done right: it keeps the fewest moves known for \
                    each state and queues a state again when a path reaches it in fewer \
                    (a copy reached with no fewer is a prune 'visited'), and tests the goal \
                    when a state is taken off. With an estimate that never overestimates and \
                    changes by at most one a move, the first goal taken off is optimal.",
            exact: true,
            frontier: "priority",
            code: &[
                (
                    "",
                    "heap = [start] by f = g + h, ties first in first out; best[start] = 0",
                ),
                (
                    "expand",
                    "take the state of least f off the heap (skip it if best[state] < its g)",
                ),
                ("goal", "if its head is on the exit: answer = g; stop"),
                ("", "for move in right, down, left, up:"),
                (
                    "prune:dead-end",
                    "  if the new head is outside, on a stone or on the body: skip (dead end)",
                ),
                (
                    "prune:visited",
                    "  if best[new] <= g + 1: skip (visited with no more moves)",
                ),
                (
                    "generate",
                    "  best[new] = g + 1; push it (again, if it was reached with more)",
                ),
                ("", "heap empty: answer = -1"),
            ],
        },
        gridpuzzle_engine::trace::Algorithm {
            name: "gridpuzzle",
            title: "gridpuzzle's own search",
            about: "What `gridpuzzle solve` runs. Cheap proofs come first and often end it \
                    with no search at all: a body that cannot move, a lower bound that is \
                    already too long, a plan for the head alone that the body does not \
                    hinder. Otherwise it is an exact A* over packed states whose estimate is \
                    the head's distance to the exit around stones and through the body's \
                    first cells; a state reached again with no fewer moves is dropped \
                    (prune 'visited'), one that cannot beat the best plan known is cut \
                    (prune 'bound').",
            exact: true,
            frontier: "priority",
            code: &[
                (
                    "",
                    "proofs first: a body that cannot move, a bound too long, a free plan",
                ),
                (
                    "expand",
                    "A*: take the packed state of least f off the heap",
                ),
                ("goal", "if its head is on the exit: answer = g; stop"),
                ("", "for each move of the head:"),
                (
                    "prune:dead-end",
                    "  outside, a stone or the body: skip (dead end)",
                ),
                (
                    "prune:bound",
                    "  if g + 1 + h cannot beat the best plan known: skip (bound)",
                ),
                (
                    "prune:visited",
                    "  if the state was reached with no more moves: skip (visited)",
                ),
                (
                    "generate",
                    "  push it with h = the head's way to the exit around stones and body",
                ),
            ],
        },
    ];

    const STATE_CODE: Option<&'static str> = Some(
        "The state the searches keep: the head's cell and two bits per body link, from the \
         head towards the tail, each the side the next segment lies on (00 right, 01 below, \
         10 left, 11 above); the contest program packs them into one number.",
    );

    const LESSONS: &'static [gridpuzzle_engine::trace::Lesson] = &[
        gridpuzzle_engine::trace::Lesson {
            name: "push-is-wrong",
            title: "where the fast public A* answers wrong",
            about: "A one-cell body (below the contest's range of 2 to 8, which the \
                    tool accepts) two columns from the exit, walls between. The way \
                    out is down, along the bottom row and up: 7 moves. The head's \
                    Manhattan distance makes the top row look better, so A* that \
                    marks a state when it is queued goes there first, turns at the \
                    dead end and reaches the bottom row's middle in 5 moves; the \
                    bottom-row path would reach it in 3, but the cell is already \
                    marked, so astar-push answers 9. Exact A* queues the cell again \
                    with its better count and answers 7, like breadth-first search.",
            input: r#"3 5 1
2 5
3
1 2
2 2
2 4
0 0 0
"#,
            algorithms: &["seed-bfs", "astar-push", "astar"],
        },
        gridpuzzle_engine::trace::Lesson {
            name: "bounds-are-wrong",
            title: "where the published fast A* answers wrong",
            about: "A contest-legal lair (a body of two cells) where the published \
                    program's shortcut answers 10 and the optimum is 8. Its lower-bound \
                    search over the head's cell alone heads along the top row, turns at \
                    the walls and marks the cells below on the way back with too many \
                    moves; the bottom-row path that would reach them sooner is pruned as \
                    visited. Its upper-bound search, with the tail's cell as a stone, \
                    makes the same mistake and also finds 10. Lower = upper, so it \
                    answers 10 without a state search. Its own state A* (astar-push) \
                    answers 8 here, like breadth-first search: the fault is the \
                    shortcut, not marking on push over whole states.",
            input: r#"3 6 2
2 6
1 6
3
1 2
2 2
2 4
0 0 0
"#,
            algorithms: &["seed-bfs", "astar-push", "astar-bounds"],
        },
        gridpuzzle_engine::trace::Lesson {
            name: "two-bits",
            title: "why the state is the whole body",
            about: "The head is two cells from the exit, but its own body lies \
                    between. The answer is 6: the head must go round, and it passes \
                    the same cells again with the body in another shape. Watch the \
                    head's cells: the seed's search expands one of them 8 times, \
                    each with a different body, which a search over the head's cell \
                    alone would merge (and answer 2). The two bits a link are what \
                    tell those states apart.",
            input: r#"4 5 4
1 3
1 2
2 2
2 3
1
3 1
0 0 0
"#,
            algorithms: &["seed-bfs", "astar", "gridpuzzle"],
        },
        gridpuzzle_engine::trace::Lesson {
            name: "bound-proves",
            title: "a -1 proved without a search",
            about: "Two stones wall the exit in its corner. Breadth-first search and \
                    both A*s must visit every position the body can reach before \
                    they may say -1: 16,502 states. gridpuzzle's lower bound, the \
                    head's own way to the exit around the stones, finds none, which \
                    proves -1 before any search: no state expanded.",
            input: r#"10 10 6
6 3
6 4
6 5
6 6
6 7
6 8
2
1 2
2 1
0 0 0
"#,
            algorithms: &["seed-bfs", "astar", "gridpuzzle"],
        },
    ];

    fn judge_rules(&self) -> bool {
        *self == Self::default()
    }

    fn refuses(&self, case: &Case, algorithm: &str) -> Option<String> {
        match algorithm {
            "seed-bfs" => crate::seed::too_large(case),
            _ => None,
        }
    }

    fn trace(
        &self,
        case: &Case,
        algorithm: &str,
        rec: &mut gridpuzzle_engine::trace::Recorder<'_>,
    ) -> Result<gridpuzzle_engine::trace::Traced, gridpuzzle_engine::trace::Stop> {
        match algorithm {
            "seed-bfs" => crate::seed::seed_trace(case, rec),
            "astar-push" => crate::watch::astar_push_trace(case, rec),
            "astar-bounds" => crate::watch::astar_bounds_trace(case, rec),
            "astar" => crate::watch::astar_trace(case, rec),
            "gridpuzzle" => crate::solve::trace(&self.placed(case), self.rule, rec.limits(), rec),
            other => Err(gridpuzzle_engine::trace::Stop::Unknown(other.to_string())),
        }
    }
}
