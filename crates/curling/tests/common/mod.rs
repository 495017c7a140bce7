//! Test helpers: a deliberately naive Curling solver.
//!
//! It shares no code with the crate: its own board (`Vec` of rows), its own
//! slide, and a plain breadth-first search over (position, set of broken
//! blocks) with a `BTreeSet`. If it and the crate ever disagree, one of
//! them misreads the rules.

#![allow(dead_code)] // each test binary uses a different part

use std::collections::{BTreeSet, HashSet, VecDeque};

type Cellp = (i32, i32);

/// Minimum throws, or -1 — by the book.
pub fn naive(rows: &[Vec<u8>], cap: Option<u32>) -> i64 {
    let h = rows.len() as i32;
    let w = rows[0].len() as i32;
    let find = |code| {
        (0..h)
            .flat_map(|r| (0..w).map(move |c| (r, c)))
            .find(|&(r, c)| rows[r as usize][c as usize] == code)
            .unwrap()
    };
    let (start, goal) = (find(2), find(3));
    let mut seen: HashSet<(Cellp, BTreeSet<Cellp>)> = HashSet::new();
    let mut queue = VecDeque::new();
    queue.push_back((start, BTreeSet::new(), 0u32));
    seen.insert((start, BTreeSet::new()));
    while let Some((pos, broken, d)) = queue.pop_front() {
        if cap.is_some_and(|c| d >= c) {
            continue;
        }
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let blocked =
                |r: i32, c: i32| rows[r as usize][c as usize] == 1 && !broken.contains(&(r, c));
            let (mut r, mut c) = pos;
            let inside = |r: i32, c: i32| r >= 0 && c >= 0 && r < h && c < w;
            if inside(r + dr, c + dc) && blocked(r + dr, c + dc) {
                continue; // a throw into an adjacent block is not allowed
            }
            loop {
                let (nr, nc) = (r + dr, c + dc);
                if !inside(nr, nc) {
                    break; // lost
                }
                if (nr, nc) == goal {
                    return (d + 1) as i64;
                }
                if blocked(nr, nc) {
                    let mut b = broken.clone();
                    b.insert((nr, nc));
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
