//! The words of a throw, for `--explain`.
//!
//! Curling draws nothing itself: its positions are the engine's views
//! (`Puzzle::view` in `puzzle.rs`: the standing blocks and the goal as
//! ground, the stone a piece over it, the last throw's path and the block
//! it broke), which every front end draws — the terminal game,
//! `--explain`'s text boards, the SVG pictures and the page. What is left
//! here is the sentence `--explain` says about each throw.

use gridpuzzle_engine::Dir;

use crate::rules::Throw;

/// One sentence about a throw: how far the stone slid, where it rests
/// and the block it broke, or that it reached the goal.
pub fn describe_throw(dir: Dir, t: &Throw) -> String {
    match *t {
        Throw::Rest { at, broke, cells } => format!(
            "slides {cells} cell{} {} to {at} and breaks the block at {broke}",
            if cells == 1 { "" } else { "s" },
            dir.word(),
        ),
        Throw::Goal { at, cells } => format!(
            "slides {cells} cell{} {} into the goal at {at}",
            if cells == 1 { "" } else { "s" },
            dir.word(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use gridpuzzle_engine::caps::{explain, narration_of, svg};
    use gridpuzzle_engine::view::TextStyle;

    use super::*;
    use crate::parse::Datasets;
    use crate::rules::Board;
    use crate::Curling;

    fn sample_board() -> Board {
        let text = "6 6\n1 0 0 2 1 0\n1 1 0 0 0 0\n0 0 0 0 0 3\n0 0 0 0 0 0\n1 0 0 0 0 1\n0 1 1 1 1 1\n0 0\n";
        Datasets::new(text.as_bytes()).next().unwrap().unwrap()
    }

    #[test]
    fn explain_tells_each_throw() {
        let b = sample_board();
        let curling = Curling::default();
        let found = crate::solve(&b, &Default::default(), &Default::default());
        let plan = found.outcome.moves().unwrap().to_vec();
        let ascii = TextStyle {
            ascii: true,
            color: false,
        };
        let text = explain(&curling, narration_of(), &b, &plan, ascii);
        assert!(text.starts_with(
            "legend: O stone  # block  x block just broken  G goal  > path\n\
             start: the stone rests at row 1, column 4\n"
        ));
        assert!(text.contains("throw 1 of 4 ("), "{text}");
        assert!(text.contains("throw 4 of 4"), "{text}");
        assert!(text.contains("into the goal at row 3, column 6"), "{text}");
        assert!(!text.contains('\x1b'));
        let colored = explain(
            &curling,
            narration_of(),
            &b,
            &plan,
            TextStyle {
                ascii: false,
                color: true,
            },
        );
        assert!(colored.contains("\x1b[1;33m●"));
    }

    #[test]
    fn illegal_plans_are_refused() {
        let b = sample_board();
        let curling = Curling::default();
        assert!(explain(
            &curling,
            narration_of(),
            &b,
            &[Dir::Right],
            TextStyle::default()
        )
        .starts_with("(cannot replay: throw 1 (R)"));
        assert!(svg(&curling, &b, &[Dir::Right], None).is_err());
    }
}
