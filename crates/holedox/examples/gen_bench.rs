//! Writes the benchmark instances under `bench/holedox/` (deterministic: the
//! same files on every machine), each with its strict answers in a `.out`
//! file in the judge's format.
//!
//! ```text
//! cargo run -p gridpuzzle-holedox --example gen_bench [DIR]
//! ```
//!
//! - `walled.in`: open 20×20 lairs, L = 8, the exit walled off by stones.
//!   Every case is unsolvable; without the precheck the search must visit
//!   every reachable body position (this is the worst case of the search).
//! - `serpentine.in`: 20×20 serpentine corridors, answers over 150.
//! - `random.in`: 20×20, L = 8, 20–35 % stones, exit `(1,1)` kept free.

use std::fmt::Write as _;
use std::path::PathBuf;

use gridpuzzle_engine::rng::SplitMix64;
use gridpuzzle_engine::search::{Limits, Outcome};
use gridpuzzle_holedox::{solve, Cases, TailRule};

const N: usize = 20;

/// A case as text pieces: stones as a 0/1 map, body 0-based head first.
struct Gen {
    stone: [[bool; N]; N],
    body: Vec<(usize, usize)>,
}

impl Gen {
    fn write(&self, out: &mut String) {
        writeln!(out, "{N} {N} {}", self.body.len()).unwrap();
        for &(r, c) in &self.body {
            writeln!(out, "{} {}", r + 1, c + 1).unwrap();
        }
        let stones: Vec<(usize, usize)> = (0..N)
            .flat_map(|r| (0..N).map(move |c| (r, c)))
            .filter(|&(r, c)| self.stone[r][c])
            .collect();
        writeln!(out, "{}", stones.len()).unwrap();
        for (r, c) in stones {
            writeln!(out, "{} {}", r + 1, c + 1).unwrap();
        }
        out.push('\n');
    }
}

/// A random self-avoiding walk of `len` cells on free cells, head first,
/// starting anywhere `ok` allows.
fn walk(
    rng: &mut SplitMix64,
    stone: &[[bool; N]; N],
    len: usize,
    ok: impl Fn(usize, usize) -> bool,
) -> Vec<(usize, usize)> {
    'retry: loop {
        let (r, c) = (rng.below(N as u64) as usize, rng.below(N as u64) as usize);
        if stone[r][c] || !ok(r, c) {
            continue;
        }
        let mut body = vec![(r, c)];
        while body.len() < len {
            let (r, c) = body[body.len() - 1];
            let next: Vec<(usize, usize)> = [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)]
                .iter()
                .map(|&(dr, dc)| (r as i64 + dr, c as i64 + dc))
                .filter(|&(r, c)| r >= 0 && c >= 0 && r < N as i64 && c < N as i64)
                .map(|(r, c)| (r as usize, c as usize))
                .filter(|&(r, c)| !stone[r][c] && ok(r, c) && !body.contains(&(r, c)))
                .collect();
            if next.is_empty() {
                continue 'retry;
            }
            body.push(next[rng.below(next.len() as u64) as usize]);
        }
        return body;
    }
}

fn walled(rng: &mut SplitMix64) -> String {
    let mut out = String::new();
    // The wall around the exit: 2 stones, a 3×3 corner, a diagonal.
    let walls: [&[(usize, usize)]; 4] = [
        &[(0, 1), (1, 0)],
        &[(0, 3), (1, 3), (2, 3), (3, 3), (3, 2), (3, 1), (3, 0)],
        &[(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)],
        &[(0, 1), (1, 0)],
    ];
    for (i, wall) in walls.iter().enumerate() {
        let mut stone = [[false; N]; N];
        for &(r, c) in *wall {
            stone[r][c] = true;
        }
        if i == 3 {
            // A few scattered stones too.
            for (r, row) in stone.iter_mut().enumerate() {
                for (c, s) in row.iter_mut().enumerate() {
                    if r + c > 4 && rng.chance(5) {
                        *s = true;
                    }
                }
            }
        }
        let body = walk(rng, &stone, 8, |r, c| r + c > 4);
        Gen { stone, body }.write(&mut out);
    }
    out
}

