//! Deliberately buggy (and correct) contest solutions, for testing
//! `gridpuzzle stress`. Each reads one judge input on stdin and prints the
//! judge's answer — or misbehaves on purpose:
//!
//! ```text
//! candidates curling-correct | curling-adjacent   (a throw into an adjacent block breaks it)
//! candidates holedox-correct | holedox-tail       (the head may enter the tail's cell)
//! candidates hang PUZZLE      (never finishes when the board has a block or stone)
//! candidates crash PUZZLE     (aborts when the board has a block or stone)
//! candidates silent PUZZLE    (prints nothing)
//! ```
//! Written from scratch (plain breadth-first searches over full states), so
//! they share no code with the solvers they are tested against. Each reads
//! every dataset of its input (up to the terminator), as a judge's program
//! must: a test file holds many.

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
    let mode = args.first().map(String::as_str).unwrap_or("");
    let puzzle = args.get(1).map(String::as_str).unwrap_or("curling");
    let each = |solve: &dyn Fn(&[i64]) -> i64| {
        let holedox = mode.starts_with("holedox") || puzzle == "holedox";
        for (k, case) in cases(&nums, holedox).into_iter().enumerate() {
            if holedox {
                println!("Case {}: {}", k + 1, solve(case));
            } else {
                println!("{}", solve(case));
            }
        }
    };
    match mode {
        "curling-correct" => each(&|c| curling(c, false)),
        "curling-adjacent" => each(&|c| curling(c, true)),
        "holedox-correct" => each(&|c| holedox(c, false)),
        "holedox-tail" => each(&|c| holedox(c, true)),
        "hang" | "crash" | "silent" => {
            let obstacles = if puzzle == "holedox" {
                let l = nums[2] as usize;
                nums[3 + 2 * l] > 0
            } else {
                nums[2..].contains(&1)
            };
            match mode {
                "hang" if obstacles => loop {
                    std::thread::sleep(std::time::Duration::from_secs(1));
                },
                "crash" if obstacles => std::process::abort(),
                "silent" => {}
                _ if puzzle == "holedox" => each(&|c| holedox(c, false)),
                _ => each(&|c| curling(c, false)),
            }
        }
        other => panic!("unknown mode {other:?}"),
    }
}

/// The cases of a judge input, each as its numbers, up to the terminator
/// (or the end of the numbers).
fn cases(nums: &[i64], holedox: bool) -> Vec<&[i64]> {
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < nums.len() {
        let len = if holedox {
            let (n, m, l) = (nums[i], nums[i + 1], nums.get(i + 2).copied().unwrap_or(0));
            if n == 0 && m == 0 && l == 0 {
                break;
            }
            let k = nums.get(i + 3 + 2 * l as usize).copied().unwrap_or(0);
            4 + 2 * l as usize + 2 * k as usize
        } else {
            let (w, h) = (nums[i], nums[i + 1]);
            if w == 0 && h == 0 {
                break;
            }
            2 + (w * h) as usize
        };
        let end = (i + len).min(nums.len());
        out.push(&nums[i..end]);
        i = end;
    }
    out
}

/// Fewest throws within 10, or -1. With `bug`, a throw toward an adjacent
/// block breaks it without moving the stone.
fn curling(nums: &[i64], bug: bool) -> i64 {
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
        if d >= 10 {
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
