//! The core contract every puzzle implements: what a puzzle *is*.
//!
//! Simon Tatham's Portable Puzzle Collection is the model: one puzzle is one
//! unit behind one interface (its `struct game`), and everything that is the
//! same for every puzzle — the command line, the web API, the terminal game,
//! undo, verifying plans, generating and shrinking — is written once,
//! against that interface. Here the interface is the [`Puzzle`] trait,
//! kept small on purpose, and a handful of opt-in capabilities
//! ([`crate::caps`]: settings, a generator, the web page, the judge kit,
//! watching searches, the puzzle's own narration) that a puzzle implements
//! only when it has them and declares in its registry line (the
//! `gridpuzzle-registry` crate). The front ends never name a puzzle: they
//! ask the registry, and offer exactly what it says a puzzle has.
//!
//! Why it is shaped so:
//!
//! - **Fifteen things make a puzzle.** Its names ([`Puzzle::INFO`]), four
//!   types, reading and writing a case and its size, the rules as
//!   `start`/`apply`/`is_won`, the exact solver from a position, and one
//!   view of a position with its words (`view`, `describe`, `legend`).
//!   Everything else a front end shows — verifying a plan, `--explain`'s
//!   boards, pictures, status lines — is derived from those. The few
//!   provided methods below are the places a puzzle may say it better or
//!   faster (a solver's fast path from the start, a replay in place).
//! - **The value is the settings.** A `Puzzle` value holds the puzzle's rule
//!   settings (Curling's throw cap, Holedox's tail rule and exit);
//!   `Default` is the judge's rules. A puzzle with no settings is a unit
//!   struct and implements no [`crate::caps::Settings`].
//! - **Rules and budgets stay apart.** A throw cap is a setting, never a
//!   search budget: [`crate::search::Limits`] only says how much work a
//!   search may do.
//! - **Moves are the puzzle's own type** ([`Move`]), printed one letter a
//!   move; the engine does not assume four directions.
//! - **Positions are the puzzle's, drawing is the front end's.** A puzzle
//!   describes a position as a [`BoardView`] (cells with a role); the
//!   terminal, the text of `--explain`, SVG and the page draw any puzzle
//!   from that.

use std::io::BufRead;

use crate::error::InputError;
use crate::grid::Pos;
use crate::moves::Move;
use crate::search::{Limits, Search};
use crate::verdict::Verdict;
use crate::view::{BoardView, Mark, Role};

/// The lazily parsed cases of a judge input.
pub type Cases<'a, C> = Box<dyn Iterator<Item = Result<C, InputError>> + 'a>;

/// What a puzzle is called and how its statement words things: the
/// names every front end prints ([`Puzzle::INFO`]).
#[derive(Debug, Clone, Copy)]
pub struct Info {
    /// The name on the command line, in the API and in save files.
    pub name: &'static str,
    /// The title of pictures and of the play screen ("Curling 2.0").
    pub title: &'static str,
    /// One line for `--help` ("Curling 2.0: fewest throws ...").
    pub about: &'static str,
    /// The input and output formats, for the puzzle's `--help`.
    pub format_help: &'static str,
    /// The statement's word for one case ("dataset", "case").
    pub unit: &'static str,
    /// The statement's word for the playing field ("board", "lair"), for
    /// messages such as `no Holedox lair of 3x1 ...`.
    pub board: &'static str,
    /// The word for one move and for several ("throw", "throws").
    pub one_move: &'static str,
    pub moves: &'static str,
    /// The line that ends a judge input.
    pub terminator: &'static str,
    /// The statement's sample input.
    pub samples: &'static str,
    /// The piece the player moves and the place it must reach, as the
    /// default sentences name them ("the head is on the exit").
    pub piece: &'static str,
    pub goal: &'static str,
}

impl Info {
    /// The word for `n` moves ("1 throw", "2 throws").
    pub fn moves_word(&self, n: usize) -> &'static str {
        if n == 1 {
            self.one_move
        } else {
            self.moves
        }
    }
}

