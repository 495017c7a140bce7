//! Play state for a person at the keyboard: history, undo/redo, exact hints.
//!
//! A [`Session`] is a game in progress: the positions so far, an index into
//! them (undo and redo move the index; a new move drops the undone tail),
//! and what the solver has proved about each position. It never names a
//! puzzle: it plays any [`Puzzle`]'s case ([`Played`]) through the
//! puzzle's own `apply`, and asks its `solve_from` (the exact solver on
//! the problem that starts at a mid-game position) for hints.
//!
//! Why it is shaped so:
//!
//! - **Positions, not inverse moves.** Undo restores a position instead of
//!   undoing a move, so no puzzle has to write an "unapply" (a broken
//!   Curling block would have to be rebuilt, a Holedox tail put back). Only
//!   a checkpoint every [`CHECKPOINT`] moves is kept, with the current
//!   position and the one before it; any other is replayed from the
//!   checkpoint before it. Keeping every position cost memory quadratic in
//!   the history where a position grows with it (a Curling position lists
//!   its broken blocks: a 20,000-throw save took 859 MB to load). A fixed
//!   spacing only divides that by a constant (a 200,000-throw save still
//!   took 1.26 GB), so there are at most [`MAX_CHECKPOINTS`]: when one more
//!   is due, every other one is dropped and the spacing doubles. Memory is
//!   then at most that many positions, and an undo replays fewer moves
//!   than the spacing: 63 up to 4,096 moves, a 64th of the history beyond.
//! - **Linear replay.** Resuming a saved history and replaying to a
//!   checkpoint apply the moves to one position in place
//!   ([`Puzzle::apply_in_place`]), never copying a position per move, so a
//!   history loads in time linear in its length.
//! - **Honest prospects.** After every move a front end asks
//!   [`Session::prospect`]: the goal is still reachable (with an optimal
//!   plan), it is *proved* unreachable ([`Prospect::Hopeless`], the solver
//!   returned `Unsolvable`), or a budget stopped the search
//!   ([`Prospect::Unknown`]). A budget never becomes "hopeless": telling a
//!   player to give up on a position that is fine would be a lie, exactly
//!   like a judge's `-1` after a time-out.
//! - **Each position is solved once.** Prospects are cached per position
//!   index; a move along the cached optimal plan inherits the rest of that
//!   plan (the tail of an optimal plan is optimal from where it leads), so
//!   "solve" (play the optimal plan step by step) costs one search, and undo
//!   and redo cost none.
//! - **The move count is passed to the game.** A capped game (Curling's ten
//!   throws) needs it both to refuse a throw past the cap and to solve from a
//!   position with the throws that are left.

pub mod save;

use std::collections::BTreeMap;

use crate::moves::Move;
use crate::puzzle::{Played, Puzzle};
use crate::search::{LimitHit, Limits, Outcome};

/// The reason a move after the goal is refused, by a [`Session`] and by
/// any front end that replays moves without one.
pub const ALREADY_WON: &str = "the game is already won";

/// What the solver knows about a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prospect<M> {
    /// The goal is reached.
    Won,
    /// The goal is reachable; `plan` is an optimal way (never empty).
    Reachable { plan: Vec<M> },
    /// Proved: no sequence of moves within the rules reaches the goal.
    Hopeless,
    /// A budget stopped the search; nothing is known.
    Unknown(LimitHit),
}

impl<M> Prospect<M> {
    /// Moves still needed (0 when won), if known.
    pub fn to_go(&self) -> Option<usize> {
        match self {
            Prospect::Won => Some(0),
            Prospect::Reachable { plan } => Some(plan.len()),
            _ => None,
        }
    }

    /// The first move of an optimal plan, if there is one.
    pub fn next_move(&self) -> Option<&M> {
        match self {
            Prospect::Reachable { plan } => plan.first(),
            _ => None,
        }
    }
}

