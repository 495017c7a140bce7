//! The page's section of the contract for Curling: a draft's judge text,
//! game IDs (golden IDs written by the page's JavaScript before the codec
//! moved to Rust, so old links open the same board), and the positions the
//! page draws.

use gridpuzzle_curling::Curling;
use gridpuzzle_engine::caps::{Page, Settings};
use gridpuzzle_engine::page::id_name;
use gridpuzzle_engine::{Dir, Puzzle};
use serde_json::{json, Value};

fn draft(width: u32, height: u32, rows: &[&str]) -> Value {
    json!({ "width": width, "height": height, "rows": rows })
}

fn capped(cap: &str) -> Curling {
    Curling::with_settings(&[("max-throws", cap)]).unwrap()
}

/// The statement's dataset 2, the board the page opens first.
fn sample2() -> Value {
    draft(
        6,
        6,
        &["#..S#.", "##....", ".....G", "......", "#....#", ".#####"],
    )
}

/// Boards, settings, and what the page's `gameId()` and `judgeText()`
/// wrote for them.
fn golden() -> Vec<(Value, &'static str, &'static str, &'static str)> {
    let s2 =
        "6 6\n1 0 0 2 1 0\n1 1 0 0 0 0\n0 0 0 0 0 3\n0 0 0 0 0 0\n1 0 0 0 0 1\n0 1 1 1 1 1\n0 0\n";
    vec![
        (sample2(), "10", "curling/6x6/QkUAADAAQBFV", s2),
        (sample2(), "none", "curling/6x6/QkUAADAAQBFV/cap=none", s2),
        (sample2(), "12", "curling/6x6/QkUAADAAQBFV/cap=12", s2),
        (
            draft(5, 4, &["S....", ".##..", "....G", "#...."]),
            "10",
            "curling/5x4/gAUADQA",
            "5 4\n2 0 0 0 0\n0 1 1 0 0\n0 0 0 0 3\n1 0 0 0 0\n0 0\n",
        ),
        (draft(1, 1, &["."]), "10", "curling/1x1/A", "1 1\n0\n0 0\n"),
        // Not a case (two starts, two goals), written all the same.
        (
            draft(7, 3, &["SS..GG#", "#######", "......."]),
            "10",
            "curling/7x3/oPVVUAA",
            "7 3\n2 2 0 0 3 3 1\n1 1 1 1 1 1 1\n0 0 0 0 0 0 0\n0 0\n",
        ),
    ]
}

#[test]
fn drafts_give_the_ids_and_judge_texts_the_page_gave() {
    for (board, cap, id, text) in golden() {
        let p = capped(cap);
        assert_eq!(p.game_id(&board).unwrap(), id);
        assert_eq!(p.draft_text(&board).unwrap(), text);
        assert_eq!(id_name(id), Curling::INFO.name);
    }
}

#[test]
fn ids_read_back_to_the_same_board_and_cap() {
    for (board, cap, id, _) in golden() {
        let (p, back) = Curling::from_game_id(id).unwrap();
        assert_eq!(back, board, "{id}");
        assert_eq!(p, capped(cap), "{id}");
        assert_eq!(p.game_id(&back).unwrap(), id, "round trip of {id}");
    }
}

#[test]
fn old_links_with_odd_settings_open_as_the_page_opened_them() {
    // An empty cap was the judge's; of two caps the last counted; other
    // keys were ignored.
    for (id, cap) in [
        ("curling/3x1/A/cap=", Some(10)),
        ("curling/1x1/D/cap=3/cap=4", Some(4)),
        ("curling/3x1/A/cap=NONE", None),
        ("curling/2x2/BA/exit=1,1/x=y", Some(10)),
    ] {
        let (p, _) = Curling::from_game_id(id).unwrap();
        assert_eq!(p.max_throws, cap, "{id}");
    }
    let (_, board) = Curling::from_game_id("curling/2x2/BA").unwrap();
    assert_eq!(board, draft(2, 2, &["..", "#."]));
}

#[test]
fn bad_ids_say_what_the_page_said() {
    for (id, error) in [
        ("curling", "expected a size WxH after the puzzle"),
        ("curling/", "expected a size WxH after the puzzle"),
        ("curling/3", "expected a size WxH after the puzzle"),
        ("curling/0x3/A", "the size must be 1 to 100 on each side"),
        ("curling/101x1/A", "the size must be 1 to 100 on each side"),
        (
            "curling/3x1/",
            "the cells have the wrong length for the size",
        ),
        (
            "curling/3x1/AA",
            "the cells have the wrong length for the size",
        ),
        (
            "curling/3x1/*",
            "the cells hold a character that is not base64url: *",
        ),
        (
            "curling/3x1/A/cap",
            "expected a setting KEY=VALUE, found `cap`",
        ),
        ("curling/3x1/A/", "expected a setting KEY=VALUE, found ``"),
        // The page kept a cap it could not read in its field; the link
        // now says why it cannot be opened.
        (
            "curling/2x2/BA/cap=x",
            "expected a number of throws or `none`, found `x`",
        ),
    ] {
        assert_eq!(Curling::from_game_id(id).unwrap_err(), error, "{id}");
    }
}

#[test]
fn bad_drafts_are_refused_and_lacks_are_named() {
    let p = Curling::default();
    assert_eq!(
        p.draft_text(&draft(2, 1, &["SX"])).unwrap_err(),
        "row 1, column 2 of the board: expected one of `.#SG`, found `X`"
    );
    assert!(p
        .game_id(&json!({"width": 101, "height": 1, "rows": []}))
        .is_err());
    assert_eq!(
        p.draft_lacks(&draft(2, 1, &["G."])).as_deref(),
        Some("Place the stone's start first (the Start tool).")
    );
    assert_eq!(
        p.draft_lacks(&draft(2, 1, &["S."])).as_deref(),
        Some("Place the goal first (the Goal tool).")
    );
    assert_eq!(p.draft_lacks(&sample2()), None);
    // The cap is no part of the board.
    assert_eq!(p.with_draft(&sample2()).unwrap(), p);
}

#[test]
fn the_showcase_is_a_sample_and_reads_back_as_a_draft() {
    let p = Curling::default();
    let case = p
        .cases(Box::new(Curling::INFO.samples.as_bytes()))
        .nth(Curling::PAGE.showcase as usize - 1)
        .unwrap()
        .unwrap();
    let board = p.board_json(&case);
    // A case's board is a draft: its text is the case's own.
    assert_eq!(
        p.draft_text(&board).unwrap(),
        p.write_case(&case) + Curling::INFO.terminator
    );
    assert_eq!(p.game_id(&board).unwrap(), "curling/6x6/QkUAADAAQBFV");
}

#[test]
fn positions_hold_the_stone_and_every_broken_block() {
    let p = Curling::default();
    let text = p
        .draft_text(&draft(5, 4, &["S....", ".##..", "....G", "#...."]))
        .unwrap();
    let case = p.cases(Box::new(text.as_bytes())).next().unwrap().unwrap();
    let mut state = p.start(&case);
    let mut positions = vec![p.position_json(&case, &state)];
    for (i, mv) in [Dir::Down, Dir::Right].into_iter().enumerate() {
        state = p.apply(&case, &state, i, mv).unwrap().0;
        positions.push(p.position_json(&case, &state));
    }
    assert_eq!(
        positions,
        [
            json!({"stone": [0, 0], "broken": []}),
            json!({"stone": [2, 0], "broken": [[3, 0]]}),
            json!({"stone": [2, 4], "broken": [[3, 0]]}),
        ]
    );
}
