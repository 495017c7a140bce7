//! Reading a candidate's output against the judge's answers, line by line.
//!
//! The judge compares lines, so this does too: one line per case, in
//! order, each exactly the judge's line (`Puzzle::judge_line`), or with
//! `--bare` exactly the number. Trailing spaces and blank lines at the end
//! are forgiven, as judges forgive them; anything else that carries the
//! right number in another form (`Case 1:9`, a bare `9` where the judge
//! prints `Case 1: 9`) is a presentation error, said as such, so a
//! candidate that passes here also passes the judge.

use gridpuzzle_registry::Puzzle;

/// What is wrong with a candidate's output, if anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mismatch {
    /// Case `case` (1-based) has a number other than the answer.
    Wrong {
        case: usize,
        printed: i64,
        answer: i64,
    },
    /// The right number in another form than the judge's line.
    Presentation {
        case: usize,
        line: String,
        expected: String,
    },
    /// No number where case `case`'s line should be.
    Unparsable { case: usize, text: String },
    /// Fewer lines than cases (none at all is [`Mismatch::Nothing`]).
    Missing { lines: usize, cases: usize },
    /// More lines than cases: the first one past the end.
    Extra { cases: usize, line: String },
    /// Nothing printed.
    Nothing,
}

/// The number a line carries, read leniently: the text after its last
/// space or colon (`Case 1:9` → 9).
fn number_in(line: &str) -> Option<i64> {
    let t = line.trim();
    let tail = t.rsplit([' ', '\t', ':']).next().unwrap_or(t);
    tail.parse().ok()
}

/// Compares `stdout` with `answers`; `bare`: the candidate prints bare
/// numbers instead of the judge's lines.
pub fn compare<P: Puzzle>(stdout: &str, answers: &[i64], bare: bool) -> Option<Mismatch> {
    let mut lines: Vec<&str> = stdout.lines().map(str::trim_end).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    if lines.is_empty() {
        return Some(Mismatch::Nothing);
    }
    for (i, &answer) in answers.iter().enumerate() {
        let case = i + 1;
        let Some(&line) = lines.get(i) else {
            return Some(Mismatch::Missing {
                lines: lines.len(),
                cases: answers.len(),
            });
        };
        let Some(printed) = number_in(line) else {
            return Some(Mismatch::Unparsable {
                case,
                text: line.chars().take(80).collect(),
            });
        };
        if printed != answer {
            return Some(Mismatch::Wrong {
                case,
                printed,
                answer,
            });
        }
        let expected = if bare {
            answer.to_string()
        } else {
            P::judge_line(case as u64, &answer.to_string())
        };
        if line != expected {
            return Some(Mismatch::Presentation {
                case,
                line: line.chars().take(80).collect(),
                expected,
            });
        }
    }
    lines.get(answers.len()).map(|extra| Mismatch::Extra {
        cases: answers.len(),
        line: extra.chars().take(80).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridpuzzle_curling::Curling;
    use gridpuzzle_holedox::Holedox;

    #[test]
    fn lines_are_judged_as_the_judge_judges_them() {
        let ok = compare::<Holedox>("Case 1: 9\nCase 2: -1  \n\n", &[9, -1], false);
        assert_eq!(ok, None);
        assert!(matches!(
            compare::<Holedox>("Case 1:9\nCase 2: -1\n", &[9, -1], false),
            Some(Mismatch::Presentation { case: 1, .. })
        ));
        assert!(matches!(
            compare::<Holedox>("9\n", &[9], false),
            Some(Mismatch::Presentation { case: 1, .. })
        ));
        assert_eq!(compare::<Holedox>("9\n-1\n", &[9, -1], true), None);
        assert!(matches!(
            compare::<Holedox>("Case 1: 9\n", &[9, -1], false),
            Some(Mismatch::Missing { lines: 1, cases: 2 })
        ));
        assert!(matches!(
            compare::<Curling>("3\n4\n", &[3], false),
            Some(Mismatch::Extra { cases: 1, .. })
        ));
        assert_eq!(
            compare::<Curling>("3\n5\n", &[3, 4], false),
            Some(Mismatch::Wrong {
                case: 2,
                printed: 5,
                answer: 4
            })
        );
        assert!(matches!(
            compare::<Curling>("banana\n", &[3], false),
            Some(Mismatch::Unparsable { case: 1, .. })
        ));
        assert_eq!(
            compare::<Curling>("  \n", &[3], false),
            Some(Mismatch::Nothing)
        );
    }
}
