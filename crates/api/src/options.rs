//! A request's options: the puzzle's rule settings and the search bounds.
//!
//! The settings are the puzzle's own
//! ([`Settings::SETTINGS`](gridpuzzle_engine::caps::Settings::SETTINGS)):
//! the API spells a key with `_` where the command line has `-`
//! (`max_throws` is `--max-throws`), and a value is applied with
//! [`Settings::set`](gridpuzzle_engine::caps::Settings::set), so the CLI,
//! the save file and the API read a setting the one same way (a JSON
//! number or string becomes its text, `null` keeps the judge's rule). The
//! API knows no setting by name: which keys exist, and which puzzle
//! owns one, comes from the registry, so a Holedox option sent with a
//! Curling request is named as Holedox's rather than called unknown.
//!
//! The bounds (`max_states`, `timeout_ms`) are the call's, the same for
//! every puzzle, and clamped to its [`Bounds`]: a client may ask for less,
//! never for more.
//!
//! The way back is here too: [`settings_answer`] writes a puzzle's every
//! setting as `options` under the same keys (`/api/board` answers the
//! rules a board is played under so, for the page to send on), and
//! `/api/puzzles` names the settings by [`api_key`].

use gridpuzzle_registry::Registered;
use std::time::Duration;

use gridpuzzle_engine::caps::Setting;
use gridpuzzle_engine::clock::Instant;
use gridpuzzle_engine::search::Limits;
use gridpuzzle_registry::Entry;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use crate::request::field;
use crate::{ApiError, Bounds, Ctx};

/// `options`: an object of the bounds and the puzzle's settings.
#[derive(Debug, Default)]
pub(crate) struct Options {
    max_states: Option<MaxStates>,
    timeout_ms: Option<TimeoutMs>,
    /// The puzzle's settings by their API keys, in the request's order.
    settings: Map<String, Value>,
}

/// The fields of [`Options`]; every other key is a setting, checked
/// against the registry once the puzzle is known.
#[derive(Deserialize)]
struct OptionFields {
    max_states: Option<MaxStates>,
    timeout_ms: Option<TimeoutMs>,
    #[serde(flatten)]
    settings: Map<String, Value>,
}

impl<'de> Deserialize<'de> for Options {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Options, D::Error> {
        match Value::deserialize(d)? {
            Value::Null => Ok(Options::default()),
            object @ Value::Object(_) => {
                let f = OptionFields::deserialize(object).map_err(D::Error::custom)?;
                Ok(Options {
                    max_states: f.max_states,
                    timeout_ms: f.timeout_ms,
                    settings: f.settings,
                })
            }
            _ => Err(D::Error::custom("`options` must be a JSON object")),
        }
    }
}

impl Options {
    /// Puzzle `P` under the settings given, every key checked.
    pub(crate) fn puzzle<P: Registered>(&self) -> Result<P, ApiError> {
        for key in self.settings.keys() {
            if !known(key, |e| e.settings) {
                let mut keys = api_keys(|e| e.settings);
                keys.extend(["max_states".into(), "timeout_ms".into()]);
                return Err(ApiError::bad(format!(
                    "unknown option `{key}` (known: {})",
                    keys.join(", ")
                )));
            }
        }
        owned::<P>(self.settings.keys(), "option", |e| e.settings)?;
        apply(P::default(), &self.settings)
    }

    /// The search bounds, within the call's.
    pub(crate) fn bounds(&self, call: &Bounds) -> SearchBounds {
        SearchBounds::new(
            self.max_states.map(|m| m.0),
            self.timeout_ms.map(|t| t.0),
            call,
        )
    }
}

/// The API's spelling of a setting's key: `max-throws` is `max_throws`.
pub(crate) fn api_key(setting: &Setting) -> String {
    setting.key.replace('-', "_")
}

/// The puzzles whose keys a request may meet: every registered one (a
/// key of another puzzle is refused by name, not as unknown).
fn entries() -> impl Iterator<Item = Entry> {
    gridpuzzle_registry::entries().into_iter()
}

/// The API keys of those puzzles' `keys` (settings or generator
/// parameters), each once, in the registry's order.
pub(crate) fn api_keys(keys: fn(&Entry) -> &'static [Setting]) -> Vec<String> {
    let mut all: Vec<String> = Vec::new();
    for e in entries() {
        for s in keys(&e) {
            let key = api_key(s);
            if !all.contains(&key) {
                all.push(key);
            }
        }
    }
    all
}

/// Whether `key` is one of `keys` of any puzzle a request for `P` may
/// meet.
pub(crate) fn known(key: &str, keys: fn(&Entry) -> &'static [Setting]) -> bool {
    entries().any(|e| keys(&e).iter().any(|s| api_key(s) == key))
}

