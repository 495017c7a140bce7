//! What a puzzle may have beyond its core: opt-in capabilities.
//!
//! The core contract ([`crate::Puzzle`]) says what a puzzle *is*. What a
//! puzzle *has* is one trait each, implemented only when it has it:
//!
//! - [`Settings`]: rule settings (Curling's throw cap, Holedox's tail rule);
//! - [`Narrate`]: its own sentences and animation frames, over defaults
//!   built from its names;
//! - [`Generate`]: a generator of boards with a proved answer, the hardest
//!   board, and the shrinker's smaller boards;
//! - [`Page`]: the web page's editor, boards, levels and links;
//! - [`JudgeKit`]: the contest's limits, validator, edge-case tests,
//!   known wrong readings and problem package;
//! - [`Watch`]: searches a user can watch step by step.
//!
//! A puzzle declares what it has in its registry line (the
//! `gridpuzzle-registry` crate), which builds its [`Caps`]: one
//! `Option` per capability. The front ends are generic over every puzzle,
//! so they cannot name `P: Generate`; they ask `Caps` instead, which hands
//! them the capability as a small object (`&dyn GenerateOf<P>`, a table of
//! the trait's functions, each taking the puzzle as its first argument) or
//! says plainly what the puzzle lacks ([`Lacks`]). So a front end offers
//! exactly what a puzzle declares, and the trait a puzzle implements stays
//! an ordinary trait with its consts, types and defaults.
//!
//! Why not one trait with a default for everything: a default that does
//! nothing is a puzzle that silently has no generator, no page, no judge
//! kit — the front ends could not tell "none" from "empty". Why not
//! generic bounds per front end: the registry would need a visitor per
//! combination of capabilities.

pub mod compare;
mod generate;
mod judge;
mod narrate;
mod page;
mod settings;
mod watch;

use std::fmt;
use std::marker::PhantomData;

use crate::puzzle::Puzzle;
use crate::validate::{Input, Validation};

pub use generate::{
    difficulty_by_first_moves, stress_case, stress_case_wanting, BestOf, Draw, GenInfo, GenSpec,
    Generate, GenerateOf, GeneratedOf, Generation, HardSpec, OnImprove, Param, STRESS_ATTEMPTS,
    STRESS_BUDGET,
};
pub use judge::{JudgeInfo, JudgeKit, JudgeOf, Variant};
pub use narrate::{
    check_still, defaults, explain, narration_of, svg, svg_checked, unknown_status, Narrate,
    NarrateOf,
};
pub use page::{Levels, NewBoard, Page, PageInfo, PageOf};
pub use settings::{Setting, Settings, SettingsOf};
pub use watch::{Watch, WatchOf};

/// The capabilities of puzzle `P`, as its registry line declares them.
/// Built with [`Caps::NONE`] and one method per capability
/// (`Caps::NONE.settings().generate()`), in a const.
pub struct Caps<P: Puzzle> {
    pub settings: Option<&'static dyn SettingsOf<P>>,
    pub narrate: Option<&'static dyn NarrateOf<P>>,
    pub generate: Option<&'static dyn GenerateOf<P>>,
    pub page: Option<&'static dyn PageOf<P>>,
    pub judge: Option<&'static dyn JudgeOf<P>>,
    pub watch: Option<&'static dyn WatchOf<P>>,
}

impl<P: Puzzle> Clone for Caps<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Puzzle> Copy for Caps<P> {}

/// The table of a capability's functions for puzzle `P`: the one type
/// every `…Of<P>` object is.
pub struct Via<P>(PhantomData<fn() -> P>);

impl<P: Puzzle> Caps<P> {
    /// No capability at all: the core alone.
    pub const NONE: Caps<P> = Caps {
        settings: None,
        narrate: None,
        generate: None,
        page: None,
        judge: None,
        watch: None,
    };

    /// With [`Settings`].
    pub const fn settings(mut self) -> Self
    where
        P: Settings,
    {
        self.settings = Some(&Via::<P>(PhantomData));
        self
    }

    /// With [`Narrate`].
    pub const fn narrate(mut self) -> Self
    where
        P: Narrate,
    {
        self.narrate = Some(&Via::<P>(PhantomData));
        self
    }

    /// With [`Generate`].
    pub const fn generate(mut self) -> Self
    where
        P: Generate,
    {
        self.generate = Some(&Via::<P>(PhantomData));
        self
    }

    /// With [`Page`].
    pub const fn page(mut self) -> Self
    where
        P: Page,
    {
        self.page = Some(&Via::<P>(PhantomData));
        self
    }

    /// With [`JudgeKit`].
    pub const fn judge(mut self) -> Self
    where
        P: JudgeKit,
    {
        self.judge = Some(&Via::<P>(PhantomData));
        self
    }

    /// With [`Watch`].
    pub const fn watch(mut self) -> Self
    where
        P: Watch,
    {
        self.watch = Some(&Via::<P>(PhantomData));
        self
    }

