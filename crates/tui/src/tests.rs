//! The play screen without a terminal: the app driven by key events, its
//! screens rendered into ratatui's `TestBackend` and compared with insta
//! snapshots (80×24, no colour, so the snapshots are plain text).
//!
//! The app is generic; these tests play particular positions of the two
//! contest puzzles (a refused throw, a trapped snake), so they name them —
//! through the registry and in the judge's text, as a user would, never
//! through a puzzle crate's types.

use gridpuzzle_registry::Registered;
use std::path::{Path, PathBuf};
use std::time::Duration;

use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;
use ratatui::Terminal;

use gridpuzzle_engine::moves::{plan_string, Move};
use gridpuzzle_engine::puzzle::Played;
use gridpuzzle_engine::session::{Prospect, Session};
use gridpuzzle_engine::view::Tone;
use gridpuzzle_registry::Visit;

use crate::app::{App, Flow, Look};
use crate::parse_save;
use crate::ui;
use crate::RunBudget;

const PLAIN: Look = Look {
    ascii: false,
    color: false,
};

/// Runs the generic test function `$f` with the puzzle called `$name`
/// (under the judge's rules).
macro_rules! with_puzzle {
    ($name:expr, $f:ident) => {{
        struct Work;
        impl Visit for Work {
            type Output = ();
            fn visit<P: Registered>(self, puzzle: P) {
                $f(puzzle)
            }
        }
        gridpuzzle_registry::visit($name, Work).expect("a registered puzzle")
    }};
}

fn budget() -> RunBudget {
    RunBudget {
        time: Some(Duration::from_secs(20)),
        max_states: None,
        max_stored: None,
        ..RunBudget::default()
    }
}

fn sample(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../samples")
        .join(name);
    std::fs::read_to_string(path).expect("the samples are in the repository")
}

/// Case `n` (1-based) of a judge input.
fn case_of<P: Registered>(puzzle: &P, text: &str, n: usize) -> P::Case {
    puzzle
        .cases(Box::new(text.as_bytes()))
        .nth(n - 1)
        .unwrap()
        .unwrap()
}

/// The app of case `n` of the puzzle's sample file.
fn sample_app<P: Registered>(puzzle: P, n: usize) -> App<P> {
    let case = case_of(&puzzle, &sample(&format!("{}.in", P::INFO.name)), n);
    let source = format!("samples/{}.in, {} {n}", P::INFO.name, P::INFO.unit);
    app_of(puzzle, case, &source, budget())
}

fn app_of<P: Registered>(puzzle: P, case: P::Case, source: &str, budget: RunBudget) -> App<P> {
    let (game, start) = Played::new(puzzle, case);
    App::new(
        Session::new(game, start),
        source.into(),
        budget,
        PLAIN,
        PathBuf::from("unused.save"),
    )
}

/// The puzzle under one changed setting.
fn with<P: Registered>(mut puzzle: P, key: &str, value: &str) -> P {
    P::CAPS.set(&mut puzzle, key, value).unwrap();
    puzzle
}

fn mv<P: Registered>(letter: char) -> P::Move {
    P::Move::from_letter(letter).unwrap()
}