/// Refuses the first of `given` that is not `P`'s own, naming the puzzle
/// it is for (`option `exit` is for holedox only`).
pub(crate) fn owned<'a, P: Registered>(
    given: impl IntoIterator<Item = &'a String>,
    word: &str,
    keys: fn(&Entry) -> &'static [Setting],
) -> Result<(), ApiError> {
    for key in given {
        let owners: Vec<&str> = entries()
            .filter(|e| keys(e).iter().any(|s| api_key(s) == *key))
            .map(|e| e.name)
            .collect();
        if !owners.contains(&P::INFO.name) {
            return Err(ApiError::bad(format!(
                "{word} `{key}` is for {} only",
                owners.join(" and ")
            )));
        }
    }
    Ok(())
}

/// Every setting of `puzzle` as `options` that [`Options::puzzle`] reads
/// back: API keys, values as the text `Settings::get` writes, in
/// `Settings::SETTINGS` order.
pub(crate) fn settings_answer<P: Registered>(puzzle: &P) -> Map<String, Value> {
    P::CAPS
        .setting_list()
        .iter()
        .map(|s| (api_key(s), Value::String(P::CAPS.get(puzzle, s.key))))
        .collect()
}

/// A JSON value as the text `Settings::set` reads: a string as it is,
/// anything else as its JSON (which the puzzle refuses, quoting it, when
/// it is no number); `None` for `null`.
pub(crate) fn text(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

/// `puzzle` with the settings `given` (API keys, all `P`'s own) applied.
pub(crate) fn apply<P: Registered>(
    mut puzzle: P,
    given: &Map<String, Value>,
) -> Result<P, ApiError> {
    for (key, value) in given {
        let Some(value) = text(value) else { continue };
        let key = P::CAPS
            .setting_list()
            .iter()
            .find(|s| api_key(s) == *key)
            .map_or(key.as_str(), |s| s.key);
        P::CAPS.set(&mut puzzle, key, &value)?;
    }
    Ok(puzzle)
}

field!(
    /// `max_states`: a whole number of at least 1.
    #[derive(Debug, Clone, Copy)]
    pub(crate) struct MaxStates(u64),
    |v| v.as_u64().filter(|&n| n >= 1).ok_or_else(|| {
        format!("`max_states` must be a whole number of at least 1, found {v}")
    })
);

field!(
    /// `timeout_ms`: a positive number of milliseconds.
    #[derive(Debug, Clone, Copy)]
    struct TimeoutMs(Duration),
    |v| v
        .as_f64()
        .filter(|ms| ms.is_finite() && *ms > 0.0)
        .map(|ms| Duration::from_secs_f64((ms / 1000.0).min(1e9)))
        .ok_or_else(|| {
            format!("`timeout_ms` must be a positive number of milliseconds, found {v}")
        })
);

/// Per-search bounds, already within the call's.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SearchBounds {
    max_states: u64,
    timeout: Duration,
}

/// The bounds as an answer reports them.
#[derive(Debug, Clone, Copy, Serialize)]
pub(crate) struct LimitsAnswer {
    max_states: u64,
    timeout_ms: u64,
}

/// The most states one search may keep in memory (2,000,000 states, about
/// 160 MB of Holedox A* nodes): each search in flight may take that much.
const MAX_STORED: usize = 2_000_000;

impl SearchBounds {
    fn new(max_states: Option<u64>, timeout: Option<Duration>, call: &Bounds) -> SearchBounds {
        SearchBounds {
            max_states: max_states.unwrap_or(call.max_states).min(call.max_states),
            timeout: timeout.unwrap_or(call.max_timeout).min(call.max_timeout),
        }
    }

    /// Limits for one search starting now, ending no later than the
    /// request's deadline, stopped by the request's cancel flag.
    pub(crate) fn limits(&self, ctx: &Ctx) -> Limits {
        Limits {
            max_expanded: Some(self.max_states),
            deadline: Some((Instant::now() + self.timeout).min(ctx.deadline)),
            cancel: Some(ctx.cancel.clone()),
            // Memory: the same bound as the command line's default
            // `--max-stored`, about 160 MB per search at most.
            max_stored: Some(MAX_STORED),
            // The transport's one memory budget, shared by every search
            // of every call (none: bounded by states and time only).
            heap: ctx.heap.clone(),
        }
    }

    pub(crate) fn answer(&self) -> LimitsAnswer {
        LimitsAnswer {
            max_states: self.max_states,
            timeout_ms: self.timeout.as_millis() as u64,
        }
    }
}
