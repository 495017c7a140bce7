//! `gridpuzzle render`: one case's optimal solution as a picture.
//!
//! The engine draws a plan as SVG documents (`gridpuzzle_engine::caps::svg`,
//! from the views of its positions); this command picks the case, solves
//! it (or replays `--moves` through `gridpuzzle_engine::puzzle::replay`),
//! and writes an animated SVG, a still frame, or an HTML page that steps
//! through the still frames. It is
//! written once for every puzzle: [`Draw`] is a registry `Visit`.

use gridpuzzle_registry::Registered;
use std::io::Write;
use std::path::PathBuf;

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use gridpuzzle_engine::check::{bad_letter, read_plan, Plan};
use gridpuzzle_engine::drawing::{board_fits, boards_fit, DEFAULT_MAX_CELLS};
use gridpuzzle_engine::puzzle::{replay, Refused};
use gridpuzzle_engine::search::Outcome;
use gridpuzzle_engine::shown::shown;
use gridpuzzle_engine::svg::write_html_player;
use gridpuzzle_registry::Visit;

use crate::args::{BudgetArgs, PuzzleArgs, PuzzleHelp};
use crate::exit::Exit;
use crate::input;

#[derive(Debug, Args)]
pub struct RenderCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs<RenderHelp>,

    /// Which case of the input to draw (1-based)
    #[arg(long, global = true, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub case: u64,

    /// Output file: `.svg` (animated, or still with --frame), `.html` (a page
    /// with play/pause/step controls), or `-` for an SVG on standard output
    #[arg(short = 'o', long, global = true, value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// Draw your own plan instead of the optimal one, such as `RDLU`
    /// (checked against the rules; no search is made)
    #[arg(long, global = true, value_name = "MOVES")]
    pub moves: Option<String>,

    /// Draw a still picture of the board after move K (0 is the start)
    #[arg(long, global = true, value_name = "K")]
    pub frame: Option<usize>,

    /// Most board cells to draw (board cells x boards drawn); a larger
    /// board is refused before the search, a longer page or animation after
    /// it
    #[arg(long, global = true, value_name = "N", default_value_t = DEFAULT_MAX_CELLS)]
    pub max_cells: u64,

    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// The help after `render --help`.
pub fn after_help() -> String {
    format!(
        "Exit status: 0 drawn, 2 bad input or usage, 3 a search budget (--max-states, \
         --timeout) ran out (the start is drawn, without moves).\n\n{}",
        crate::args::examples(
            "render",
            &[
                "gridpuzzle render {1} samples/{1}.in --case 2 -o solution.svg",
                "gridpuzzle render {1} samples/{1}.in --case 2 --frame 1 -o after-first-move.svg",
                "gridpuzzle render {2} samples/{2}.in -o solution.html",
                "gridpuzzle render {1} samples/{1}.in --case 2 --moves DLUR -o my-plan.svg",
            ],
        )
    )
}

/// What `render PUZZLE --help` says after the options.
#[derive(Debug)]
pub struct RenderHelp;

impl PuzzleHelp for RenderHelp {
    const AFTER: &'static str = "{format}\n\n\
        The {unit} (--case) is solved and its optimal {moves} drawn; a {unit} without a \
        solution is drawn at its start; --moves draws your own {moves} instead, refusing the \
        first illegal one.\n\n\
        Exit status: 0 drawn, 2 bad input or usage, 3 a search budget ran out (the {unit}'s \
        start is drawn, without {moves}).\n\n\
        Example:\n  gridpuzzle render {name} samples/{name}.in --case 1 -o solution.svg";
}

enum Kind {
    Svg,
    Html,
    Stdout,
}

pub fn run(cmd: RenderCommand) -> Result<Exit> {
    let Some(output) = cmd.output.clone() else {
        bail!("give the output with -o OUT.svg, -o OUT.html or -o - (an SVG on standard output)");
    };
    let kind = match output.extension().and_then(|e| e.to_str()) {
        _ if output.as_os_str() == "-" => Kind::Stdout,
        Some(e) if e.eq_ignore_ascii_case("svg") => Kind::Svg,
        Some(e) if e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm") => Kind::Html,
        _ => bail!(
            "the output {} should end in .svg or .html",
            output.display()
        ),
    };
    if matches!(kind, Kind::Html) && cmd.frame.is_some() {
        bail!("--frame draws one still SVG; an HTML page already shows every frame");
    }
    let draw = Draw {
        cmd: &cmd,
        kind,
        output,
    };
    cmd.puzzle.visit(draw)
}

/// Solves the wanted case and draws it.
struct Draw<'a> {
    cmd: &'a RenderCommand,
    kind: Kind,
    output: PathBuf,
}

impl Visit for Draw<'_> {
    type Output = Result<Exit>;

    fn visit<P: Registered>(self, puzzle: P) -> Result<Exit> {
        let Draw { cmd, kind, output } = self;
        let reader = input::open(cmd.puzzle.file.as_deref())?;
        let (wanted, frame) = (cmd.case, cmd.frame);
        let unit = P::INFO.unit;
        let case = input::nth(&puzzle, reader, wanted, "the input")?;
        board_fits::<P>(wanted, &case, cmd.max_cells).map_err(anyhow::Error::msg)?;
        let mut exit = Exit::Ok;
        let plan: Vec<P::Move> = if let Some(moves) = &cmd.moves {
            own_plan(&puzzle, &case, moves)?
        } else {
            solved_plan(&puzzle, &case, cmd, &mut exit)
        };
        if let Some(k) = frame.filter(|&k| k > plan.len()) {
            bail!(
                "--frame {k}: {unit} {wanted} has {} {}, so frames go from 0 to {}",
                plan.len(),
                P::INFO.moves_word(plan.len()),
                plan.len()
            );
        }
        draw(&puzzle, &case, &plan, cmd, &kind, &output)?;
        Ok(exit)
    }
}

