//! The work behind each API call: synchronous, run on the blocking pool.
//!
//! A request names its puzzle and its options in JSON; [`Request::read`]
//! checks them all (unknown keys included, so a typo is an error rather
//! than a silently ignored option) and turns them into a puzzle adapter
//! ([`Curling`] or [`Holedox`], the same calls the CLI's adapter makes)
//! and search bounds already clamped to the server's [`Config`]. The
//! answers reuse the CLI's records: [`search_json`] for solve, the verify
//! line for verify, the `generate --format json` object for generate.
//!
//! The judge input is parsed lazily, one case at a time, as the CLI does;
//! the first bad case ends the request with a 400 and the parser's message
//! (the cases before it are not returned: a script should fix its input).

use std::time::{Duration, Instant};

use gridpuzzle_curling as curling;
use gridpuzzle_engine::generate::{Difficulty, Stop, Want};
use gridpuzzle_engine::grid::{parse_plan, plan_string};
use gridpuzzle_engine::report::search_json;
use gridpuzzle_engine::search::{Limits, Outcome, Search};
use gridpuzzle_engine::session::{Game, ALREADY_WON};
use gridpuzzle_engine::verdict::Verdict;
use gridpuzzle_engine::{Dir, InputError, Pos};
use gridpuzzle_holedox as holedox;
use serde_json::{json, Map, Value};

use crate::{ApiError, Config, Ctx, Reply};

type Cases<'a, C> = Box<dyn Iterator<Item = Result<C, InputError>> + 'a>;

/// What the API needs of a puzzle (a subset of the CLI's adapter).
trait Puzzle {
    type Case;
    /// The statement's word for one case ("dataset", "case").
    const UNIT: &'static str;
    /// The word for moves, plural ("throws", "steps").
    const MOVES: &'static str;
    fn cases<'a>(&self, input: &'a str) -> Cases<'a, Self::Case>;
    fn solve(&self, case: &Self::Case, limits: &Limits) -> Search<Dir>;
    fn verify(&self, case: &Self::Case, plan: &[Dir], limits: &Limits) -> Verdict;
    fn svg(&self, case: &Self::Case, plan: &[Dir], still: Option<usize>) -> Result<String, String>;
    /// The board of a case as the page draws it (see [`cases`]).
    fn board_json(&self, case: &Self::Case) -> Value;
    /// Width and height of a case's board.
    fn size(case: &Self::Case) -> (u32, u32);
    /// The case as a game to play, and its start position.
    type Game: Game<Move = Dir>;
    fn game(&self, case: Self::Case) -> (Self::Game, <Self::Game as Game>::State);
    /// The start position as the page draws it.
    fn start_json(state: &<Self::Game as Game>::State) -> Value;
    /// What one legal move changed, as the page redraws it: a Curling
    /// throw's stop and broken block, a Holedox step's new head. A change,
    /// not the whole position, so that an answer grows with the number of
    /// moves and not with moves × board.
    fn step_json(state: &<Self::Game as Game>::State, event: &<Self::Game as Game>::Event)
        -> Value;
}

/// A cell as `[row, column]`, 0-based (the page's coordinates).
fn cell(p: Pos) -> Value {
    json!([p.row, p.col])
}

struct Curling {
    opts: curling::Options,
}

impl Puzzle for Curling {
    type Case = curling::Board;
    const UNIT: &'static str = "dataset";
    const MOVES: &'static str = "throws";

    fn cases<'a>(&self, input: &'a str) -> Cases<'a, curling::Board> {
        Box::new(curling::Datasets::new(input.as_bytes()))
    }

    fn solve(&self, case: &curling::Board, limits: &Limits) -> Search<Dir> {
        curling::solve(case, &self.opts, limits)
    }

    fn verify(&self, case: &curling::Board, plan: &[Dir], limits: &Limits) -> Verdict {
        curling::verify(case, plan, &self.opts, limits)
    }

    fn svg(
        &self,
        case: &curling::Board,
        plan: &[Dir],
        still: Option<usize>,
    ) -> Result<String, String> {
        curling::render::svg(case, plan, still).map_err(|e| e.to_string())
    }

    fn board_json(&self, case: &curling::Board) -> Value {
        let rows: Vec<String> = case
            .grid()
            .rows()
            .map(|row| {
                row.iter()
                    .map(|c| match c {
                        curling::Cell::Ice => '.',
                        curling::Cell::Block => '#',
                        curling::Cell::Start => 'S',
                        curling::Cell::Goal => 'G',
                    })
                    .collect()
            })
            .collect();
        json!({
            "width": case.width(),
            "height": case.height(),
            "rows": rows,
            "start": cell(case.start()),
            "goal": cell(case.goal()),
        })
    }

    fn size(case: &curling::Board) -> (u32, u32) {
        (case.width(), case.height())
    }

    type Game = curling::play::CurlingGame;

    fn game(&self, case: curling::Board) -> (Self::Game, curling::State) {
        let start = case.initial();
        (
            curling::play::CurlingGame::new(case, self.opts.max_throws),
            start,
        )
    }

    fn start_json(state: &curling::State) -> Value {
        json!({ "stone": cell(state.stone) })
    }

    fn step_json(state: &curling::State, throw: &curling::Throw) -> Value {
        let broke = match *throw {
            curling::Throw::Rest { broke, .. } => cell(broke),
            curling::Throw::Goal { .. } => Value::Null,
        };
        json!({ "stone": cell(state.stone), "broke": broke })
    }
}

