//! The command line, declared with clap's derive API.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Debug, Parser)]
#[command(
    name = "gridpuzzle",
    version,
    about = "Solve, check, generate, show and play Curling 2.0 and Holedox Moving",
    long_about = "Exact solvers for two classic contest grid puzzles: Curling 2.0 \
                  (ICPC Japan 2006, POJ 3009) and Holedox Moving (POJ 1324).\n\n\
                  `solve` reads the contest's input format and prints exactly what the \
                  judge expects, so it can stand in for a reference solution.",
    after_help = "Examples:\n  gridpuzzle solve curling samples/curling.in\n  \
                  gridpuzzle solve holedox samples/holedox.in\n  \
                  cat input.txt | gridpuzzle solve curling --max-throws none"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve every case of a judge-format input and print the judge's output
    Solve(SolveCommand),
}

#[derive(Debug, Args)]
pub struct SolveCommand {
    #[command(subcommand)]
    pub puzzle: SolvePuzzle,
}

#[derive(Debug, Subcommand)]
pub enum SolvePuzzle {
    /// Curling 2.0: fewest throws to the goal, or -1
    #[command(after_help = "Input: datasets `w h` followed by h rows of w codes \
        (0 ice, 1 block, 2 start, 3 goal), ended by `0 0`.\n\
        Output: one line per dataset, the fewest throws or -1.\n\n\
        Exit status: 0 all answered, 2 bad input or usage (the datasets before \
        the bad one are still answered).\n\n\
        Example:\n  $ printf '2 1\\n3 2\\n0 0\\n' | gridpuzzle solve curling\n  1")]
    Curling(CurlingArgs),
    /// Holedox Moving: fewest steps of the snake's head to the exit, or -1
    #[command(after_help = "Input: cases `n m L`, L lines `r c` (head to tail), K, \
        K lines `r c` (stones), ended by `0 0 0`.\n\
        Output: one line per case, `Case X: Y` with the fewest steps or -1.\n\n\
        Exit status: 0 all answered, 2 bad input or usage (the cases before \
        the bad one are still answered).\n\n\
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

fn parse_cap(s: &str) -> Result<Cap, String> {
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

fn parse_cell(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("expected a 1-based cell `ROW,COLUMN` such as `1,1`, found `{s}`");
    let (r, c) = s.split_once(',').ok_or_else(bad)?;
    let r: u32 = r.trim().parse().map_err(|_| bad())?;
    let c: u32 = c.trim().parse().map_err(|_| bad())?;
    if r == 0 || c == 0 {
        return Err(bad());
    }
    Ok((r, c))
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
    }
}
