//! Runs the built binary, as a user would.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

impl Run {
    /// How this run differs from an exit `code` and texts each stream must
    /// hold, one phrase each; empty when it is as wanted. The table-driven
    /// tests collect these per row and report every row at once.
    pub fn misses(&self, code: i32, stdout: &[&str], stderr: &[&str]) -> Vec<String> {
        let mut wrong = Vec::new();
        if self.code != code {
            wrong.push(format!("exit {} (wanted {code})", self.code));
        }
        for s in stdout {
            if !self.stdout.contains(s) {
                wrong.push(format!("stdout lacks {s:?}"));
            }
        }
        for s in stderr {
            if !self.stderr.contains(s) {
                wrong.push(format!("stderr lacks {s:?}"));
            }
        }
        wrong
    }
}

/// Runs `gridpuzzle ARGS` with `stdin` as its standard input.
pub fn run(args: &[&str], stdin: &str) -> Run {
    run_with(args, stdin, |_| {})
}

/// [`run`], with `setup` free to change the command first (its working
/// directory, its environment).
pub fn run_with(args: &[&str], stdin: &str, setup: impl FnOnce(&mut Command)) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gridpuzzle"));
    setup(&mut command);
    let mut child = command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.as_bytes().to_vec();
    // Write from a thread: the binary may stop reading early on bad input.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("writer thread");
    Run {
        stdout: String::from_utf8(out.stdout).expect("utf-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("utf-8 stderr"),
        code: out.status.code().unwrap_or(-1),
    }
}

/// A file of the repository's `samples/` folder.
/// The path of the `candidates` example (deliberately buggy and correct
/// contest programs), built by `cargo test` next to the binary.
#[allow(dead_code)] // not every test binary runs candidates
pub fn candidates() -> String {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_gridpuzzle"));
    let path = bin.parent().unwrap().join("examples").join("candidates");
    assert!(
        path.exists(),
        "build the examples first: {}",
        path.display()
    );
    path.to_str().unwrap().to_string()
}

pub fn sample(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../samples")
        .join(name)
}

pub fn read_sample(name: &str) -> String {
    std::fs::read_to_string(sample(name)).expect("sample exists")
}

use gridpuzzle_engine::rng::SplitMix64;

/// A judge-format Curling file of `count` random boards (up to 12×12).
pub fn random_curling_file(count: usize, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut text = String::new();
    for _ in 0..count {
        let (w, h) = loop {
            let w = rng.range(1, 12) as usize;
            let h = rng.range(1, 12) as usize;
            if w * h >= 2 {
                break (w, h);
            }
        };
        let density = rng.range(0, 45) as u32;
        let mut cells: Vec<u8> = (0..w * h).map(|_| rng.chance(density) as u8).collect();
        let s = rng.below((w * h) as u64) as usize;
        let mut g = s;
        while g == s {
            g = rng.below((w * h) as u64) as usize;
        }
        cells[s] = 2;
        cells[g] = 3;
        text.push_str(&format!("{w} {h}\n"));
        for row in cells.chunks(w) {
            let row: Vec<String> = row.iter().map(u8::to_string).collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
    }
    text.push_str("0 0\n");
    text
}

/// A judge-format Holedox file of `count` random lairs (up to 10×10,
/// L from 1 to 8, bodies as random self-avoiding walks).
pub fn random_holedox_file(count: usize, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut text = String::new();
    let mut made = 0;
    while made < count {
        let n = rng.range(1, 10) as i64;
        let m = rng.range(1, 10) as i64;
        let len = rng.range(1, 8) as usize;
        let density = rng.range(0, 40) as u32;
        let mut body = vec![(rng.range(1, n as u64) as i64, rng.range(1, m as u64) as i64)];
        while body.len() < len {
            let &(r, c) = body.last().unwrap();
            let options: Vec<(i64, i64)> = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                .into_iter()
                .filter(|&(r, c)| r >= 1 && c >= 1 && r <= n && c <= m && !body.contains(&(r, c)))
                .collect();
            if options.is_empty() {
                break;
            }
            body.push(options[rng.below(options.len() as u64) as usize]);
        }
        if body.len() < len {
            continue;
        }
        let mut stones = Vec::new();
        for r in 1..=n {
            for c in 1..=m {
                if !body.contains(&(r, c)) && rng.chance(density) {
                    stones.push((r, c));
                }
            }
        }
        made += 1;
        text.push_str(&format!("{n} {m} {len}\n"));
        for (r, c) in &body {
            text.push_str(&format!("{r} {c}\n"));
        }
        text.push_str(&format!("{}\n", stones.len()));
        for (r, c) in &stones {
            text.push_str(&format!("{r} {c}\n"));
        }
    }
    text.push_str("0 0 0\n");
    text
}

/// Starts `BIN serve --port 0 ARGS` after the shell commands `shell` (such
/// as `ulimit` settings), and reads the loopback address it serves on from
/// its first line. The server suites kill the child when they are done.
pub fn start_server(bin: &str, shell: &str, args: &str) -> (Child, SocketAddr) {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("{shell}; exec \"$0\" serve --port 0 {args}"))
        .arg(bin)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the server starts");
    let mut out = child.stdout.take().unwrap();
    let mut line = Vec::new();
    let mut byte = [0u8];
    while out.read(&mut byte).unwrap_or(0) == 1 && byte[0] != b'\n' {
        line.push(byte[0]);
    }
    let line = String::from_utf8(line).unwrap();
    let url = line
        .strip_prefix("gridpuzzle: serving on http://")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"));
    let addr: SocketAddr = url.trim_end_matches('/').parse().unwrap();
    assert!(addr.ip().is_loopback());
    (child, addr)
}

