//! `gridpuzzle play`: the command line of the terminal game.
//!
//! The game itself — the screen's state machine, its drawing, the
//! terminal, and how a game starts (a fresh puzzle from a seed, a saved
//! game's file, a board too large to draw refused) — is the
//! `gridpuzzle-tui` crate, a front end like the server. What is left here
//! is what only the binary knows: the arguments (a file and a case, a
//! fresh puzzle's seed, size, answer range and parameters, or a saved
//! game), the case read from a file (a registry `Visit`, so the game is
//! built with the puzzle's type) and the messages of arguments that
//! cannot go together.
//!
//! Order of work: what is wrong with the arguments, the case or a save
//! file is said first, with or without a terminal (a save file loads in
//! time linear in its length, so this costs little); then the terminal is
//! checked, before the first analysis of the position, which searches.

use gridpuzzle_registry::Registered;
use std::path::PathBuf;

use anyhow::{bail, Result};
use clap::{Arg, ArgMatches, Args, FromArgMatches};

use gridpuzzle_engine::words::{all_of, either};
use gridpuzzle_registry::{Entry, Visit};

use crate::args::{BudgetArgs, PuzzleArgs, PuzzleHelp};
use crate::exit::Exit;
use crate::input;
use crate::offer::{Unoffered, FRESH};

use gridpuzzle_tui::{Fresh, Look, RunBudget};

/// `play`'s exit codes, on its help pages.
const PLAY_EXIT: &str = "Exit status: 0 the game was quit, 2 bad input or usage, \
or standard input and output are not a terminal.";

/// The help after `gridpuzzle play --help`.
pub fn after_help() -> String {
    format!(
        "\
Keys: arrows or W A S D move; u (Ctrl-Z) undo; y (Ctrl-Y) redo; Backspace
restart; h hint (the optimal next move and how many moves remain); Enter
solve (plays the optimal moves from here, each undoable); g scrolls a
large board to the goal; Ctrl-S save; ? help; q, Esc or Ctrl-C quit. After every move the panel says whether the
goal can still be reached (proved by the exact solver, within the moves
left under a cap if the rules set one). --timeout SECS (default 2) and
--max-states N bound each analysis; when one runs out the panel says
\"unknown\", never \"hopeless\". A move the rules refuse is explained on the
bottom line.

Without FILE or --seed, a fresh puzzle from a random seed is shown (the
title names the seed, so `--seed` replays it).

{PLAY_EXIT}

Saved games (--save FILE on quit or Ctrl-S; --load FILE resumes, undo
history included) are plain text: settings, the whole move history, how
many of those moves are played, then the starting puzzle in the judge's
input format:

{}
{}{}",
        gridpuzzle_tui::example_save(),
        crate::args::examples("play", &[
            "gridpuzzle play {1} samples/{1}.in --case 2",
            "gridpuzzle play {2} samples/{2}.in --save {2}.save",
        ]) + crate::args::examples(
            // A fresh puzzle is made by the puzzle's generator.
            "generate",
            &[
                "gridpuzzle play {1} --seed 42 --size 10x8 --answer 4..6",
                "gridpuzzle play {2} --seed 7 --size 8x8 --answer 8..14",
            ]
        )
        .trim_start_matches("Examples:"),
        crate::args::examples("play", &["gridpuzzle play --load {2}.save"]).trim_start_matches("Examples:")
    )
}

/// What `play PUZZLE --help` says after the options.
#[derive(Debug)]
pub struct PlayHelp;

impl PuzzleHelp for PlayHelp {
    const FILE_HELP: &'static str =
        "Judge-format input file (`-`: standard input); without it, a fresh random puzzle";

    fn after_help(e: &Entry) -> String {
        let fresh = match e.gen {
            Some(g) => format!(
                "without FILE, a fresh puzzle from --seed, or from a random seed without it \
                 (with an optimum of {}..{} {} unless --answer says otherwise)",
                g.fresh_answer.0, g.fresh_answer.1, e.info.moves
            ),
            None => format!("FILE is needed: {} has no generator", e.name),
        };
        format!(
            "{}\n\n\
             FILE's {unit} --case is played; {fresh}.\n\n{PLAY_EXIT}\n\n\
             Example:\n  gridpuzzle play {name} samples/{name}.in --case 1",
            e.info.format_help,
            unit = e.info.unit,
            name = e.name
        )
    }
}

/// `gridpuzzle play`.
#[derive(Debug, Args)]
pub struct PlayCommand {
    /// The puzzle, its rule options and its input file (omit with --load)
    #[command(subcommand)]
    pub puzzle: Option<PuzzleArgs<PlayHelp>>,

    /// Which case of FILE to play (1-based)
    #[arg(long, global = true, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub case: u64,

    /// Resume a saved game (puzzle, rules and undo history come from it);
    /// `-` reads it from standard input
    #[arg(long, global = true, value_name = "SAVE")]
    pub load: Option<PathBuf>,

    /// Write the game to FILE on quit (Ctrl-S writes it any time)
    #[arg(long, global = true, value_name = "FILE")]
    pub save: Option<PathBuf>,

    /// Play a fresh puzzle made from this seed instead of a file
    #[arg(long, global = true, value_name = "S")]
    pub seed: Option<u64>,

    /// With --seed: the board's size, columns x rows [default: 8x8]
    #[arg(long, global = true, value_name = "WxH", value_parser = gridpuzzle_tui::start::parse_size)]
    pub size: Option<(u32, u32)>,