/// The contract of a puzzle. See the module docs.
///
/// Fifteen items are required: [`Puzzle::INFO`], the four types, and ten
/// methods. The six provided methods have defaults built on those, which
/// a puzzle overrides only where it has a faster path or its own words.
pub trait Puzzle: Clone + Default + Send + Sync + 'static {
    /// The puzzle's names and words.
    const INFO: Info;

    type Move: Move;
    /// One case of the judge input.
    type Case: Clone + PartialEq + std::fmt::Debug + Send + Sync + 'static;
    /// A position in play (hashable, so a naive test solver can search
    /// positions through [`Puzzle::apply`]).
    type State: Clone + Eq + std::hash::Hash + std::fmt::Debug + Send + 'static;
    /// What a legal move did, for drawing it.
    type Event: Clone + std::fmt::Debug + Send + 'static;

    /// The cases of a judge input, read lazily with precise errors.
    fn cases<'a>(&self, reader: Box<dyn BufRead + 'a>) -> Cases<'a, Self::Case>;

    /// One case in the judge's input format, without the terminator.
    fn write_case(&self, case: &Self::Case) -> String;

    /// Width and height of a case's board.
    fn size(case: &Self::Case) -> (u32, u32);

    /// The start position of a case.
    fn start(&self, case: &Self::Case) -> Self::State;

    /// Plays `mv` from `state` after `used` moves; `Err` is the rules'
    /// one-line reason (lowercase, no trailing period).
    fn apply(
        &self,
        case: &Self::Case,
        state: &Self::State,
        used: usize,
        mv: Self::Move,
    ) -> Result<(Self::State, Self::Event), String>;

    fn is_won(&self, case: &Self::Case, state: &Self::State) -> bool;

    /// The exact solver on the problem that starts at `state` after `used`
    /// moves: an optimal plan, a proof that none exists, or a budget
    /// reached (never `-1` for a budget).
    fn solve_from(
        &self,
        case: &Self::Case,
        state: &Self::State,
        used: usize,
        limits: &Limits,
    ) -> Search<Self::Move>;

    /// The board in `state`; `last` is the move that led here with the
    /// position before it (to draw its path), `hint` a move to highlight.
    fn view(
        &self,
        case: &Self::Case,
        state: &Self::State,
        last: Option<(&Self::State, Self::Move, &Self::Event)>,
        hint: Option<Self::Move>,
    ) -> BoardView;

    /// One short sentence about a legal move, for the play screen's
    /// message line.
    fn describe(&self, mv: Self::Move, event: &Self::Event) -> String;

    /// The marks worth explaining, with their words.
    fn legend(&self) -> Vec<(Mark, &'static str)>;

    // ------------------------------------------------ provided methods
    /// An optimal plan from the start: by default [`Puzzle::solve_from`]
    /// the start (a puzzle overrides it with a faster path).
    fn solve(&self, case: &Self::Case, limits: &Limits) -> Search<Self::Move> {
        self.solve_from(case, &self.start(case), 0, limits)
    }

    /// [`Puzzle::apply`] on `state` itself: what a long replay (a saved
    /// history, a user's plan) calls, so that each move costs the move's
    /// own work, not a copy of a position that may grow with the history
    /// (a Curling position lists its broken blocks). On `Err` the state is
    /// unchanged.
    fn apply_in_place(
        &self,
        case: &Self::Case,
        state: &mut Self::State,
        used: usize,
        mv: Self::Move,
    ) -> Result<Self::Event, String> {
        let (next, event) = self.apply(case, state, used, mv)?;
        *state = next;
        Ok(event)
    }

    /// The most moves a plan may have under these settings (Curling's
    /// throw cap), if any: a front end that serves strangers refuses a
    /// longer plan as [`Verdict::OverCap`] before replaying it, since a
    /// replay costs work in proportion to its length.
    fn move_cap(&self) -> Option<u32> {
        None
    }

    /// The verdict on a user's plan: by default [`verify_by_replay`].
    fn verify(&self, case: &Self::Case, plan: &[Self::Move], limits: &Limits) -> Verdict {
        verify_by_replay(self, case, plan, limits)
    }

    /// Where the game stands at `state`, as `--explain`'s first line and
    /// `verify`'s "not reached" say it: by default where the piece and the
    /// goal are.
    fn whereabouts(&self, case: &Self::Case, state: &Self::State) -> String {
        let view = self.view(case, state, None, None);
        let info = Self::INFO;
        match view.ground.iter().position(|m| m.role == Role::Goal) {
            Some(i) => {
                let w = view.width as usize;
                let goal = Pos::new((i / w) as u32, (i % w) as u32);
                format!(
                    "the {} is at {}, the {} at {goal}",
                    info.piece, view.focus, info.goal
                )
            }
            None => format!("the {} is at {}", info.piece, view.focus),
        }
    }

    /// Appends the judge's output line for case `n` with `answer` (no
    /// newline) to `out`: the answer alone by default. Judge mode writes
    /// one per case, thousands a run, so a puzzle whose line is more than
    /// its answer writes it here without building a `String`
    /// ([`push_decimal`]).
    fn judge_line(n: u64, answer: &str, out: &mut Vec<u8>) {
        let _ = n;
        out.extend_from_slice(answer.as_bytes());
    }
}

