//! Holedox as a [`Game`] for the engine's play [`Session`](gridpuzzle_engine::session::Session).
//!
//! A move is [`step`] from [`crate::rules`], nothing else. The game from a
//! mid-game position is the case with the same lair and the current body
//! ([`Case::new`]), so a hint or a "hopeless" verdict is the ordinary exact
//! solver on that case. Whether the snake is *trapped* (no step is legal at
//! all) is the session's `is_stuck`, asked through the same rules.

use gridpuzzle_engine::search::{Limits, Search};
use gridpuzzle_engine::session::Game;
use gridpuzzle_engine::{Dir, Pos};

use crate::rules::{is_goal, step, Case, Lair, TailRule};
use crate::solve::solve;

/// Holedox under a tail rule, ready to play. A position is the body, head
/// first.
#[derive(Debug, Clone)]
pub struct HoledoxGame {
    pub lair: Lair,
    pub rule: TailRule,
}

impl HoledoxGame {
    pub fn new(lair: Lair, rule: TailRule) -> HoledoxGame {
        HoledoxGame { lair, rule }
    }
}

impl Game for HoledoxGame {
    type State = Vec<Pos>;
    type Move = Dir;
    /// The cell the tail left.
    type Event = Pos;

    fn moves(&self) -> &[Dir] {
        &Dir::ALL
    }

    fn apply(&self, body: &Vec<Pos>, _used: usize, dir: Dir) -> Result<(Vec<Pos>, Pos), String> {
        let mut next = body.clone();
        step(&self.lair, &mut next, dir, self.rule).map_err(|e| e.to_string())?;
        let left = *body.last().ok_or("there is no body to move")?;
        Ok((next, left))
    }

    fn is_won(&self, body: &Vec<Pos>) -> bool {
        is_goal(&self.lair, body)
    }

    fn solve_from(&self, body: &Vec<Pos>, _used: usize, limits: &Limits) -> Search<Dir> {
        // Every position of a session comes from a valid case through
        // `step`, which keeps a body a valid chain on free cells.
        let case = Case::new(self.lair.clone(), body.clone())
            .expect("step keeps the body valid for its lair");
        solve(&case, self.rule, limits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Cases;
    use gridpuzzle_engine::session::{Prospect, Session};

    fn sample() -> Vec<Case> {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../samples/holedox.in"
        ))
        .unwrap();
        Cases::from_reader(text.as_bytes())
            .map(|c| c.unwrap())
            .collect()
    }

    fn session(case: &Case, rule: TailRule) -> Session<HoledoxGame> {
        Session::new(
            HoledoxGame::new(case.lair().clone(), rule),
            case.body().to_vec(),
        )
    }

    #[test]
    fn hints_follow_an_optimal_plan_to_the_exit() {
        let cases = sample();
        let mut s = session(&cases[0], TailRule::Strict);
        let limits = Limits::none();
        assert_eq!(s.prospect(&limits).to_go(), Some(9));
        let mut moves = 0;
        while let Some(&dir) = s.prospect(&limits).next_move() {
            s.play(dir).unwrap();
            moves += 1;
            assert_eq!(s.prospect(&limits).to_go(), Some(9 - moves));
        }
        assert!(s.is_won());
        assert_eq!(moves, 9);
    }

    #[test]
    fn the_second_sample_is_hopeless_from_the_start() {
        let cases = sample();
        let mut s = session(&cases[1], TailRule::Strict);
        assert_eq!(s.prospect(&Limits::none()), &Prospect::Hopeless);
        let mut s = session(&cases[1], TailRule::Lenient);
        assert_eq!(s.prospect(&Limits::none()).to_go(), Some(5));
    }

    #[test]
    fn a_trapped_snake_is_stuck_and_hopeless() {
        // A 2×2 lair: a stone on the exit, the body on the other three
        // cells, so no step is legal.
        let mut lair = Lair::new(2, 2, Pos::new(0, 0)).unwrap();
        lair.set_stone(Pos::new(0, 0), true);
        let body = vec![Pos::new(0, 1), Pos::new(1, 1), Pos::new(1, 0)];
        let case = Case::new(lair, body).unwrap();
        let mut s = session(&case, TailRule::Strict);
        assert!(s.is_stuck());
        assert_eq!(
            s.play(Dir::Left).unwrap_err(),
            "the head would move into the stone at row 1, column 1"
        );
        assert_eq!(s.prospect(&Limits::none()), &Prospect::Hopeless);
    }
}
