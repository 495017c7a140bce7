//! The registry: the one list of puzzles, and the one place a front end
//! turns a puzzle's name into its type.
//!
//! The command line and the server never name a puzzle. They implement
//! [`Visit`] — a piece of work generic over any [`Puzzle`] — and hand it to
//! [`visit`] with the name a user gave; the registry runs it with that
//! puzzle's type, monomorphized, so generic front-end code costs nothing at
//! run time. [`entries`] lists what the front ends show without a value
//! (names, help, settings) for building `--help` and the page's menus.
//!
//! Adding a puzzle is its crate, one line in `registry!`'s call below, a
//! workspace dependency and its samples; nothing else changes. The
//! conformance suite (`tests/conformance.rs`) then tests the new puzzle
//! like every other, and `gridpuzzle-template` is the model to copy: it
//! is registered behind the `template` feature (off by default, so
//! release builds do not offer it), and CI runs the suite, the API tests
//! and the browser test once with it.

use gridpuzzle_engine::puzzle::{Param, Setting};
pub use gridpuzzle_engine::Puzzle;

/// Work that can be done for any puzzle.
pub trait Visit {
    type Output;
    fn visit<P: Puzzle>(self, puzzle: P) -> Self::Output;
}

/// What the front ends show of a puzzle without a value of it.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    pub name: &'static str,
    pub title: &'static str,
    pub about: &'static str,
    pub format_help: &'static str,
    pub unit: &'static str,
    pub moves: &'static str,
    pub samples: &'static str,
    pub listed: bool,
    pub settings: &'static [Setting],
    pub density: &'static str,
    pub gen_params: &'static [Param],
    pub fresh_answer: (u32, u32),
    /// The judges' exact format and limits, in words (`validate`).
    pub judge_format: &'static str,
    /// The searches offered for watching (`trace`), with their paragraphs.
    pub algorithms: &'static [gridpuzzle_engine::trace::Algorithm],
    /// The boards that ship to watch them on (`trace --lesson`).
    pub lessons: &'static [gridpuzzle_engine::trace::Lesson],
}

impl Entry {
    fn of<P: Puzzle>() -> Entry {
        Entry {
            name: P::NAME,
            title: P::TITLE,
            about: P::ABOUT,
            format_help: P::FORMAT_HELP,
            unit: P::UNIT,
            moves: P::MOVES,
            samples: P::SAMPLES,
            listed: P::LISTED,
            settings: P::SETTINGS,
            density: P::DENSITY,
            gen_params: P::GEN_PARAMS,
            fresh_answer: P::FRESH_ANSWER,
            judge_format: P::JUDGE_FORMAT,
            algorithms: P::ALGORITHMS,
            lessons: P::LESSONS,
        }
    }
}

macro_rules! registry {
    ($($(#[$cfg:meta])* $puzzle:ty),+ $(,)?) => {
        /// Every registered puzzle, in the order front ends list them.
        pub fn entries() -> Vec<Entry> {
            vec![$($(#[$cfg])* Entry::of::<$puzzle>()),+]
        }

        /// Runs `work` with the puzzle called `name` under its judge's
        /// rules; `None` for an unknown name.
        pub fn visit<V: Visit>(name: &str, work: V) -> Option<V::Output> {
            $(
                $(#[$cfg])*
                {
                    if name == <$puzzle as Puzzle>::NAME {
                        return Some(work.visit(<$puzzle>::default()));
                    }
                }
            )+
            let _ = (name, &work);
            None
        }
    };
}

registry!(
    gridpuzzle_curling::Curling,
    gridpuzzle_holedox::Holedox,
    // The template puzzle, behind the `template` feature: with it, listed
    // and tested like the others (a third puzzle needs only its crate,
    // this line and its Cargo lines); without it, not compiled in.
    #[cfg(feature = "template")]
    gridpuzzle_template::Walk,
);

/// The registered puzzle called `name`.
pub fn entry(name: &str) -> Option<Entry> {
    entries().into_iter().find(|e| e.name == name)
}

/// The listed puzzles' names for messages: `"curling" or "holedox"`.
pub fn names_quoted() -> String {
    let names: Vec<String> = entries()
        .iter()
        .filter(|e| e.listed)
        .map(|e| format!("\"{}\"", e.name))
        .collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Name;

    impl Visit for Name {
        type Output = &'static str;
        fn visit<P: Puzzle>(self, _: P) -> &'static str {
            P::NAME
        }
    }

    #[test]
    fn every_entry_visits_its_own_puzzle() {
        for e in entries() {
            assert_eq!(visit(e.name, Name), Some(e.name));
        }
        assert_eq!(visit("chess", Name), None);
        let mut names: Vec<_> = entries().iter().map(|e| e.name).collect();
        names.dedup();
        assert_eq!(names.len(), entries().len(), "names are unique");
    }
}