struct Holedox {
    rule: holedox::TailRule,
    exit: (u32, u32),
}

impl Puzzle for Holedox {
    type Case = holedox::Case;
    const UNIT: &'static str = "case";
    const MOVES: &'static str = "steps";

    fn cases<'a>(&self, input: &'a str) -> Cases<'a, holedox::Case> {
        Box::new(holedox::Cases::new(
            input.as_bytes(),
            holedox::ParseOptions { exit: self.exit },
        ))
    }

    fn solve(&self, case: &holedox::Case, limits: &Limits) -> Search<Dir> {
        holedox::solve(case, self.rule, limits)
    }

    fn verify(&self, case: &holedox::Case, plan: &[Dir], limits: &Limits) -> Verdict {
        holedox::verify(case, plan, self.rule, limits)
    }

    fn svg(
        &self,
        case: &holedox::Case,
        plan: &[Dir],
        still: Option<usize>,
    ) -> Result<String, String> {
        holedox::render::svg(case, plan, self.rule, still).map_err(|e| e.to_string())
    }

    fn board_json(&self, case: &holedox::Case) -> Value {
        let lair = case.lair();
        let rows: Vec<String> = lair
            .stones()
            .rows()
            .map(|row| row.iter().map(|&s| if s { '#' } else { '.' }).collect())
            .collect();
        let body: Vec<Value> = case.body().iter().map(|&p| cell(p)).collect();
        json!({
            "width": lair.cols(),
            "height": lair.rows(),
            "rows": rows,
            "body": body,
            "exit": cell(lair.exit()),
        })
    }

    fn size(case: &holedox::Case) -> (u32, u32) {
        (case.lair().cols(), case.lair().rows())
    }

    type Game = holedox::play::HoledoxGame;

    fn game(&self, case: holedox::Case) -> (Self::Game, Vec<Pos>) {
        let (lair, body) = case.into_parts();
        (holedox::play::HoledoxGame::new(lair, self.rule), body)
    }

    fn start_json(body: &Vec<Pos>) -> Value {
        let body: Vec<Value> = body.iter().map(|&p| cell(p)).collect();
        json!({ "body": body })
    }

    fn step_json(body: &Vec<Pos>, _left: &Pos) -> Value {
        json!({ "head": cell(body[0]) })
    }
}

/// The puzzle a request named, with its rules.
enum Chosen {
    Curling(Curling),
    Holedox(Holedox),
}

/// Per-search bounds, already within the server's.
#[derive(Debug, Clone, Copy)]
struct Bounds {
    max_states: u64,
    timeout: Duration,
}

impl Bounds {
    /// Limits for one search starting now, ending no later than the
    /// request's deadline, stopped by the request's cancel flag.
    fn limits(&self, ctx: &Ctx) -> Limits {
        Limits {
            max_expanded: Some(self.max_states),
            deadline: Some((Instant::now() + self.timeout).min(ctx.deadline)),
            cancel: Some(ctx.cancel.clone()),
            ..Default::default()
        }
    }

    fn json(&self) -> Value {
        json!({
            "max_states": self.max_states,
            "timeout_ms": self.timeout.as_millis() as u64,
        })
    }
}

/// A checked request: the puzzle, the search bounds, the rest of its
/// fields.
struct Request<'a> {
    puzzle: Chosen,
    bounds: Bounds,
    fields: &'a Map<String, Value>,
}

const SEARCH_OPTIONS: &[&str] = &[
    "max_throws",
    "tail_rule",
    "exit",
    "max_states",
    "timeout_ms",
];

impl<'a> Request<'a> {
    /// Checks `puzzle`, `options` and that every other key is in `keys`.
    fn read(req: &'a Value, keys: &[&str], config: &Config) -> Result<Request<'a>, ApiError> {
        let fields = req
            .as_object()
            .ok_or_else(|| ApiError::bad("expected a JSON object"))?;
        for key in fields.keys() {
            if key != "puzzle" && key != "options" && !keys.contains(&key.as_str()) {
                return Err(ApiError::bad(format!("unknown field `{key}`")));
            }
        }
        let empty = Map::new();
        let options = match fields.get("options") {
            None | Some(Value::Null) => &empty,
            Some(Value::Object(o)) => o,
            Some(_) => return Err(ApiError::bad("`options` must be a JSON object")),
        };
        for key in options.keys() {
            if !SEARCH_OPTIONS.contains(&key.as_str()) {
                return Err(ApiError::bad(format!(
                    "unknown option `{key}` (known: {})",
                    SEARCH_OPTIONS.join(", ")
                )));
            }
        }
        let puzzle = rules(fields, options)?;
        let bounds = bounds(options, config, config.max_states)?;
        Ok(Request {
            puzzle,
            bounds,
            fields,
        })
    }

    fn input(&self) -> Result<&'a str, ApiError> {
        match self.fields.get("input") {
            Some(Value::String(s)) => Ok(s),
            Some(_) => Err(ApiError::bad("`input` must be a string (the judge input)")),
            None => Err(ApiError::bad(
                "missing field `input` (the judge input, as a string)",
            )),
        }
    }
}