    /// The puzzle's sentences: its own where it implements [`Narrate`],
    /// the defaults otherwise.
    pub fn narration(&self) -> &'static dyn NarrateOf<P> {
        self.narrate.unwrap_or(narrate::Plain::<P>::IT)
    }

    /// The generator, or what the puzzle lacks.
    pub fn generator(&self) -> Result<&'static dyn GenerateOf<P>, Lacks> {
        self.generate.ok_or(Lacks::new::<P>(Capability::Generate))
    }

    /// The page's side of the puzzle, or what it lacks.
    pub fn page_of(&self) -> Result<&'static dyn PageOf<P>, Lacks> {
        self.page.ok_or(Lacks::new::<P>(Capability::Page))
    }

    /// The judge kit, or what the puzzle lacks.
    pub fn judge_kit(&self) -> Result<&'static dyn JudgeOf<P>, Lacks> {
        self.judge.ok_or(Lacks::new::<P>(Capability::JudgeKit))
    }

    /// The searches to watch, or what the puzzle lacks.
    pub fn watching(&self) -> Result<&'static dyn WatchOf<P>, Lacks> {
        self.watch.ok_or(Lacks::new::<P>(Capability::Watch))
    }

    /// The rule settings, in the order help texts list them (none for a
    /// puzzle without [`Settings`]).
    pub fn setting_list(&self) -> &'static [Setting] {
        self.settings.map_or(&[], |s| s.list())
    }

    /// Sets `key` of `puzzle` from its text.
    pub fn set(&self, puzzle: &mut P, key: &str, value: &str) -> Result<(), String> {
        match self.settings {
            Some(s) => s.set(puzzle, key, value),
            None => Err(format!(
                "unknown setting {key:?}: {} has no rule settings",
                P::INFO.name
            )),
        }
    }

    /// The text of setting `key` (as [`Caps::set`] reads it back).
    pub fn get(&self, puzzle: &P, key: &str) -> String {
        self.settings
            .map_or_else(String::new, |s| s.get(puzzle, key))
    }

    /// Every setting of `puzzle` with its value, in list order.
    pub fn settings_of(&self, puzzle: &P) -> Vec<(&'static str, String)> {
        self.setting_list()
            .iter()
            .map(|s| (s.key, self.get(puzzle, s.key)))
            .collect()
    }

    /// The puzzle with the settings `pairs` over the judge's rules.
    pub fn with_settings<K: AsRef<str>, V: AsRef<str>>(
        &self,
        pairs: &[(K, V)],
    ) -> Result<P, String> {
        let mut p = P::default();
        for (k, v) in pairs {
            self.set(&mut p, k.as_ref(), v.as_ref())?;
        }
        Ok(p)
    }

    /// The puzzle playing by variant `v` (the judge's rules otherwise).
    pub fn variant(&self, v: &Variant) -> Result<P, String> {
        self.with_settings(v.settings)
    }

    /// Validates `text` as a judge input of `puzzle` under its settings:
    /// by the judge kit's validator, or by the parser's first error for a
    /// puzzle without one.
    pub fn validate(&self, puzzle: &P, text: &str, strict: bool) -> Validation {
        match self.judge {
            Some(j) => j.validate(puzzle, text, strict),
            None => {
                let mut input = Input::new(text, strict, P::INFO.unit);
                let cases = puzzle.cases(Box::new(text.as_bytes()));
                crate::validate::by_parser(&mut input, P::INFO.terminator, cases);
                input.finish()
            }
        }
    }

    /// The tests a test set holds beyond the sample (none without a judge
    /// kit).
    pub fn presets(&self, puzzle: &P) -> Vec<crate::testset::Preset> {
        self.judge.map_or_else(Vec::new, |j| j.presets(puzzle))
    }

    /// The judges' limits, if the puzzle has a judge kit.
    pub fn judge_limits(&self) -> Option<crate::testset::JudgeLimits> {
        self.judge.map(|j| j.info().limits)
    }

    /// The known wrong readings of the rules (none without a judge kit).
    pub fn variants(&self) -> &'static [Variant] {
        self.judge.map_or(&[], |j| j.variants())
    }

    /// What each capability is called and whether the puzzle has it, in
    /// the order front ends list them.
    pub fn list(&self) -> [(Capability, bool); 6] {
        [
            (Capability::Settings, self.settings.is_some()),
            (Capability::Narrate, self.narrate.is_some()),
            (Capability::Generate, self.generate.is_some()),
            (Capability::Page, self.page.is_some()),
            (Capability::JudgeKit, self.judge.is_some()),
            (Capability::Watch, self.watch.is_some()),
        ]
    }
}

/// One of the capabilities, by what front ends call it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Capability {
    Settings,
    Narrate,
    Generate,
    Page,
    JudgeKit,
    Watch,
}

impl Capability {
    /// Its name in the registry line and in messages.
    pub fn name(self) -> &'static str {
        match self {
            Capability::Settings => "settings",
            Capability::Narrate => "narrate",
            Capability::Generate => "generate",
            Capability::Page => "page",
            Capability::JudgeKit => "judge",
            Capability::Watch => "watch",
        }
    }

    /// What a puzzle without it lacks, as a noun phrase.
    pub fn lacked(self) -> &'static str {
        match self {
            Capability::Settings => "rule settings",
            Capability::Narrate => "words of its own",
            Capability::Generate => "generator",
            Capability::Page => "page on the web",
            Capability::JudgeKit => "judge kit",
            Capability::Watch => "searches to watch",
        }
    }
}

/// A front end asked a puzzle for a capability it does not declare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lacks {
    pub puzzle: &'static str,
    pub capability: Capability,
}

impl Lacks {
    pub const fn new<P: Puzzle>(capability: Capability) -> Lacks {
        Lacks {
            puzzle: P::INFO.name,
            capability,
        }
    }
}

impl fmt::Display for Lacks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} has no {}", self.puzzle, self.capability.lacked())
    }
}

impl std::error::Error for Lacks {}

impl From<Lacks> for String {
    fn from(l: Lacks) -> String {
        l.to_string()
    }
}
