//! What each command offers: exactly the puzzles whose registry line
//! declares what the command needs.
//!
//! A puzzle has a core (`Puzzle`) and opt-in capabilities
//! (`gridpuzzle_engine::caps`), and the registry's [`Entry`] says which it
//! declares. A command needs some of them beyond the core ([`needs`]); its
//! puzzle subcommands, its examples and its help list only the puzzles that
//! declare them all ([`offered`]), and a user who names another registered
//! puzzle is told plainly what it lacks and what it declares ([`Unoffered`]:
//! `gridpuzzle trace ice: ice has no searches to watch (it declares
//! settings, generate, page)`, exit 2) instead of clap's "unrecognized
//! subcommand", which would call a puzzle that exists unknown.
//!
//! What needs what, and why (the core alone where the engine has a
//! fallback that is a true answer, not an empty one):
//!
//! - `trace` needs `watch`: the searches it shows are the capability.
//! - `generate`, `stress` and `testset` need `generate`: their cases come
//!   from the generator (a test set's known wrong readings, presets and
//!   limits come from the judge kit when there is one, and are none, none
//!   and the default size without).
//! - `package` needs `judge` and `generate`: the package's statement,
//!   validators and submissions are the judge kit's, its tests a test set.
//! - `play` needs `generate` only for a fresh puzzle (no FILE, or
//!   `--seed`); a board from FILE is the core's.
//! - `solve`, `verify`, `render`, `check`, `validate` and `judge` need the
//!   core: `validate` checks a puzzle without a validator of its own by its
//!   parser (`Caps::validate`), and `judge` diagnoses a wrong answer by the
//!   known wrong readings, which a puzzle without a judge kit has none of.
//!
//! The table is by command name because clap builds each command's puzzle
//! subcommands knowing only the command it builds them for
//! (`augment_subcommands` gets the command, named already), and the refusal
//! knows only the words the user typed.

use std::ffi::OsString;
use std::fmt;

use gridpuzzle_engine::caps::Capability::{self, Generate, JudgeKit, Watch};
use gridpuzzle_registry::Entry;

/// What `command` needs of a puzzle beyond the core (see the module docs).
pub fn needs(command: &str) -> &'static [Capability] {
    match command {
        "trace" => &[Watch],
        "generate" | "stress" | "testset" => &[Generate],
        "package" => &[JudgeKit, Generate],
        _ => &[],
    }
}

/// What `play` needs to make a fresh puzzle (no FILE).
pub const FRESH: &[Capability] = &[Generate];

/// The puzzles of `entries` that `command` offers, in their order.
pub fn offered(command: &str, entries: Vec<Entry>) -> Vec<Entry> {
    let needs = needs(command);
    entries
        .into_iter()
        .filter(|e| e.missing(needs).is_none())
        .collect()
}

/// A registered puzzle named for work it lacks a capability for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unoffered {
    /// The command as the user would type it: `trace ice`.
    pub asked: String,
    /// What the puzzle lacks and declares ([`Entry::lacking`]).
    pub lacking: String,
}

impl Unoffered {
    /// `entry` asked for by `asked` (`play ice`), if it lacks any of
    /// `needs`.
    pub fn of(asked: String, entry: &Entry, needs: &[Capability]) -> Option<Unoffered> {
        let lacking = entry.lacking(needs)?;
        Some(Unoffered { asked, lacking })
    }
}

impl fmt::Display for Unoffered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "gridpuzzle {}: {}", self.asked, self.lacking)
    }
}

impl std::error::Error for Unoffered {}

/// Why clap refused `args` (the whole command line, program first), when
/// it is a registered puzzle its command does not offer: clap refused it
/// as an unrecognized subcommand `invalid`. `None` for anything else,
/// which clap words as always.
pub fn refused(args: &[OsString], invalid: &str, entries: &[Entry]) -> Option<Unoffered> {
    let command = args.get(1)?.to_str()?;
    let entry = entries.iter().find(|e| e.name == invalid)?;
    Unoffered::of(format!("{command} {invalid}"), entry, needs(command))
}

/// The unrecognized subcommand of clap's error `e`, if that is what it is.
pub fn invalid_subcommand(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::InvalidSubcommand {
        return None;
    }
    match e.get(ContextKind::InvalidSubcommand)? {
        ContextValue::String(name) => Some(name.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridpuzzle_engine::caps::Capability::*;

    fn fake(name: &'static str, caps: &[Capability]) -> Entry {
        gridpuzzle_registry::entries()[0].pretending(name, caps)
    }

    fn line(words: &[&str]) -> Vec<OsString> {
        std::iter::once("gridpuzzle")
            .chain(words.iter().copied())
            .map(Into::into)
            .collect()
    }

    #[test]
    fn each_command_offers_the_puzzles_that_declare_what_it_needs() {
        let rink = fake("rink", &[Settings, Generate, Page]);
        let full = fake(
            "full",
            &[Settings, Narrate, Generate, Page, JudgeKit, Watch],
        );
        let bare = fake("bare", &[]);
        let names = |command| -> Vec<&str> {
            offered(command, vec![rink, full, bare])
                .iter()
                .map(|e| e.name)
                .collect()
        };
        for command in [
            "solve", "verify", "render", "play", "check", "validate", "judge",
        ] {
            assert_eq!(names(command), ["rink", "full", "bare"], "{command}");
        }
        for command in ["generate", "stress", "testset"] {
            assert_eq!(names(command), ["rink", "full"], "{command}");
        }
        assert_eq!(names("trace"), ["full"]);
        assert_eq!(names("package"), ["full"]);
    }

    #[test]
    fn a_puzzle_not_offered_is_refused_saying_what_it_lacks() {
        let entries = [fake("rink", &[Settings, Generate, Page]), fake("bare", &[])];
        let said = |words: &[&str], invalid: &str| {
            refused(&line(words), invalid, &entries).map(|u| u.to_string())
        };
        assert_eq!(
            said(&["trace", "rink", "x.in"], "rink").as_deref(),
            Some("gridpuzzle trace rink: rink has no searches to watch (it declares settings, generate, page)")
        );
        assert_eq!(
            said(&["package", "--seed", "2", "rink"], "rink").as_deref(),
            Some("gridpuzzle package rink: rink has no judge kit (it declares settings, generate, page)")
        );
        assert_eq!(
            said(&["stress", "bare"], "bare").as_deref(),
            Some("gridpuzzle stress bare: bare has no generator (it declares no capability, only the core)")
        );
        // Offered, or not a registered puzzle: clap's own words.
        assert_eq!(said(&["generate", "rink"], "rink"), None);
        assert_eq!(said(&["trace", "chess"], "chess"), None);
        assert_eq!(said(&["rink"], "rink"), None);
        let fresh = Unoffered::of("play bare".into(), &entries[1], FRESH).unwrap();
        assert_eq!(
            fresh.to_string(),
            "gridpuzzle play bare: bare has no generator (it declares no capability, only the core)"
        );
    }
}
