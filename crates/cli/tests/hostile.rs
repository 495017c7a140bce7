//! Hostile bytes on standard input (issue 15): every case is answered up to
//! the bad one, then one clear error with case, line and column, the bad
//! bytes shown escaped, and exit status 2. Named after the bug each row
//! guards against.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `gridpuzzle solve PUZZLE` on raw bytes.
fn solve(puzzle: &str, input: &[u8]) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridpuzzle"))
        .args(["solve", puzzle])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("writer thread");
    (
        String::from_utf8(out.stdout).expect("utf-8 stdout"),
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
        out.status.code().unwrap_or(-1),
    )
}

struct Row {
    name: &'static str,
    puzzle: &'static str,
    input: &'static [u8],
    stdout: &'static str,
    /// The whole standard error, or "" for none.
    stderr: &'static str,
    code: i32,
}

const ROWS: &[Row] = &[
    Row {
        name: "invalid_utf8_after_a_valid_prefix_is_not_dropped",
        puzzle: "curling",
        input: b"2 1\n3 2\n2 1\n2 3\xff\n0 0\n",
        stdout: "1\n",
        stderr: "gridpuzzle: dataset 2, line 4, column 3: expected a cell code (0, 1, 2 or 3) for row 1, column 2 of the board, found `3\\xff`\n",
        code: 2,
    },
    Row {
        name: "many_bad_bytes_after_a_holedox_number_are_not_dropped",
        puzzle: "holedox",
        input: b"3 3 2\n2 2\n2 3\xff\xfe\xfd\xfc\xfb\n0\n0 0 0\n",
        stdout: "",
        stderr: "gridpuzzle: case 1, line 3, column 3: expected the column of body segment 2 (a non-negative integer), found `3\\xff\\xfe\\xfd\\xfc\\xfb`\n",
        code: 2,
    },
    Row {
        name: "a_bad_first_byte_is_shown",
        puzzle: "curling",
        input: b"\xff 1\n",
        stdout: "",
        stderr: "gridpuzzle: dataset 1, line 1, column 1: expected the width w (a non-negative integer), found `\\xff`\n",
        code: 2,
    },
    Row {
        name: "control_bytes_in_errors_are_escaped",
        puzzle: "curling",
        input: b"2 1\n2 \x1b[2J\n0 0\n",
        stdout: "",
        stderr: "gridpuzzle: dataset 1, line 2, column 3: expected a cell code (0, 1, 2 or 3) for row 1, column 2 of the board, found `\\u{1b}[2J`\n",
        code: 2,
    },
    Row {
        name: "integers_longer_than_forty_characters_are_read",
        puzzle: "curling",
        input: b"2 0000000000000000000000000000000000000000000000000001\n2 00000000000000000000000000000000000000000000000000003\n0 0\n",
        stdout: "1\n",
        stderr: "",
        code: 0,
    },
    Row {
        name: "a_vertical_tab_is_white_space",
        puzzle: "holedox",
        input: b"3\x0b3\x0c2\n2 2\n2 3\n0\n0 0 0\n",
        stdout: "Case 1: 2\n",
        stderr: "",
        code: 0,
    },
];

#[test]
fn hostile_bytes_get_clear_errors() {
    let mut failures = Vec::new();
    for row in ROWS {
        let (out, err, code) = solve(row.puzzle, row.input);
        if (out.as_str(), err.as_str(), code) != (row.stdout, row.stderr, row.code) {
            failures.push(format!(
                "{}: got stdout {out:?}, stderr {err:?}, exit {code}",
                row.name
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
