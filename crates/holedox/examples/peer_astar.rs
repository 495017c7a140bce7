//! The comparator as a whole program: the fast public solution of Holedox
//! Moving, written as it is usually written. A* over (head, 2 bits per body
//! link) with the head's Manhattan distance to the exit as its estimate,
//! a state marked visited when it is *pushed* (so each state enters the
//! queue once), a stamp array instead of clearing the visited set between
//! cases, all input read at once and integers parsed by hand, one buffered
//! write at the end.
//!
//! Like the fast public solutions it first floods the lair from the exit
//! with the body ignored: a head that cannot reach the exit even alone
//! answers `-1` without a search.
//!
//! Marking on push is what makes it fast, and also what makes it inexact:
//! a state first pushed by a longer path is never improved, so on a small
//! share of lairs its answer is too large. The bench files it is timed on
//! (BENCHMARKS.md, "Judge files, whole process") are ones where it agrees
//! with the exact answers; the bench code checks that before timing.
//!
//! ```text
//! cargo build --release -p gridpuzzle-holedox --example peer_astar
//! target/release/examples/peer_astar bench/holedox/detour.in
//! ```
//! The judge's bounds: n, m ≤ 20, L ≤ 8, exit at (1, 1), strict tail rule
//! (the head may not enter any body cell). No error handling beyond the
//! judge's promise of well-formed input.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::{Read, Write};

const SIDE: usize = 20;
const MAX_LEN: usize = 8;
const LINK_BITS: usize = 2 * (MAX_LEN - 1);
/// Row and column steps of up, down, left, right; `d ^ 1` is the opposite.
const STEP: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

fn main() {
    // The input file named on the command line, or standard input.
    let mut input = Vec::new();
    match std::env::args_os().nth(1) {
        Some(path) => input = std::fs::read(path).expect("readable input"),
        None => {
            std::io::stdin()
                .read_to_end(&mut input)
                .expect("readable input");
        }
    }
    let mut numbers = input
        .split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| t.iter().fold(0i32, |v, &b| v * 10 + i32::from(b - b'0')));
    let mut next = move || numbers.next().expect("a number");
    // visited[head][links] == case number: pushed in this case.
    let mut visited = vec![0u32; (SIDE * SIDE) << LINK_BITS];
    let mut out = String::new();
    let mut case = 0u32;
    loop {
        let (n, m, len) = (next(), next(), next() as usize);
        if n == 0 && m == 0 && len == 0 {
            break;
        }
        case += 1;
        let body: Vec<(i32, i32)> = (0..len).map(|_| (next() - 1, next() - 1)).collect();
        let mut stone = [[false; SIDE]; SIDE];
        for _ in 0..next() {
            let (r, c) = (next() - 1, next() - 1);
            stone[r as usize][c as usize] = true;
        }
        // Link k: the step from segment k to segment k + 1.
        let mut links = 0usize;
        for k in (0..len - 1).rev() {
            let (a, b) = (body[k], body[k + 1]);
            let d = STEP
                .iter()
                .position(|&s| (a.0 + s.0, a.1 + s.1) == b)
                .expect("adjacent segments");
            links = (links << 2) | d;
        }
        let answer = astar(n, m, len, body[0], links, &stone, &mut visited, case);
        out.push_str(&format!("Case {case}: {answer}\n"));
    }
    std::io::stdout()
        .write_all(out.as_bytes())
        .expect("writable output");
}

/// Can the head alone, body ignored, walk from `head` to the exit?
fn head_reaches(n: i32, m: i32, head: (i32, i32), stone: &[[bool; SIDE]; SIDE]) -> bool {
    let mut seen = [[false; SIDE]; SIDE];
    let mut stack = vec![(0i32, 0i32)];
    seen[0][0] = true;
    while let Some((r, c)) = stack.pop() {
        if (r, c) == head {
            return true;
        }
        for s in STEP {
            let (a, b) = (r + s.0, c + s.1);
            if a >= 0 && b >= 0 && a < n && b < m {
                let (a, b) = (a as usize, b as usize);
                if !seen[a][b] && !stone[a][b] {
                    seen[a][b] = true;
                    stack.push((a as i32, b as i32));
                }
            }
        }
    }
    false
}

#[allow(clippy::too_many_arguments)]
fn astar(
    n: i32,
    m: i32,
    len: usize,
    head: (i32, i32),
    links: usize,
    stone: &[[bool; SIDE]; SIDE],
    visited: &mut [u32],
    case: u32,
) -> i32 {
    if !head_reaches(n, m, head, stone) {
        return -1;
    }
    let mask = (1usize << (2 * (len - 1))) - 1;
    let key = |h: (i32, i32), l: usize| ((h.0 as usize * SIDE + h.1 as usize) << LINK_BITS) | l;
    let mut open = BinaryHeap::new();
    visited[key(head, links)] = case;
    open.push(Reverse((head.0 + head.1, 0, head, links)));
    let mut cells = [(0i32, 0i32); MAX_LEN];
    while let Some(Reverse((_, g, h, l))) = open.pop() {
        if h == (0, 0) {
            return g;
        }
        // The body's cells, head first.
        cells[0] = h;
        for k in 1..len {
            let s = STEP[(l >> (2 * (k - 1))) & 3];
            cells[k] = (cells[k - 1].0 + s.0, cells[k - 1].1 + s.1);
        }
        for (d, s) in STEP.iter().enumerate() {
            let to = (h.0 + s.0, h.1 + s.1);
            if to.0 < 0 || to.1 < 0 || to.0 >= n || to.1 >= m {
                continue;
            }
            if stone[to.0 as usize][to.1 as usize] || cells[..len].contains(&to) {
                continue;
            }
            let next = ((l << 2) | (d ^ 1)) & mask;
            let k = key(to, next);
            if visited[k] == case {
                continue;
            }
            visited[k] = case;
            open.push(Reverse((g + 1 + to.0 + to.1, g + 1, to, next)));
        }
    }
    -1
}
