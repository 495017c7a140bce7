//! Bad input: each entry is an input, the answers of the good cases that
//! must still come out before the error, and the exact error message.

use std::io::{self, BufReader, Read};

use gridpuzzle_engine::search::{Limits, Outcome};
use gridpuzzle_engine::InputError;
use gridpuzzle_holedox::{solve, Cases, ParseOptions, TailRule};

/// One good case (answer 2 under either rule), four lines long.
const GOOD: &str = "3 3 2\n2 2\n2 3\n0\n";

struct Bad {
    input: &'static str,
    /// The exit, 1-based.
    exit: (u32, u32),
    /// Strict answers of the cases before the error.
    before: &'static [i64],
    error: &'static str,
}

const fn bad(input: &'static str, before: &'static [i64], error: &'static str) -> Bad {
    Bad {
        input,
        exit: (1, 1),
        before,
        error,
    }
}

fn answer(case: &gridpuzzle_holedox::Case) -> i64 {
    match solve(case, TailRule::Strict, &Limits::none()).outcome {
        Outcome::Solved(plan) => plan.len() as i64,
        Outcome::Unsolvable => -1,
        Outcome::Limit(hit) => panic!("{hit}"),
    }
}

/// The answers of the good cases, then the error (if any); checks that the
/// iterator stops after an error.
fn run<R: io::BufRead>(cases: Cases<R>) -> (Vec<i64>, Option<InputError>) {
    let mut answers = Vec::new();
    let mut cases = cases;
    for item in cases.by_ref() {
        match item {
            Ok(case) => answers.push(answer(&case)),
            Err(e) => {
                assert!(cases.next().is_none(), "nothing comes after an error");
                return (answers, Some(e));
            }
        }
    }
    (answers, None)
}

