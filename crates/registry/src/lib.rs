//! The registry: the one list of puzzles, what each has, and the one place
//! a front end turns a puzzle's name into its type.
//!
//! The command line and the server never name a puzzle. They implement
//! [`Visit`] — a piece of work generic over any [`Registered`] puzzle —
//! and hand it to [`visit`] with the name a user gave; the registry runs
//! it with that puzzle's type, monomorphized, so generic front-end code
//! costs nothing at run time. [`entries`] lists what the front ends show
//! without a value (names, help, settings, what each puzzle offers) for
//! building `--help` and the page's menus.
//!
//! Each line of `registry!` below is a puzzle's type and the capabilities
//! it declares ([`gridpuzzle_engine::caps`]): `settings`, `narrate`,
//! `generate`, `page`, `judge`, `watch`. The line builds the puzzle's
//! [`Caps`] (a declared capability the puzzle does not implement is a
//! compile error), and the front ends offer exactly what it declares.
//!
//! Adding a puzzle is its crate, one line below, its dependency lines (this
//! crate's `Cargo.toml` and the workspace's) and its samples; nothing else
//! changes. The conformance suite (`tests/conformance.rs`) then tests the
//! new puzzle like every other, each capability it declares; the golden
//! files of the command line and the API record only their puzzles' own
//! answers ([`golden::RECORDED`]), and the tests take any other puzzle out
//! of an answer's lists of puzzles before comparing ([`golden::scrub`]).
//! CI proves it (`.ci/throwaway-puzzle`): it copies `crates/template` into
//! a puzzle with an ordinary word for a name, adds exactly those lines,
//! and runs the whole test suite with it listed.

pub mod golden;

use gridpuzzle_engine::caps::{Capability, Caps, GenInfo, JudgeInfo, Lacks, PageInfo, Setting};
use gridpuzzle_engine::puzzle::Info;
use gridpuzzle_engine::trace::{Algorithm, Lesson};
pub use gridpuzzle_engine::Puzzle;

/// A puzzle of the registry: its capabilities, as its line declares them.
pub trait Registered: Puzzle {
    /// What the puzzle declares: a reference to one static per puzzle,
    /// built by its registry line. Why a static and not a const value: a
    /// const is built again in every crate (and every part of a crate)
    /// that names it, and so would be each capability's table of
    /// functions, each of those functions and every table of the puzzle
    /// they return (its searches, its page, its presets): thousands of
    /// pointers more for the dynamic loader to fix up at every start
    /// (BENCHMARKS.md, "The small contract"). Through one static, they
    /// are built once, in this crate.
    const CAPS: &'static Caps<Self>;
}

/// Work that can be done for any puzzle.
pub trait Visit {
    type Output;
    fn visit<P: Registered>(self, puzzle: P) -> Self::Output;
}

/// What the front ends show of a puzzle without a value of it.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    pub name: &'static str,
    pub info: Info,
    /// Its rule settings (none without the `settings` capability).
    pub settings: &'static [Setting],
    pub gen: Option<GenInfo>,
    pub page: Option<PageInfo>,
    pub judge: Option<JudgeInfo>,
    /// The searches offered for watching (`trace`), with their paragraphs.
    pub algorithms: &'static [Algorithm],
    /// The boards that ship to watch them on (`trace --lesson`).
    pub lessons: &'static [Lesson],
    /// Each capability and whether the puzzle declares it.
    pub has: [(Capability, bool); 6],
    /// The judge's output line of case `n` with `answer`: `Case 1: 3`
    /// ([`Puzzle::judge_line`]), for help texts that show one.
    pub judge_line: fn(n: u64, answer: &str) -> String,
}

impl Entry {
    fn of<P: Registered>() -> Entry {
        let caps = P::CAPS;
        Entry {
            name: P::INFO.name,
            info: P::INFO,
            settings: caps.setting_list(),
            gen: caps.generate.map(|g| g.info()),
            page: caps.page.map(|p| p.info()),
            judge: caps.judge.map(|j| j.info()),
            algorithms: caps.watch.map_or(&[], |w| w.algorithms()),
            lessons: caps.watch.map_or(&[], |w| w.lessons()),
            has: caps.list(),
            judge_line: gridpuzzle_engine::puzzle::judge_line::<P>,
        }
    }