/// The puzzle and its rule options (`max_throws`; `tail_rule`, `exit`).
fn rules(fields: &Map<String, Value>, options: &Map<String, Value>) -> Result<Chosen, ApiError> {
    let name = match fields.get("puzzle") {
        Some(Value::String(s)) => s.as_str(),
        Some(_) => return Err(ApiError::bad("`puzzle` must be \"curling\" or \"holedox\"")),
        None => {
            return Err(ApiError::bad(
                "missing field `puzzle` (\"curling\" or \"holedox\")",
            ))
        }
    };
    let only = |key: &str, puzzle: &str| -> Result<(), ApiError> {
        if options.contains_key(key) {
            return Err(ApiError::bad(format!(
                "option `{key}` is for {puzzle} only"
            )));
        }
        Ok(())
    };
    match name {
        "curling" => {
            only("tail_rule", "holedox")?;
            only("exit", "holedox")?;
            let max_throws = match options.get("max_throws") {
                None | Some(Value::Null) => Some(curling::solve::JUDGE_MAX_THROWS),
                Some(v) => parse_cap(v)?,
            };
            Ok(Chosen::Curling(Curling {
                opts: curling::Options {
                    max_throws,
                    ..Default::default()
                },
            }))
        }
        "holedox" => {
            only("max_throws", "curling")?;
            let rule = match options.get("tail_rule") {
                None | Some(Value::Null) => holedox::TailRule::Strict,
                Some(Value::String(s)) if s == "strict" => holedox::TailRule::Strict,
                Some(Value::String(s)) if s == "lenient" => holedox::TailRule::Lenient,
                Some(v) => {
                    return Err(ApiError::bad(format!(
                        "expected `strict` or `lenient` for `tail_rule`, found {v}"
                    )))
                }
            };
            let exit = match options.get("exit") {
                None | Some(Value::Null) => (1, 1),
                Some(Value::String(s)) => {
                    gridpuzzle_engine::grid::parse_cell(s).map_err(ApiError::bad)?
                }
                Some(v) => {
                    return Err(ApiError::bad(format!(
                        "expected a 1-based cell `ROW,COLUMN` such as `1,1`, found {v}"
                    )))
                }
            };
            Ok(Chosen::Holedox(Holedox { rule, exit }))
        }
        other => Err(ApiError::bad(format!(
            "unknown puzzle `{other}`: expected \"curling\" or \"holedox\""
        ))),
    }
}

/// `max_throws`: a number or `"none"` (also a number in a string).
fn parse_cap(v: &Value) -> Result<Option<u32>, ApiError> {
    let bad = || ApiError::bad(format!("expected a number of throws or `none`, found {v}"));
    match v {
        Value::Number(n) => n
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .map(Some)
            .ok_or_else(bad),
        Value::String(s) if s.eq_ignore_ascii_case("none") => Ok(None),
        Value::String(s) => s.trim().parse::<u32>().map(Some).map_err(|_| bad()),
        _ => Err(bad()),
    }
}

/// `max_states` and `timeout_ms`, clamped to the server's caps.
fn bounds(
    options: &Map<String, Value>,
    config: &Config,
    default_states: u64,
) -> Result<Bounds, ApiError> {
    let max_states = match options.get("max_states") {
        None | Some(Value::Null) => default_states,
        Some(v) => v.as_u64().filter(|&n| n >= 1).ok_or_else(|| {
            ApiError::bad(format!(
                "`max_states` must be a whole number of at least 1, found {v}"
            ))
        })?,
    };
    let timeout = match options.get("timeout_ms") {
        None | Some(Value::Null) => config.max_timeout,
        Some(v) => {
            let ms = v
                .as_f64()
                .filter(|ms| ms.is_finite() && *ms > 0.0)
                .ok_or_else(|| {
                    ApiError::bad(format!(
                        "`timeout_ms` must be a positive number of milliseconds, found {v}"
                    ))
                })?;
            Duration::from_secs_f64((ms / 1000.0).min(1e9))
        }
    };
    Ok(Bounds {
        max_states: max_states.min(config.max_states),
        timeout: timeout.min(config.max_timeout),
    })
}

/// `POST /api/solve`: `{"results": [one solve --format json object per case]}`.
pub(crate) fn solve(req: &Value, ctx: &Ctx) -> Result<Reply, ApiError> {
    let r = Request::read(req, &["input"], &ctx.config)?;
    let input = r.input()?;
    let results = match &r.puzzle {
        Chosen::Curling(p) => solve_all(p, input, r.bounds, ctx)?,
        Chosen::Holedox(p) => solve_all(p, input, r.bounds, ctx)?,
    };
    Ok(Reply::Json(json!({
        "results": results,
        "limits": r.bounds.json(),
    })))
}

fn solve_all<P: Puzzle>(
    puzzle: &P,
    input: &str,
    bounds: Bounds,
    ctx: &Ctx,
) -> Result<Vec<Value>, ApiError> {
    let mut results = Vec::new();
    for (i, case) in puzzle.cases(input).enumerate() {
        let case = case.map_err(|e| ApiError::bad(e.to_string()))?;
        let found = puzzle.solve(&case, &bounds.limits(ctx));
        results.push(search_json(i as u64 + 1, &found));
    }
    Ok(results)
}

/// One entry of `plans`.
enum Plan {
    Skip,
    Moves(Vec<Dir>),
}

