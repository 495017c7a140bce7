//! A seeded mutational fuzzer of the whole binary (issue 15): both judge
//! formats, plan files and save files, mutated byte by byte and token by
//! token from the samples, run through `solve`, `render`, `verify` and
//! `play --load` (without a terminal), `check` (a mutated output) and
//! `validate`. Every run must end on its own within a bound, never by a
//! signal or a panic, with one of its command's exit statuses; every error
//! about a judge input or a plan must name the case (or the plans file),
//! the line and the column; and no message may hold a raw control
//! character (C0 but the line feed and tab, DEL, C1), bidi override or
//! line separator (issue 28: a save file's escape sequences reached the
//! terminal) — the mutations insert them.
//!
//! `fuzz_smoke` runs in every `cargo test`: 40 mutants per target, a few
//! seconds. The campaign, 3,000 mutants per target, runs on demand:
//!
//! ```sh
//! cargo test --release -p gridpuzzle --test fuzz -- --ignored --nocapture
//! GRIDPUZZLE_FUZZ_RUNS=20000 GRIDPUZZLE_FUZZ_SEED=7 cargo test --release -p gridpuzzle --test fuzz -- --ignored --nocapture
//! ```
//!
//! (`GRIDPUZZLE_FUZZ_RUNS` counts runs in all, over the seven targets.)
//!
//! The same seed and count run the same inputs. A failing input is kept
//! in the scratch folder the report names, to replay by hand.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use gridpuzzle_engine::rng::SplitMix64;

/// A run that takes longer than this is a hang. Searches run under
/// `--timeout 2`, so only a loop outside a search can get near it.
const BOUND: Duration = Duration::from_secs(20);

const CURLING: &str = include_str!("../../../samples/curling.in");
const HOLEDOX: &str = include_str!("../../../samples/holedox.in");

const CURLING_PLANS: &str = "L\nDLUR\n-\nRRRU\nRRRRRRRRRR\n-\n";
const HOLEDOX_PLANS: &str = "DRRULUUUL\n-\n";

const CURLING_SAVE: &str = "gridpuzzle-save 1\npuzzle curling\nmax-throws 10\nmoves DLUR\nat 3\nboard\n6 6\n1 0 0 2 1 0\n1 1 0 0 0 0\n0 0 0 0 0 3\n0 0 0 0 0 0\n1 0 0 0 0 1\n0 1 1 1 1 1\n0 0\n";
const HOLEDOX_SAVE: &str = "gridpuzzle-save 1\npuzzle holedox\ntail-rule lenient\nexit 1,1\nmoves DR\nboard\n5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n0 0 0\n";

/// Pieces worth inserting: numbers at the edges of what parsers accept,
/// white space of every kind, bytes that are not UTF-8, control bytes.
const PIECES: &[&[u8]] = &[
    b"0",
    b"1",
    b"-1",
    b"2",
    b"3",
    b"10",
    b"4294967295",
    b"4294967296",
    b"2000",
    b"4194304",
    b"99999999999999999999999",
    b"00000000000000000000000000000000000000000000007",
    b" ",
    b"\n",
    b"\r\n",
    b"\t",
    b"\x0b",
    b"\x0c",
    b"\xff",
    b"\xc3",
    b"\xe2\x80\xa8",
    b"\x1b[2J",
    b"\x1b]0;owned\x07",
    b"\xc2\x9b",
    b"\x7f",
    b"\r",
    b"\xe2\x80\xae",
    b"\0",
    b"-",
    b"+",
    b"x",
    b"1.5",
    b"1e9",
    b"0 0\n",
    b"0 0 0\n",
    b"#",
    b"U",
    b"D",
    b"L",
    b"R",
    b"moves ",
    b"at ",
    b"board\n",
    b"puzzle ",
    b"max-throws none\n",
];

