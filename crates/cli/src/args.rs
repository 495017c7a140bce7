//! The command line, declared with clap's derive API.
//!
//! Every command takes the puzzle as a subcommand (`solve curling ...`), so
//! each puzzle's own options (`--max-throws`, `--exit`, `--tail-rule`) sit
//! with it; the command's options are `global` so they may come before or
//! after the puzzle name.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Debug, Parser)]
#[command(
    name = "gridpuzzle",
    version,
    about = "Solve, check and show Curling 2.0 and Holedox Moving",
    long_about = "Exact solvers for two classic contest grid puzzles: Curling 2.0 \
                  (ICPC Japan 2006, POJ 3009) and Holedox Moving (POJ 1324).\n\n\
                  `solve` reads the contest's input format and prints exactly what the \
                  judge expects, so it can stand in for a reference solution; `--explain` \
                  shows the optimal moves board by board, `verify` checks your own plans, \
                  `render` draws an animated picture.",
    after_help = "Examples:\n  gridpuzzle solve curling samples/curling.in\n  \
                  gridpuzzle solve holedox --explain samples/holedox.in\n  \
                  gridpuzzle solve curling --format json samples/curling.in\n  \
                  gridpuzzle verify curling samples/curling.in --moves-file my-plans.txt\n  \
                  gridpuzzle render holedox samples/holedox.in --case 1 -o snake.svg"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve every case of a judge-format input and print the judge's output
    #[command(
        after_help = "Examples:\n  gridpuzzle solve curling samples/curling.in\n  \
        gridpuzzle solve curling --max-throws none < big.txt\n  \
        gridpuzzle solve holedox --explain --ascii samples/holedox.in\n  \
        gridpuzzle solve holedox --format json samples/holedox.in"
    )]
    Solve(SolveCommand),
    /// Check plans (one line of moves per case) against the rules and the optimum
    #[command(after_help = "The moves file has one line per case, such as `RDLU`; \
        a line `-` skips a case.\n\n\
        Exit status: 0 every plan is legal and optimal, 1 some plan is not, 2 bad input or usage.\n\n\
        Examples:\n  gridpuzzle verify curling samples/curling.in --moves-file plans.txt\n  \
        gridpuzzle verify holedox one-case.txt --moves LLUU")]
    Verify(VerifyCommand),
    /// Draw the optimal solution of one case as an animated SVG (or an HTML player)
    #[command(
        after_help = "Examples:\n  gridpuzzle render curling samples/curling.in --case 2 -o stone.svg\n  \
        gridpuzzle render curling samples/curling.in --case 2 --frame 1 -o after-first-throw.svg\n  \
        gridpuzzle render holedox samples/holedox.in -o snake.html"
    )]
    Render(RenderCommand),
    /// Play a puzzle in the terminal, with undo, exact hints and saved games
    #[command(after_help = crate::play::PLAY_HELP)]
    Play(crate::play::PlayCommand),
    /// Generate puzzles with a proved optimum in a wanted range, or hunt for the hardest
    Generate(crate::generate::GenerateCommand),
    /// Test another program against gridpuzzle and shrink the failing case
    Stress(crate::stress::StressCommand),
    /// Serve a web page and a JSON API (solve, verify, generate) on this machine
    Serve(crate::serve::ServeCommand),
}

#[derive(Debug, Args)]
pub struct SolveCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs,

    /// Show the optimal moves and the board after each of them
    #[arg(long, global = true)]
    pub explain: bool,

    /// With --explain: draw boards in plain ASCII instead of Unicode
    #[arg(long, global = true)]
    pub ascii: bool,

    /// `judge`: the contest's output; `json`: one JSON object per case (JSON Lines)
    #[arg(long, global = true, value_enum, default_value_t = Format::Judge)]
    pub format: Format,

    /// Cases solved at once (default: every core); output stays in input order
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,

    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// Search budgets. When one stops a case's search, that case prints `limit`
/// (never `-1`), stderr says why, and the exit status is 3.
#[derive(Debug, Clone, Copy, Args)]
pub struct BudgetArgs {
    /// Stop a case's search after expanding N states
    #[arg(long, global = true, value_name = "N")]
    pub max_states: Option<u64>,

    /// Stop a case's search after SECS seconds (decimals allowed)
    #[arg(long, global = true, value_name = "SECS", value_parser = parse_seconds)]
    pub timeout: Option<f64>,
}

impl BudgetArgs {
    /// Limits for one search starting now.
    pub fn limits(&self) -> gridpuzzle_engine::search::Limits {
        gridpuzzle_engine::search::Limits {
            max_expanded: self.max_states,
            deadline: self
                .timeout
                .map(|s| std::time::Instant::now() + std::time::Duration::from_secs_f64(s)),
            ..Default::default()
        }
    }
}

pub(crate) fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x < 1e9 => Ok(x),
        _ => Err(format!(
            "expected a positive number of seconds, found `{s}`"
        )),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Judge,
    Json,
}

