//! Starting a game from what a front end was given: a case it read, a
//! fresh puzzle from a seed, or the path of a saved game.
//!
//! These are the game's, not the command line's: which parameters a
//! fresh puzzle takes, within which sizes, and what it defaults to, what the screen calls the
//! puzzle it plays, whether a board's picture fits the run's memory, and
//! how a saved game is read (a file, or standard input while the keys
//! come from the terminal) — so a front end only reads its arguments and
//! finds a case in a file. Everything wrong with a request is said before
//! the terminal is needed, as [`play_case`] and [`play_saved`] do.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{bail, Context, Result};
use gridpuzzle_engine::caps::Param;
use gridpuzzle_engine::fresh;
use gridpuzzle_engine::moves::Move;
use gridpuzzle_engine::session::save::SaveFile;
use gridpuzzle_engine::words::capitalized;
use gridpuzzle_registry::{Registered, Visit};

use crate::{play_case, play_saved, Look, RunBudget};

/// The size of a fresh board when none is asked for.
pub const FRESH_SIZE: (u32, u32) = (8, 8);

/// The largest side of a fresh board.
pub const MAX_SIDE: u32 = 60;

/// The size of a fresh board: `WxH` (also `W×H` or `W,H`), 1 to
/// [`MAX_SIDE`] cells a side.
pub fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = gridpuzzle_engine::grid::parse_size(s)?;
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(format!(
            "a fresh board is 1 to {MAX_SIDE} cells a side, found `{s}`"
        ));
    }
    Ok((w, h))
}

/// The answer range of a fresh puzzle: `A..B` (inclusive; also `A..=B`
/// and `A-B`) or a single `A`.
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

/// What a fresh puzzle is asked to be; what is `None` takes the game's
/// default (a seed from the clock, [`FRESH_SIZE`], the puzzle's own
/// answer range).
#[derive(Debug, Clone, Default)]
pub struct Fresh {
    pub seed: Option<u64>,
    pub size: Option<(u32, u32)>,
    pub answer: Option<(u32, u32)>,
    /// The generator parameters given (`len`, `5`).
    pub params: Vec<(String, String)>,
}

/// Every registered puzzle's fresh-game parameters (`--len`), one per
/// key: what a fresh puzzle may be asked with.
pub fn fresh_params() -> Vec<Param> {
    let mut all: Vec<Param> = Vec::new();
    for e in gridpuzzle_registry::entries() {
        for p in e.gen.map_or(&[][..], |g| g.fresh_params) {
            if !all.iter().any(|q| q.key == p.key) {
                all.push(*p);
            }
        }
    }
    all
}

/// A fresh case of `puzzle` as `asked` says, made by its generator, and
/// what the screen calls it (`seed 7 (8x8, answer 6..16)`); a parameter
/// the puzzle's fresh games do not take is refused, saying what it is.
pub fn fresh_case<P: Registered>(
    puzzle: &P,
    asked: &Fresh,
    budget: &RunBudget,
) -> Result<(P::Case, String)> {
    for (key, _) in &asked.params {
        if !P::CAPS
            .generate
            .is_some_and(|g| g.info().fresh_params.iter().any(|p| p.key == key))
        {
            let what = fresh_params()
                .into_iter()
                .find(|p| p.key == key)
                .map_or("", |p| p.help);
            bail!("--{key} is {what}; {} has none", capitalized(P::INFO.name));
        }
    }
    let gen = P::CAPS.generator()?;
    let (width, height) = asked.size.unwrap_or(FRESH_SIZE);
    let spec = fresh::Spec {
        seed: asked.seed.unwrap_or_else(time_seed),
        width,
        height,
        answer: asked.answer.unwrap_or(gen.info().fresh_answer),
        params: asked.params.clone(),
        heap: budget.heap.clone(),
    };
    let source = format!(
        "seed {} ({}x{}, answer {}..{})",
        spec.seed, spec.width, spec.height, spec.answer.0, spec.answer.1
    );
    let case = fresh::make(gen, puzzle, &spec).map_err(anyhow::Error::msg)?;
    Ok((case, source))
}