/// The exact solver's answer in the judge's terms (moves, or -1 when
/// proved impossible), when it finds one within `limits`.
pub fn exact_answer<P: Puzzle>(puzzle: &P, case: &P::Case, limits: &Limits) -> Option<i64> {
    match puzzle.solve(case, limits).outcome {
        crate::search::Outcome::Solved(plan) => Some(plan.len() as i64),
        crate::search::Outcome::Unsolvable => Some(-1),
        crate::search::Outcome::Limit(_) => None,
    }
}

/// The judge's output line for case `n` with `answer`, as a string.
pub fn judge_line<P: Puzzle>(n: u64, answer: &str) -> String {
    let mut out = Vec::new();
    P::judge_line(n, answer, &mut out);
    String::from_utf8(out).expect("judge lines are text")
}

/// The answer in a program's judge output for a single-case input: what
/// follows [`Puzzle::judge_line`]'s words for case 1.
pub fn parse_answer<P: Puzzle>(output: &str) -> Option<i64> {
    let line = judge_line::<P>(1, "");
    output
        .trim()
        .strip_prefix(line.trim_end())?
        .trim()
        .parse()
        .ok()
}

/// The verdict on a user's plan, replayed through
/// [`Puzzle::apply_in_place`] by [`replay`] (a move after the game is won
/// is refused, and so is the first move past the cap,
/// [`Puzzle::move_cap`], as too many), then the goal and the optimum of
/// [`Puzzle::solve`] under `limits`: [`Puzzle::verify`]'s default.
pub fn verify_by_replay<P: Puzzle>(
    puzzle: &P,
    case: &P::Case,
    plan: &[P::Move],
    limits: &Limits,
) -> Verdict {
    let moves = plan.len();
    let state = match replay(puzzle, case, plan, puzzle.move_cap()) {
        Ok(state) => state,
        Err(Refused::OverCap { cap, .. }) => return Verdict::OverCap { moves, cap },
        Err(Refused::AfterWin { index }) => {
            return Verdict::Illegal {
                index,
                mv: plan[index].letter(),
                reason: format!(
                    "the {} is already on the {}: the game is over",
                    P::INFO.piece,
                    P::INFO.goal
                ),
            }
        }
        Err(Refused::Illegal { index, reason }) => {
            return Verdict::Illegal {
                index,
                mv: plan[index].letter(),
                reason,
            }
        }
    };
    if !puzzle.is_won(case, &state) {
        return Verdict::NotReached {
            moves,
            detail: puzzle.whereabouts(case, &state),
        };
    }
    crate::verdict::against_optimum(moves, puzzle.solve(case, limits).outcome)
}

/// Where and why [`replay`] stopped before the end of a plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// Move `index` (0-based) came after the game was won.
    AfterWin { index: usize },
    /// Move `index` is the first past the cap of `cap` moves.
    OverCap { index: usize, cap: u32 },
    /// The rules refused move `index`, for `reason`.
    Illegal { index: usize, reason: String },
}

impl Refused {
    /// The refused move (0-based).
    pub fn index(&self) -> usize {
        match self {
            Refused::AfterWin { index }
            | Refused::OverCap { index, .. }
            | Refused::Illegal { index, .. } => *index,
        }
    }
}

