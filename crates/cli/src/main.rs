//! The `gridpuzzle` binary: argument parsing, dispatch and output.
//!
//! Rules, parsing and search live in the puzzle crates, behind the
//! engine's one contract (`gridpuzzle_engine::Puzzle`); the judge kit
//! (running programs under limits, the one output checker, verdicts,
//! stress testing, test sets) in `gridpuzzle_judge`; answering a stream of
//! cases, the worker pool, generators and save files in the engine. The
//! binary is also the judge kit's helper for runs under kernel limits:
//! started with the helper's hidden first argument, `main` hands over to
//! `gridpuzzle_judge::run::limited_child` before anything else.
//!
//! This crate never names a puzzle: every command is written once, generic
//! over `P: Registered` (a `gridpuzzle_registry::Visit`), reaching what a
//! puzzle has beyond its core through `P::CAPS`, and offering each command
//! only for the puzzles that declare what it needs (`offer`); the puzzle a user
//! names is turned into its type in one place, `gridpuzzle_registry::visit`.
//! The puzzle subcommands and their rule options are built from the
//! registry's entries when the command line is parsed (`args.rs`), so a
//! new puzzle needs no change here.
//!
//! The shape: `main.rs` holds the top-level command line and the
//! dispatch; each command module (`solve`, `verify`, `render`, `play`,
//! `generate`, `stress`, `validate`, `check`, `testset`, `package`,
//! `judge`, `trace`, `serve`, `docs`) owns its clap struct and its run;
//! `args` holds what their command lines share, `offer` which puzzles each
//! command offers, `exit` how a command ends (the exit codes), `input`
//! how a file is opened, `progress` how a long run shows progress and
//! `alloc` the allocator whose count the memory budget reads. No module
//! imports `main.rs`: the commands hang below it and import only those
//! six (and one another's small helpers), and those six import no
//! command, so the modules form a tree.

mod alloc;
mod args;
mod check;
mod docs;
mod exit;
mod generate;
mod input;
mod judge;
mod offer;
mod package;
mod play;
mod progress;
mod render;
mod serve;
mod solve;
mod stress;
mod testset;
mod trace;
mod validate;
mod verify;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use exit::{exit_code, usage_error};

#[derive(Debug, Parser)]
#[command(
    name = "gridpuzzle",
    version,
    about = about(),
    long_about = long_about(),
    after_help = args::examples("gridpuzzle", &[
        "gridpuzzle solve {1} samples/{1}.in",
        "gridpuzzle solve {2} --explain samples/{2}.in",
        "gridpuzzle solve {1} --format json samples/{1}.in",
        "gridpuzzle verify {1} samples/{1}.in --moves-file my-plans.txt",
        "gridpuzzle render {2} samples/{2}.in --case 1 -o solution.svg",
    ])
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve every case of a judge-format input and print the judge's output
    #[command(after_help = solve::after_help())]
    Solve(solve::SolveCommand),
    /// Check plans (one line of moves per case) against the rules and the optimum
    #[command(after_help = verify::after_help())]
    Verify(verify::VerifyCommand),
    /// Draw the optimal solution of one case as an animated SVG (or an HTML player)
    #[command(after_help = render::after_help())]
    Render(render::RenderCommand),
    /// Play a puzzle in the terminal, with undo, exact hints and saved games
    #[command(after_help = play::after_help())]
    Play(play::PlayCommand),
    /// Generate puzzles with a proved optimum in a wanted range, or hunt for the hardest
    #[command(after_help = generate::after_help())]
    Generate(generate::GenerateCommand),
    /// Test another program against gridpuzzle and shrink the failing case
    #[command(after_help = stress::after_help())]
    Stress(stress::StressCommand),
    /// Check that a test input keeps the judges' exact format and limits (a testlib validator)
    #[command(after_help = validate::after_help())]
    Validate(validate::ValidateCommand),
    /// Judge a program's output file case by case (a testlib checker)
    #[command(after_help = check::after_help())]
    Check(check::CheckCommand),
    /// Write a judge test folder (inputs, answers, manifest) that every known wrong reading fails
    #[command(after_help = testset::after_help())]
    Testset(testset::TestsetCommand),
    /// Write a contest problem package (ICPC format: DOMjudge, Kattis, BAPCtools) with tests, validators and submissions
    #[command(after_help = package::after_help())]
    Package(package::PackageCommand),
    /// Run a program on a test folder with time and memory limits: AC, WA, TLE, WLE, MLE, RE per test
    #[command(after_help = judge::after_help())]
    Judge(judge::JudgeCommand),
    /// Watch a search step by step (JSON Lines), or compare the searches of a puzzle on the same cases
    #[command(after_help = trace::after_help())]
    Trace(trace::TraceCommand),
    /// Serve a web page and a JSON API (solve, verify, generate) on this machine
    Serve(serve::ServeCommand),
    /// Print a completion script for a shell (bash, zsh, fish, elvish, powershell)
    #[command(after_help = docs::completions_help())]
    Completions(docs::CompletionsCommand),
    /// Print the manual page (roff), or write one per command with --dir
    #[command(after_help = docs::man_help())]
    Man(docs::ManCommand),
}

