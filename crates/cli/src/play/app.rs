//! The play screen's state machine: keys in, a [`View`] out.
//!
//! [`App`] owns the engine's [`Session`] (history, undo/redo, what the
//! solver proved about each position) and the few things only a screen has:
//! the message line, the highlighted hint, the help overlay, "solve" running
//! one move at a time, and the animation frames of the last move. It never
//! touches a terminal and never sleeps: the event loop in `mod.rs` feeds it
//! keys and ticks and draws what it says, and the tests do the same without
//! a terminal.
//!
//! The puzzle-specific parts — drawing a position as glyphs, the words for a
//! move, the save-file settings — are the [`Playable`] trait, implemented in
//! `games.rs` on top of the puzzle crates' `Game`s. Everything else here is
//! written once for both puzzles.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use gridpuzzle_engine::search::Limits;
use gridpuzzle_engine::session::{Game, Prospect, Session};
use gridpuzzle_engine::Dir;

use super::save;
use super::ui::{BoardView, Glyph, Tone, View};

/// A puzzle as the play screen needs it, beyond the engine's [`Game`].
pub trait Playable: Game<Move = Dir> + Sized {
    /// The puzzle's name on the command line and in save files.
    const PUZZLE: &'static str;
    const TITLE: &'static str;
    /// The word for one move and for several ("throw", "throws").
    const MOVE: &'static str;
    const MOVES: &'static str;

    /// The board in `state`. `last` is the move that led here, with the
    /// position before it, to draw its path; `hint` a move to highlight.
    fn board(
        &self,
        state: &Self::State,
        last: Option<(&Self::State, Dir, &Self::Event)>,
        hint: Option<Dir>,
    ) -> BoardView;

    /// Frames shown while a move happens (the stone sliding), before the
    /// board after it. Empty when a move is a single step.
    fn frames(&self, before: &Self::State, dir: Dir, event: &Self::Event) -> Vec<BoardView>;

    /// One sentence about a legal move.
    fn describe(&self, dir: Dir, event: &Self::Event) -> String;

    /// The move counter, such as `throws: 3 of at most 10`.
    fn counter(&self, used: usize) -> String;

    /// The status line of a position whose prospect is known.
    /// `stuck`: no move is legal.
    fn status(&self, prospect: &Prospect<Dir>, used: usize, stuck: bool) -> (String, Tone);

    fn legend(&self) -> Vec<(Glyph, &'static str)>;

    /// The rule settings a save file keeps (`key value` lines).
    fn settings(&self) -> Vec<(&'static str, String)>;

    /// The puzzle in its judge input format, one case and the terminator.
    fn judge_text(&self, start: &Self::State) -> String;

    /// The game and its start back from a save file's settings and board.
    fn from_save(file: &save::SaveFile) -> anyhow::Result<(Self, Self::State)>;
}

/// How long one analysis of a position may search, and how many states.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    pub time: Duration,
    pub max_states: Option<u64>,
}

impl Budget {
    fn limits(&self) -> Limits {
        Limits {
            max_expanded: self.max_states,
            deadline: Some(Instant::now() + self.time),
            ..Limits::none()
        }
    }
}

/// Display settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Look {
    pub ascii: bool,
    pub color: bool,
}

/// One game on screen. See the module docs.
pub struct App<P: Playable> {
    pub session: Session<P>,
    /// Where the puzzle came from, for the title.
    pub source: String,
    budget: Budget,
    look: Look,
    message: (String, Tone),
    hint: Option<Dir>,
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

impl<P: Playable> App<P> {
    pub fn new(
        session: Session<P>,
        source: String,
        budget: Budget,
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
        if self.solving {
            // Any key stops "solve"; quitting still quits.
            self.solving = false;
            self.message = ("solve stopped".into(), Tone::Plain);
            if !matches!(key.code, KeyCode::Char('q') | KeyCode::Esc) {
                return Flow::Continue;
            }
        }
        let dir = match key.code {
            KeyCode::Up => Some(Dir::Up),
            KeyCode::Down => Some(Dir::Down),
            KeyCode::Left => Some(Dir::Left),
            KeyCode::Right => Some(Dir::Right),
            KeyCode::Char(c) if !ctrl => match c.to_ascii_lowercase() {
                'w' => Some(Dir::Up),
                's' => Some(Dir::Down),
                'a' => Some(Dir::Left),
                'd' => Some(Dir::Right),
                _ => None,
            },
            _ => None,
        };
        if let Some(dir) = dir {
            self.make_move(dir);
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
            Some(dir) => {
                self.make_move(dir);
                if self.session.is_won() {
                    self.solving = false;
                }
            }
            None => self.solving = false,
        }
    }

    /// Plays `dir`, or says why not.
    pub fn make_move(&mut self, dir: Dir) {
        self.hint = None;
        let before = self.session.state().clone();
        let n = self.session.used() + 1;
        match self.session.play(dir) {
            Ok(event) => {
                let event = event.clone();
                let game = self.session.game();
                self.frames = game.frames(&before, dir, &event).into();
                let text = format!("{} {n} ({dir}): {}", P::MOVE, game.describe(dir, &event));
                self.analyse();
                self.message = match self.won_text() {
                    Some(won) => (won, Tone::Good),
                    None => (text, Tone::Plain),
                };
            }
            Err(reason) => {
                self.solving = false;
                self.message = (format!("{dir} refused: {reason}"), Tone::Bad);
            }
        }
    }

    fn undo(&mut self) {
        self.hint = None;
        self.message = if self.session.undo() {
            self.analyse();
            (
                format!("undone: back to {} {}", self.session.used(), P::MOVES),
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
                format!("redone: {} {}", self.session.used(), P::MOVES),
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
                        if plan.len() == 1 { P::MOVE } else { P::MOVES }
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
                        if plan.len() == 1 { P::MOVE } else { P::MOVES }
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

    /// The save file of this game (see `save.rs`).
    pub fn save_text(&self) -> String {
        let game = self.session.game();
        save::SaveFile {
            puzzle: P::PUZZLE.to_string(),
            settings: game
                .settings()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
            source: Some(self.source.clone()),
            moves: self.session.history(),
            at: self.session.used(),
            board: game.judge_text(self.session.start()),
        }
        .to_text()
    }

    /// "won in N (the optimum is M)" once the game is won.
    fn won_text(&self) -> Option<String> {
        if !self.session.is_won() {
            return None;
        }
        let used = self.session.used();
        let moves = if used == 1 { P::MOVE } else { P::MOVES };
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
        let game = s.game();
        let last = s.last().map(|(dir, event)| {
            let before = s
                .state_at(s.used() - 1)
                .expect("a move has a position before it");
            (before, *dir, event)
        });
        let board = game.board(s.state(), last, self.hint);
        let stuck = s.is_stuck();
        let status = match (self.won_text(), s.known_prospect()) {
            (Some(won), _) => (won, Tone::Good),
            (None, Some(p)) => game.status(p, s.used(), stuck),
            (None, None) => ("not analysed yet".into(), Tone::Warn),
        };
        let redo = s.len() - s.used();
        let mut counter = game.counter(s.used());
        if redo > 0 {
            counter.push_str(&format!(" ({redo} to redo)"));
        }
        View {
            title: format!("gridpuzzle play - {}: {}", P::TITLE, self.source),
            board,
            counter,
            status,
            message: self.message.clone(),
            legend: game.legend(),
            help: self.help,
            ascii: self.look.ascii,
            color: self.look.color,
        }
    }
}
