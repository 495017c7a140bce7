//! The arguments of a fresh puzzle for `gridpuzzle play --seed S`: its
//! size and its answer range. Making it is the engine's
//! (`gridpuzzle_engine::fresh`).

/// The largest side of a fresh board.
pub const MAX_SIDE: u32 = 60;

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