/// A seed from the clock, for a fresh puzzle nobody asked a seed for:
/// short enough to type back in.
fn time_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    (nanos % 1_000_000) as u64
}

/// [`play_case`] for case `n` of its input, refused at once when the
/// board's picture would not fit in the run's memory budget: the game
/// draws a view of the whole board, a
/// [`Mark`](gridpuzzle_engine::view::Mark) a cell, on every frame, so a
/// 40-byte input declaring a 4096×4096 lair took 650 MB before a key was
/// read.
pub fn play_nth<P: Registered>(
    puzzle: P,
    case: P::Case,
    n: u64,
    source: String,
    budget: RunBudget,
    look: Look,
    save: Option<PathBuf>,
) -> Result<()> {
    if let Some(heap) = budget.heap.as_ref().map(|h| h.bytes() as u64) {
        let (w, h) = P::size(&case);
        let cells = u64::from(w) * u64::from(h);
        let per_cell = std::mem::size_of::<gridpuzzle_engine::view::Mark>() as u64;
        let need = cells.saturating_mul(per_cell);
        // Room for the search tables and the game beside the picture.
        if need > heap / 2 {
            let mb = (need * 2).div_ceil(1 << 20);
            bail!(
                "{} {n}: a {w}x{h} {} has {cells} cells, and its picture needs {} MB, more \
                 than --memory {} allows; give --memory {mb} (or more) to play it anyway",
                P::INFO.unit,
                P::INFO.board,
                need.div_ceil(1 << 20),
                heap >> 20
            );
        }
    }
    play_case(puzzle, case, source, budget, look, save)
}

/// [`play_saved`] for the save file at `path`, `-` being standard input
/// (the keys come from the terminal itself, not from it); messages name
/// it by where it came from.
pub fn play_save_file(
    path: &Path,
    save: Option<PathBuf>,
    budget: RunBudget,
    look: Look,
) -> Result<()> {
    let stdin = path.as_os_str() == "-";
    let text = if stdin {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .context("cannot read the saved game from standard input")?;
        text
    } else {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?
    };
    let path = if stdin {
        Path::new("standard input")
    } else {
        path
    };
    play_saved(&text, path, save, budget, look)
}

/// A save file of the first listed puzzle, each line indented, for help
/// pages: its settings at the judge's values, up to four of its moves
/// (three of them played) and its first sample case.
pub fn example_save() -> String {
    struct Example;
    impl Visit for Example {
        type Output = String;
        fn visit<P: Registered>(self, puzzle: P) -> String {
            let board = match puzzle.cases(Box::new(P::INFO.samples.as_bytes())).next() {
                Some(Ok(case)) => format!("{}{}", puzzle.write_case(&case), P::INFO.terminator),
                _ => String::new(),
            };
            // The puzzle's first moves, the last of them first and the
            // first last (`RDLU` for the four directions).
            let mut moves: Vec<P::Move> = P::Move::ALL.iter().take(4).copied().collect();
            if let Some(last) = moves.len().checked_sub(1) {
                moves.swap(0, last);
            }
            let file = SaveFile {
                puzzle: P::INFO.name.to_string(),
                settings: P::CAPS
                    .settings_of(&puzzle)
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v))
                    .collect(),
                source: None,
                at: moves.len().min(3),
                moves,
                board,
            };
            let lines: Vec<String> = file.to_text().lines().map(|l| format!("  {l}")).collect();
            lines.join("\n") + "\n"
        }
    }
    let first = gridpuzzle_registry::entries().into_iter().next();
    first
        .and_then(|e| gridpuzzle_registry::visit(e.name, Example))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_puzzles_size_and_answer_range_parse() {
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
