//! The puzzle's own words and animation frames: [`Narrate`], and what is
//! drawn from them (`--explain`'s boards, SVG pictures).
//!
//! Every sentence has a default built from the puzzle's names
//! ([`crate::puzzle::Info`]) and its view, so a puzzle that does not
//! implement [`Narrate`] is still told in full (Ice: "the stone is on
//! the goal"); a puzzle implements it to say a thing its own way ("the goal
//! can still be reached within the 3 throws left") or to show a move as
//! more than one frame (a sliding stone).

use std::convert::Infallible;
use std::fmt::Write;
use std::marker::PhantomData;

use super::Via;
use crate::puzzle::{Info, Puzzle};
use crate::search::LimitHit;
use crate::session::Prospect;
use crate::svg::{Animation, Caption};
use crate::view::{write_text, BoardView, Mark, TextStyle, Tone};

/// A puzzle that tells its games in words of its own. Every method has a
/// default (the free functions of [`defaults`]).
pub trait Narrate: Puzzle {
    /// What `-1` means for this puzzle, for humans.
    fn unsolvable(&self) -> String {
        defaults::unsolvable::<Self>()
    }

    /// The move counter, such as `throws: 3 of at most 10`.
    fn counter(&self, used: usize) -> String {
        defaults::counter::<Self>(used)
    }

    /// The status line of a position whose prospect is known; `stuck`: no
    /// move is legal.
    fn status(&self, prospect: &Prospect<Self::Move>, used: usize, stuck: bool) -> (String, Tone) {
        defaults::status::<Self>(prospect, used, stuck)
    }

    /// The sentence `--explain` prints about a legal move from `before` to
    /// `after`.
    fn narrate(
        &self,
        case: &Self::Case,
        before: &Self::State,
        mv: Self::Move,
        event: &Self::Event,
        after: &Self::State,
    ) -> String {
        defaults::narrate(self, case, before, mv, event, after)
    }

    /// The legend of `--explain`'s boards.
    fn explain_legend(&self) -> Vec<(Mark, &'static str)> {
        self.legend()
    }

    /// Frames shown while a move happens (a stone sliding); none when a
    /// move is one step.
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
}

/// The sentences of a puzzle as the front ends call them: the puzzle's own
/// where it implements [`Narrate`], the defaults otherwise
/// ([`super::Caps::narration`]).
pub trait NarrateOf<P: Puzzle>: Sync {
    fn unsolvable(&self, puzzle: &P) -> String;
    fn counter(&self, puzzle: &P, used: usize) -> String;
    fn status(
        &self,
        puzzle: &P,
        prospect: &Prospect<P::Move>,
        used: usize,
        stuck: bool,
    ) -> (String, Tone);
    fn narrate(
        &self,
        puzzle: &P,
        case: &P::Case,
        before: &P::State,
        mv: P::Move,
        event: &P::Event,
        after: &P::State,
    ) -> String;
    fn explain_legend(&self, puzzle: &P) -> Vec<(Mark, &'static str)>;
    fn frames(
        &self,
        puzzle: &P,
        case: &P::Case,
        before: &P::State,
        mv: P::Move,
        event: &P::Event,
    ) -> Vec<BoardView>;
}

impl<P: Narrate> NarrateOf<P> for Via<P> {
    fn unsolvable(&self, puzzle: &P) -> String {
        puzzle.unsolvable()
    }
    fn counter(&self, puzzle: &P, used: usize) -> String {
        puzzle.counter(used)
    }
    fn status(
        &self,
        puzzle: &P,
        prospect: &Prospect<P::Move>,
        used: usize,
        stuck: bool,
    ) -> (String, Tone) {
        puzzle.status(prospect, used, stuck)
    }
    fn narrate(
        &self,
        puzzle: &P,
        case: &P::Case,
        before: &P::State,
        mv: P::Move,
        event: &P::Event,
        after: &P::State,
    ) -> String {
        puzzle.narrate(case, before, mv, event, after)
    }
    fn explain_legend(&self, puzzle: &P) -> Vec<(Mark, &'static str)> {
        puzzle.explain_legend()
    }
    fn frames(
        &self,
        puzzle: &P,
        case: &P::Case,
        before: &P::State,
        mv: P::Move,
        event: &P::Event,
    ) -> Vec<BoardView> {
        puzzle.frames(case, before, mv, event)
    }
}

/// The sentences of a puzzle that implements [`Narrate`], where its
/// [`super::Caps`] is not at hand (the puzzle's own crate and tests).
pub const fn narration_of<P: Narrate>() -> &'static dyn NarrateOf<P> {
    &Via::<P>(PhantomData)
}

/// The defaults, for a puzzle without [`Narrate`].
pub(super) struct Plain<P>(PhantomData<fn() -> P>);

impl<P: Puzzle> Plain<P> {
    pub(super) const IT: &'static dyn NarrateOf<P> = &Plain::<P>(PhantomData);
}

impl<P: Puzzle> NarrateOf<P> for Plain<P> {
    fn unsolvable(&self, _: &P) -> String {
        defaults::unsolvable::<P>()
    }
    fn counter(&self, _: &P, used: usize) -> String {
        defaults::counter::<P>(used)
    }
    fn status(
        &self,
        _: &P,
        prospect: &Prospect<P::Move>,
        used: usize,
        stuck: bool,
    ) -> (String, Tone) {
        defaults::status::<P>(prospect, used, stuck)
    }
    fn narrate(
        &self,
        puzzle: &P,
        case: &P::Case,
        before: &P::State,
        mv: P::Move,
        event: &P::Event,
        after: &P::State,
    ) -> String {
        defaults::narrate(puzzle, case, before, mv, event, after)
    }
    fn explain_legend(&self, puzzle: &P) -> Vec<(Mark, &'static str)> {
        puzzle.legend()
    }
    fn frames(&self, _: &P, _: &P::Case, _: &P::State, _: P::Move, _: &P::Event) -> Vec<BoardView> {
        Vec::new()
    }
}

