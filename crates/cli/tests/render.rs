//! `gridpuzzle render`: the SVG parses as XML, has one key frame per move,
//! and a still frame shows the expected cells.

mod common;

use std::path::PathBuf;

use common::{run, sample};

fn out_path(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("render-tests");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn render(args: &[&str]) -> String {
    let r = run(args, "");
    assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    r.stdout
}

/// The `keyTimes` of every `<animate>` under elements of `class`.
fn key_frames(svg: &str, class: &str) -> Vec<usize> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .flat_map(|n| {
            n.children()
                .filter(|c| c.has_tag_name("animate"))
                .collect::<Vec<_>>()
        })
        .map(|a| {
            a.attribute("keyTimes")
                .expect("keyTimes")
                .split(';')
                .count()
        })
        .collect()
}

fn cell_of(svg: &str, class: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .filter_map(|n| n.attribute("data-cell").map(str::to_string))
        .collect()
}

#[test]
fn curling_animation_has_a_key_frame_per_throw() {
    let input = sample("curling.in");
    // Dataset 2 is solved in 4 throws: D L U R.
    let svg = render(&[
        "render",
        "curling",
        input.to_str().unwrap(),
        "--case",
        "2",
        "-o",
        "-",
    ]);
    // cx and cy of the stone: 4 throws + the start + the closing hold.
    assert_eq!(key_frames(&svg, "piece"), vec![6, 6]);
    // The three blocks that break vanish at the throw that breaks them:
    // two key frames each (standing, gone), whatever the plan's length.
    assert_eq!(key_frames(&svg, "wall"), vec![2, 2, 2]);
    assert!(
        svg.contains("4 throws (DLUR)"),
        "legend with the move count"
    );
}

#[test]
fn curling_still_frame_shows_the_board_after_a_throw() {
    let input = sample("curling.in");
    let svg = render(&[
        "render",
        "curling",
        input.to_str().unwrap(),
        "--case",
        "2",
        "--frame",
        "1",
        "-o",
        "-",
    ]);
    assert_eq!(cell_of(&svg, "piece"), vec!["5,4"]);
    assert_eq!(cell_of(&svg, "broken"), vec!["6,4"]);
    assert!(cell_of(&svg, "wall").contains(&"5,1".to_string()));
    assert_eq!(cell_of(&svg, "goal"), vec!["3,6"]);
    // The throw's path, as arrows from where the stone lay (the start).
    assert_eq!(
        cell_of(&svg, "glyph trail"),
        vec!["1,4", "2,4", "3,4", "4,4", "5,4"]
    );
    assert!(!svg.contains("<animate"));
}

#[test]
fn holedox_animation_and_still() {
    let input = sample("holedox.in");
    let svg = render(&["render", "holedox", input.to_str().unwrap(), "-o", "-"]);
    // 4 segments, each with cx and cy through 9 steps + start + hold.
    assert_eq!(key_frames(&svg, "piece"), vec![11, 11]);
    assert_eq!(key_frames(&svg, "body").len(), 4);
    assert_eq!(key_frames(&svg, "body tail"), vec![11, 11]);
    let still = render(&[
        "render",
        "holedox",
        input.to_str().unwrap(),
        "--frame",
        "0",
        "-o",
        "-",
    ]);
    assert_eq!(cell_of(&still, "piece"), vec!["4,1"]);
    assert_eq!(cell_of(&still, "body"), vec!["3,2", "4,2"]);
    assert_eq!(cell_of(&still, "body tail"), vec!["3,1"]);
    assert_eq!(cell_of(&still, "wall"), vec!["2,3", "3,3", "3,4"]);
    assert_eq!(cell_of(&still, "goal"), vec!["1,1"]);
    let end = render(&[
        "render",
        "holedox",
        input.to_str().unwrap(),
        "--frame",
        "9",
        "-o",
        "-",
    ]);
    assert_eq!(cell_of(&end, "piece"), vec!["1,1"]);
}

#[test]
fn files_and_html() {
    let input = sample("holedox.in");
    let svg = out_path("snake.svg");
    let r = run(
        &[
            "render",
            "holedox",
            input.to_str().unwrap(),
            "-o",
            svg.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    roxmltree::Document::parse(&std::fs::read_to_string(&svg).unwrap()).unwrap();
    let html = out_path("snake.html");
    let r = run(
        &[
            "render",
            "holedox",
            input.to_str().unwrap(),
            "-o",
            html.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let page = std::fs::read_to_string(&html).unwrap();
    assert_eq!(
        page.matches("class=\"frame\"").count(),
        10,
        "one still per step and the start"
    );
    assert!(page.contains("<button id=\"play\""));
    assert!(
        !page.contains("http://") || !page.contains("src=\"http"),
        "self-contained"
    );
}

#[test]
fn render_errors_are_usage_errors() {
    let input = sample("curling.in");
    let input = input.to_str().unwrap();
    for (args, needle) in [
        (vec!["render", "curling", input], "-o OUT.svg"),
        (
            vec!["render", "curling", input, "-o", "x.png"],
            "should end in .svg or .html",
        ),
        (
            vec!["render", "curling", input, "--case", "9", "-o", "-"],
            "the input has only 6 datasets",
        ),
        (
            vec![
                "render", "curling", input, "--case", "2", "--frame", "5", "-o", "-",
            ],
            "frames go from 0 to 4",
        ),
        (
            vec!["render", "curling", input, "--case", "0", "-o", "-"],
            "0",
        ),
    ] {
        let r = run(&args, "");
        assert_eq!(r.code, 2, "{args:?}");
        assert!(r.stderr.contains(needle), "{args:?}: {}", r.stderr);
    }
    // An unsolvable case draws its start and says so.
    let r = run(&["render", "curling", input, "--case", "3", "-o", "-"], "");
    assert_eq!(r.code, 0);
    assert!(r.stderr.contains("no solution (-1)"), "{}", r.stderr);
}

/// Issue 28: --max-cells covered pages, not animations: a 5,000-throw
/// animation took 28 s and wrote 224 MB. An animation draws every
/// position, so its boards count; one still stays within the budget.
#[test]
fn an_animation_counts_every_board_it_draws() {
    // 40 throws right along a row, each breaking one block.
    let throws = 40;
    let input = format!(
        "{} 1\n2{} 0 3\n0 0\n",
        2 * throws + 3,
        " 0 1".repeat(throws)
    );
    let out = out_path("long-animation.svg");
    let args = [
        "render",
        "curling",
        "--max-throws",
        "none",
        "--max-cells",
        "3000",
        "-o",
        out.to_str().unwrap(),
    ];
    let r = run(&args, &input);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains(
            "dataset 1: 42 boards of 83 cells are 3486 cells, more than --max-cells 3000 \
             allows to draw; give --max-cells 3486 to draw them anyway, or draw one still \
             with --frame K"
        ),
        "{}",
        r.stderr
    );
    let mut still = args.to_vec();
    still.extend(["--frame", "41"]);
    let r = run(&still, &input);
    assert_eq!(r.code, 0, "{}", r.stderr);
}
