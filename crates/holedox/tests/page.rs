//! The page's section of the contract for Holedox: a draft's judge text,
//! game IDs (golden IDs written by the page's JavaScript before the codec
//! moved to Rust, so old links open the same lair), and the positions the
//! page draws.

use gridpuzzle_engine::caps::Page;
use gridpuzzle_engine::page::id_name;
use gridpuzzle_engine::{Dir, Pos, Puzzle};
use gridpuzzle_holedox::{Exit, Holedox, TailRule};
use serde_json::{json, Value};

fn draft(width: u32, height: u32, rows: &[&str], body: Value, exit: [u32; 2]) -> Value {
    json!({ "width": width, "height": height, "rows": rows, "body": body, "exit": exit })
}

fn ruled(rule: TailRule, exit: (u32, u32)) -> Holedox {
    Holedox {
        rule,
        exit: Exit::At(exit.0, exit.1),
    }
}

/// The statement's case 1, the first sample.
fn sample1() -> Value {
    draft(
        6,
        5,
        &["......", "..#...", "..##..", "......", "......"],
        json!([[3, 0], [3, 1], [2, 1], [2, 0]]),
        [0, 0],
    )
}

const SAMPLE1_TEXT: &str = "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n0 0 0\n";

/// Drafts, settings, and what the page's `gameId()` and `judgeText()`
/// wrote for them.
fn golden() -> Vec<(Value, Holedox, &'static str, &'static str)> {
    use TailRule::{Lenient, Strict};
    vec![
        (
            sample1(),
            ruled(Strict, (1, 1)),
            "holedox/6x5/AIMAA/3.0.RUL",
            SAMPLE1_TEXT,
        ),
        (
            sample1(),
            ruled(Lenient, (1, 1)),
            "holedox/6x5/AIMAA/3.0.RUL/rule=lenient",
            SAMPLE1_TEXT,
        ),
        (
            draft(
                4,
                4,
                &["....", "....", "....", "...."],
                json!([[1, 2], [0, 2], [0, 3], [1, 3]]),
                [0, 0],
            ),
            ruled(Strict, (1, 1)),
            "holedox/4x4/AAA/1.2.URD",
            "4 4 4\n2 3\n1 3\n1 4\n2 4\n0\n0 0 0\n",
        ),
        // No snake yet: the text is written all the same.
        (
            draft(3, 2, &["#.#", "..."], json!([]), [1, 2]),
            ruled(Lenient, (2, 3)),
            "holedox/3x2/o//exit=2,3/rule=lenient",
            "2 3 0\n2\n1 1\n1 3\n0 0 0\n",
        ),
        (
            draft(3, 2, &["#.#", "..."], json!([]), [0, 0]),
            ruled(Strict, (1, 1)),
            "holedox/3x2/o/",
            "2 3 0\n2\n1 1\n1 3\n0 0 0\n",
        ),
        (
            draft(
                7,
                3,
                &["#.....#", ".......", "##....."],
                json!([[1, 3]]),
                [2, 6],
            ),
            ruled(Strict, (3, 7)),
            "holedox/7x3/ggMA/1.3./exit=3,7",
            "3 7 1\n2 4\n4\n1 1\n1 7\n3 1\n3 2\n0 0 0\n",
        ),
    ]
}

#[test]
fn drafts_give_the_ids_and_judge_texts_the_page_gave() {
    for (board, p, id, text) in golden() {
        assert_eq!(p.game_id(&board).unwrap(), id);
        assert_eq!(p.draft_text(&board).unwrap(), text);
        assert_eq!(id_name(id), Holedox::INFO.name);
        // The exit comes from the board, whatever the settings say.
        assert_eq!(Holedox::default().with_draft(&board).unwrap().exit, p.exit);
        let rule_only = ruled(p.rule, (1, 1));
        assert_eq!(rule_only.game_id(&board).unwrap(), id);
    }
}

