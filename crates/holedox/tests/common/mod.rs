//! Test helpers: a deliberately naive solver and a random lair generator.
//!
//! The naive solver shares nothing with the crate: its state is the full
//! list of body coordinates and its move logic is written out again here
//! from the spec. It only counts steps.

#![allow(dead_code)] // each test binary uses a different part

use std::collections::{HashSet, VecDeque};

use gridpuzzle_engine::rng::SplitMix64;
use gridpuzzle_engine::Pos;
use gridpuzzle_holedox::{Case, Lair};

/// A lair as plain data, 0-based `(row, col)` as `i32`.
#[derive(Debug, Clone)]
pub struct Plain {
    pub rows: i32,
    pub cols: i32,
    pub stone: Vec<Vec<bool>>,
    pub exit: (i32, i32),
    pub body: Vec<(i32, i32)>,
}

/// Least number of steps, by breadth-first search over whole bodies.
pub fn naive(p: &Plain, lenient: bool) -> Option<usize> {
    let start = p.body.clone();
    if start[0] == p.exit {
        return Some(0);
    }
    let mut seen: HashSet<Vec<(i32, i32)>> = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert(start.clone());
    queue.push_back((start, 0usize));
    while let Some((body, dist)) = queue.pop_front() {
        let (hr, hc) = body[0];
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (r, c) = (hr + dr, hc + dc);
            if r < 0 || c < 0 || r >= p.rows || c >= p.cols || p.stone[r as usize][c as usize] {
                continue;
            }
            // Strict: no cell of the old body. Lenient: the old tail is fine.
            let forbidden = if lenient && body.len() >= 2 {
                &body[..body.len() - 1]
            } else {
                &body[..]
            };
            if forbidden.contains(&(r, c)) {
                continue;
            }
            let mut next = Vec::with_capacity(body.len());
            next.push((r, c));
            next.extend_from_slice(&body[..body.len() - 1]);
            if (r, c) == p.exit {
                return Some(dist + 1);
            }
            if seen.insert(next.clone()) {
                queue.push_back((next, dist + 1));
            }
        }
    }
    None
}

/// A random lair with a random self-avoiding body, or `None` when the walk
/// gets stuck.
pub fn random_plain(
    rng: &mut SplitMix64,
    rows: i32,
    cols: i32,
    len: usize,
    density: u32,
) -> Option<Plain> {
    if len > (rows * cols) as usize {
        return None;
    }
    let mut body = vec![(rng.below(rows as u64) as i32, rng.below(cols as u64) as i32)];
    while body.len() < len {
        let (r, c) = body[body.len() - 1];
        let free: Vec<(i32, i32)> = [(-1, 0), (1, 0), (0, -1), (0, 1)]
            .iter()
            .map(|(dr, dc)| (r + dr, c + dc))
            .filter(|&(r, c)| r >= 0 && c >= 0 && r < rows && c < cols && !body.contains(&(r, c)))
            .collect();
        if free.is_empty() {
            return None;
        }
        body.push(free[rng.below(free.len() as u64) as usize]);
    }
    let mut stone = vec![vec![false; cols as usize]; rows as usize];
    for (r, row) in stone.iter_mut().enumerate() {
        for (c, s) in row.iter_mut().enumerate() {
            *s = !body.contains(&(r as i32, c as i32)) && rng.chance(density);
        }
    }
    let exit = if rng.chance(50) {
        (0, 0)
    } else {
        (rng.below(rows as u64) as i32, rng.below(cols as u64) as i32)
    };
    Some(Plain {
        rows,
        cols,
        stone,
        exit,
        body,
    })
}

pub fn to_case(p: &Plain) -> Case {
    let pos = |(r, c): (i32, i32)| Pos::new(r as u32, c as u32);
    let mut lair = Lair::new(p.rows as u32, p.cols as u32, pos(p.exit)).unwrap();
    for (r, row) in p.stone.iter().enumerate() {
        for (c, &s) in row.iter().enumerate() {
            if s {
                lair.set_stone(Pos::new(r as u32, c as u32), true);
            }
        }
    }
    Case::new(lair, p.body.iter().map(|&x| pos(x)).collect()).unwrap()
}

/// A parsed case as plain data.
pub fn from_case(case: &Case) -> Plain {
    let lair = case.lair();
    let stone = lair.stones().rows().map(|row| row.to_vec()).collect();
    Plain {
        rows: lair.rows() as i32,
        cols: lair.cols() as i32,
        stone,
        exit: (lair.exit().row as i32, lair.exit().col as i32),
        body: case
            .body()
            .iter()
            .map(|p| (p.row as i32, p.col as i32))
            .collect(),
    }
}
