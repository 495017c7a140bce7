//! `gridpuzzle package`: a contest problem package in the ICPC problem
//! package format (the one DOMjudge and Kattis import and BAPCtools
//! checks): `problem.yaml`, the statement, `data/sample` and
//! `data/secret`, the validators and the submissions as source.
//!
//! Writing it is the judge kit's (`gridpuzzle_judge::package`: the test
//! set, the puzzle's own files, the calibrated time limit). This file
//! reads the command line and prints what was written; the exit status
//! says whether the test set under it is good.

use gridpuzzle_registry::Registered;

use anyhow::{bail, Result};
use clap::Args;
use gridpuzzle_judge::json_document;
use gridpuzzle_judge::package::{Cases, Layout, Pack};
use gridpuzzle_registry::Visit;

use crate::args::{PuzzleArgs, PuzzleHelp, ReportFormat};
use crate::exit::Exit;

#[derive(Debug, Args)]
pub struct PackageCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs<PackageHelp>,

    /// Seed of the test set (the same seed gives the same package, byte for byte)
    #[arg(long, global = true, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// The secret tests: `all`, or test numbers and names of the test set
    /// separated by commas (`kill-set` for its kill set); the sample always comes
    #[arg(long, global = true, value_name = "TESTS", default_value = "all", value_parser = Cases::parse)]
    pub cases: Cases,

    /// Replace the package a folder already holds (its problem.yaml,
    /// statement, data, generators, validators, submissions and README.md;
    /// nothing else)
    #[arg(long, global = true)]
    pub force: bool,

    /// Write the package without running its submissions on its tests
    /// (they are run by default, and a verdict its folder does not promise
    /// makes the package not good)
    #[arg(long, global = true)]
    pub no_check: bool,

    /// The package format: `2025-09`, the ICPC format (BAPCtools, DOMjudge),
    /// or `legacy`, Kattis' legacy format (problemtools' verifyproblem, Kattis)
    #[arg(long, global = true, value_enum, value_name = "FORMAT", default_value_t = PackageFormat::Icpc)]
    pub package_format: PackageFormat,

    /// Also write the package as one zip archive, DOMjudge's import form,
    /// with the statement as problem.html at its root (by default DIR.zip,
    /// beside the folder; DOMjudge names the problem after the file)
    #[arg(long, global = true, value_name = "FILE", num_args = 0..=1)]
    pub zip: Option<Option<std::path::PathBuf>>,

    /// `json`: one JSON document (the folder, whether its test set is good, the tests, the time limit, the submissions and the report's lines)
    #[arg(long, global = true, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

/// `--package-format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PackageFormat {
    /// The ICPC problem package format 2025-09
    #[value(name = "2025-09")]
    Icpc,
    /// Kattis' legacy problem package format
    Legacy,
}

const EXIT: &str = "Exit status: 0 the package is written, its test set is valid and kills \
every known wrong reading, and every shipped submission got a verdict its folder promises on \
every test (run as `bt run -a` runs them, under the package's time limit; with --cases, a wrong \
submission no chosen test shows is dropped, and the report says which), 1 it is written but is \
not good (the report names the submission and the test, or `testset` with the same seed says \
why), 2 usage error, a puzzle without a package or a folder that cannot be written.";

const LAYOUT: &str = "Writes DIR/problem.yaml (format 2025-09; a UUID derived from the \
puzzle, the seed and the tests; the default token-by-token output validator; the time limit \
set from the intended solution), DIR/statement/problem.en.tex (with bounds on everything the \
time depends on, the number of cases included), DIR/data/sample and DIR/data/secret (the test \
set of `testset` without hardest boards, plus the worst case the limit is set on where the \
test set lacks it: NN-NAME.in and NN-NAME.ans), DIR/data/invalid_input (inputs that break the \
format, which the validator must reject), DIR/generators (generators.yaml, from which `bt \
generate` makes the data again, the generators it calls and copies of the other tests), \
DIR/input_validators/validate.py and DIR/answer_validators/validate.py (strict, Python 3), \
DIR/submissions/accepted (the intended solution, the contest write-up's algorithm, in C++, \
Python and Java, and a faster reference), wrong_answer (one program per known wrong reading), \
rejected (a wrong reading that is also too slow) and time_limit_exceeded (only what is worse \
in complexity), and DIR/README.md (what each test and submission is for, and how the limit \
was measured). The time limit is the intended C++ solution's CPU time on the slowest test \
times 2 times its slowest port's ratio to it, rounded up to half a second. Everything is \
source a judge host builds: nothing in the package calls gridpuzzle. Check it with \
BAPCtools: `cd DIR && bt validate && bt run -a && bt generate`.