#[test]
fn ids_read_back_to_the_same_lair_and_rules() {
    for (board, p, id, _) in golden() {
        let (q, back) = Holedox::from_game_id(id).unwrap();
        assert_eq!(back, board, "{id}");
        assert_eq!(q, p, "{id}");
        assert_eq!(q.game_id(&back).unwrap(), id, "round trip of {id}");
    }
}

#[test]
fn old_links_with_odd_parts_open_as_the_page_opened_them() {
    // An empty exit is the default; a rule other than `lenient` was the
    // judge's; unknown keys were ignored; of two settings the last
    // counted; a snake may run over a stone or itself (solving then says
    // why it is no case).
    for (id, rule, exit, body) in [
        (
            "holedox/3x2/g/0.0./rule=silly/x=y/exit=",
            TailRule::Strict,
            [0, 0],
            json!([[0, 0]]),
        ),
        (
            "holedox/3x2/g/1.1.LU/exit=1,1/rule=lenient",
            TailRule::Lenient,
            [0, 0],
            json!([[1, 1], [1, 0], [0, 0]]),
        ),
        (
            "holedox/3x2/g/0.0.RRDL/rule=strict/exit=2,1/exit=1,2",
            TailRule::Strict,
            [0, 1],
            json!([[0, 0], [0, 1], [0, 2], [1, 2], [1, 1]]),
        ),
        (
            "holedox/3x2/g/0.0.RL",
            TailRule::Strict,
            [0, 0],
            json!([[0, 0], [0, 1], [0, 0]]),
        ),
        ("holedox/3x2/g", TailRule::Strict, [0, 0], json!([])),
    ] {
        let (p, board) = Holedox::from_game_id(id).unwrap();
        assert_eq!(p.rule, rule, "{id}");
        assert_eq!(p.exit, Exit::At(exit[0] + 1, exit[1] + 1), "{id}");
        assert_eq!(board, draft(3, 2, &["#..", "..."], body, exit), "{id}");
    }
}

#[test]
fn bad_ids_say_what_the_page_said() {
    for (id, error) in [
        ("holedox", "expected a size WxH after the puzzle"),
        (
            "holedox/6x5x1/AIMAA",
            "expected a size WxH after the puzzle",
        ),
        ("holedox/1x101/A", "the size must be 1 to 100 on each side"),
        (
            "holedox/3x2/AA",
            "the cells have the wrong length for the size",
        ),
        (
            "holedox/3x2/.",
            "the cells hold a character that is not base64url: .",
        ),
        (
            "holedox/3x2/g/x",
            "expected the snake as ROW.COL.DIRS, found `x`",
        ),
        (
            "holedox/3x2/g/0.0",
            "expected the snake as ROW.COL.DIRS, found `0.0`",
        ),
        (
            "holedox/3x2/g/0.0.R.L",
            "expected the snake as ROW.COL.DIRS, found `0.0.R.L`",
        ),
        (
            "holedox/3x2/g/a.0.",
            "expected the snake as ROW.COL.DIRS, found `a.0.`",
        ),
        (
            "holedox/3x2/g/+1.0.",
            "expected the snake as ROW.COL.DIRS, found `+1.0.`",
        ),
        (
            "holedox/3x2/g/0.0.X",
            "expected the snake as ROW.COL.DIRS, found `0.0.X`",
        ),
        ("holedox/3x2/g/1.1.D", "the snake leaves the board"),
        ("holedox/3x2/g/1.1.ULL", "the snake leaves the board"),
        ("holedox/3x2/g/0.0.RUD", "the snake leaves the board"),
        (
            "holedox/3x2/g/99999999999999999999.0.",
            "the snake leaves the board",
        ),
        (
            "holedox/3x2/g/1.1.L/",
            "expected a setting KEY=VALUE, found ``",
        ),
        (
            "holedox/3x2/g//rule",
            "expected a setting KEY=VALUE, found `rule`",
        ),
        (
            "holedox/3x2/g//exit=a",
            "expected exit=ROW,COL (1-based), found `a`",
        ),
        (
            "holedox/3x2/g//exit=1,1,1",
            "expected exit=ROW,COL (1-based), found `1,1,1`",
        ),
        (
            "holedox/3x2/g//exit=3,1",
            "the exit 3,1 is not on a board of 2 rows and 3 columns",
        ),
        (
            "holedox/3x2/g//exit=0,1",
            "the exit 0,1 is not on a board of 2 rows and 3 columns",
        ),
        (
            "holedox/3x2/g//exit=1,99999999999999999999",
            "the exit 1,99999999999999999999 is not on a board of 2 rows and 3 columns",
        ),
        (
            "holedox/6x5/AIMAA/3.0.RUL/exit=9,9",
            "the exit 9,9 is not on a board of 5 rows and 6 columns",
        ),
    ] {
        assert_eq!(Holedox::from_game_id(id).unwrap_err(), error, "{id}");
    }
}