/// Corridors of the given heights (cycled) between walls with a gap of
/// `gap` cells, alternating sides; the exit (1,1) ends the top corridor and
/// the last corridor takes the rows left over.
///
/// The body lies in the bottom row, at the end far from the bottom wall's
/// gap. With `toward` its head points to the gap; otherwise the head is
/// against the side wall and the body must turn around first (which needs a
/// bottom corridor at least two rows high).
fn serpentine(widths: &[usize], gap: usize, toward: bool) -> Gen {
    let mut stone = [[false; N]; N];
    let mut right = true;
    let mut top = 0;
    for &w in widths.iter().cycle() {
        let wall = top + w;
        if wall + 1 >= N {
            break;
        }
        for (c, s) in stone[wall].iter_mut().enumerate() {
            *s = !(if right { c >= N - gap } else { c < gap });
        }
        right = !right;
        top = wall + 1;
    }
    let gap_right = !right;
    // Columns from the far end towards the gap.
    let cols: Vec<usize> = if gap_right {
        (0..8).collect()
    } else {
        (N - 8..N).rev().collect()
    };
    let mut body: Vec<(usize, usize)> = cols.into_iter().map(|c| (N - 1, c)).collect();
    if toward {
        body.reverse();
    }
    Gen { stone, body }
}

fn serpentines() -> String {
    let mut out = String::new();
    let cases: [(&[usize], usize, bool); 6] = [
        (&[1], 1, true),
        (&[1], 2, true),
        (&[2, 1], 1, false),
        (&[2], 1, false),
        (&[1, 1, 2], 1, false),
        (&[1, 2], 1, true),
    ];
    for (widths, gap, toward) in cases {
        serpentine(widths, gap, toward).write(&mut out);
    }
    out
}

fn random(rng: &mut SplitMix64) -> String {
    let mut out = String::new();
    for _ in 0..20 {
        let density = rng.range(20, 35) as u32;
        let mut stone = [[false; N]; N];
        for (r, row) in stone.iter_mut().enumerate() {
            for (c, s) in row.iter_mut().enumerate() {
                *s = (r, c) != (0, 0) && rng.chance(density);
            }
        }
        let body = walk(rng, &stone, 8, |_, _| true);
        Gen { stone, body }.write(&mut out);
    }
    out
}

/// The judge output for `input`, solving with the strict rule.
fn answers(input: &str) -> (String, Vec<i64>) {
    let mut text = String::new();
    let mut list = Vec::new();
    for (i, case) in Cases::from_reader(input.as_bytes()).enumerate() {
        let case = case.expect("generated input parses");
        let y = match solve(&case, TailRule::Strict, &Limits::none()).outcome {
            Outcome::Solved(plan) => plan.len() as i64,
            Outcome::Unsolvable => -1,
            Outcome::Limit(hit) => panic!("{hit}"),
        };
        writeln!(text, "Case {}: {y}", i + 1).unwrap();
        list.push(y);
    }
    (text, list)
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../bench/holedox"));
    std::fs::create_dir_all(&dir).expect("create the output directory");
    let mut rng = SplitMix64::new(0x401e_d0c5);
    let files = [
        ("walled", walled(&mut rng)),
        ("serpentine", serpentines()),
        ("random", random(&mut rng)),
    ];
    for (name, mut input) in files {
        input.push_str("0 0 0\n");
        let (out, list) = answers(&input);
        match name {
            "walled" => assert!(list.iter().all(|&y| y == -1), "{list:?}"),
            "serpentine" => assert!(list.iter().all(|&y| y > 150), "{list:?}"),
            _ => {}
        }
        std::fs::write(dir.join(format!("{name}.in")), &input).expect("write input");
        std::fs::write(dir.join(format!("{name}.out")), &out).expect("write answers");
        println!("{name}: {list:?}");
    }
}
