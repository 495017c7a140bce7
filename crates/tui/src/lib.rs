//! The terminal game of any registered puzzle: what `gridpuzzle play`
//! shows, as a library.
//!
//! The terminal is a front end like the web page, so it is a crate of its
//! own beside the server: the binary only parses `play`'s arguments and
//! finds the case in a file; a fresh puzzle from a seed, a saved game's
//! file and the refusal of a board too large to draw are [`start`]'s.
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
//!   [`play_case`] plays a case from its start, and [`play_saved`] the
//!   saved game a file names (its puzzle found in the registry, its format
//!   read with the registry's names: [`parse_save`]);
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
pub mod start;
mod terminal;
pub mod ui;

#[cfg(test)]
mod tests;

use gridpuzzle_registry::Registered;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use gridpuzzle_engine::puzzle::Played;
use gridpuzzle_engine::session::save::{self, AnyChar, Known, Letter, SaveFile};
use gridpuzzle_engine::session::Session;
use gridpuzzle_engine::words::either;
use gridpuzzle_registry::Visit;

pub use app::{App, Flow, Look};
/// How long one analysis of a position may search, how many states it may
/// expand and keep, and the run's heap: the command's `--timeout`,
/// `--max-states`, `--max-stored` and `--memory`.
pub use gridpuzzle_engine::search::RunBudget;
pub use start::{example_save, fresh_case, fresh_params, play_nth, play_save_file, Fresh};
pub use terminal::{need_terminal, play};

/// Plays `case` of `puzzle` from its start (`source` says where it came
/// from, on the screen); `save` is where the game is written (Ctrl-S, and
/// on quitting when given), `gridpuzzle-NAME.save` by default. The first
/// analysis may search, so a terminal is checked first.
pub fn play_case<P: Registered>(
    puzzle: P,
    case: P::Case,
    source: String,
    budget: RunBudget,
    look: Look,
    save: Option<PathBuf>,
) -> Result<()> {
    let (game, start) = Played::new(puzzle, case);
    let save_path = save
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("gridpuzzle-{}.save", P::INFO.name)));
    need_terminal()?;
    let app = App::new(Session::new(game, start), source, budget, look, save_path);
    play(app, save.as_deref())
}

/// Reads a save file that may name any registered puzzle and any of their
/// settings.
pub fn parse_save<M: Letter>(text: &str) -> Result<SaveFile<M>> {
    let entries = gridpuzzle_registry::entries();
    let puzzles: Vec<&str> = entries.iter().map(|e| e.name).collect();
    let settings: Vec<&str> = entries
        .iter()
        .flat_map(|e| e.settings.iter().map(|s| s.key))
        .collect();
    let known = Known {
        puzzles: &puzzles,
        settings: &settings,
    };
    SaveFile::parse(text, &known).map_err(anyhow::Error::msg)
}

/// Plays the saved game `text`, read from `path` (which messages name), of
/// the puzzle it names; `save` is where the game is written (Ctrl-S, and
/// on quitting when given), the file it came from by default. Everything
/// wrong with the file is said first, with or without a terminal: reading
/// and replaying it is linear in its length. The first analysis may
/// search, so it waits for a terminal.
pub fn play_saved(
    text: &str,
    path: &Path,
    save: Option<PathBuf>,
    budget: RunBudget,
    look: Look,
) -> Result<()> {
    struct Load<'a> {
        text: &'a str,
        path: &'a Path,
        save: Option<PathBuf>,
        budget: RunBudget,
        look: Look,
    }
    impl Visit for Load<'_> {
        type Output = Result<()>;

        fn visit<P: Registered>(self, puzzle: P) -> Result<()> {
            let path = self.path;
            let file =
                parse_save::<P::Move>(self.text).with_context(|| format!("{}", path.display()))?;
            let save_path = self.save.clone().unwrap_or_else(|| path.to_path_buf());
            let source = file
                .source
                .clone()
                .unwrap_or_else(|| path.display().to_string());
            let session = resumed(puzzle, &file, path)?;
            need_terminal()?;
            let app = App::new(session, source, self.budget, self.look, save_path);
            play(app, self.save.as_deref())
        }
    }
    let name = save::puzzle_of(text).unwrap_or_default();
    let load = Load {
        text,
        path,
        save,
        budget,
        look,
    };
    match gridpuzzle_registry::visit(&name, load) {
        Some(done) => done,
        None => {
            // Whatever else is wrong with the file is said first.
            parse_save::<AnyChar>(text).with_context(|| format!("{}", path.display()))?;
            let names: Vec<String> = gridpuzzle_registry::entries()
                .iter()
                .map(|e| e.name.to_string())
                .collect();
            bail!(
                "{}: unknown puzzle `{name}` (expected {})",
                path.display(),
                either(&names)
            )
        }
    }
}

/// The app of a save file: the puzzle under the file's settings, then its
/// history replayed through the rules ([`resumed`]), then the first
/// analysis of the position ([`App::new`]).
pub fn resume<P: Registered>(
    puzzle: P,
    file: &SaveFile<P::Move>,
    path: &Path,
    source: String,
    budget: RunBudget,
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