/// A Curling save of `throws` throws along a one-row corridor, with no
/// cap: each throw breaks one more block, so a position lists ever more
/// broken blocks (200,000 throws: a 1 MB file).
pub fn corridor_save(throws: usize) -> String {
    let mut row = vec!["2"];
    for _ in 0..throws {
        row.extend(["0", "1"]);
    }
    row.extend(["0", "3"]);
    format!(
        "gridpuzzle-save 1\npuzzle curling\nmax-throws none\nmoves {}\nboard\n{} 1\n{}\n0 0\n",
        "R".repeat(throws),
        row.len(),
        row.join(" ")
    )
}

/// A `side`×`side` lair cut in two by a wall of stones across its middle
/// row with a one-cell door; the head stands just past the door, facing
/// away from the exit, and the body of `len` cells runs back through the
/// door and on along the far side.
pub fn door_lair(side: usize, len: usize) -> String {
    let (wall, door) = (side / 2, side / 2);
    let mut body = vec![(wall + 1, door), (wall, door)];
    let (mut r, mut c) = (wall - 1, door);
    while body.len() < len {
        body.push((r, c));
        if r > wall - 3 {
            r -= 1;
        } else {
            c += 1;
        }
    }
    let mut text = format!("{side} {side} {len}\n");
    for (r, c) in body {
        text.push_str(&format!("{r} {c}\n"));
    }
    let stones: Vec<String> = (1..=side)
        .filter(|&c| c != door)
        .map(|c| format!("{wall} {c}"))
        .collect();
    text.push_str(&format!("{}\n{}\n0 0 0\n", stones.len(), stones.join("\n")));
    text
}

/// A fresh folder of this test process under the temporary directory,
/// `gridpuzzle-TAG-PID-NAME` (emptied if a run before left it).
pub fn scratch(tag: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridpuzzle-{tag}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Whether a missing outside tool fails its test rather than skips it:
/// asked for by `VAR=require` (as `.ci/run` sets them), or on CI.
pub fn required(var: &str) -> bool {
    std::env::var(var).is_ok_and(|v| v == "require") || std::env::var_os("CI").is_some()
}

/// Adds `submissions/wrong_answer/lowercase.py` to the package of puzzle
/// `name` in `dir`, when its judge line has words (`Case 1: 3`): the
/// package's accepted Python solution with its output in lower case. The
/// package calls the default output validator case-sensitive, as the
/// judges, `check` and `judge` read an answer, so a judging tool must find
/// it a wrong answer; to the validator's default, which ignores case, it
/// would be accepted.
pub fn add_lowercase_submission(name: &str, dir: &std::path::Path) {
    let entry = gridpuzzle_registry::entry(name).expect("a registered puzzle");
    let line = (entry.judge_line)(1, "3");
    if !line.bytes().any(|b| b.is_ascii_alphabetic()) {
        return;
    }
    let python = std::fs::read_dir(dir.join("submissions/accepted"))
        .unwrap()
        .map(|f| f.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "py"))
        .expect("an accepted Python submission");
    let source = std::fs::read_to_string(&python).unwrap();
    let lower = "import sys\n\n\n\
                 class _Lower:\n    \
                     def __init__(self, out):\n        self.out = out\n\n    \
                     def write(self, text):\n        return self.out.write(text.lower())\n\n    \
                     def __getattr__(self, name):\n        return getattr(self.out, name)\n\n\n\
                 sys.stdout = _Lower(sys.stdout)\n\n";
    let wrong = dir.join("submissions/wrong_answer/lowercase.py");
    std::fs::write(wrong, format!("{lower}{source}")).unwrap();
}
