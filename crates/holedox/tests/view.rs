//! What the screens draw (issue 15): an exit under the snake's body is
//! still drawn, as a covered exit, not hidden by the segment on it.

use gridpuzzle_engine::Puzzle;
use gridpuzzle_holedox::Holedox;

#[test]
fn an_exit_under_the_tail_is_drawn() {
    let puzzle = Holedox::default();
    // One row of three: head at column 3, tail on the exit at column 1.
    let input = "1 3 3\n1 3\n1 2\n1 1\n0\n0 0 0\n";
    let case = puzzle
        .cases(Box::new(input.as_bytes()))
        .next()
        .unwrap()
        .unwrap();
    let view = puzzle.view(&case, &puzzle.start(&case), None, None);
    let texts: Vec<&str> = view.top().iter().map(|m| m.text).collect();
    assert_eq!(texts, ["⊙", "●", "◉"]);
    assert!(puzzle.legend().iter().any(|(m, _)| m.text == "⊙"));
}
