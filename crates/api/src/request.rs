//! Reading a request: its body as the endpoint's serde-derived request
//! type, and the fields several endpoints share.
//!
//! Why it is shaped so:
//!
//! - **One reader, every refusal in our words** ([`read`]): a body is
//!   screened, then parsed straight from its text into the request type,
//!   and every failure is an [`ApiError`] whose words the API has always
//!   used (serde_json's, with the line and column for malformed JSON),
//!   whichever transport carried the body.
//! - **serde's words where they are good, ours where they were promised.**
//!   A field whose message users see quotes what was sent, as JSON
//!   (`` `case` must be a case number from 1, found 0 ``), so such fields
//!   are read through a [`Value`] first ([`checked`]) and checked with the
//!   words the API has always used. serde's wrapping (the path to the
//!   field, the line and column of a value) is taken off: the requests are
//!   small objects and the message names its field. An unknown field is
//!   refused by `deny_unknown_fields`, and named alone, as before.
//! - **A field that must be there** is an `Option` read with [`given`], so
//!   `null` is a wrong value rather than a missing field, and each
//!   endpoint says what is missing in its own words.
//! - **No JSON that costs far more than it says** ([`screen`]): before a
//!   body is parsed into a tree, one pass over it that builds nothing
//!   refuses duplicate keys (the last would win silently, and two readers
//!   of one request could see two requests), nesting past [`MAX_DEPTH`],
//!   and more than [`MAX_OBJECTS`] objects or [`MAX_VALUES`] values in
//!   all: a megabyte of `{"":0}` used to parse to some 80 MB; the
//!   requests' own shapes are far inside these caps.
//! - **Puzzles by name.** [`PuzzleName`] accepts the names the registry
//!   knows; nothing here names a puzzle.

use gridpuzzle_engine::moves::{parse_plan, Move};
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use crate::ApiError;

/// Reads a request body as `T` (a JSON object), or the refusal: the body
/// is screened first (duplicate keys, deep nesting, too many values: see
/// the module docs), then parsed straight from its text as the API has
/// always parsed it (the path to a failing field tracked, trailing
/// characters refused).
pub fn read<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    screen(body)?;
    let mut de = serde_json::Deserializer::from_slice(body);
    let Object(value) =
        serde_path_to_error::deserialize(&mut de).map_err(|e| refusal(e.inner()))?;
    de.end().map_err(|e| refusal(&e))?;
    Ok(value)
}

/// serde_json's error as our refusal: a wrong value in serde's words
/// without its position, anything else as malformed JSON with it.
fn refusal(e: &serde_json::Error) -> ApiError {
    if e.is_data() {
        ApiError::bad(ours(without_position(e)))
    } else {
        ApiError::bad(format!("malformed JSON: {e}"))
    }
}

/// Deepest nesting of arrays and objects a request may send (the deepest
/// request shape, a board draft's cells, is four deep).
pub const MAX_DEPTH: usize = 32;

/// Most objects one request may hold (a request is one, its options and a
/// board draft two more).
pub const MAX_OBJECTS: usize = 1_000;

/// Most values (strings, numbers, arrays, objects...) one request may
/// hold: a verify request's plans are one each, a board draft's cells
/// three each.
pub const MAX_VALUES: usize = 300_000;

/// One pass over a body that builds nothing (keys aside, one object's at
/// a time) and refuses what parsing it into a tree must not meet: a
/// duplicate key, nesting past [`MAX_DEPTH`], more than [`MAX_OBJECTS`]
/// objects or [`MAX_VALUES`] values. Malformed JSON is left for the parse
/// proper, whose words the API has always given.
fn screen(bytes: &[u8]) -> Result<(), ApiError> {
    let mut counts = Counts::default();
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let top = Screen {
        depth: 0,
        counts: &mut counts,
    };
    match serde::de::DeserializeSeed::deserialize(top, &mut de) {
        Err(e) if e.is_data() => Err(ApiError::bad(format!("refused JSON: {e}"))),
        _ => Ok(()),
    }
}

#[derive(Default)]
struct Counts {
    objects: usize,
    values: usize,
}

/// A value being screened, at `depth`.
struct Screen<'c> {
    depth: usize,
    counts: &'c mut Counts,
}

