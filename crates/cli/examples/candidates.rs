//! Deliberately buggy (and correct) contest solutions, for testing
//! `gridpuzzle stress` (and the judge kit). Each reads a whole judge input
//! (any number of datasets and the terminator) on stdin and prints the
//! judge's output, one line per dataset — or misbehaves on purpose:
//!
//! ```text
//! candidates curling-correct
//! candidates curling-adjacent     (a throw into an adjacent block breaks it, the stone staying)
//! candidates curling-no-cap       (no 10-throw cap)
//! candidates curling-state        (the fewest-throws global is not reset between datasets)
//! candidates holedox-correct
//! candidates holedox-tail         (the head may enter the tail's cell)
//! candidates hang PUZZLE          (never finishes when a board has a block or stone)
//! candidates crash PUZZLE         (aborts when a board has a block or stone)
//! candidates silent PUZZLE        (prints nothing)
//! candidates spin PUZZLE          (a busy loop when a board has a block or stone)
//! candidates hog MB               (touches MB megabytes of memory, then answers Curling right)
//! candidates deep MB              (recurses through MB megabytes of stack, then answers
//!                                  Curling right)
//! candidates sleeper SECS         (leaves a `sleep SECS` of another session holding its
//!                                  standard output, then answers Curling right)
//! ```
//! Written from scratch (plain breadth-first searches over full states,
//! and for `curling-state` the depth-first search with a global best of
//! the usual contest solutions), so they share no code with the solvers
//! they are tested against.

use std::collections::{HashSet, VecDeque};
use std::io::Read;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let nums: Vec<i64> = input
        .split_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    let mut mode = args.first().map(String::as_str).unwrap_or("");
    // The modes that use resources first, then answer right.
    if matches!(mode, "hog" | "deep") {
        let mb: usize = args.get(1).and_then(|a| a.parse().ok()).expect("MB");
        if mode == "hog" {
            let block = vec![1u8; mb << 20];
            std::hint::black_box(&block);
        } else {
            std::hint::black_box(recurse(mb << 10));
        }
        mode = "curling-correct";
    }
    if mode == "sleeper" {
        // `setsid`: out of the judge's process group, as a daemon would be.
        let secs = args.get(1).map_or("60", String::as_str);
        // Left running on purpose: that is the misbehaviour.
        #[allow(clippy::zombie_processes)]
        std::process::Command::new("setsid")
            .args(["sleep", secs])
            .spawn()
            .expect("setsid sleep starts");
        mode = "curling-correct";
    }
    let puzzle = match mode {
        m if m.starts_with("holedox") => "holedox",
        m if m.starts_with("curling") => "curling",
        _ => args.get(1).map(String::as_str).unwrap_or("curling"),
    };
    let datasets = if puzzle == "holedox" {
        holedox_datasets(&nums)
    } else {
        curling_datasets(&nums)
    };
    if matches!(mode, "hang" | "crash" | "spin") {
        let obstacles = datasets.iter().any(|d| {
            if puzzle == "holedox" {
                let l = d[2] as usize;
                d[3 + 2 * l] > 0
            } else {
                d[2..].contains(&1)
            }
        });
        match mode {
            "hang" if obstacles => loop {
                std::thread::sleep(std::time::Duration::from_secs(1));
            },
            "crash" if obstacles => std::process::abort(),
            "spin" if obstacles => {
                let mut n = 0u64;
                loop {
                    n = std::hint::black_box(n.wrapping_add(1));
                }
            }
            _ => {}
        }
    }
    // The global of `curling-state`: set once, never reset.
    let mut best = i64::MAX;
    for (k, d) in datasets.iter().enumerate() {
        let line = match (mode, puzzle) {
            ("silent", _) => continue,
            ("curling-adjacent", _) => curling(d, true, Some(10)).to_string(),
            ("curling-no-cap", _) => curling(d, false, None).to_string(),
            ("curling-state", _) => {
                let found = curling(d, false, Some(10));
                if found != -1 {
                    best = best.min(found);
                }
                if best == i64::MAX { -1 } else { best }.to_string()
            }
            ("holedox-tail", _) => format!("Case {}: {}", k + 1, holedox(d, true)),
            (_, "holedox") => format!("Case {}: {}", k + 1, holedox(d, false)),
            ("curling-correct" | "hang" | "crash" | "spin", _) => {
                curling(d, false, Some(10)).to_string()
            }
            (other, _) => panic!("unknown mode {other:?}"),
        };
        println!("{line}");
    }
}

