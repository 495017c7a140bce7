//! The judge kit end to end (issue 17 items 3-6): a generated test set is
//! valid, repeats no case and kills every known wrong reading; the correct
//! seed programs of `examples/candidates.rs` are judged AC on it and each
//! buggy one gets a WA; `judge` tells TLE, MLE and RE apart; `check` and
//! `validate` say every problem with testlib's exit codes.
//!
//! The test sets are made once per puzzle (`--hardest 0`, so they are the
//! same on every machine) and shared by the tests of this file.

mod common;

use gridpuzzle_registry::Registered;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use common::{candidates, run, sample};
use gridpuzzle_engine::caps::JudgeKit;
use gridpuzzle_holedox::Holedox;
use gridpuzzle_registry::Visit;

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("judgekit")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The registered puzzles with a judge (the judge kit's puzzles), in the
/// registry's order: what the tests that hold for every puzzle loop over.
fn judged() -> Vec<&'static str> {
    gridpuzzle_registry::entries()
        .iter()
        .filter(|e| e.judge.is_some())
        .map(|e| e.name)
        .collect()
}

/// The test set of `puzzle`, made once.
fn test_set(puzzle: &str) -> PathBuf {
    static SETS: OnceLock<Mutex<HashMap<String, PathBuf>>> = OnceLock::new();
    let mut sets = SETS.get_or_init(Default::default).lock().unwrap();
    sets.entry(puzzle.to_string())
        .or_insert_with(|| {
            let dir = scratch(&format!("set-{puzzle}"));
            let out = dir.to_str().unwrap();
            let r = run(
                &["testset", puzzle, "-o", out, "--force", "--hardest", "0"],
                "",
            );
            assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
            dir
        })
        .clone()
}

fn manifest(puzzle: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(test_set(puzzle).join("manifest.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The input files of a test set, in order.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_str().unwrap();
            name.bytes().all(|b| b.is_ascii_digit())
        })
        .collect();
    files.sort();
    files
}

/// Every case of a judge input of the puzzle called `puzzle`, in the
/// judge's format.
fn case_texts(puzzle: &str, text: &str) -> Vec<String> {
    struct Cases<'a>(&'a str);
    impl Visit for Cases<'_> {
        type Output = Vec<String>;
        fn visit<P: Registered>(self, puzzle: P) -> Vec<String> {
            puzzle
                .cases(Box::new(self.0.as_bytes()))
                .map(|c| puzzle.write_case(&c.expect("a test set's case parses")))
                .collect()
        }
    }
    gridpuzzle_registry::visit(puzzle, Cases(text)).expect("a registered puzzle")
}

#[test]
fn test_sets_are_valid_unrepeated_and_kill_every_known_wrong_reading() {
    for puzzle in judged() {
        let dir = test_set(puzzle);
        let files = inputs(&dir);
        assert!(files.len() >= 8, "{puzzle}: {files:?}");
        let mut seen = std::collections::HashSet::new();
        for file in &files {
            let path = file.to_str().unwrap();
            let r = run(&["validate", puzzle, "--strict", path], "");
            assert_eq!(r.code, 0, "{path}: {}", r.stdout);
            let text = std::fs::read_to_string(file).unwrap();
            let cases = case_texts(puzzle, &text);
            let answers = std::fs::read_to_string(format!("{path}.a")).unwrap();
            assert_eq!(answers.lines().count(), cases.len(), "{path}");
            for case in cases {
                assert!(seen.insert(case.clone()), "{path} repeats\n{case}");
            }
        }
        let m = manifest(puzzle);
        for test in m["tests"].as_array().unwrap() {
            assert_eq!(test["valid"], true, "{puzzle} {}", test["input"]);
        }
        assert_eq!(m["reproducible"], true);
        assert_eq!(m["not_killed"], serde_json::json!([]), "{puzzle}");
        for v in m["variants"].as_array().unwrap() {
            assert!(
                !v["killed_by"].as_array().unwrap().is_empty(),
                "{puzzle}: {v}"
            );
        }
        assert!(!m["kill_set"].as_array().unwrap().is_empty(), "{puzzle}");
    }
}

