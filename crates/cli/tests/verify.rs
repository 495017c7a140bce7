//! `gridpuzzle verify`: the solver's own plans pass; a changed move is
//! named; a longer legal plan is "not optimal".

mod common;

use std::path::PathBuf;

use common::{random_curling_file, random_holedox_file, read_sample, run, sample};

/// Writes `text` to a fresh file under the target directory.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("verify-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The solver's plans for an input, as a moves file (`-` for `-1`).
fn own_plans(puzzle: &str, input: &str) -> String {
    let r = run(&["solve", puzzle, "--format", "json"], input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    r.stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            match v["outcome"].as_str() {
                Some("solved") => v["moves"].as_str().unwrap().to_string(),
                _ => "-".to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_solvers_own_plans_are_optimal() {
    for (puzzle, input) in [
        ("curling", random_curling_file(300, 11)),
        ("holedox", random_holedox_file(300, 12)),
        ("curling", read_sample("curling.in")),
        ("holedox", read_sample("holedox.in")),
    ] {
        let plans = temp_file(&format!("own-{puzzle}.txt"), &own_plans(puzzle, &input));
        let r = run(
            &["verify", puzzle, "--moves-file", plans.to_str().unwrap()],
            &input,
        );
        assert_eq!(r.code, 0, "{puzzle}: {}{}", r.stdout, r.stderr);
        assert!(
            r.stdout.lines().last().unwrap().contains(" 0 not,"),
            "{}",
            r.stdout
        );
    }
}

#[test]
fn a_changed_move_is_named() {
    // Sample dataset 2 is solved by D L U R.
    let input = read_sample("curling.in");
    let plans = temp_file("curling-changed.txt", "L\nD L D R\n-\n-\n-\n-\n");
    let r = run(
        &["verify", "curling", "--moves-file", plans.to_str().unwrap()],
        &input,
    );
    assert_eq!(
        r.stdout,
        "dataset 1: optimal (1 throw)\n\
         dataset 2, move 3 (D): blocked immediately by the block at row 6, column 2\n\
         dataset 3: skipped\ndataset 4: skipped\ndataset 5: skipped\ndataset 6: skipped\n\
         1 optimal, 1 not, 4 skipped\n"
    );
    assert_eq!(r.code, 1);

    // Holedox sample case 1: the head at (4,1) may not turn into (4,2).
    let path = sample("holedox.in");
    let r = run(
        &[
            "verify",
            "holedox",
            path.to_str().unwrap(),
            "--moves",
            "RUUU",
        ],
        "",
    );
    assert_eq!(
        r.code, 2,
        "two cases with --moves is a usage error: {}",
        r.stdout
    );
    let one_case = "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n0 0 0\n";
    let r = run(&["verify", "holedox", "--moves", "RUUU"], one_case);
    assert_eq!(
        r.stdout,
        "case 1, move 1 (R): the head would move into its own body at row 4, column 2 (segment 2)\n0 optimal, 1 not, 0 skipped\n"
    );
    assert_eq!(r.code, 1);
}

#[test]
fn longer_and_unfinished_plans() {
    let lair = "3 3 2\n2 2\n2 3\n0\n0 0 0\n";
    let r = run(&["verify", "holedox", "--moves", "DLUU"], lair);
    assert_eq!(
        r.stdout.lines().next(),
        Some("case 1: legal but not optimal: 4 steps, the optimum is 2")
    );
    assert_eq!(r.code, 1);
    let r = run(&["verify", "holedox", "--moves", "UL"], lair);
    assert_eq!(r.stdout.lines().next(), Some("case 1: optimal (2 steps)"));
    assert_eq!(r.code, 0);
    let r = run(&["verify", "holedox", "--moves", "U"], lair);
    assert_eq!(
        r.stdout.lines().next(),
        Some("case 1: the goal is not reached after 1 step: the head is at row 1, column 2, the exit at row 1, column 1")
    );
    let r = run(&["verify", "holedox", "--moves", "ULR"], lair);
    assert_eq!(
        r.stdout.lines().next(),
        Some("case 1, move 3 (R): the head is already on the exit: the game is over")
    );
    // Curling: over the cap.
    let board = "13 1\n2 0 1 1 1 1 1 1 1 1 1 1 3\n0 0\n";
    let r = run(&["verify", "curling", "--moves", "RRRRRRRRRRR"], board);
    assert_eq!(
        r.stdout.lines().next(),
        Some("dataset 1: 11 throws, more than the limit of 10")
    );
    // Refused at the first throw past the cap: a plan whose 12th throw is
    // illegal, and one of 180,000 throws (replayed whole before, for
    // seconds), are over the cap all the same.
    let r = run(&["verify", "curling", "--moves", "RRRRRRRRRRRL"], board);
    assert_eq!(
        r.stdout.lines().next(),
        Some("dataset 1: 12 throws, more than the limit of 10")
    );
    let throws = 180_000;
    let long = format!(
        "{} 1\n2{} 0 3\n0 0\n",
        2 * throws + 3,
        " 0 1".repeat(throws)
    );
    let plans = temp_file("curling-long-plan.txt", &"R".repeat(throws + 1));
    let r = run(
        &["verify", "curling", "--moves-file", plans.to_str().unwrap()],
        &long,
    );
    assert_eq!(
        r.stdout.lines().next(),
        Some("dataset 1: 180001 throws, more than the limit of 10")
    );
    assert_eq!(r.code, 1);
    // A throw after the goal is refused as such, even past the cap.
    let r = run(
        &["verify", "curling", "--moves", "RRRRRRRRRRR"],
        "4 1\n2 0 0 3\n0 0\n",
    );
    assert_eq!(
        r.stdout.lines().next(),
        Some("dataset 1, move 2 (R): the game is already won")
    );
    let r = run(
        &[
            "verify",
            "curling",
            "--max-throws",
            "none",
            "--moves",
            "RRRRRRRRRRR",
        ],
        board,
    );
    assert_eq!(
        r.stdout.lines().next(),
        Some("dataset 1: optimal (11 throws)")
    );
}

#[test]
fn bad_plans_and_missing_plans() {
    let input = read_sample("curling.in");
    let plans = temp_file("curling-bad.txt", "L\nDLXR\n");
    let r = run(
        &["verify", "curling", "--moves-file", plans.to_str().unwrap()],
        &input,
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("curling-bad.txt, line 2, column 3: expected a move (U, D, L or R)"),
        "{}",
        r.stderr
    );
    let plans = temp_file("curling-short.txt", "L\n");
    let r = run(
        &["verify", "curling", "--moves-file", plans.to_str().unwrap()],
        &input,
    );
    assert!(
        r.stdout
            .contains("dataset 2: no plan given (the plans have 1 line)"),
        "{}",
        r.stdout
    );
    assert_eq!(r.code, 1);
    let r = run(&["verify", "curling"], &input);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--moves-file"), "{}", r.stderr);
}
