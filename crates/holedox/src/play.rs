//! Holedox in play: the engine's play
//! [`Session`](gridpuzzle_engine::session::Session) over [`crate::Holedox`]'s
//! own rules. A move is [`crate::rules::step`], nothing else; the game from
//! a mid-game position is the case with the same lair and the current body,
//! so a hint or a "hopeless" verdict is the ordinary exact solver on that
//! case. Whether the snake is *trapped* (no step is legal at all) is the
//! session's `is_stuck`, asked through the same rules.

#[cfg(test)]
mod tests {
    use gridpuzzle_engine::caps::Settings;
    use gridpuzzle_engine::puzzle::Played;
    use gridpuzzle_engine::search::Limits;
    use gridpuzzle_engine::session::{Prospect, Session};
    use gridpuzzle_engine::{Dir, Pos};

    use crate::parse::Cases;
    use crate::rules::{Case, Lair, TailRule};
    use crate::Holedox;

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

    fn session(case: &Case, rule: TailRule) -> Session<Holedox> {
        let mut holedox = Holedox::default();
        let rule = match rule {
            TailRule::Strict => "strict",
            TailRule::Lenient => "lenient",
        };
        holedox.set("tail-rule", rule).unwrap();
        let (game, start) = Played::new(holedox, case.clone());
        Session::new(game, start)
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