/// `POST /api/verify`: the verdict on each case's plan, with the line
/// `gridpuzzle verify` prints for it.
pub(crate) fn verify(req: &Value, ctx: &Ctx) -> Result<Reply, ApiError> {
    let r = Request::read(req, &["input", "plans"], &ctx.config)?;
    let input = r.input()?;
    let plans = plans(r.fields.get("plans"))?;
    let (results, summary) = match &r.puzzle {
        Chosen::Curling(p) => verify_all(p, input, &plans, r.bounds, ctx)?,
        Chosen::Holedox(p) => verify_all(p, input, &plans, r.bounds, ctx)?,
    };
    Ok(Reply::Json(json!({
        "results": results,
        "summary": summary,
        "limits": r.bounds.json(),
    })))
}

fn plans(v: Option<&Value>) -> Result<Vec<Plan>, ApiError> {
    let shape =
        "`plans` must be an array with one string of moves per case (null or \"-\" skips a case)";
    let Some(Value::Array(items)) = v else {
        return Err(ApiError::bad(shape));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| match item {
            Value::Null => Ok(Plan::Skip),
            Value::String(s) if s.trim() == "-" => Ok(Plan::Skip),
            Value::String(s) => parse_plan(s).map(Plan::Moves).map_err(|(index, c)| {
                ApiError::bad(format!(
                    "plans, line {}, column {}: expected a move (U, D, L or R), a `-` to skip the case, found `{c}`",
                    i + 1,
                    index + 1
                ))
            }),
            _ => Err(ApiError::bad(shape)),
        })
        .collect()
}

fn verify_all<P: Puzzle>(
    puzzle: &P,
    input: &str,
    plans: &[Plan],
    bounds: Bounds,
    ctx: &Ctx,
) -> Result<(Vec<Value>, String), ApiError> {
    let unit = P::UNIT;
    let (mut good, mut bad, mut skipped) = (0, 0, 0);
    let mut results = Vec::new();
    for (i, case) in puzzle.cases(input).enumerate() {
        let n = i + 1;
        let case = case.map_err(|e| ApiError::bad(e.to_string()))?;
        let record = match plans.get(i) {
            None => {
                bad += 1;
                json!({
                    "case": n,
                    "verdict": "missing",
                    "text": format!("{unit} {n}: no plan given (the plans have {} lines)", plans.len()),
                })
            }
            Some(Plan::Skip) => {
                skipped += 1;
                json!({ "case": n, "verdict": "skipped", "text": format!("{unit} {n}: skipped") })
            }
            Some(Plan::Moves(moves)) => {
                let verdict = puzzle.verify(&case, moves, &bounds.limits(ctx));
                if verdict.is_optimal() {
                    good += 1;
                } else {
                    bad += 1;
                }
                verdict_json(n, unit, P::MOVES, &verdict)
            }
        };
        results.push(record);
    }
    let summary = format!("{good} optimal, {bad} not, {skipped} skipped");
    Ok((results, summary))
}

/// The verdict as a record; `text` is the line `gridpuzzle verify` prints.
fn verdict_json(n: usize, unit: &str, moves_word: &str, verdict: &Verdict) -> Value {
    let described = verdict.describe(moves_word);
    let text = match verdict {
        Verdict::Illegal { .. } => format!("{unit} {n}, {described}"),
        _ => format!("{unit} {n}: {described}"),
    };
    let mut record = json!({ "case": n });
    let fields = match verdict {
        Verdict::Optimal { moves } => {
            json!({ "verdict": "optimal", "moves": moves, "optimum": moves })
        }
        Verdict::Longer { moves, optimum } => {
            json!({ "verdict": "longer", "moves": moves, "optimum": optimum })
        }
        Verdict::Illegal { index, mv, reason } => json!({
            "verdict": "illegal", "move": index + 1, "letter": mv.to_string(), "reason": reason,
        }),
        Verdict::NotReached { moves, detail } => {
            json!({ "verdict": "not_reached", "moves": moves, "reason": detail })
        }
        Verdict::OverCap { moves, cap } => {
            json!({ "verdict": "over_cap", "moves": moves, "cap": cap })
        }
        Verdict::Unknown { moves, why } => {
            json!({ "verdict": "unknown", "moves": moves, "reason": why })
        }
    };
    if let (Value::Object(r), Value::Object(f)) = (&mut record, fields) {
        r.extend(f);
        r.insert("text".into(), Value::String(text));
    }
    record
}

/// `POST /api/render`: the SVG of case `case` (1-based, default 1) playing
/// `moves`, or its optimal solution when `moves` is absent (its start when
/// the search is stopped or the case is unsolvable). `frame: K` draws a
/// still of the board after move K.
pub(crate) fn render(req: &Value, ctx: &Ctx) -> Result<Reply, ApiError> {
    let r = Request::read(req, &["input", "case", "moves", "frame"], &ctx.config)?;
    let input = r.input()?;
    let wanted = case_number(r.fields)?;
    let moves = match r.fields.get("moves") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(parse_plan(s).map_err(|(index, c)| {
            ApiError::bad(format!(
                "moves, column {}: expected a move (U, D, L or R), found `{c}`",
                index + 1
            ))
        })?),
        Some(_) => return Err(ApiError::bad("`moves` must be a string such as \"RDLU\"")),
    };
    let frame = match r.fields.get("frame") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_u64()
                .and_then(|k| usize::try_from(k).ok())
                .ok_or_else(|| {
                    ApiError::bad(format!("`frame` must be a move number from 0, found {v}"))
                })?,
        ),
    };
    let svg = match &r.puzzle {
        Chosen::Curling(p) => render_case(p, input, wanted, moves, frame, r.bounds, ctx)?,
        Chosen::Holedox(p) => render_case(p, input, wanted, moves, frame, r.bounds, ctx)?,
    };
    Ok(Reply::Svg(svg))
}

