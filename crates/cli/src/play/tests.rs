//! The play screen without a terminal: the app driven by key events, its
//! screens rendered into ratatui's `TestBackend` and compared with insta
//! snapshots (80×24, no colour, so the snapshots are plain text).

use std::path::{Path, PathBuf};
use std::time::Duration;

use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;
use ratatui::Terminal;

use gridpuzzle_curling as curling;
use gridpuzzle_curling::play::CurlingGame;
use gridpuzzle_engine::session::{Prospect, Session};
use gridpuzzle_engine::{Dir, Pos};
use gridpuzzle_holedox as holedox;
use gridpuzzle_holedox::play::HoledoxGame;

use super::app::{App, Budget, Flow, Look, Playable};
use super::save::SaveFile;
use super::ui;

const PLAIN: Look = Look {
    ascii: false,
    color: false,
};

fn budget() -> Budget {
    Budget {
        time: Duration::from_secs(20),
        max_states: None,
    }
}

fn sample(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../samples")
        .join(name);
    std::fs::read_to_string(path).expect("the samples are in the repository")
}

/// Dataset 2 of the Curling sample: the 6×6 board whose answer is 4.
fn curling_board() -> curling::Board {
    curling::Datasets::new(sample("curling.in").as_bytes())
        .nth(1)
        .unwrap()
        .unwrap()
}

fn curling_app(cap: Option<u32>) -> App<CurlingGame> {
    let board = curling_board();
    let start = board.initial();
    App::new(
        Session::new(CurlingGame::new(board, cap), start),
        "samples/curling.in, dataset 2".into(),
        budget(),
        PLAIN,
        PathBuf::from("unused.save"),
    )
}

/// Case 1 of the Holedox sample: 5×6, answer 9.
fn holedox_app() -> App<HoledoxGame> {
    let case = holedox::Cases::from_reader(sample("holedox.in").as_bytes())
        .next()
        .unwrap()
        .unwrap();
    let (lair, body) = case.into_parts();
    App::new(
        Session::new(HoledoxGame::new(lair, holedox::TailRule::Strict), body),
        "samples/holedox.in, case 1".into(),
        budget(),
        PLAIN,
        PathBuf::from("unused.save"),
    )
}

fn press(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn ctrl(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
}

fn arrow(d: Dir) -> KeyEvent {
    press(match d {
        Dir::Up => KeyCode::Up,
        Dir::Down => KeyCode::Down,
        Dir::Left => KeyCode::Left,
        Dir::Right => KeyCode::Right,
    })
}

/// The screen as text, one line per row, trailing blanks trimmed.
fn render(view: &ui::View, width: u16, height: u16) -> (String, ratatui::buffer::Buffer) {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| ui::draw(f, view)).unwrap();
    let buf = terminal.backend().buffer().clone();
    let text = (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buf.cell((x, y)).map_or(" ", |c| c.symbol()))
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n");
    (text, buf)
}

fn screen<P: Playable>(app: &App<P>) -> String {
    render(&app.view(), 80, 24).0
}

/// The optimal plan from the current position.
fn plan<P: Playable>(app: &App<P>) -> Vec<Dir> {
    match app.session.known_prospect() {
        Some(Prospect::Reachable { plan }) => plan.clone(),
        other => panic!("expected a reachable position, got {other:?}"),
    }
}

#[test]
fn curling_screens() {
    let mut app = curling_app(Some(10));
    insta::assert_snapshot!("curling_start", screen(&app));

    // A throw into the adjacent block is refused, with the reason.
    app.key(arrow(Dir::Right));
    assert_eq!(app.session.used(), 0);
    insta::assert_snapshot!("curling_refused", screen(&app));

    // The hint highlights the optimal throw's path and counts what is left.
    app.key(press(KeyCode::Char('h')));
    let best = plan(&app);
    assert_eq!(best.len(), 4);
    insta::assert_snapshot!("curling_hint", screen(&app));

    // A move: the path drawn, the broken block marked.
    app.key(arrow(best[0]));
    assert_eq!(app.session.used(), 1);
    assert!(!app.take_frames().is_empty(), "the stone slides in frames");
    insta::assert_snapshot!("curling_after_move", screen(&app));

    // Play the rest by hand, through WASD: won, against the optimum.
    for d in &best[1..] {
        let c = match d {
            Dir::Up => 'w',
            Dir::Down => 's',
            Dir::Left => 'a',
            Dir::Right => 'd',
        };
        app.key(press(KeyCode::Char(c)));
    }
    assert!(app.session.is_won());
    insta::assert_snapshot!("curling_won", screen(&app));
}