fn mutate(rng: &mut SplitMix64, seed: &[u8]) -> Vec<u8> {
    let mut data = seed.to_vec();
    let edits = 1 + rng.below(4);
    for _ in 0..edits {
        let len = data.len() as u64;
        let at = if len == 0 {
            0
        } else {
            rng.below(len + 1) as usize
        };
        match rng.below(7) {
            0 if len > 0 => {
                let i = rng.below(len) as usize;
                data[i] ^= 1 << rng.below(8);
            }
            1 => {
                let piece = PIECES[rng.below(PIECES.len() as u64) as usize];
                data.splice(at..at, piece.iter().copied());
            }
            2 if len > 0 => {
                let end = (at + 1 + rng.below(8) as usize).min(data.len());
                data.drain(at.min(end)..end);
            }
            3 if len > 0 => {
                // Duplicate a span (a repeated case, a longer body).
                let start = rng.below(len) as usize;
                let end = (start + 1 + rng.below(40) as usize).min(data.len());
                let span: Vec<u8> = data[start..end].to_vec();
                data.splice(at..at, span);
            }
            4 => {
                // Replace a number with another.
                let digits: Vec<usize> = (0..data.len())
                    .filter(|&i| data[i].is_ascii_digit())
                    .collect();
                if let Some(&i) = digits.get(rng.below(digits.len().max(1) as u64) as usize) {
                    let mut end = i;
                    while end < data.len() && data[end].is_ascii_digit() {
                        end += 1;
                    }
                    let n = match rng.below(4) {
                        0 => rng.below(4),
                        1 => rng.below(30),
                        2 => rng.below(3000),
                        _ => rng.next_u64(),
                    };
                    data.splice(i..end, n.to_string().into_bytes());
                }
            }
            5 if len > 0 => data.truncate(at),
            _ => {
                let piece = PIECES[rng.below(PIECES.len() as u64) as usize];
                let end = (at + piece.len()).min(data.len());
                data.splice(at..end, piece.iter().copied());
            }
        }
    }
    data
}

/// How one run ended.
struct Ended {
    code: Option<i32>,
    stderr: String,
    hung: bool,
}