/// "Solve, check and show" and the listed puzzles' titles.
fn about() -> String {
    format!("Solve, check and show {}", titles())
}

fn long_about() -> String {
    format!(
        "Exact solvers for classic contest grid puzzles: {}.\n\n\
         `solve` reads the contest's input format and prints exactly what the \
         judge expects, so it can stand in for a reference solution; `--explain` \
         shows the optimal moves board by board, `verify` checks your own plans, \
         `render` draws an animated picture.",
        titles()
    )
}

/// The listed puzzles' titles, all of them: `Curling 2.0 and Holedox
/// Moving`.
fn titles() -> String {
    let titles: Vec<String> = gridpuzzle_registry::entries()
        .iter()
        .map(|e| e.info.title.into())
        .collect();
    gridpuzzle_engine::words::all_of(&titles)
}

/// `gridpuzzle solve ...` parsed by a command line of `solve` alone: the
/// whole one builds every command's arguments first, about a third of a
/// judge run's start-up. Anything this one refuses, help and errors
/// included, goes to the whole command line (`None`), which says it
/// exactly as always.
fn solve_alone(args: Vec<std::ffi::OsString>) -> Option<solve::SolveCommand> {
    use clap::{Args, FromArgMatches};
    if args.get(1)? != "solve" {
        return None;
    }
    if let Some(plain) = solve_plain(&args) {
        return Some(plain);
    }
    let solve = solve::SolveCommand::augment_args(clap::Command::new("solve"));
    let matches = clap::Command::new("gridpuzzle")
        .subcommand(solve)
        .try_get_matches_from(args)
        .ok()?;
    let (_, matches) = matches.subcommand()?;
    solve::SolveCommand::from_arg_matches(matches).ok()
}

/// `gridpuzzle solve PUZZLE [FILE]` and nothing else, the way a judge
/// calls a reference solution, read without clap: every option at its
/// default. Building `solve`'s arguments (their help included) was the
/// largest part of such a run's start-up after the dynamic loader. Any
/// other line is `None`; a test holds this to clap's reading of the same
/// lines, so a default changed there cannot drift from this one.
fn solve_plain(args: &[std::ffi::OsString]) -> Option<solve::SolveCommand> {
    let (name, file) = match args {
        [_, _, name] => (name, None),
        [_, _, name, file] => (name, Some(file)),
        _ => return None,
    };
    let entry = gridpuzzle_registry::entry(name.to_str()?)?;
    if file.is_some_and(|f| f.is_empty() || f != "-" && f.as_encoded_bytes().starts_with(b"-")) {
        return None; // an option, a file that clap would take for one, or none
    }
    Some(solve::SolveCommand {
        puzzle: args::PuzzleArgs::plain(&entry, file.map(Into::into)),
        explain: false,
        ascii: false,
        color: args::Color::Auto,
        format: args::Format::Judge,
        jobs: None,
        max_cells: gridpuzzle_engine::drawing::DEFAULT_MAX_CELLS,
        budget: args::BudgetArgs::defaults(),
    })
}

impl Command {
    /// The budgets of a command that takes them.
    fn budget(&self) -> Option<&args::BudgetArgs> {
        match self {
            Command::Solve(cmd) => Some(&cmd.budget),
            Command::Verify(cmd) => Some(&cmd.budget),
            Command::Render(cmd) => Some(&cmd.budget),
            Command::Play(cmd) => Some(&cmd.budget),
            Command::Check(cmd) => Some(&cmd.budget),
            Command::Judge(cmd) => Some(&cmd.budget),
            Command::Trace(cmd) => Some(&cmd.budget),
            _ => None,
        }
    }
}