/// Positions kept in full: one every this many moves of the history at
/// first (the spacing doubles each time the checkpoints would outnumber
/// [`MAX_CHECKPOINTS`]). Every other position is replayed from the
/// checkpoint before it when asked for, through fewer moves than the
/// spacing.
pub const CHECKPOINT: usize = 64;

/// The most checkpoints a session keeps (even, so that thinning keeps
/// every other one and the rest stay at multiples of the new spacing).
pub const MAX_CHECKPOINTS: usize = 64;

/// A game in progress. See the module docs.
#[derive(Debug, Clone)]
pub struct Session<P: Puzzle> {
    game: Played<P>,
    /// `checkpoints[k]` is the position after `k * spacing` moves of the
    /// history; `checkpoints[0]` is the start.
    checkpoints: Vec<P::State>,
    /// Moves between checkpoints: [`CHECKPOINT`], doubled at each thinning.
    spacing: usize,
    /// The history: `moves[i]` leads from position `i` to `i + 1`. Moves
    /// after `at` are the redo history.
    moves: Vec<(P::Move, P::Event)>,
    at: usize,
    /// The position after `at` moves, and the one before it.
    current: P::State,
    before: Option<P::State>,
    /// What the solver proved, for the positions it was asked about.
    prospects: BTreeMap<usize, Prospect<P::Move>>,
}

/// A saved history that does not replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// 0-based index of the refused move.
    pub index: usize,
    pub reason: String,
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "move {} is refused: {}", self.index + 1, self.reason)
    }
}

impl std::error::Error for ReplayError {}

impl<P: Puzzle> Session<P> {
    /// A new game at `start`.
    pub fn new(game: Played<P>, start: P::State) -> Session<P> {
        Session {
            game,
            checkpoints: vec![start.clone()],
            spacing: CHECKPOINT,
            moves: Vec::new(),
            at: 0,
            current: start,
            before: None,
            prospects: BTreeMap::new(),
        }
    }

    /// A game resumed from a saved history: `moves` are replayed from
    /// `start` through the rules, then the first `at` of them count as
    /// played and the rest can be redone. `at` past the end means all.
    pub fn resume(
        game: Played<P>,
        start: P::State,
        moves: &[P::Move],
        at: usize,
    ) -> Result<Session<P>, ReplayError> {
        let mut s = Session::new(game, start);
        // One position, moved forward in place: each move costs its own
        // work, and only the checkpoints are copies.
        let mut state = s.checkpoints[0].clone();
        s.moves.reserve_exact(moves.len());
        for (index, &mv) in moves.iter().enumerate() {
            if s.game.is_won(&state) {
                return Err(ReplayError {
                    index,
                    reason: ALREADY_WON.into(),
                });
            }
            let event = s
                .game
                .apply_in_place(&mut state, index, mv)
                .map_err(|reason| ReplayError { index, reason })?;
            s.moves.push((mv, event));
            s.checkpoint(s.moves.len(), &state);
        }
        let len = s.moves.len();
        let at = at.min(len);
        s.current = if at == len { state } else { s.replayed(at) };
        s.before = at.checked_sub(1).map(|j| s.replayed(j));
        s.at = at;
        Ok(s)
    }

    /// Keeps `state`, the position after `i` moves, if a checkpoint is due
    /// there (the checkpoints before it are in place), thinning them when
    /// there would be more than [`MAX_CHECKPOINTS`].
    fn checkpoint(&mut self, i: usize, state: &P::State) {
        if i % self.spacing != 0 {
            return;
        }
        debug_assert_eq!(self.checkpoints.len(), i / self.spacing);
        self.checkpoints.push(state.clone());
        if self.checkpoints.len() > MAX_CHECKPOINTS {
            // Keep 0, 2, 4, ...: the positions at multiples of the double.
            let mut k = 0;
            self.checkpoints.retain(|_| {
                k += 1;
                k % 2 == 1
            });
            self.spacing *= 2;
        }
    }

