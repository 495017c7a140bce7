//! The judge kit's side of a puzzle: [`JudgeKit`].
//!
//! What a contest jury needs beyond the solver: the judges' limits and
//! exact format (a validator), the edge cases a test set must hold, the
//! known wrong readings of the rules (to name a candidate's mistake and to
//! choose tests that kill each), and the problem package's own files.

use super::Via;
use crate::package::PackageInfo;
use crate::puzzle::Puzzle;
use crate::testset::{JudgeLimits, Preset};
use crate::validate::{Input, Validation};

/// What the judge kit knows of a puzzle's contest ([`JudgeKit::JUDGE`]).
#[derive(Debug, Clone, Copy)]
pub struct JudgeInfo {
    /// The judges' limits, for a test set.
    pub limits: JudgeLimits,
    /// The judges' exact format and limits in words, for `validate`'s help.
    pub format: &'static str,
}

/// A known wrong reading of a puzzle's rules, one that contestants'
/// programs commonly make, played by the puzzle's own solver under other
/// settings. This is how `stress` and `judge` name a candidate's mistake
/// ("your answer equals the optimum without the 10-throw cap") and how a
/// test set is chosen so that each one fails some test: the variant's
/// answer differs from the judge's there.
///
/// Why settings and not a second solver: a variant is then exact (the real
/// search, every bound proved for it too) and costs nothing to add.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variant {
    /// A short name for manifests and messages (`no-cap`).
    pub name: &'static str,
    /// The diagnosis's words, completing "the optimum …":
    /// `without the 10-throw cap`.
    pub words: &'static str,
    /// The settings over the judge's rules that play by it, `(key, value)`
    /// as [`super::Settings::set`] reads them.
    pub settings: &'static [(&'static str, &'static str)],
}

/// A puzzle with a judge kit.
pub trait JudgeKit: Puzzle {
    /// The contest's limits and format.
    const JUDGE: JudgeInfo;

    /// The statement, validators and submissions of the puzzle's contest
    /// problem package (`gridpuzzle package`); `None` when it has none.
    const PACKAGE: Option<PackageInfo> = None;

    /// The known wrong readings of the rules (see [`Variant`]).
    const VARIANTS: &'static [Variant] = &[];

    /// Records every violation of the judges' exact format and limits in
    /// `input` (see [`crate::validate`]); by default the parser's first
    /// error, for a puzzle without a validator of its own.
    fn validate(&self, input: &mut Input<'_>) {
        let cases = self.cases(Box::new(input.text().as_bytes()));
        crate::validate::by_parser(input, Self::INFO.terminator, cases)
    }

    /// The tests a judge test set should hold beyond the statement's
    /// sample (see [`crate::testset`]); none by default, and then the test
    /// set is random cases.
    fn presets(&self) -> Vec<Preset> {
        Vec::new()
    }
}

/// [`JudgeKit`] as the front ends call it (see [`super::Caps`]).
pub trait JudgeOf<P: Puzzle>: Sync {
    fn info(&self) -> JudgeInfo;
    fn package(&self) -> Option<PackageInfo>;
    fn variants(&self) -> &'static [Variant];
    /// Validates `text` as a judge input of `puzzle` under its settings.
    fn validate(&self, puzzle: &P, text: &str, strict: bool) -> Validation;
    fn presets(&self, puzzle: &P) -> Vec<Preset>;
}

impl<P: JudgeKit> JudgeOf<P> for Via<P> {
    fn info(&self) -> JudgeInfo {
        P::JUDGE
    }
    fn package(&self) -> Option<PackageInfo> {
        P::PACKAGE
    }
    fn variants(&self) -> &'static [Variant] {
        P::VARIANTS
    }
    fn validate(&self, puzzle: &P, text: &str, strict: bool) -> Validation {
        let mut input = Input::new(text, strict, P::INFO.unit);
        puzzle.validate(&mut input);
        input.finish()
    }
    fn presets(&self, puzzle: &P) -> Vec<Preset> {
        puzzle.presets()
    }
}
