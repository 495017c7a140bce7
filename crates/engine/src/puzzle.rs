//! The one contract every puzzle implements, and the generic game built on it.
//!
//! Simon Tatham's Portable Puzzle Collection is the model: one puzzle is one
//! unit behind one interface (its `struct game`), and everything that is the
//! same for every puzzle — the command line, the web API, the terminal game,
//! undo, verifying plans, generating and shrinking — is written once,
//! against that interface. Here the interface is the [`Puzzle`] trait; each
//! puzzle crate implements it in its `puzzle.rs`, and a registry (the
//! `gridpuzzle-registry` crate) lists the puzzles for the front ends, which
//! never name one.
//!
//! Why it is shaped so:
//!
//! - **The value is the settings.** A `Puzzle` value holds the puzzle's rule
//!   settings (Curling's throw cap, Holedox's tail rule and exit);
//!   `Default` is the judge's rules. Settings are read and printed one way,
//!   as `key value` text ([`Puzzle::set`], [`Puzzle::get`], described by
//!   [`Puzzle::SETTINGS`]): the command line's flags, the API's `options`,
//!   the save file's lines and the page's links all go through it, so one
//!   value cannot be spelled or checked two ways.
//! - **Rules and budgets stay apart.** A throw cap is a setting, never a
//!   search budget: [`crate::search::Limits`] only says how much work a
//!   search may do.
//! - **Moves are the puzzle's own type** ([`Move`]), printed one letter a
//!   move; the engine does not assume four directions.
//! - **Positions are the puzzle's, drawing is the front end's.** A puzzle
//!   describes a position as a [`BoardView`] (cells with a role) and as the
//!   page's JSON; the terminal and the page draw any puzzle from those.
//! - **Static words are constants.** The statement's names ("dataset",
//!   "throws") are consts so generic code can use them without a value.

use std::fmt::Write;
use std::io::BufRead;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crate::error::InputError;
use crate::generate::{Best, Difficulty, Generator, Landscape, Want};
use crate::moves::Move;
use crate::search::{Limits, Search};
use crate::session::{Game, Prospect};
use crate::svg::{Animation, Caption};
use crate::testset::{JudgeLimits, Preset};
use crate::validate::{Input, Validator};
use crate::verdict::Verdict;
use crate::view::{write_text, BoardView, Mark, Role, TextStyle, Tone};

/// The lazily parsed cases of a judge input.
pub type Cases<'a, C> = Box<dyn Iterator<Item = Result<C, InputError>> + 'a>;

/// The best case `--hardest` found for puzzle `P`.
pub type BestOf<P> = Best<<P as Puzzle>::Case, <P as Puzzle>::Move>;

/// What `--hardest` calls with each improvement and the time it took.
pub type OnImprove<'a, P> = &'a mut dyn FnMut(&BestOf<P>, Duration);

/// One rule setting of a puzzle, as every front end offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setting {
    /// The key, in the command line's spelling (`max-throws`); the API
    /// writes it with underscores (`max_throws`).
    pub key: &'static str,
    /// The placeholder of its value in help texts (`N|none`).
    pub value_name: &'static str,
    /// The judge's value, as text.
    pub default: &'static str,
    /// The allowed values when they are a fixed list (`strict`, `lenient`).
    pub choices: &'static [&'static str],
    /// One line of help.
    pub help: &'static str,
}

/// A known wrong reading of a puzzle's rules, one that contestants'
/// programs commonly make, played by the puzzle's own solver under other
/// settings. This is how `stress` and `judge` name a candidate's mistake
/// ("your answer equals the optimum without the 10-throw cap") and how a
/// test set is chosen so that each one fails some test: the variant's
/// answer differs from the judge's there.
///
/// Why settings and not a second solver: a variant is then exact (the real
/// search, every bound proved for it too) and costs nothing to add.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variant {
    /// A short name for manifests and messages (`no-cap`).
    pub name: &'static str,
    /// The diagnosis's words, completing "the optimum …":
    /// `without the 10-throw cap`.
    pub words: &'static str,
    /// The settings over the judge's rules that play by it, `(key, value)`
    /// as [`Puzzle::set`] reads them.
    pub settings: &'static [(&'static str, &'static str)],
}

/// A generator parameter beyond size, answer and density (Holedox's body
/// length), offered like a [`Setting`].
pub type Param = Setting;