    #[arg(long, global = true, value_name = "A..B", value_parser = gridpuzzle_tui::start::parse_range,
          help = answer_help())]
    pub answer: Option<(u32, u32)>,

    /// With --seed: the puzzles' own generator parameters (`--len`)
    #[command(flatten)]
    pub fresh: FreshArgs,

    /// Draw boards in plain ASCII instead of Unicode symbols
    #[arg(long, global = true)]
    pub ascii: bool,

    /// Colour `auto` (unless NO_COLOR is set), `always` or `never`
    #[arg(long, global = true, value_name = "WHEN", value_enum, default_value_t = crate::args::Color::Auto)]
    pub color: crate::args::Color,

    /// Budgets of each analysis of a position; when one
    /// runs out the panel says "unknown", never "hopeless"
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// "With --seed: ... [default: NAME A..B, ...]", from the registry.
fn answer_help() -> String {
    let defaults: Vec<String> = gridpuzzle_registry::entries()
        .iter()
        .filter_map(|e| Some((e.name, e.gen?.fresh_answer)))
        .map(|(name, (lo, hi))| format!("{name} {lo}..{hi}"))
        .collect();
    format!(
        "With --seed: the optimum must lie in A..B moves [default: {}]",
        defaults.join(", ")
    )
}

/// The generator parameters of fresh puzzles the user gave (`--len 5`),
/// one global option per key any puzzle takes.
#[derive(Debug, Clone, Default)]
pub struct FreshArgs(pub Vec<(String, String)>);

impl FromArgMatches for FreshArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let given = crate::args::given(
            gridpuzzle_tui::fresh_params().iter().map(|p| p.key),
            matches,
        );
        Ok(FreshArgs(given))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for FreshArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        gridpuzzle_tui::fresh_params()
            .into_iter()
            .fold(cmd, |cmd, p| {
                cmd.arg(
                    Arg::new(p.key)
                        .long(p.key)
                        .global(true)
                        .value_name(p.value_name)
                        .help(format!("With --seed: {} [default: {}]", p.help, p.default)),
                )
            })
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

pub fn run(cmd: PlayCommand) -> Result<Exit> {
    // A game has no end in time: `--total-timeout` bounds no analysis.
    let budget = RunBudget {
        deadline: None,
        ..cmd.budget.budget()
    };
    let look = Look {
        ascii: cmd.ascii,
        // The game needs a terminal anyway.
        color: cmd.color.enabled(true),
    };
    if let Some(path) = &cmd.load {
        if cmd.puzzle.is_some() || cmd.seed.is_some() {
            bail!("--load takes the puzzle and its rules from the save file; give no puzzle, FILE or --seed with it");
        }
        gridpuzzle_tui::play_save_file(path, cmd.save.clone(), budget, look)?;
        return Ok(Exit::Ok);
    }
    let Some(puzzle) = &cmd.puzzle else {
        let named: Vec<String> = gridpuzzle_registry::entries()
            .iter()
            .map(|e| format!("`gridpuzzle play {}`", e.name))
            .collect();
        bail!(
            "name a puzzle ({}), or resume a game with --load FILE",
            either(&named)
        );
    };
    if puzzle.file.is_some() && cmd.seed.is_some() {
        bail!("give either FILE or --seed, not both");
    }
    if puzzle.file.is_some()
        && (cmd.size.is_some() || cmd.answer.is_some() || !cmd.fresh.0.is_empty())
    {
        let mut shaping = vec!["--size".to_string(), "--answer".to_string()];
        shaping.extend(
            gridpuzzle_tui::fresh_params()
                .iter()
                .map(|p| format!("--{}", p.key)),
        );
        bail!(
            "{} shape a fresh puzzle: use them with --seed, not with FILE",
            all_of(&shaping)
        );
    }
    let entry = gridpuzzle_registry::entry(&puzzle.name);
    let unoffered = entry.and_then(|e| Unoffered::of(format!("play {}", e.name), &e, FRESH));
    if let (None, Some(unoffered)) = (&puzzle.file, unoffered) {
        return Err(unoffered.into());
    }
    puzzle.visit(Start {
        cmd: &cmd,
        budget,
        look,
    })
}

/// Builds the game the command line asks for, then plays it.
struct Start<'a> {
    cmd: &'a PlayCommand,
    budget: RunBudget,
    look: Look,
}

impl Visit for Start<'_> {
    type Output = Result<Exit>;

    fn visit<P: Registered>(self, puzzle: P) -> Result<Exit> {
        let Start { cmd, budget, look } = self;
        let (case, source) = match cmd.puzzle.as_ref().and_then(|p| p.file.as_ref()) {
            Some(f) => {
                let reader = input::open(Some(f))?;
                let case = input::nth(&puzzle, reader, cmd.case, &f.display().to_string())?;
                let source = format!("{}, {} {}", f.display(), P::INFO.unit, cmd.case);
                (case, source)
            }
            None => {
                let fresh = Fresh {
                    seed: cmd.seed,
                    size: cmd.size,
                    answer: cmd.answer,
                    params: cmd.fresh.0.clone(),
                };
                gridpuzzle_tui::fresh_case(&puzzle, &fresh, &budget)?
            }
        };
        let save = cmd.save.clone();
        gridpuzzle_tui::play_nth(puzzle, case, cmd.case, source, budget, look, save)?;
        Ok(Exit::Ok)
    }
}