/// `--moves`: the user's own plan, replayed through the rules by the
/// engine's [`replay`] (the first illegal move is refused with the rules'
/// reason).
fn own_plan<P: Registered>(puzzle: &P, case: &P::Case, text: &str) -> Result<Vec<P::Move>> {
    let plan = match read_plan::<P::Move>(text) {
        Ok(Plan::Moves(plan)) => plan,
        Ok(Plan::Skip) => bail!("--moves: expected moves ({}), found `-`", {
            use gridpuzzle_engine::Move;
            P::Move::letters()
        }),
        Err((index, c)) => bail!(bad_letter::<P::Move>("--moves", index, c)),
    };
    // No cap: a move past one is the rules' to refuse, in their words.
    let state = replay(puzzle, case, &plan, None).map_err(|refused| {
        let i = refused.index();
        let why = match refused {
            Refused::Illegal { reason, .. } => reason,
            _ => "the game is already won".to_string(),
        };
        anyhow!("--moves, move {} ({}): {why}", i + 1, plan[i])
    })?;
    if !puzzle.is_won(case, &state) {
        eprintln!(
            "gridpuzzle: note: --moves does not reach the goal after {} {}",
            plan.len(),
            P::INFO.moves_word(plan.len())
        );
    }
    Ok(plan)
}

/// The optimal plan, or none (the start is drawn) when there is none or a
/// budget stopped the search (then `exit` is 3).
fn solved_plan<P: Registered>(
    puzzle: &P,
    case: &P::Case,
    cmd: &RenderCommand,
    exit: &mut Exit,
) -> Vec<P::Move> {
    let (unit, wanted) = (P::INFO.unit, cmd.case);
    match puzzle.solve(case, &cmd.budget.limits()).outcome {
        Outcome::Solved(moves) => moves,
        Outcome::Unsolvable => {
            eprintln!("gridpuzzle: {unit} {wanted} has no solution (-1): drawing its start");
            Vec::new()
        }
        Outcome::Limit(hit) => {
            eprintln!(
                "gridpuzzle: {unit} {wanted}: {}: drawing its start",
                cmd.budget.explain(hit)
            );
            *exit = Exit::LimitReached;
            Vec::new()
        }
    }
}

/// Writes the picture of `plan`: a page streamed frame by frame, or one SVG.
fn draw<P: Registered>(
    puzzle: &P,
    case: &P::Case,
    plan: &[P::Move],
    cmd: &RenderCommand,
    kind: &Kind,
    output: &std::path::Path,
) -> Result<()> {
    let (unit, wanted, frame) = (P::INFO.unit, cmd.case, cmd.frame);
    if matches!(kind, Kind::Html) {
        let instead = "draw one still with --frame K in an .svg";
        boards_fit::<P>(wanted, case, plan.len() + 1, cmd.max_cells, instead)
            .map_err(anyhow::Error::msg)?;
        // One frame at a time: the page is never held whole.
        let file = std::fs::File::create(output)
            .with_context(|| format!("cannot write {}", output.display()))?;
        let mut out = std::io::BufWriter::new(file);
        let frames = (0..=plan.len()).map(|k| svg(puzzle, case, plan, Some(k)));
        write_html_player(
            &mut out,
            &format!("{}: {unit} {wanted}", P::INFO.title),
            frames,
        )
        .and_then(|()| out.flush())
        .with_context(|| format!("cannot write {}", output.display()))?;
    } else {
        if frame.is_none() {
            // An animation draws every position too (issue 28: a
            // 5,000-throw one took 28 s and wrote 224 MB).
            let instead = "draw one still with --frame K";
            boards_fit::<P>(wanted, case, plan.len() + 1, cmd.max_cells, instead)
                .map_err(anyhow::Error::msg)?;
        }
        let text = svg(puzzle, case, plan, frame);
        if matches!(kind, Kind::Stdout) {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
        } else {
            std::fs::write(output, text)
                .with_context(|| format!("cannot write {}", output.display()))?;
        }
    }
    if !matches!(kind, Kind::Stdout) {
        eprintln!(
            "gridpuzzle: wrote {} ({unit} {wanted}, {} {})",
            shown(&output.display().to_string()),
            plan.len(),
            P::INFO.moves_word(plan.len())
        );
    }
    Ok(())
}

/// The picture of `plan`; a plan that does not replay (never one the
/// solver returned) becomes a comment instead of a picture.
fn svg<P: Registered>(
    puzzle: &P,
    case: &P::Case,
    plan: &[P::Move],
    still: Option<usize>,
) -> String {
    gridpuzzle_engine::caps::svg(puzzle, case, plan, still)
        .unwrap_or_else(|e| format!("<!-- cannot replay: {e} -->"))
}
