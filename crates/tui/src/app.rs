//! The play screen's state machine: keys in, a [`View`] out.
//!
//! [`App`] owns the engine's [`Session`] (history, undo/redo, what the
//! solver proved about each position) and the few things only a screen has:
//! the message line, the highlighted hint, the help overlay, "solve" running
//! one move at a time, and the animation frames of the last move. It never
//! touches a terminal and never sleeps: the event loop in `terminal.rs`
//! feeds it keys and ticks and draws what it says, and the tests do the
//! same without a terminal.
//!
//! Nothing here knows a puzzle: `App<P>` runs any [`Registered`] puzzle's
//! case ([`Played`]) through its core (moves, refusals and hints are the
//! puzzle's rules and exact solver), and asks the puzzle for everything it
//! shows — the board as marks, the sentence about a move and the legend
//! from the core, the counter, the status line and a move's frames from
//! its words (`P::CAPS.narration()`: its own, or the engine's defaults).
//! Keys become moves through the puzzle's own move letters: arrows and
//! WASD are the letters `U D L R`, and any other printable key that is not
//! a command is tried as a letter too.

use gridpuzzle_registry::Registered;
use std::collections::VecDeque;
use std::path::PathBuf;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use gridpuzzle_engine::grid::Pos;
use gridpuzzle_engine::moves::Move;
use gridpuzzle_engine::puzzle::Played;
use gridpuzzle_engine::search::RunBudget;
use gridpuzzle_engine::session::{save, Prospect, Session};
use gridpuzzle_engine::view::{BoardView, Role, Tone};

use crate::ui::View;

/// Display settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Look {
    pub ascii: bool,
    pub color: bool,
}

/// One game on screen. See the module docs.
pub struct App<P: Registered> {
    pub session: Session<P>,
    /// Where the puzzle came from, for the title.
    pub source: String,
    budget: RunBudget,
    look: Look,
    message: (String, Tone),
    hint: Option<P::Move>,
    /// `g`: the board is scrolled to the goal instead of the moving piece
    /// (a board larger than the terminal hid it), until the next key.
    at_goal: bool,
    help: bool,
    solving: bool,
    quit: bool,
    /// Ctrl-S writes here.
    pub save_path: PathBuf,
    frames: VecDeque<BoardView>,
}

/// What a key asked of the event loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

impl<P: Registered> App<P> {
    pub fn new(
        session: Session<P>,
        source: String,
        budget: RunBudget,
        look: Look,
        save_path: PathBuf,
    ) -> App<P> {
        let mut app = App {
            session,
            source,
            budget,
            look,
            message: (
                "press ? for help; arrows or WASD to move".into(),
                Tone::Plain,
            ),
            hint: None,
            at_goal: false,
            help: false,
            solving: false,
            quit: false,
            save_path,
            frames: VecDeque::new(),
        };
        app.analyse();
        app
    }

    /// Solves the current position if it was not yet (remembered by the
    /// session), and the start too once the game is won (for the optimum).
    fn analyse(&mut self) {
        let limits = self.budget.limits();
        self.session.prospect(&limits);
        if self.session.is_won() {
            self.session.prospect_at(0, &self.budget.limits());
        }
    }

    pub fn is_solving(&self) -> bool {
        self.solving
    }

    pub fn wants_quit(&self) -> bool {
        self.quit
    }

    /// The frames of the last move's animation, oldest first (the event
    /// loop shows them, then the view).
    pub fn take_frames(&mut self) -> Vec<BoardView> {
        self.frames.drain(..).collect()
    }

