//! Peak memory of whole commands on hostile but small inputs (issue 15).
//! Memory is no timing, but it depends on the allocator and the machine,
//! so these run on demand, not in every `cargo test`:
//!
//! ```sh
//! cargo test --release -p gridpuzzle --test memory -- --ignored --nocapture
//! ```

use std::io::Write;
use std::process::{Command, Stdio};

use nix::sys::resource::{getrusage, UsageWho};

/// Runs `gridpuzzle ARGS` and returns its exit code and the peak resident
/// memory of the children so far, in MB (Linux reports kilobytes).
fn peak_mb(args: &[&str]) -> (i32, String, f64) {
    let out = Command::new(env!("CARGO_BIN_EXE_gridpuzzle"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        usage.max_rss() as f64 / 1024.0,
    )
}

/// A Curling save of `throws` throws along a one-row corridor: each throw
/// breaks one more block, so a position lists ever more broken blocks.
fn corridor_save(throws: usize) -> String {
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

/// Loading a 20,000-throw save took 859 MB when every position was kept.
#[test]
#[ignore = "peak memory: run on demand (see the module docs)"]
fn play_load_of_a_long_curling_history_stays_small() {
    let dir = std::env::temp_dir().join(format!("gridpuzzle-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("long.save");
    std::fs::File::create(&save)
        .unwrap()
        .write_all(corridor_save(20_000).as_bytes())
        .unwrap();
    let (code, err, mb) = peak_mb(&["play", "--load", save.to_str().unwrap()]);
    println!("play --load of 20,000 throws: peak {mb:.1} MB (exit {code})");
    // Without a terminal, play stops after loading (and replaying) the game.
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("play needs a terminal"), "{err}");
    assert!(mb < 200.0, "peak {mb:.1} MB");
    std::fs::remove_dir_all(&dir).ok();
}
