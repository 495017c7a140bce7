//! `gridpuzzle testset`: a judge test folder, as Polygon and testlib lay
//! one out (`01`, `01.a`, ...), with a `manifest.json` that says how each
//! test was made and what it is for.
//!
//! Making the set is the judge kit's (`gridpuzzle_judge::testset`: the
//! sample, the puzzle's presets, the tests hunted for each known wrong
//! reading, the answers, the validation and the kill set). This file reads
//! the command line, prepares the folder (refusing to mix a new set into
//! an old one without `--force`) and prints what was written; the exit
//! status says whether the set is valid and kills every known wrong
//! reading.

use gridpuzzle_registry::Registered;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Result};
use clap::Args;
use gridpuzzle_judge::json_document;
use gridpuzzle_judge::testset::{prepare, Make};
use gridpuzzle_registry::Visit;

use crate::args::{PuzzleArgs, PuzzleHelp, ReportFormat, Slot};
use crate::exit::Exit;

#[derive(Debug, Args)]
pub struct TestsetCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs<TestsetHelp>,

    /// The folder to write (created if missing)
    #[arg(short = 'o', long, global = true, value_name = "DIR")]
    pub output: Option<PathBuf>,

    /// Seed of every generated case (the same seed gives the same tests)
    #[arg(long, global = true, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// Seconds of annealing for each hardest-board test; 0 leaves them out,
    /// and then every byte of the folder follows from --seed
    #[arg(long, global = true, value_name = "SECS", default_value = "1", value_parser = parse_hardest)]
    pub hardest: f64,

    /// Replace the tests of a folder that already holds some
    #[arg(long, global = true)]
    pub force: bool,

    /// `json`: one JSON document (the folder, whether the set is good, the report's lines and the manifest written)
    #[arg(long, global = true, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

fn parse_hardest(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(0.0) => Ok(0.0),
        _ => crate::args::parse_seconds(s).map_err(|e| format!("{e} (or 0)")),
    }
}

const EXIT: &str = "Exit status: 0 the test set is written, is valid and kills every known \
wrong reading, 1 it is written but a test failed the strict validator or a wrong reading fails \
no test (the manifest says which), 2 usage error or a folder that cannot be written.";

/// The help after `testset --help`.
pub fn after_help() -> String {
    format!(
        "Writes DIR/01, DIR/01.a, ... (input and answer of each test, as Polygon and testlib \
         name them) and DIR/manifest.json: for each test its purpose, and for each case how \
         it was made (parameters and seed), its answer, its difficulty and the known wrong \
         readings of the rules it kills; then, for each wrong reading, the tests that kill it \
         and a small kill set. The tests: the statement's sample, the puzzle's edge cases, a \
         spread of answers, the most cases in one input, the hardest board found, and tests \
         hunted for any wrong reading still alive. No case is repeated and every input passes \
         `validate --strict`. DIR/README.txt says what the files are and gives the command \
         (seed included) that writes them again.\n\n{EXIT}\n\n{}",
        crate::args::examples(
            "testset",
            &[
                "gridpuzzle testset {1} -o tests",
                "gridpuzzle testset {2} -o tests --seed 7 --hardest 0",
            ]
        )
    )
}

/// What `testset PUZZLE --help` says after the options.
#[derive(Debug)]
pub struct TestsetHelp;

impl PuzzleHelp for TestsetHelp {
    const FILE: Slot = Slot::Hidden;

    const EXIT: &'static str = EXIT;
    const AFTER: &'static str = "The test set follows the judges' rules and these options; \
        with another rule option it is a test set of that problem instead.\n\n{exit}\n\n\
        Example:\n  gridpuzzle testset {name} -o tests --seed 1";
}

pub fn run(cmd: TestsetCommand) -> Result<Exit> {
    if cmd.puzzle.file.is_some() {
        bail!("testset makes its own cases: give no input file (the folder is -o DIR)");
    }
    let Some(dir) = cmd.output.clone() else {
        bail!("give the folder to write with -o DIR");
    };
    prepare(&dir, cmd.force)?;
    cmd.puzzle.visit(Written(
        Make {
            dir,
            seed: cmd.seed,
            hardest: Duration::from_secs_f64(cmd.hardest),
            heap: crate::args::run_heap(),
        },
        cmd.format,
    ))
}

/// The judge kit's [`Make`] on the chosen puzzle, its lines printed (or
/// one JSON document).
struct Written(Make, ReportFormat);

impl Visit for Written {
    type Output = Result<Exit>;

    fn visit<P: Registered>(self, puzzle: P) -> Result<Exit> {
        let written = self.0.make(&puzzle)?;
        let json = || Ok(json_document(&self.0.json(P::INFO.name, &written)?));
        print(self.1, &written.lines, json)?;
        Ok(Exit::passed(written.good))
    }
}

/// What the judge kit wrote (a folder: `testset`, `package`): its `lines`,
/// or the JSON document `json` makes.
pub fn print(
    format: ReportFormat,
    lines: &[String],
    json: impl FnOnce() -> Result<String>,
) -> Result<()> {
    let text = match format {
        ReportFormat::Json => json()?,
        ReportFormat::Text => lines.iter().map(|l| format!("{l}\n")).collect(),
    };
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(())
}
