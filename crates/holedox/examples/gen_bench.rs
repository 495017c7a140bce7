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
//! - `hard.in`: 20×20, L = 8, cases where the body matters: two walled-off
//!   exits, three serpentines, four lairs where the head points away from
//!   the exit down a one-cell corridor and must turn round in a room, four
//!   where the head sits in a walled pocket whose door its own neck blocks,
//!   and seven random lairs (10–40 % stones) where the body forces a detour
//!   of at least 8 moves beyond the head's own distance.
//! - `big100.in`: beyond the judge: 100×100, 20 % stones, L = 16, ten cases
//!   whose head can reach the exit `(1,1)` (kept free) when the body is
//!   ignored.
//! - `door.in`: beyond the judge: 100×100 and 200×200 lairs split by a wall
//!   with a one-cell door; the body is threaded through the door with the
//!   head on the far side from the exit, facing away from the door, so the
//!   head must wait for the tail to clear the door (L = 20–26; on 200×200
//!   at most 25 fit the packed state). Hand-built, a few with seeded
//!   stones.
//! - `detour.in`: a judge-size file of 5,000 small random lairs (sides 3 to
//!   10, L = 2 to 8, 5–30 % stones) whose answer differs from the head's
//!   own distance, the body ignored: the body forces a detour (or makes the
//!   exit unreachable). Each search is tiny, so a whole run of this file is
//!   mostly reading, parsing and writing: it measures the plumbing.

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

/// Writes one case of any size: `stone(r, c)` for the stones, the body
/// 0-based head first.
fn write_case(
    out: &mut String,
    rows: usize,
    cols: usize,
    stone: impl Fn(usize, usize) -> bool,
    body: &[(usize, usize)],
) {
    writeln!(out, "{rows} {cols} {}", body.len()).unwrap();
    for &(r, c) in body {
        writeln!(out, "{} {}", r + 1, c + 1).unwrap();
    }
    let stones: Vec<(usize, usize)> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .filter(|&(r, c)| stone(r, c))
        .collect();
    writeln!(out, "{}", stones.len()).unwrap();
    for (r, c) in stones {
        writeln!(out, "{} {}", r + 1, c + 1).unwrap();
    }
    out.push('\n');
}

/// The head's distance to `(0, 0)` over free cells, body ignored.
fn head_distance(stone: &[Vec<bool>], from: (usize, usize)) -> Option<usize> {
    let (rows, cols) = (stone.len(), stone[0].len());
    let mut dist = vec![vec![usize::MAX; cols]; rows];
    if stone[0][0] {
        return None;
    }
    dist[0][0] = 0;
    let mut queue = std::collections::VecDeque::from([(0usize, 0usize)]);
    while let Some((r, c)) = queue.pop_front() {
        let next = dist[r][c] + 1;
        for (dr, dc) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
            let (a, b) = (r as i64 + dr, c as i64 + dc);
            if a < 0 || b < 0 || a >= rows as i64 || b >= cols as i64 {
                continue;
            }
            let (a, b) = (a as usize, b as usize);
            if !stone[a][b] && dist[a][b] == usize::MAX {
                dist[a][b] = next;
                queue.push_back((a, b));
            }
        }
    }
    Some(dist[from.0][from.1]).filter(|&d| d != usize::MAX)
}

/// A random self-avoiding walk of `len` cells on a lair of any size, head
/// first, or `None` when it gets stuck.
fn walk_any(rng: &mut SplitMix64, stone: &[Vec<bool>], len: usize) -> Option<Vec<(usize, usize)>> {
    let (rows, cols) = (stone.len(), stone[0].len());
    let (r, c) = (
        rng.below(rows as u64) as usize,
        rng.below(cols as u64) as usize,
    );
    if stone[r][c] {
        return None;
    }
    let mut body = vec![(r, c)];
    while body.len() < len {
        let (r, c) = body[body.len() - 1];
        let next: Vec<(usize, usize)> = [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)]
            .iter()
            .map(|&(dr, dc)| (r as i64 + dr, c as i64 + dc))
            .filter(|&(r, c)| r >= 0 && c >= 0 && r < rows as i64 && c < cols as i64)
            .map(|(r, c)| (r as usize, c as usize))
            .filter(|&(r, c)| !stone[r][c] && !body.contains(&(r, c)))
            .collect();
        if next.is_empty() {
            return None;
        }
        body.push(next[rng.below(next.len() as u64) as usize]);
    }
    Some(body)
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

/// The head at `(1, 10)` points right, away from the exit, along a
/// one-cell corridor of row 1 that is `corridor` cells long; the body lies
/// behind it towards the exit. The rest of the lair is a room with
/// `density` % stones where the body can turn round.
fn turnaround(rng: &mut SplitMix64, corridor: usize, density: u32) -> Gen {
    let mut stone = [[false; N]; N];
    for s in stone[1].iter_mut().take(corridor) {
        *s = true;
    }
    for row in stone.iter_mut().skip(2) {
        for s in row.iter_mut() {
            *s = rng.chance(density);
        }
    }
    let body = (2..10).rev().map(|c| (0, c)).collect();
    Gen { stone, body }
}