/// Every malformed input, with the answers before it and the error it
/// gives. One table, however long: an entry a kind of mistake, grouped by
/// kind, so a new mistake is one more entry; pieces would only scatter it.
fn table() -> Vec<Bad> {
    vec![
        // Tokens that are not non-negative integers.
        bad(
            "3 x 2\n",
            &[],
            "case 1, line 1, column 3: expected the number of columns (a non-negative integer), found `x`",
        ),
        bad(
            "3 3 2x\n2 2\n2 3\n0\n0 0 0\n",
            &[],
            "case 1, line 1, column 5: expected the body length (a non-negative integer), found `2x`",
        ),
        bad(
            concat!("3 3 2\n2 2\n2 3\n0\n", "3 3 -2\n"),
            &[2],
            "case 2, line 5, column 5: expected the body length (a non-negative integer), found the negative number `-2`",
        ),
        bad(
            "3 3 2\n2 2\n2 3\n-1\n",
            &[],
            "case 1, line 4, column 1: expected the number of stones (a non-negative integer), found the negative number `-1`",
        ),
        bad(
            "3 3 2\n2 2\n2 3\n1\n1 1.5\n",
            &[],
            "case 1, line 5, column 3: expected the column of stone 1 (a non-negative integer), found `1.5`",
        ),
        // Sizes.
        bad(
            "0 3 3\n",
            &[],
            "case 1, line 1, column 1: expected the number of rows (at least 1; only the terminator `0 0 0` has zeros), found `0 3 3`",
        ),
        bad(
            concat!("3 3 2\n2 2\n2 3\n0\n", "0 0 5\n"),
            &[2],
            "case 2, line 5, column 1: expected the number of rows (at least 1; only the terminator `0 0 0` has zeros), found `0 0 5`",
        ),
        bad(
            "3 0 2\n",
            &[],
            "case 1, line 1, column 3: expected the number of columns (at least 1), found `0`",
        ),
        bad(
            "1000000000 1000000000 8\n",
            &[],
            "case 1, line 1, column 1: expected the number of rows (at most 10000), found `1000000000`",
        ),
        bad(
            "20 99999999999999999999999999 8\n",
            &[],
            "case 1, line 1, column 4: expected the number of columns (at most 10000), found `99999999999999999999999999`",
        ),
        bad(
            "5000 5000 8\n",
            &[],
            "case 1, line 1, column 6: expected a lair of at most 16777216 cells, found 5000×5000 = 25000000 cells",
        ),
        // Body length.
        bad(
            "3 3 0\n",
            &[],
            "case 1, line 1, column 5: expected a body length of at least 1, found `0`",
        ),
        bad(
            "2 2 5\n1 1\n",
            &[],
            "case 1, line 1, column 5: expected a body length of at most 4 (the cells of a 2×2 lair), found `5`",
        ),
        bad(
            "3 3 99999999999999999999999\n",
            &[],
            "case 1, line 1, column 5: expected a body length of at most 9 (the cells of a 3×3 lair), found `99999999999999999999999`",
        ),
        bad(
            "100 100 27\n",
            &[],
            "case 1, line 1, column 9: expected a body length of at most 26 for a 100×100 lair (the search packs its state into 64 bits), found `27`",
        ),
        // The body.
        bad(
            "3 3 2\n4 1\n",
            &[],
            "case 1, line 2, column 1: expected the row of body segment 1 (1 to 3), found `4`",
        ),
        bad(
            "3 3 2\n1 0\n",
            &[],
            "case 1, line 2, column 3: expected the column of body segment 1 (1 to 3), found `0`",
        ),
        bad(
            "3 3 3\n1 1\n1 2\n1 1\n0\n0 0 0\n",
            &[],
            "case 1, line 4, column 1: expected body segment 3 on a cell not already in the body, found row 1, column 1, where segment 1 is",
        ),
        bad(
            "3 3 2\n1 1\n2 2\n0\n0 0 0\n",
            &[],
            "case 1, line 3, column 1: expected body segment 2 side-adjacent to segment 1 at row 1, column 1, found row 2, column 2",
        ),
        // Stones.
        bad(
            "3 3 2\n2 2\n2 3\n1\n4 4\n",
            &[],
            "case 1, line 5, column 1: expected the row of stone 1 (1 to 3), found `4`",
        ),
        bad(
            "3 3 2\n2 2\n2 3\n2\n1 1\n2 3\n0 0 0\n",
            &[],
            "case 1, line 6, column 1: expected stone 2 on a cell off the body, found a body on a stone: segment 2 is at row 2, column 3",
        ),
        // The exit (a parameter) outside the lair: reported at `n`.
        Bad {
            input: "5 5 1\n5 5\n0\n3 3 2\n2 2\n2 3\n0\n0 0 0\n",
            exit: (4, 5),
            before: &[1],
            error: "case 2, line 4, column 1: expected a lair that contains the exit at row 4, column 5, found a lair of 3 rows and 3 columns",
        },
        // Truncated cases.
        bad(
            concat!("3 3 2\n2 2\n2 3\n0\n", "3 3 2\n2 2\n"),
            &[2],
            "case 2, line 6, column 4: expected the row of body segment 2, found end of input",
        ),
        bad(
            "3 3 2\n2 2\n2 3\n3\n1 1\n",
            &[],
            "case 1, line 5, column 4: expected the row of stone 2, found end of input",
        ),
        bad(
            "3 3 2\n2 2\n2",
            &[],
            "case 1, line 3, column 2: expected the column of body segment 2, found end of input",
        ),
        bad(
            // A huge stone count is read one stone at a time, never reserved.
            "1 2 1\n1 1\n100000000000000\n1 2\n",
            &[],
            "case 1, line 4, column 4: expected the row of stone 2, found end of input",
        ),
        bad(
            concat!("3 3 2\n2 2\n2 3\n0\n", "0 0\n"),
            &[2],
            "case 2, line 5, column 4: expected the body length, found end of input",
        ),
        // The terminator is required; the cases before it are answered.
        bad(
            GOOD,
            &[2],
            "case 2, line 4, column 2: expected the next case or the terminator `0 0 0`, found end of input",
        ),
        bad(
            "",
            &[],
            "case 1, line 1, column 1: expected the next case or the terminator `0 0 0`, found end of input",
        ),
    ]
}

#[test]
fn every_bad_input_gives_its_error_after_the_good_cases() {
    for entry in table() {
        let options = ParseOptions { exit: entry.exit };
        let (answers, error) = run(Cases::new(entry.input.as_bytes(), options));
        assert_eq!(answers, entry.before, "input {:?}", entry.input);
        let error = error.unwrap_or_else(|| panic!("no error for {:?}", entry.input));
        assert_eq!(error.to_string(), entry.error, "input {:?}", entry.input);
        assert!(matches!(error, InputError::Malformed { .. }));
    }
}

