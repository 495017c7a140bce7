//! A solved case drawn: its `--explain` text, and the cell budget every
//! drawing of boards keeps.
//!
//! A board drawn — as text by `solve --explain`, as SVG frames by
//! `render`, in a stress report — costs its cells, and an input declares
//! its board's size in a few bytes: `--explain` on a 600×600 board wrote
//! 1.3 GB (issue 15), and a 40-byte input declaring a 2000×2000 board
//! made a 768 MB page. So a front end that draws counts the cells it
//! would draw (a board's cells times the boards drawn) against a budget,
//! `--max-cells`, and refuses past it saying how to lift it: before the
//! search when one board is already too large ([`board_fits`]), after it
//! when the boards of its plan are ([`boards_fit`]), and when the boards
//! of a whole run are ([`run_fits`]). The words are here so that every
//! front end refuses alike.

use crate::caps::explain;
use crate::puzzle::Puzzle;
use crate::search::{Outcome, Search};
use crate::view::TextStyle;
use crate::words::{capitalized, counted};

/// The default budget of cells drawn: two million cells are a 100×100
/// board over 200 moves, tens of megabytes of output.
pub const DEFAULT_MAX_CELLS: u64 = 2_000_000;

/// Refuses, before the search, case `n` of `P` whose one board has more
/// cells than `max`.
pub fn board_fits<P: Puzzle>(n: u64, case: &P::Case, max: u64) -> Result<(), String> {
    let (w, h) = P::size(case);
    let cells = u64::from(w) * u64::from(h);
    if cells > max {
        return Err(format!(
            "{} {n}: a {w}x{h} {} has {cells} cells, more than --max-cells {max} \
             allows to draw; give --max-cells {cells} (or more) to draw it anyway",
            P::INFO.unit,
            P::INFO.board
        ));
    }
    Ok(())
}

/// Refuses, after the search, `boards` boards of case `n` of `P` over
/// `max` cells in all; `instead` says what else would do.
pub fn boards_fit<P: Puzzle>(
    n: u64,
    case: &P::Case,
    boards: usize,
    max: u64,
    instead: &str,
) -> Result<(), String> {
    let (w, h) = P::size(case);
    let cells = u64::from(w) * u64::from(h);
    let total = cells.saturating_mul(boards as u64);
    if total > max {
        return Err(format!(
            "{} {n}: {} of {cells} cells are {total} cells, more than \
             --max-cells {max} allows to draw; give --max-cells {total} to draw them anyway, \
             or {instead}",
            P::INFO.unit,
            counted(boards as u64, "board", "boards")
        ));
    }
    Ok(())
}

/// Refuses case `n` of `P` when the boards drawn in the run up to it,
/// `total` cells, pass `max`.
pub fn run_fits<P: Puzzle>(n: u64, total: u64, max: u64) -> Result<(), String> {
    if total > max {
        return Err(format!(
            "{unit} {n}: the boards drawn up to here have {total} cells, more \
             than --max-cells {max} allows to draw in one run; give a larger \
             --max-cells to draw them, or solve without --explain",
            unit = P::INFO.unit,
        ));
    }
    Ok(())
}

/// The first line of case `n`'s `--explain`: its answer and moves, `-1`
/// with why there is none, or the budget that stopped the search.
pub fn explain_head<P: Puzzle>(
    puzzle: &P,
    narration: &dyn crate::caps::NarrateOf<P>,
    n: u64,
    found: &Search<P::Move>,
) -> String {
    let unit = capitalized(P::INFO.unit);
    match &found.outcome {
        Outcome::Solved(moves) => {
            let spaced: Vec<String> = moves.iter().map(|d| d.to_string()).collect();
            format!(
                "{unit} {n}: {} {}: {}",
                moves.len(),
                P::INFO.moves_word(moves.len()),
                spaced.join(" ")
            )
        }
        Outcome::Unsolvable => format!(
            "{unit} {n}: -1, {} (proved by an exhaustive search)",
            narration.unsolvable(puzzle)
        ),
        Outcome::Limit(hit) => format!("{unit} {n}: limit, {hit}; the answer is not known"),
    }
}

/// Case `n`'s whole `--explain`: its first line ([`explain_head`]), then
/// the board after every move of its plan (none without one).
pub fn explained<P: Puzzle>(
    puzzle: &P,
    narration: &dyn crate::caps::NarrateOf<P>,
    n: u64,
    case: &P::Case,
    found: &Search<P::Move>,
    style: TextStyle,
) -> String {
    let plan: &[P::Move] = match &found.outcome {
        Outcome::Solved(moves) => moves,
        _ => &[],
    };
    format!(
        "{}\n{}\n",
        explain_head(puzzle, narration, n, found),
        explain(puzzle, narration, case, plan, style)
    )
}
