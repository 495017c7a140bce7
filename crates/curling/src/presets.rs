//! The tests a Curling judge test set should hold (`gridpuzzle testset`):
//! the smallest and thinnest boards, a start next to the goal, the answer
//! exactly at the throw cap, both kinds of -1 (no way at all, and a way
//! one throw longer than the cap), a spread of answers on small, middle
//! and largest boards, the judges' maximum of 100 datasets in one input,
//! a timing test (under the judges' cap: 100 boards with short answers on
//! which the contest write-up's exhaustive search walks every sequence of
//! up to 10 throws, 20 million calls in all, made by
//! `examples/gen_timing.rs` into `timing.in`) and the hardest board found.

use gridpuzzle_engine::generate::Want;
use gridpuzzle_engine::testset::{Preset, Request};

use crate::validate::MAX_DATASETS;

/// A board of `w × h` ice with the start and the goal at 0-based
/// `(row, column)`s and blocks everywhere `block` says, as judge text.
fn board(
    w: u32,
    h: u32,
    start: (u32, u32),
    goal: (u32, u32),
    block: impl Fn(u32, u32) -> bool,
) -> String {
    let mut out = format!("{w} {h}\n");
    for r in 0..h {
        let row: Vec<&str> = (0..w)
            .map(|c| match (r, c) {
                p if p == start => "2",
                p if p == goal => "3",
                (r, c) if block(r, c) => "1",
                _ => "0",
            })
            .collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}

/// The presets under a throw cap (`None`: no cap).
pub fn presets(cap: Option<u32>) -> Vec<Preset> {
    let top = cap.unwrap_or(10) as i64;
    let none = |_: u32, _: u32| false;
    let mut presets = vec![
        Preset::new(
            "smallest-boards",
            "the smallest boards (2x1, 2x2) and the thinnest (20x1, 2x20)",
        )
        .text(board(2, 1, (0, 0), (0, 1), none))
        .text(board(2, 2, (0, 0), (1, 1), none))
        .text(board(2, 2, (0, 1), (1, 0), |_, _| true))
        .text(board(20, 1, (0, 19), (0, 0), none))
        .text(board(2, 20, (0, 0), (19, 0), none))
        .text(board(2, 20, (19, 1), (0, 1), |r, c| c == 1 && r == 9)),
        Preset::new(
            "start-next-to-goal",
            "the goal on the cell next to the start, with and without blocks around",
        )
        .text(board(3, 3, (1, 1), (1, 2), none))
        .text(board(3, 3, (1, 1), (0, 1), |r, c| (r + c) % 2 == 0))
        .text(board(4, 1, (0, 1), (0, 2), |_, c| c == 0 || c == 3))
        .text(board(5, 5, (2, 2), (3, 2), |r, c| r != 2 || c != 2)),
        Preset::new(
            "open-and-walled",
            "20x20 boards without blocks (the stone never stops) and full of blocks \
             (every throw would hit an adjacent block, which is not allowed)",
        )
        .text(board(20, 20, (0, 0), (19, 19), none))
        .text(board(20, 20, (0, 0), (0, 19), none))
        .text(board(20, 20, (10, 3), (10, 16), |_, _| true)),
    ];
    if let Some(cap) = cap {
        let cap = cap as i64;
        let mut at = Preset::new(
            "answer-at-the-cap",
            &format!("answer exactly {cap}, the throw cap"),
        );
        for size in [(12, 12), (16, 16), (20, 20)] {
            at = at.request(Request::new(1, size, Want::exactly(cap)));
        }
        presets.push(at);
        let mut over = Preset::new(
            "one-over-the-cap",
            &format!(
                "answer -1 because the fewest throws are {}, one more than the cap",
                cap + 1
            ),
        );
        for size in [(10, 10), (14, 14), (20, 20)] {
            over = over.request(
                Request::new(1, size, Want::exactly(cap + 1))
                    .rule("max-throws", "none")
                    .judged(Want::exactly(-1)),
            );
        }
        presets.push(over);
    }
    let mut no_way = Preset::new(
        "no-way",
        "answer -1 with no way to the goal at all, however many throws",
    );
    for size in [(5, 5), (10, 8), (20, 20)] {
        no_way = no_way.request(
            Request::new(1, size, Want::exactly(-1))
                .rule("max-throws", "none")
                .judged(Want::exactly(-1)),
        );
    }
    presets.push(no_way);
    for (w, h) in [(6u32, 6u32), (12, 12), (20, 20)] {
        let mut spread = Preset::new(
            &format!("answers-{w}x{h}"),
            &format!("answers 1 to {top} on {w}x{h} boards"),
        );
        for a in 1..=top {
            spread = spread.request(Request::new(1, (w, h), Want::exactly(a)));
        }
        presets.push(spread);
    }
    let sizes = [(3, 3), (5, 4), (8, 8), (12, 7), (20, 20), (2, 10), (16, 16)];
    let mut most = Preset::new(
        "most-datasets",
        &format!("{MAX_DATASETS} datasets in one input, the judges' most: boards and answers of every kind"),
    );
    for i in 0..MAX_DATASETS as usize {
        let want = Want {
            min: -1,
            max: Some(top),
        };
        most = most.request(Request::new(1, sizes[i % sizes.len()], want));
    }
    presets.push(most);
    if cap == Some(10) {
        presets.push(explodes());
    }
    presets.push(
        Preset::new(
            "hardest",
            "the 20x20 board with the largest optimum that annealing found",
        )
        .hardest((20, 20), &[]),
    );
    presets
}

/// The timing test: 100 boards of 20x20 (the judges' most and largest)
/// whose answers are short (1 to 5 throws) but whose tree of every
/// sequence of up to 10 throws is large, made by `examples/gen_timing.rs`.
/// A search that stops at its best answer so far, or deepens one throw at
/// a time, pays for the answer's few throws; the contest write-up's
/// exhaustive search (`seed.rs`) walks the whole tree on every board.
/// Only under the judges' cap of 10, for which the boards were chosen.
fn explodes() -> Preset {
    Preset::new(
        "naive-search-explodes",
        "100 boards of 20x20 with answers of 1 to 5 throws whose every sequence of up to 10 \
         throws is many: a search without a bound from its best answer walks them all (the \
         timing test)",
    )
    .text(include_str!("timing.in"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridpuzzle_engine::validate::Input;

    /// The timing test does what it says: short answers, and the
    /// contest's exhaustive search makes many calls on every board (a
    /// tenth of the boards here, to keep a debug build's test short).
    #[test]
    fn the_timing_test_is_costly_for_the_contest_search() {
        let p = explodes();
        let text = format!("{}0 0\n", p.text);
        let boards: Vec<crate::Board> = crate::Datasets::new(text.as_bytes())
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(boards.len(), MAX_DATASETS as usize);
        for board in boards.iter().step_by(10) {
            let run = crate::seed::seed_run(board);
            assert!((1..=5).contains(&run.answer), "{}", run.answer);
            assert!(run.calls > 30_000, "{}", run.calls);
        }
    }

    /// Every hand-written board is valid judge input.
    #[test]
    fn written_boards_are_valid() {
        for p in presets(Some(10)) {
            let text = format!("{}0 0\n", p.text);
            let mut input = Input::new(&text, true, "dataset");
            crate::validate::validate(&mut input);
            let lines = input.finish().lines();
            if p.text.is_empty() {
                assert_eq!(lines.len(), 1, "only `no dataset`: {lines:?}");
            } else {
                assert_eq!(lines, Vec::<String>::new(), "{}", p.name);
            }
        }
    }
}
