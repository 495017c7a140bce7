//! Fresh puzzles for `gridpuzzle play --seed S`, from the puzzles'
//! generators (the same as `gridpuzzle generate`): the first puzzle whose
//! *proved* optimum lies in the wanted range. Attempts are bounded, and
//! running out is a clear error rather than a puzzle outside the range.

use anyhow::{bail, Result};

use gridpuzzle_curling as curling;
use gridpuzzle_engine::generate::Want;
use gridpuzzle_engine::Pos;
use gridpuzzle_holedox as holedox;

/// Boards drawn before giving up.
pub const MAX_ATTEMPTS: u32 = 3000;

/// Expanded states one attempt's search may use; a board that needs more
/// is skipped (it would also be slow to hint on).
const ATTEMPT_STATES: u64 = 200_000;

/// The largest side of a fresh board.
pub const MAX_SIDE: u32 = 60;

/// What to generate. Sizes are columns × rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spec {
    pub seed: u64,
    pub width: u32,
    pub height: u32,
    /// The optimum must lie in `answer.0..=answer.1`.
    pub answer: (u32, u32),
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

fn out_of_attempts(what: &str, spec: &Spec) -> anyhow::Error {
    anyhow::anyhow!(
        "no {what} of {}x{} with an optimum of {}..{} found in {MAX_ATTEMPTS} tries from seed {}; \
         try another --seed, a wider --answer or another --size",
        spec.width,
        spec.height,
        spec.answer.0,
        spec.answer.1,
        spec.seed
    )
}

fn want(spec: &Spec) -> Want {
    Want {
        min: spec.answer.0 as i64,
        max: Some(spec.answer.1 as i64),
    }
}

/// A Curling board whose optimum under `max_throws` is in range.
pub fn curling(spec: &Spec, max_throws: Option<u32>) -> Result<curling::Board> {
    if (spec.width as u64 * spec.height as u64) < 2 {
        bail!("a Curling board needs at least two cells (a start and a goal)");
    }
    if let Some(cap) = max_throws.filter(|&cap| spec.answer.0 > cap) {
        bail!(
            "--answer {}..{} cannot be met under a cap of {cap} throws",
            spec.answer.0,
            spec.answer.1
        );
    }
    if spec.answer.0 == 0 {
        bail!("a Curling board always needs at least one throw; start --answer at 1");
    }
    let opts = curling::generate::GenerateOptions {
        width: spec.width,
        height: spec.height,
        want: want(spec),
        density: None,
        max_throws,
        max_expanded: ATTEMPT_STATES,
        attempts: MAX_ATTEMPTS as u64,
        cancel: None,
    };
    match curling::generate::generate(&opts, spec.seed).next() {
        Some(Ok(made)) => Ok(made.board),
        _ => Err(out_of_attempts("Curling board", spec)),
    }
}

/// A Holedox case with a body of `len` whose optimum under `rule` is in
/// range. `exit` is 0-based.
pub fn holedox(spec: &Spec, len: u32, exit: Pos, rule: holedox::TailRule) -> Result<holedox::Case> {
    let (rows, cols) = (spec.height, spec.width);
    if len == 0 {
        bail!("--len: a body has at least one segment");
    }
    if len as u64 + 1 > rows as u64 * cols as u64 {
        bail!("--len {len}: the body and the exit do not fit in {cols}x{rows}");
    }
    let max = holedox::max_len_for(rows, cols);
    if len > max {
        bail!("--len {len}: at most {max} segments fit the solver's state for {cols}x{rows}");
    }
    holedox::Lair::new(rows, cols, exit)?;
    let opts = holedox::generate::GenerateOptions {
        rows,
        cols,
        len: len as usize,
        exit,
        rule,
        want: want(spec),
        density: None,
        max_expanded: ATTEMPT_STATES,
        attempts: MAX_ATTEMPTS as u64,
        cancel: None,
    };
    match holedox::generate::generate(&opts, spec.seed).next() {
        Some(Ok(made)) => Ok(made.board),
        _ => Err(out_of_attempts("Holedox lair", spec)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridpuzzle_engine::search::Limits;

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

    #[test]
    fn fresh_puzzles_meet_their_range_and_repeat_per_seed() {
        let spec = Spec {
            seed: 7,
            width: 8,
            height: 8,
            answer: (3, 5),
        };
        let a = curling(&spec, Some(10)).unwrap();
        let b = curling(&spec, Some(10)).unwrap();
        assert_eq!(a, b, "same seed, same board");
        let n = curling::solve(&a, &Default::default(), &Limits::none())
            .outcome
            .moves()
            .unwrap()
            .len();
        assert!((3..=5).contains(&n));

        let spec = Spec {
            answer: (6, 12),
            ..spec
        };
        let case = holedox(&spec, 4, Pos::new(0, 0), holedox::TailRule::Strict).unwrap();
        assert_eq!(case.body().len(), 4);
        let n = holedox::solve(&case, holedox::TailRule::Strict, &Limits::none())
            .outcome
            .moves()
            .unwrap()
            .len();
        assert!((6..=12).contains(&n));
    }

    #[test]
    fn impossible_requests_are_clear_errors() {
        let spec = Spec {
            seed: 1,
            width: 3,
            height: 1,
            answer: (9, 9),
        };
        let err = curling(&spec, Some(10)).unwrap_err().to_string();
        assert!(
            err.starts_with("no Curling board of 3x1 with an optimum of 9..9"),
            "{err}"
        );
        let err = curling(
            &Spec {
                answer: (11, 12),
                ..spec
            },
            Some(10),
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            err,
            "--answer 11..12 cannot be met under a cap of 10 throws"
        );
        let err = holedox(&spec, 3, Pos::new(0, 0), holedox::TailRule::Strict)
            .unwrap_err()
            .to_string();
        assert_eq!(err, "--len 3: the body and the exit do not fit in 3x1");
    }
}