fn main() -> ExitCode {
    if let Some(code) = gridpuzzle_judge::run::limited_child() {
        return code;
    }
    // The run's heap budget reads the counting allocator; every command
    // has it at its default, and the server its own (`serve --memory`,
    // handed to its requests through its config, not this global).
    args::set_memory(args::DEFAULT_MEMORY.parse().ok());
    if let Some(cmd) = solve_alone(std::env::args_os().collect()) {
        cmd.budget.apply_run();
        return exit_code(solve::run(cmd));
    }
    let cli = match Cli::try_parse_from(check::appes_flag(std::env::args_os().collect())) {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    match (&cli.command, cli.command.budget()) {
        (Command::Serve(_), _) => args::set_memory(None),
        (_, Some(budget)) => budget.apply_run(),
        (_, None) => {}
    }
    let result = match cli.command {
        Command::Solve(cmd) => solve::run(cmd),
        Command::Verify(cmd) => verify::run(cmd),
        Command::Render(cmd) => render::run(cmd),
        Command::Play(cmd) => play::run(cmd),
        Command::Generate(cmd) => generate::run(cmd),
        Command::Stress(cmd) => stress::run(cmd),
        Command::Validate(cmd) => validate::run(cmd),
        Command::Check(cmd) => check::run(cmd),
        Command::Testset(cmd) => testset::run(cmd),
        Command::Package(cmd) => package::run(cmd),
        Command::Judge(cmd) => judge::run(cmd),
        Command::Trace(cmd) => trace::run(cmd),
        Command::Serve(cmd) => serve::run(cmd),
        Command::Completions(cmd) => docs::completions(cmd, Cli::command()),
        Command::Man(cmd) => docs::man(cmd, Cli::command()),
    };
    exit_code(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    /// `solve` alone reads a command line as the whole command line does,
    /// and leaves to it whatever it refuses.
    #[test]
    fn solve_alone_parses_as_the_whole_command_line() {
        // Every registered puzzle, with every setting at its default.
        let mut lines: Vec<Vec<String>> = Vec::new();
        let words = |ws: &[&str]| ws.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        for e in gridpuzzle_registry::entries() {
            let n = e.name;
            lines.push(words(&["solve", n]));
            lines.push(words(&["solve", n, "-"]));
            lines.push(words(&["solve", n, "a file.in"]));
            lines.push(words(&[
                "solve",
                n,
                "--format",
                "json",
                "--max-states",
                "9",
            ]));
            lines.push(words(&[
                "solve",
                n,
                "--explain",
                "--ascii",
                "--color",
                "never",
            ]));
            for s in e.settings {
                let flag = format!("--{}", s.key);
                lines.push(words(&[
                    "solve", n, "--jobs", "3", &flag, s.default, "f.in",
                ]));
                lines.push(words(&["solve", "--jobs", "2", n, &flag, s.default, "x"]));
            }
        }
        for line in &lines {
            let args: Vec<std::ffi::OsString> = std::iter::once("gridpuzzle")
                .chain(line.iter().map(String::as_str))
                .map(Into::into)
                .collect();
            let alone = solve_alone(args.clone()).unwrap_or_else(|| panic!("{line:?}"));
            // The lines without options are the ones read without clap.
            let plain = line.len() <= 3 && !line.iter().skip(2).any(|a| a.starts_with("--"));
            assert_eq!(solve_plain(&args).is_some(), plain, "{line:?}");
            let Command::Solve(whole) = Cli::try_parse_from(args).unwrap().command else {
                panic!("{line:?}")
            };
            assert_eq!(format!("{alone:?}"), format!("{whole:?}"), "{line:?}");
        }
        let name = gridpuzzle_registry::entries()[0].name;
        let prefix = &name[..name.len() - 1];
        for clap_only in [
            &["solve", name, "-x"][..],
            &["solve", name, "a.in", "b.in"],
            &["solve", prefix, "a.in"],
            &["solve", "--jobs", "1"],
            &["solve", name, "--jobs"],
            &["solve", name, ""],
        ] {
            let args: Vec<std::ffi::OsString> = std::iter::once("gridpuzzle")
                .chain(clap_only.iter().copied())
                .map(Into::into)
                .collect();
            assert!(solve_plain(&args).is_none(), "{clap_only:?}");
        }
        for refused in [
            &["solve"][..],
            &["solve", "--help"],
            &["solve", name, "--jobs", "0"],
            &["solve", name, "--bogus"],
            &["verify", name],
        ] {
            let args: Vec<std::ffi::OsString> = std::iter::once("gridpuzzle")
                .chain(refused.iter().copied())
                .map(Into::into)
                .collect();
            assert!(solve_alone(args).is_none(), "{refused:?}");
        }
    }

    /// clap's refusal of a puzzle that is no subcommand carries the name
    /// the user gave, which is how a puzzle not offered is found.
    #[test]
    fn clap_names_the_subcommand_it_does_not_know() {
        let e = Cli::try_parse_from(["gridpuzzle", "trace", "no-such-puzzle"]).unwrap_err();
        assert_eq!(
            offer::invalid_subcommand(&e).as_deref(),
            Some("no-such-puzzle")
        );
        let e = Cli::try_parse_from(["gridpuzzle", "solve", "--jobs"]).unwrap_err();
        assert_eq!(offer::invalid_subcommand(&e), None);
    }
}