#[test]
fn holedox_screens() {
    let mut app = holedox_app();
    insta::assert_snapshot!("holedox_start", screen(&app));

    // The head into its own tail is refused (the judge's strict rule).
    app.key(arrow(Dir::Up));
    assert_eq!(app.session.used(), 0);
    insta::assert_snapshot!("holedox_refused", screen(&app));

    app.key(press(KeyCode::Char('h')));
    let best = plan(&app);
    assert_eq!(best.len(), 9);
    insta::assert_snapshot!("holedox_hint", screen(&app));

    app.key(arrow(best[0]));
    assert_eq!(app.session.used(), 1);
    insta::assert_snapshot!("holedox_after_move", screen(&app));

    // Enter plays the rest, one tick a move; a detour first (at the first
    // position with a choice) makes the won screen compare the moves used
    // with the optimum.
    loop {
        let best = plan(&app);
        let legal = app.session.legal_moves();
        if let Some(&detour) = legal.iter().find(|&&d| d != best[0]) {
            app.key(arrow(detour));
            break;
        }
        app.key(arrow(best[0]));
    }
    app.key(press(KeyCode::Enter));
    assert!(app.is_solving());
    for _ in 0..40 {
        app.tick();
    }
    assert!(!app.is_solving());
    assert!(app.session.is_won());
    assert!(app.session.used() > 9);
    insta::assert_snapshot!("holedox_won", screen(&app));
}

#[test]
fn undo_redo_restart_and_solve_through_keys() {
    let mut app = curling_app(Some(10));
    let best = plan(&app);
    app.key(arrow(best[0]));
    app.key(arrow(best[1]));
    app.key(press(KeyCode::Char('u')));
    assert_eq!(app.session.used(), 1);
    app.key(ctrl('z'));
    assert_eq!(app.session.used(), 0);
    app.key(press(KeyCode::Char('y')));
    app.key(ctrl('y'));
    assert_eq!(app.session.used(), 2);
    app.key(press(KeyCode::Backspace));
    assert_eq!(app.session.used(), 0);
    assert!(app.view().counter.contains("(2 to redo)"));
    // Enter solves from here, one move per tick, every move undoable.
    app.key(press(KeyCode::Enter));
    while app.is_solving() {
        app.tick();
    }
    assert!(app.session.is_won());
    assert_eq!(app.session.played(), best);
    assert!(
        app.view().status.0.contains("optimal!"),
        "{:?}",
        app.view().status
    );
    app.key(press(KeyCode::Char('u')));
    assert!(!app.session.is_won());
    // Any key stops solving.
    app.key(press(KeyCode::Enter));
    assert!(app.is_solving());
    app.key(press(KeyCode::Char('x')));
    assert!(!app.is_solving());
    // Help opens and any key closes it; q quits.
    app.key(press(KeyCode::Char('?')));
    assert!(app.view().help);
    assert_eq!(app.key(press(KeyCode::Char('q'))), Flow::Continue);
    assert!(!app.view().help);
    assert_eq!(app.key(press(KeyCode::Char('q'))), Flow::Quit);
    assert!(app.wants_quit());
    assert_eq!(curling_app(None).key(ctrl('c')), Flow::Quit);
}

#[test]
fn hopeless_positions_are_announced() {
    // Curling with a cap of 4 (the optimum): one wasted throw is hopeless,
    // though the stone could still reach the goal with more throws.
    let mut app = curling_app(Some(4));
    let best = plan(&app);
    let wasted = app
        .session
        .legal_moves()
        .into_iter()
        .find(|&d| d != best[0])
        .unwrap();
    app.key(arrow(wasted));
    let (status, tone) = app.view().status;
    assert_eq!(tone, ui::Tone::Bad);
    assert!(
        status.starts_with("hopeless: the goal cannot be reached in the 3 throws left"),
        "{status}"
    );
    app.key(press(KeyCode::Char('h')));
    assert!(app.view().message.0.starts_with("no hint"));

    // Holedox: a snake that can no longer move is announced as trapped.
    let mut lair = holedox::Lair::new(2, 3, Pos::new(0, 0)).unwrap();
    lair.set_stone(Pos::new(0, 1), true);
    // 2×3 with stones right of the exit: the head at (2,2) can only step
    // right into the corner (2,3), and is stuck there.
    lair.set_stone(Pos::new(0, 2), true);
    let body = vec![Pos::new(1, 1), Pos::new(1, 0)];
    let mut app = App::new(
        Session::new(HoledoxGame::new(lair, holedox::TailRule::Strict), body),
        "test".into(),
        budget(),
        PLAIN,
        PathBuf::from("unused.save"),
    );
    assert!(app.view().status.0.starts_with("hopeless"));
    app.key(arrow(Dir::Right));
    assert_eq!(app.session.used(), 1);
    assert!(
        app.view()
            .status
            .0
            .starts_with("trapped: the snake cannot move at all"),
        "{:?}",
        app.view().status
    );
}

#[test]
fn a_budget_gives_unknown_never_hopeless() {
    let board = curling_board();
    let start = board.initial();
    let app = App::new(
        Session::new(CurlingGame::new(board, Some(10)), start),
        "test".into(),
        Budget {
            time: Duration::from_secs(20),
            max_states: Some(1),
        },
        PLAIN,
        PathBuf::from("unused.save"),
    );
    let (status, tone) = app.view().status;
    assert_eq!(tone, ui::Tone::Warn);
    assert!(status.starts_with("reachability unknown"), "{status}");
}