/// What a generator is asked for: by `generate`, `play --seed`, the API's
/// `/api/generate` and `stress`. Sizes are columns × rows.
#[derive(Debug, Clone)]
pub struct GenSpec {
    pub width: u32,
    pub height: u32,
    pub want: Want,
    /// Percent of obstacles; `None`: learned per board.
    pub density: Option<u32>,
    /// The puzzle's own parameters ([`Puzzle::GEN_PARAMS`]) by key; a
    /// missing one takes its default.
    pub params: Vec<(String, String)>,
    /// Budget of one exact search; `None`: the puzzle's default. A board
    /// whose search needs more is dropped, never guessed.
    pub max_expanded: Option<u64>,
    /// Boards solved in a row without a wanted answer before giving up.
    pub attempts: u64,
    /// Raised to stop (Ctrl-C, a client that hung up).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl GenSpec {
    /// The value of parameter `key`, if given.
    pub fn param(&self, key: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// What `--hardest` is asked for.
#[derive(Debug, Clone)]
pub struct HardSpec {
    pub width: u32,
    pub height: u32,
    /// Percent of obstacles of a random start.
    pub density: Option<u32>,
    pub params: Vec<(String, String)>,
    pub time: Duration,
    pub max_expanded: Option<u64>,
    pub cancel: Option<Arc<AtomicBool>>,
}

impl HardSpec {
    pub fn param(&self, key: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

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

/// What the generators of a puzzle are asked with ([`Puzzle::GEN`]).
#[derive(Debug, Clone, Copy)]
pub struct GenInfo {
    /// What a density option counts ("blocks", "stones").
    pub density: &'static str,
    /// The generator's own parameters.
    pub params: &'static [Param],
    /// The answer range of a fresh `play` puzzle.
    pub fresh_answer: (u32, u32),
    /// The generator parameters a fresh `play` puzzle takes, with their
    /// defaults there (a `play` flag, unlike `generate`'s, may be left
    /// out). `help` says what the value is, as a noun phrase ("the length
    /// of a Holedox body"), so a message can say `--len is the length of a
    /// Holedox body` to a player of another puzzle.
    pub fresh_params: &'static [Param],
    /// The budget of one of the generator's exact searches when a request
    /// names none ([`GenSpec::max_expanded`] is `None`): a front end that
    /// caps budgets (the server) needs the number to cap it.
    pub max_expanded: u64,
}

/// What the judge kit knows of a puzzle's contest ([`Puzzle::JUDGE`]).
#[derive(Debug, Clone, Copy)]
pub struct JudgeInfo {
    /// The judges' limits, for a test set.
    pub limits: JudgeLimits,
    /// The judges' exact format and limits in words, for `validate`'s help.
    pub format: &'static str,
}

/// What the web page offers of a puzzle ([`Puzzle::PAGE`]).
///
/// The web page is generic: it asks the server for every position, judge
/// text and link, which come from the puzzle's page methods. Its editor
/// holds a *draft*: a board in the shape of [`Puzzle::board_json`],
/// possibly not a case yet (no start placed, a snake half drawn); see
/// [`crate::page`].
#[derive(Debug, Clone, Copy)]
pub struct PageInfo {
    /// How the page's generic editor draws a draft and what its tools do
    /// (see [`crate::page`]): the page draws positions from their views,
    /// and has no code of the puzzle's own.
    pub editor: crate::page::DraftLook,
    /// The rules in a few plain sentences, for the page's "How to play"
    /// (the page knows no rule of its own). The move keys are the page's,
    /// so they are not repeated here.
    pub rules: &'static str,
    /// The goal of a game in one short line, shown over the board in Play
    /// (a first visit reads this, not the rules).
    pub aim: &'static str,
    /// The page's key to the board: each role the puzzle's boards show,
    /// with a short label ("stone you throw"). The page draws each entry's
    /// swatch in the role's colours, as the board draws that role.
    pub legend: &'static [(crate::view::Role, &'static str)],
    /// The sample case (1-based) the page opens first.
    pub showcase: u64,
    /// The settings that the page's board holds (Holedox's exit, drawn on
    /// the board) rather than a control beside it.
    pub board_settings: &'static [&'static str],
    /// The boards the page lists to play (its "Levels"), set by set.
    pub levels: &'static [Levels],
    /// The page's "New board" buttons, easiest first: what each asks
    /// `/api/generate` for. Chosen so that each answers well within a
    /// second at its size.
    pub difficulties: &'static [NewBoard],
}

/// The contract of a puzzle. See the module docs.
///
/// A puzzle says little and the rest is derived: 24 items are required
/// (its words, settings and generator consts, five types, and 16
/// methods: reading and writing cases, the rules as `start`/`apply`/
/// `is_won`, the exact solver from a position, the view of a position and
/// its words, and the generator); every other item has a default built on
/// those (solving from the start, verifying a plan, `--explain`'s boards,
/// pictures, status lines, judge lines), which a puzzle overrides only
/// where it has a faster path or its own words.
pub trait Puzzle: Clone + Default + Send + Sync + 'static {
    // ---------------------------------------------------------- names
    /// The puzzle's names and words.
    const INFO: Info;