/// A reader that fails if anything past its text is asked for.
struct Exploding(&'static [u8]);

impl Read for Exploding {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::other("read past the header"));
        }
        let n = self.0.len().min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn absurd_sizes_fail_at_once() {
    // The error comes from the first token; nothing more is read or
    // allocated (the reader would fail, the error would then be `Io`).
    for (input, column) in [("1000000000 1000000000 8 ", 1), ("5000 5000 8 ", 6)] {
        let mut cases = Cases::from_reader(BufReader::new(Exploding(input.as_bytes())));
        let err = cases.next().unwrap().unwrap_err();
        assert!(matches!(err, InputError::Malformed { .. }), "{err}");
        assert_eq!(err.span().unwrap().column, column);
        assert!(cases.next().is_none());
    }
}

#[test]
fn whitespace_is_not_significant_and_trailing_text_is_not_read() {
    let input = " 3 3\t2 2\r\n2\n\n 2 3 0 3 3 2 2 2 2 3 1 1 1\n\n0 0 0 this is never read";
    let (answers, error) = run(Cases::from_reader(input.as_bytes()));
    assert!(error.is_none(), "{error:?}");
    assert_eq!(answers, vec![2, -1]);
}

#[test]
fn duplicate_stones_and_a_stone_on_the_exit_are_fine() {
    let input = "3 3 2\n2 2\n2 3\n3\n1 1\n1 1\n3 3\n\n1 1 1\n1 1\n0\n0 0 0\n";
    let (answers, error) = run(Cases::from_reader(input.as_bytes()));
    assert!(error.is_none(), "{error:?}");
    assert_eq!(answers, vec![-1, 0]);
}

#[test]
fn the_exit_is_a_parameter() {
    let input = "3 3 2\n2 2\n2 3\n0\n0 0 0\n";
    let (answers, _) = run(Cases::new(input.as_bytes(), ParseOptions { exit: (3, 3) }));
    assert_eq!(answers, vec![2]);
    let (answers, _) = run(Cases::new(input.as_bytes(), ParseOptions { exit: (2, 2) }));
    assert_eq!(answers, vec![0]);
}

#[test]
fn the_longest_packable_body_is_accepted() {
    // 1×26 would need 26 cells; a 100×100 lair takes 26 but not 27.
    let mut input = String::from("100 100 26\n");
    for c in 1..=26 {
        input.push_str(&format!("1 {c}\n"));
    }
    input.push_str("0\n0 0 0\n");
    let (answers, error) = run(Cases::from_reader(input.as_bytes()));
    assert!(error.is_none(), "{error:?}");
    assert_eq!(answers, vec![0]);
}

#[test]
fn mutated_inputs_never_panic() {
    use gridpuzzle_engine::rng::SplitMix64;
    let base: Vec<&str> =
        "5 6 4 4 1 4 2 3 2 3 1 3 2 3 3 3 3 4 4 4 4 2 3 1 3 1 4 2 4 4 2 1 2 2 3 4 4 2 0 0 0"
            .split(' ')
            .collect();
    let words = [
        "0",
        "1",
        "2",
        "3",
        "7",
        "26",
        "-1",
        "x",
        "99999999999999999999",
        "+2",
        "é",
    ];
    let mut rng = SplitMix64::new(0xbad);
    let budget = Limits {
        max_expanded: Some(10_000),
        ..Limits::none()
    };
    for _ in 0..5_000 {
        let mut tokens = base.clone();
        for _ in 0..rng.range(1, 4) {
            let i = rng.below(tokens.len() as u64) as usize;
            match rng.below(3) {
                0 => tokens[i] = words[rng.below(words.len() as u64) as usize],
                1 => {
                    tokens.remove(i);
                }
                _ => tokens.insert(i, words[rng.below(words.len() as u64) as usize]),
            }
        }
        let input = tokens.join(" ");
        let mut seen = 0;
        for item in Cases::from_reader(input.as_bytes()) {
            seen += 1;
            assert!(seen <= 10, "the iterator does not end: {input}");
            if let Ok(case) = item {
                for rule in [TailRule::Strict, TailRule::Lenient] {
                    let _ = solve(&case, rule, &budget);
                }
            }
        }
    }
}