/// Replays `plan` from the start of `case` through
/// [`Puzzle::apply_in_place`]: the position after its last move, or the
/// first move refused — one after the game is won, the first past `cap`
/// (checked before the rules, so a long plan is not replayed past it), or
/// one the rules refuse. The one replay loop of the front ends (`verify`,
/// `render --moves`): the position moves in place, so a replay is linear
/// in the plan whatever a position holds.
pub fn replay<P: Puzzle>(
    puzzle: &P,
    case: &P::Case,
    plan: &[P::Move],
    cap: Option<u32>,
) -> Result<P::State, Refused> {
    let mut state = puzzle.start(case);
    for (index, &mv) in plan.iter().enumerate() {
        if puzzle.is_won(case, &state) {
            return Err(Refused::AfterWin { index });
        }
        if let Some(cap) = cap.filter(|&cap| index >= cap as usize) {
            return Err(Refused::OverCap { index, cap });
        }
        puzzle
            .apply_in_place(case, &mut state, index, mv)
            .map_err(|reason| Refused::Illegal { index, reason })?;
    }
    Ok(state)
}

/// A case of a puzzle, to be played: what a play session, a hint and a
/// replay need together.
#[derive(Debug, Clone)]
pub struct Played<P: Puzzle> {
    pub puzzle: P,
    pub case: P::Case,
}

impl<P: Puzzle> Played<P> {
    /// The game of `case` and its start position.
    pub fn new(puzzle: P, case: P::Case) -> (Played<P>, P::State) {
        let start = puzzle.start(&case);
        (Played { puzzle, case }, start)
    }

    /// [`Puzzle::apply`] on this case.
    pub fn apply(
        &self,
        state: &P::State,
        used: usize,
        mv: P::Move,
    ) -> Result<(P::State, P::Event), String> {
        self.puzzle.apply(&self.case, state, used, mv)
    }

    /// [`Puzzle::apply_in_place`] on this case.
    pub fn apply_in_place(
        &self,
        state: &mut P::State,
        used: usize,
        mv: P::Move,
    ) -> Result<P::Event, String> {
        self.puzzle.apply_in_place(&self.case, state, used, mv)
    }

    /// [`Puzzle::is_won`] on this case.
    pub fn is_won(&self, state: &P::State) -> bool {
        self.puzzle.is_won(&self.case, state)
    }

    /// [`Puzzle::solve_from`] on this case.
    pub fn solve_from(&self, state: &P::State, used: usize, limits: &Limits) -> Search<P::Move> {
        self.puzzle.solve_from(&self.case, state, used, limits)
    }
}

/// Case `n` (1-based) of a judge input.
#[derive(Debug)]
pub enum NthCase<C> {
    Found(C),
    /// A case before or at `n` is malformed.
    Bad(InputError),
    /// The input has only this many cases.
    Short(u64),
}

/// Reads cases up to the `n`-th (1-based).
pub fn nth_case<C>(cases: impl Iterator<Item = Result<C, InputError>>, n: u64) -> NthCase<C> {
    let mut seen = 0;
    for case in cases {
        match case {
            Err(e) => return NthCase::Bad(e),
            Ok(c) => {
                seen += 1;
                if seen == n {
                    return NthCase::Found(c);
                }
            }
        }
    }
    NthCase::Short(seen)
}

/// Appends `n` in decimal to `out` (what `write!` would, without the
/// formatting machinery).
pub fn push_decimal(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(decimal(n, &mut [0; 20]).as_bytes());
}

/// `n` in decimal, written into `digits`.
pub fn decimal(mut n: u64, digits: &mut [u8; 20]) -> &str {
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    std::str::from_utf8(&digits[at..]).expect("ASCII digits")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_are_what_display_writes() {
        let mut out = Vec::new();
        for n in [0, 7, 10, 99, 100, 1_000_007, u64::MAX] {
            assert_eq!(decimal(n, &mut [0; 20]), n.to_string());
            push_decimal(&mut out, n);
            out.push(b' ');
        }
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("0 7 10 99 100 1000007 {} ", u64::MAX)
        );
    }
}
