//! `gridpuzzle generate` through the binary: sizes and counts, seeds,
//! `--answers` against `solve`, unsolvable sets, JSON Lines, usage errors,
//! Ctrl-C, and `--hardest`.

mod common;

use std::path::PathBuf;

use common::run;
use gridpuzzle_curling as curling;
use gridpuzzle_holedox as holedox;
use serde_json::Value;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridpuzzle-generate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn curling_boards(text: &str) -> Vec<curling::Board> {
    curling::Datasets::new(text.as_bytes())
        .map(|b| b.expect("generated input parses"))
        .collect()
}

fn holedox_cases(text: &str, exit: (u32, u32)) -> Vec<holedox::Case> {
    holedox::Cases::new(text.as_bytes(), holedox::ParseOptions { exit })
        .map(|c| c.expect("generated input parses"))
        .collect()
}

#[test]
fn sizes_and_counts_are_as_asked() {
    let r = run(
        &[
            "generate", "curling", "--size", "9x5", "--count", "7", "--seed", "1",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.ends_with("\n0 0\n"));
    let boards = curling_boards(&r.stdout);
    assert_eq!(boards.len(), 7);
    assert!(boards.iter().all(|b| (b.width(), b.height()) == (9, 5)));

    // WIDTHxHEIGHT for Holedox too: 9 columns, 5 rows, so `5 9 4`.
    let r = run(
        &[
            "generate", "holedox", "--size", "9x5", "--len", "4", "--count", "6", "--seed", "1",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("5 9 4\n"), "{}", r.stdout);
    assert!(r.stdout.ends_with("0 0 0\n"));
    let cases = holedox_cases(&r.stdout, (1, 1));
    assert_eq!(cases.len(), 6);
    for c in &cases {
        assert_eq!(
            (c.lair().rows(), c.lair().cols(), c.body().len()),
            (5, 9, 4)
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_bytes() {
    for args in [
        &[
            "generate", "curling", "--size", "12x8", "--count", "10", "--answer", "3..7",
        ][..],
        &[
            "generate", "holedox", "--size", "10x8", "--len", "5", "--count", "10",
        ],
    ] {
        let with_seed = |seed: &str| {
            let mut a = args.to_vec();
            a.extend(["--seed", seed]);
            let r = run(&a, "");
            assert_eq!(r.code, 0, "{}", r.stderr);
            r.stdout
        };
        let first = with_seed("42");
        assert_eq!(first, with_seed("42"));
        assert_ne!(first, with_seed("43"));
    }
}

#[test]
fn answers_files_match_solve() {
    let (input, answers) = (temp("c.in"), temp("c.out"));
    let r = run(
        &[
            "generate",
            "curling",
            "--size",
            "10x10",
            "--count",
            "12",
            "--seed",
            "5",
            "--answer",
            "2..12",
            "--max-throws",
            "12",
            "-o",
            input.to_str().unwrap(),
            "--answers",
            answers.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.is_empty());
    let stated = std::fs::read_to_string(&answers).unwrap();
    let solved = run(
        &[
            "solve",
            "curling",
            "--max-throws",
            "12",
            input.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(solved.stdout, stated);
    for line in stated.lines() {
        let a: i64 = line.parse().unwrap();
        assert!((2..=12).contains(&a), "{a}");
    }

    let (input, answers) = (temp("h.in"), temp("h.out"));
    let r = run(
        &[
            "generate",
            "holedox",
            "--size",
            "8x7",
            "--len",
            "5",
            "--count",
            "12",
            "--seed",
            "5",
            "--answer",
            "10..40",
            "--exit",
            "7,8",
            "--tail-rule",
            "lenient",
            "-o",
            input.to_str().unwrap(),
            "--answers",
            answers.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let stated = std::fs::read_to_string(&answers).unwrap();
    let solved = run(
        &[
            "solve",
            "holedox",
            "--exit",
            "7,8",
            "--tail-rule",
            "lenient",
            input.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(solved.stdout, stated);
    assert_eq!(stated.lines().count(), 12);
}

#[test]
fn unsolvable_sets_are_all_minus_one() {
    for args in [
        &["generate", "curling", "--size", "8x6"][..],
        &["generate", "holedox", "--size", "7x7", "--len", "6"],
    ] {
        let mut a = args.to_vec();
        a.extend(["--count", "15", "--seed", "3", "--answer", "-1"]);
        let r = run(&a, "");
        assert_eq!(r.code, 0, "{}", r.stderr);
        let puzzle = args[1];
        let solved = run(&["solve", puzzle], &r.stdout);
        assert_eq!(solved.code, 0);
        assert_eq!(solved.stdout.lines().count(), 15);
        assert!(
            solved.stdout.lines().all(|l| l.ends_with("-1")),
            "{}",
            solved.stdout
        );
    }
}

#[test]
fn json_lines_parse_and_agree() {
    let r = run(
        &[
            "generate", "holedox", "--size", "9x6", "--len", "4", "--count", "8", "--seed", "2",
            "--answer", "6..", "--format", "json",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let records: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 8);
    for (i, rec) in records.iter().enumerate() {
        assert_eq!(rec["case"], i as u64 + 1);
        let answer = rec["answer"].as_i64().unwrap();
        assert!(answer >= 6);
        let d = &rec["difficulty"];
        assert_eq!(d["optimum"], answer);
        assert!(d["optimal_first_moves"].as_u64().unwrap() >= 1);
        assert!(d["expanded"].is_u64());
        assert_eq!(rec["moves"].as_str().unwrap().len() as i64, answer);
        let input = rec["input"].as_str().unwrap();
        assert!(input.ends_with("0 0 0\n"));
        let solved = run(&["solve", "holedox"], input);
        assert_eq!(solved.stdout, format!("Case 1: {answer}\n"));
    }
}

#[test]
fn usage_errors_exit_2() {
    for (args, needle) in [
        (
            &["generate", "curling", "--size", "0x5"][..],
            "at least one column",
        ),
        (
            &["generate", "curling", "--size", "5x5", "--answer", "5..2"],
            "empty",
        ),
        (
            &["generate", "curling", "--size", "5x5", "--answer", "12"],
            "cap of 10",
        ),
        (&["generate", "curling", "--size", "1x1"], "two cells"),
        (
            &["generate", "holedox", "--size", "3x3", "--len", "12"],
            "does not fit",
        ),
        (
            &[
                "generate", "holedox", "--size", "3x3", "--len", "2", "--exit", "4,1",
            ],
            "outside",
        ),
    ] {
        let r = run(args, "");
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(needle), "{args:?}: {}", r.stderr);
    }
}

#[test]
fn impossible_requests_give_up_with_what_was_made() {
    // Three cells in a row: no board needs 5 throws, whatever the cap.
    let r = run(
        &[
            "generate",
            "curling",
            "--size",
            "3x1",
            "--answer",
            "5",
            "--max-throws",
            "none",
            "--attempts",
            "300",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("gave up after 300 boards"),
        "{}",
        r.stderr
    );
    assert_eq!(
        r.stdout, "0 0\n",
        "the output is still a complete judge input"
    );
    // A body that no draw can lay (9 cells among stones on 3×3) ends too.
    let r = run(
        &[
            "generate",
            "holedox",
            "--size",
            "3x3",
            "--len",
            "9",
            "--stones",
            "60",
            "--attempts",
            "500",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("gave up after 500 tries in a row"),
        "{}",
        r.stderr
    );
    assert_eq!(r.stdout, "0 0 0\n");
}

#[cfg(unix)]
#[test]
fn ctrl_c_keeps_what_was_made() {
    use std::process::{Command, Stdio};
    let child = Command::new(env!("CARGO_BIN_EXE_gridpuzzle"))
        .args([
            "generate",
            "holedox",
            "--size",
            "12x12",
            "--len",
            "6",
            "--count",
            "100000000",
            "--seed",
            "9",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(700));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        out.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.ends_with("0 0 0\n"));
    let kept = holedox_cases(&stdout, (1, 1)).len();
    assert!(kept >= 1, "nothing was kept");
    // The interrupted run is a prefix of the same run's output.
    let r = run(
        &[
            "generate",
            "holedox",
            "--size",
            "12x12",
            "--len",
            "6",
            "--count",
            &kept.to_string(),
            "--seed",
            "9",
        ],
        "",
    );
    assert_eq!(r.stdout, stdout);
}

/// Parses the `best N ...` lines of `--hardest` and checks they only grow.
fn improvements(stderr: &str) -> Vec<i64> {
    let seen: Vec<i64> = stderr
        .lines()
        .filter_map(|l| l.strip_prefix("best "))
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    assert!(!seen.is_empty(), "{stderr}");
    assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
    seen
}

#[test]
fn hardest_prints_a_board_that_parses_and_only_improves() {
    let r = run(
        &[
            "generate",
            "holedox",
            "--size",
            "12x10",
            "--len",
            "6",
            "--hardest",
            "--time",
            "2",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let seen = improvements(&r.stderr);
    let best = *seen.last().unwrap();
    assert!(
        r.stderr.contains(&format!("answer {best} steps")),
        "{}",
        r.stderr
    );
    assert_eq!(holedox_cases(&r.stdout, (1, 1)).len(), 1);
    let solved = run(&["solve", "holedox"], &r.stdout);
    assert_eq!(solved.stdout, format!("Case 1: {best}\n"));

    let r = run(
        &[
            "generate",
            "curling",
            "--size",
            "10x10",
            "--max-throws",
            "none",
            "--hardest",
            "--time",
            "2",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let best = *improvements(&r.stderr).last().unwrap();
    assert_eq!(curling_boards(&r.stdout).len(), 1);
    let solved = run(&["solve", "curling", "--max-throws", "none"], &r.stdout);
    assert_eq!(solved.stdout, format!("{best}\n"));
}