/// The Curling datasets of a judge input, each from its `w h` on.
fn curling_datasets(nums: &[i64]) -> Vec<&[i64]> {
    let mut out = Vec::new();
    let mut at = 0;
    while at + 1 < nums.len() && (nums[at], nums[at + 1]) != (0, 0) {
        let len = 2 + (nums[at] * nums[at + 1]) as usize;
        out.push(&nums[at..at + len]);
        at += len;
    }
    out
}

/// The Holedox cases of a judge input, each from its `n m L` on.
fn holedox_datasets(nums: &[i64]) -> Vec<&[i64]> {
    let mut out = Vec::new();
    let mut at = 0;
    while at + 2 < nums.len() && (nums[at], nums[at + 1], nums[at + 2]) != (0, 0, 0) {
        let l = nums[at + 2] as usize;
        let k = nums[at + 3 + 2 * l] as usize;
        let len = 4 + 2 * l + 2 * k;
        out.push(&nums[at..at + len]);
        at += len;
    }
    out
}

/// Fewest throws within `cap`, or -1. With `bug`, a throw toward an
/// adjacent block breaks it without moving the stone.
fn curling(nums: &[i64], bug: bool, cap: Option<i64>) -> i64 {
    let (w, h) = (nums[0], nums[1]);
    let cell = |r: i64, c: i64| nums[2 + (r * w + c) as usize];
    let find = |code| {
        (0..h)
            .flat_map(|r| (0..w).map(move |c| (r, c)))
            .find(|&(r, c)| cell(r, c) == code)
            .expect("start and goal")
    };
    let (start, goal) = (find(2), find(3));
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([(start, Vec::<(i64, i64)>::new(), 0)]);
    while let Some((pos, broken, d)) = queue.pop_front() {
        if cap.is_some_and(|cap| d >= cap) {
            continue;
        }
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let inside = |r: i64, c: i64| r >= 0 && c >= 0 && r < h && c < w;
            let block = |r: i64, c: i64| cell(r, c) == 1 && !broken.contains(&(r, c));
            let (mut r, mut c) = pos;
            if inside(r + dr, c + dc) && block(r + dr, c + dc) {
                if bug {
                    let mut b = broken.clone();
                    b.push((r + dr, c + dc));
                    b.sort();
                    if seen.insert((pos, b.clone())) {
                        queue.push_back((pos, b, d + 1));
                    }
                }
                continue;
            }
            loop {
                let (nr, nc) = (r + dr, c + dc);
                if !inside(nr, nc) {
                    break;
                }
                if (nr, nc) == goal {
                    return d + 1;
                }
                if block(nr, nc) {
                    let mut b = broken.clone();
                    b.push((nr, nc));
                    b.sort();
                    if seen.insert(((r, c), b.clone())) {
                        queue.push_back(((r, c), b, d + 1));
                    }
                    break;
                }
                r = nr;
                c = nc;
            }
        }
    }
    -1
}

/// Fewest steps of the head to (1,1), or -1. With `bug`, the head may
/// enter the cell its tail is leaving.
fn holedox(nums: &[i64], bug: bool) -> i64 {
    let (n, m, l) = (nums[0], nums[1], nums[2] as usize);
    let body: Vec<(i64, i64)> = (0..l)
        .map(|i| (nums[3 + 2 * i] - 1, nums[4 + 2 * i] - 1))
        .collect();
    let k = nums[3 + 2 * l] as usize;
    let stones: HashSet<(i64, i64)> = (0..k)
        .map(|i| (nums[4 + 2 * l + 2 * i] - 1, nums[5 + 2 * l + 2 * i] - 1))
        .collect();
    if body[0] == (0, 0) {
        return 0;
    }
    let mut seen = HashSet::from([body.clone()]);
    let mut queue = VecDeque::from([(body, 0)]);
    while let Some((b, d)) = queue.pop_front() {
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let t = (b[0].0 + dr, b[0].1 + dc);
            if t.0 < 0 || t.1 < 0 || t.0 >= n || t.1 >= m || stones.contains(&t) {
                continue;
            }
            let blocking = if bug { &b[..b.len() - 1] } else { &b[..] };
            if blocking.contains(&t) {
                continue;
            }
            let mut next = vec![t];
            next.extend_from_slice(&b[..b.len() - 1]);
            if t == (0, 0) {
                return d + 1;
            }
            if seen.insert(next.clone()) {
                queue.push_back((next, d + 1));
            }
        }
    }
    -1
}

/// Recurses `frames` deep through frames of about a kilobyte of stack.
fn recurse(frames: usize) -> u64 {
    let frame = std::hint::black_box([frames as u8; 1000]);
    if frames == 0 {
        return 0;
    }
    recurse(frames - 1) + u64::from(frame[999])
}
