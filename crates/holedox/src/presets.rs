//! The tests a Holedox judge test set should hold (`gridpuzzle
//! testset`): the smallest and thinnest lairs, the head already at the
//! exit, the shortest (L = 2) and longest (L = 8) bodies, both kinds of -1
//! (the exit walled off by stones, and a way blocked only by the body
//! itself, which a program that lets the head follow its tail finds), a
//! spread of answers, many cases in one input and the hardest lair found.

use gridpuzzle_engine::generate::Want;
use gridpuzzle_engine::testset::{Preset, Request};

/// A case as judge text: an `n × m` lair, the body (1-based cells, head
/// first) and the stones.
fn lair(n: u32, m: u32, body: &[(u32, u32)], stones: &[(u32, u32)]) -> String {
    let mut out = format!("{n} {m} {}\n", body.len());
    for (r, c) in body {
        out.push_str(&format!("{r} {c}\n"));
    }
    out.push_str(&format!("{}\n", stones.len()));
    for (r, c) in stones {
        out.push_str(&format!("{r} {c}\n"));
    }
    out
}

/// The presets.
pub fn presets() -> Vec<Preset> {
    let row: Vec<(u32, u32)> = (9..=16).map(|c| (1, c)).collect();
    let column: Vec<(u32, u32)> = (13..=20).map(|r| (r, 1)).collect();
    let mut presets = vec![
        Preset::new(
            "smallest-lairs",
            "the smallest lairs (1x2, 2x1, 2x2) and the thinnest (1x20, 20x1)",
        )
        .text(lair(1, 2, &[(1, 2), (1, 1)], &[]))
        .text(lair(2, 1, &[(2, 1), (1, 1)], &[]))
        .text(lair(2, 2, &[(2, 2), (1, 2)], &[]))
        .text(lair(2, 2, &[(2, 1), (2, 2)], &[(1, 2)]))
        .text(lair(1, 20, &row, &[]))
        .text(lair(20, 1, &column, &[]))
        .text(lair(1, 20, &[(1, 2), (1, 3)], &[])),
        Preset::new("head-at-the-exit", "the head already on the exit: answer 0")
            .text(lair(1, 2, &[(1, 1), (1, 2)], &[]))
            .text(lair(3, 3, &[(1, 1), (2, 1), (2, 2), (1, 2)], &[(3, 3)]))
            .request(Request::new(1, (20, 20), Want::exactly(0)).param("len", 8)),
    ];
    for len in [2, 8] {
        let mut p = Preset::new(
            &format!("body-of-{len}"),
            &format!(
                "bodies of {len} segments, the judges' {}, on 20x20 lairs with answers from short to long",
                if len == 2 { "shortest" } else { "longest" }
            ),
        );
        for want in [(1, Some(8)), (9, Some(20)), (21, Some(40)), (41, None)] {
            let want = Want {
                min: want.0,
                max: want.1,
            };
            p = p.request(Request::new(1, (20, 20), want).param("len", len));
        }
        presets.push(p);
    }
    let mut walled = Preset::new(
        "walled-off",
        "answer -1: stones cut the head off from the exit, whatever the body does",
    );
    for (size, len) in [((5, 5), 3), ((12, 9), 5), ((20, 20), 8)] {
        walled = walled.request(
            Request::new(1, size, Want::exactly(-1))
                .param("len", len)
                .rule("tail-rule", "lenient")
                .judged(Want::exactly(-1)),
        );
    }
    presets.push(walled);
    let mut own_body = Preset::new(
        "blocked-by-the-body",
        "answer -1 only because the body is in the way: with the head allowed into the \
         tail's cell there is a way",
    );
    for (size, len) in [((4, 4), 6), ((6, 5), 8), ((8, 8), 8)] {
        own_body = own_body.request(
            Request::new(1, size, Want { min: 1, max: None })
                .param("len", len)
                .rule("tail-rule", "lenient")
                .judged(Want::exactly(-1)),
        );
    }
    presets.push(own_body);
    for (w, h) in [(6u32, 6u32), (12, 12)] {
        let mut spread = Preset::new(
            &format!("answers-{w}x{h}"),
            &format!("answers from 1 up on {w}x{h} lairs, bodies of 2 to 8"),
        );
        // The longest answers a lair of this size readily has, last.
        let top = if w * h <= 36 { 25 } else { 41 };
        let buckets = [
            (1, Some(4)),
            (5, Some(8)),
            (9, Some(14)),
            (15, Some(top - 1)),
            (top, None),
        ];
        for (i, (min, max)) in buckets.into_iter().enumerate() {
            let want = Want { min, max };
            spread = spread.request(Request::new(1, (w, h), want).param("len", 2 + i % 7));
        }
        presets.push(spread);
    }
    // Small lairs: the test is about many cases in one input (a program
    // that keeps state between cases), not about large ones.
    let sizes = [(3, 3), (5, 4), (8, 8), (12, 7), (10, 10), (2, 10), (6, 9)];
    let mut many = Preset::new(
        "many-cases",
        "100 cases in one input (the statement sets no limit): lairs up to 12x7, bodies and \
         answers of every kind",
    );
    for i in 0..100usize {
        let size = sizes[i % sizes.len()];
        let len = (2 + i % 7).min((size.0 * size.1 / 2) as usize);
        many = many.request(Request::new(1, size, Want { min: -1, max: None }).param("len", len));
    }
    presets.push(many);
    presets.push(explodes());
    presets.push(
        Preset::new(
            "hardest",
            "the 20x20 lair with a body of 8 whose optimum is the largest that annealing found",
        )
        .hardest((20, 20), &[("len", "8")]),
    );
    presets
}