/// The head sits just inside the door of a walled `w × h` pocket (top-left
/// corner at row 9, column 9, 1-based), and the neck fills the door; the
/// body trails away outside, among `density` % stones.
fn pocket(rng: &mut SplitMix64, w: usize, h: usize, density: u32) -> Gen {
    let mut stone = [[false; N]; N];
    let (r0, c0) = (8, 8);
    let door = (r0 + h / 2, c0 - 1);
    let head = (r0 + h / 2, c0);
    let mut body = vec![head, door];
    body.extend((1..7).map(|i| (door.0, door.1 - i)));
    for (r, row) in stone.iter_mut().enumerate() {
        for (c, s) in row.iter_mut().enumerate() {
            let frame = (r0 - 1..=r0 + h).contains(&r) && (c0 - 1..=c0 + w).contains(&c);
            let wall = frame && (r == r0 - 1 || r == r0 + h || c == c0 - 1 || c == c0 + w);
            *s = if frame {
                wall && (r, c) != door
            } else {
                (r, c) != (0, 0) && !body.contains(&(r, c)) && rng.chance(density)
            };
        }
    }
    Gen { stone, body }
}

fn hard(rng: &mut SplitMix64) -> String {
    let mut out = String::new();
    // Walled off: the head-alone flood fill decides these for both solvers.
    for wall in [
        &[(0usize, 1usize), (1, 0)][..],
        &[(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)],
    ] {
        let mut stone = [[false; N]; N];
        for &(r, c) in wall {
            stone[r][c] = true;
        }
        let body = walk(rng, &stone, 8, |r, c| r + c > 4);
        Gen { stone, body }.write(&mut out);
    }
    for (widths, gap, toward) in [
        (&[2usize, 1][..], 2, false),
        (&[1, 1, 2], 2, false),
        (&[2], 2, true),
    ] {
        serpentine(widths, gap, toward).write(&mut out);
    }
    for (corridor, density) in [(12, 0), (12, 10), (16, 5), (10, 20)] {
        turnaround(rng, corridor, density).write(&mut out);
    }
    for (w, h, density) in [(3, 3, 10), (4, 3, 10), (3, 4, 5), (5, 3, 15)] {
        pocket(rng, w, h, density).write(&mut out);
    }
    let mut kept = 0;
    while kept < 7 {
        let density = rng.range(10, 40) as u32;
        let mut stone = vec![vec![false; N]; N];
        for (r, row) in stone.iter_mut().enumerate() {
            for (c, s) in row.iter_mut().enumerate() {
                *s = (r, c) != (0, 0) && rng.chance(density);
            }
        }
        let Some(body) = walk_any(rng, &stone, 8) else {
            continue;
        };
        let Some(free) = head_distance(&stone, body[0]) else {
            continue;
        };
        let mut one = String::new();
        write_case(&mut one, N, N, |r, c| stone[r][c], &body);
        one.push_str("0 0 0\n");
        let (_, list) = answers(&one);
        if list[0] >= 0 && list[0] as usize >= free + 8 {
            out.push_str(&one[..one.len() - "0 0 0\n".len()]);
            kept += 1;
        }
    }
    out
}

fn big100(rng: &mut SplitMix64) -> String {
    const M: usize = 100;
    let mut out = String::new();
    let mut kept = 0;
    while kept < 10 {
        let mut stone = vec![vec![false; M]; M];
        for (r, row) in stone.iter_mut().enumerate() {
            for (c, s) in row.iter_mut().enumerate() {
                *s = (r, c) != (0, 0) && rng.chance(20);
            }
        }
        let Some(body) = walk_any(rng, &stone, 16) else {
            continue;
        };
        if head_distance(&stone, body[0]).is_none() {
            continue;
        }
        write_case(&mut out, M, M, |r, c| stone[r][c], &body);
        kept += 1;
    }
    out
}

/// How the head end of a [`door`] body lies beyond the door.
#[derive(Clone, Copy)]
enum Head {
    /// In line with the door, facing away from it.
    Straight,
    /// The neck beside the door, the head above it, facing up.
    Up,
}