    // The fields of [`Puzzle::INFO`], by the names the front ends use.
    const NAME: &'static str = Self::INFO.name;
    const TITLE: &'static str = Self::INFO.title;
    const ABOUT: &'static str = Self::INFO.about;
    const FORMAT_HELP: &'static str = Self::INFO.format_help;
    const UNIT: &'static str = Self::INFO.unit;
    const BOARD: &'static str = Self::INFO.board;
    const MOVE: &'static str = Self::INFO.one_move;
    const MOVES: &'static str = Self::INFO.moves;
    const TERMINATOR: &'static str = Self::INFO.terminator;
    const SAMPLES: &'static str = Self::INFO.samples;
    /// Listed in help texts, error messages and the page. The template
    /// puzzle of the tests is registered but not listed.
    const LISTED: bool = true;

    type Move: Move;
    /// One case of the judge input.
    type Case: Clone + PartialEq + std::fmt::Debug + Send + Sync + 'static;
    /// A position in play (hashable, so a naive test solver can search
    /// positions through [`Puzzle::apply`]).
    type State: Clone + Eq + std::hash::Hash + std::fmt::Debug + Send + 'static;
    /// What a legal move did, for drawing it.
    type Event: Clone + std::fmt::Debug + Send + 'static;
    /// The generator's view of the boards.
    type Landscape: Landscape<Board = Self::Case, Move = Self::Move>;

    // ------------------------------------------------------- settings
    /// The rule settings, in the order help texts list them.
    const SETTINGS: &'static [Setting];

    /// Sets `key` (a key of [`Puzzle::SETTINGS`]) from its text.
    fn set(&mut self, key: &str, value: &str) -> Result<(), String>;

    /// The text of setting `key` (as [`Puzzle::set`] reads it back).
    fn get(&self, key: &str) -> String;

    /// Every setting with its value, in [`Puzzle::SETTINGS`] order.
    fn settings(&self) -> Vec<(&'static str, String)> {
        Self::SETTINGS
            .iter()
            .map(|s| (s.key, self.get(s.key)))
            .collect()
    }

    /// The puzzle with the settings `pairs` over the judge's rules.
    fn with_settings<K: AsRef<str>, V: AsRef<str>>(pairs: &[(K, V)]) -> Result<Self, String> {
        let mut p = Self::default();
        for (k, v) in pairs {
            p.set(k.as_ref(), v.as_ref())?;
        }
        Ok(p)
    }

    /// The known wrong readings of the rules (see [`Variant`]); none by
    /// default.
    const VARIANTS: &'static [Variant] = &[];

    /// The puzzle playing by variant `v` (the judge's rules otherwise).
    fn variant(v: &Variant) -> Result<Self, String> {
        Self::with_settings(v.settings)
    }

