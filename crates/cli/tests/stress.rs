//! `gridpuzzle stress` against the deliberately wrong programs of
//! `examples/candidates.rs`: each failure is caught with its reason and
//! shrunk to a handful of cells; correct programs pass.

mod common;

use std::path::PathBuf;

use common::{candidates, run};

/// A fresh scratch path for a saved input.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("stress");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// Runs stress and returns (stdout, exit code, cells of the shrunk board).
fn stress(puzzle: &str, mode: &str, cases: &str) -> (String, i32, Option<u32>) {
    stress_with(puzzle, mode, cases, &[])
}

/// [`stress`] with more arguments.
fn stress_with(
    puzzle: &str,
    mode: &str,
    cases: &str,
    extra: &[&str],
) -> (String, i32, Option<u32>) {
    let candidate = format!("{} {mode}", candidates());
    let save = scratch(&format!("{}.in", mode.replace(' ', "-")));
    // A candidate that hangs is stopped at a short timeout, which its
    // tests name; every other candidate gets a long one, so a loaded
    // machine cannot make a correct one look hung.
    let timeout = if mode.starts_with("hang") {
        "0.3"
    } else {
        "20"
    };
    let mut args = vec![
        "stress",
        puzzle,
        "--candidate",
        &candidate,
        "--cases",
        cases,
        "--timeout",
        timeout,
        "--save",
        save.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let r = run(&args, "");
    // The shrunk input is the first line after the "Smallest failing input" line.
    let cells = r
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("Smallest failing input"))
        .nth(2)
        .map(|header| {
            let n: Vec<u32> = header
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect();
            n[0] * n[1]
        });
    (r.stdout, r.code, cells)
}

#[test]
fn a_curling_solver_that_breaks_adjacent_blocks_is_caught() {
    let (out, code, cells) = stress("curling", "curling-adjacent", "300");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("The candidate gave a wrong answer"),
        "{out}"
    );
    assert!(cells.unwrap() <= 6, "{out}");
    assert!(out.contains("The answer is"), "our answer is shown: {out}");
}

#[test]
fn a_holedox_solver_that_follows_its_tail_is_caught() {
    let (out, code, cells) = stress("holedox", "holedox-tail", "300");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("The candidate gave a wrong answer"),
        "{out}"
    );
    assert!(cells.unwrap() <= 6, "{out}");
    assert!(
        out.contains(
            "equals the optimum with the head allowed into the tail cell (`--tail-rule lenient`)"
        ),
        "{out}"
    );
}

#[test]
fn each_wrong_reading_is_named() {
    let (out, code, _) = stress("curling", "curling-adjacent", "300");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("equals the optimum with throws into an adjacent block allowed"),
        "{out}"
    );
    // Boards needing more than 10 throws come with larger sizes.
    let (out, code, _) = stress_with(
        "curling",
        "curling-no-cap",
        "300",
        &["--size", "12x12", "--seed", "2"],
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("equals the optimum without the 10-throw cap"),
        "{out}"
    );
}

