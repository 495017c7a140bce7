//! `gridpuzzle play`: the puzzles in the terminal, with undo, exact hints
//! and saved games.
//!
//! The pieces, from the rules outward:
//!
//! - the puzzle crates' `play.rs`: each puzzle as the engine's `Game` (a
//!   move is `rules.rs`, a hint is the exact solver from the position);
//! - the engine's `session.rs`: history, undo/redo, what the solver proved
//!   about each position (reachable with an optimal plan, hopeless, or
//!   unknown when the budget ran out — never "hopeless" by time-out);
//! - [`app`]: the screen's state machine, keys in and a view-model out;
//! - [`games`]: how each puzzle looks and is saved; [`ui`]: drawing a
//!   view-model with ratatui; [`save`]: the saved-game format;
//!   [`fresh`]: fresh puzzles from a seed;
//! - this file: the command line, loading the puzzle, and the terminal.
//!
//! The terminal is put back (raw mode off, main screen, cursor shown) on
//! every way out: a normal quit or an error (a guard's `Drop`), a panic (a
//! panic hook that restores before the message prints), and Ctrl-C (raw
//! mode delivers it as a key, which quits like `q`). Nothing here sleeps
//! except to animate a sliding stone, and the tests never come here: they
//! drive [`app::App`] and render [`ui`] into ratatui's test backend.

pub mod app;
pub mod fresh;
pub mod games;
pub mod save;
pub mod ui;

#[cfg(test)]
mod tests;

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{bail, Context, Result};
use clap::Args;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, Event};
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::crossterm::{cursor, execute};
use ratatui::Terminal;

use gridpuzzle_curling::play::CurlingGame;
use gridpuzzle_engine::session::Session;
use gridpuzzle_engine::{InputError, Pos};
use gridpuzzle_holedox::play::HoledoxGame;

use crate::args::{BudgetArgs, PuzzleArgs};
use crate::puzzles::{split, Chosen, Puzzle};
use crate::{input, Exit};

use app::{App, Budget, Look, Playable};
use save::SaveFile;

/// The help after `gridpuzzle play --help`.
pub const PLAY_HELP: &str = "\
Keys: arrows or W A S D move; u (Ctrl-Z) undo; y (Ctrl-Y) redo; Backspace
restart; h hint (the optimal next move and how many moves remain); Enter
solve (plays the optimal moves from here, each undoable); Ctrl-S save;
? help; q, Esc or Ctrl-C quit. After every move the panel says whether the
goal can still be reached (proved by the exact solver; for Curling within
the throws left under the cap). --timeout SECS (default 2) and --max-states N
bound each analysis; when one runs out the panel says \"unknown\", never
\"hopeless\". A throw off the board is refused: it would lose at once.

Without FILE or --seed, a fresh puzzle from a random seed is shown (the
title names the seed, so `--seed` replays it).

Saved games (--save FILE on quit or Ctrl-S; --load FILE resumes, undo
history included) are plain text: settings, the whole move history, how
many of those moves are played, then the starting puzzle in the judge's
input format:

  # gridpuzzle saved game: `gridpuzzle play --load FILE` resumes it
  gridpuzzle-save 1
  puzzle curling
  max-throws 10
  moves RDLU
  at 3
  board
  2 1
  2 3
  0 0

Examples:
  gridpuzzle play curling samples/curling.in --case 2
  gridpuzzle play holedox samples/holedox.in --save snake.save
  gridpuzzle play curling --seed 42 --size 10x8 --answer 4..6
  gridpuzzle play holedox --seed 7 --size 8x8 --len 5 --answer 8..14
  gridpuzzle play --load snake.save";

/// `gridpuzzle play`.
#[derive(Debug, Args)]
pub struct PlayCommand {
    /// The puzzle, its rule options and its input file (omit with --load)
    #[command(subcommand)]
    pub puzzle: Option<PuzzleArgs>,

    /// Which case of FILE to play (1-based)
    #[arg(long, global = true, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub case: u64,

    /// Resume a saved game (puzzle, rules and undo history come from it)
    #[arg(long, global = true, value_name = "SAVE")]
    pub load: Option<PathBuf>,

    /// Write the game to FILE on quit (Ctrl-S writes it any time)
    #[arg(long, global = true, value_name = "FILE")]
    pub save: Option<PathBuf>,

    /// Play a fresh puzzle made from this seed instead of a file
    #[arg(long, global = true, value_name = "S")]
    pub seed: Option<u64>,

    /// With --seed: the board's size, columns x rows [default: 8x8]
    #[arg(long, global = true, value_name = "WxH", value_parser = fresh::parse_size)]
    pub size: Option<(u32, u32)>,

    /// With --seed: the optimum must lie in A..B moves
    /// [default: curling 3..6, holedox 6..16]
    #[arg(long, global = true, value_name = "A..B", value_parser = fresh::parse_range)]
    pub answer: Option<(u32, u32)>,