    // ---------------------------------------------------- judge format
    /// The cases of a judge input, read lazily with precise errors.
    fn cases<'a>(&self, reader: Box<dyn BufRead + 'a>) -> Cases<'a, Self::Case>;

    /// One case in the judge's input format, without the terminator.
    fn write_case(&self, case: &Self::Case) -> String;

    /// The judge's output line for case `n` with `answer` (no newline):
    /// the answer alone by default.
    fn judge_line(n: u64, answer: &str) -> String {
        let _ = n;
        answer.to_string()
    }

    /// Appends [`Puzzle::judge_line`] to `out`. Judge mode writes one per
    /// case, thousands a run: a puzzle whose line is more than its answer
    /// writes it here without building a `String` ([`push_decimal`]).
    fn push_judge_line(n: u64, answer: &str, out: &mut Vec<u8>) {
        out.extend_from_slice(Self::judge_line(n, answer).as_bytes());
    }

    /// The answer in a program's judge output for a single-case input:
    /// what follows [`Puzzle::judge_line`]'s words for case 1.
    fn parse_answer(output: &str) -> Option<i64> {
        let line = Self::judge_line(1, "");
        output
            .trim()
            .strip_prefix(line.trim_end())?
            .trim()
            .parse()
            .ok()
    }

    /// Width and height of a case's board.
    fn size(case: &Self::Case) -> (u32, u32);

    // -------------------------------------------------------- solving
    /// An optimal plan, a proof that none exists, or a budget reached: by
    /// default [`Puzzle::solve_from`] the start.
    fn solve(&self, case: &Self::Case, limits: &Limits) -> Search<Self::Move> {
        self.solve_from(case, &self.start(case), 0, limits)
    }

    /// What `-1` means for this puzzle, for humans.
    fn unsolvable(&self) -> String {
        format!(
            "no sequence of {} reaches the {}",
            Self::MOVES,
            Self::INFO.goal
        )
    }

    /// The verdict on a user's plan: by default the plan replayed through
    /// [`Puzzle::apply_in_place`] (a move after the game is won is
    /// refused, and so is the first move past the cap,
    /// [`Puzzle::move_cap`], as too many), then the goal and the optimum of
    /// [`Puzzle::solve`] under `limits`.
    fn verify(&self, case: &Self::Case, plan: &[Self::Move], limits: &Limits) -> Verdict {
        let moves = plan.len();
        let cap = self.move_cap();
        let mut state = self.start(case);
        for (index, &mv) in plan.iter().enumerate() {
            if self.is_won(case, &state) {
                return Verdict::Illegal {
                    index,
                    mv: mv.letter(),
                    reason: format!(
                        "the {} is already on the {}: the game is over",
                        Self::INFO.piece,
                        Self::INFO.goal
                    ),
                };
            }
            // Refused at the first move past the cap, before replaying the
            // rest of a long plan; the position moves in place, so the
            // replay is linear in the plan.
            if let Some(cap) = cap.filter(|&cap| index >= cap as usize) {
                return Verdict::OverCap { moves, cap };
            }
            if let Err(reason) = self.apply_in_place(case, &mut state, index, mv) {
                return Verdict::Illegal {
                    index,
                    mv: mv.letter(),
                    reason,
                };
            }
        }
        if !self.is_won(case, &state) {
            return Verdict::NotReached {
                moves,
                detail: self.whereabouts(case, &state),
            };
        }
        crate::verdict::against_optimum(moves, self.solve(case, limits).outcome)
    }

    /// The most moves a plan may have under these settings (Curling's
    /// throw cap), if any: a front end that serves strangers refuses a
    /// longer plan as [`Verdict::OverCap`] before replaying it, since a
    /// replay costs work in proportion to its length.
    fn move_cap(&self) -> Option<u32> {
        None
    }

    // ------------------------------------------------------------ play
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

    /// [`Puzzle::apply`] on `state` itself: what a long replay (a saved
    /// history, a user's plan) calls, so that each move costs the move's
    /// own work, not a copy of a position that may grow with the history
    /// (a Curling position lists its broken blocks). On `Err` the state is
    /// unchanged. The default copies through `apply`; a puzzle whose
    /// position grows overrides it.
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

    fn is_won(&self, case: &Self::Case, state: &Self::State) -> bool;

    /// The exact solver on the problem that starts at `state` after `used`
    /// moves.
    fn solve_from(
        &self,
        case: &Self::Case,
        state: &Self::State,
        used: usize,
        limits: &Limits,
    ) -> Search<Self::Move>;

    // ------------------------------------------------ watching a search
    /// The searches this puzzle offers for watching (`gridpuzzle trace`,
    /// the page's Watch mode), in the order front ends list them. See
    /// [`crate::trace`].
    const ALGORITHMS: &'static [crate::trace::Algorithm] = &[];
    /// Boards that teach something about those searches.
    const LESSONS: &'static [crate::trace::Lesson] = &[];

    /// True when the settings are the judge's. The searches offered for
    /// watching play the judge's rules (the contest programs know no
    /// other), so [`crate::trace::run`] refuses other settings rather
    /// than judge them against a solver playing different rules.
    fn judge_rules(&self) -> bool {
        true
    }

    /// Runs the search called `algorithm` (one of [`Puzzle::ALGORITHMS`])
    /// on `case`, reporting every event to `rec`, which also charges the
    /// budget; [`Stop::Unknown`](crate::trace::Stop::Unknown) for a name
    /// it does not offer (a puzzle that offers none needs not implement
    /// it).
    fn trace(
        &self,
        case: &Self::Case,
        algorithm: &str,
        rec: &mut crate::trace::Recorder<'_>,
    ) -> Result<crate::trace::Traced, crate::trace::Stop> {
        let _ = (case, rec);
        Err(crate::trace::Stop::Unknown(algorithm.to_string()))
    }

    // ---------------------------------------------------- the screens
    /// The board in `state`; `last` is the move that led here with the
    /// position before it (to draw its path), `hint` a move to highlight.
    fn view(
        &self,
        case: &Self::Case,
        state: &Self::State,
        last: Option<(&Self::State, Self::Move, &Self::Event)>,
        hint: Option<Self::Move>,
    ) -> BoardView;

    /// Frames shown while a move happens (a stone sliding); none by
    /// default, when a move is one step.
    fn frames(
        &self,
        case: &Self::Case,
        before: &Self::State,
        mv: Self::Move,
        event: &Self::Event,
    ) -> Vec<BoardView> {
        let _ = (case, before, mv, event);
        Vec::new()
    }

    /// One short sentence about a legal move, for the play screen's
    /// message line.
    fn describe(&self, mv: Self::Move, event: &Self::Event) -> String;

    /// The sentence `--explain` prints about a legal move from `before` to
    /// `after`: by default [`Puzzle::describe`] and where the piece went.
    fn narrate(
        &self,
        case: &Self::Case,
        before: &Self::State,
        mv: Self::Move,
        event: &Self::Event,
        after: &Self::State,
    ) -> String {
        let _ = before;
        let to = self.view(case, after, None, None).focus;
        format!("{} to {to}", self.describe(mv, event))
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
                let goal = crate::grid::Pos::new((i / w) as u32, (i % w) as u32);
                format!(
                    "the {} is at {}, the {} at {goal}",
                    info.piece, view.focus, info.goal
                )
            }
            None => format!("the {} is at {}", info.piece, view.focus),
        }
    }

    /// The move counter, such as `throws: 3 of at most 10`.
    fn counter(&self, used: usize) -> String {
        format!("{}: {used}", Self::MOVES)
    }

    /// The status line of a position whose prospect is known; `stuck`: no
    /// move is legal.
    fn status(&self, prospect: &Prospect<Self::Move>, used: usize, stuck: bool) -> (String, Tone) {
        let _ = used;
        let Info { piece, goal, .. } = Self::INFO;
        match prospect {
            Prospect::Won => (format!("the {piece} is on the {goal}"), Tone::Good),
            Prospect::Reachable { .. } => (format!("the {goal} can still be reached"), Tone::Good),
            Prospect::Hopeless if stuck => (
                format!("trapped: the {piece} cannot move at all (u undoes)"),
                Tone::Bad,
            ),
            Prospect::Hopeless => (
                format!("hopeless: the {goal} can no longer be reached (u undoes)"),
                Tone::Bad,
            ),
            Prospect::Unknown(hit) => unknown_status(hit),
        }
    }

    /// The marks worth explaining, with their words.
    fn legend(&self) -> Vec<(Mark, &'static str)>;

    /// The legend of `--explain`'s boards: by default
    /// [`Puzzle::legend`].
    fn explain_legend(&self) -> Vec<(Mark, &'static str)> {
        self.legend()
    }

    /// The optimal plan's boards as text (`--explain`): the legend, where
    /// the game starts, and the board after every move with a sentence.
    fn explain(&self, case: &Self::Case, plan: &[Self::Move], style: TextStyle) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "legend: {}",
            crate::view::legend_text(&self.explain_legend(), style)
        );
        let mut state = self.start(case);
        let _ = writeln!(out, "start: {}", self.whereabouts(case, &state));
        write_text(&self.view(case, &state, None, None), style, &mut out);
        for (k, &mv) in plan.iter().enumerate() {
            let (next, event) = match self.apply(case, &state, k, mv) {
                Ok(done) => done,
                Err(why) => {
                    return format!("(cannot replay: {} {} ({mv}): {why})\n", Self::MOVE, k + 1)
                }
            };
            let _ = writeln!(
                out,
                "{} {} of {} ({mv}): {}",
                Self::MOVE,
                k + 1,
                plan.len(),
                self.narrate(case, &state, mv, &event, &next)
            );
            let view = self.view(case, &next, Some((&state, mv, &event)), None);
            write_text(&view, style, &mut out);
            state = next;
        }
        out
    }

    /// The plan as an SVG picture, animated or the still after move `k`,
    /// drawn from the views of its positions ([`crate::svg`]).
    fn svg(
        &self,
        case: &Self::Case,
        plan: &[Self::Move],
        still: Option<usize>,
    ) -> Result<String, String> {
        check_still::<Self>(still, plan.len())?;
        let letters = crate::moves::plan_string(plan);
        let legend = self.legend();
        let caption = Caption {
            title: Self::TITLE,
            unit: Self::MOVE,
            plan: &letters,
            legend: &legend,
        };
        let mut state = self.start(case);
        let mut animation = match still {
            None => Some(Animation::new(&self.view(case, &state, None, None))),
            Some(_) => None,
        };
        let mut picture = match still {
            Some(0) => Some(self.view(case, &state, None, None)),
            _ => None,
        };
        for (k, &mv) in plan.iter().enumerate() {
            let (next, event) = self
                .apply(case, &state, k, mv)
                .map_err(|why| format!("{} {} ({mv}): {why}", Self::MOVE, k + 1))?;
            if let Some(a) = animation.as_mut() {
                a.push(&self.view(case, &next, None, None));
            }
            if still == Some(k + 1) {
                picture = Some(self.view(case, &next, Some((&state, mv, &event)), None));
            }
            state = next;
        }
        Ok(match (animation, picture) {
            (Some(a), _) => a.finish(&caption),
            (None, Some(view)) => {
                crate::svg::still(&view, &caption, still.unwrap_or(0), plan.len())
            }
            (None, None) => unreachable!("a still within the plan was drawn"),
        })
    }

    // ----------------------------------------------------------- page
    /// The board of a case as the page draws and edits it (a *draft*, see
    /// [`PageInfo`]) and as `/api/cases` answers it; nothing by default.
    fn board_json(&self, case: &Self::Case) -> serde_json::Value {
        let _ = case;
        serde_json::Value::Null
    }

    /// A position as `/api/play` answers it (its `start`).
    fn state_json(&self, state: &Self::State) -> serde_json::Value;

    /// What one legal move changed, as `/api/play` answers it (a change,
    /// so that an answer grows with the moves and not with moves × board):
    /// by default the new position.
    fn step_json(&self, state: &Self::State, event: &Self::Event) -> serde_json::Value {
        let _ = event;
        self.state_json(state)
    }

    /// What the web page offers of the puzzle; `None`: the page does not
    /// offer it.
    const PAGE: Option<PageInfo> = None;

    // The fields of [`Puzzle::PAGE`], by the names the front ends use.
    const EDITOR: Option<crate::page::DraftLook> = match Self::PAGE {
        Some(p) => Some(p.editor),
        None => None,
    };
    const RULES: &'static str = match Self::PAGE {
        Some(p) => p.rules,
        None => "",
    };
    const AIM: &'static str = match Self::PAGE {
        Some(p) => p.aim,
        None => "",
    };
    const LEGEND: &'static [(crate::view::Role, &'static str)] = match Self::PAGE {
        Some(p) => p.legend,
        None => &[],
    };
    const SHOWCASE: u64 = match Self::PAGE {
        Some(p) => p.showcase,
        None => 1,
    };
    const BOARD_SETTINGS: &'static [&'static str] = match Self::PAGE {
        Some(p) => p.board_settings,
        None => &[],
    };
    const LEVELS: &'static [Levels] = match Self::PAGE {
        Some(p) => p.levels,
        None => &[],
    };
    const DIFFICULTIES: &'static [NewBoard] = match Self::PAGE {
        Some(p) => p.difficulties,
        None => &[],
    };

    /// The whole position over the board, as the page draws it: everything
    /// play changes (Curling: the stone and the broken blocks). The page
    /// keeps no rule, so it draws this and never a position of its own.
    fn position_json(&self, case: &Self::Case, state: &Self::State) -> serde_json::Value {
        let _ = case;
        self.state_json(state)
    }

    /// A draft's judge text: the one case and the terminator, written even
    /// when the draft is not a valid case yet (solving it then says why).
    fn draft_text(&self, draft: &serde_json::Value) -> Result<String, String> {
        let _ = draft;
        Err(format!("{} has no editor on the page", Self::NAME))
    }

    /// What a draft obviously lacks before it can be solved or played, as
    /// the page says it (naming the tool that adds it); `None` otherwise.
    fn draft_lacks(&self, draft: &serde_json::Value) -> Option<String> {
        let _ = draft;
        None
    }

    /// These settings with the ones the draft holds
    /// ([`PageInfo::board_settings`]): the rules the draft is played under.
    fn with_draft(&self, draft: &serde_json::Value) -> Result<Self, String> {
        let _ = draft;
        Ok(self.clone())
    }

    /// The game ID of a draft under these settings (see [`crate::page`]):
    /// the text after `#` in the page's links.
    fn game_id(&self, draft: &serde_json::Value) -> Result<String, String> {
        let _ = draft;
        Err(format!("{} has no editor on the page", Self::NAME))
    }

    /// The settings and the draft of a game ID whose first part is
    /// [`Puzzle::NAME`]; `Err` says what is wrong with it, in the words
    /// the page has always used.
    fn from_game_id(id: &str) -> Result<(Self, serde_json::Value), String> {
        let _ = id;
        Err(format!("{} has no editor on the page", Self::NAME))
    }

    // ------------------------------------------------------ generating
    /// The generators' words and budgets.
    const GEN: GenInfo;

    // The fields of [`Puzzle::GEN`], by the names the front ends use.
    const DENSITY: &'static str = Self::GEN.density;
    const GEN_PARAMS: &'static [Param] = Self::GEN.params;
    const FRESH_ANSWER: (u32, u32) = Self::GEN.fresh_answer;
    const FRESH_PARAMS: &'static [Param] = Self::GEN.fresh_params;
    const GEN_MAX_EXPANDED: u64 = Self::GEN.max_expanded;

    /// Checks a request and returns its generator: the one place a
    /// request is validated, for every front end.
    fn generator(&self, spec: &GenSpec, seed: u64) -> Result<Generator<Self::Landscape>, String>;

    /// The difficulty record of a case whose search proved `search`'s
    /// answer; `None` when a follow-up search hit a budget. By default
    /// each first move is tried and the rest solved with
    /// [`Puzzle::solve_from`].
    fn difficulty(
        &self,
        case: &Self::Case,
        search: &Search<Self::Move>,
        limits: &Limits,
    ) -> Option<Difficulty> {
        let optimum = crate::generate::answer_of(search)?;
        let mut record = Difficulty {
            optimum,
            optimal_first_moves: 0,
            expanded: search.stats.expanded,
        };
        if optimum <= 0 {
            return Some(record);
        }
        let start = self.start(case);
        for &mv in Self::Move::ALL {
            let Ok((next, _)) = self.apply(case, &start, 0, mv) else {
                continue;
            };
            let rest = self.solve_from(case, &next, 1, limits);
            if crate::generate::answer_of(&rest)? == optimum - 1 {
                record.optimal_first_moves += 1;
            }
        }
        Some(record)
    }

    /// Simulated annealing for the case with the largest optimum;
    /// `on_improve` sees the start and every strict improvement.
    fn hardest(
        &self,
        spec: &HardSpec,
        seed: u64,
        on_improve: OnImprove<'_, Self>,
    ) -> Result<Option<BestOf<Self>>, String>;

    /// A random case of at most `width × height` for `stress`, with any
    /// answer (`None` if none could be made): by default the puzzle's own
    /// generator ([`stress_case`]); a puzzle with generator parameters
    /// chooses them and calls that too.
    fn random_case(&self, seed: u64, width: u32, height: u32) -> Option<Self::Case> {
        stress_case(
            self,
            self.stress_params(seed, width, height),
            seed,
            width,
            height,
        )
    }

    /// The generator parameters of [`Puzzle::random_case`] (Holedox's body
    /// length), chosen from the seed for a board of at most
    /// `width × height`; none by default. Apart so that `stress` can let a
    /// user fix some (`--len 8`) and still vary the others.
    fn stress_params(&self, seed: u64, width: u32, height: u32) -> Vec<(String, String)> {
        let _ = (seed, width, height);
        Vec::new()
    }

    /// The cases one edit smaller, for shrinking a failing case, biggest
    /// cuts first, made one at a time as they are asked for: on a huge
    /// board there are thousands, each a board of its own, and `stress`
    /// tries them in order until one still fails (issue 28: making them all
    /// first took gigabytes).
    fn smaller(&self, case: &Self::Case) -> Box<dyn Iterator<Item = Self::Case>>;

    // ---------------------------------------------------- the judge kit
    /// The contest's limits and format; `None` when the puzzle has no
    /// judge.
    const JUDGE: Option<JudgeInfo> = None;

    // The fields of [`Puzzle::JUDGE`], by the names the front ends use.
    const JUDGE_LIMITS: Option<JudgeLimits> = match Self::JUDGE {
        Some(j) => Some(j.limits),
        None => None,
    };
    const JUDGE_FORMAT: &'static str = match Self::JUDGE {
        Some(j) => j.format,
        None => "",
    };

    /// The statement, validators and submissions of the puzzle's contest
    /// problem package (`gridpuzzle package`); `None` when it has none.
    const PACKAGE: Option<crate::package::PackageInfo> = None;

    /// Records every violation of the judges' exact format and limits in
    /// `input` (see [`crate::validate`]); by default the parser's first
    /// error, for a puzzle without a validator of its own.
    fn validate(&self, input: &mut Input<'_>) {
        let cases = self.cases(Box::new(input.text().as_bytes()));
        crate::validate::by_parser(input, Self::TERMINATOR, cases)
    }

    /// The tests a judge test set should hold beyond the statement's
    /// sample (see [`crate::testset`]); none by default, and then the test
    /// set is random cases.
    fn presets(&self) -> Vec<Preset> {
        Vec::new()
    }
}