fn render_case<P: Puzzle>(
    puzzle: &P,
    input: &str,
    wanted: u64,
    moves: Option<Vec<Dir>>,
    frame: Option<usize>,
    bounds: Bounds,
    ctx: &Ctx,
) -> Result<String, ApiError> {
    let unit = P::UNIT;
    let case = nth_case(puzzle, input, wanted, ctx)?;
    let plan = match moves {
        Some(plan) => plan,
        None => match puzzle.solve(&case, &bounds.limits(ctx)).outcome {
            Outcome::Solved(plan) => plan,
            Outcome::Unsolvable | Outcome::Limit(_) => Vec::new(),
        },
    };
    if frame.is_some_and(|k| k > plan.len()) {
        return Err(ApiError::bad(format!(
            "`frame` is at most the number of moves, {}",
            plan.len()
        )));
    }
    puzzle
        .svg(&case, &plan, frame)
        .map_err(|e| ApiError::bad(format!("{unit} {wanted}: the moves cannot be played: {e}")))
}

/// Case `wanted` (1-based) of `input`; an error for a bad case before it
/// or too few cases.
fn nth_case<P: Puzzle>(
    puzzle: &P,
    input: &str,
    wanted: u64,
    ctx: &Ctx,
) -> Result<P::Case, ApiError> {
    let mut n = 0;
    let mut budget = ParseBudget::default();
    for case in puzzle.cases(input) {
        if ctx.stopped() {
            return Err(ApiError::out_of_time(format!(
                "the request's time ran out while reading {} {}",
                P::UNIT,
                n + 1
            )));
        }
        n += 1;
        let case = case.map_err(|e| ApiError::bad(e.to_string()))?;
        budget.charge::<P>(&case, n)?;
        if n == wanted {
            return Ok(case);
        }
    }
    Err(ApiError::bad(format!(
        "case {wanted}: the input has only {n} {}s",
        P::UNIT
    )))
}

/// Most cells the boards read by one request may have in all, the cases
/// skipped or listed by size only included: a Holedox case of 22 bytes
/// declares a lair of 16 million cells, and building it is work.
pub const MAX_PARSED_CELLS: u64 = 1 << 26;

/// The cells read so far by a request that reads cases without searching
/// them (`/api/cases`, finding the case of `/api/play` or `/api/render`).
#[derive(Default)]
struct ParseBudget {
    cells: u64,
}

impl ParseBudget {
    fn charge<P: Puzzle>(&mut self, case: &P::Case, n: u64) -> Result<(), ApiError> {
        let (w, h) = P::size(case);
        self.cells += u64::from(w) * u64::from(h);
        if self.cells > MAX_PARSED_CELLS {
            return Err(ApiError::bad(format!(
                "{} {n}: the boards up to here have more than {MAX_PARSED_CELLS} cells in all, \
                 more than one request may read; split the input",
                P::UNIT
            )));
        }
        Ok(())
    }
}

/// `case`: a case number from 1 (default 1).
fn case_number(fields: &Map<String, Value>) -> Result<u64, ApiError> {
    match fields.get("case") {
        None | Some(Value::Null) => Ok(1),
        Some(v) => v.as_u64().filter(|&n| n >= 1).ok_or_else(|| {
            ApiError::bad(format!("`case` must be a case number from 1, found {v}"))
        }),
    }
}

/// `POST /api/cases`: the boards of a judge input, for the page to draw
/// and edit. Cells are 0-based `[row, column]`; `rows` has one string per
/// row (`.` free, `#` block or stone, and for Curling `S` start, `G`
/// goal). A board with a side over the server's `max_side` (the page's
/// editor limit) gets only its size and `"too_large": true`. A bad case ends the list: the cases before it are returned, with
/// the parser's message in `error`, as the CLI answers the cases before a
/// bad one.
pub(crate) fn cases(req: &Value, ctx: &Ctx) -> Result<Reply, ApiError> {
    let r = Request::read(req, &["input"], &ctx.config)?;
    let input = r.input()?;
    let max_side = ctx.config.max_side;
    let (boards, error) = match &r.puzzle {
        Chosen::Curling(p) => boards(p, input, max_side, ctx)?,
        Chosen::Holedox(p) => boards(p, input, max_side, ctx)?,
    };
    let mut answer = json!({ "cases": boards });
    if let (Value::Object(o), Some(e)) = (&mut answer, error) {
        o.insert("error".into(), Value::String(e));
    }
    Ok(Reply::Json(answer))
}

/// At most this many boards in one `cases` answer, and at most this many
/// cells drawn in all: the body cap bounds the input, not the answer (a
/// 26-byte case can declare a lair of 16 million cells).
const MAX_BOARDS: usize = 1000;
const MAX_DRAWN_CELLS: u64 = 4_000_000;