    /// With --seed, holedox: the body's length [default: 4]
    #[arg(long, global = true, value_name = "L")]
    pub len: Option<u32>,

    /// Draw boards in plain ASCII instead of Unicode symbols
    #[arg(long, global = true)]
    pub ascii: bool,

    /// Budgets of each analysis of a position (default: 2 seconds); when one
    /// runs out the panel says "unknown", never "hopeless"
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// A loaded game of either puzzle.
enum Loaded {
    Curling(App<CurlingGame>),
    Holedox(App<HoledoxGame>),
}

pub fn run(cmd: PlayCommand) -> Result<Exit> {
    let budget = Budget {
        time: Duration::from_secs_f64(cmd.budget.timeout.unwrap_or(2.0)),
        max_states: cmd.budget.max_states,
    };
    let look = Look {
        ascii: cmd.ascii,
        color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    };
    let loaded = load(&cmd, budget, look)?;
    if !io::stdout().is_terminal() {
        bail!("play needs a terminal: standard output is not one");
    }
    let quit_save = cmd.save.clone();
    match loaded {
        Loaded::Curling(app) => run_app(app, quit_save.as_deref()),
        Loaded::Holedox(app) => run_app(app, quit_save.as_deref()),
    }
}

/// Builds the game the command line asks for.
fn load(cmd: &PlayCommand, budget: Budget, look: Look) -> Result<Loaded> {
    if let Some(path) = &cmd.load {
        if cmd.puzzle.is_some() || cmd.seed.is_some() {
            bail!("--load takes the puzzle and its rules from the save file; give no puzzle, FILE or --seed with it");
        }
        return load_save(path, cmd.save.clone(), budget, look);
    }
    let Some(puzzle) = &cmd.puzzle else {
        bail!("name a puzzle (`gridpuzzle play curling` or `gridpuzzle play holedox`), or resume a game with --load FILE");
    };
    let default_save = |name: &str| {
        cmd.save
            .clone()
            .unwrap_or_else(|| PathBuf::from(format!("gridpuzzle-{name}.save")))
    };
    let (file, chosen) = split(puzzle);
    if file.is_some() && cmd.seed.is_some() {
        bail!("give either FILE or --seed, not both");
    }
    if file.is_some() && (cmd.size.is_some() || cmd.answer.is_some() || cmd.len.is_some()) {
        bail!(
            "--size, --answer and --len shape a fresh puzzle: use them with --seed, not with FILE"
        );
    }
    let seed = match (&file, cmd.seed) {
        (Some(_), _) => None,
        (None, Some(seed)) => Some(seed),
        (None, None) => Some(time_seed()),
    };
    let (width, height) = cmd.size.unwrap_or((8, 8));
    let spec = |answer| fresh::Spec {
        seed: seed.unwrap_or(0),
        width,
        height,
        answer: cmd.answer.unwrap_or(answer),
    };
    let fresh_source = |spec: &fresh::Spec| {
        format!(
            "seed {} ({}x{}, answer {}..{})",
            spec.seed, spec.width, spec.height, spec.answer.0, spec.answer.1
        )
    };
    match chosen {
        Chosen::Curling(p) => {
            if cmd.len.is_some() {
                bail!("--len is the length of a Holedox body; Curling has none");
            }
            let cap = p.opts.max_throws;
            let (board, source) = match &file {
                Some(f) => {
                    let board = nth_case(&p, f, cmd.case)?;
                    (board, format!("{}, dataset {}", f.display(), cmd.case))
                }
                None => {
                    let spec = spec((3, 6));
                    (fresh::curling(&spec, cap)?, fresh_source(&spec))
                }
            };
            let start = board.initial();
            let session = Session::new(CurlingGame::new(board, cap), start);
            Ok(Loaded::Curling(App::new(
                session,
                source,
                budget,
                look,
                default_save("curling"),
            )))
        }
        Chosen::Holedox(p) => {
            let (case, source) = match &file {
                Some(f) => {
                    let case = nth_case(&p, f, cmd.case)?;
                    (case, format!("{}, case {}", f.display(), cmd.case))
                }
                None => {
                    let spec = spec((6, 16));
                    let exit = Pos::new(p.exit.0 - 1, p.exit.1 - 1);
                    let case = fresh::holedox(&spec, cmd.len.unwrap_or(4), exit, p.rule)?;
                    (case, fresh_source(&spec))
                }
            };
            let (lair, body) = case.into_parts();
            let session = Session::new(HoledoxGame::new(lair, p.rule), body);
            Ok(Loaded::Holedox(App::new(
                session,
                source,
                budget,
                look,
                default_save("holedox"),
            )))
        }
    }
}

/// A seed from the clock, for a fresh puzzle nobody asked a seed for.
fn time_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    // Short enough to type back in.
    (nanos % 1_000_000) as u64
}

