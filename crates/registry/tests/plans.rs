//! `engine::check`'s plan lines on the registered puzzles: a line reads as
//! every puzzle's own moves (`verify --moves-file`, `verify --moves` and
//! the web API's `/api/verify` read plans so), `-` skips a case, and a bad
//! character is named by its column in characters (a non-ASCII character
//! before it is not a byte offset).

use gridpuzzle_engine::check::{read_plan_at, Plan};
use gridpuzzle_engine::Move;
use gridpuzzle_registry::{Registered, Visit};

/// Line `number` of `source` read as `P`'s moves.
fn parse_line<P: Registered>(
    line: &str,
    source: &str,
    number: usize,
) -> Result<Plan<P::Move>, String> {
    read_plan_at(line, &format!("{source}, line {number}"))
}

#[test]
fn plan_lines_parse_for_every_puzzle() {
    struct Lines;
    impl Visit for Lines {
        type Output = ();
        fn visit<P: Registered>(self, _: P) {
            assert_eq!(parse_line::<P>(" - ", "p", 1).unwrap(), Plan::Skip);
            assert_eq!(
                parse_line::<P>("", "p", 1).unwrap(),
                Plan::Moves(Vec::new())
            );
            let all: String = P::Move::ALL.iter().map(|m| m.letter()).collect();
            assert_eq!(
                parse_line::<P>(&all, "p", 1).unwrap(),
                Plan::Moves(P::Move::ALL.to_vec())
            );
            let e = parse_line::<P>("\u{a0}\u{1F600}", "p", 1).unwrap_err();
            assert!(e.starts_with("p, line 1, column 2: "), "{e}");
            let e = parse_line::<P>(&format!("{all}\u{1F600}"), "plans.txt", 3).unwrap_err();
            assert_eq!(
                e,
                format!(
                    "plans.txt, line 3, column {}: expected a move ({}), \
                     a `-` to skip the case, found `\u{1F600}`",
                    all.chars().count() + 1,
                    P::Move::letters()
                )
            );
        }
    }
    for e in gridpuzzle_registry::entries() {
        gridpuzzle_registry::visit(e.name, Lines).unwrap();
    }
}