    pub fn game(&self) -> &Played<P> {
        &self.game
    }

    /// The current position.
    pub fn state(&self) -> &P::State {
        &self.current
    }

    /// The position before the last move played, if there is one.
    pub fn before(&self) -> Option<&P::State> {
        self.before.as_ref()
    }

    /// The start position.
    pub fn start(&self) -> &P::State {
        &self.checkpoints[0]
    }

    /// The position after `i` moves of the history (`i` ≤ [`Session::len`]),
    /// replayed from the checkpoint before it unless it is the current one
    /// or the one before.
    pub fn state_at(&self, i: usize) -> Option<P::State> {
        if i > self.moves.len() {
            return None;
        }
        if i == self.at {
            return Some(self.current.clone());
        }
        if i + 1 == self.at {
            return self.before.clone();
        }
        Some(self.replayed(i))
    }

    /// Position `i` from its checkpoint. The moves of the history were
    /// legal when played and the rules are deterministic, so they replay.
    fn replayed(&self, i: usize) -> P::State {
        let k = i / self.spacing;
        let mut state = self.checkpoints[k].clone();
        for j in k * self.spacing..i {
            self.game
                .apply_in_place(&mut state, j, self.moves[j].0)
                .expect("a move of the history replays");
        }
        state
    }

    /// Makes position `i` the current one.
    fn go_to(&mut self, i: usize) {
        if i == self.at {
            return;
        }
        if i + 1 == self.at {
            // One back: the position before becomes the current one.
            self.current = self.before.take().expect("a position before a move");
        } else if i == self.at + 1 {
            // One forward: replay the next move of the history.
            let next = self.replayed_from(&self.current, self.at);
            self.before = Some(std::mem::replace(&mut self.current, next));
            self.at = i;
            return;
        } else {
            self.current = self.replayed(i);
        }
        self.at = i;
        self.before = i.checked_sub(1).map(|j| self.replayed(j));
    }

    /// The position after move `j` of the history, from the one before it.
    fn replayed_from(&self, state: &P::State, j: usize) -> P::State {
        self.game
            .apply(state, j, self.moves[j].0)
            .expect("a move of the history replays")
            .0
    }

    /// Moves played to reach the current position.
    pub fn used(&self) -> usize {
        self.at
    }

    /// Moves in the whole history, the undone ones included.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when no move was ever made.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves played to reach the current position.
    pub fn played(&self) -> Vec<P::Move> {
        self.moves[..self.at].iter().map(|(m, _)| *m).collect()
    }

    /// Every move of the history, the undone ones included (what a save
    /// keeps, so that redo survives a reload).
    pub fn history(&self) -> Vec<P::Move> {
        self.moves.iter().map(|(m, _)| *m).collect()
    }

    /// The move that led to the current position and what it did.
    pub fn last(&self) -> Option<&(P::Move, P::Event)> {
        self.at.checked_sub(1).map(|i| &self.moves[i])
    }

    pub fn is_won(&self) -> bool {
        self.game.is_won(self.state())
    }

    pub fn can_undo(&self) -> bool {
        self.at > 0
    }

    pub fn can_redo(&self) -> bool {
        self.at < self.moves.len()
    }