/// Case `n` (1-based) of a judge-format file.
fn nth_case<P: Puzzle>(puzzle: &P, file: &Path, n: u64) -> Result<P::Case> {
    let reader = input::open(Some(file))?;
    let mut cases = puzzle.cases(reader);
    for k in 1..=n {
        match cases.next() {
            Some(Ok(case)) if k == n => return Ok(case),
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(bad_input(e)),
            None => bail!(
                "--case {n}: {} has only {} {}s",
                file.display(),
                k - 1,
                P::UNIT
            ),
        }
    }
    unreachable!("the loop returns by case {n}")
}

fn bad_input(e: InputError) -> anyhow::Error {
    anyhow::anyhow!("{e}")
}

/// Resumes a saved game.
fn load_save(path: &Path, save: Option<PathBuf>, budget: Budget, look: Look) -> Result<Loaded> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let file = SaveFile::parse(&text).with_context(|| format!("{}", path.display()))?;
    let save_path = save.unwrap_or_else(|| path.to_path_buf());
    let source = file
        .source
        .clone()
        .unwrap_or_else(|| path.display().to_string());
    match file.puzzle.as_str() {
        "curling" => Ok(Loaded::Curling(resume(
            &file, path, source, budget, look, save_path,
        )?)),
        "holedox" => Ok(Loaded::Holedox(resume(
            &file, path, source, budget, look, save_path,
        )?)),
        other => bail!(
            "{}: unknown puzzle `{other}` (expected curling or holedox)",
            path.display()
        ),
    }
}

/// The app of a save file: the puzzle, then its history replayed through
/// the rules.
pub fn resume<P: Playable>(
    file: &SaveFile,
    path: &Path,
    source: String,
    budget: Budget,
    look: Look,
    save_path: PathBuf,
) -> Result<App<P>> {
    let (game, start) = P::from_save(file).with_context(|| format!("{}", path.display()))?;
    let session = Session::resume(game, start, &file.moves, file.at)
        .with_context(|| format!("{}: the saved moves do not replay", path.display()))?;
    Ok(App::new(session, source, budget, look, save_path))
}

/// Puts the terminal back as it was. Safe to call more than once.
fn restore_terminal() {
    let _ = disable_raw_mode();
    let _ = execute!(io::stdout(), LeaveAlternateScreen, cursor::Show);
}

/// Raw mode and the alternate screen while alive.
struct TerminalGuard;

impl TerminalGuard {
    fn enter() -> Result<TerminalGuard> {
        // A panic anywhere below prints on a usable terminal.
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore_terminal();
            previous(info);
        }));
        enable_raw_mode().context("cannot switch the terminal to raw mode")?;
        let guard = TerminalGuard;
        execute!(io::stdout(), EnterAlternateScreen, cursor::Hide)?;
        Ok(guard)
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore_terminal();
    }
}

fn run_app<P: Playable>(mut app: App<P>, quit_save: Option<&Path>) -> Result<Exit> {
    {
        let _guard = TerminalGuard::enter()?;
        let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
        terminal.clear()?;
        event_loop(&mut terminal, &mut app)?;
    }
    if let Some(path) = quit_save {
        std::fs::write(path, app.save_text())
            .with_context(|| format!("cannot save to {}", path.display()))?;
        eprintln!("gridpuzzle: saved the game to {}", path.display());
    }
    Ok(Exit::Ok)
}

fn event_loop<P: Playable>(
    terminal: &mut Terminal<CrosstermBackend<io::Stdout>>,
    app: &mut App<P>,
) -> Result<()> {
    loop {
        let view = app.view();
        terminal.draw(|f| ui::draw(f, &view))?;
        if app.wants_quit() {
            return Ok(());
        }
        // While "solve" plays, a move every 0.45 s unless a key comes.
        let wait = if app.is_solving() {
            Duration::from_millis(450)
        } else {
            Duration::from_secs(60)
        };
        if event::poll(wait)? {
            match event::read()? {
                Event::Key(key) => {
                    app.key(key);
                }
                // A resize (or anything else) just redraws.
                _ => continue,
            }
        } else if app.is_solving() {
            app.tick();
        } else {
            continue;
        }
        animate(terminal, app)?;
    }
}

/// Shows the frames of the move just made (the stone sliding), about a
/// quarter of a second in all.
fn animate<P: Playable>(
    terminal: &mut Terminal<CrosstermBackend<io::Stdout>>,
    app: &mut App<P>,
) -> Result<()> {
    let frames = app.take_frames();
    if frames.is_empty() {
        return Ok(());
    }
    let pause = (Duration::from_millis(240) / frames.len() as u32)
        .clamp(Duration::from_millis(10), Duration::from_millis(40));
    let mut view = app.view();
    for board in frames {
        view.board = board;
        terminal.draw(|f| ui::draw(f, &view))?;
        std::thread::sleep(pause);
    }
    Ok(())
}
