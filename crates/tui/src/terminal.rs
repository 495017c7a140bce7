//! The terminal: raw mode, the alternate screen and the event loop around
//! an [`App`], put back as it was on every way out.

use gridpuzzle_registry::Registered;
use std::io::{self, IsTerminal};
use std::path::Path;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, Event};
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::crossterm::{cursor, execute};
use ratatui::Terminal;

use crate::app::App;
use crate::ui;

/// Runs `app` in the terminal (there must be one) until the player quits,
/// then writes the game to `quit_save`, if given.
pub fn play<P: Registered>(app: App<P>, quit_save: Option<&Path>) -> Result<()> {
    need_terminal()?;
    run_app(app, quit_save)
}

/// An error unless standard output is a terminal: what a front end checks
/// before the work only a game on the screen needs (the first analysis).
pub fn need_terminal() -> Result<()> {
    if !io::stdout().is_terminal() {
        bail!("play needs a terminal: standard output is not one");
    }
    Ok(())
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

fn run_app<P: Registered>(mut app: App<P>, quit_save: Option<&Path>) -> Result<()> {
    {
        let _guard = TerminalGuard::enter()?;
        let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
        terminal.clear()?;
        event_loop(&mut terminal, &mut app)?;
    }
    if let Some(path) = quit_save {
        std::fs::write(path, app.save_text())
            .with_context(|| format!("cannot save to {}", path.display()))?;
        eprintln!(
            "gridpuzzle: saved the game to {}",
            gridpuzzle_engine::shown::shown(&path.display().to_string())
        );
    }
    Ok(())
}

fn event_loop<P: Registered>(
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
fn animate<P: Registered>(
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