/// The timing test: 20 lairs of 20x20 (the judges' largest) with a body
/// of 8, the exit walled in by two stones. The answer is -1 and a good
/// solution proves it at once (the head can never reach the exit); a
/// plain breadth-first search over bodies, the contest's, visits every
/// body the snake can take first: about 616,000 states a lair, 12.3
/// million in all, seconds where the sample takes microseconds.
fn explodes() -> Preset {
    let mut p = Preset::new(
        "naive-search-explodes",
        "20 lairs of 20x20 with a body of 8 and the exit walled in: a search that does not \
         see the exit is out of reach visits every body the snake can take (the timing test)",
    );
    for i in 0..20u32 {
        // A straight body, head first, in a different row and column each
        // time; one stone more, off the body, so no two lairs are alike.
        let (row, col) = (3 + i % 17, 2 + (i * 7) % 12);
        let body: Vec<(u32, u32)> = if i % 2 == 0 {
            (0..8).map(|k| (row, col + k)).collect()
        } else {
            (0..8).map(|k| (row.min(12) + k, col + 2)).collect()
        };
        let mut stones = vec![(1, 2), (2, 1)];
        let extra = (20 - i % 5, 20 - (i * 3) % 7);
        if !body.contains(&extra) {
            stones.push(extra);
        }
        p = p.text(lair(20, 20, &body, &stones));
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridpuzzle_engine::validate::Input;

    /// Every hand-written lair is valid judge input.
    #[test]
    fn written_lairs_are_valid() {
        for p in presets().iter().filter(|p| !p.text.is_empty()) {
            let text = format!("{}0 0 0\n", p.text);
            let mut input = Input::new(&text, true, "case");
            crate::validate::validate(&mut input, |_, _| (1, 1));
            assert_eq!(input.finish().lines(), Vec::<String>::new(), "{}", p.name);
        }
    }

    /// The timing test does what it says: every lair is -1, and the
    /// contest's breadth-first search pops millions of states on each.
    #[test]
    fn the_timing_test_is_costly_for_the_contest_search() {
        let p = explodes();
        let text = format!("{}0 0 0\n", p.text);
        let cases: Vec<crate::Case> =
            crate::Cases::new(text.as_bytes(), crate::parse::ParseOptions::default())
                .collect::<Result<_, _>>()
                .unwrap();
        assert_eq!(cases.len(), 20);
        let mut total = 0;
        for case in &cases {
            let run = crate::seed::seed_run(case).unwrap();
            assert_eq!(run.answer, -1);
            assert!(run.popped > 500_000, "{}", run.popped);
            total += run.popped;
        }
        assert!(total > 10_000_000, "{total}");
    }
}