    /// The generator's own parameters (none without a generator).
    pub fn gen_params(&self) -> &'static [Setting] {
        self.gen.map_or(&[], |g| g.params)
    }

    /// The capabilities the puzzle lacks, by name (`generate, page`).
    pub fn lacks(&self) -> Vec<&'static str> {
        self.has
            .iter()
            .filter(|(_, has)| !has)
            .map(|(c, _)| c.name())
            .collect()
    }

    /// The capabilities the puzzle declares, by name (`settings, page`).
    pub fn declared(&self) -> Vec<&'static str> {
        self.has
            .iter()
            .filter(|(_, has)| *has)
            .map(|(c, _)| c.name())
            .collect()
    }

    /// Whether the puzzle declares `capability`.
    pub fn declares(&self, capability: Capability) -> bool {
        self.has.contains(&(capability, true))
    }

    /// The first of `needs` the puzzle does not declare (`ice has no
    /// generator`); `None` when it declares them all, and a front end
    /// offers it for work that needs them.
    pub fn missing(&self, needs: &[Capability]) -> Option<Lacks> {
        let capability = *needs.iter().find(|&&c| !self.declares(c))?;
        Some(Lacks {
            puzzle: self.name,
            capability,
        })
    }

    /// This entry under another name, declaring only `caps`: a puzzle
    /// that lacks capabilities, for the tests of what front ends offer
    /// (every registered puzzle may declare all). Only what it declares
    /// changes; what each capability holds (`gen`, `judge`, ...) stays.
    pub fn pretending(mut self, name: &'static str, caps: &[Capability]) -> Entry {
        self.name = name;
        for (c, has) in &mut self.has {
            *has = caps.contains(c);
        }
        self
    }

    /// What a front end says when the puzzle is asked for work that
    /// `needs` what it does not declare: what it lacks and what it has,
    /// `ice has no searches to watch (it declares settings, generate,
    /// page)`; `None` when it declares them all.
    pub fn lacking(&self, needs: &[Capability]) -> Option<String> {
        let lacks = self.missing(needs)?;
        let declared = self.declared();
        Some(if declared.is_empty() {
            format!("{lacks} (it declares no capability, only the core)")
        } else {
            format!("{lacks} (it declares {})", declared.join(", "))
        })
    }
}

macro_rules! registry {
    ($($puzzle:ty: $($cap:ident),* ;)+) => {
        $(
            impl Registered for $puzzle {
                const CAPS: &'static Caps<Self> = {
                    static CAPS: Caps<$puzzle> = Caps::NONE $(.$cap())*;
                    &CAPS
                };
            }
        )+

        /// Every registered puzzle, in the order front ends list them.
        pub fn entries() -> Vec<Entry> {
            vec![$(Entry::of::<$puzzle>()),+]
        }

        /// Runs `work` with the puzzle called `name` under its judge's
        /// rules; `None` for an unknown name.
        pub fn visit<V: Visit>(name: &str, work: V) -> Option<V::Output> {
            $(
                if name == <$puzzle as Puzzle>::INFO.name {
                    return Some(work.visit(<$puzzle>::default()));
                }
            )+
            None
        }
    };
}

registry! {
    gridpuzzle_curling::Curling: settings, narrate, generate, page, judge, watch;
    gridpuzzle_holedox::Holedox: settings, narrate, generate, page, judge, watch;
}

/// The registered puzzle called `name`.
pub fn entry(name: &str) -> Option<Entry> {
    entries().into_iter().find(|e| e.name == name)
}

/// The puzzles' names for messages: `"curling" or "holedox"`.
pub fn names_quoted() -> String {
    let names: Vec<String> = entries()
        .iter()
        .map(|e| format!("\"{}\"", e.name))
        .collect();
    gridpuzzle_engine::words::either(&names)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Name;

    impl Visit for Name {
        type Output = &'static str;
        fn visit<P: Registered>(self, _: P) -> &'static str {
            P::INFO.name
        }
    }

    #[test]
    fn every_entry_visits_its_own_puzzle() {
        for e in entries() {
            assert_eq!(visit(e.name, Name), Some(e.name));
        }
        assert_eq!(visit("chess", Name), None);
        let mut names: Vec<_> = entries().iter().map(|e| e.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), entries().len(), "names are unique");
    }

    #[test]
    fn an_entry_says_what_its_puzzle_lacks() {
        for e in entries() {
            let lacks = e.lacks();
            assert_eq!(e.gen.is_some(), !lacks.contains(&"generate"), "{}", e.name);
            assert_eq!(e.page.is_some(), !lacks.contains(&"page"), "{}", e.name);
            assert_eq!(e.judge.is_some(), !lacks.contains(&"judge"), "{}", e.name);
        }
    }
}