    /// Handles one key press.
    pub fn key(&mut self, key: KeyEvent) -> Flow {
        if key.kind != KeyEventKind::Press {
            return Flow::Continue;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && matches!(key.code, KeyCode::Char('c')) {
            self.quit = true;
            return Flow::Quit;
        }
        if self.help {
            self.help = false;
            return Flow::Continue;
        }
        // `g` shows the goal; any other key scrolls back to the piece.
        let at_goal = std::mem::take(&mut self.at_goal);
        if matches!(key.code, KeyCode::Char('g')) && !ctrl && P::Move::from_letter('g').is_none() {
            self.at_goal = !at_goal;
            self.message = if self.at_goal {
                ("showing the goal; any key scrolls back".into(), Tone::Plain)
            } else {
                ("back to the piece".into(), Tone::Plain)
            };
            return Flow::Continue;
        }
        if self.solving {
            // Any key stops "solve"; quitting still quits.
            self.solving = false;
            self.message = ("solve stopped".into(), Tone::Plain);
            if !matches!(key.code, KeyCode::Char('q') | KeyCode::Esc) {
                return Flow::Continue;
            }
        }
        // Arrows and WASD are the letters of the four directions; the
        // puzzle says what (if anything) a letter moves.
        let letter = match key.code {
            KeyCode::Up => Some('U'),
            KeyCode::Down => Some('D'),
            KeyCode::Left => Some('L'),
            KeyCode::Right => Some('R'),
            KeyCode::Char(c) if !ctrl => match c.to_ascii_lowercase() {
                'w' => Some('U'),
                's' => Some('D'),
                'a' => Some('L'),
                'd' => Some('R'),
                _ => None,
            },
            _ => None,
        };
        if let Some(mv) = letter.and_then(P::Move::from_letter) {
            self.make_move(mv);
            return Flow::Continue;
        }
        match (key.code, ctrl) {
            (KeyCode::Char('z'), true) | (KeyCode::Char('u'), false) => self.undo(),
            (KeyCode::Char('y'), _) => self.redo(),
            (KeyCode::Backspace, _) => self.restart(),
            (KeyCode::Char('h'), false) => self.show_hint(),
            (KeyCode::Enter, _) => self.start_solving(),
            (KeyCode::Char('s'), true) => self.save(),
            (KeyCode::Char('?'), _) => self.help = true,
            (KeyCode::Char('q'), false) | (KeyCode::Esc, _) => {
                self.quit = true;
                return Flow::Quit;
            }
            // Any other printable key may be a move's letter.
            (KeyCode::Char(c), false) => {
                if let Some(mv) = P::Move::from_letter(c) {
                    self.make_move(mv);
                }
            }
            _ => {}
        }
        Flow::Continue
    }

    /// One step of "solve": plays the next optimal move. The event loop
    /// calls it between key presses while [`App::is_solving`].
    pub fn tick(&mut self) {
        if !self.solving {
            return;
        }
        let next = self
            .session
            .known_prospect()
            .and_then(|p| p.next_move().copied());
        match next {
            Some(mv) => {
                self.make_move(mv);
                if self.session.is_won() {
                    self.solving = false;
                }
            }
            None => self.solving = false,
        }
    }

    /// Plays `mv`, or says why not.
    pub fn make_move(&mut self, mv: P::Move) {
        self.hint = None;
        let before = self.session.state().clone();
        let n = self.session.used() + 1;
        match self.session.play(mv) {
            Ok(event) => {
                let event = event.clone();
                let Played { puzzle, case } = self.session.game();
                self.frames = P::CAPS
                    .narration()
                    .frames(puzzle, case, &before, mv, &event)
                    .into();
                let text = format!(
                    "{} {n} ({mv}): {}",
                    P::INFO.one_move,
                    puzzle.describe(mv, &event)
                );
                self.analyse();
                self.message = match self.won_text() {
                    Some(won) => (won, Tone::Good),
                    None => (text, Tone::Plain),
                };
            }
            Err(reason) => {
                self.solving = false;
                self.message = (format!("{mv} refused: {reason}"), Tone::Bad);
            }
        }
    }

    fn undo(&mut self) {
        self.hint = None;
        self.message = if self.session.undo() {
            self.analyse();
            (
                format!(
                    "undone: back to {} {}",
                    self.session.used(),
                    P::INFO.moves_word(self.session.used())
                ),
                Tone::Plain,
            )
        } else {
            ("nothing to undo".into(), Tone::Plain)
        };
    }

    fn redo(&mut self) {
        self.hint = None;
        self.message = if self.session.redo() {
            self.analyse();
            (
                format!(
                    "redone: {} {}",
                    self.session.used(),
                    P::INFO.moves_word(self.session.used())
                ),
                Tone::Plain,
            )
        } else {
            ("nothing to redo".into(), Tone::Plain)
        };
    }

    fn restart(&mut self) {
        self.hint = None;
        self.message = if self.session.restart() {
            self.analyse();
            ("back to the start (y redoes the moves)".into(), Tone::Plain)
        } else {
            ("already at the start".into(), Tone::Plain)
        };
    }

    fn show_hint(&mut self) {
        // An earlier search that ran out of budget is tried again.
        self.session.retry_unknown();
        self.analyse();
        let prospect = self.session.known_prospect().cloned();
        self.message = match prospect {
            Some(Prospect::Reachable { plan }) => {
                self.hint = Some(plan[0]);
                (
                    format!(
                        "hint: {} ({}) - {} {} to go",
                        plan[0],
                        plan[0].word(),
                        plan.len(),
                        P::INFO.moves_word(plan.len())
                    ),
                    Tone::Hint,
                )
            }
            Some(Prospect::Won) => ("no hint needed: the game is won".into(), Tone::Good),
            Some(Prospect::Hopeless) => (
                "no hint: the goal cannot be reached from here; u undoes, Backspace restarts"
                    .into(),
                Tone::Bad,
            ),
            Some(Prospect::Unknown(hit)) => (
                format!("no hint yet: {hit}; press h to search again"),
                Tone::Warn,
            ),
            None => ("no hint".into(), Tone::Warn),
        };
    }

    fn start_solving(&mut self) {
        self.hint = None;
        self.session.retry_unknown();
        self.analyse();
        match self.session.known_prospect() {
            Some(Prospect::Reachable { plan }) => {
                self.solving = true;
                self.message = (
                    format!(
                        "solving: {} optimal {} from here (any key stops)",
                        plan.len(),
                        P::INFO.moves_word(plan.len())
                    ),
                    Tone::Hint,
                );
            }
            Some(Prospect::Won) => self.message = ("the game is already won".into(), Tone::Good),
            Some(Prospect::Hopeless) => {
                self.message = (
                    "cannot solve: the goal cannot be reached from here".into(),
                    Tone::Bad,
                )
            }
            Some(Prospect::Unknown(hit)) => {
                self.message = (format!("cannot solve yet: {hit}"), Tone::Warn)
            }
            None => {}
        }
    }

    fn save(&mut self) {
        let path = self.save_path.clone();
        self.message = match std::fs::write(&path, self.save_text()) {
            Ok(()) => (format!("saved to {}", path.display()), Tone::Good),
            Err(e) => (format!("cannot save to {}: {e}", path.display()), Tone::Bad),
        };
    }

    /// The save file of this game (`gridpuzzle_engine::session::save`).
    pub fn save_text(&self) -> String {
        let Played { puzzle, case } = self.session.game();
        save::SaveFile {
            puzzle: P::INFO.name.to_string(),
            settings: P::CAPS
                .settings_of(puzzle)
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
            source: Some(self.source.clone()),
            moves: self.session.history(),
            at: self.session.used(),
            board: format!("{}{}", puzzle.write_case(case), P::INFO.terminator),
        }
        .to_text()
    }

    /// "won in N (the optimum is M)" once the game is won.
    fn won_text(&self) -> Option<String> {
        if !self.session.is_won() {
            return None;
        }
        let used = self.session.used();
        let moves = P::INFO.moves_word(used);
        Some(
            match self.session.known_prospect_at(0).and_then(Prospect::to_go) {
                Some(best) if best == used => format!("solved in {used} {moves}: optimal!"),
                Some(best) => format!("solved in {used} {moves}; the optimum is {best}"),
                None => format!("solved in {used} {moves}"),
            },
        )
    }

    /// The screen as it is now.
    pub fn view(&self) -> View {
        let s = &self.session;
        let Played { puzzle, case } = s.game();
        let last = s.last().map(|(mv, event)| {
            let before = s.before().expect("a move has a position before it");
            (before, *mv, event)
        });
        let mut board = puzzle.view(case, s.state(), last, self.hint);
        if self.at_goal {
            if let Some(i) = board.ground.iter().position(|m| m.role == Role::Goal) {
                let w = board.width.max(1) as usize;
                board.focus = Pos::new((i / w) as u32, (i % w) as u32);
            }
        }
        let stuck = s.is_stuck();
        let status = match (self.won_text(), s.known_prospect()) {
            (Some(won), _) => (won, Tone::Good),
            (None, Some(p)) => P::CAPS.narration().status(puzzle, p, s.used(), stuck),
            (None, None) => ("not analysed yet".into(), Tone::Warn),
        };
        let redo = s.len() - s.used();
        let mut counter = P::CAPS.narration().counter(puzzle, s.used());
        if redo > 0 {
            counter.push_str(&format!(" ({redo} to redo)"));
        }
        View {
            // The source may come from a save file: shown, never obeyed
            // (an escape sequence there set the window title).
            title: format!(
                "gridpuzzle play - {}: {}",
                P::INFO.title,
                gridpuzzle_engine::shown::shown(&self.source)
            ),
            board,
            counter,
            status,
            // A message may name a file (a save path): shown, not obeyed.
            message: (
                gridpuzzle_engine::shown::shown(&self.message.0).into_owned(),
                self.message.1,
            ),
            legend: puzzle.legend(),
            help: self.help,
            ascii: self.look.ascii,
            color: self.look.color,
        }
    }
}
