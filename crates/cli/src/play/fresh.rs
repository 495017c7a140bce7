//! Fresh puzzles for `gridpuzzle play --seed S`, from the puzzle's own
//! generator (the same as `gridpuzzle generate`): the first puzzle whose
//! *proved* optimum lies in the wanted range. Attempts are bounded, and
//! running out is a clear error rather than a puzzle outside the range.
//!
//! The request is checked by `Puzzle::generator`, the one check every
//! front end gets, so `play` words an impossible request exactly as
//! `generate` does. The generator's parameters beyond size and answer
//! (such as a body length) are the puzzle's `FRESH_PARAMS`, each taking its
//! default unless the command line gives it.

use anyhow::{anyhow, Result};

use gridpuzzle_engine::generate::Want;
use gridpuzzle_engine::puzzle::{capitalized, GenSpec, Puzzle};

/// Boards drawn before giving up.
pub const MAX_ATTEMPTS: u32 = 3000;

/// Expanded states one attempt's search may use; a board that needs more
/// is skipped (it would also be slow to hint on).
const ATTEMPT_STATES: u64 = 200_000;

/// The largest side of a fresh board.
pub const MAX_SIDE: u32 = 60;

/// What to generate. Sizes are columns × rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    pub seed: u64,
    pub width: u32,
    pub height: u32,
    /// The optimum must lie in `answer.0..=answer.1`.
    pub answer: (u32, u32),
    /// The generator's parameters given on the command line; the others
    /// take their `FRESH_PARAMS` default.
    pub params: Vec<(String, String)>,
}

/// Parses `WxH` (also `W×H` or `W,H`).
pub fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = crate::args::parse_size(s)?;
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(format!(
            "a fresh board is 1 to {MAX_SIDE} cells a side, found `{s}`"
        ));
    }
    Ok((w, h))
}

/// Parses `A..B` (inclusive; also `A..=B` and `A-B`) or a single `A`.
pub fn parse_range(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("expected a range of moves `A..B` such as `3..6`, found `{s}`");
    let (a, b) = match s.split_once("..") {
        Some((a, b)) => (a, b.trim_start_matches('=')),
        None => s.split_once('-').unwrap_or((s, s)),
    };
    let a: u32 = a.trim().parse().map_err(|_| bad())?;
    let b: u32 = b.trim().parse().map_err(|_| bad())?;
    if a > b {
        return Err(format!("the range `{s}` is empty"));
    }
    Ok((a, b))
}

/// A case of `puzzle` whose optimum is in range.
pub fn make<P: Puzzle>(puzzle: &P, spec: &Spec) -> Result<P::Case> {
    let params = P::FRESH_PARAMS
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
    };
    let mut generator = puzzle
        .generator(&request, spec.seed)
        .map_err(|e| anyhow!(e))?;
    match generator.next() {
        Some(Ok(made)) => Ok(made.board),
        _ => Err(anyhow!(
            "no {} {} of {}x{} with an optimum of {}..{} found in {MAX_ATTEMPTS} tries from seed {}; \
             try another --seed, a wider --answer or another --size",
            capitalized(P::NAME),
            P::BOARD,
            spec.width,
            spec.height,
            spec.answer.0,
            spec.answer.1,
            spec.seed
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridpuzzle_engine::search::Limits;
    use gridpuzzle_registry::Visit;

    #[test]
    fn arguments_parse() {
        assert_eq!(parse_size("8x6"), Ok((8, 6)));
        assert!(parse_size("8").is_err());
        assert!(parse_size("0x5").is_err());
        assert!(parse_size("61x5").is_err());
        assert_eq!(parse_range("3..6"), Ok((3, 6)));
        assert_eq!(parse_range("3..=6"), Ok((3, 6)));
        assert_eq!(parse_range("4"), Ok((4, 4)));
        assert_eq!(parse_range("2-5"), Ok((2, 5)));
        assert!(parse_range("6..3").is_err());
        assert!(parse_range("x").is_err());
    }

    fn spec(seed: u64, width: u32, height: u32, answer: (u32, u32)) -> Spec {
        Spec {
            seed,
            width,
            height,
            answer,
            params: Vec::new(),
        }
    }

    /// Every listed puzzle: its fresh range met, the same case per seed.
    #[test]
    fn fresh_puzzles_meet_their_range_and_repeat_per_seed() {
        struct Fresh;
        impl Visit for Fresh {
            type Output = ();
            fn visit<P: Puzzle>(self, puzzle: P) {
                let (lo, hi) = P::FRESH_ANSWER;
                let s = spec(7, 8, 8, (lo, hi));
                let a = make(&puzzle, &s).unwrap();
                let b = make(&puzzle, &s).unwrap();
                assert_eq!(a, b, "{}: same seed, same case", P::NAME);
                let n = puzzle
                    .solve(&a, &Limits::none())
                    .outcome
                    .moves()
                    .unwrap()
                    .len() as u32;
                assert!((lo..=hi).contains(&n), "{}: {n}", P::NAME);
            }
        }
        for e in crate::args::listed() {
            gridpuzzle_registry::visit(e.name, Fresh).unwrap();
        }
    }

    /// The words of `generate` for an impossible request, and a clear
    /// error when the attempts run out.
    #[test]
    fn impossible_requests_are_clear_errors() {
        struct Errors;
        impl Visit for Errors {
            type Output = ();
            fn visit<P: Puzzle>(self, puzzle: P) {
                // The smallest value of every parameter (a body of one).
                let mut s = spec(1, 3, 1, (9, 9));
                s.params = P::FRESH_PARAMS
                    .iter()
                    .map(|p| (p.key.to_string(), "1".to_string()))
                    .collect();
                let err = make(&puzzle, &s).unwrap_err().to_string();
                let want = format!(
                    "no {} {} of 3x1 with an optimum of 9..9",
                    capitalized(P::NAME),
                    P::BOARD
                );
                assert!(err.starts_with(&want), "{err}");
            }
        }
        for e in crate::args::listed() {
            gridpuzzle_registry::visit(e.name, Errors).unwrap();
        }

        // A cap below the range, and a body that cannot fit: `generate`'s
        // words, from the one check.
        struct Capped;
        impl Visit for Capped {
            type Output = Vec<String>;
            fn visit<P: Puzzle>(self, puzzle: P) -> Vec<String> {
                let mut errors = Vec::new();
                if P::SETTINGS.iter().any(|s| s.key == "max-throws") {
                    let mut p = puzzle.clone();
                    p.set("max-throws", "10").unwrap();
                    errors.push(make(&p, &spec(1, 3, 1, (11, 12))).unwrap_err().to_string());
                }
                if P::FRESH_PARAMS.iter().any(|p| p.key == "len") {
                    let mut s = spec(1, 3, 1, (9, 9));
                    s.params = vec![("len".into(), "4".into())];
                    errors.push(make(&puzzle, &s).unwrap_err().to_string());
                }
                errors
            }
        }
        let errors: Vec<String> = crate::args::listed()
            .iter()
            .flat_map(|e| gridpuzzle_registry::visit(e.name, Capped).unwrap())
            .collect();
        assert_eq!(
            errors,
            [
                "no board needs 11 throws under a cap of 10: raise --max-throws or lower --answer",
                "--len 4 does not fit: a lair of 1 rows and 3 columns takes a body of 1 to 3 segments",
            ]
        );
    }
}