fn press(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn ctrl(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
}

/// The arrow key of a move of the four directions.
fn arrow<M: Move>(m: M) -> KeyEvent {
    press(match m.letter() {
        'U' => KeyCode::Up,
        'D' => KeyCode::Down,
        'L' => KeyCode::Left,
        'R' => KeyCode::Right,
        other => panic!("no arrow for {other}"),
    })
}

/// The WASD key of a move of the four directions.
fn wasd<M: Move>(m: M) -> KeyEvent {
    press(KeyCode::Char(match m.letter() {
        'U' => 'w',
        'D' => 's',
        'L' => 'a',
        'R' => 'd',
        other => panic!("no key for {other}"),
    }))
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

fn screen<P: Registered>(app: &App<P>) -> String {
    render(&app.view(), 80, 24).0
}

fn snapshot<P: Registered>(what: &str, app: &App<P>) {
    insta::assert_snapshot!(format!("{}_{what}", P::INFO.name), screen(app));
}

/// The optimal plan from the current position.
fn plan<P: Registered>(app: &App<P>) -> Vec<P::Move> {
    match app.session.known_prospect() {
        Some(Prospect::Reachable { plan }) => plan.clone(),
        other => panic!("expected a reachable position, got {other:?}"),
    }
}

/// Dataset 2 of the Curling sample: the 6×6 board whose answer is 4.
fn curling_screens<P: Registered>(puzzle: P) {
    let mut app = sample_app(puzzle, 2);
    snapshot("start", &app);

    // A throw into the adjacent block is refused, with the reason.
    app.key(arrow(mv::<P>('R')));
    assert_eq!(app.session.used(), 0);
    snapshot("refused", &app);

    // The hint highlights the optimal throw's path and counts what is left.
    app.key(press(KeyCode::Char('h')));
    let best = plan(&app);
    assert_eq!(best.len(), 4);
    snapshot("hint", &app);

    // A move: the path drawn, the broken block marked.
    app.key(arrow(best[0]));
    assert_eq!(app.session.used(), 1);
    assert!(!app.take_frames().is_empty(), "the stone slides in frames");
    snapshot("after_move", &app);

    // Play the rest by hand, through WASD: won, against the optimum.
    for &m in &best[1..] {
        app.key(wasd(m));
    }
    assert!(app.session.is_won());
    snapshot("won", &app);
}

#[test]
fn curling_play_screens() {
    with_puzzle!("curling", curling_screens);
}

/// Case 1 of the Holedox sample: 5×6, answer 9.
fn holedox_screens<P: Registered>(puzzle: P) {
    let mut app = sample_app(puzzle, 1);
    snapshot("start", &app);

    // The head into its own tail is refused (the judge's strict rule).
    app.key(arrow(mv::<P>('U')));
    assert_eq!(app.session.used(), 0);
    snapshot("refused", &app);

    app.key(press(KeyCode::Char('h')));
    let best = plan(&app);
    assert_eq!(best.len(), 9);
    snapshot("hint", &app);

    app.key(arrow(best[0]));
    assert_eq!(app.session.used(), 1);
    snapshot("after_move", &app);

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
    snapshot("won", &app);
}

#[test]
fn holedox_play_screens() {
    with_puzzle!("holedox", holedox_screens);
}

fn undo_redo_restart_and_solve<P: Registered>(puzzle: P) {
    let mut app = sample_app(puzzle.clone(), 2);
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
    let mut uncapped = sample_app(with(puzzle, "max-throws", "none"), 2);
    assert_eq!(uncapped.key(ctrl('c')), Flow::Quit);
}

#[test]
fn undo_redo_restart_and_solve_through_keys() {
    with_puzzle!("curling", undo_redo_restart_and_solve);
}

/// A move's letter typed as a key plays it, like its arrow, when the key
/// is no command (`u` undoes, `d` is WASD's right).
fn letters_are_moves<P: Registered>(puzzle: P) {
    let mut app = sample_app(puzzle, 2);
    let free = |m: &P::Move| !"wasduyhq".contains(m.letter().to_ascii_lowercase());
    let legal = app.session.legal_moves();
    let m = *legal.iter().find(|m| free(m)).expect("a legal move");
    app.key(press(KeyCode::Char(m.letter())));
    assert_eq!(app.session.played(), vec![m]);
}

#[test]
fn move_letters_are_keys_too() {
    with_puzzle!("curling", letters_are_moves);
}

/// Curling with a cap of 4 (the optimum): one wasted throw is hopeless,
/// though the stone could still reach the goal with more throws.
fn hopeless_throw<P: Registered>(puzzle: P) {
    let mut app = sample_app(with(puzzle, "max-throws", "4"), 2);
    let best = plan(&app);
    let wasted = app
        .session
        .legal_moves()
        .into_iter()
        .find(|&d| d != best[0])
        .unwrap();
    app.key(arrow(wasted));
    let (status, tone) = app.view().status;
    assert_eq!(tone, Tone::Bad);
    assert!(
        status.starts_with("hopeless: the goal cannot be reached in the 3 throws left"),
        "{status}"
    );
    app.key(press(KeyCode::Char('h')));
    assert!(app.view().message.0.starts_with("no hint"));
}

/// Holedox: a snake that can no longer move is announced as trapped. A
/// 2×3 lair with stones right of the exit: the head at (2,2) can only step
/// right into the corner (2,3), and is stuck there.
fn trapped_snake<P: Registered>(puzzle: P) {
    let case = case_of(&puzzle, "2 3 2\n2 2\n2 1\n2\n1 2\n1 3\n0 0 0\n", 1);
    let mut app = app_of(puzzle, case, "test", budget());
    assert!(app.view().status.0.starts_with("hopeless"));
    app.key(arrow(mv::<P>('R')));
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
fn hopeless_positions_are_announced() {
    with_puzzle!("curling", hopeless_throw);
    with_puzzle!("holedox", trapped_snake);
}

fn budget_unknown<P: Registered>(puzzle: P) {
    let case = case_of(&puzzle, &sample(&format!("{}.in", P::INFO.name)), 2);
    let app = app_of(
        puzzle,
        case,
        "test",
        RunBudget {
            time: Some(Duration::from_secs(20)),
            max_states: Some(1),
            max_stored: None,
            ..RunBudget::default()
        },
    );
    let (status, tone) = app.view().status;
    assert_eq!(tone, Tone::Warn);
    assert!(status.starts_with("reachability unknown"), "{status}");
}

#[test]
fn a_budget_gives_unknown_never_hopeless() {
    with_puzzle!("curling", budget_unknown);
}

/// Saves `app`, loads the text back, and checks the position, the history
/// and the text are the same.
fn round_trip<P: Registered>(app: &App<P>) -> App<P> {
    let text = app.save_text();
    let file = parse_save::<P::Move>(&text).unwrap();
    let back: App<P> = crate::resume(
        P::default(),
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

fn save_and_load_curling<P: Registered>(puzzle: P) {
    let mut app = sample_app(puzzle.clone(), 2);
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
    let start = puzzle.start(&case_of(&puzzle, &sample("curling.in"), 2));
    assert_eq!(back.session.state(), &start);
}

fn save_and_load_holedox<P: Registered>(puzzle: P) {
    let mut app = sample_app(puzzle, 1);
    let best = plan(&app);
    for &d in &best[..4] {
        app.key(arrow(d));
    }
    app.key(press(KeyCode::Char('u')));
    app.key(press(KeyCode::Char('u')));
    let text = app.save_text();
    assert!(
        text.contains("puzzle holedox\nexit 1,1\ntail-rule strict\n"),
        "{text}"
    );
    let mut back = round_trip(&app);
    assert_eq!(back.session.used(), 2);
    assert!(back.session.redo() && back.session.redo() && !back.session.redo());

    // A hand-edited history that breaks the rules does not load.
    let bad = app
        .save_text()
        .replace(&format!("moves {}", plan_string(&best[..4])), "moves R")
        .replace("\nat 2\n", "\nat 1\n");
    let file = parse_save::<P::Move>(&bad).unwrap();
    let err = crate::resume(
        P::default(),
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
fn save_then_load_gives_the_same_position_and_undo_history() {
    with_puzzle!("curling", save_and_load_curling);
    with_puzzle!("holedox", save_and_load_holedox);
}

fn ctrl_s_saves<P: Registered>(puzzle: P) {
    let dir = std::env::temp_dir().join(format!("gridpuzzle-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.save");
    let mut app = sample_app(puzzle, 2);
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
fn ctrl_s_writes_the_save_file() {
    with_puzzle!("curling", ctrl_s_saves);
}

/// 40 columns × 30 rows: more than 80×24 can show. The stone starts in
/// the lower right corner; the window must include it.
fn large_board<P: Registered>(puzzle: P) {
    let (w, h) = (40usize, 30usize);
    let mut cells = vec!["0"; w * h];
    cells[0] = "3";
    cells[w * h - 1] = "2";
    let mut text = format!("{w} {h}\n");
    for row in cells.chunks(w) {
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text.push_str("0 0\n");
    let case = case_of(&puzzle, &text, 1);
    let app = app_of(puzzle, case, "big", budget());
    let text = screen(&app);
    assert!(text.contains('●'), "{text}");
    assert!(text.contains("rows 11-30, cols 17-40"), "{text}");
    for line in text.lines() {
        assert!(line.chars().count() <= 80);
    }
}

#[test]
fn large_boards_scroll_to_keep_the_stone_in_view() {
    with_puzzle!("curling", large_board);
}

fn colour<P: Registered>(puzzle: P) {
    let app = sample_app(puzzle, 2);
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
fn colour_only_without_no_color() {
    with_puzzle!("curling", colour);
}

fn ascii<P: Registered>(puzzle: P) {
    let app = sample_app(puzzle, 2);
    let mut view = app.view();
    view.ascii = true;
    let (text, _) = render(&view, 80, 24);
    assert!(text.contains("# . . O # ."), "{text}");
    // A tiny terminal still draws without panicking.
    for (w, h) in [(20, 5), (1, 1), (80, 3)] {
        render(&view, w, h);
    }
}

#[test]
fn ascii_boards_and_small_terminals() {
    with_puzzle!("curling", ascii);
}

/// Each role keeps the look the terminal gave it before roles existed.
#[test]
fn roles_look_as_they_did() {
    use gridpuzzle_engine::view::Role;
    use ratatui::style::{Modifier, Style};
    let s = Style::new();
    let bold = Modifier::BOLD;
    for (role, colour, plain) in [
        (Role::Floor, s.fg(Color::DarkGray), s),
        (Role::Start, s.fg(Color::DarkGray), s),
        (Role::Wall, s.fg(Color::Blue), s),
        (
            Role::Broken,
            s.fg(Color::Red).add_modifier(bold),
            s.add_modifier(bold),
        ),
        (Role::Goal, s.fg(Color::Green).add_modifier(bold), s),
        (
            Role::Piece,
            s.fg(Color::Yellow).add_modifier(bold),
            s.add_modifier(bold),
        ),
        (Role::Body, s.fg(Color::Yellow), s),
        (Role::Trail, s.fg(Color::Cyan), s),
        (
            Role::Hint,
            s.fg(Color::Magenta).add_modifier(bold | Modifier::REVERSED),
            s.add_modifier(Modifier::REVERSED | bold),
        ),
    ] {
        assert_eq!(ui::role_style(role, true), colour, "{role:?}");
        assert_eq!(ui::role_style(role, false), plain, "{role:?}");
    }
}

/// Issue 15 item 10: on a board larger than the terminal the goal was
/// off-screen and no key scrolled to it; `g` does, any key scrolls back.
#[test]
fn g_scrolls_to_the_goal_and_back() {
    fn check<P: Registered>(puzzle: P) {
        let mut app = sample_app(puzzle, 1);
        let piece = app.view().board.focus;
        assert_eq!(app.key(press(KeyCode::Char('g'))), Flow::Continue);
        let view = app.view();
        let goal = view.board.focus;
        let w = view.board.width as usize;
        let i = goal.row as usize * w + goal.col as usize;
        assert_eq!(
            view.board.ground[i].role,
            gridpuzzle_engine::view::Role::Goal
        );
        assert!(
            view.message.0.contains("showing the goal"),
            "{:?}",
            view.message
        );
        app.key(press(KeyCode::Char('x')));
        assert_eq!(app.view().board.focus, piece);
    }
    with_puzzle!("curling", check);
    with_puzzle!("holedox", check);
}

/// Issue 28: a save file's `source` with an escape sequence set the window
/// title and cleared the screen. The title and every message are shown,
/// escaped, on the screen.
fn hostile_source<P: Registered>(puzzle: P) {
    let case = case_of(&puzzle, &sample(&format!("{}.in", P::INFO.name)), 1);
    let source = "\x1b]0;owned\x07\x1b[2J\u{9b}1m\u{202e}\u{2028}x";
    let app = app_of(puzzle, case, source, budget());
    let view = app.view();
    assert_eq!(
        view.title,
        format!(
            "gridpuzzle play - {}: \\x1b]0;owned\\x07\\x1b[2J\\u{{9b}}1m\\u{{202e}}\\u{{2028}}x",
            P::INFO.title
        )
    );
    let shown = screen(&app);
    assert!(
        !shown.chars().any(|c| c.is_control() && c != '\n'),
        "{shown:?}"
    );
    assert!(!view.message.0.chars().any(char::is_control));
}

#[test]
fn a_hostile_source_is_shown_escaped() {
    with_puzzle!("curling", hostile_source);
    with_puzzle!("holedox", hostile_source);
}