#[test]
fn save_then_load_gives_the_same_position_and_undo_history() {
    fn round_trip<P: Playable>(app: &App<P>) -> App<P>
    where
        P::State: PartialEq + std::fmt::Debug,
    {
        let text = app.save_text();
        let file = SaveFile::parse(&text).unwrap();
        let back: App<P> = super::resume(
            &file,
            Path::new("game.save"),
            "reloaded".into(),
            budget(),
            PLAIN,
            PathBuf::from("game.save"),
        )
        .unwrap();
        assert_eq!(back.session.state(), app.session.state());
        assert_eq!(back.session.history(), app.session.history());
        assert_eq!(back.session.used(), app.session.used());
        let unsourced = |t: &str| {
            t.lines()
                .filter(|l| !l.starts_with("source "))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(unsourced(&back.save_text()), unsourced(&text));
        back
    }

    let mut app = curling_app(Some(10));
    let best = plan(&app);
    for &d in &best[..3] {
        app.key(arrow(d));
    }
    app.key(press(KeyCode::Char('u')));
    let mut back = round_trip(&app);
    assert!(app.save_text().contains("\nmoves "));
    // The undone throw comes back with redo, in both.
    assert!(back.session.redo());
    assert_eq!(back.session.used(), 3);
    // Every earlier position is there to undo to.
    while back.session.undo() {}
    assert_eq!(back.session.state(), &curling_board().initial());

    let mut app = holedox_app();
    let best = plan(&app);
    for &d in &best[..4] {
        app.key(arrow(d));
    }
    app.key(press(KeyCode::Char('u')));
    app.key(press(KeyCode::Char('u')));
    let text = app.save_text();
    assert!(
        text.contains("puzzle holedox\ntail-rule strict\nexit 1,1\n"),
        "{text}"
    );
    let mut back = round_trip(&app);
    assert_eq!(back.session.used(), 2);
    assert!(back.session.redo() && back.session.redo() && !back.session.redo());

    // A hand-edited history that breaks the rules does not load.
    let bad = app
        .save_text()
        .replace(
            &format!("moves {}", gridpuzzle_engine::grid::plan_string(&best[..4])),
            "moves R",
        )
        .replace("\nat 2\n", "\nat 1\n");
    let file = SaveFile::parse(&bad).unwrap();
    let err = super::resume::<HoledoxGame>(
        &file,
        Path::new("bad.save"),
        String::new(),
        budget(),
        PLAIN,
        PathBuf::new(),
    )
    .err()
    .unwrap();
    assert_eq!(
        format!("{err:#}"),
        "bad.save: the saved moves do not replay: move 1 is refused: \
         the head would move into its own body at row 4, column 2 (segment 2)"
    );
}

#[test]
fn ctrl_s_writes_the_save_file() {
    let dir = std::env::temp_dir().join(format!("gridpuzzle-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.save");
    let mut app = curling_app(Some(10));
    app.save_path = path.clone();
    let best = plan(&app);
    app.key(arrow(best[0]));
    app.key(ctrl('s'));
    assert_eq!(app.view().message.0, format!("saved to {}", path.display()));
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, app.save_text());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn large_boards_scroll_to_keep_the_stone_in_view() {
    // 40 columns × 30 rows: more than 80×24 can show. The stone starts in
    // the lower right corner; the window must include it.
    let (w, h) = (40u32, 30u32);
    let mut cells = vec![curling::Cell::Ice; (w * h) as usize];
    cells[0] = curling::Cell::Goal;
    cells[(w * h - 1) as usize] = curling::Cell::Start;
    let board =
        curling::Board::new(gridpuzzle_engine::Grid::from_cells(w, h, cells).unwrap()).unwrap();
    let start = board.initial();
    let app = App::new(
        Session::new(CurlingGame::new(board, Some(10)), start),
        "big".into(),
        budget(),
        PLAIN,
        PathBuf::new(),
    );
    let text = screen(&app);
    assert!(text.contains('●'), "{text}");
    assert!(text.contains("rows 11-30, cols 17-40"), "{text}");
    for line in text.lines() {
        assert!(line.chars().count() <= 80);
    }
}

#[test]
fn colour_only_without_no_color() {
    let app = curling_app(Some(10));
    let mut view = app.view();
    let (_, plain) = render(&view, 80, 24);
    let coloured = |buf: &ratatui::buffer::Buffer| {
        buf.content()
            .iter()
            .any(|c| c.fg != Color::Reset || c.bg != Color::Reset)
    };
    assert!(!coloured(&plain));
    view.color = true;
    let (_, colour) = render(&view, 80, 24);
    assert!(coloured(&colour));
}

#[test]
fn ascii_boards_and_small_terminals() {
    let app = curling_app(Some(10));
    let mut view = app.view();
    view.ascii = true;
    let (text, _) = render(&view, 80, 24);
    assert!(text.contains("# . . O # ."), "{text}");
    // A tiny terminal still draws without panicking.
    for (w, h) in [(20, 5), (1, 1), (80, 3)] {
        render(&view, w, h);
    }
}
