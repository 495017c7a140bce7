//! `gridpuzzle play` from outside: its help, and its errors before any
//! terminal is touched. (The screens themselves are tested by the
//! `gridpuzzle-tui` crate's unit tests, against ratatui's test backend.)

mod common;

use common::{run, sample};
use nix::sys::resource::{getrusage, UsageWho};

#[test]
fn help_explains_the_keys_and_the_save_format() {
    let r = run(&["play", "--help"], "");
    assert_eq!(r.code, 0);
    // The examples' second puzzle, counting round.
    let names: Vec<&str> = gridpuzzle_registry::entries()
        .iter()
        .map(|e| e.name)
        .collect();
    let load = format!("gridpuzzle play --load {}.save", names[1 % names.len()]);
    for needle in [
        "u (Ctrl-Z) undo",
        "h hint",
        "Enter",
        "gridpuzzle-save 1",
        "moves RDLU",
        &load,
        "--seed",
    ] {
        assert!(
            r.stdout.contains(needle),
            "help lacks {needle}: {}",
            r.stdout
        );
    }
}

#[test]
fn without_a_terminal_it_says_so() {
    let file = sample("curling.in");
    let r = run(
        &["play", "curling", file.to_str().unwrap(), "--case", "2"],
        "",
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "gridpuzzle: play needs a terminal: standard output is not one\n"
    );
}

#[test]
fn usage_errors_come_first() {
    let file = sample("curling.in");
    let file = file.to_str().unwrap();
    let cases = [
        (vec!["play"], "name a puzzle"),
        (
            vec!["play", "curling", file, "--seed", "3"],
            "give either FILE or --seed",
        ),
        (
            vec!["play", "curling", file, "--case", "9"],
            "has only 6 datasets",
        ),
        (
            vec!["play", "curling", "--seed", "1", "--answer", "11..12"],
            // `generate`'s words: one check of a generator request.
            "no board needs 11 throws under a cap of 10: raise --max-throws or lower --answer",
        ),
        (
            vec!["play", "curling", "--seed", "1", "--len", "3"],
            "--len is the length",
        ),
    ];
    for (args, needle) in cases {
        let r = run(&args, "");
        assert_eq!(r.code, 2, "{args:?}");
        assert!(r.stderr.contains(needle), "{args:?}: {}", r.stderr);
    }
}

/// Issue 28: a 1 MB save of 200,000 throws took 9-11 s and 1.26 GB to
/// load (a copy of the growing position per throw, a checkpoint every 64),
/// all before the terminal was asked for. Loading is linear now: the file
/// is read and replayed (so its errors are said without a terminal), and
/// the search of the first analysis waits for a terminal.
#[test]
fn a_one_megabyte_save_loads_in_linear_time_and_memory() {
    let dir = std::env::temp_dir().join(format!("gridpuzzle-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("long.save");
    let text = common::corridor_save(200_000);
    assert!(text.len() <= 1_000_100, "{}", text.len());
    std::fs::write(&save, &text).unwrap();
    let r = run(&["play", "--load", save.to_str().unwrap()], "");
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "gridpuzzle: play needs a terminal: standard output is not one\n"
    );
    // The largest of the children this test binary waited for so far: all
    // of them small, this one the largest by far.
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage");
    let mb = usage.max_rss() as f64 / 1024.0;
    assert!(mb < 200.0, "a child peaked at {mb:.0} MB");
    // A history that does not replay is said without a terminal, naming
    // the throw.
    let bad = text.replacen("moves R", "moves L", 1);
    std::fs::write(&save, bad).unwrap();
    let r = run(&["play", "--load", save.to_str().unwrap()], "");
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("the saved moves do not replay")
            && r.stderr.contains("move 1 is refused"),
        "{}",
        r.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 28: a save file's fields reached the terminal raw (an escape
/// sequence in `source` set the window title; errors echoed ESC). Every
/// message is shown with its control, C1, bidi and separator characters
/// escaped, whatever file it quotes.
#[test]
fn nothing_from_a_save_file_reaches_the_terminal_raw() {
    let dir = std::env::temp_dir().join(format!("gridpuzzle-play-esc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let hostile = "\x1b]0;owned\x07\x1b[2J\u{9b}31m\x7f\u{202e}\u{2028}";
    let cases = [
        // An unknown setting named after the escapes.
        format!("gridpuzzle-save 1\npuzzle curling\n{hostile} 1\nboard\n2 1\n2 3\n0 0\n"),
        // Not a save file: its first line is quoted.
        format!("{hostile}\n"),
        // An unknown puzzle.
        format!("gridpuzzle-save 1\npuzzle {hostile}\nboard\n2 1\n2 3\n0 0\n"),
        // A bad move letter.
        "gridpuzzle-save 1\npuzzle curling\nmoves R\u{9b}\nboard\n2 1\n2 3\n0 0\n".to_string(),
    ];
    for (i, text) in cases.iter().enumerate() {
        // The file's name holds escapes too.
        let save = dir.join(format!("s{i}\x1b[31m\u{202e}.save"));
        std::fs::write(&save, text).unwrap();
        let r = run(&["play", "--load", save.to_str().unwrap()], "");
        assert_eq!(r.code, 2, "{i}: {}", r.stderr);
        let raw: Vec<char> = r
            .stderr
            .chars()
            .filter(|&c| {
                (c.is_control() && c != '\n')
                    || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2028}' | '\u{2029}')
            })
            .collect();
        assert!(raw.is_empty(), "case {i}: {raw:?} in {}", r.stderr);
        assert!(r.stderr.contains("\\x1b"), "case {i}: {}", r.stderr);
    }
    std::fs::remove_dir_all(&dir).ok();
}
