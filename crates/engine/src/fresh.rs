//! Fresh puzzles to play from a seed (`gridpuzzle play --seed S`), from
//! the puzzle's own generator (the same as `gridpuzzle generate`): the
//! first puzzle whose *proved* optimum lies in the wanted range. Attempts
//! are bounded, and running out is a clear error rather than a puzzle
//! outside the range.
//!
//! The request is checked by `Generate::generator`, the one check every
//! front end gets, so `play` words an impossible request exactly as
//! `generate` does. The generator's parameters beyond size and answer
//! (such as a body length) are the puzzle's `fresh_params`, each taking its
//! default unless the caller gives it. The registry's tests play it on
//! every registered puzzle (`crates/registry/tests/fresh.rs`).

use crate::caps::{GenSpec, GenerateOf};
use crate::generate::Want;
use crate::puzzle::Puzzle;
use crate::words::capitalized;

/// Boards drawn before giving up.
pub const MAX_ATTEMPTS: u32 = 3000;

/// Expanded states one attempt's search may use; a board that needs more
/// is skipped (it would also be slow to hint on).
const ATTEMPT_STATES: u64 = 200_000;

/// What to generate. Sizes are columns × rows.
#[derive(Debug, Clone)]
pub struct Spec {
    pub seed: u64,
    pub width: u32,
    pub height: u32,
    /// The optimum must lie in `answer.0..=answer.1`.
    pub answer: (u32, u32),
    /// The generator's parameters given; the others take their
    /// `fresh_params` default.
    pub params: Vec<(String, String)>,
    /// The run's heap budget, for the generator's searches.
    pub heap: Option<std::sync::Arc<crate::memory::Heap>>,
}

/// A case of `puzzle` whose optimum is in range; `Err` says why there is
/// none (the generator's refusal of the request, or the attempts spent).
pub fn make<P: Puzzle>(
    gen: &dyn GenerateOf<P>,
    puzzle: &P,
    spec: &Spec,
) -> Result<P::Case, String> {
    let params = gen
        .info()
        .fresh_params
        .iter()
        .map(|p| {
            let given = spec.params.iter().find(|(k, _)| k == p.key);
            let value = given.map_or(p.default, |(_, v)| v.as_str());
            (p.key.to_string(), value.to_string())
        })
        .collect();
    let request = GenSpec {
        width: spec.width,
        height: spec.height,
        want: Want {
            min: spec.answer.0 as i64,
            max: Some(spec.answer.1 as i64),
        },
        density: None,
        params,
        max_expanded: Some(ATTEMPT_STATES),
        attempts: MAX_ATTEMPTS as u64,
        cancel: None,
        heap: spec.heap.clone(),
    };
    let mut generator = gen.generator(puzzle, &request, spec.seed)?;
    match generator.next() {
        Some(Ok(made)) => Ok(made.board),
        _ => Err(format!(
            "no {} {} of {}x{} with an optimum of {}..{} found in {MAX_ATTEMPTS} tries from seed {}; \
             try another --seed, a wider --answer or another --size",
            capitalized(P::INFO.name),
            P::INFO.board,
            spec.width,
            spec.height,
            spec.answer.0,
            spec.answer.1,
            spec.seed
        )),
    }
}