With --package-format legacy the folder is in Kattis' legacy format instead, which problemtools' \
`verifyproblem DIR` checks and Kattis imports: DIR/problem_statement/problem.en.tex, no \
data/invalid_input, answer validator or generators, no time_limit in problem.yaml (Kattis sets \
it from the slowest accepted submission times time_multiplier, 2).

With --zip the folder is also written as one zip archive (DIR.zip unless a FILE is given), \
the form DOMjudge imports, with the statement as problem.html at its root: HTML made here from \
the statement's LaTeX, so no TeX installation is needed. The archive is reproducible byte for \
byte, like the folder.";

/// The help after `package --help`.
pub fn after_help() -> String {
    format!(
        "{LAYOUT}\n\n{EXIT}\n\n{}",
        crate::args::examples(
            "package",
            &[
                "gridpuzzle package {1} {1}",
                "gridpuzzle package {2} {2} --seed 7 --cases kill-set,naive-search-explodes",
                "gridpuzzle package {1} {1} --zip",
                "gridpuzzle package {1} {1}kattis --package-format legacy",
                "cd {1} && bt validate && bt run -a",
            ]
        )
    )
}

/// What `package PUZZLE --help` says after the options.
#[derive(Debug)]
pub struct PackageHelp;

impl PuzzleHelp for PackageHelp {
    const FILE_NAME: &'static str = "DIR";
    const FILE_HELP: &'static str =
        "The package's folder (created if missing; BAPCtools wants its name of a-z and 0-9)";

    const EXIT: &'static str = EXIT;
    const AFTER: &'static str = "The package is made under the judges' rules: a rule option \
        other than its default is refused.\n\n{exit}\n\n\
        Example:\n  gridpuzzle package {name} {name}\n  cd {name} && bt validate && bt run -a";
}

pub fn run(cmd: PackageCommand) -> Result<Exit> {
    let Some(dir) = cmd.puzzle.file.clone() else {
        bail!("give the package's folder: gridpuzzle package PUZZLE DIR");
    };
    if dir.as_os_str() == "-" {
        bail!("the package is a folder, not standard output: give DIR");
    }
    let zip = match cmd.zip.clone() {
        Some(None) => match gridpuzzle_judge::archive::beside(&dir) {
            Some(zip) => Some(zip),
            None => bail!(
                "give the archive's name: --zip FILE (the folder {} has none to take)",
                dir.display()
            ),
        },
        Some(Some(zip)) => Some(zip),
        None => None,
    };
    cmd.puzzle.visit(Written(
        Pack {
            dir,
            seed: cmd.seed,
            cases: cmd.cases.clone(),
            force: cmd.force,
            heap: crate::args::run_heap(),
            check: !cmd.no_check,
            layout: match cmd.package_format {
                PackageFormat::Icpc => Layout::Icpc,
                PackageFormat::Legacy => Layout::Legacy,
            },
            zip,
        },
        cmd.format,
    ))
}

/// The judge kit's [`Pack`] on the chosen puzzle, its lines printed (or
/// one JSON document).
struct Written(Pack, ReportFormat);

impl Visit for Written {
    type Output = Result<Exit>;

    fn visit<P: Registered>(self, puzzle: P) -> Result<Exit> {
        let packed = self.0.make(&puzzle)?;
        let json = || Ok(json_document(&self.0.json(P::INFO.name, &packed)));
        crate::testset::print(self.1, &packed.lines, json)?;
        Ok(Exit::passed(packed.good))
    }
}