impl Screen<'_> {
    fn count<E: serde::de::Error>(&mut self) -> Result<(), E> {
        self.counts.values += 1;
        if self.counts.values > MAX_VALUES {
            return Err(E::custom(format!(
                "more than {MAX_VALUES} values in one request"
            )));
        }
        Ok(())
    }

    fn inner<E: serde::de::Error>(&mut self) -> Result<Screen<'_>, E> {
        if self.depth >= MAX_DEPTH {
            return Err(E::custom(format!(
                "arrays and objects nested more than {MAX_DEPTH} deep"
            )));
        }
        Ok(Screen {
            depth: self.depth + 1,
            counts: self.counts,
        })
    }
}

impl<'de> serde::de::DeserializeSeed<'de> for Screen<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Screen<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: serde::de::Error>(mut self, _: bool) -> Result<(), E> {
        self.count()
    }
    fn visit_i64<E: serde::de::Error>(mut self, _: i64) -> Result<(), E> {
        self.count()
    }
    fn visit_u64<E: serde::de::Error>(mut self, _: u64) -> Result<(), E> {
        self.count()
    }
    fn visit_f64<E: serde::de::Error>(mut self, _: f64) -> Result<(), E> {
        self.count()
    }
    fn visit_str<E: serde::de::Error>(mut self, _: &str) -> Result<(), E> {
        self.count()
    }
    fn visit_unit<E: serde::de::Error>(mut self) -> Result<(), E> {
        self.count()
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        self.count()?;
        while seq.next_element_seed(self.inner()?)?.is_some() {}
        Ok(())
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(mut self, mut map: A) -> Result<(), A::Error> {
        self.count()?;
        self.counts.objects += 1;
        if self.counts.objects > MAX_OBJECTS {
            return Err(A::Error::custom(format!(
                "more than {MAX_OBJECTS} objects in one request"
            )));
        }
        let mut keys = std::collections::HashSet::new();
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            if keys.contains(&key) {
                return Err(A::Error::custom(format!("duplicate key `{key}`")));
            }
            map.next_value_seed(self.inner()?)?;
            keys.insert(key);
        }
        Ok(())
    }
}

/// An error's words without serde_json's ` at line L column C`.
fn without_position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let at = format!(" at line {} column {}", e.line(), e.column());
    match text.strip_suffix(&at) {
        Some(words) => words.to_string(),
        None => text,
    }
}

/// serde's words, where the API has its own: an unknown field is named
/// alone (serde lists every field it expected).
fn ours(message: String) -> String {
    if let Some(rest) = message.strip_prefix("unknown field `") {
        if let Some(end) = rest.find("`, expected") {
            return format!("unknown field `{}`", &rest[..end]);
        }
    }
    message
}

/// A request is a JSON object: anything else is refused with an example.
struct Object<T>(T);

impl<'de, T: DeserializeOwned> Deserialize<'de> for Object<T> {
    /// Read straight from the text, never as a tree first: a request's
    /// fields are built once (the screen has bounded their number).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Object<T>, D::Error> {
        d.deserialize_any(ObjectVisitor(std::marker::PhantomData))
    }
}

struct ObjectVisitor<T>(std::marker::PhantomData<T>);

impl<T> ObjectVisitor<T> {
    fn refuse<E: serde::de::Error>(self) -> Result<Object<T>, E> {
        let example = gridpuzzle_registry::entries()
            .first()
            .map_or("", |e| e.name);
        Err(E::custom(format!(
            "expected a JSON object such as {{\"puzzle\": \"{example}\", ...}}"
        )))
    }
}

impl<'de, T: DeserializeOwned> serde::de::Visitor<'de> for ObjectVisitor<T> {
    type Value = Object<T>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Object<T>, A::Error> {
        T::deserialize(serde::de::value::MapAccessDeserializer::new(map)).map(Object)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, _: A) -> Result<Object<T>, A::Error> {
        self.refuse()
    }
    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Object<T>, E> {
        self.refuse()
    }
    fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<Object<T>, E> {
        self.refuse()
    }
    fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<Object<T>, E> {
        self.refuse()
    }
    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Object<T>, E> {
        self.refuse()
    }
    fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<Object<T>, E> {
        self.refuse()
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<Object<T>, E> {
        self.refuse()
    }
}

/// For `#[serde(default, deserialize_with = "given")]`: a field that is
/// there, `null` included, is `Some`; only a missing one is `None`.
pub(crate) fn given<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}

