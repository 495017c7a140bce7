//! Positions, directions and a flat grid.
//!
//! Both puzzles live on rectangles of at most a few million cells, so a
//! position is two `u32`s and a grid is one `Vec` in row-major order: a cell's
//! index (`row * width + col`) is what searches pack into their states.

use std::fmt;

/// One of the four side directions. Printed as `U`, `D`, `L`, `R`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    /// All four directions, in the order `U D L R`.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The letter used in plans: `U`, `D`, `L` or `R`.
    pub fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Down => 'D',
            Dir::Left => 'L',
            Dir::Right => 'R',
        }
    }

    /// Reads a plan letter (either case).
    pub fn from_letter(c: char) -> Option<Dir> {
        match c.to_ascii_uppercase() {
            'U' => Some(Dir::Up),
            'D' => Some(Dir::Down),
            'L' => Some(Dir::Left),
            'R' => Some(Dir::Right),
            _ => None,
        }
    }

    /// `(row delta, column delta)`.
    pub fn delta(self) -> (i64, i64) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }

    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// A stable index 0..4 (the order of [`Dir::ALL`]), for packing.
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Dir {
        Dir::ALL[i & 3]
    }

    /// The lowercase English word, for messages.
    pub fn word(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Reads a size `WxH` (width × height; `x`, `X` or `×`), both at least 1,
/// as every command and the web API write it.
pub fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("expected a size WxH such as `10x8` (width, then height), found `{s}`");
    let (w, h) = s.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let w: u32 = w.trim().parse().map_err(|_| bad())?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    if w == 0 || h == 0 {
        return Err(format!(
            "a size needs at least one column and one row, found `{s}`"
        ));
    }
    Ok((w, h))
}

/// Reads a 1-based cell `ROW,COLUMN`, both at least 1.
pub fn parse_cell(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("expected a 1-based cell `ROW,COLUMN` such as `1,1`, found `{s}`");
    let (r, c) = s.split_once(',').ok_or_else(bad)?;
    let r: u32 = r.trim().parse().map_err(|_| bad())?;
    let c: u32 = c.trim().parse().map_err(|_| bad())?;
    if r == 0 || c == 0 {
        return Err(bad());
    }
    Ok((r, c))
}

/// A cell, 0-based internally. Users see 1-based rows and columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Pos {
    pub row: u32,
    pub col: u32,
}

impl Pos {
    pub fn new(row: u32, col: u32) -> Pos {
        Pos { row, col }
    }
}

impl fmt::Display for Pos {
    /// 1-based, as users count: `row 2, column 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row + 1, self.col + 1)
    }
}

/// A rectangle of cells stored row-major in one `Vec`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    width: u32,
    height: u32,
    cells: Vec<T>,
}

impl<T> Grid<T> {
    /// Builds a grid from row-major cells; `None` if the count is wrong.
    pub fn from_cells(width: u32, height: u32, cells: Vec<T>) -> Option<Grid<T>> {
        (cells.len() as u64 == width as u64 * height as u64).then_some(Grid {
            width,
            height,
            cells,
        })
    }

