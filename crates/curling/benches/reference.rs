//! The comparator: the unpruned depth-first search of the public
//! solutions, written as they write it (a mutable board, cut at 10 throws
//! or at the best answer so far, no transposition merging). Shared by the
//! criterion bench and the `measure` example.

use gridpuzzle_curling::Board;

/// The public solutions' search: depth-first, mutating the board, cut at
/// 10 throws or at the best answer so far. No transposition merging.
#[allow(dead_code)] // each user of this file calls one of the two
pub fn dfs_reference(board: &Board) -> i32 {
    let cells: Vec<Vec<u8>> = board
        .grid()
        .rows()
        .map(|r| r.iter().map(|c| c.code()).collect())
        .collect();
    let s = board.start();
    dfs_rows(cells, (s.row as i32, s.col as i32))
}

/// The same search on the board as the public solutions hold it: rows of
/// cell codes (0 ice, 1 block, 3 goal), the start given apart.
#[allow(dead_code)] // each user of this file calls one of the two
pub fn dfs_rows(mut cells: Vec<Vec<u8>>, start: (i32, i32)) -> i32 {
    let (w, h) = (cells[0].len() as i32, cells.len() as i32);
    let mut best = 11;
    fn go(cells: &mut Vec<Vec<u8>>, w: i32, h: i32, r: i32, c: i32, depth: i32, best: &mut i32) {
        if depth >= *best || depth >= 10 {
            return;
        }
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (mut nr, mut nc) = (r + dr, c + dc);
            if nr < 0 || nc < 0 || nr >= h || nc >= w || cells[nr as usize][nc as usize] == 1 {
                continue;
            }
            loop {
                if cells[nr as usize][nc as usize] == 3 {
                    *best = (*best).min(depth + 1);
                    break;
                }
                let (tr, tc) = (nr + dr, nc + dc);
                if tr < 0 || tc < 0 || tr >= h || tc >= w {
                    break;
                }
                if cells[tr as usize][tc as usize] == 1 {
                    cells[tr as usize][tc as usize] = 0;
                    go(cells, w, h, nr, nc, depth + 1, best);
                    cells[tr as usize][tc as usize] = 1;
                    break;
                }
                nr = tr;
                nc = tc;
            }
        }
    }
    go(&mut cells, w, h, start.0, start.1, 0, &mut best);
    if best > 10 {
        -1
    } else {
        best
    }
}