/// One lair of `door.in`: an `n × n` lair whose column `wall` is stones but
/// for the door at row `door_row` (0-based); the body of `len` segments has
/// its head `k` cells beyond the door (segment `k` is in the door) and its
/// tail on the exit's side, straight along the door's row or, with `bend`,
/// turning down after 4 cells. With `density` > 0 that % of the other
/// cells (but the exit, the body and the cells beside the door) are stones.
#[allow(clippy::too_many_arguments)]
fn door_case(
    out: &mut String,
    rng: &mut SplitMix64,
    n: usize,
    wall: usize,
    door_row: usize,
    len: usize,
    k: usize,
    head: Head,
    bend: bool,
    density: u32,
) {
    let mut body: Vec<(usize, usize)> = (0..k)
        .map(|i| match head {
            Head::Straight => (door_row, wall + k - i),
            Head::Up => (door_row + 1 + i - k, wall + 1),
        })
        .collect();
    body.push((door_row, wall));
    let mut at = (door_row, wall);
    for m in 0..len - k - 1 {
        at = if bend && m >= 4 {
            (at.0 + 1, at.1)
        } else {
            (at.0, at.1 - 1)
        };
        body.push(at);
    }
    let keep = [
        (0, 0),
        (door_row, wall - 1),
        (door_row, wall + 1),
        (door_row, wall),
    ];
    let mut stone = vec![vec![false; n]; n];
    for (r, row) in stone.iter_mut().enumerate() {
        for (c, s) in row.iter_mut().enumerate() {
            *s = if c == wall {
                r != door_row
            } else {
                density > 0
                    && !keep.contains(&(r, c))
                    && !body.contains(&(r, c))
                    && rng.chance(density)
            };
        }
    }
    write_case(out, n, n, |r, c| stone[r][c], &body);
}

fn door() -> String {
    let mut rng = SplitMix64::new(0xd002);
    let mut out = String::new();
    // 100×100: the wall at column 51, the door at row 34 (1-based).
    for len in [20, 22, 24, 26] {
        door_case(
            &mut out,
            &mut rng,
            100,
            50,
            33,
            len,
            2,
            Head::Straight,
            false,
            0,
        );
    }
    door_case(&mut out, &mut rng, 100, 50, 33, 26, 4, Head::Up, true, 0);
    door_case(
        &mut out,
        &mut rng,
        100,
        50,
        33,
        24,
        3,
        Head::Straight,
        true,
        10,
    );
    // 200×200: the same wall and door, then a door far from the exit.
    for len in [22, 25] {
        door_case(
            &mut out,
            &mut rng,
            200,
            50,
            33,
            len,
            2,
            Head::Straight,
            false,
            0,
        );
    }
    door_case(&mut out, &mut rng, 200, 120, 150, 24, 2, Head::Up, false, 0);
    door_case(
        &mut out,
        &mut rng,
        200,
        120,
        150,
        25,
        3,
        Head::Straight,
        true,
        10,
    );
    out
}

/// [`DETOUR_CASES`] small random lairs where the body forces a detour.
fn detour(rng: &mut SplitMix64) -> String {
    let mut out = String::new();
    let mut kept = 0;
    while kept < DETOUR_CASES {
        let rows = rng.range(3, 10) as usize;
        let cols = rng.range(3, 10) as usize;
        let density = rng.range(5, 30) as u32;
        let len = (rng.range(2, 8) as usize).min(rows * cols / 3);
        let mut stone = vec![vec![false; cols]; rows];
        for (r, row) in stone.iter_mut().enumerate() {
            for (c, s) in row.iter_mut().enumerate() {
                *s = (r, c) != (0, 0) && rng.chance(density);
            }
        }
        let Some(body) = walk_any(rng, &stone, len) else {
            continue;
        };
        let free = head_distance(&stone, body[0]).map_or(-1, |d| d as i64);
        if free == -1 {
            continue;
        }
        let mut one = String::new();
        write_case(&mut one, rows, cols, |r, c| stone[r][c], &body);
        one.pop(); // no blank line between cases: a judge file's usual shape
        one.push_str("0 0 0\n");
        let (_, list) = answers(&one);
        if list[0] != free {
            out.push_str(&one[..one.len() - "0 0 0\n".len()]);
            kept += 1;
        }
    }
    out
}

const DETOUR_CASES: usize = 5000;

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
        ("hard", hard(&mut rng)),
        ("big100", big100(&mut rng)),
        ("door", door()),
        ("detour", detour(&mut rng)),
    ];
    for (name, mut input) in files {
        input.push_str("0 0 0\n");
        let (out, list) = answers(&input);
        match name {
            "walled" => assert!(list.iter().all(|&y| y == -1), "{list:?}"),
            "serpentine" => assert!(list.iter().all(|&y| y > 150), "{list:?}"),
            "door" => assert!(list.iter().all(|&y| y > 100), "{list:?}"),
            _ => {}
        }
        std::fs::write(dir.join(format!("{name}.in")), &input).expect("write input");
        std::fs::write(dir.join(format!("{name}.out")), &out).expect("write answers");
        if list.len() > 20 {
            let unsolvable = list.iter().filter(|&&y| y == -1).count();
            println!("{name}: {} cases, {unsolvable} of them -1", list.len());
        } else {
            println!("{name}: {list:?}");
        }
    }
}
