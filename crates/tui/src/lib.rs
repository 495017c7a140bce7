//! The terminal game of any registered puzzle: what `gridpuzzle play`
//! shows, as a library.
//!
//! The terminal is a front end like the web page, so it is a crate of its
//! own beside the server: the binary only parses `play`'s arguments, finds
//! the case (a file, a seed or a saved game) and hands the game here.
//! The pieces, from the rules outward:
//!
//! - the puzzle's core `Puzzle` implementation: a move is its `apply`, a
//!   hint is its exact solver from the position, a position is drawn as
//!   its `view` (marks with a role, in the engine's one palette); its
//!   words (counter, status, frames) are its `Narrate` capability's, or
//!   the engine's defaults;
//! - the engine's session (`gridpuzzle_engine::session`), run on
//!   `Played<P>` (a case of a puzzle as a game): history, undo/redo, what
//!   the solver proved about each position (reachable with an optimal plan,
//!   hopeless, or unknown when the budget ran out — never "hopeless" by
//!   time-out), and its saved-game file;
//! - [`app`]: the screen's state machine, keys in and a view-model out,
//!   generic over the puzzle; [`resume`] builds one from a saved game;
//! - [`ui`]: drawing a view-model with ratatui;
//! - `terminal.rs` ([`play`]): the terminal itself, raw mode and the event
//!   loop.
//!
//! The terminal is put back (raw mode off, main screen, cursor shown) on
//! every way out: a normal quit or an error (a guard's `Drop`), a panic (a
//! panic hook that restores before the message prints), and Ctrl-C (raw
//! mode delivers it as a key, which quits like `q`). Nothing sleeps except
//! to animate a sliding stone, and the tests never reach the terminal:
//! they drive [`app::App`] and render [`ui`] into ratatui's test backend.

pub mod app;
mod terminal;
pub mod ui;

#[cfg(test)]
mod tests;

use gridpuzzle_registry::Registered;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use gridpuzzle_engine::puzzle::Played;
use gridpuzzle_engine::session::save::SaveFile;
use gridpuzzle_engine::session::Session;

pub use app::{App, Budget, Flow, Look};
pub use terminal::{need_terminal, play};

/// The app of a save file: the puzzle under the file's settings, then its
/// history replayed through the rules ([`resumed`]), then the first
/// analysis of the position ([`App::new`]).
pub fn resume<P: Registered>(
    puzzle: P,
    file: &SaveFile<P::Move>,
    path: &Path,
    source: String,
    budget: Budget,
    look: Look,
    save_path: PathBuf,
) -> Result<App<P>> {
    let session = resumed(puzzle, file, path)?;
    Ok(App::new(session, source, budget, look, save_path))
}

/// The session of a save file: the puzzle under the file's settings, then
/// its history replayed through the rules (in time linear in its length).
/// Errors name `path`. A front end checks what it needs (a terminal)
/// between this and the app's first analysis, which may search.
pub fn resumed<P: Registered>(
    mut puzzle: P,
    file: &SaveFile<P::Move>,
    path: &Path,
) -> Result<Session<P>> {
    let (game, start) =
        saved_game(&mut puzzle, file).with_context(|| format!("{}", path.display()))?;
    Session::resume(game, start, &file.moves, file.at)
        .with_context(|| format!("{}: the saved moves do not replay", path.display()))
}

/// The game of a save file: its settings (a setting it lacks keeps the
/// judge's rule; another puzzle's key is ignored) and its starting board.
fn saved_game<P: Registered>(
    puzzle: &mut P,
    file: &SaveFile<P::Move>,
) -> Result<(Played<P>, P::State)> {
    for s in P::CAPS.setting_list() {
        if let Some((_, value)) = file.settings.iter().find(|(k, _)| k == s.key) {
            P::CAPS
                .set(puzzle, s.key, value)
                .map_err(|e| anyhow!("{}: {e}", s.key))?;
        }
    }
    let case = match puzzle.cases(Box::new(file.board.as_bytes())).next() {
        Some(Ok(case)) => case,
        Some(Err(e)) => bail!("the saved {}: {e}", P::INFO.board),
        None => bail!("the saved {} is empty", P::INFO.board),
    };
    Ok(Played::new(puzzle.clone(), case))
}