/// The same seed gives the same bytes; another seed other cases.
#[test]
fn a_test_set_follows_from_its_seed() {
    let read = |dir: &Path| -> Vec<String> {
        inputs(dir)
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap())
            .collect()
    };
    let again = scratch("again");
    let r = run(
        &[
            "testset",
            "curling",
            "-o",
            again.to_str().unwrap(),
            "--hardest",
            "0",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(read(&test_set("curling")), read(&again));
    assert_eq!(
        std::fs::read_to_string(test_set("curling").join("manifest.json")).unwrap(),
        std::fs::read_to_string(again.join("manifest.json")).unwrap()
    );
    // Its README says how it was made: that command, run again, writes
    // the same folder.
    let readme = std::fs::read_to_string(again.join("README.txt")).unwrap();
    let command = readme
        .lines()
        .find_map(|l| l.trim().strip_prefix("gridpuzzle testset "))
        .expect("the README gives the command");
    assert!(command.contains("--seed 1"), "{command}");
    let third = scratch("third");
    let args: Vec<&str> = std::iter::once("testset")
        .chain(command.split_whitespace())
        .map(|a| {
            if a == "DIR" {
                third.to_str().unwrap()
            } else {
                a
            }
        })
        .collect();
    let r = run(&args, "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    for file in std::fs::read_dir(&again).unwrap() {
        let name = file.unwrap().file_name();
        assert_eq!(
            std::fs::read(again.join(&name)).unwrap(),
            std::fs::read(third.join(&name)).unwrap(),
            "{name:?}"
        );
    }
    // A folder that holds a set is not overwritten without --force.
    let r = run(&["testset", "curling", "-o", again.to_str().unwrap()], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("give --force"), "{}", r.stderr);
}

/// The seed programs, and whether each is right: adding a buggy
/// candidate of `examples/candidates.rs` is one row.
const PROGRAMS: &[(&str, &str, bool)] = &[
    ("curling", "curling-correct", true),
    ("holedox", "holedox-correct", true),
    ("curling", "curling-adjacent", false),
    ("holedox", "holedox-tail", false),
    ("curling", "curling-no-cap", false),
    ("curling", "curling-state", false),
];

#[test]
fn the_seed_programs_are_judged_ac_and_the_buggy_ones_wa() {
    // The timing test is there for the plain search of holedox-correct.
    assert!(
        Holedox::default()
            .presets()
            .iter()
            .any(|p| p.name == "naive-search-explodes"),
        "the timing test is gone: update this test"
    );
    let mut failures = Vec::new();
    for &(puzzle, mode, right) in PROGRAMS {
        let candidate = format!("{} {mode}", candidates());
        let dir = test_set(puzzle);
        let dir = dir.to_str().unwrap();
        let r = run(
            &[
                "judge",
                puzzle,
                "--candidate",
                &candidate,
                "--jobs",
                "2",
                "--time-limit",
                "5",
                dir,
            ],
            "",
        );
        // A right program is accepted on every test but the timing tests,
        // which a plain search (as these are) must fail by its time.
        let rows: Vec<&str> = r
            .stdout
            .lines()
            // The table ends at the first blank line.
            .take_while(|l| !l.is_empty())
            .filter(|l| {
                l.split_whitespace()
                    .next()
                    .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()))
            })
            .collect();
        let timing_only = rows
            .iter()
            .filter(|l| !l.contains(" AC "))
            .all(|l| l.contains(" TLE ") && l.contains("naive-search-explodes"));
        // And the timing test does stop the plain breadth-first search.
        let stopped = mode != "holedox-correct" || rows.iter().any(|l| l.contains(" TLE "));
        let ok = if right {
            !r.stdout.contains(" WA ") && r.stdout.contains(" AC ") && timing_only && stopped
        } else {
            r.code == 1 && r.stdout.contains(" WA ") && r.stdout.contains("First failing test")
        };
        if !ok {
            failures.push(format!("{mode}: exit {}\n{}{}", r.code, r.stdout, r.stderr));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The first failing test names the wrong reading a wrong answer matches.
#[test]
fn the_first_wrong_answer_is_diagnosed() {
    let candidate = format!("{} holedox-tail", candidates());
    let dir = test_set("holedox");
    let dir = dir.to_str().unwrap();
    let r = run(&["judge", "holedox", "--candidate", &candidate, dir], "");
    assert_eq!(r.code, 1, "{}", r.stdout);
    let failing = r.stdout.split("First failing test").nth(1).unwrap_or("");
    assert!(failing.contains("01 (sample), WA"), "{}", r.stdout);
    // The words of the variant the candidate plays by, whatever they are.
    let tail = Holedox::VARIANTS
        .iter()
        .find(|v| v.settings == [("tail-rule", "lenient")])
        .expect("the tail-entering reading is a known variant");
    assert!(failing.contains(tail.words), "{}", r.stdout);
}

/// A wrong or malformed jury answer stops the judge with testlib's fail
/// (exit 3) naming the case, before a right program is called wrong.
#[test]
fn a_wrong_jury_answer_is_a_fail() {
    let bin = env!("CARGO_BIN_EXE_gridpuzzle");
    let candidate = format!("{bin} solve curling");
    for (name, jury, words) in [
        (
            "wrong-jury",
            "1\n4\n4\n4\n10\n-1\n",
            "the jury's answer is wrong: ",
        ),
        (
            "malformed-jury",
            "1\n4\n-1\n4\n10 x\n-1\n",
            "the jury's answer file ",
        ),
        (
            "short-jury",
            "1\n4\n-1\n",
            "has 3 answers for an input of 6",
        ),
    ] {
        let dir = scratch(name);
        std::fs::copy(sample("curling.in"), dir.join("01")).unwrap();
        std::fs::write(dir.join("01.a"), jury).unwrap();
        let r = run(
            &[
                "judge",
                "curling",
                "--candidate",
                &candidate,
                dir.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(r.code, 3, "{name}: {}{}", r.stdout, r.stderr);
        assert!(r.stderr.starts_with("gridpuzzle: fail: "), "{}", r.stderr);
        assert!(r.stderr.contains(words), "{name}: {}", r.stderr);
        assert!(!r.stdout.contains(" WA "), "{}", r.stdout);
        if name == "wrong-jury" {
            assert!(
                r.stderr.contains("dataset 3: it says 4, the answer is -1"),
                "{}",
                r.stderr
            );
            // check says the same, the testlib way.
            let out = dir.join("out.txt");
            std::fs::write(&out, "1\n4\n-1\n4\n10\n-1\n").unwrap();
            let r = run(
                &[
                    "check",
                    "curling",
                    dir.join("01").to_str().unwrap(),
                    out.to_str().unwrap(),
                    dir.join("01.a").to_str().unwrap(),
                ],
                "",
            );
            assert_eq!(r.code, 3, "{}", r.stderr);
            assert!(r.stderr.contains("dataset 3: it says 4"), "{}", r.stderr);
            assert!(!r.stderr.contains("printed 4"), "{}", r.stderr);
        }
    }
}

/// A folder of one test: the Curling sample and its answers.
fn sample_folder(name: &str) -> PathBuf {
    let dir = scratch(name);
    std::fs::copy(sample("curling.in"), dir.join("01")).unwrap();
    std::fs::copy(sample("curling.out"), dir.join("01.a")).unwrap();
    dir
}

#[test]
fn judge_tells_tle_mle_re_pe_and_ac_apart() {
    let dir = sample_folder("verdicts");
    let dir = dir.to_str().unwrap();
    let bin = env!("CARGO_BIN_EXE_gridpuzzle");
    let c = candidates();
    let rows: Vec<(String, Vec<&str>, &str)> = vec![
        // A sleeper is stopped by the wall clock's safety net, not judged
        // TLE: that is CPU time's alone.
        (
            format!("{c} hang curling"),
            vec!["--time-limit", "0.2"],
            " WLE ",
        ),
        (format!("{c} crash curling"), vec![], " RE "),
        // No program runs within 1 MB of resident memory.
        (
            format!("{bin} solve curling"),
            vec!["--memory-limit", "1"],
            " MLE ",
        ),
        (format!("{bin} solve curling"), vec![], " AC "),
        // A trailing space is a presentation error only under --strict;
        // words after an answer are a wrong answer always, as the default
        // output validator says.
        (
            "sh -c 'printf \"1\\n4\\n-1\\n4\\n10\\n-1 \\n\"'".to_string(),
            vec!["--strict"],
            " PE ",
        ),
        (
            "sh -c 'printf \"1\\n4\\n-1\\n4\\n10\\n-1 \\n\"'".to_string(),
            vec![],
            " AC ",
        ),
        (
            "sh -c 'printf \"1\\n4\\n-1 throws\\n4\\n10\\n-1\\n\"'".to_string(),
            vec![],
            " WA ",
        ),
        ("sh -c 'exit 3'".to_string(), vec![], " RE "),
    ];
    let mut failures = Vec::new();
    for (candidate, extra, verdict) in rows {
        let mut args = vec!["judge", "curling", "--candidate", candidate.as_str()];
        args.extend(extra);
        args.push(dir);
        let r = run(&args, "");
        let want_code = if verdict == " AC " { 0 } else { 1 };
        if r.code != want_code || !r.stdout.contains(verdict) {
            failures.push(format!(
                "{candidate}: exit {}, wanted {verdict}\n{}{}",
                r.code, r.stdout, r.stderr
            ));
        }
    }
    // A program that does not exist stops the judge with exit 2.
    let r = run(
        &["judge", "curling", "--candidate", "/no/such/program", dir],
        "",
    );
    if r.code != 2 || !r.stderr.contains("cannot run the candidate") {
        failures.push(format!("missing program: exit {}: {}", r.code, r.stderr));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Limits as judges have them: time is CPU time (a busy program and a
/// sleeping one are told apart), memory is peak resident memory (runtimes
/// that reserve far more than they touch start; touching more than the
/// limit is MLE), the stack may grow to the memory limit, and a program
/// that leaves a process holding its output neither stalls the judge nor
/// leaves the process behind.
#[test]
fn judge_limits_are_cpu_time_and_resident_memory() {
    let dir = sample_folder("limits");
    let dir = dir.to_str().unwrap();
    let c = candidates();
    let solutions = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/solutions");
    let java = std::env::temp_dir().join(format!("gridpuzzle-java-{}", std::process::id()));
    let compiled = std::process::Command::new("javac")
        .args(["-nowarn", "-d"])
        .arg(&java)
        .arg(solutions.join("Curling.java"))
        .status()
        .expect("javac runs (a JDK is part of the machine)");
    assert!(compiled.success(), "javac failed");
    let script = |name: &str| solutions.join(name).display().to_string();
    let rows: Vec<(String, Vec<&str>, Vec<&str>)> = vec![
        (
            format!("{c} spin curling"),
            vec!["--time-limit", "1"],
            vec![" TLE ", "s of CPU time"],
        ),
        (
            format!("{c} hang curling"),
            vec!["--time-limit", "0.2"],
            vec![" WLE ", "wall clock: ", "idle, or waiting"],
        ),
        (
            format!("{c} hog 300"),
            vec!["--memory-limit", "256"],
            vec![" MLE ", "of resident memory, over the limit of 256 MB"],
        ),
        // 100 MB of stack: a crash under the usual 8 MB stack limit.
        (format!("{c} deep 100"), vec![], vec![" AC "]),
        (
            format!("python3 {}", script("curling.py")),
            vec![],
            vec![" AC "],
        ),
        (
            format!("node {}", script("curling.js")),
            vec![],
            vec![" AC "],
        ),
        (
            format!("java -cp {} Curling", java.display()),
            vec!["--time-limit", "5"],
            vec![" AC "],
        ),
    ];
    let mut failures = Vec::new();
    for (candidate, extra, want) in rows {
        let mut args = vec!["judge", "curling", "--candidate", candidate.as_str()];
        args.extend(extra);
        args.push(dir);
        let r = run(&args, "");
        let code = if want[0] == " AC " { 0 } else { 1 };
        let mut misses = r.misses(code, &want, &[]);
        // A busy loop is never taken for a sleeper, however loaded the machine.
        if candidate.contains(" spin ") && r.stdout.contains("idle") {
            misses.push("a busy loop called idle".into());
        }
        if !misses.is_empty() {
            failures.push(format!(
                "{candidate}: {}\n{}{}",
                misses.join(", "),
                r.stdout,
                r.stderr
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&java);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// What a candidate prints and says on its standard error reaches the
/// terminal escaped: a window title, a screen clear, a colour and a C1
/// control are shown, not obeyed.
#[test]
fn a_candidates_escapes_reach_no_terminal_raw() {
    let dir = sample_folder("escapes");
    let dir = dir.to_str().unwrap();
    let wrong = r#"sh -c 'printf "\033]0;pwned\007\033[2J7\n"'"#;
    let crash = r#"sh -c 'printf "\033[31mboom\302\233\n" >&2; exit 3'"#;
    for (candidate, shown) in [(wrong, "]0;pwned"), (crash, "[31mboom")] {
        let r = run(&["judge", "curling", "--candidate", candidate, dir], "");
        assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
        let all = format!("{}{}", r.stdout, r.stderr);
        assert!(
            !all.chars()
                .any(|c| c == '\x1b' || c == '\u{9b}' || c == '\x07'),
            "a raw control reached the terminal:\n{all}"
        );
        assert!(all.contains(shown), "{shown} not shown:\n{all}");
    }
}

/// `sleep`s of this many seconds, not yet ended, anywhere on the machine.
fn sleepers(seconds: &str) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse().ok()) else {
            continue;
        };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let zombie = std::fs::read_to_string(entry.path().join("stat")).is_ok_and(|s| {
            s.rsplit(')')
                .next()
                .is_some_and(|r| r.trim_start().starts_with('Z'))
        });
        if !zombie && cmdline == format!("sleep\0{seconds}\0").as_bytes() {
            found.push(pid);
        }
    }
    found
}

#[test]
fn a_process_left_holding_the_output_is_killed_and_not_waited_for() {
    let dir = sample_folder("sleeper");
    let dir = dir.to_str().unwrap();
    let candidate = format!("{} sleeper 97.5", candidates());
    let began = std::time::Instant::now();
    let r = run(&["judge", "curling", "--candidate", &candidate, dir], "");
    // Not a timing test: without the fix the judge waits for the whole
    // sleep (97.5 s) and the sleeper is still there afterwards.
    assert!(
        began.elapsed().as_secs() < 90,
        "the judge waited for the sleeper"
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains(" AC "), "{}", r.stdout);
    assert_eq!(
        sleepers("97.5"),
        Vec::<u32>::new(),
        "the sleeper outlived the run"
    );
}

struct CheckRow {
    name: &'static str,
    puzzle: &'static str,
    output: &'static str,
    answers: bool,
    code: i32,
    stdout: &'static [&'static str],
}

#[test]
fn check_says_every_problem_with_testlib_codes() {
    let rows = [
        CheckRow {
            name: "right",
            puzzle: "curling",
            output: "1\n4\n-1\n4\n10\n-1\n",
            answers: false,
            code: 0,
            stdout: &["ok, 6 datasets"],
        },
        CheckRow {
            name: "crlf and trailing blank lines are fine",
            puzzle: "curling",
            output: "1\r\n4\r\n-1\r\n4\r\n10\r\n-1\r\n\n\n",
            answers: true,
            code: 0,
            stdout: &["ok, 6 datasets"],
        },
        CheckRow {
            name: "spacing and trailing text",
            puzzle: "holedox",
            output: "Case 1:9\nCase 2: -1 steps\n",
            answers: false,
            // What the default output validator rejects is a wrong
            // answer: the right numbers written otherwise too.
            code: 1,
            stdout: &[
                "case 1, line 1: wrong answer: `Case 1:9`, where the judge prints `Case 1: 9`",
                "case 2, line 2: wrong answer: `Case 2: -1 steps`",
                "wrong answer: 0 of 2 cases right",
            ],
        },
        CheckRow {
            name: "a wrong answer, diagnosed",
            puzzle: "holedox",
            output: "Case 1: 3\nCase 2: -1\n",
            answers: true,
            code: 1,
            stdout: &[
                "case 1, line 1: wrong answer: printed 3, the answer is 9",
                "  your answer ",
                "wrong answer: 1 of 2 cases right; 1 wrong answer, 0 presentation errors",
            ],
        },
        CheckRow {
            name: "missing and extra lines",
            puzzle: "curling",
            output: "1\n4\n",
            answers: false,
            code: 1,
            stdout: &["dataset 3: wrong answer: the output ends after 2 lines, with no answer for 4 datasets (3 to 6)"],
        },
        CheckRow {
            name: "extra output",
            puzzle: "holedox",
            output: "Case 1: 9\nCase 2: -1\nCase 3: 0\n",
            answers: false,
            code: 1,
            stdout: &["line 3: wrong answer: 1 extra line after the last case's answer, the first `Case 3: 0`"],
        },
        CheckRow {
            name: "not an answer",
            puzzle: "curling",
            output: "1\n4\nimpossible\n4\n10\n-1\n",
            answers: false,
            code: 1,
            stdout: &["dataset 3, line 3: wrong answer: `impossible` is not an answer line; the judge prints `-1`"],
        },
    ];
    let dir = scratch("check");
    let mut failures = Vec::new();
    for row in rows {
        let out = dir.join("out.txt");
        std::fs::write(&out, row.output).unwrap();
        let input = sample(&format!("{}.in", row.puzzle));
        let answers = sample(&format!("{}.out", row.puzzle));
        let mut args = vec![
            "check".to_string(),
            row.puzzle.to_string(),
            input.display().to_string(),
            out.display().to_string(),
        ];
        if row.answers {
            args.push("--answers".into());
            args.push(answers.display().to_string());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(&args, "");
        let wrong = r.misses(row.code, row.stdout, &[]);
        if !wrong.is_empty() {
            failures.push(format!(
                "{}: {}\n{}{}",
                row.name,
                wrong.join("; "),
                r.stdout,
                r.stderr
            ));
        }
    }
    // Failures of the check itself are 3, usage errors included.
    let input = sample("curling.in");
    let input = input.to_str().unwrap();
    let out = dir.join("out.txt");
    let out = out.to_str().unwrap();
    let holedox_answers = sample("holedox.out");
    for (name, args) in [
        ("no output named", vec!["check", "curling", input]),
        (
            "unknown option",
            vec!["check", "curling", "--bogus", input, out],
        ),
        (
            "answers of another puzzle",
            vec![
                "check",
                "curling",
                input,
                out,
                "--answers",
                holedox_answers.to_str().unwrap(),
            ],
        ),
        (
            "a budget too small",
            vec!["check", "curling", input, out, "--max-states", "1"],
        ),
    ] {
        let r = run(&args, "");
        if r.code != 3 {
            failures.push(format!("{name}: exit {} (wanted 3): {}", r.code, r.stderr));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn validate_prints_every_violation_and_exits_1() {
    let bad = "3 2 \n2 0 0\n0 0\n21 1\n2 3\n";
    let r = run(&["validate", "curling", "--strict"], bad);
    assert_eq!(r.code, 1, "{}", r.stdout);
    for line in [
        "dataset 1, line 1, column 4: a space at the end of the line",
        "dataset 1, line 2, column 1: the board has no goal (code 3)",
        "dataset 2, line 4, column 1: the width w must be from 2 to 20, found 21",
        "line 6, column 1: expected a dataset `w h` or the terminator `0 0`, found the end of the input",
        "invalid (strict): 6 violations in standard input (2 datasets read)",
    ] {
        assert!(r.stdout.contains(line), "lacks {line:?}:\n{}", r.stdout);
    }
    // Without --strict the spaces are the judges' scanf's business.
    let r = run(&["validate", "curling"], bad);
    assert_eq!(r.code, 1);
    assert!(!r.stdout.contains("space at the end"), "{}", r.stdout);
    for puzzle in judged() {
        let r = run(
            &[
                "validate",
                puzzle,
                "--strict",
                sample(&format!("{puzzle}.in")).to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(r.code, 0, "{}", r.stdout);
    }
    let r = run(&["validate", "curling", "/no/such/file"], "");
    assert_eq!(r.code, 2);
}

/// `judge --format json` is one JSON document and `--format junit` JUnit
/// XML with one testcase a test and a failure element for each test that
/// is not AC.
#[test]
fn judge_reports_in_json_and_junit() {
    let dir = sample_folder("formats");
    std::fs::copy(sample("curling.in"), dir.join("02")).unwrap();
    std::fs::write(dir.join("02.a"), "1\n4\n-1\n4\n10\n-1\n").unwrap();
    std::fs::copy(sample("curling.in"), dir.join("10")).unwrap();
    let dir = dir.to_str().unwrap();
    let bin = env!("CARGO_BIN_EXE_gridpuzzle");
    let right = format!("{bin} solve curling");
    // Wrong on every test: a fixed output of another puzzle's shape.
    let wrong = "sh -c 'cat >/dev/null; printf \"1\\n<b>&\\n\"'";
    for (candidate, passed, code) in [(right.as_str(), true, 0), (wrong, false, 1)] {
        let r = run(
            &[
                "judge",
                "curling",
                "--candidate",
                candidate,
                "--format",
                "json",
                dir,
            ],
            "",
        );
        assert_eq!(r.code, code, "{}", r.stderr);
        let doc: serde_json::Value = serde_json::from_str(&r.stdout).expect("one JSON document");
        assert_eq!(doc["passed"], passed);
        let tests = doc["tests"].as_array().unwrap();
        let names: Vec<&str> = tests.iter().map(|t| t["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["01", "02", "10"]);
        let verdict = if passed { "AC" } else { "WA" };
        assert!(
            tests.iter().all(|t| t["verdict"] == verdict),
            "{}",
            r.stdout
        );
        assert_eq!(doc["counts"][verdict], 3);

        let r = run(
            &[
                "judge",
                "curling",
                "--candidate",
                candidate,
                "--format",
                "junit",
                dir,
            ],
            "",
        );
        assert_eq!(r.code, code, "{}", r.stderr);
        let xml = roxmltree::Document::parse(&r.stdout).expect("well-formed XML");
        let cases: Vec<_> = xml
            .descendants()
            .filter(|n| n.has_tag_name("testcase"))
            .collect();
        assert_eq!(cases.len(), 3);
        let failures = xml
            .descendants()
            .filter(|n| n.has_tag_name("failure"))
            .count();
        assert_eq!(failures, if passed { 0 } else { 3 });
        if !passed {
            let failure = xml
                .descendants()
                .find(|n| n.has_tag_name("failure"))
                .unwrap();
            assert_eq!(failure.attribute("type"), Some("WA"));
            assert!(
                failure.text().unwrap_or("").contains("<b>&"),
                "{}",
                r.stdout
            );
        }
    }
}

/// `validate` takes several files or a folder (each input of it, in
/// order), says which file each violation is in, and exits 1 if any is
/// invalid; `--format json` is one document for them all.
#[test]
fn validate_takes_several_files_and_folders() {
    let dir = scratch("validate-many");
    std::fs::copy(sample("curling.in"), dir.join("1")).unwrap();
    std::fs::copy(sample("curling.in"), dir.join("10")).unwrap();
    std::fs::write(dir.join("2"), "3 2 \n2 0 0\n0 0\n").unwrap();
    std::fs::write(dir.join("2.a"), "not an input").unwrap();
    let d = dir.to_str().unwrap();
    let sample_in = sample("curling.in");
    let r = run(&["validate", "curling", d, sample_in.to_str().unwrap()], "");
    assert_eq!(r.code, 1, "{}", r.stderr);
    let last = r.stdout.lines().last().unwrap_or("");
    assert_eq!(last, "4 files: 3 valid, 1 invalid", "{}", r.stdout);
    let bad = dir.join("2").display().to_string();
    assert!(
        r.stdout
            .contains(&format!("{bad}: dataset 1, line 2, column 1: ")),
        "{}",
        r.stdout
    );
    let r = run(&["validate", "curling", "--format", "json", d], "");
    assert_eq!(r.code, 1);
    let doc: serde_json::Value = serde_json::from_str(&r.stdout).expect("one JSON document");
    assert_eq!(doc["valid"], false);
    let files: Vec<(String, bool)> = doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let name = f["file"].as_str().unwrap();
            let name = name.rsplit('/').next().unwrap().to_string();
            (name, f["valid"].as_bool().unwrap())
        })
        .collect();
    let want: Vec<(String, bool)> = [("1", true), ("2", false), ("10", true)]
        .iter()
        .map(|&(n, v)| (n.to_string(), v))
        .collect();
    assert_eq!(files, want);
    assert_eq!(doc["files"][1]["violations"][0]["line"], 2);
}

/// `testset --format json` is one document: the folder, whether the set
/// is good, the report's lines and the manifest as written.
#[test]
fn testset_reports_in_json() {
    let dir = scratch("testset-json");
    let d = dir.to_str().unwrap();
    let r = run(
        &[
            "testset",
            "curling",
            "-o",
            d,
            "--hardest",
            "0",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let doc: serde_json::Value = serde_json::from_str(&r.stdout).expect("one JSON document");
    assert_eq!(
        (doc["puzzle"].as_str(), doc["good"].as_bool()),
        (Some("curling"), Some(true))
    );
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(doc["manifest"], written);
    let tests = doc["manifest"]["tests"].as_array().unwrap().len();
    assert_eq!(inputs(&dir).len(), tests);
    assert!(doc["lines"].as_array().unwrap().len() > tests);
}
