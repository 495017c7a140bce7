//! Moves as the engine sees them: a small printable value of the puzzle's
//! own type.
//!
//! Both contest puzzles move in the four side directions ([`Dir`]), but the
//! engine does not assume it: a plan is a list of any [`Move`], written one
//! letter a move (`RDLU`), so plan files, the JSON records, the save file
//! and the web API carry every puzzle's moves the same way. A puzzle with
//! other moves (a king's eight steps, a turn of a piece) only implements
//! this trait, with a letter for each.

use std::fmt::{Debug, Display};
use std::hash::Hash;

use crate::grid::Dir;

/// One move of a puzzle, printable as a single letter.
pub trait Move: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static {
    /// Every move a player could try, legal or not, in a fixed order (the
    /// order hints and generators try them in).
    const ALL: &'static [Self];

    /// The letter used in plans.
    fn letter(self) -> char;

    /// Reads a plan letter; `None` for a character that is no move.
    fn from_letter(c: char) -> Option<Self>;

    /// A word for messages ("up", "north-east").
    fn word(self) -> &'static str;

    /// The letters of every move, for error messages: `U, D, L or R`.
    fn letters() -> String {
        let all: Vec<String> = Self::ALL.iter().map(|m| m.letter().to_string()).collect();
        match all.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }
}

impl Move for Dir {
    const ALL: &'static [Dir] = &Dir::ALL;

    fn letter(self) -> char {
        Dir::letter(self)
    }

    fn from_letter(c: char) -> Option<Dir> {
        Dir::from_letter(c)
    }

    fn word(self) -> &'static str {
        Dir::word(self)
    }
}

/// Formats a plan as letters, for example `RDLU`.
pub fn plan_string<M: Move>(moves: &[M]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// Reads a plan such as `RDLU` (whitespace and commas ignored).
/// Returns the offending character and its 0-based character index on
/// failure.
pub fn parse_plan<M: Move>(text: &str) -> Result<Vec<M>, (usize, char)> {
    text.chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace() && *c != ',')
        .map(|(i, c)| M::from_letter(c).ok_or((i, c)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_round_trip_and_name_the_bad_letter() {
        let plan: Vec<Dir> = parse_plan("r d, L u").unwrap();
        assert_eq!(plan_string(&plan), "RDLU");
        assert_eq!(parse_plan::<Dir>("RDX"), Err((2, 'X')));
        assert_eq!(<Dir as Move>::letters(), "U, D, L or R");
    }
}