fn boards<P: Puzzle>(
    puzzle: &P,
    input: &str,
    max_side: u32,
    ctx: &Ctx,
) -> Result<(Vec<Value>, Option<String>), ApiError> {
    let mut boards = Vec::new();
    let mut drawn = 0u64;
    let mut budget = ParseBudget::default();
    for (i, case) in puzzle.cases(input).enumerate() {
        if ctx.stopped() {
            return Err(ApiError::out_of_time(format!(
                "the request's time ran out while reading {} {}",
                P::UNIT,
                i + 1
            )));
        }
        if i == MAX_BOARDS {
            let more = format!(
                "only the first {MAX_BOARDS} {}s are listed; split the input to see the rest",
                P::UNIT
            );
            return Ok((boards, Some(more)));
        }
        let case = match case {
            Ok(case) => case,
            Err(e) => return Ok((boards, Some(e.to_string()))),
        };
        budget.charge::<P>(&case, i as u64 + 1)?;
        let (width, height) = P::size(&case);
        let mut board = if width > max_side || height > max_side {
            // Too large to edit on the page: its size only.
            json!({ "width": width, "height": height, "too_large": true })
        } else {
            drawn += u64::from(width) * u64::from(height);
            if drawn > MAX_DRAWN_CELLS {
                let more = format!(
                    "only the first {i} {}s are listed: the answer is capped at {MAX_DRAWN_CELLS} cells",
                    P::UNIT
                );
                return Ok((boards, Some(more)));
            }
            puzzle.board_json(&case)
        };
        if let Value::Object(o) = &mut board {
            o.insert("case".into(), json!(i + 1));
        }
        boards.push(board);
    }
    Ok((boards, None))
}

/// `POST /api/play`: plays `moves` on case `case` through the rules, as
/// `gridpuzzle play` does, and answers the start and what each move
/// changed (so the page draws a game or a solution's animation without
/// knowing a rule),
/// the first refused move with the rules' reason, and with `"hint": true`
/// what the exact solver proves about the last position: an optimal plan
/// from there, `unsolvable`, or `limit`. The server keeps no game: undo is
/// the client sending fewer moves. With `"positions": [FROM, TO]` it also
/// answers the whole positions to draw ([`crate::positions`]).
pub(crate) fn play(req: &Value, ctx: &Ctx) -> Result<Reply, ApiError> {
    let r = Request::read(
        req,
        &["input", "case", "moves", "hint", "positions"],
        &ctx.config,
    )?;
    let window = crate::positions::Window::read(r.fields.get("positions"))?;
    let input = r.input()?;
    let wanted = case_number(r.fields)?;
    let moves = match r.fields.get("moves") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::String(s)) => parse_plan(s).map_err(|(index, c)| {
            ApiError::bad(format!(
                "moves, column {}: expected a move (U, D, L or R), found `{c}`",
                index + 1
            ))
        })?,
        Some(_) => return Err(ApiError::bad("`moves` must be a string such as \"RDLU\"")),
    };
    let hint = match r.fields.get("hint") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(v) => {
            return Err(ApiError::bad(format!(
                "`hint` must be true or false, found {v}"
            )))
        }
    };
    let answer = match &r.puzzle {
        Chosen::Curling(p) => play_case(p, input, wanted, &moves, hint, r.bounds, ctx)?,
        Chosen::Holedox(p) => play_case(p, input, wanted, &moves, hint, r.bounds, ctx)?,
    };
    let answer = match window {
        Some(w) => crate::positions::add_to_play(answer, r.fields, wanted, w, ctx)?,
        None => answer,
    };
    Ok(Reply::Json(answer))
}

/// Most moves one play request may replay.
pub const MAX_PLAY_MOVES: usize = 100_000;

fn play_case<P: Puzzle>(
    puzzle: &P,
    input: &str,
    wanted: u64,
    moves: &[Dir],
    hint: bool,
    bounds: Bounds,
    ctx: &Ctx,
) -> Result<Value, ApiError> {
    if moves.len() > MAX_PLAY_MOVES {
        return Err(ApiError::bad(format!(
            "at most {MAX_PLAY_MOVES} moves in one play request, found {}",
            moves.len()
        )));
    }
    let case = nth_case(puzzle, input, wanted, ctx)?;
    let (game, mut state) = puzzle.game(case);
    // The moves are replayed keeping only the current position (a
    // session's history of positions would grow with moves × board).
    let start = P::start_json(&state);
    let mut steps = Vec::new();
    let mut refused = Value::Null;
    let mut won = game.is_won(&state);
    for (index, &mv) in moves.iter().enumerate() {
        if ctx.stopped() {
            return Err(ApiError::out_of_time(format!(
                "the request's time ran out after replaying {index} of {} moves",
                moves.len()
            )));
        }
        let applied = if won {
            Err(ALREADY_WON.to_string())
        } else {
            game.apply(&state, index, mv)
        };
        match applied {
            Ok((next, event)) => {
                steps.push(P::step_json(&next, &event));
                state = next;
                won = game.is_won(&state);
            }
            Err(reason) => {
                refused = json!({ "move": index + 1, "letter": mv.to_string(), "reason": reason });
                break;
            }
        }
    }
    let used = steps.len();
    let stuck = !won
        && game
            .moves()
            .iter()
            .all(|&m| game.apply(&state, used, m).is_err());
    let mut answer = json!({
        "case": wanted,
        "moves": plan_string(&moves[..used]),
        "start": start,
        "steps": steps,
        "refused": refused,
        "won": won,
        "stuck": stuck,
    });
    if hint {
        let found = if won {
            json!({ "outcome": "won", "to_go": 0 })
        } else {
            match game.solve_from(&state, used, &bounds.limits(ctx)).outcome {
                Outcome::Solved(plan) if plan.is_empty() => json!({ "outcome": "won", "to_go": 0 }),
                Outcome::Solved(plan) => json!({
                    "outcome": "solved",
                    "to_go": plan.len(),
                    "next": plan.first().map(|d| d.to_string()),
                    "plan": plan_string(&plan),
                }),
                Outcome::Unsolvable => json!({ "outcome": "unsolvable" }),
                Outcome::Limit(why) => json!({ "outcome": "limit", "reason": why.to_string() }),
            }
        };
        if let Value::Object(o) = &mut answer {
            o.insert("hint".into(), found);
            o.insert("limits".into(), bounds.json());
        }
    }
    Ok(answer)
}

