//! The endpoints by name: the first phase of a call, [`Endpoint::check`],
//! reads a request and checks it for its puzzle, at once, into a
//! [`Job`] (`job.rs` says why a call has two phases).
//!
//! This is the table of the API: it names every endpoint's module, and no
//! endpoint module names it (they make their jobs with `job.rs`), so the
//! modules form a tree.

use crate::job::Job;
use crate::request::read;
use crate::{board, cases, generate, play, puzzles, render, solve, trace, verify};
use crate::{ApiError, Ctx};

/// One endpoint of the API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Endpoint {
    /// `puzzles`: what the page offers of every puzzle (no body).
    Puzzles,
    /// `algorithms`: the searches and lessons to watch (no body).
    Algorithms,
    /// `solve`: every case of a judge input solved.
    Solve,
    /// `verify`: the verdict on each case's plan.
    Verify,
    /// `generate`: puzzles with a proved optimum.
    Generate,
    /// `render`: the SVG of a case played.
    Render,
    /// `cases`: the boards of a judge input.
    Cases,
    /// `play`: what each move of a game changes, and a hint.
    Play,
    /// `board`: a draft's judge text and game ID, and back.
    Board,
    /// `trace`: a window of a search's events.
    Trace,
    /// `trace/chart`: the growth by depth of searches, as SVG.
    Chart,
}

impl Endpoint {
    /// Every endpoint, the catalogs first.
    pub const ALL: [Endpoint; 11] = [
        Endpoint::Puzzles,
        Endpoint::Algorithms,
        Endpoint::Solve,
        Endpoint::Verify,
        Endpoint::Generate,
        Endpoint::Render,
        Endpoint::Cases,
        Endpoint::Play,
        Endpoint::Board,
        Endpoint::Trace,
        Endpoint::Chart,
    ];

    /// Its name: the server's path after `/api/` (`solve`, `trace/chart`).
    pub fn name(self) -> &'static str {
        match self {
            Endpoint::Puzzles => "puzzles",
            Endpoint::Algorithms => "algorithms",
            Endpoint::Solve => "solve",
            Endpoint::Verify => "verify",
            Endpoint::Generate => "generate",
            Endpoint::Render => "render",
            Endpoint::Cases => "cases",
            Endpoint::Play => "play",
            Endpoint::Board => "board",
            Endpoint::Trace => "trace",
            Endpoint::Chart => "trace/chart",
        }
    }

    /// The endpoint called `name` ([`Endpoint::name`]).
    pub fn named(name: &str) -> Option<Endpoint> {
        Endpoint::ALL.into_iter().find(|e| e.name() == name)
    }

    /// Whether a request sends a body (the server's POST). The catalogs
    /// take none: their answers depend on the build alone.
    pub fn reads_body(self) -> bool {
        !matches!(self, Endpoint::Puzzles | Endpoint::Algorithms)
    }

    /// Reads `body` as this endpoint's request and checks it for the
    /// puzzle it names: the work to do, or the refusal. A catalog ignores
    /// `body`.
    pub fn check(self, body: &[u8], ctx: &Ctx) -> Result<Job, ApiError> {
        match self {
            Endpoint::Puzzles => Ok(Job::constant(puzzles::catalog())),
            Endpoint::Algorithms => Ok(Job::constant(trace::catalog())),
            Endpoint::Solve => solve::check(read(body)?, ctx),
            Endpoint::Verify => verify::check(read(body)?, ctx),
            Endpoint::Generate => generate::check(read(body)?, ctx),
            Endpoint::Render => render::check(read(body)?, ctx),
            Endpoint::Cases => cases::check(read(body)?, ctx),
            Endpoint::Play => play::check(read(body)?, ctx),
            Endpoint::Board => board::check(read(body)?, ctx),
            Endpoint::Trace => trace::check(read(body)?, ctx),
            Endpoint::Chart => trace::check_chart(read(body)?, ctx),
        }
    }
}
