//! `generate` (the server's `POST /api/generate`): puzzles with a proved
//! optimum, as `generate --format json` records ([`generated_json`]), plus the
//! whole judge input.
//!
//! A request is checked once, by the puzzle's own [`Generate::generator`]
//! (the one validation every front end shares); its messages are the
//! command line's (`--max-throws`), and are answered with the API's field
//! names (`max_throws`). As on the command line, the puzzle's settings
//! and generator parameters (`len`) sit beside the other fields; which
//! exist, and which puzzle owns one, comes from the registry. The
//! request's deadline ends a long run with the puzzles made so far,
//! `"complete": false` and a `reason`; the answer always says its `seed`
//! (from the clock when none was given), so a run can be repeated.
//!
//! [`Generate::generator`]: gridpuzzle_engine::caps::Generate::generator

use gridpuzzle_engine::caps::GenSpec;
use gridpuzzle_engine::clock::Instant;
use gridpuzzle_engine::generate::{Stop, Want};
use gridpuzzle_engine::report::generated_json;
use gridpuzzle_registry::Registered;
use gridpuzzle_registry::Visit;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use crate::job::{dispatch, Job, Slot, Work};
use crate::options::{api_keys, apply, known, owned, text, MaxStates};
use crate::request::{checked, field, given, PuzzleName};
use crate::{Answer, ApiError, Bounds, Ctx};

/// The fields of a generate request. Every other field is the puzzle's
/// (a setting or a generator parameter), checked against the registry
/// once the puzzle is known, so unknown fields are refused there rather
/// than by `deny_unknown_fields`.
#[derive(Deserialize)]
pub struct GenerateRequest {
    #[serde(default, deserialize_with = "given")]
    puzzle: Option<PuzzleName>,
    #[serde(default, deserialize_with = "given")]
    size: Option<Size>,
    /// Checked against the server's cap ([`Bounds::max_count`]).
    count: Option<Value>,
    seed: Option<Seed>,
    answer: Option<AnswerRange>,
    density: Option<Density>,
    max_states: Option<MaxStates>,
    #[serde(flatten)]
    puzzles_own: Map<String, Value>,
}

/// `size`: `WxH`, as the CLI's `--size`.
struct Size {
    width: u32,
    height: u32,
    text: String,
}

impl<'de> Deserialize<'de> for Size {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Size, D::Error> {
        checked(d, |v| match v {
            Value::String(s) => {
                gridpuzzle_engine::grid::parse_size(s).map(|(width, height)| Size {
                    width,
                    height,
                    text: s.clone(),
                })
            }
            _ => Err(format!(
                "expected a size WxH such as `10x8` (width, then height), found {v}"
            )),
        })
    }
}

field!(
    /// `seed`: a whole number, or its digits in a string (a JavaScript
    /// number is exact only below 2^53).
    struct Seed(u64),
    |v| match v {
        Value::String(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
            s.parse().ok()
        }
        Value::String(_) => None,
        _ => v.as_u64(),
    }
    .ok_or_else(|| {
        format!("`seed` must be a whole number from 0 (or its digits in a string), found {v}")
    })
);

field!(
    /// `answer`: `A..B`, `A..`, `N` or `-1` (as the CLI's `--answer`), or
    /// a number.
    struct AnswerRange(Want),
    |v| match v {
        Value::String(s) => Want::parse(s),
        Value::Number(n) => Want::parse(&n.to_string()),
        _ => Err(format!("expected `A..B`, `A..`, a number or `-1`, found {v}")),
    }
);

field!(
    /// `density`: a percentage of obstacles.
    struct Density(u32),
    |v| v.as_u64().filter(|&p| p <= 100).map(|p| p as u32).ok_or_else(|| {
        format!("`density` must be a percentage, 0 to 100, found {v}")
    })
);

#[derive(Serialize)]
struct GenerateAnswer {
    cases: Vec<Value>,
    input: String,
    complete: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    seed: u64,
}