#[derive(Debug, Args)]
pub struct VerifyCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs,

    /// File with one line of moves per case (`-` on a line skips that case)
    #[arg(long, global = true, value_name = "PLANS")]
    pub moves_file: Option<PathBuf>,

    /// The moves of a single-case input, such as `RDLU`
    #[arg(
        long,
        global = true,
        value_name = "MOVES",
        conflicts_with = "moves_file"
    )]
    pub moves: Option<String>,

    #[command(flatten)]
    pub budget: BudgetArgs,
}

#[derive(Debug, Args)]
pub struct RenderCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs,

    /// Which case of the input to draw (1-based)
    #[arg(long, global = true, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub case: u64,

    /// Output file: `.svg` (animated, or still with --frame), `.html` (a page
    /// with play/pause/step controls), or `-` for an SVG on standard output
    #[arg(short = 'o', long, global = true, value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// Draw a still picture of the board after move K (0 is the start)
    #[arg(long, global = true, value_name = "K")]
    pub frame: Option<usize>,

    #[command(flatten)]
    pub budget: BudgetArgs,
}

#[derive(Debug, Subcommand)]
pub enum PuzzleArgs {
    /// Curling 2.0: fewest throws of the stone to the goal, or -1
    #[command(after_help = "Input: datasets `w h` followed by h rows of w codes \
        (0 ice, 1 block, 2 start, 3 goal), ended by `0 0`.\n\
        Judge output: one line per dataset, the fewest throws or -1.\n\n\
        Exit status: 0 all answered, 2 bad input or usage (the datasets before \
        the bad one are still answered), 3 a search limit was reached.\n\n\
        Example:\n  $ printf '2 1\\n3 2\\n0 0\\n' | gridpuzzle solve curling\n  1")]
    Curling(CurlingArgs),
    /// Holedox Moving: fewest steps of the snake's head to the exit, or -1
    #[command(after_help = "Input: cases `n m L`, L lines `r c` (head to tail), K, \
        K lines `r c` (stones), ended by `0 0 0`.\n\
        Judge output: one line per case, `Case X: Y` with the fewest steps or -1.\n\n\
        Exit status: 0 all answered, 2 bad input or usage (the cases before \
        the bad one are still answered), 3 a search limit was reached.\n\n\
        Example:\n  gridpuzzle solve holedox samples/holedox.in\n  \
        gridpuzzle solve holedox --tail-rule lenient --exit 5,6 lair.txt")]
    Holedox(HoledoxArgs),
}

#[derive(Debug, Args)]
pub struct InputArg {
    /// Judge-format input file; `-` or nothing reads standard input
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct CurlingArgs {
    #[command(flatten)]
    pub input: InputArg,

    /// Most throws allowed, or `none` for no cap (the judge's rule is 10)
    #[arg(long, value_name = "N|none", default_value = "10", value_parser = parse_cap)]
    pub max_throws: Cap,
}

/// A throw cap: `Some(n)` or no cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cap(pub Option<u32>);

pub(crate) fn parse_cap(s: &str) -> Result<Cap, String> {
    if s.eq_ignore_ascii_case("none") {
        return Ok(Cap(None));
    }
    s.parse::<u32>()
        .map(|n| Cap(Some(n)))
        .map_err(|_| format!("expected a number of throws or `none`, found `{s}`"))
}

#[derive(Debug, Args)]
pub struct HoledoxArgs {
    #[command(flatten)]
    pub input: InputArg,

    /// The exit cell as 1-based `ROW,COLUMN`; outside a case's lair it is an
    /// input error for that case
    #[arg(long, value_name = "R,C", default_value = "1,1", value_parser = parse_cell)]
    pub exit: (u32, u32),

    /// `strict` (the judge's): the head may not enter any body cell, the tail
    /// included; `lenient`: it may enter the cell its tail is leaving
    #[arg(long, value_enum, default_value_t = TailRuleArg::Strict)]
    pub tail_rule: TailRuleArg,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TailRuleArg {
    Strict,
    Lenient,
}

/// `WxH` (width × height, `x` or `×`), both at least 1.
pub(crate) fn parse_size(s: &str) -> Result<(u32, u32), String> {
    gridpuzzle_engine::grid::parse_size(s)
}

pub(crate) fn parse_cell(s: &str) -> Result<(u32, u32), String> {
    gridpuzzle_engine::grid::parse_cell(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn caps_and_cells_parse() {
        assert_eq!(parse_cap("none"), Ok(Cap(None)));
        assert_eq!(parse_cap("12"), Ok(Cap(Some(12))));
        assert!(parse_cap("-1").is_err());
        assert_eq!(parse_cell("3,4"), Ok((3, 4)));
        assert!(parse_cell("0,4").is_err());
        assert!(parse_cell("3").is_err());
        assert_eq!(parse_seconds("0.5"), Ok(0.5));
        assert!(parse_seconds("0").is_err());
        assert!(parse_seconds("nan").is_err());
    }
}