    /// Plays `mv` from the current position. A refused move changes
    /// nothing and returns the rules' reason. Replaying the next move of
    /// the redo history keeps the rest of it; any other move drops it.
    pub fn play(&mut self, mv: P::Move) -> Result<&P::Event, String> {
        if self.is_won() {
            return Err(ALREADY_WON.into());
        }
        if self.moves.get(self.at).is_some_and(|(m, _)| *m == mv) {
            self.go_to(self.at + 1);
            return Ok(&self.moves[self.at - 1].1);
        }
        let (next, event) = self.game.apply(self.state(), self.at, mv)?;
        // What is known here says something about the next position too.
        let inherited = match self.prospects.get(&self.at) {
            Some(Prospect::Reachable { plan }) if plan[0] == mv => Some(if plan.len() == 1 {
                Prospect::Won
            } else {
                Prospect::Reachable {
                    plan: plan[1..].to_vec(),
                }
            }),
            Some(Prospect::Hopeless) => Some(Prospect::Hopeless),
            _ => None,
        };
        // The redo history is dropped.
        self.moves.truncate(self.at);
        self.checkpoints.truncate(self.at / self.spacing + 1);
        self.prospects.split_off(&(self.at + 1));
        self.moves.push((mv, event));
        self.at += 1;
        self.checkpoint(self.at, &next);
        self.before = Some(std::mem::replace(&mut self.current, next));
        if let Some(p) = inherited {
            self.prospects.insert(self.at, p);
        }
        Ok(&self.moves[self.at - 1].1)
    }

    /// Takes back one move; `false` at the start.
    pub fn undo(&mut self) -> bool {
        let can = self.can_undo();
        if can {
            self.go_to(self.at - 1);
        }
        can
    }

    /// Plays the next undone move again; `false` when there is none.
    pub fn redo(&mut self) -> bool {
        let can = self.can_redo();
        if can {
            self.go_to(self.at + 1);
        }
        can
    }

    /// Back to the start. The moves stay in the redo history, so a restart
    /// is undone by redoing. `false` when already at the start.
    pub fn restart(&mut self) -> bool {
        let moved = self.at > 0;
        self.go_to(0);
        moved
    }

    /// What the solver proves about the current position (searched under
    /// `limits` the first time, then remembered).
    pub fn prospect(&mut self, limits: &Limits) -> &Prospect<P::Move> {
        self.prospect_at(self.at, limits)
    }

    /// The prospect of position `i` of the history (clamped to the last).
    /// Position 0 gives the puzzle's optimum.
    pub fn prospect_at(&mut self, i: usize, limits: &Limits) -> &Prospect<P::Move> {
        let i = i.min(self.moves.len());
        if !self.prospects.contains_key(&i) {
            let state = self.state_at(i).expect("clamped to the history");
            let found = if self.game.is_won(&state) {
                Prospect::Won
            } else {
                match self.game.solve_from(&state, i, limits).outcome {
                    Outcome::Solved(plan) if plan.is_empty() => Prospect::Won,
                    Outcome::Solved(plan) => Prospect::Reachable { plan },
                    Outcome::Unsolvable => Prospect::Hopeless,
                    Outcome::Limit(hit) => Prospect::Unknown(hit),
                }
            };
            self.prospects.insert(i, found);
        }
        &self.prospects[&i]
    }

    /// The prospect of the current position if it was already computed.
    pub fn known_prospect(&self) -> Option<&Prospect<P::Move>> {
        self.prospects.get(&self.at)
    }

    /// The prospect of position `i` if it was already computed.
    pub fn known_prospect_at(&self, i: usize) -> Option<&Prospect<P::Move>> {
        self.prospects.get(&i)
    }

    /// Forgets an `Unknown` prospect of the current position, so the next
    /// ask searches again (perhaps with a larger budget).
    pub fn retry_unknown(&mut self) {
        if matches!(self.prospects.get(&self.at), Some(Prospect::Unknown(_))) {
            self.prospects.remove(&self.at);
        }
    }

    /// The legal moves from the current position.
    pub fn legal_moves(&self) -> Vec<P::Move> {
        P::Move::ALL
            .iter()
            .copied()
            .filter(|&m| self.game.apply(self.state(), self.at, m).is_ok())
            .collect()
    }

    /// True when the game is not won and no move is legal.
    pub fn is_stuck(&self) -> bool {
        !self.is_won() && self.legal_moves().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{bfs, HashVisited, Search};
    use crate::view::{BoardView, Mark};
    use std::cell::Cell;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Arc;

    /// The toys' moves are their letters.
    impl Move for char {
        const ALL: &'static [char] = &['+', '*', '-'];
        fn letter(self) -> char {
            self
        }
        fn from_letter(c: char) -> Option<char> {
            Self::ALL.contains(&c).then_some(c)
        }
        fn word(self) -> &'static str {
            "move"
        }
    }