#[test]
fn bad_drafts_are_refused_and_lacks_are_named() {
    let p = Holedox::default();
    let no_snake = draft(3, 2, &["#..", "..."], json!([]), [0, 0]);
    assert_eq!(
        p.draft_lacks(&no_snake).as_deref(),
        Some("Draw the snake first (the Snake tool: press on the head, drag to the tail).")
    );
    assert_eq!(p.draft_lacks(&sample1()), None);
    for (board, error) in [
        (
            draft(3, 2, &["...", "..."], json!([[0, 0], [1, 1]]), [0, 0]),
            "segment 2 of the snake is not next to the one before it",
        ),
        (
            draft(3, 2, &["...", "..."], json!([[0, 3]]), [0, 0]),
            "segment 1 of the snake must be a cell [row, column] on the board, found [0,3]",
        ),
        (
            draft(3, 2, &["...", "..."], json!([]), [2, 0]),
            "the exit must be a cell [row, column] on the board, found [2,0]",
        ),
        (
            json!({"width": 1, "height": 1, "rows": ["."], "body": "0.0"}),
            "the board's `body` must be a list of cells [row, column], head first",
        ),
    ] {
        assert_eq!(p.game_id(&board).unwrap_err(), error);
    }
    // A draft without an exit takes the settings' exit, on the board.
    let bare = json!({"width": 3, "height": 2, "rows": ["...", "..."]});
    assert_eq!(
        ruled(TailRule::Strict, (2, 2)).game_id(&bare).unwrap(),
        "holedox/3x2/A//exit=2,2"
    );
    assert_eq!(
        ruled(TailRule::Strict, (3, 1)).game_id(&bare).unwrap_err(),
        "the exit 3,1 is not on a board of 2 rows and 3 columns"
    );
    assert_eq!(p.draft_text(&bare).unwrap(), "2 3 0\n0\n0 0 0\n");
}

#[test]
fn the_showcase_is_a_sample_and_reads_back_as_a_draft() {
    let p = Holedox::default();
    let case = p
        .cases(Box::new(Holedox::INFO.samples.as_bytes()))
        .nth(Holedox::PAGE.showcase as usize - 1)
        .unwrap()
        .unwrap();
    let board = p.board_json(&case);
    assert_eq!(p.draft_text(&board).unwrap(), SAMPLE1_TEXT);
    assert_eq!(p.game_id(&board).unwrap(), "holedox/6x5/AIMAA/3.0.RUL");
}

#[test]
fn positions_are_the_whole_body() {
    let p = Holedox::default();
    let case = p
        .cases(Box::new(SAMPLE1_TEXT.as_bytes()))
        .next()
        .unwrap()
        .unwrap();
    let start = p.start(&case);
    assert_eq!(
        p.position_json(&case, &start),
        json!({"body": [[3, 0], [3, 1], [2, 1], [2, 0]]})
    );
    let (next, _) = p.apply(&case, &start, 0, Dir::Down).unwrap();
    assert_eq!(next[0], Pos::new(4, 0));
    assert_eq!(
        p.position_json(&case, &next),
        json!({"body": [[4, 0], [3, 0], [3, 1], [2, 1]]})
    );
}