/// `POST /api/generate`: puzzles with a proved optimum, as `generate
/// --format json` records, plus the whole judge input.
pub(crate) fn generate(req: &Value, ctx: &Ctx) -> Result<Reply, ApiError> {
    const KEYS: &[&str] = &[
        "puzzle",
        "size",
        "count",
        "seed",
        "answer",
        "len",
        "density",
        "max_throws",
        "tail_rule",
        "exit",
        "max_states",
    ];
    let fields = req
        .as_object()
        .ok_or_else(|| ApiError::bad("expected a JSON object"))?;
    for key in fields.keys() {
        if !KEYS.contains(&key.as_str()) {
            return Err(ApiError::bad(format!(
                "unknown field `{key}` (known: {})",
                KEYS.join(", ")
            )));
        }
    }
    // The rule options sit beside the others here, as on the command line.
    let mut options = Map::new();
    for key in ["max_throws", "tail_rule", "exit"] {
        if let Some(v) = fields.get(key) {
            options.insert(key.into(), v.clone());
        }
    }
    let puzzle = rules(fields, &options)?;
    let config = &ctx.config;
    let (width, height) = match fields.get("size") {
        Some(Value::String(s)) => parse_size(s, config.max_side).map_err(ApiError::bad)?,
        Some(v) => {
            return Err(ApiError::bad(format!(
                "expected a size WxH such as `10x8` (width, then height), found {v}"
            )))
        }
        None => {
            return Err(ApiError::bad(
                "missing field `size` (WxH, such as \"10x8\")",
            ))
        }
    };
    let count = match fields.get("count") {
        None | Some(Value::Null) => 1,
        Some(v) => v
            .as_u64()
            .filter(|n| (1..=config.max_count).contains(n))
            .ok_or_else(|| {
                ApiError::bad(format!(
                    "`count` must be 1 to {} on this server, found {v}",
                    config.max_count
                ))
            })?,
    };
    let seed = match fields.get("seed") {
        None | Some(Value::Null) => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            // Below 2^53, so a JavaScript client reads it back exactly.
            .map(|d| (d.as_nanos() % (1u128 << 53)) as u64)
            .unwrap_or(0),
        Some(v) => match v {
            Value::String(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
                s.parse::<u64>().ok()
            }
            Value::String(_) => None,
            _ => v.as_u64(),
        }
        .ok_or_else(|| {
            ApiError::bad(format!(
                "`seed` must be a whole number from 0 (or its digits in a string), found {v}"
            ))
        })?,
    };
    let want = match fields.get("answer") {
        None | Some(Value::Null) => Want { min: 1, max: None },
        Some(Value::String(s)) => parse_want(s).map_err(ApiError::bad)?,
        Some(Value::Number(n)) => parse_want(&n.to_string()).map_err(ApiError::bad)?,
        Some(v) => {
            return Err(ApiError::bad(format!(
                "expected `A..B`, `A..`, a number or `-1`, found {v}"
            )))
        }
    };
    let density = match fields.get("density") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_u64()
                .filter(|&p| p <= 100)
                .map(|p| p as u32)
                .ok_or_else(|| {
                    ApiError::bad(format!(
                        "`density` must be a percentage, 0 to 100, found {v}"
                    ))
                })?,
        ),
    };
    let max_states = |default: u64| -> Result<u64, ApiError> {
        let mut o = Map::new();
        if let Some(v) = fields.get("max_states") {
            o.insert("max_states".into(), v.clone());
        }
        Ok(bounds(&o, config, default)?.max_states)
    };
    let job = Job { count, ctx };
    let made = match puzzle {
        Chosen::Curling(p) => {
            if fields.contains_key("len") {
                return Err(ApiError::bad("field `len` is for holedox only"));
            }
            if (width as u64) * (height as u64) < 2 {
                return Err(ApiError::bad(format!(
                    "a Curling board needs at least two cells (a start and a goal), found size {width}x{height}"
                )));
            }
            let cap = p.opts.max_throws;
            if want.max == Some(0) {
                return Err(ApiError::bad(
                    "a Curling board needs at least one throw: answer 0 asks for the impossible",
                ));
            }
            if let Some(cap) = cap.filter(|&cap| want.min > cap as i64) {
                return Err(ApiError::bad(format!(
                    "no board needs {} throws under a cap of {cap}: raise max_throws or lower answer",
                    want.min
                )));
            }
            let opts = curling::generate::GenerateOptions {
                width,
                height,
                want,
                density,
                max_throws: cap,
                max_expanded: max_states(curling::generate::DEFAULT_MAX_EXPANDED)?,
                attempts: ATTEMPTS,
                cancel: Some(ctx.cancel.clone()),
            };
            let source = curling::generate::generate(&opts, seed).map(|g| {
                g.map(|g| Made {
                    text: curling::parse::write_dataset(&g.board),
                    plan: g.plan,
                    difficulty: g.difficulty,
                })
            });
            job.run(source, curling::parse::TERMINATOR)
        }
        Chosen::Holedox(p) => {
            let (rows, cols) = (height, width);
            let (er, ec) = p.exit;
            if er > rows || ec > cols {
                return Err(ApiError::bad(format!(
                    "the exit at row {er}, column {ec} is outside a lair of {rows} rows and {cols} columns"
                )));
            }
            let max_len = holedox::max_len_for(rows, cols).min(rows.saturating_mul(cols));
            let len = match fields.get("len") {
                Some(v) => v
                    .as_u64()
                    .filter(|&l| l >= 1 && l <= max_len as u64)
                    .ok_or_else(|| ApiError::bad(format!(
                        "len {v} does not fit: a lair of {rows} rows and {cols} columns takes a body of 1 to {max_len} segments"
                    )))? as usize,
                None => return Err(ApiError::bad("missing field `len` (the body length, such as 4)")),
            };
            let opts = holedox::generate::GenerateOptions {
                rows,
                cols,
                len,
                exit: Pos::new(er - 1, ec - 1),
                rule: p.rule,
                want,
                density,
                max_expanded: max_states(holedox::generate::DEFAULT_MAX_EXPANDED)?,
                attempts: ATTEMPTS,
                cancel: Some(ctx.cancel.clone()),
            };
            let source = holedox::generate::generate(&opts, seed).map(|g| {
                g.map(|g| Made {
                    text: holedox::parse::write_case(&g.board),
                    plan: g.plan,
                    difficulty: g.difficulty,
                })
            });
            job.run(source, holedox::parse::TERMINATOR)
        }
    };
    let mut answer = made;
    if let Value::Object(o) = &mut answer {
        o.insert("seed".into(), json!(seed));
    }
    Ok(Reply::Json(answer))
}