    /// What a toy needs of the core beyond its rules, which no test here
    /// reads: it has one case, `()`, and is never drawn.
    macro_rules! toy_puzzle {
        () => {
            const INFO: crate::puzzle::Info = crate::puzzle::Info {
                name: "toy",
                title: "Toy",
                about: "",
                format_help: "",
                unit: "case",
                board: "board",
                one_move: "move",
                moves: "moves",
                terminator: "",
                samples: "",
                piece: "number",
                goal: "target",
            };
            type Case = ();
            fn cases<'a>(&self, _: Box<dyn std::io::BufRead + 'a>) -> crate::puzzle::Cases<'a, ()> {
                Box::new(std::iter::empty())
            }
            fn write_case(&self, _: &()) -> String {
                String::new()
            }
            fn size(_: &()) -> (u32, u32) {
                (1, 1)
            }
            fn view(
                &self,
                _: &(),
                _: &Self::State,
                _: Option<(&Self::State, char, &Self::Event)>,
                _: Option<char>,
            ) -> BoardView {
                unreachable!("a toy is never drawn")
            }
            fn describe(&self, mv: char, _: &Self::Event) -> String {
                mv.to_string()
            }
            fn legend(&self) -> Vec<(Mark, &'static str)> {
                Vec::new()
            }
        };
    }

    /// A toy game on the integers: `+` adds 1, `*` doubles, `-` subtracts 3
    /// but is refused below 3; reach `target` within `cap` moves, from the
    /// start `from`. Counts the searches it runs.
    #[derive(Debug, Clone, Default)]
    struct Numbers {
        target: i64,
        cap: usize,
        from: i64,
        searches: Arc<AtomicU32>,
    }

    impl Numbers {
        fn searches(&self) -> u32 {
            self.searches.load(Ordering::Relaxed)
        }
    }

    /// The game of `numbers` and its start.
    fn numbers(target: i64, cap: usize) -> Played<Numbers> {
        Played::new(
            Numbers {
                target,
                cap,
                from: 1,
                searches: Arc::default(),
            },
            (),
        )
        .0
    }

    fn step(n: i64, mv: char) -> Result<i64, String> {
        match mv {
            '+' => Ok(n + 1),
            '*' => Ok(n * 2),
            '-' if n >= 3 => Ok(n - 3),
            _ => Err(format!("cannot subtract 3 from {n}")),
        }
    }

    impl Puzzle for Numbers {
        toy_puzzle!();
        type Move = char;
        type State = i64;
        type Event = i64;

        fn start(&self, _: &()) -> i64 {
            self.from
        }

        fn apply(&self, _: &(), &n: &i64, used: usize, mv: char) -> Result<(i64, i64), String> {
            if used >= self.cap {
                return Err(format!("all {} moves are used", self.cap));
            }
            step(n, mv).map(|m| (m, m - n))
        }

        fn is_won(&self, _: &(), &n: &i64) -> bool {
            n == self.target
        }

        fn solve_from(&self, _: &(), &n: &i64, used: usize, limits: &Limits) -> Search<char> {
            self.searches.fetch_add(1, Ordering::Relaxed);
            let left = self.cap.saturating_sub(used) as u32;
            bfs(
                n,
                |&s, out: &mut Vec<(char, i64)>| {
                    for mv in ['+', '*', '-'] {
                        if let Ok(t) = step(s, mv) {
                            out.push((mv, t));
                        }
                    }
                },
                |&s| s == self.target,
                &mut HashVisited::default(),
                Some(left),
                limits,
            )
        }
    }

    #[test]
    fn undo_redo_and_restart_move_along_the_history() {
        let mut s = Session::new(numbers(100, 20), 1);
        assert!(!s.can_undo() && !s.can_redo());
        for mv in ['+', '*', '*'] {
            s.play(mv).unwrap();
        }
        assert_eq!(*s.state(), 8);
        assert_eq!(s.used(), 3);
        assert!(s.undo());
        assert!(s.undo());
        assert_eq!(*s.state(), 2);
        assert_eq!(s.played(), vec!['+']);
        assert_eq!(s.history(), vec!['+', '*', '*']);
        assert!(s.redo());
        assert_eq!(*s.state(), 4);
        // The next redo move, played by hand, keeps the redo history.
        s.play('*').unwrap();
        assert_eq!(s.len(), 3);
        s.undo();
        // Another move drops it.
        assert_eq!(*s.play('+').unwrap(), 1);
        assert_eq!(s.history(), vec!['+', '*', '+']);
        assert!(!s.can_redo());
        assert!(s.restart());
        assert_eq!(*s.state(), 1);
        assert!(!s.restart());
        assert!(!s.undo());
        assert!(s.redo() && s.redo() && s.redo() && !s.redo());
        assert_eq!(*s.state(), 5);
        assert_eq!(s.last(), Some(&('+', 1)));
    }

    #[test]
    fn a_refused_move_changes_nothing() {
        let mut s = Session::new(numbers(100, 20), 1);
        s.play('+').unwrap();
        let err = s.play('-').unwrap_err();
        assert_eq!(err, "cannot subtract 3 from 2");
        assert_eq!(*s.state(), 2);
        assert_eq!(s.len(), 1);
        assert_eq!(s.legal_moves(), vec!['+', '*']);
    }

    #[test]
    fn hints_are_optimal_and_solving_costs_one_search() {
        let mut s = Session::new(numbers(10, 20), 1);
        let limits = Limits::none();
        let plan = match s.prospect(&limits) {
            Prospect::Reachable { plan } => plan.clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(plan.len(), 4); // 1 +1 2 *2 4 +1 5 *2 10
        assert_eq!(s.prospect(&limits).to_go(), Some(4));
        // Play the hints one by one, as "solve" does.
        while let Some(&mv) = s.prospect(&limits).next_move() {
            s.play(mv).unwrap();
        }
        assert!(s.is_won());
        assert_eq!(s.prospect(&limits), &Prospect::Won);
        assert_eq!(
            s.game().puzzle.searches(),
            1,
            "the plan's tail is inherited"
        );
        // Undo and redo ask nothing new.
        s.undo();
        assert_eq!(s.prospect(&limits).to_go(), Some(1));
        assert_eq!(s.game().puzzle.searches(), 1);
        // A won game refuses further moves.
        s.redo();
        assert_eq!(s.play('+').unwrap_err(), "the game is already won");
    }

    #[test]
    fn hopeless_is_a_proof_and_a_budget_is_not() {
        // Past 10 with only growing moves... but `-` can come back: use the cap.
        let mut s = Session::new(numbers(10, 5), 1);
        let limits = Limits::none();
        assert_eq!(s.prospect(&limits).to_go(), Some(4));
        for mv in ['*', '*', '*'] {
            s.play(mv).unwrap(); // 8 after 3 moves: 8 +1 +1 = 10 still fits
        }
        assert_eq!(s.prospect(&limits).to_go(), Some(2));
        s.undo();
        s.play('+').unwrap(); // 5 after 3 moves: 5 *2 = 10
        assert_eq!(s.prospect(&limits).next_move(), Some(&'*'));
        s.play('+').unwrap(); // 6 after 4 moves: one move left, none gives 10
        assert_eq!(s.prospect(&limits), &Prospect::Hopeless);
        s.play('+').unwrap(); // 7 after 5: the cap is used up
        assert!(s.is_stuck());
        assert_eq!(s.play('+').unwrap_err(), "all 5 moves are used");
        assert_eq!(s.prospect(&limits), &Prospect::Hopeless);

        // A budget too small to decide gives Unknown, never Hopeless.
        let mut s = Session::new(numbers(1000, 30), 1);
        let tiny = Limits {
            max_expanded: Some(3),
            ..Limits::none()
        };
        assert!(matches!(
            s.prospect(&tiny),
            Prospect::Unknown(LimitHit::States(3))
        ));
        // It is remembered until retried with a larger budget.
        assert!(matches!(s.prospect(&Limits::none()), Prospect::Unknown(_)));
        s.retry_unknown();
        assert!(matches!(
            s.prospect(&Limits::none()),
            Prospect::Reachable { .. }
        ));
    }

    #[test]
    fn resume_replays_the_history_and_keeps_redo() {
        let s = Session::resume(numbers(100, 20), 1, &['+', '*', '*', '+'], 2).unwrap();
        assert_eq!(*s.state(), 4);
        assert_eq!(s.history(), vec!['+', '*', '*', '+']);
        assert!(s.can_redo());
        let err = Session::resume(numbers(100, 20), 1, &['+', '-'], 2).unwrap_err();
        assert_eq!(err.index, 1);
        assert_eq!(
            err.to_string(),
            "move 2 is refused: cannot subtract 3 from 2"
        );
        let won = Session::resume(numbers(2, 20), 1, &['+', '+'], 9).unwrap_err();
        assert_eq!(won.reason, "the game is already won");
    }

    /// Issue 15: every position was kept, so a history whose positions
    /// grow with it cost quadratic memory. Only checkpoints are kept now;
    /// every position must still come back exactly, across checkpoints,
    /// through undo, redo, restart, a new branch and a resume.
    #[test]
    fn positions_between_checkpoints_replay_exactly() {
        let game = numbers(i64::MAX, 10_000);
        let mut s = Session::new(game, 1);
        let mut rng = 12345u64;
        let mut expected = vec![1i64];
        for _ in 0..(3 * CHECKPOINT + 17) {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = ['+', '+', '-', '*'][(rng >> 33) as usize % 4];
            let mv = if *expected.last().unwrap() > 1_000_000 {
                '-'
            } else {
                mv
            };
            if s.play(mv).is_ok() {
                expected.push(*s.state());
            }
        }
        let n = s.len();
        assert!(n > 2 * CHECKPOINT, "a history across checkpoints: {n}");
        assert_eq!(expected.len(), n + 1);
        for (i, &e) in expected.iter().enumerate() {
            assert_eq!(s.state_at(i), Some(e), "position {i}");
        }
        assert_eq!(s.state_at(n + 1), None);
        // Undo all the way, checking each position and the one before it.
        for i in (0..n).rev() {
            assert!(s.undo());
            assert_eq!(*s.state(), expected[i]);
            assert_eq!(s.before().copied(), i.checked_sub(1).map(|j| expected[j]));
        }
        assert!(!s.undo());
        for i in 1..=n {
            assert!(s.redo());
            assert_eq!(*s.state(), expected[i]);
            assert_eq!(s.before().copied(), Some(expected[i - 1]));
        }
        assert!(s.restart());
        assert_eq!(*s.state(), 1);
        // A new branch from the middle drops the rest and keeps counting.
        for _ in 0..(CHECKPOINT + 5) {
            s.redo();
        }
        let at = s.used();
        let history = s.history();
        let other = if history[at] == '+' { '*' } else { '+' };
        s.play(other).unwrap();
        assert_eq!(s.len(), at + 1);
        for (i, &e) in expected.iter().enumerate().take(at + 1) {
            assert_eq!(s.state_at(i), Some(e), "position {i} after a branch");
        }
        let resumed = Session::resume(numbers(i64::MAX, 10_000), 1, &history, at).unwrap();
        assert_eq!(*resumed.state(), expected[at]);
        assert_eq!(resumed.before().copied(), Some(expected[at - 1]));
    }

    /// A position that grows by one element a move, like a Curling position
    /// without a cap (one broken block a throw); every element copied by a
    /// `clone` is counted.
    #[derive(Debug, PartialEq, Eq, Hash)]
    struct Growing(Vec<u32>);

    thread_local! {
        static COPIED: Cell<usize> = const { Cell::new(0) };
    }

    impl Clone for Growing {
        fn clone(&self) -> Growing {
            COPIED.with(|c| c.set(c.get() + self.0.len()));
            Growing(self.0.clone())
        }
    }

    /// Any move appends the move count; the game is never won.
    #[derive(Debug, Clone, Default)]
    struct Grow;

    impl Puzzle for Grow {
        toy_puzzle!();
        type Move = char;
        type State = Growing;
        type Event = ();

        fn start(&self, _: &()) -> Growing {
            Growing(Vec::new())
        }

        fn apply(
            &self,
            _: &(),
            s: &Growing,
            used: usize,
            mv: char,
        ) -> Result<(Growing, ()), String> {
            let mut next = s.clone();
            self.apply_in_place(&(), &mut next, used, mv)?;
            Ok((next, ()))
        }

        fn apply_in_place(
            &self,
            _: &(),
            s: &mut Growing,
            used: usize,
            _: char,
        ) -> Result<(), String> {
            s.0.push(used as u32);
            Ok(())
        }

        fn is_won(&self, _: &(), _: &Growing) -> bool {
            false
        }

        fn solve_from(&self, _: &(), _: &Growing, _: usize, _: &Limits) -> Search<char> {
            unreachable!("not asked")
        }
    }

    /// Issue 28: a 200,000-throw save took 9-11 s and 1.26 GB to load: a
    /// copy of the growing position per move, and a checkpoint every 64
    /// moves. Resuming now copies positions only for the (at most
    /// `MAX_CHECKPOINTS`) checkpoints, and every position still replays.
    #[test]
    fn resuming_a_growing_history_copies_little() {
        let n = 20_000;
        let history = vec!['+'; n];
        COPIED.with(|c| c.set(0));
        let mut s = Session::resume(
            Played {
                puzzle: Grow,
                case: (),
            },
            Growing(Vec::new()),
            &history,
            n - 5,
        )
        .unwrap();
        let copied = COPIED.with(|c| c.get());
        // A copy per move would be n * n / 2 = 200,000,000 elements; the
        // checkpoints of a doubling spacing are a few times n.
        assert!(copied < 100 * n, "{copied} elements copied");
        assert!(s.checkpoints.len() <= MAX_CHECKPOINTS);
        let kept: usize = s.checkpoints.iter().map(|c| c.0.len()).sum();
        assert!(kept <= MAX_CHECKPOINTS * n, "{kept} elements kept");
        let expected = |i: usize| (0..i as u32).collect::<Vec<u32>>();
        assert_eq!(s.state().0, expected(n - 5));
        assert_eq!(s.before().unwrap().0, expected(n - 6));
        for i in [0, 1, 63, 64, 4095, 4096, 4097, 12_345, n - 1, n] {
            assert_eq!(s.state_at(i).unwrap().0, expected(i), "position {i}");
        }
        // Redo to the end, undo across a checkpoint, play on: the
        // checkpoints stay where the spacing says.
        while s.redo() {}
        assert_eq!(s.state().0, expected(n));
        for _ in 0..3000 {
            s.undo();
        }
        s.play('+').unwrap();
        for _ in 0..5000 {
            s.play('+').unwrap();
        }
        assert_eq!(s.len(), n - 3000 + 5001);
        for i in [0, 4096, n - 3000, n - 2999, s.len() - 1, s.len()] {
            assert_eq!(s.state_at(i).unwrap().0, expected(i), "position {i}");
        }
        assert!(s.checkpoints.len() <= MAX_CHECKPOINTS);
    }
}
