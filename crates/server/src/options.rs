//! A request's `options` as a puzzle's settings, for the endpoints that
//! are generic over [`Puzzle`] (`/api/board`, the positions of
//! `/api/play`): every setting a puzzle declares ([`Puzzle::SETTINGS`]) is
//! an option of the same name with underscores (`max-throws` is
//! `max_throws`), its value a string or a number, read by the puzzle's own
//! [`Puzzle::set`] — so the API reads a setting exactly as the command
//! line and the links do.

use gridpuzzle_registry::Puzzle;
use serde_json::{Map, Value};

use crate::ApiError;

/// A setting's key as the API spells it.
pub(crate) fn api_key(key: &str) -> String {
    key.replace('-', "_")
}

/// The puzzle under the judge's rules changed by `options`. With
/// `others_allowed`, keys that are no setting (the search budgets, which
/// the caller has checked) are skipped; without, they are refused.
pub(crate) fn puzzle_with<P: Puzzle>(
    options: Option<&Value>,
    others_allowed: bool,
) -> Result<P, ApiError> {
    let mut puzzle = P::default();
    let options = match options {
        None | Some(Value::Null) => return Ok(puzzle),
        Some(Value::Object(o)) => o,
        Some(_) => return Err(ApiError::bad("`options` must be a JSON object")),
    };
    for (key, value) in options {
        let Some(setting) = P::SETTINGS.iter().find(|s| api_key(s.key) == *key) else {
            if others_allowed {
                continue;
            }
            let known: Vec<String> = P::SETTINGS.iter().map(|s| api_key(s.key)).collect();
            return Err(ApiError::bad(format!(
                "unknown option `{key}` for {} (known: {})",
                P::NAME,
                known.join(", ")
            )));
        };
        let text = match value {
            Value::Null => continue,
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            other => {
                return Err(ApiError::bad(format!(
                    "option `{key}` must be a string or a number, found {other}"
                )))
            }
        };
        puzzle.set(setting.key, &text).map_err(ApiError::bad)?;
    }
    Ok(puzzle)
}

/// Every setting of `puzzle` as `options` the API reads back, values as
/// text.
pub(crate) fn options_of<P: Puzzle>(puzzle: &P) -> Value {
    let map: Map<String, Value> = puzzle
        .settings()
        .into_iter()
        .map(|(key, value)| (api_key(key), Value::String(value)))
        .collect();
    Value::Object(map)
}