/// The default sentences, from the puzzle's names.
pub mod defaults {
    use super::*;

    pub fn unsolvable<P: Puzzle>() -> String {
        format!(
            "no sequence of {} reaches the {}",
            P::INFO.moves,
            P::INFO.goal
        )
    }

    pub fn counter<P: Puzzle>(used: usize) -> String {
        format!("{}: {used}", P::INFO.moves)
    }

    pub fn status<P: Puzzle>(
        prospect: &Prospect<P::Move>,
        used: usize,
        stuck: bool,
    ) -> (String, Tone) {
        let _ = used;
        let Info { piece, goal, .. } = P::INFO;
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

    pub fn narrate<P: Puzzle>(
        puzzle: &P,
        case: &P::Case,
        before: &P::State,
        mv: P::Move,
        event: &P::Event,
        after: &P::State,
    ) -> String {
        let _ = before;
        let to = puzzle.view(case, after, None, None).focus;
        format!("{} to {to}", puzzle.describe(mv, event))
    }
}

/// The status line of a position a budget left unknown: the same words for
/// every puzzle's status.
pub fn unknown_status(hit: &LimitHit) -> (String, Tone) {
    (
        format!("reachability unknown: {hit} (h searches again)"),
        Tone::Warn,
    )
}

/// The optimal plan's boards as text (`--explain`): the legend, where the
/// game starts, and the board after every move with a sentence.
pub fn explain<P: Puzzle>(
    puzzle: &P,
    words: &dyn NarrateOf<P>,
    case: &P::Case,
    plan: &[P::Move],
    style: TextStyle,
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "legend: {}",
        crate::view::legend_text(&words.explain_legend(puzzle), style)
    );
    let mut state = puzzle.start(case);
    let _ = writeln!(out, "start: {}", puzzle.whereabouts(case, &state));
    write_text(&puzzle.view(case, &state, None, None), style, &mut out);
    let one = P::INFO.one_move;
    for (k, &mv) in plan.iter().enumerate() {
        let (next, event) = match puzzle.apply(case, &state, k, mv) {
            Ok(done) => done,
            Err(why) => return format!("(cannot replay: {one} {} ({mv}): {why})\n", k + 1),
        };
        let _ = writeln!(
            out,
            "{one} {} of {} ({mv}): {}",
            k + 1,
            plan.len(),
            words.narrate(puzzle, case, &state, mv, &event, &next)
        );
        let view = puzzle.view(case, &next, Some((&state, mv, &event)), None);
        write_text(&view, style, &mut out);
        state = next;
    }
    out
}

/// The plan as an SVG picture, animated or the still after move `k`,
/// drawn from the views of its positions ([`crate::svg`]); `Err` is the
/// puzzle's refusal of a move, or a still past the plan's end.
pub fn svg<P: Puzzle>(
    puzzle: &P,
    case: &P::Case,
    plan: &[P::Move],
    still: Option<usize>,
) -> Result<String, String> {
    match svg_checked(puzzle, case, plan, still, |_| Ok::<(), Infallible>(())) {
        Ok(drawn) => drawn,
        Err(never) => match never {},
    }
}

/// [`svg`] that calls `check(k)` before it plays move `k` (0-based) and
/// stops with its error: for a caller that must stop drawing when its
/// time runs out (a web request whose client left), since a still deep in
/// a long plan replays every move before it. The inner `Err` is [`svg`]'s.
pub fn svg_checked<P: Puzzle, E>(
    puzzle: &P,
    case: &P::Case,
    plan: &[P::Move],
    still: Option<usize>,
    mut check: impl FnMut(usize) -> Result<(), E>,
) -> Result<Result<String, String>, E> {
    if let Err(e) = check_still::<P>(still, plan.len()) {
        return Ok(Err(e));
    }
    let letters = crate::moves::plan_string(plan);
    let legend = puzzle.legend();
    let caption = Caption {
        title: P::INFO.title,
        unit: P::INFO.one_move,
        plan: &letters,
        legend: &legend,
    };
    let mut state = puzzle.start(case);
    let mut animation = match still {
        None => Some(Animation::new(&puzzle.view(case, &state, None, None))),
        Some(_) => None,
    };
    let mut picture = match still {
        Some(0) => Some(puzzle.view(case, &state, None, None)),
        _ => None,
    };
    for (k, &mv) in plan.iter().enumerate() {
        check(k)?;
        let (next, event) = match puzzle.apply(case, &state, k, mv) {
            Ok(done) => done,
            Err(why) => return Ok(Err(format!("{} {} ({mv}): {why}", P::INFO.one_move, k + 1))),
        };
        if let Some(a) = animation.as_mut() {
            a.push(&puzzle.view(case, &next, None, None));
        }
        if still == Some(k + 1) {
            picture = Some(puzzle.view(case, &next, Some((&state, mv, &event)), None));
        }
        state = next;
    }
    Ok(Ok(match (animation, picture) {
        (Some(a), _) => a.finish(&caption),
        (None, Some(view)) => crate::svg::still(&view, &caption, still.unwrap_or(0), plan.len()),
        (None, None) => unreachable!("a still within the plan was drawn"),
    }))
}

/// Refuses a still frame past the end of a plan, before [`svg`] indexes
/// its frames.
pub fn check_still<P: Puzzle>(still: Option<usize>, moves: usize) -> Result<(), String> {
    match still.filter(|&k| k > moves) {
        Some(k) => Err(format!(
            "frame {k} is past the end of a plan of {moves} {}",
            P::INFO.moves
        )),
        None => Ok(()),
    }
}