/// Reads a field as a [`Value`] and checks it with `check`, whose error
/// quotes the value as it was sent.
pub(crate) fn checked<'de, D, T>(
    d: D,
    check: impl FnOnce(&Value) -> Result<T, String>,
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
{
    let value = Value::deserialize(d)?;
    check(&value).map_err(D::Error::custom)
}

/// Declares a field type: a newtype read [`checked`], by a closure from
/// the value sent (`&Value`) to the inner value or the message, so each
/// field's rule and words read as one line of a table.
macro_rules! field {
    ($(#[$meta:meta])* $vis:vis struct $name:ident($inner:ty), |$v:ident| $check:expr) => {
        $(#[$meta])*
        $vis struct $name(pub $inner);

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                $crate::request::checked(d, |$v: &serde_json::Value| -> Result<$inner, String> {
                    $check
                })
                .map($name)
            }
        }
    };
}
pub(crate) use field;

/// Declares a field that must be a JSON string: a newtype of the string
/// as sent (moved out, not copied: an `input` may be a megabyte), and for
/// anything else the words of a closure of the value sent (`&Value`).
macro_rules! string_field {
    ($(#[$meta:meta])* $vis:vis struct $name:ident, |$v:ident| $refusal:expr) => {
        $(#[$meta])*
        $vis struct $name(pub String);

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                match <serde_json::Value as serde::Deserialize>::deserialize(d)? {
                    serde_json::Value::String(s) => Ok($name(s)),
                    $v => Err(<D::Error as serde::de::Error>::custom($refusal)),
                }
            }
        }
    };
}
pub(crate) use string_field;

/// `puzzle`: the name of a registered puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PuzzleName(&'static str);

impl PuzzleName {
    pub(crate) fn name(self) -> &'static str {
        self.0
    }

    /// The registered puzzle called `name`, if there is one.
    pub(crate) fn find(name: &str) -> Option<PuzzleName> {
        gridpuzzle_registry::entry(name).map(|e| PuzzleName(e.name))
    }

    /// The puzzle a request named, or the error for a missing one.
    pub(crate) fn required(given: Option<PuzzleName>) -> Result<PuzzleName, ApiError> {
        given.ok_or_else(|| {
            ApiError::bad(format!(
                "missing field `puzzle` ({})",
                gridpuzzle_registry::names_quoted()
            ))
        })
    }
}

impl<'de> Deserialize<'de> for PuzzleName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PuzzleName, D::Error> {
        checked(d, |v| {
            let names = gridpuzzle_registry::names_quoted();
            match v {
                Value::String(s) => PuzzleName::find(s)
                    .ok_or_else(|| format!("unknown puzzle `{s}`: expected {names}")),
                _ => Err(format!("`puzzle` must be {names}")),
            }
        })
    }
}

string_field!(
    /// `input`: the judge input, as a string.
    #[derive(Debug, Clone)]
    pub(crate) struct Input,
    |_v| "`input` must be a string (the judge input)"
);

impl Input {
    /// The input a request gave, or the error for a missing one.
    pub(crate) fn required(given: Option<Input>) -> Result<String, ApiError> {
        given
            .map(|i| i.0)
            .ok_or_else(|| ApiError::bad("missing field `input` (the judge input, as a string)"))
    }
}

field!(
    /// `case`: a case number from 1 (`null` or absent: 1).
    pub(crate) struct CaseNumber(u64),
    |v| v.as_u64().filter(|&n| n >= 1).ok_or_else(|| {
        format!("`case` must be a case number from 1, found {v}")
    })
);

impl CaseNumber {
    pub(crate) fn or_first(given: Option<CaseNumber>) -> u64 {
        given.map_or(1, |c| c.0)
    }
}

string_field!(
    /// `moves`: a string of move letters such as `"RDLU"`, read as the
    /// puzzle's moves once the puzzle is known.
    #[derive(Debug, Clone)]
    pub(crate) struct Moves,
    |_v| "`moves` must be a string such as \"RDLU\""
);

impl Moves {
    /// The moves of puzzle move type `M`, or the first letter that is none.
    pub(crate) fn read<M: Move>(&self) -> Result<Vec<M>, ApiError> {
        parse_plan(&self.0).map_err(|(index, c)| {
            ApiError::bad(format!(
                "moves, column {}: expected a move ({}), found `{c}`",
                index + 1,
                M::letters()
            ))
        })
    }
}