fn run(args: &[&str], stdin: Option<&Path>) -> Ended {
    let stdin = match stdin {
        Some(p) => Stdio::from(std::fs::File::open(p).expect("the input")),
        None => Stdio::null(),
    };
    // One file a run: the smoke and the campaign may run at once.
    static RUNS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let err_path =
        std::env::temp_dir().join(format!("gridpuzzle-fuzz-err-{}-{n}", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridpuzzle"))
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(Stdio::from(std::fs::File::create(&err_path).unwrap()))
        .env_remove("NO_COLOR")
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    let (status, hung) = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break (Some(status), false);
        }
        if start.elapsed() > BOUND {
            let _ = child.kill();
            let _ = child.wait();
            break (None, true);
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let stderr =
        String::from_utf8_lossy(&std::fs::read(&err_path).unwrap_or_default()).into_owned();
    std::fs::remove_file(&err_path).ok();
    Ended {
        code: status.and_then(|s| s.code()),
        stderr,
        hung,
    }
}

/// `line N, column M` somewhere in `text`.
fn names_line_and_column(text: &str) -> bool {
    text.match_indices("line ").any(|(i, _)| {
        let rest = &text[i + 5..];
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        digits > 0 && rest[digits..].starts_with(", column ")
    })
}

/// The case named: `dataset N, ` or `case N, ` before the line.
fn names_case(text: &str) -> bool {
    ["dataset ", "case "].iter().any(|w| {
        text.match_indices(w).any(|(i, _)| {
            let rest = &text[i + w.len()..];
            let digits = rest.chars().take_while(char::is_ascii_digit).count();
            digits > 0 && rest[digits..].starts_with(", line ")
        })
    })
}

#[derive(Default)]
struct Counts {
    runs: u64,
    by_code: std::collections::BTreeMap<i32, u64>,
    input_errors: u64,
    save_errors_with_line: u64,
    save_errors: u64,
    failures: Vec<String>,
}

#[derive(Clone, Copy, PartialEq)]
enum Target {
    Solve,
    Render,
    VerifyInput,
    VerifyPlans,
    Load,
    Check,
    Validate,
}

const TARGETS: [Target; 7] = [
    Target::Solve,
    Target::Render,
    Target::VerifyInput,
    Target::VerifyPlans,
    Target::Load,
    Target::Check,
    Target::Validate,
];

/// What the judge prints for each sample: the output `check` is given,
/// mutated.
const CURLING_OUTPUT: &str = "1\n4\n-1\n4\n10\n-1\n";
const HOLEDOX_OUTPUT: &str = "Case 1: 9\nCase 2: -1\n";

/// A character no message may hold raw: what `shown` escapes.
fn raw_control(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}')
}

/// The CI's share of the campaign: a few hundred runs, a few seconds.
#[test]
fn fuzz_smoke() {
    campaign(40 * TARGETS.len() as u64, 28);
}

#[test]
#[ignore = "thousands of processes: run on demand (see the module docs)"]
fn fuzz_the_binary() {
    let runs: u64 = std::env::var("GRIDPUZZLE_FUZZ_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000 * TARGETS.len() as u64);
    let seed: u64 = std::env::var("GRIDPUZZLE_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    campaign(runs, seed);
}

/// `runs` runs over the targets in turn, from `seed`.
fn campaign(runs: u64, seed: u64) {
    let dir: PathBuf = std::env::temp_dir().join(format!(
        "gridpuzzle-fuzz-{}-{seed}-{runs}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let sample = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    let curling_in = sample("curling.in", CURLING);
    let holedox_in = sample("holedox.in", HOLEDOX);
    let mut rng = SplitMix64::new(seed);
    let mut counts = Counts::default();
    for k in 0..runs {
        let target = TARGETS[(k % TARGETS.len() as u64) as usize];
        let holedox = rng.below(2) == 1;
        let (puzzle, input, plans, save, good_input, output) = if holedox {
            (
                "holedox",
                HOLEDOX,
                HOLEDOX_PLANS,
                HOLEDOX_SAVE,
                &holedox_in,
                HOLEDOX_OUTPUT,
            )
        } else {
            (
                "curling",
                CURLING,
                CURLING_PLANS,
                CURLING_SAVE,
                &curling_in,
                CURLING_OUTPUT,
            )
        };
        let mutated = dir.join(format!("run-{k}"));
        let (args, judged): (Vec<String>, bool) = match target {
            Target::Solve => {
                std::fs::write(&mutated, mutate(&mut rng, input.as_bytes())).unwrap();
                let mut a = vec!["solve", puzzle, "--timeout", "2", "--jobs", "2"];
                match rng.below(3) {
                    0 => a.push("--explain"),
                    1 => a.extend(["--format", "json"]),
                    _ => {}
                }
                (a.iter().map(|s| s.to_string()).collect(), true)
            }
            Target::Render => {
                std::fs::write(&mutated, mutate(&mut rng, input.as_bytes())).unwrap();
                let case = (1 + rng.below(3)).to_string();
                let a = [
                    "render",
                    puzzle,
                    "--timeout",
                    "2",
                    "--case",
                    &case,
                    "-o",
                    "-",
                ];
                (a.iter().map(|s| s.to_string()).collect(), true)
            }
            Target::VerifyInput => {
                std::fs::write(&mutated, mutate(&mut rng, input.as_bytes())).unwrap();
                let p = dir.join(format!("plans-{k}"));
                std::fs::write(&p, plans).unwrap();
                let a = [
                    "verify",
                    puzzle,
                    "--timeout",
                    "2",
                    "--moves-file",
                    p.to_str().unwrap(),
                ];
                (a.iter().map(|s| s.to_string()).collect(), true)
            }
            Target::VerifyPlans => {
                std::fs::write(&mutated, mutate(&mut rng, plans.as_bytes())).unwrap();
                let a = [
                    "verify",
                    puzzle,
                    good_input.to_str().unwrap(),
                    "--timeout",
                    "2",
                    "--moves-file",
                    "-",
                ];
                (a.iter().map(|s| s.to_string()).collect(), false)
            }
            Target::Check => {
                std::fs::write(&mutated, mutate(&mut rng, output.as_bytes())).unwrap();
                let a = [
                    "check",
                    puzzle,
                    "--timeout",
                    "2",
                    good_input.to_str().unwrap(),
                    mutated.to_str().unwrap(),
                ];
                (a.iter().map(|s| s.to_string()).collect(), false)
            }
            Target::Validate => {
                std::fs::write(&mutated, mutate(&mut rng, input.as_bytes())).unwrap();
                let a = ["validate", puzzle, mutated.to_str().unwrap()];
                (a.iter().map(|s| s.to_string()).collect(), false)
            }
            Target::Load => {
                std::fs::write(&mutated, mutate(&mut rng, save.as_bytes())).unwrap();
                let a = [
                    "play",
                    "--timeout",
                    "2",
                    "--load",
                    mutated.to_str().unwrap(),
                ];
                (a.iter().map(|s| s.to_string()).collect(), false)
            }
        };
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let stdin = matches!(
            target,
            Target::Solve | Target::Render | Target::VerifyInput | Target::VerifyPlans
        )
        .then_some(mutated.as_path());
        let ended = run(&argv, stdin);
        counts.runs += 1;
        let code = ended.code.unwrap_or(-1);
        *counts.by_code.entry(code).or_default() += 1;
        let mut wrong = Vec::new();
        if ended.hung {
            wrong.push(format!("still running after {BOUND:?}"));
        }
        let allowed: &[i32] = match target {
            Target::VerifyInput | Target::VerifyPlans | Target::Check => &[0, 1, 2, 3],
            Target::Validate => &[0, 1, 2],
            _ => &[0, 2, 3],
        };
        if !ended.hung && !allowed.contains(&code) {
            wrong.push(format!("exit {code} (a signal if -1)"));
        }
        if ended.stderr.contains("panicked") {
            wrong.push("panicked".into());
        }
        if let Some(c) = ended.stderr.chars().find(|&c| raw_control(c)) {
            wrong.push(format!("a raw {c:?} in a message"));
        }
        if code == 2 {
            let refused =
                ended.stderr.contains("--max-cells") || ended.stderr.contains("the input has only");
            if judged && !refused {
                counts.input_errors += 1;
                if !(names_case(&ended.stderr) && names_line_and_column(&ended.stderr)) {
                    wrong.push("an input error without case, line and column".into());
                }
            }
            if target == Target::VerifyPlans
                && ended.stderr.contains("standard input, line")
                && !names_line_and_column(&ended.stderr)
            {
                wrong.push("a plan error without line and column".into());
            }
            if target == Target::Load && !ended.stderr.contains("needs a terminal") {
                counts.save_errors += 1;
                if ended.stderr.contains("line ") {
                    counts.save_errors_with_line += 1;
                }
                if !ended.stderr.contains(mutated.to_str().unwrap()) {
                    wrong.push("a save error that does not name the file".into());
                }
            }
        }
        if wrong.is_empty() {
            std::fs::remove_file(&mutated).ok();
            std::fs::remove_file(dir.join(format!("plans-{k}"))).ok();
        } else {
            counts.failures.push(format!(
                "run {k}: gridpuzzle {} < {}: {}\n  stderr: {}",
                args.join(" "),
                mutated.display(),
                wrong.join("; "),
                ended.stderr.trim_end()
            ));
        }
    }
    println!(
        "fuzz: seed {seed}, {} runs, exit codes {:?}; {} judge-input errors (each named case, line \
         and column), {} save-file errors ({} naming a line); {} failures",
        counts.runs,
        counts.by_code,
        counts.input_errors,
        counts.save_errors,
        counts.save_errors_with_line,
        counts.failures.len()
    );
    assert!(
        counts.failures.is_empty(),
        "{} of {} runs failed (inputs kept in {}):\n{}",
        counts.failures.len(),
        counts.runs,
        dir.display(),
        counts
            .failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    std::fs::remove_dir_all(&dir).ok();
}