    pub fn filled(width: u32, height: u32, value: T) -> Grid<T>
    where
        T: Clone,
    {
        Grid {
            width,
            height,
            cells: vec![value; width as usize * height as usize],
        }
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn contains(&self, p: Pos) -> bool {
        p.row < self.height && p.col < self.width
    }

    /// Row-major index of an in-bounds position.
    pub fn index(&self, p: Pos) -> usize {
        debug_assert!(self.contains(p));
        p.row as usize * self.width as usize + p.col as usize
    }

    pub fn pos(&self, index: usize) -> Pos {
        Pos::new(
            (index / self.width as usize) as u32,
            (index % self.width as usize) as u32,
        )
    }

    /// The neighbour of `p` in direction `d`, or `None` off the grid.
    pub fn step(&self, p: Pos, d: Dir) -> Option<Pos> {
        let (dr, dc) = d.delta();
        let r = p.row as i64 + dr;
        let c = p.col as i64 + dc;
        (r >= 0 && c >= 0 && r < self.height as i64 && c < self.width as i64)
            .then(|| Pos::new(r as u32, c as u32))
    }

    /// Row-major indices of the cells from `p` (excluded) to the edge of
    /// the grid toward `d`, nearest first. Sliding pieces walk these.
    #[inline]
    pub fn ray(&self, p: Pos, d: Dir) -> impl Iterator<Item = usize> {
        let w = self.width as isize;
        let (len, stride) = match d {
            Dir::Up => (p.row, -w),
            Dir::Down => (self.height - 1 - p.row, w),
            Dir::Left => (p.col, -1),
            Dir::Right => (self.width - 1 - p.col, 1),
        };
        let start = self.index(p) as isize;
        (1..=len as isize).map(move |k| (start + k * stride) as usize)
    }

    pub fn get(&self, p: Pos) -> Option<&T> {
        self.contains(p).then(|| &self.cells[self.index(p)])
    }

    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    pub fn set(&mut self, p: Pos, value: T) {
        let i = self.index(p);
        self.cells[i] = value;
    }

    /// Iterates rows as slices.
    pub fn rows(&self) -> impl Iterator<Item = &[T]> {
        self.cells.chunks(self.width.max(1) as usize)
    }

    /// The grid with row `r` taken out, one row shorter: a shrinker's
    /// biggest cut, the same for every board (`r` must be a row).
    pub fn without_row(&self, r: u32) -> Grid<T>
    where
        T: Clone,
    {
        let cells = (0..self.height)
            .filter(|&y| y != r)
            .flat_map(|y| (0..self.width).map(move |x| self[Pos::new(y, x)].clone()))
            .collect();
        Grid {
            width: self.width,
            height: self.height - 1,
            cells,
        }
    }

    /// The grid with column `c` taken out, one column narrower (`c` must
    /// be a column).
    pub fn without_col(&self, c: u32) -> Grid<T>
    where
        T: Clone,
    {
        let cells = (0..self.height)
            .flat_map(|y| {
                (0..self.width)
                    .filter(move |&x| x != c)
                    .map(move |x| self[Pos::new(y, x)].clone())
            })
            .collect();
        Grid {
            width: self.width - 1,
            height: self.height,
            cells,
        }
    }
}

impl<T> std::ops::Index<Pos> for Grid<T> {
    type Output = T;
    fn index(&self, p: Pos) -> &T {
        &self.cells[Grid::index(self, p)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stay_inside() {
        let g = Grid::filled(3, 2, 0u8);
        assert_eq!(g.step(Pos::new(0, 0), Dir::Up), None);
        assert_eq!(g.step(Pos::new(0, 0), Dir::Left), None);
        assert_eq!(g.step(Pos::new(0, 2), Dir::Right), None);
        assert_eq!(g.step(Pos::new(1, 1), Dir::Down), None);
        assert_eq!(g.step(Pos::new(1, 1), Dir::Up), Some(Pos::new(0, 1)));
        assert_eq!(g.index(Pos::new(1, 2)), 5);
        assert_eq!(g.pos(5), Pos::new(1, 2));
    }

    #[test]
    fn rays_run_to_the_edge() {
        let g = Grid::filled(4, 3, 0u8);
        let p = Pos::new(1, 1);
        assert_eq!(g.ray(p, Dir::Up).collect::<Vec<_>>(), vec![1]);
        assert_eq!(g.ray(p, Dir::Down).collect::<Vec<_>>(), vec![9]);
        assert_eq!(g.ray(p, Dir::Left).collect::<Vec<_>>(), vec![4]);
        assert_eq!(g.ray(p, Dir::Right).collect::<Vec<_>>(), vec![6, 7]);
        assert_eq!(g.ray(Pos::new(0, 3), Dir::Right).count(), 0);
    }

    #[test]
    fn rows_and_columns_come_out() {
        let g = Grid::from_cells(3, 2, vec![1, 2, 3, 4, 5, 6]).unwrap();
        assert_eq!(
            g.without_row(0),
            Grid::from_cells(3, 1, vec![4, 5, 6]).unwrap()
        );
        assert_eq!(
            g.without_col(1),
            Grid::from_cells(2, 2, vec![1, 3, 4, 6]).unwrap()
        );
    }

    #[test]
    fn directions_round_trip() {
        for d in Dir::ALL {
            assert_eq!(Dir::from_index(d.index()), d);
            assert_eq!(d.opposite().opposite(), d);
        }
    }
}
