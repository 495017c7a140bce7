//! Curling in play: what [`crate::Curling`]'s `apply` and `solve_from` are,
//! for the engine's play [`Session`](gridpuzzle_engine::session::Session).
//!
//! Nothing here is a rule: a move is [`throw_under`] then [`apply`] from
//! [`crate::rules`]. What this file adds is the one fact play needs that the
//! solver did not: **the game from a mid-game position is exactly the game
//! on another board** — the blocks broken so far turned to ice, the stone's
//! cell the start, and the throws left as the cap ([`board_at`]). So a hint
//! or a "hopeless" verdict is the ordinary exact solver run on that board,
//! and it can be no less exact than `gridpuzzle solve`.
//!
//! A throw off the board is refused in play (with the reason), not played:
//! by the rules it loses the game at once, and refusing it keeps every
//! position of a session a position where the stone is on the board.

use gridpuzzle_engine::search::{Limits, Outcome, Search, Stats};
use gridpuzzle_engine::{Dir, Grid};

use crate::rules::{apply, apply_in_place, throw_under, Adjacent, Board, Cell, Foul, State, Throw};
use crate::solve::{solve, Options};

/// The board on which the game from `state` is the whole game: broken
/// blocks are ice, the stone's cell is the start. `None` when the stone is
/// on the goal (a board needs a start apart from its goal; that game is
/// already won).
pub fn board_at(board: &Board, state: &State) -> Option<Board> {
    if state.stone == board.goal() {
        return None;
    }
    let grid = board.grid();
    let cells = grid
        .cells()
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let p = grid.pos(i);
            match c {
                _ if p == state.stone => Cell::Start,
                Cell::Block if !board.is_block(state, p) => Cell::Ice,
                Cell::Start => Cell::Ice,
                other => other,
            }
        })
        .collect();
    let grid = Grid::from_cells(grid.width(), grid.height(), cells)?;
    Board::new(grid).ok()
}

/// Plays the throw toward `dir` from `state` after `used` throws under the
/// cap `max_throws` and the adjacent-block rule `adjacent` (the judge's is
/// [`Adjacent::Refused`]); `Err` is the rules' reason it is refused.
pub fn apply_throw_under(
    board: &Board,
    max_throws: Option<u32>,
    adjacent: Adjacent,
    state: &State,
    used: usize,
    dir: Dir,
) -> Result<(State, Throw), String> {
    let t = judged_throw(board, max_throws, adjacent, state, used, dir)?;
    Ok((apply(board, state, &t), t))
}

/// [`apply_throw_under`] on `state` itself (unchanged on `Err`): what a
/// long replay calls, so a throw costs its own work and not a copy of the
/// blocks broken so far.
pub fn apply_throw_in_place(
    board: &Board,
    max_throws: Option<u32>,
    adjacent: Adjacent,
    state: &mut State,
    used: usize,
    dir: Dir,
) -> Result<Throw, String> {
    let t = judged_throw(board, max_throws, adjacent, state, used, dir)?;
    apply_in_place(board, state, &t);
    Ok(t)
}

/// The throw toward `dir`, or the one-line reason play refuses it.
fn judged_throw(
    board: &Board,
    max_throws: Option<u32>,
    adjacent: Adjacent,
    state: &State,
    used: usize,
    dir: Dir,
) -> Result<Throw, String> {
    if let Some(cap) = max_throws.filter(|&cap| used >= cap as usize) {
        return Err(format!("all {cap} throws of the cap are used"));
    }
    throw_under(board, state, dir, adjacent).map_err(|foul| match foul {
        Foul::OffBoard { .. } => format!("{foul}, which loses the game"),
        foul => foul.to_string(),
    })
}

/// The exact solver on the game from `state` after `used` throws: the
/// ordinary solver on [`board_at`] with the throws left as its cap.
pub fn solve_from(
    board: &Board,
    max_throws: Option<u32>,
    state: &State,
    used: usize,
    limits: &Limits,
) -> Search<Dir> {
    from_here(board, max_throws, state, used, |board, cap| {
        let opts = Options {
            max_throws: cap,
            ..Options::default()
        };
        solve(board, &opts, limits)
    })
}