/// Every puzzle validates judge inputs ([`crate::validate::validate`]).
impl<P: Puzzle> Validator for P {
    const UNIT: &'static str = P::INFO.unit;

    fn check(&self, input: &mut Input<'_>) {
        self.validate(input)
    }
}

/// A set of boards the page lists to play ([`Puzzle::LEVELS`]): a judge
/// input, and its judge output, a line a case whose last word is the
/// case's optimum under the default settings (`-1`: none). The server's
/// tests solve every case to hold the answers to it.
#[derive(Debug, Clone, Copy)]
pub struct Levels {
    /// What the page calls the set ("Samples").
    pub name: &'static str,
    pub input: &'static str,
    pub output: &'static str,
}

/// A difficulty of the page's new boards ([`Puzzle::DIFFICULTIES`]): the
/// size, the range of optimum (`A..B`, as `--answer`) and the generator
/// parameters of the boards asked for.
#[derive(Debug, Clone, Copy)]
pub struct NewBoard {
    pub name: &'static str,
    pub size: &'static str,
    pub answer: &'static str,
    pub params: &'static [(&'static str, &'static str)],
}

/// A case of a puzzle as a [`Game`] for the engine's play session.
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
}

impl<P: Puzzle> Game for Played<P> {
    type State = P::State;
    type Move = P::Move;
    type Event = P::Event;