/// `generate`: the request checked by the puzzle's own generator.
pub fn check(req: GenerateRequest, ctx: &Ctx) -> Result<Job, ApiError> {
    let work = dispatch(PuzzleName::required(req.puzzle)?, Generate { req, ctx })?;
    Ok(Job::new(Slot::Search, work))
}

/// Boards solved in a row without a wanted answer before a generate
/// request gives up (the request's deadline usually comes first).
const ATTEMPTS: u64 = 50_000;

struct Generate<'a> {
    req: GenerateRequest,
    ctx: &'a Ctx,
}

impl Visit for Generate<'_> {
    type Output = Result<Work, ApiError>;

    fn visit<P: Registered>(self, _: P) -> Result<Work, ApiError> {
        let req = self.req;
        let config = &self.ctx.bounds;
        let gen = P::CAPS.generator()?;
        // The puzzle's own fields: its settings, then its parameters.
        let (mut settings, mut params) = (Map::new(), Vec::new());
        for (key, value) in &req.puzzles_own {
            if known(key, |e| e.settings) {
                settings.insert(key.clone(), value.clone());
            } else if known(key, |e| e.gen_params()) {
                params.push(key);
            } else {
                return Err(ApiError::bad(format!(
                    "unknown field `{key}` (known: {})",
                    field_names().join(", ")
                )));
            }
        }
        owned::<P>(settings.keys(), "option", |e| e.settings)?;
        owned::<P>(params.iter().copied(), "field", |e| e.gen_params())?;
        let puzzle = apply(P::default(), &settings)?;
        let Some(size) = req.size else {
            return Err(ApiError::bad(
                "missing field `size` (WxH, such as \"10x8\")",
            ));
        };
        let max_side = config.max_side;
        if size.width > max_side || size.height > max_side {
            return Err(ApiError::bad(format!(
                "at most {max_side} columns and {max_side} rows on this server, found `{}`",
                size.text
            )));
        }
        let count = count(req.count.as_ref(), config)?;
        let seed = req.seed.map_or_else(clock_seed, |s| s.0);
        let spec = GenSpec {
            width: size.width,
            height: size.height,
            want: req.answer.map_or(Want { min: 1, max: None }, |a| a.0),
            density: req.density.map(|d| d.0),
            params: gen
                .info()
                .params
                .iter()
                .filter_map(|p| {
                    let value = req.puzzles_own.get(&crate::options::api_key(p))?;
                    Some((p.key.to_string(), text(value)?))
                })
                .collect(),
            max_expanded: Some(
                req.max_states
                    .map_or(gen.info().max_expanded, |m| m.0)
                    .min(config.max_states),
            ),
            attempts: ATTEMPTS,
            cancel: Some(self.ctx.cancel.clone()),
            heap: self.ctx.heap.clone(),
        };
        // The generator checks the request. It is built again on the
        // blocking thread (it is not `Send`); building one is cheap.
        gen.generator(&puzzle, &spec, seed)
            .map_err(|e| ApiError::bad(api_words::<P>(&e)))?;
        Ok(Box::new(move |ctx| {
            let generator = gen
                .generator(&puzzle, &spec, seed)
                .map_err(|e| ApiError::bad(api_words::<P>(&e)))?;
            let (cases, input, reason) = run(&puzzle, generator, count, ctx);
            Answer::json(&GenerateAnswer {
                cases,
                input,
                complete: reason.is_none(),
                reason,
                seed,
            })
        }))
    }
}

/// The fields a generate request may have, for the message that
/// refuses another.
fn field_names() -> Vec<String> {
    let mut names: Vec<String> = ["puzzle", "size", "count", "seed", "answer"]
        .map(String::from)
        .into();
    names.extend(api_keys(|e| e.gen_params()));
    names.push("density".into());
    names.extend(api_keys(|e| e.settings));
    names.push("max_states".into());
    names
}