/// The game from `state` after `used` throws as a whole game of its own
/// ([`board_at`], with the throws left under `max_throws` as its cap),
/// solved by `solve`; already won when the stone rests on the goal. Shared
/// with the rule variants of [`crate::variant`].
pub(crate) fn from_here(
    board: &Board,
    max_throws: Option<u32>,
    state: &State,
    used: usize,
    solve: impl FnOnce(&Board, Option<u32>) -> Search<Dir>,
) -> Search<Dir> {
    let Some(board) = board_at(board, state) else {
        return Search {
            outcome: Outcome::Solved(Vec::new()),
            stats: Stats::default(),
        };
    };
    let cap = max_throws.map(|cap| cap.saturating_sub(used.min(u32::MAX as usize) as u32));
    solve(&board, cap)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Datasets;
    use gridpuzzle_engine::caps::Settings;
    use gridpuzzle_engine::puzzle::Played;
    use gridpuzzle_engine::search::Limits;
    use gridpuzzle_engine::session::{Prospect, Session};

    use crate::Curling;

    /// `board` to play under a cap of `cap` throws.
    fn game(board: Board, cap: u32) -> Played<Curling> {
        let mut curling = Curling::default();
        curling.set("max-throws", &cap.to_string()).unwrap();
        Played {
            puzzle: curling,
            case: board,
        }
    }

    fn sample() -> Vec<Board> {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../samples/curling.in"
        ))
        .unwrap();
        Datasets::new(text.as_bytes()).map(|b| b.unwrap()).collect()
    }

    #[test]
    fn the_game_from_a_position_is_the_game_on_its_board() {
        // Every position along an optimal plan of every sample board: the
        // board built from it has an optimum of exactly the rest of the plan.
        for board in sample() {
            let found = solve(&board, &Options::default(), &Limits::none());
            let Outcome::Solved(plan) = found.outcome else {
                continue;
            };
            let game = game(board.clone(), 10);
            let mut state = board.initial();
            for (k, &dir) in plan.iter().enumerate() {
                let rest = game.solve_from(&state, k, &Limits::none());
                assert_eq!(rest.outcome.moves().map(<[Dir]>::len), Some(plan.len() - k));
                let (next, _) = game.apply(&state, k, dir).unwrap();
                state = next;
            }
            assert!(game.is_won(&state));
            assert_eq!(board_at(&board, &state), None);
        }
    }

    #[test]
    fn the_cap_counts_in_play() {
        // Sample 2 needs 4 throws; with a cap of 4, one wasted throw makes
        // the position hopeless although the stone could still get there.
        let board = sample()[1].clone();
        let mut s = Session::new(game(board, 4), sample()[1].initial());
        let limits = Limits::none();
        assert_eq!(s.prospect(&limits).to_go(), Some(4));
        let first = *s.prospect(&limits).next_move().unwrap();
        let wasted = s
            .legal_moves()
            .into_iter()
            .find(|&d| d != first)
            .expect("another legal throw");
        s.play(wasted).unwrap();
        assert_eq!(s.prospect(&limits), &Prospect::Hopeless);
        s.undo();
        s.play(first).unwrap();
        assert_eq!(s.prospect(&limits).to_go(), Some(3));
    }

    #[test]
    fn refused_throws_say_why() {
        let board = sample()[1].clone();
        let game = game(board.clone(), 10);
        let start = board.initial();
        // The sample's start has a block on its right.
        assert_eq!(
            game.apply(&start, 0, Dir::Right).unwrap_err(),
            "blocked immediately by the block at row 1, column 5"
        );
        assert_eq!(
            game.apply(&start, 0, Dir::Up).unwrap_err(),
            "the stone slides up off the board from row 1, column 4, which loses the game"
        );
        assert_eq!(
            game.apply(&start, 10, Dir::Down).unwrap_err(),
            "all 10 throws of the cap are used"
        );
    }
}
