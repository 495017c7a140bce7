//! Hostile and first-time command lines (issue 15): each row is named after
//! the bug it guards against and says the exit status and words it must
//! give. A row never asserts timing; the memory rows are in `memory.rs`.

#![allow(clippy::needless_update)] // every row ends `..ROW`, full or not

mod common;

use common::{run, sample};

struct Row {
    name: &'static str,
    args: &'static [&'static str],
    stdin: &'static str,
    code: i32,
    /// Each must appear in standard output.
    stdout: &'static [&'static str],
    /// Each must appear in standard error.
    stderr: &'static [&'static str],
    /// None of these may appear in either.
    absent: &'static [&'static str],
}

const ROW: Row = Row {
    name: "",
    args: &[],
    stdin: "",
    code: 0,
    stdout: &[],
    stderr: &[],
    absent: &[],
};

/// `samples/NAME` as an argument.
const SAMPLE: &str = "$SAMPLE";

fn check(rows: &[Row]) {
    let mut failures = Vec::new();
    for row in rows {
        let args: Vec<String> = row
            .args
            .iter()
            .map(|a| match a.strip_prefix(SAMPLE) {
                Some(name) => sample(name).display().to_string(),
                None => a.to_string(),
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(&args, row.stdin);
        let mut wrong = r.misses(row.code, row.stdout, row.stderr);
        for s in row.absent {
            if r.stdout.contains(s) || r.stderr.contains(s) {
                wrong.push(format!("{s:?} should not appear"));
            }
        }
        if r.stderr.contains("panicked") {
            wrong.push("panicked".into());
        }
        if !wrong.is_empty() {
            failures.push(format!(
                "{}: {}\n  stdout: {:?}\n  stderr: {:?}",
                row.name,
                wrong.join("; "),
                r.stdout,
                r.stderr
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Item 1: `--jobs 4294967295` aborted on a 1.17 TB allocation and
/// `--jobs 100000` panicked; a huge count is refused with exit 2.
#[test]
fn huge_jobs_are_refused_not_aborted() {
    let rows: Vec<Row> = [
        "4294967295",
        "200000000",
        "100000",
        "257",
        "99999999999999999999",
    ]
    .iter()
    .map(|&n| Row {
        name: "huge_jobs",
        args: Box::leak(Box::new([
            "solve",
            "curling",
            "--jobs",
            n,
            "$SAMPLEcurling.in",
        ])),
        code: 2,
        stderr: &["at most 256 jobs"],
        ..ROW
    })
    .collect();
    check(&rows);
    check(&[
        Row {
            name: "jobs_256_still_works",
            args: &["solve", "curling", "--jobs", "256", "$SAMPLEcurling.in"],
            stdout: &["1\n4\n-1\n4\n10\n-1\n"],
            ..ROW
        },
        Row {
            name: "jobs_0_is_refused",
            args: &["solve", "curling", "--jobs", "0", "$SAMPLEcurling.in"],
            code: 2,
            stderr: &["expected at least 1 job"],
            ..ROW
        },
    ]);
}

/// Item 7: with a budget that ran out, `verify` called an optimal plan
/// "not" and exited 1, and `render` exited 0; both say 3 now, as their
/// help does.
#[test]
fn a_budget_that_runs_out_exits_3_in_verify_and_render() {
    const ROW11: &str = "12 1\n2 0 1 1 1 1 1 1 1 1 1 3\n0 0\n";
    check(&[
        Row {
            name: "verify_unknown_is_not_not",
            args: &[
                "verify",
                "curling",
                "--max-states",
                "1",
                "--moves",
                "RRRRRRRRRR",
            ],
            stdin: ROW11,
            code: 3,
            stdout: &[
                "whether that is optimal is unknown",
                "0 optimal, 0 not, 0 skipped, 1 unknown",
            ],
            absent: &["1 not"],
            ..ROW
        },
        Row {
            name: "verify_a_bad_plan_beside_an_unknown_one_is_1",
            args: &["verify", "curling", "--max-states", "1", "--moves", "L"],
            stdin: ROW11,
            code: 1,
            ..ROW
        },
        Row {
            name: "render_limit_exits_3",
            args: &[
                "render",
                "curling",
                "$SAMPLEcurling.in",
                "--case",
                "5",
                "--max-states",
                "1",
                "-o",
                "-",
            ],
            code: 3,
            stdout: &["<svg"],
            stderr: &["drawing its start"],
            ..ROW
        },
        Row {
            name: "verify_help_promises_3",
            args: &["verify", "curling", "--help"],
            stdout: &["3 a search budget ran out"],
            ..ROW
        },
        Row {
            name: "render_help_promises_3",
            args: &["render", "curling", "--help"],
            stdout: &["3 a search budget ran out"],
            ..ROW
        },
    ]);
}

/// Issue 28: `--total-timeout` bounds a whole run (a file of 100 hard
/// lairs took 73 s, each case within its own `--timeout`); the cases left
/// when it runs out print `limit`, naming it. Three huge lairs after a
/// run budget of a millisecond: the last one starts past it.
#[test]
fn a_run_wide_time_budget_names_its_flag() {
    const HUGE3: &str = "4096 4096 2\n4096 4096\n4096 4095\n0\n\
                         4096 4096 2\n4096 4096\n4096 4095\n0\n\
                         4096 4096 2\n4096 4096\n4096 4095\n0\n0 0 0\n";
    check(&[
        Row {
            name: "total_timeout_stops_the_rest",
            args: &[
                "solve",
                "holedox",
                "--jobs",
                "1",
                "--total-timeout",
                "0.001",
            ],
            stdin: HUGE3,
            code: 3,
            stdout: &["Case 3: limit"],
            stderr: &["case 3: the run's time limit of 0.001 s was reached (raise --total-timeout"],
            ..ROW
        },
        Row {
            name: "timeout_help_says_wall_clock",
            args: &["solve", "holedox", "--help"],
            stdout: &["seconds of wall-clock time", "--total-timeout"],
            ..ROW
        },
    ]);
}

/// Item 4: `render` and `--explain` built whole outputs of gigabytes from
/// tiny inputs; what is too large is refused, saying the limit and how to
/// lift it (peak memory: `memory.rs`).
#[test]
fn too_large_to_draw_is_refused_saying_how_to_lift_it() {
    check(&[
        Row {
            name: "render_of_a_2000x2000_lair",
            args: &["render", "holedox", "-o", "-"],
            stdin: "2000 2000 2\n1 1\n1 2\n0\n0 0 0\n",
            code: 2,
            stderr: &["case 1: a 2000x2000 lair has 4000000 cells, more than --max-cells 2000000 allows to draw; give --max-cells 4000000 (or more)"],
            absent: &["<svg"],
            ..ROW
        },
        Row {
            name: "render_html_of_too_many_boards",
            args: &["render", "curling", "$SAMPLEcurling.in", "--case", "2", "--max-cells", "100", "-o", "/nonexistent/x.html"],
            code: 2,
            stderr: &["5 boards of 36 cells are 180 cells, more than --max-cells 100", "--frame K"],
            absent: &["cannot write"],
            ..ROW
        },
        Row {
            // An animation draws every position: 5 boards of 36 cells.
            name: "render_max_cells_lifted",
            args: &["render", "curling", "$SAMPLEcurling.in", "--case", "2", "--max-cells", "180", "-o", "-"],
            stdout: &["<svg"],
            ..ROW
        },
        Row {
            name: "render_animation_of_too_many_boards",
            args: &["render", "curling", "$SAMPLEcurling.in", "--case", "2", "--max-cells", "36", "-o", "-"],
            code: 2,
            stderr: &["5 boards of 36 cells are 180 cells, more than --max-cells 36", "--frame K"],
            absent: &["<svg"],
            ..ROW
        },
        Row {
            name: "render_still_within_max_cells",
            args: &["render", "curling", "$SAMPLEcurling.in", "--case", "2", "--max-cells", "36", "--frame", "4", "-o", "-"],
            stdout: &["<svg"],
            ..ROW
        },
        Row {
            name: "explain_board_over_max_cells_after_good_cases",
            args: &["solve", "curling", "--explain", "--max-cells", "2"],
            stdin: "2 1\n2 3\n3 1\n2 0 3\n0 0\n",
            code: 2,
            stdout: &["Dataset 1: 1 throw: R"],
            stderr: &["dataset 2: a 3x1 board has 3 cells, more than --max-cells 2 allows to draw; give --max-cells 3"],
            absent: &["Dataset 2"],
            ..ROW
        },
        Row {
            name: "explain_of_too_many_boards_prints_the_answer",
            args: &["solve", "curling", "--explain", "--max-cells", "3"],
            stdin: "2 1\n2 3\n0 0\n",
            code: 2,
            stdout: &["Dataset 1: 1 throw: R\n"],
            stderr: &["2 boards of 2 cells are 4 cells, more than --max-cells 3", "solve without --explain"],
            absent: &["legend"],
            ..ROW
        },
    ]);
}

/// The codes a command's help lists after `Exit status:`.
fn exit_codes(help: &str) -> Vec<u32> {
    let Some((_, rest)) = help.split_once("Exit status: ") else {
        return Vec::new();
    };
    let paragraph = rest.split("\n\n").next().unwrap_or("");
    paragraph
        .split(", ")
        .filter_map(|piece| {
            let digits: String = piece.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .collect()
}

/// Item 8: the puzzle-level `--help` pages were copies of `solve`'s (its
/// exit codes and examples on `verify`, `stress` and `render`). Every page
/// of every command now says that command's exit codes and shows only
/// that command in its examples.
#[test]
fn help_pages_describe_their_own_command() {
    let commands: &[(&str, &[u32])] = &[
        ("solve", &[0, 2, 3]),
        ("verify", &[0, 1, 2, 3]),
        ("render", &[0, 2, 3]),
        ("play", &[0, 2]),
        ("generate", &[0, 2, 130]),
        ("stress", &[0, 1, 2, 130]),
        ("validate", &[0, 1, 2]),
        ("check", &[0, 1, 2, 3, 42, 43, 3]),
        ("testset", &[0, 1, 2]),
        ("judge", &[0, 1, 2, 3]),
    ];
    let mut failures = Vec::new();
    for &(command, codes) in commands {
        for puzzle in [None, Some("curling"), Some("holedox")] {
            let mut args = vec![command];
            args.extend(puzzle);
            args.push("--help");
            let r = run(&args, "");
            let page = args.join(" ");
            if r.code != 0 {
                failures.push(format!("{page}: exit {}", r.code));
                continue;
            }
            let found = exit_codes(&r.stdout);
            if found != codes {
                failures.push(format!("{page}: exit codes {found:?}, wanted {codes:?}"));
            }
            let examples = r
                .stdout
                .split_once("\nExample")
                .map(|(_, e)| e)
                .unwrap_or("");
            let shown: Vec<&str> = examples
                .lines()
                .filter_map(|l| l.trim().strip_prefix("gridpuzzle "))
                .collect();
            if shown.is_empty() {
                failures.push(format!("{page}: no example"));
            }
            for line in shown {
                if !line.starts_with(command) {
                    failures.push(format!("{page}: an example of another command: {line}"));
                }
                if let Some(p) = puzzle {
                    if !line.starts_with(&format!("{command} {p}")) {
                        failures.push(format!("{page}: an example of another puzzle: {line}"));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Item 8: `stress --help` listed a FILE it refuses, `play --help` said no
/// FILE means standard input (it means a random puzzle), and `stress
/// holedox` refused the bare number its help called an answer.
#[test]
fn help_promises_hold() {
    check(&[
        Row {
            name: "stress_lists_no_file",
            args: &["stress", "holedox", "--help"],
            stdout: &[
                "Usage: gridpuzzle stress holedox [OPTIONS]\n",
                "exactly, such as `Case 1: 3`",
            ],
            absent: &["FILE]", "`3`,"],
            ..ROW
        },
        Row {
            name: "stress_says_each_puzzles_answer",
            args: &["stress", "--help"],
            stdout: &["curling `3`, holedox `Case 1: 3`"],
            ..ROW
        },
        Row {
            name: "play_without_file_is_a_random_puzzle",
            args: &["play", "curling", "--help"],
            stdout: &["without it, a fresh random puzzle"],
            absent: &["nothing reads standard input"],
            ..ROW
        },
    ]);
    // The answer the help shows is accepted: gridpuzzle itself as the candidate.
    let bin = env!("CARGO_BIN_EXE_gridpuzzle");
    let candidate = format!("'{bin}' solve holedox");
    let r = run(
        &[
            "stress",
            "holedox",
            "--cases",
            "5",
            "--candidate",
            &candidate,
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("all 5 cases agreed"), "{}", r.stdout);
}

/// Item 9, the smaller things: `--moves-file -`, `--moves` on several
/// cases, singular words, JSON `millis`, `generate --attempts` counts.
/// ("1 shrinking step": the golden file
/// `stress-curling-wrong-number-max-throws-none`.)
#[test]
fn smaller_things_of_item_9() {
    check(&[
        Row {
            name: "moves_file_dash_reads_standard_input",
            args: &["verify", "curling", "$SAMPLEcurling.in", "--moves-file", "-"],
            stdin: "L\nDLUR\n-\n",
            code: 1,
            stdout: &["dataset 1: optimal (1 throw)\ndataset 2: optimal (4 throws)\ndataset 3: skipped\n"],
            ..ROW
        },
        Row {
            name: "moves_file_dash_with_input_on_standard_input_too",
            args: &["verify", "curling", "--moves-file", "-"],
            stdin: "2 1\n2 3\n0 0\n",
            code: 2,
            stderr: &["--moves-file - reads the plans from standard input, so the judge input must come from a FILE"],
            ..ROW
        },
        Row {
            name: "moves_on_several_cases_refused_before_any_verdict",
            args: &["verify", "curling", "$SAMPLEcurling.in", "--moves", "L"],
            code: 2,
            stderr: &["--moves is for an input with a single dataset"],
            absent: &["optimal"],
            ..ROW
        },
        Row {
            name: "one_plan_line_is_one_line",
            args: &["verify", "holedox", "$SAMPLEholedox.in", "--moves-file", "-"],
            stdin: "-\n",
            code: 1,
            stdout: &["case 2: no plan given (the plans have 1 line)\n"],
            ..ROW
        },
        Row {
            name: "one_step_is_one_step",
            args: &["verify", "holedox", "--exit", "1,1", "--moves", "L"],
            stdin: "1 3 2\n1 2\n1 3\n0\n0 0 0\n",
            stdout: &["case 1: optimal (1 step)\n"],
            ..ROW
        },
        Row {
            name: "one_throw_in_explain",
            args: &["solve", "curling", "--explain", "$SAMPLEcurling.in"],
            stdout: &["Dataset 1: 1 throw: L\n"],
            absent: &["1 throws"],
            ..ROW
        },
        Row {
            name: "millis_without_float_noise",
            args: &["solve", "curling", "--format", "json", "$SAMPLEcurling.in"],
            stdout: &["\"millis\":"],
            absent: &["0000000", "9999999"],
            ..ROW
        },
        Row {
            name: "generate_attempts_counts_what_it_tried",
            args: &["generate", "holedox", "--size", "3x3", "--len", "7", "--answer", "50", "--attempts", "200", "--seed", "3"],
            code: 2,
            stderr: &["gave up after 200 tries in a row", "195 boards solved in all, 5 draws that made no board"],
            ..ROW
        },
    ]);
}

/// Also expected of a CLI of this class: completions and a man page from
/// the same definitions, and `--color` beside `NO_COLOR`.
#[test]
fn completions_man_page_and_color() {
    check(&[
        Row {
            name: "bash_completions_offer_the_puzzles",
            args: &["completions", "bash"],
            stdout: &["gridpuzzle", "holedox", "--max-cells"],
            ..ROW
        },
        Row {
            name: "zsh_completions",
            args: &["completions", "zsh"],
            stdout: &["#compdef gridpuzzle"],
            ..ROW
        },
        Row {
            name: "fish_completions",
            args: &["completions", "fish"],
            stdout: &["complete -c gridpuzzle"],
            ..ROW
        },
        Row {
            name: "no_completions_for_an_unknown_shell",
            args: &["completions", "tcsh"],
            code: 2,
            stderr: &["invalid value 'tcsh'"],
            ..ROW
        },
        Row {
            name: "man_page",
            args: &["man"],
            stdout: &[".TH gridpuzzle 1", "solve"],
            ..ROW
        },
        Row {
            name: "color_always_beats_no_color",
            args: &[
                "solve",
                "curling",
                "--explain",
                "--color",
                "always",
                "$SAMPLEcurling.in",
            ],
            stdout: &["\u{1b}["],
            ..ROW
        },
        Row {
            name: "color_auto_off_a_terminal",
            args: &[
                "solve",
                "curling",
                "--explain",
                "--color",
                "auto",
                "$SAMPLEcurling.in",
            ],
            absent: &["\u{1b}["],
            ..ROW
        },
        Row {
            name: "color_never",
            args: &[
                "solve",
                "curling",
                "--explain",
                "--color",
                "never",
                "$SAMPLEcurling.in",
            ],
            absent: &["\u{1b}["],
            ..ROW
        },
    ]);
    // NO_COLOR with --color always: the flag the user typed wins.
    let r = common::run_with(
        &["solve", "curling", "--explain", "--color", "always"],
        "2 1\n2 3\n0 0\n",
        |c| {
            c.env("NO_COLOR", "1");
        },
    );
    assert!(r.stdout.contains("\u{1b}["), "{}", r.stdout);
    // `man --dir` writes a page per command.
    let dir = std::env::temp_dir().join(format!("gridpuzzle-man-{}", std::process::id()));
    let r = run(&["man", "--dir", dir.to_str().unwrap()], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    for page in [
        "gridpuzzle.1",
        "gridpuzzle-solve.1",
        "gridpuzzle-verify-holedox.1",
    ] {
        assert!(dir.join(page).exists(), "{page}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `-` is standard input wherever a file is read.
#[test]
fn dash_is_standard_input_wherever_a_file_is_read() {
    const ONE: &str = "2 1\n2 3\n0 0\n";
    check(&[
        Row {
            name: "solve_dash",
            args: &["solve", "curling", "-"],
            stdin: ONE,
            stdout: &["1\n"],
            ..ROW
        },
        Row {
            name: "verify_input_dash",
            args: &["verify", "curling", "-", "--moves", "R"],
            stdin: ONE,
            stdout: &["dataset 1: optimal (1 throw)"],
            ..ROW
        },
        Row {
            name: "render_input_dash",
            args: &["render", "curling", "-", "-o", "-"],
            stdin: ONE,
            stdout: &["<svg"],
            ..ROW
        },
        Row {
            name: "play_load_dash",
            args: &["play", "--load", "-"],
            stdin: "gridpuzzle-save 1\npuzzle curling\nmoves L\nboard\n2 1\n2 3\n0 0\n",
            code: 2,
            stderr: &["standard input: the saved moves do not replay: move 1 is refused"],
            ..ROW
        },
        Row {
            name: "play_load_dash_good_save_needs_a_terminal_only",
            args: &["play", "--load", "-"],
            stdin: "gridpuzzle-save 1\npuzzle curling\nmoves R\nboard\n2 1\n2 3\n0 0\n",
            code: 2,
            stderr: &["play needs a terminal"],
            ..ROW
        },
    ]);
}

/// Item 10: `render --moves` draws one's own plan, refusing the first
/// illegal move with the rules' reason.
#[test]
fn render_draws_your_own_plan() {
    check(&[
        Row {
            name: "render_moves_draws_them",
            args: &[
                "render",
                "curling",
                "$SAMPLEcurling.in",
                "--case",
                "2",
                "--moves",
                "DLUD",
                "-o",
                "-",
            ],
            stdout: &["Curling 2.0: 4 throws (DLUD)"],
            stderr: &["note: --moves does not reach the goal after 4 throws"],
            ..ROW
        },
        Row {
            name: "render_moves_after_the_goal",
            args: &[
                "render",
                "curling",
                "$SAMPLEcurling.in",
                "--case",
                "2",
                "--moves",
                "DLURL",
                "-o",
                "-",
            ],
            code: 2,
            stderr: &["--moves, move 5 (L): the game is already won"],
            absent: &["<svg"],
            ..ROW
        },
        Row {
            name: "render_moves_illegal",
            args: &[
                "render",
                "holedox",
                "$SAMPLEholedox.in",
                "--moves",
                "R",
                "-o",
                "-",
            ],
            code: 2,
            stderr: &["--moves, move 1 (R): the head would move into its own body"],
            ..ROW
        },
        Row {
            name: "render_moves_bad_letter",
            args: &[
                "render",
                "curling",
                "$SAMPLEcurling.in",
                "--moves",
                "DLX",
                "-o",
                "-",
            ],
            code: 2,
            stderr: &["--moves, column 3: expected a move (U, D, L or R)"],
            ..ROW
        },
    ]);
    // The page's buttons: glyphs every common font has (⏮ ⏭ ⏸ were boxes).
    let page = std::env::temp_dir().join(format!("gridpuzzle-page-{}.html", std::process::id()));
    let sample = sample("curling.in");
    let r = run(
        &[
            "render",
            "curling",
            sample.to_str().unwrap(),
            "--case",
            "2",
            "-o",
            page.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let html = std::fs::read_to_string(&page).unwrap();
    std::fs::remove_file(&page).ok();
    for glyph in ["&#x23EE;", "&#x23ED;", "&#x23F8;"] {
        assert!(!html.contains(glyph), "{glyph}");
    }
    assert!(html.contains("|&#x25C0;") && html.contains("&#x25B6;|"));
}

/// Item 8 for `serve`, which has no puzzle pages: its help names its own
/// exit codes, every endpoint, and only `serve` in its examples.
#[test]
fn serve_help_is_its_own() {
    let r = run(&["serve", "--help"], "");
    assert_eq!(r.code, 0);
    assert_eq!(exit_codes(&r.stdout), vec![0, 2], "{}", r.stdout);
    for endpoint in [
        "/api/solve",
        "/api/verify",
        "/api/generate",
        "/api/render",
        "/api/cases",
        "/api/play",
        "/api/board",
        "/api/puzzles",
    ] {
        assert!(r.stdout.contains(endpoint), "{endpoint} missing");
    }
    let examples = r
        .stdout
        .split_once("\nExamples:")
        .map(|(_, e)| e)
        .unwrap_or("");
    let shown: Vec<&str> = examples
        .lines()
        .filter_map(|l| l.trim().strip_prefix("gridpuzzle "))
        .collect();
    assert!(!shown.is_empty());
    assert!(shown.iter().all(|l| l.starts_with("serve")), "{shown:?}");
    // A port in use is exit 2 with the reason.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let r = run(&["serve", "--port", &port], "");
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("cannot serve on 127.0.0.1"),
        "{}",
        r.stderr
    );
    // Timeouts out of range, or not numbers, and a memory budget that is
    // not one, are usage errors that say why.
    for (flag, value, says) in [
        ("--header-timeout", "0", "outside 0.1 to 3600 seconds"),
        ("--body-timeout", "7200", "outside 0.1 to 3600 seconds"),
        ("--body-timeout", "soon", "is not a number of seconds"),
        ("--memory", "lots", "expected a whole number or `none`"),
    ] {
        let r = run(&["serve", "--port", "0", flag, value], "");
        assert_eq!(r.code, 2, "{flag} {value}: {}", r.stderr);
        assert!(r.stderr.contains(says), "{flag} {value}: {}", r.stderr);
    }
}

/// The "Done when" promise: no input under 1 MB runs for minutes or takes
/// gigabytes unless a budget was lifted. Each search has a time budget
/// (`--timeout`, 1 s) and a memory budget (`--max-stored`, 2,000,000 states)
/// by default; each stop names the flag that lifts it, `none` lifts it, and
/// a bad value is a usage error. (The peaks are in `memory.rs`.)
#[test]
fn default_budgets_say_how_to_lift_them() {
    const HARD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../bench/holedox/hard.in");
    // A 40-byte input declaring a 4096×4096 lair: over a second of work.
    let huge = "4096 4096 2\n4096 4096\n4096 4095\n0\n0 0 0\n";
    check(&[
        Row {
            name: "defaults_in_help",
            args: &["solve", "holedox", "--help"],
            stdout: &[
                "--timeout <SECS|none>",
                "[default: 1]",
                "--max-stored <N|none>",
                "[default: 2000000]",
            ],
            ..ROW
        },
        Row {
            name: "memory_budget_names_its_flag",
            args: &["solve", "holedox", "--max-stored", "10", "--timeout", "none", HARD],
            code: 3,
            stdout: &["Case 3: 157\n", "Case 6: limit\n"],
            stderr: &[
                "case 6: the memory budget of 10 stored states was reached (raise --max-stored, or --max-stored none to lift it)",
            ],
            ..ROW
        },
        Row {
            name: "memory_budget_lifted",
            args: &["solve", "holedox", "--max-stored", "none", "--timeout", "none", HARD],
            stdout: &["Case 6: "],
            absent: &["limit"],
            ..ROW
        },
        Row {
            name: "time_budget_names_its_flag",
            args: &["solve", "holedox", "--timeout", "0.001", "-"],
            stdin: huge,
            code: 3,
            stdout: &["Case 1: limit\n"],
            stderr: &["the time limit of 0.001 s was reached (raise --timeout, or --timeout none to lift it)"],
            ..ROW
        },
        Row {
            name: "time_budget_lifted",
            args: &["solve", "holedox", "--timeout", "none", "-"],
            stdin: huge,
            stdout: &["Case 1: 8190\n"],
            ..ROW
        },
        Row {
            name: "expansion_budget_names_its_flag",
            args: &["solve", "holedox", "--max-states", "10", HARD],
            code: 3,
            stderr: &["expanded states was reached (raise --max-states, or --max-states none to lift it)"],
            ..ROW
        },
        Row {
            name: "generate_gives_up_after_its_patience",
            args: &[
                "generate", "holedox", "--size", "2000x2000", "--len", "8", "--answer", "20",
                "--seed", "1", "--patience", "0.3",
            ],
            code: 2,
            stderr: &["no puzzle with an optimum in 20 came in 0.3 s", "raise --patience or pass --patience none"],
            ..ROW
        },
        Row {
            name: "generate_patience_in_help",
            args: &["generate", "curling", "--help"],
            stdout: &["--patience <SECS|none>", "[default: 10]"],
            ..ROW
        },
        Row {
            name: "bad_budget_value",
            args: &["solve", "holedox", "--max-stored", "lots", HARD],
            code: 2,
            stderr: &["expected a whole number or `none`, found `lots`"],
            ..ROW
        },
        Row {
            name: "bad_timeout_value",
            args: &["verify", "holedox", "--timeout=0", HARD],
            code: 2,
            stderr: &["expected a positive number of seconds, found `0` (or `none`)"],
            ..ROW
        },
    ]);
}

/// Every puzzle command offers exactly the registered puzzles that declare
/// what it needs (`trace` searches to watch, `generate`, `stress` and
/// `testset` a generator, `package` a judge kit and a generator), each
/// with an option per rule setting; a registered puzzle it does not offer
/// is told what it lacks, exit 2, never called unknown.
#[test]
fn every_command_offers_the_puzzles_that_declare_what_it_needs() {
    use gridpuzzle_engine::caps::Capability::{self, Generate, JudgeKit, Watch};
    let needs = |command: &str| -> &'static [Capability] {
        match command {
            "trace" => &[Watch],
            "generate" | "stress" | "testset" => &[Generate],
            "package" => &[JudgeKit, Generate],
            _ => &[],
        }
    };
    for command in [
        "solve", "verify", "render", "play", "generate", "stress", "validate", "check", "testset",
        "package", "judge", "trace",
    ] {
        for entry in gridpuzzle_registry::entries() {
            let r = run(&[command, entry.name, "--help"], "");
            let asked = format!("{command} {}", entry.name);
            match entry.lacking(needs(command)) {
                None => {
                    assert_eq!(r.code, 0, "{asked}: {}", r.stderr);
                    // `trace` plays the judge's rules only, so it offers
                    // no rule option rather than one it would refuse.
                    for s in entry.settings {
                        let option = format!("--{} <", s.key);
                        let offered = r.stdout.contains(&option);
                        assert_eq!(offered, command != "trace", "{asked}: {option}");
                    }
                }
                Some(lacking) => {
                    assert_eq!(r.code, 2, "{asked}");
                    assert_eq!(r.stderr, format!("gridpuzzle {asked}: {lacking}\n"));
                }
            }
        }
    }
}

/// A rule setting's option takes its default, and refuses a value exactly
/// when the puzzle's own `set` refuses it, as a usage error in the
/// puzzle's words (or clap's list of choices).
#[test]
fn setting_options_check_values_with_the_puzzle() {
    use gridpuzzle_registry::{Registered, Visit};
    struct Set<'a>(&'a str, &'a str);
    impl Visit for Set<'_> {
        type Output = Result<(), String>;
        fn visit<P: Registered>(self, mut puzzle: P) -> Result<(), String> {
            P::CAPS.set(&mut puzzle, self.0, self.1)
        }
    }
    for entry in gridpuzzle_registry::entries() {
        for s in entry.settings {
            for value in [s.default, "no-such-value", "", "-1"] {
                let option = format!("--{}={value}", s.key);
                // An empty input: a value taken reaches the parser, which
                // refuses the input in its own words, never clap's.
                let r = run(&["solve", entry.name, &option], "");
                let asked = format!("solve {} {option}: {}", entry.name, r.stderr);
                let by_puzzle = gridpuzzle_registry::visit(entry.name, Set(s.key, value));
                match by_puzzle.expect("a registered puzzle") {
                    Ok(()) => assert!(!r.stderr.starts_with("error:"), "{asked}"),
                    Err(e) => {
                        assert_eq!(r.code, 2, "{asked}");
                        assert!(r.stderr.starts_with("error:"), "{asked}");
                        if s.choices.is_empty() {
                            assert!(r.stderr.contains(&e), "{asked} lacks {e}");
                        }
                    }
                }
            }
        }
    }
}
