//! What a puzzle asks of a judge test set: its judges' limits and the
//! tests that belong in one (edge cases, a spread of answers, the hardest
//! boards).
//!
//! The edge cases of a puzzle are knowledge of that puzzle (Curling's
//! answer exactly 10 and the boards that need 11, Holedox's shortest and
//! longest bodies), so each puzzle lists them as [`Preset`]s
//! ([`crate::caps::JudgeKit::presets`]); what is the same for every puzzle — seeds,
//! solving, dropping duplicates, validating, the answers, the manifest and
//! choosing tests that kill each known wrong reading of the rules — is the
//! `testset` command's, written once.

use crate::generate::Want;

/// The judges' limits a test set keeps to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JudgeLimits {
    /// The largest board, columns × rows.
    pub max_size: (u32, u32),
    /// The most cases in one input, if the statement says.
    pub max_cases: Option<u64>,
}

/// One test of a test set, as a puzzle asks for it: hand-written cases,
/// then generated ones, then the hardest board found, any of them.
#[derive(Debug, Clone, PartialEq)]
pub struct Preset {
    /// A short name, for the manifest (`answer-at-the-cap`).
    pub name: String,
    /// What the test is for, one line.
    pub about: String,
    /// Cases in the judge's format, without the terminator.
    pub text: String,
    /// Cases from the generator, request after request.
    pub requests: Vec<Request>,
    /// The board with the largest optimum that `Generate::hardest` finds in
    /// the time the test set gives it, of this size (columns × rows) and
    /// with these generator parameters: the only part of a test set that
    /// depends on the machine's speed.
    pub hardest: Option<Hardest>,
}

/// The size (columns × rows) and generator parameters of a hardest-board
/// test.
pub type Hardest = ((u32, u32), Vec<(String, String)>);

/// `count` generated cases of one kind.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub count: u32,
    /// Columns × rows.
    pub size: (u32, u32),
    /// The wanted answer under `rules`.
    pub want: Want,
    /// Percent of obstacles; `None`: learned.
    pub density: Option<u32>,
    /// The generator's parameters (`len`).
    pub params: Vec<(String, String)>,
    /// Settings over the test set's rules to generate under (a known
    /// wrong reading, to make the boards on which it fails: Curling's
    /// answer 11 without the cap is -1 under it).
    pub rules: Vec<(String, String)>,
    /// Keep only cases whose answer under the test set's rules is here.
    pub judge: Option<Want>,
}

impl Request {
    /// `count` cases of `size` with an answer in `want`.
    pub fn new(count: u32, size: (u32, u32), want: Want) -> Request {
        Request {
            count,
            size,
            want,
            density: None,
            params: Vec::new(),
            rules: Vec::new(),
            judge: None,
        }
    }

    /// With generator parameter `key` set to `value`.
    pub fn param(mut self, key: &str, value: impl ToString) -> Request {
        self.params.push((key.into(), value.to_string()));
        self
    }

    /// Generated under setting `key` = `value` over the test set's rules.
    pub fn rule(mut self, key: &str, value: &str) -> Request {
        self.rules.push((key.into(), value.into()));
        self
    }

    /// Kept only when the answer under the test set's rules is in `want`.
    pub fn judged(mut self, want: Want) -> Request {
        self.judge = Some(want);
        self
    }

    pub fn density(mut self, percent: u32) -> Request {
        self.density = Some(percent);
        self
    }
}

impl Preset {
    pub fn new(name: &str, about: &str) -> Preset {
        Preset {
            name: name.into(),
            about: about.into(),
            text: String::new(),
            requests: Vec::new(),
            hardest: None,
        }
    }

    /// With these hand-written cases (judge text, no terminator).
    pub fn text(mut self, text: impl Into<String>) -> Preset {
        self.text.push_str(&text.into());
        self
    }

    /// With the cases of `request`.
    pub fn request(mut self, request: Request) -> Preset {
        self.requests.push(request);
        self
    }

    /// With the hardest board of `size` and `params` that annealing finds.
    pub fn hardest(mut self, size: (u32, u32), params: &[(&str, &str)]) -> Preset {
        let params = params.iter().map(|(k, v)| (k.to_string(), v.to_string()));
        self.hardest = Some((size, params.collect()));
        self
    }
}