/// `count`: 1 to the server's cap (default 1).
fn count(given: Option<&Value>, config: &Bounds) -> Result<u64, ApiError> {
    let Some(v) = given else { return Ok(1) };
    v.as_u64()
        .filter(|n| (1..=config.max_count).contains(n))
        .ok_or_else(|| {
            ApiError::bad(format!(
                "`count` must be 1 to {} on this server, found {v}",
                config.max_count
            ))
        })
}

/// A seed from the clock, below 2^53 so a JavaScript client reads it back
/// exactly.
fn clock_seed() -> u64 {
    (gridpuzzle_engine::clock::since_epoch().as_nanos() % (1u128 << 53)) as u64
}

/// The generator's words (the command line's) with the API's names:
/// `--max-throws` is `max_throws`, and the density option (`--blocks`)
/// is `density`.
fn api_words<P: Registered>(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find("--") {
        let starts_word = !rest[..at].ends_with(|c: char| c.is_alphanumeric());
        let after = &rest[at + 2..];
        let end = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .unwrap_or(after.len());
        let flag = &after[..end];
        out.push_str(&rest[..at]);
        if !starts_word || flag.is_empty() {
            out.push_str("--");
            rest = after;
            continue;
        }
        if P::CAPS.generate.is_some_and(|g| flag == g.info().density) {
            out.push_str("density");
        } else {
            out.push_str(&flag.replace('-', "_"));
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// Takes up to `count` puzzles from `generator`, stopping at the
/// request's deadline: the records, the whole judge input and, when not
/// all were made, why.
fn run<P: Registered>(
    puzzle: &P,
    mut generator: impl Iterator<
        Item = Result<gridpuzzle_engine::generate::Generated<P::Case, P::Move>, Stop>,
    >,
    count: u64,
    ctx: &Ctx,
) -> (Vec<Value>, String, Option<String>) {
    let timed_out = |made: usize| {
        format!(
            "the time limit of {} s for a request was reached after {made} of {count} puzzles",
            ctx.bounds.request_time.as_secs_f64(),
        )
    };
    let mut cases = Vec::new();
    let mut whole = String::new();
    let mut reason = None;
    while (cases.len() as u64) < count {
        if Instant::now() >= ctx.deadline {
            reason = Some(timed_out(cases.len()));
            break;
        }
        match generator.next() {
            Some(Ok(made)) => {
                let text = puzzle.write_case(&made.board);
                whole.push_str(&text);
                cases.push(generated_json(
                    cases.len() as u64 + 1,
                    &text,
                    P::INFO.terminator,
                    &made.plan,
                    &made.difficulty,
                ));
            }
            Some(Err(Stop::Cancelled)) => {
                reason = Some(timed_out(cases.len()));
                break;
            }
            Some(Err(Stop::GaveUp { attempts })) => {
                reason = Some(format!(
                    "gave up after {attempts} boards in a row without a wanted optimum \
                     ({} of {count} puzzles made); try another answer, size or density",
                    cases.len(),
                ));
                break;
            }
            None => break,
        }
    }
    whole.push_str(P::INFO.terminator);
    (cases, whole, reason)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Words<'a>(&'a str);

    impl Visit for Words<'_> {
        type Output = String;
        fn visit<P: Registered>(self, _: P) -> String {
            api_words::<P>(self.0)
        }
    }

    #[test]
    fn command_line_options_become_api_fields() {
        for e in gridpuzzle_registry::entries() {
            let words = |m: &str| gridpuzzle_registry::visit(e.name, Words(m)).unwrap();
            assert_eq!(
                words("raise --max-throws or lower --answer"),
                "raise max_throws or lower answer"
            );
            assert_eq!(
                words("--len 99 does not fit, found --size 1x1"),
                "len 99 does not fit, found size 1x1"
            );
            if let Some(g) = e.gen {
                assert_eq!(words(&format!("try --{}", g.density)), "try density");
            }
            assert_eq!(words("a--b -- c"), "a--b -- c");
        }
    }
}