    fn moves(&self) -> &[P::Move] {
        P::Move::ALL
    }

    fn apply(
        &self,
        state: &P::State,
        used: usize,
        mv: P::Move,
    ) -> Result<(P::State, P::Event), String> {
        self.puzzle.apply(&self.case, state, used, mv)
    }

    fn apply_in_place(
        &self,
        state: &mut P::State,
        used: usize,
        mv: P::Move,
    ) -> Result<P::Event, String> {
        self.puzzle.apply_in_place(&self.case, state, used, mv)
    }

    fn is_won(&self, state: &P::State) -> bool {
        self.puzzle.is_won(&self.case, state)
    }

    fn solve_from(&self, state: &P::State, used: usize, limits: &Limits) -> Search<P::Move> {
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

/// The word for `n` moves of `P` ("1 throw", "2 throws").
pub fn moves_word<P: Puzzle>(n: usize) -> &'static str {
    if n == 1 {
        P::MOVE
    } else {
        P::MOVES
    }
}

/// `n` and its noun, singular for one: `counted(1, "line", "lines")` is
/// `1 line`, `counted(2, ...)` is `2 lines`.
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `word` with its first letter in upper case ("Dataset").
pub fn capitalized(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The status line of a position a budget left unknown: the same words for
/// every puzzle's [`Puzzle::status`].
pub fn unknown_status(hit: &crate::search::LimitHit) -> (String, Tone) {
    (
        format!("reachability unknown: {hit} (h searches again)"),
        Tone::Warn,
    )
}

/// Refuses a still frame past the end of a plan, before a puzzle's
/// [`Puzzle::svg`] indexes its frames.
pub fn check_still<P: Puzzle>(still: Option<usize>, moves: usize) -> Result<(), String> {
    match still.filter(|&k| k > moves) {
        Some(k) => Err(format!(
            "frame {k} is past the end of a plan of {moves} {}",
            P::MOVES
        )),
        None => Ok(()),
    }
}

/// Boards a `stress` case is asked of the generator before it gives up on
/// a size, and the search budget of each.
pub const STRESS_ATTEMPTS: u64 = 200;
pub const STRESS_BUDGET: u64 = 200_000;

/// A case of any answer from `puzzle`'s generator, with `params`, for
/// `stress` ([`Puzzle::random_case`]); `None` when the request does not
/// fit the size or no case could be made.
pub fn stress_case<P: Puzzle>(
    puzzle: &P,
    params: Vec<(String, String)>,
    seed: u64,
    width: u32,
    height: u32,
) -> Option<P::Case> {
    stress_case_wanting(
        puzzle,
        params,
        Want { min: -1, max: None },
        seed,
        width,
        height,
    )
}

/// [`stress_case`] with an answer in `want` (`stress --answer`).
pub fn stress_case_wanting<P: Puzzle>(
    puzzle: &P,
    params: Vec<(String, String)>,
    want: Want,
    seed: u64,
    width: u32,
    height: u32,
) -> Option<P::Case> {
    let spec = GenSpec {
        width,
        height,
        want,
        density: None,
        params,
        max_expanded: Some(STRESS_BUDGET),
        attempts: STRESS_ATTEMPTS,
        cancel: None,
    };
    let mut generator = puzzle.generator(&spec, seed).ok()?;
    generator.next()?.ok().map(|g| g.board)
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