#[test]
fn state_kept_between_datasets_is_caught_on_two_datasets() {
    let (out, code, _) = stress("curling", "curling-state", "300");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("The candidate gave a wrong answer on case 2"),
        "{out}"
    );
    assert!(out.contains("shrinking steps, 2 datasets)"), "{out}");
    assert!(
        out.contains("alone, this dataset is answered right: your program keeps something from the dataset before it"),
        "{out}"
    );
    // One dataset an input cannot show it.
    let (out, code, _) = stress_with("curling", "curling-state", "100", &["--datasets", "1"]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn the_printed_commands_reproduce_the_failure() {
    let path = scratch("reproduce.in");
    let candidate = format!("{} curling-adjacent", candidates());
    let r = run(
        &[
            "stress",
            "curling",
            "--candidate",
            &candidate,
            "--save",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 1, "{}", r.stdout);
    let file = path.to_str().unwrap();
    assert!(
        r.stdout
            .contains(&format!("  gridpuzzle solve curling {file}\n")),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains(&format!("  {candidate} < {file}\n")),
        "{}",
        r.stdout
    );
    let saved = std::fs::read_to_string(&path).unwrap();
    let ours = run(&["solve", "curling", file], "");
    let theirs = std::process::Command::new(candidates())
        .arg("curling-adjacent")
        .stdin(std::fs::File::open(&path).unwrap())
        .output()
        .unwrap();
    let theirs = String::from_utf8(theirs.stdout).unwrap();
    assert_ne!(ours.stdout, theirs, "{saved}");
    assert!(
        r.stdout.contains(&format!("it printed {}", theirs.trim())),
        "{}",
        r.stdout
    );
}

#[test]
fn presentation_errors_are_named_and_bare_numbers_taken_with_bare() {
    let script = scratch("pe.sh");
    let correct = format!("{} holedox-correct", candidates());
    std::fs::write(&script, format!("{correct} | sed 's/: /:/'\n")).unwrap();
    let sh = format!("sh {}", script.display());
    let save = scratch("pe.in");
    let args = [
        "stress",
        "holedox",
        "--candidate",
        &sh,
        "--cases",
        "20",
        "--save",
        save.to_str().unwrap(),
    ];
    let r = run(&args, "");
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout
            .contains("(a wrong answer to the default output validator): \"Case 1:"),
        "{}",
        r.stdout
    );
    let bare = scratch("bare.sh");
    std::fs::write(&bare, format!("{correct} | sed 's/Case [0-9]*: //'\n")).unwrap();
    let sh = format!("sh {}", bare.display());
    let mut args = [
        "stress",
        "holedox",
        "--candidate",
        &sh,
        "--cases",
        "20",
        "--save",
        save.to_str().unwrap(),
    ]
    .to_vec();
    let r = run(&args, "");
    assert_eq!(
        r.code, 1,
        "a bare number is not the judge's line: {}",
        r.stdout
    );
    args.push("--bare");
    let r = run(&args, "");
    assert_eq!(r.code, 0, "{}", r.stdout);
}

#[test]
fn jobs_find_the_same_smallest_input() {
    let (one, code, _) = stress_with(
        "holedox",
        "holedox-tail",
        "200",
        &["--jobs", "1", "--seed", "4"],
    );
    assert_eq!(code, 1);
    let (four, code, _) = stress_with(
        "holedox",
        "holedox-tail",
        "200",
        &["--jobs", "4", "--seed", "4"],
    );
    assert_eq!(code, 1);
    assert_eq!(one, four);
}

#[test]
fn the_generators_options_steer_the_cases() {
    let (out, code, _) = stress_with(
        "holedox",
        "holedox-correct",
        "30",
        &["--len", "2", "--size", "3x3..5x5", "--answer", "1..4"],
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("all 30 cases agreed"), "{out}");
    // A candidate wrong only on -1 is caught at once when only -1 is asked.
    let (out, code, _) = stress_with("curling", "silent curling", "3", &["--answer", "-1"]);
    assert_eq!(code, 1, "{out}");
    for bad in [["--size", "5x5..3x3"], ["--answer", "x"], ["--len", "0"]] {
        let mut args = vec!["stress", "holedox", "--candidate", "true"];
        args.extend_from_slice(&bad);
        let r = run(&args, "");
        assert_ne!(r.code, 0, "{bad:?}: {}", r.stdout);
    }
}

/// Starts stress with `args`, waits for its stderr line saying the failing
/// input is saved, then presses Ctrl-C `presses` times, 50 ms apart (two
/// signals sent at once would be delivered as one).
fn interrupt_while_shrinking(args: &[&str], presses: usize) -> (String, String, i32) {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridpuzzle"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    err.read_line(&mut first).unwrap();
    assert!(first.contains("saved to"), "{first}");
    for press in 0..presses {
        if press > 0 {
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(child.id() as i32),
            nix::sys::signal::Signal::SIGINT,
        )
        .unwrap();
    }
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let code = child.wait().unwrap().code().unwrap_or(-1);
    (out, first + &rest, code)
}

/// [`interrupt_while_shrinking`] on a candidate that hangs on every
/// input, each run stopped at `timeout` seconds, saving to `save`.
fn interrupt_a_hanging_candidate(
    save: &std::path::Path,
    timeout: &str,
    presses: usize,
) -> (String, String, i32) {
    let candidate = format!("{} hang curling", candidates());
    let save = save.to_str().unwrap();
    let args = [
        "stress",
        "curling",
        "--candidate",
        &candidate,
        "--timeout",
        timeout,
        "--save",
        save,
    ];
    interrupt_while_shrinking(&args, presses)
}

#[test]
fn ctrl_c_while_shrinking_keeps_and_prints_the_smallest_input() {
    // Each shrinking run of a hanging candidate takes its whole timeout.
    let path = scratch("interrupted.in");
    let (out, err, code) = interrupt_a_hanging_candidate(&path, "0.5", 1);
    assert_eq!(code, 130, "{out}\n{err}");
    assert!(
        out.contains("Smallest failing input so far (interrupted)"),
        "{out}"
    );
    assert!(err.contains("interrupted while shrinking"), "{err}");
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(
        out.contains(&saved),
        "the printed input is the saved one: {out}"
    );
    let solved = run(&["solve", "curling", path.to_str().unwrap()], "");
    assert_eq!(solved.code, 0, "the saved input is a whole judge input");
}

/// A second Ctrl-C leaves at once, with the same exit status as the
/// first: 130, as `stress --help` says (it once left with 4).
#[test]
fn a_second_ctrl_c_leaves_at_once_as_interrupted() {
    let path = scratch("interrupted-twice.in");
    let (out, err, code) = interrupt_a_hanging_candidate(&path, "5", 2);
    assert_eq!(code, 130, "{out}\n{err}");
    let solved = run(&["solve", "curling", path.to_str().unwrap()], "");
    assert_eq!(solved.code, 0, "the failing input is on disk: {err}");
}

#[test]
fn shrinking_stops_at_its_budget() {
    let candidate = format!("{} hang curling", candidates());
    let path = scratch("budget.in");
    let r = run(
        &[
            "stress",
            "curling",
            "--candidate",
            &candidate,
            "--timeout",
            "0.3",
            "--shrink-time",
            "0.5",
            "--save",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout
            .contains("Smallest failing input found within --shrink-time"),
        "{}",
        r.stdout
    );
    assert!(
        r.stderr.contains("shrinking stopped after 0.5 s"),
        "{}",
        r.stderr
    );
    assert!(path.exists());
}

#[test]
fn hangs_crashes_and_silence_are_failures_with_reasons() {
    for (puzzle, mode, reason) in [
        ("curling", "hang curling", "did not finish within 0.3 s"),
        ("holedox", "hang holedox", "did not finish within 0.3 s"),
        ("curling", "crash curling", "crashed (killed by signal 6)"),
        ("holedox", "crash holedox", "crashed (killed by signal 6)"),
        ("curling", "silent curling", "printed nothing"),
        ("holedox", "silent holedox", "printed nothing"),
    ] {
        let (out, code, cells) = stress(puzzle, mode, "100");
        assert_eq!(code, 1, "{mode}: {out}");
        assert!(
            out.starts_with(&format!("The candidate {reason}")),
            "{mode}: {out}"
        );
        assert!(cells.unwrap() <= 6, "{mode}: {out}");
    }
}

#[test]
fn a_timed_out_candidate_leaves_no_process_behind() {
    let marker = format!("stress-marker-{}", std::process::id());
    let (out, code, _) = stress_with(
        "curling",
        &format!("hang curling {marker}"),
        "20",
        &["--shrink-time", "2"],
    );
    assert_eq!(code, 1, "{out}");
    let left: Vec<String> = std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
        .map(|c| String::from_utf8_lossy(&c).into_owned())
        .filter(|c| c.contains(&marker))
        .collect();
    assert!(left.is_empty(), "left running: {left:?}");
}

#[test]
fn correct_candidates_pass() {
    for (puzzle, mode) in [
        ("curling", "curling-correct"),
        ("holedox", "holedox-correct"),
    ] {
        let (out, code, _) = stress(puzzle, mode, "150");
        assert_eq!(code, 0, "{out}");
        assert!(out.starts_with("all 150 cases agreed"), "{out}");
    }
    // gridpuzzle itself is a correct candidate.
    let me = format!("{} solve curling", env!("CARGO_BIN_EXE_gridpuzzle"));
    let r = run(
        &["stress", "curling", "--candidate", &me, "--cases", "100"],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stdout);
}

#[test]
fn the_failing_case_is_saved_and_reads_back() {
    let path = scratch("stress-saved.in");
    let candidate = format!("{} curling-adjacent", candidates());
    let r = run(
        &[
            "stress",
            "curling",
            "--candidate",
            &candidate,
            "--save",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 1);
    let saved = std::fs::read_to_string(&path).unwrap();
    let solved = run(&["solve", "curling"], &saved);
    assert_eq!(solved.code, 0);
    assert_eq!(solved.stdout.lines().count(), 1);
}

#[test]
fn usage_errors() {
    let r = run(&["stress", "curling"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--candidate"), "{}", r.stderr);
    let r = run(
        &["stress", "curling", "some-file.txt", "--candidate", "true"],
        "",
    );
    assert_eq!(r.code, 2);
    let r = run(
        &["stress", "curling", "--candidate", "/no/such/program"],
        "",
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("cannot run the candidate"),
        "{}",
        r.stderr
    );
    let help = run(&["stress", "--help"], "");
    assert!(
        help.stdout.contains("with your user's rights"),
        "{}",
        help.stdout
    );
}

/// A candidate's output and error excerpts reach the terminal escaped.
#[test]
fn a_candidates_escapes_are_shown_not_obeyed() {
    let candidate = r#"sh -c 'cat >/dev/null; printf "\033]0;pwned\007\033[2J-7\n"; printf "\033[31mboom\n" >&2'"#;
    let save = scratch("escapes.in");
    let r = run(
        &[
            "stress",
            "curling",
            "--candidate",
            candidate,
            "--cases",
            "5",
            "--save",
            save.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    let all = format!("{}{}", r.stdout, r.stderr);
    assert!(
        !all.chars().any(|c| c == '\x1b' || c == '\x07'),
        "a raw control reached the terminal:\n{all}"
    );
    assert!(all.contains("[2J-7"), "the output is not shown:\n{all}");
}

/// `stress --format json` is one document: the result and counts, and for
/// a failure the smallest input, what was printed (as written), our
/// answer and the diagnosis.
#[test]
fn stress_reports_in_json() {
    let save = scratch("json-fail.in");
    let candidate = format!("{} curling-adjacent", candidates());
    let r = run(
        &[
            "stress",
            "curling",
            "--candidate",
            &candidate,
            "--cases",
            "300",
            "--shrink-time",
            "5",
            "--save",
            save.to_str().unwrap(),
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    let doc: serde_json::Value = serde_json::from_str(&r.stdout).expect("one JSON document");
    assert_eq!(doc["result"], "failed");
    let failure = &doc["failure"];
    assert_eq!(failure["kind"], "wrong_answer");
    assert_eq!(
        std::fs::read_to_string(&save).unwrap(),
        failure["input"].as_str().unwrap()
    );
    assert!(failure["printed"].is_string() && failure["answer"].is_i64());
    assert!(!failure["diagnosis"].as_array().unwrap().is_empty());

    let bin = env!("CARGO_BIN_EXE_gridpuzzle");
    let right = format!("{bin} solve curling");
    let r = run(
        &[
            "stress",
            "curling",
            "--candidate",
            &right,
            "--cases",
            "20",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let doc: serde_json::Value = serde_json::from_str(&r.stdout).expect("one JSON document");
    assert_eq!(
        (doc["result"].as_str(), doc["agreed"].as_u64()),
        (Some("agreed"), Some(20))
    );
    assert!(doc.get("failure").is_none());
}