/// Boards solved in a row without a wanted answer before a generate
/// request gives up (the request's deadline usually comes first).
const ATTEMPTS: u64 = 50_000;

/// One generated case, whichever the puzzle.
struct Made {
    text: String,
    plan: Vec<Dir>,
    difficulty: Difficulty,
}

struct Job<'a> {
    count: u64,
    ctx: &'a Ctx,
}

impl Job<'_> {
    /// Takes up to `count` puzzles from `source`, stopping at the request's
    /// deadline; says whether all were made and, if not, why.
    fn run(&self, source: impl Iterator<Item = Result<Made, Stop>>, terminator: &str) -> Value {
        let mut cases = Vec::new();
        let mut whole = String::new();
        let mut reason = None;
        let mut source = source;
        while (cases.len() as u64) < self.count {
            if Instant::now() >= self.ctx.deadline {
                reason = Some(self.timed_out(cases.len()));
                break;
            }
            match source.next() {
                Some(Ok(made)) => {
                    let d = made.difficulty;
                    whole.push_str(&made.text);
                    cases.push(json!({
                        "case": cases.len() + 1,
                        "input": format!("{}{terminator}", made.text),
                        "answer": d.optimum,
                        "moves": plan_string(&made.plan),
                        "difficulty": {
                            "optimum": d.optimum,
                            "optimal_first_moves": d.optimal_first_moves,
                            "expanded": d.expanded,
                        },
                    }));
                }
                Some(Err(Stop::Cancelled)) => {
                    reason = Some(self.timed_out(cases.len()));
                    break;
                }
                Some(Err(Stop::GaveUp { attempts })) => {
                    reason = Some(format!(
                        "gave up after {attempts} boards in a row without a wanted optimum \
                         ({} of {} puzzles made); try another answer, size or density",
                        cases.len(),
                        self.count
                    ));
                    break;
                }
                None => break,
            }
        }
        whole.push_str(terminator);
        let mut answer = json!({
            "cases": cases,
            "input": whole,
            "complete": reason.is_none(),
        });
        if let (Value::Object(o), Some(reason)) = (&mut answer, reason) {
            o.insert("reason".into(), Value::String(reason));
        }
        answer
    }

    fn timed_out(&self, made: usize) -> String {
        format!(
            "the time limit of {} s for a request was reached after {made} of {} puzzles",
            self.ctx.config.request_time.as_secs_f64(),
            self.count
        )
    }
}

/// The CLI's `--size`: `WxH`, with the server's cap on each side.
fn parse_size(s: &str, max_side: u32) -> Result<(u32, u32), String> {
    let (w, h) = gridpuzzle_engine::grid::parse_size(s)?;
    if w > max_side || h > max_side {
        return Err(format!(
            "at most {max_side} columns and {max_side} rows on this server, found `{s}`"
        ));
    }
    Ok((w, h))
}

/// The CLI's `--answer`: `A..B`, `A..`, `N` or `-1`.
fn parse_want(s: &str) -> Result<Want, String> {
    Want::parse(s)
}
