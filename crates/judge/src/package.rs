//! A contest problem package: a folder in the ICPC problem package format
//! (version 2025-09, the one DOMjudge and Kattis import and BAPCtools
//! checks), written for any puzzle whose judge kit has one
//! ([`JudgeKit::PACKAGE`](gridpuzzle_engine::caps::JudgeKit::PACKAGE)).
//! `gridpuzzle package` is this, with its command line.
//!
//! ```text
//! problem.yaml                     name, source, uuid, limits, the default output validator
//! data/test_group.yaml             that validator's argument: letters' case counts
//! statement/problem.en.tex         the statement (LaTeX, the puzzle's own words and bounds)
//! data/sample/01-sample.{in,ans}   the statement's sample
//! data/secret/NN-NAME.{in,ans}     the test set's other tests, and the worst case
//! data/invalid_input/NAME.in       inputs the input validator must reject
//! generators/generators.yaml       how `bt generate` makes the data again
//! generators/*.py, testset/        the generators it calls, copies of the other tests
//! input_validators/validate.py     strict input validator (Python 3, exit 42/43)
//! answer_validators/validate.py    strict answer validator
//! submissions/accepted/...         the intended solution (C++, Python, Java), a reference
//! submissions/wrong_answer/...     one program per known wrong reading
//! submissions/rejected/...         a wrong reading that is also too slow (where a puzzle has one)
//! submissions/time_limit_exceeded/ searches worse in complexity than the intended one
//! README.md                        what each test and submission is for
//! ```
//!
//! Why it is shaped so:
//!
//! - **The tests are the test set's.** They come from the judge kit's
//!   [`crate::testset`] builder (with no hardest-board annealing, so the
//!   whole package follows from the seed), numbered as there; `--cases`
//!   keeps some of them. Its manifest says what each test is for, and the
//!   package's README repeats it.
//! - **Everything else is source a judge host builds.** A judge host has
//!   no `gridpuzzle`, so the validators and submissions are plain files
//!   that each puzzle crate keeps (embedded with `include_str!`): nothing
//!   in a package calls this program.
//! - **Output validation is the default one.** The answer is one integer
//!   per case (Holedox's `Case X:` prefix is fixed text); the format's
//!   default validator compares whitespace-separated tokens, which is the
//!   judges' rule, so no output validator is shipped. It is called with
//!   `case_sensitive` ([`TEST_GROUP_YAML`]; `validator_flags` in the
//!   legacy format): by default it takes `case 1: 9` for `Case 1: 9`,
//!   which the judges, `check` and `judge` reject.
//! - **The time limit comes from the intended solution.** The statement
//!   bounds everything the time depends on (the size of a case and the
//!   number of cases), the package holds the worst case within those
//!   bounds, and the limit is the intended solution's (the contest
//!   write-up's algorithm, in C++) CPU time on it times
//!   [`AC_TO_TIME_LIMIT`] (BAPCtools' rule: an accepted run within half
//!   the limit) times the slowest port's ratio to it (the Python and Java
//!   ports are accepted too), rounded up to [`TIME_RESOLUTION`]: whole or
//!   half seconds. Measured, and recorded with the commands that repeat
//!   it, in the puzzle's [`PackageInfo`]. So `time_limit_exceeded/` holds
//!   only searches worse in complexity: no limit near the intended one
//!   lets them pass.
//! - **Every tool runs green, on every package.** The UUID is derived
//!   from the puzzle, the seed and the tests chosen (BAPCtools keeps a
//!   registry of the UUIDs it has seen and fails on a second folder with
//!   one), and `generators/generators.yaml` makes the data again, so `bt
//!   validate`, `bt run -a`, `bt time_limit` and `bt generate` all exit 0.
//! - **Other systems take other forms, from the same writer.** Kattis'
//!   legacy format ([`Layout::Legacy`], which problemtools' `verifyproblem`
//!   checks) differs in a few places — `problem_statement/`, no
//!   `data/invalid_input`, answer validators, generators or `rejected/`,
//!   and a time limit Kattis computes — so it is a branch at each of them,
//!   not a second writer that could drift. DOMjudge imports a zip with the
//!   statement as `problem.html` at its root: [`crate::archive`] and
//!   [`crate::statement`] make it from the written folder.

use crate::judge::MEMORY_LIMIT_MB;
use gridpuzzle_registry::Registered;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use gridpuzzle_engine::package::{PackageFile, PackageInfo};
use gridpuzzle_engine::rng::SplitMix64;
use gridpuzzle_engine::words::counted;
use serde_json::Value;

use crate::testset::Make;

/// The problem package format version written (the one BAPCtools reads).
pub const FORMAT_VERSION: &str = "2025-09";

/// The time limit is the intended solution's time on its slowest test
/// times this (BAPCtools' default `ac_to_time_limit`: every accepted run
/// takes at most half the limit, or BAPCtools calls the package
/// sensitive to the limit)...
pub const AC_TO_TIME_LIMIT: f64 = 2.0;
/// ... times the slowest port's ratio to it (the puzzle's
/// [`PackageInfo::port_ratio`]), rounded up to a multiple of this, in
/// seconds: whole or half seconds, as contest systems take them.
pub const TIME_RESOLUTION: f64 = 0.5;
/// A submission slower than the limit times this is surely too slow
/// (BAPCtools' default `time_limit_to_tle`).
pub const TIME_LIMIT_TO_TLE: f64 = 1.5;

/// `data/test_group.yaml` of the ICPC layout: the default output
/// validator compares letters case-sensitively, as the judges and this
/// workspace's one checker do (`case 1: 9` is a wrong answer). Written as
/// `bt generate` writes it from `generators/generators.yaml`'s root, so
/// generating the data again changes nothing.
pub const TEST_GROUP_YAML: &str = "output_validator_args: [case_sensitive]\n";

/// The folders and files a package is made of: the ones `--force`
/// replaces (nothing else in the folder is touched).
const PARTS: &[&str] = &[
    "problem.yaml",
    "statement",
    "problem_statement",
    "data",
    "input_validators",
    "answer_validators",
    "submissions",
    "generators",
    "README.md",
];

/// The time limit, in tenths of a second, from the intended solution's
/// time on the slowest test and the slowest port's ratio to it (see the
/// module docs): `seconds * AC_TO_TIME_LIMIT * port_ratio`, rounded up to
/// [`TIME_RESOLUTION`].
pub fn time_limit_tenths(intended_seconds: f64, port_ratio: f64) -> u64 {
    let raw = intended_seconds * AC_TO_TIME_LIMIT * port_ratio.max(1.0);
    let steps = (raw / TIME_RESOLUTION - 1e-9).ceil().max(1.0);
    (steps * TIME_RESOLUTION * 10.0).round() as u64
}

/// Which tests of the test set go into the package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cases {
    /// Every test.
    All,
    /// The tests named: a test's number (`05`) or name (`many-cases`), or
    /// `kill-set` for the manifest's kill set. The sample always comes.
    Named(Vec<String>),
}

impl Cases {
    /// Reads `all` or a comma-separated list.
    pub fn parse(text: &str) -> Result<Cases, String> {
        if text.trim() == "all" {
            return Ok(Cases::All);
        }
        let names: Vec<String> = text
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
        if names.is_empty() {
            return Err("give `all` or test names separated by commas".into());
        }
        Ok(Cases::Named(names))
    }
}

/// The package format a package is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    /// The ICPC problem package format [`FORMAT_VERSION`]: BAPCtools,
    /// DOMjudge and the format's newer tools.
    #[default]
    Icpc,
    /// Kattis' legacy format, the one problemtools' `verifyproblem`
    /// checks and Kattis imports: `problem_statement/`, no
    /// `data/invalid_input`, answer validators or generators, no
    /// `rejected/` submissions, and a time limit Kattis computes from the
    /// accepted submissions times `time_multiplier`.
    Legacy,
}

impl Layout {
    /// The statement's path in the package.
    pub fn statement(self) -> &'static str {
        match self {
            Layout::Icpc => "statement/problem.en.tex",
            Layout::Legacy => "problem_statement/problem.en.tex",
        }
    }

    /// Whether a submission folder exists in this format.
    fn takes(self, submission: &str) -> bool {
        self == Layout::Icpc || !submission.starts_with("rejected/")
    }
}

/// How to make a package: where, from which seed, which tests.
#[derive(Debug, Clone)]
pub struct Pack {
    pub dir: PathBuf,
    pub seed: u64,
    pub cases: Cases,
    /// Replace the package parts a folder already holds.
    pub force: bool,
    /// The run's heap budget, for the searches of the test set.
    pub heap: Option<std::sync::Arc<gridpuzzle_engine::memory::Heap>>,
    /// Run every shipped submission on every test before calling the
    /// package good (see [`crate::submissions`]); off, the package is
    /// written unchecked and says so.
    pub check: bool,
    /// The package format.
    pub layout: Layout,
    /// Also write the package as one zip archive here (DOMjudge's import
    /// form), with the statement as `problem.html` at its root.
    pub zip: Option<PathBuf>,
}

/// What writing the package did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packed {
    /// What was written, a line each.
    pub lines: Vec<String>,
    /// The test set was valid and killed every known wrong reading.
    pub good: bool,
    /// Tests in `data/secret` (the sample's one test comes besides).
    pub secret: usize,
    /// The time limit written in `problem.yaml`, in tenths of a second.
    pub time_limit_tenths: u64,
    /// The submissions written, as paths under `submissions/`.
    pub submissions: Vec<String>,
}

/// `package --format json`: what was written.
#[derive(Debug, serde::Serialize)]
pub struct PackageJson {
    pub puzzle: &'static str,
    /// The package's folder.
    pub folder: String,
    /// Every test valid, every known wrong reading killed, and every
    /// shipped submission given a verdict its folder promises (exit 0).
    pub good: bool,
    /// Tests in `data/sample` (always 1) and `data/secret`.
    pub sample: usize,
    pub secret: usize,
    /// The time limit of `problem.yaml`, in seconds (in the legacy
    /// format, the limit the package would state: Kattis computes its own
    /// from the accepted submissions).
    pub time_limit: f64,
    /// The package format, when not the ICPC one (`legacy`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub package_format: Option<&'static str>,
    /// The zip archive written (`--zip`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zip: Option<String>,
    /// The submissions, as paths under `submissions/`
    /// (`accepted/…`, `wrong_answer/…`, `time_limit_exceeded/…`).
    pub submissions: Vec<String>,
    /// The text report's lines.
    pub lines: Vec<String>,
}

impl Pack {
    /// What `packed` wrote for `puzzle`, as [`PackageJson`].
    pub fn json(&self, puzzle: &'static str, packed: &Packed) -> PackageJson {
        PackageJson {
            puzzle,
            folder: self.dir.display().to_string(),
            good: packed.good,
            sample: 1,
            secret: packed.secret,
            time_limit: packed.time_limit_tenths as f64 / 10.0,
            package_format: (self.layout == Layout::Legacy).then_some("legacy"),
            zip: self.zip.as_ref().map(|z| z.display().to_string()),
            submissions: packed.submissions.clone(),
            lines: packed.lines.clone(),
        }
    }
}

/// A test of the test set, as its manifest lists it.
struct Test {
    number: String,
    name: String,
    about: String,
    kills: Vec<String>,
    cases: usize,
}

impl Pack {
    /// Writes the package of `puzzle` (see the module docs).
    pub fn make<P: Registered>(&self, puzzle: &P) -> Result<Packed> {
        let Some(info) = P::CAPS.judge.and_then(|j| j.package()) else {
            bail!("{} has no problem package", P::INFO.title);
        };
        if P::CAPS.settings_of(puzzle) != P::CAPS.settings_of(&P::default()) {
            bail!("a problem package is made under the judges' rules only: give no rule option");
        }
        self.prepare()?;
        // A folder of its own for the test set: the process and a count,
        // so packages made at once (threads of one process) never meet.
        static MADE: AtomicU64 = AtomicU64::new(0);
        let scratch = std::env::temp_dir().join(format!(
            "gridpuzzle-package-{}-{}-{}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed),
            P::INFO.name
        ));
        let _ = std::fs::remove_dir_all(&scratch);
        crate::testset::prepare(&scratch, false)?;
        let made = Make {
            dir: scratch.clone(),
            seed: self.seed,
            hardest: Duration::ZERO,
            heap: self.heap.clone(),
        }
        .make(puzzle);
        let result = made.and_then(|written| self.write::<P>(&info, &scratch, written.good));
        let _ = std::fs::remove_dir_all(&scratch);
        result
    }

    /// Creates the folder, or empties it of an old package with `force`.
    fn prepare(&self) -> Result<()> {
        let dir = &self.dir;
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let old: Vec<&str> = PARTS
            .iter()
            .copied()
            .filter(|p| dir.join(p).symlink_metadata().is_ok())
            .collect();
        if old.is_empty() {
            return Ok(());
        }
        if !self.force {
            bail!(
                "{} already holds a problem package ({}); give --force to replace it",
                dir.display(),
                old.join(", ")
            );
        }
        for part in old {
            let path = dir.join(part);
            let gone = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
            gone.with_context(|| format!("cannot remove {}", path.display()))?;
        }
        Ok(())
    }

    /// Writes the package from the test set in `scratch` (whose test set
    /// is good when `set_good`), then runs its submissions unless
    /// `--no-check`: in three steps, the data and its generators
    /// ([`Pack::write_data`]), the problem's files
    /// ([`Pack::write_problem`]), then the check, the README and what
    /// the command says of it all.
    fn write<P: Registered>(
        &self,
        info: &PackageInfo,
        scratch: &Path,
        set_good: bool,
    ) -> Result<Packed> {
        let manifest: Value =
            serde_json::from_str(&std::fs::read_to_string(scratch.join("manifest.json"))?)?;
        let tests = tests(&manifest)?;
        let kill_set: Vec<String> = strings(&manifest["kill_set"]);
        let chosen = self.choose(&tests, &kill_set)?;
        let mut lines = Vec::new();
        let dir = &self.dir;
        let extra = self.write_data(info, scratch, &tests, &chosen)?;
        let secret = chosen.len() + extra.len();
        let tenths = time_limit_tenths(info.intended_seconds, info.port_ratio);
        let time_limit = format!("{}.{}", tenths / 10, tenths % 10);
        let (statement, shipped, mut checked) =
            self.write_problem::<P>(info, &chosen, &time_limit)?;
        let (kept, tried_good) = if self.check {
            self.try_submissions(&shipped, tenths, &mut checked)?
        } else {
            checked.push(format!(
                "the submissions were not run on the tests (--no-check): run `{}` before \
                 trusting the package",
                match self.layout {
                    Layout::Icpc => "bt run -a",
                    Layout::Legacy => "verifyproblem",
                }
            ));
            (shipped, true)
        };
        let readme = readme::<P>(
            info,
            &kept,
            self,
            &tests,
            &chosen,
            &kill_set,
            &extra,
            &time_limit,
        );
        write(&dir.join("README.md"), &readme)?;
        let archived = match &self.zip {
            Some(zip) => Some(self.archive::<P>(&statement, zip)?),
            None => None,
        };
        lines.push(format!(
            "wrote a problem package of {} to {}: {} ({} secret), {}, time limit {time_limit} s",
            P::INFO.title,
            dir.display(),
            counted(secret as u64 + 1, "test", "tests"),
            secret,
            counted(kept.len() as u64, "submission", "submissions"),
        ));
        if self.layout == Layout::Legacy {
            lines.push(format!(
                "in Kattis' legacy format: no time limit stated (Kattis sets it from the slowest \
                 accepted submission times {AC_TO_TIME_LIMIT:.0}); check it with `verifyproblem {}`",
                dir.display()
            ));
        }
        lines.extend(checked);
        lines.extend(archived);
        let name = dir
            .canonicalize()
            .ok()
            .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_default();
        if name.is_empty()
            || !name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        {
            lines.push(format!(
                "note: BAPCtools wants a problem folder named with a-z and 0-9 only (such as `{}`)",
                P::INFO.name
            ));
        }
        if !set_good {
            lines.push(
                "the test set is not good: a test failed the strict validator or a wrong reading \
                 fails no test (`gridpuzzle testset` with the same seed says which)"
                    .into(),
            );
        }
        Ok(Packed {
            lines,
            good: set_good && tried_good,
            secret,
            time_limit_tenths: tenths,
            submissions: kept.iter().map(|f| f.path.to_string()).collect(),
        })
    }

    /// Writes each chosen test (the sample, the secret tests of the test
    /// set, then the puzzle's extra tests) as its `.in` and `.ans`, and in
    /// the ICPC layout `generators/generators.yaml` and what it calls:
    /// each test's entry says where its input and answer come from. The
    /// extra tests, by name with their words, for the README.
    fn write_data(
        &self,
        info: &PackageInfo,
        scratch: &Path,
        tests: &[Test],
        chosen: &[String],
    ) -> Result<Vec<(String, &'static str)>> {
        let dir = &self.dir;
        let icpc = self.layout == Layout::Icpc;
        let mut yaml = Generators::default();
        for (i, test) in tests.iter().enumerate() {
            let folder = if i == 0 { "sample" } else { "secret" };
            if i > 0 && !chosen.contains(&test.number) {
                continue;
            }
            let name = format!("{}-{}", test.number, test.name);
            let input = read(&scratch.join(&test.number))?;
            let answer = read(&scratch.join(format!("{}.a", test.number)))?;
            write(&dir.join(format!("data/{folder}/{name}.in")), &input)?;
            write(&dir.join(format!("data/{folder}/{name}.ans")), &answer)?;
            if !icpc {
                continue;
            }
            match info.generated.iter().find(|(t, _)| *t == test.name) {
                Some((_, command)) => yaml.push(folder, &name, &format!("generate: {command}")),
                None => {
                    // Made by gridpuzzle's generator and exact solver,
                    // which a judge host lacks: kept as files to copy.
                    write(&dir.join(format!("generators/testset/{name}.in")), &input)?;
                    write(&dir.join(format!("generators/testset/{name}.ans")), &answer)?;
                    yaml.push(folder, &name, &format!("copy: testset/{name}"));
                }
            }
        }
        let last: usize = tests
            .last()
            .and_then(|t| t.number.parse().ok())
            .unwrap_or(0);
        let mut extra = Vec::new();
        for (k, test) in info.extra_tests.iter().enumerate() {
            let name = format!("{:02}-{}", last + 1 + k, test.name);
            write(&dir.join(format!("data/secret/{name}.in")), test.input)?;
            write(&dir.join(format!("data/secret/{name}.ans")), test.answer)?;
            yaml.push("secret", &name, &format!("generate: {}", test.generate));
            extra.push((name, test.about));
        }
        if icpc {
            write(&dir.join("data/test_group.yaml"), TEST_GROUP_YAML)?;
            for file in info.generators {
                write(&dir.join(file.path), file.text)?;
            }
            for file in info.invalid_inputs {
                let text = serde_json::to_string(file.text)?;
                yaml.push("invalid_input", file.path, &format!("in: {text}"));
            }
            write(
                &dir.join("generators/generators.yaml"),
                &yaml.text(info.intended),
            )?;
        }
        Ok(extra)
    }

    /// Writes the problem's own files: `problem.yaml` (its time limit
    /// `time_limit` and a UUID from the seed and the tests `chosen`), the
    /// statement, the validators, the invalid inputs and the submissions
    /// the layout takes. The statement as written, the submissions
    /// shipped, and a line for each one the layout left out.
    fn write_problem<P: Registered>(
        &self,
        info: &PackageInfo,
        chosen: &[String],
        time_limit: &str,
    ) -> Result<(String, Vec<&'static PackageFile>, Vec<String>)> {
        let dir = &self.dir;
        let icpc = self.layout == Layout::Icpc;
        let uuid = problem_uuid(&format!(
            "{}/{}/{}",
            P::INFO.name,
            self.seed,
            chosen.join(",")
        ));
        let yaml = match self.layout {
            Layout::Icpc => problem_yaml::<P>(info, self.seed, time_limit, &uuid),
            Layout::Legacy => legacy_problem_yaml::<P>(info, self.seed, time_limit, &uuid),
        };
        write(&dir.join("problem.yaml"), &yaml)?;
        let statement = with_memory_limit(info.statement);
        let statement = match self.layout {
            Layout::Icpc => statement,
            Layout::Legacy => statement.replacen(
                "\\problemname{}",
                &format!("\\problemname{{{}}}", P::INFO.title),
                1,
            ),
        };
        write(&dir.join(self.layout.statement()), &statement)?;
        if icpc {
            for file in info.invalid_inputs {
                write(
                    &dir.join(format!("data/invalid_input/{}.in", file.path)),
                    file.text,
                )?;
            }
        }
        write(
            &dir.join("input_validators/validate.py"),
            info.input_validator,
        )?;
        if icpc {
            write(
                &dir.join("answer_validators/validate.py"),
                info.answer_validator,
            )?;
        }
        let shipped: Vec<&PackageFile> = info
            .submissions
            .iter()
            .filter(|f| self.layout.takes(f.path))
            .collect();
        for file in &shipped {
            write(&dir.join("submissions").join(file.path), file.text)?;
        }
        let mut checked = Vec::new();
        for file in info
            .submissions
            .iter()
            .filter(|f| !self.layout.takes(f.path))
        {
            checked.push(format!(
                "left out {}: the legacy format has no rejected/ folder",
                file.path
            ));
        }
        Ok((statement, shipped, checked))
    }

    /// Every shipped submission built and run on every test of the
    /// written package under its time limit (as `bt run -a` runs them):
    /// the submissions kept, and whether every verdict is one its folder
    /// promises. With `--cases`, a submission other than an accepted one
    /// whose promise the chosen tests cannot keep (a wrong reading no test
    /// fails) is removed from the package, and the lines say which; with
    /// every test, any broken promise makes the package not good, and the
    /// lines name the submission and the test.
    fn try_submissions<'a>(
        &self,
        shipped: &[&'a PackageFile],
        tenths: u64,
        lines: &mut Vec<String>,
    ) -> Result<(Vec<&'a PackageFile>, bool)> {
        use crate::submissions::{build, tests_of, try_on, Tried};
        static TRIED: AtomicU64 = AtomicU64::new(0);
        let scratch = std::env::temp_dir().join(format!(
            "gridpuzzle-submissions-{}-{}",
            std::process::id(),
            TRIED.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&scratch);
        std::fs::create_dir_all(&scratch)?;
        let tests = tests_of(&self.dir)?;
        let limit = Duration::from_millis(tenths * 100);
        let mut kept = Vec::new();
        let mut good = true;
        let result = (|| -> Result<()> {
            for (i, &file) in shipped.iter().enumerate() {
                let place = scratch.join(format!("{i}"));
                let argv = build(&self.dir, file.path, &place)?;
                let tried = Tried {
                    path: file.path.to_string(),
                    verdicts: try_on(&argv, &tests, limit, &place)?,
                };
                let Some(why) = tried.broken(&tests) else {
                    lines.push(format!("tried {}", tried.summary(&tests)));
                    kept.push(file);
                    continue;
                };
                let accepted = file.path.starts_with("accepted/");
                if self.cases != Cases::All && !accepted && why.contains("on every test") {
                    std::fs::remove_file(self.dir.join("submissions").join(file.path))?;
                    lines.push(format!(
                        "dropped {}: the tests chosen do not show its reading ({why})",
                        file.path
                    ));
                } else {
                    good = false;
                    kept.push(file);
                    lines.push(format!("the package is not good: {why}"));
                }
            }
            Ok(())
        })();
        let _ = std::fs::remove_dir_all(&scratch);
        result?;
        Ok((kept, good))
    }

    /// The package as one zip archive at `zip`, with `statement` (the
    /// package's LaTeX) as `problem.html` at its root: the report's line.
    fn archive<P: Registered>(&self, statement: &str, zip: &Path) -> Result<String> {
        let mut samples = Vec::new();
        let sample_dir = self.dir.join("data/sample");
        let mut inputs: Vec<PathBuf> = std::fs::read_dir(&sample_dir)
            .with_context(|| format!("cannot read {}", sample_dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "in"))
            .collect();
        inputs.sort();
        for input in inputs {
            samples.push((read(&input)?, read(&input.with_extension("ans"))?));
        }
        let page = crate::statement::html(statement, P::INFO.title, &samples)
            .context("cannot write the statement as HTML")?;
        let files = crate::archive::write(
            &self.dir,
            PARTS,
            &[("problem.html".to_string(), page.into_bytes())],
            zip,
        )?;
        Ok(format!(
            "wrote {}: the package as one archive for DOMjudge ({files} files, the statement as \
             problem.html at its root)",
            zip.display()
        ))
    }

    /// The numbers of the secret tests chosen.
    fn choose(&self, tests: &[Test], kill_set: &[String]) -> Result<Vec<String>> {
        let secret = tests.iter().skip(1);
        let chosen: Vec<String> = match &self.cases {
            Cases::All => secret.map(|t| t.number.clone()).collect(),
            Cases::Named(names) => {
                let mut want: Vec<String> = Vec::new();
                for name in names {
                    if name == "kill-set" {
                        want.extend(kill_set.iter().cloned());
                        continue;
                    }
                    let found = tests
                        .iter()
                        .skip(1)
                        .find(|t| &t.number == name || &t.name == name);
                    match found {
                        Some(t) => want.push(t.number.clone()),
                        None => bail!(
                            "no secret test called {name:?}; the tests are {}, and kill-set",
                            tests
                                .iter()
                                .skip(1)
                                .map(|t| format!("{} ({})", t.number, t.name))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    }
                }
                secret
                    .filter(|t| want.contains(&t.number))
                    .map(|t| t.number.clone())
                    .collect()
            }
        };
        if chosen.is_empty() {
            bail!("a package needs at least one secret test");
        }
        Ok(chosen)
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// The tests the manifest lists, in order.
fn tests(manifest: &Value) -> Result<Vec<Test>> {
    let list = manifest["tests"]
        .as_array()
        .ok_or_else(|| anyhow!("the test set's manifest lists no tests"))?;
    list.iter()
        .map(|t| {
            Ok(Test {
                number: t["input"]
                    .as_str()
                    .ok_or_else(|| anyhow!("a test without its input"))?
                    .to_string(),
                name: t["name"].as_str().unwrap_or("test").to_string(),
                about: t["about"].as_str().unwrap_or("").to_string(),
                kills: strings(&t["kills"]),
                cases: t["cases"].as_array().map_or(0, Vec::len),
            })
        })
        .collect()
}

fn write(path: &Path, text: &str) -> Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
    }
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

fn read(from: &Path) -> Result<String> {
    std::fs::read_to_string(from).with_context(|| format!("cannot read {}", from.display()))
}

/// BAPCtools' `generators/generators.yaml`: how `bt generate` makes the
/// data again. Each test is an entry of its folder (a dictionary, so
/// BAPCtools keeps the names as they are): a generator shipped in
/// `generators/`, a copy of a file there, or the text itself; the answers
/// the yaml does not give come from the intended solution.
#[derive(Default)]
struct Generators {
    folders: Vec<(&'static str, Vec<String>)>,
}

impl Generators {
    fn push(&mut self, folder: &str, name: &str, rule: &str) {
        let folder: &'static str = match folder {
            "sample" => "sample",
            "secret" => "secret",
            _ => "invalid_input",
        };
        let entry = format!("      {name}:\n        {rule}\n");
        match self.folders.iter_mut().find(|(f, _)| *f == folder) {
            Some((_, entries)) => entries.push(entry),
            None => self.folders.push((folder, vec![entry])),
        }
    }

    fn text(&self, solution: &str) -> String {
        let mut out = format!(
            "# How `bt generate` (BAPCtools) makes this package's data again. The tests\n\
             # that gridpuzzle's generator and exact solver made are copied from\n\
             # generators/testset/ (a judge host has no gridpuzzle); the tests a shipped\n\
             # generator makes (the timing and worst-case tests) are generated, their\n\
             # answers by the solution below.\n\
             version: 2025-12\n\
             solution: /submissions/{solution}\n\
             test_group.yaml:\n  {TEST_GROUP_YAML}\
             data:\n"
        );
        for (folder, entries) in &self.folders {
            out.push_str(&format!("  {folder}:\n    data:\n"));
            for e in entries {
                out.push_str(e);
            }
        }
        out
    }
}

/// A UUID in the version-4 layout, derived from `name`: the package's
/// is derived from the puzzle, the seed and the secret tests chosen, so a
/// package written again is byte-identical and two different packages
/// never share one (BAPCtools keeps a registry of the UUIDs it has seen
/// and warns when two folders hold one).
pub fn problem_uuid(name: &str) -> String {
    // FNV-1a of the name, then two draws.
    let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    let mut rng = SplitMix64::new(hash);
    let (a, b) = (rng.next_u64(), rng.next_u64());
    let a = (a & !0xf000) | 0x4000;
    let b = (b & !(0xc << 60)) | (0x8 << 60);
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        a >> 32,
        (a >> 16) & 0xffff,
        a & 0xffff,
        b >> 48,
        b & 0xffff_ffff_ffff
    )
}

/// The statement naming the memory limit problem.yaml states (one
/// number, [`MEMORY_LIMIT_MB`]), before its input section.
fn with_memory_limit(statement: &str) -> String {
    let limit = format!(
        "Your program may use at most ${MEMORY_LIMIT_MB}$~MiB of memory (its peak resident \
         memory, with everything it starts).\n\n"
    );
    match statement.find("\\begin{Input}") {
        Some(at) => format!("{}{limit}{}", &statement[..at], &statement[at..]),
        None => format!("{statement}\n{limit}"),
    }
}

fn problem_yaml<P: Registered>(
    info: &PackageInfo,
    seed: u64,
    time_limit: &str,
    uuid: &str,
) -> String {
    format!(
        "# {title}: a problem package in the ICPC problem package format\n\
         # (https://icpc.io/problem-package-format/spec/{FORMAT_VERSION}.html), written by\n\
         # gridpuzzle {version}: `gridpuzzle package {name} DIR --seed {seed}`.\n\
         problem_format_version: {FORMAT_VERSION}\n\
         type: pass-fail\n\
         name:\n  en: {title}\n\
         uuid: {uuid}\n\
         source: {source}\n\
         license: unknown\n\
         # There is no output_validator/ folder: a submission's output is judged by\n\
         # the format's default output validator, which compares it with the\n\
         # answer file token by token (white space and line ends free; letters'\n\
         # case counts, by its argument in data/test_group.yaml). That is the\n\
         # judges' rule here: one integer per case, in fixed words.\n\
         limits:\n\
         \x20 # The intended solution ({intended}) on the slowest test ({seconds:.2} s\n\
         \x20 # of CPU time) times ac_to_time_limit times {ratio:.1} (its slowest port's\n\
         \x20 # ratio to it), rounded up to time_resolution; README.md says how it was\n\
         \x20 # measured.\n\
         \x20 time_limit: {time_limit}\n\
         \x20 # MiB of memory: gridpuzzle judge's default too, and the statement's.\n\
         \x20 memory: {MEMORY_LIMIT_MB}\n\
         \x20 time_resolution: {TIME_RESOLUTION:.1}\n\
         \x20 time_multipliers:\n\
         \x20   ac_to_time_limit: {AC_TO_TIME_LIMIT:.1}\n\
         \x20   time_limit_to_tle: {TIME_LIMIT_TO_TLE:.1}\n",
        title = P::INFO.title,
        name = P::INFO.name,
        version = env!("CARGO_PKG_VERSION"),
        source = info.source,
        intended = info.intended,
        seconds = info.intended_seconds,
        ratio = info.port_ratio,
    )
}

/// `problem.yaml` in Kattis' legacy format: no `time_limit` (Kattis sets
/// it from the slowest accepted submission times `time_multiplier`, which
/// is the ICPC format's `ac_to_time_limit`), no time resolution.
fn legacy_problem_yaml<P: Registered>(
    info: &PackageInfo,
    seed: u64,
    time_limit: &str,
    uuid: &str,
) -> String {
    format!(
        "# {title}: a problem package in Kattis' legacy problem package format\n\
         # (https://www.kattis.com/problem-package-format/spec/legacy.html), written by\n\
         # gridpuzzle {version}: `gridpuzzle package {name} DIR --seed {seed} --package-format legacy`.\n\
         problem_format_version: legacy\n\
         type: pass-fail\n\
         name: {title}\n\
         uuid: {uuid}\n\
         source: {source}\n\
         license: unknown\n\
         # No output validator: the default one compares tokens, letters' case\n\
         # counting, the judges' rule.\n\
         validator_flags: case_sensitive\n\
         limits:\n\
         \x20 # The legacy format states no time limit: Kattis (and verifyproblem) set\n\
         \x20 # it from the slowest accepted submission times time_multiplier. The ICPC\n\
         \x20 # format's package states {time_limit} s, from the intended solution\n\
         \x20 # ({intended}, {seconds:.2} s of CPU time on the slowest test).\n\
         \x20 time_multiplier: {AC_TO_TIME_LIMIT:.1}\n\
         \x20 time_safety_margin: {TIME_LIMIT_TO_TLE:.1}\n\
         \x20 # MiB of memory: gridpuzzle judge's default too, and the statement's.\n\
         \x20 memory: {MEMORY_LIMIT_MB}\n",
        title = P::INFO.title,
        name = P::INFO.name,
        version = env!("CARGO_PKG_VERSION"),
        source = info.source,
        intended = info.intended,
        seconds = info.intended_seconds,
    )
}

/// The package's README: how it was written and how to check it, its
/// tests and what each kills, its submissions and its time limit.
///
/// One function of some 120 lines on purpose: it is the README's text in
/// reading order, section after section, mostly words; split by section,
/// each piece would take most of these arguments.
#[allow(clippy::too_many_arguments)]
fn readme<P: Registered>(
    info: &PackageInfo,
    kept: &[&PackageFile],
    pack: &Pack,
    tests: &[Test],
    chosen: &[String],
    kill_set: &[String],
    extra: &[(String, &str)],
    time_limit: &str,
) -> String {
    let intro = match pack.layout {
        Layout::Icpc => format!(
            "Written by gridpuzzle {version} (`gridpuzzle package {name} DIR --seed {seed}`), \
             in the ICPC problem package format {FORMAT_VERSION}. Check it with BAPCtools from \
             this folder: `bt validate` (every input and answer, and the validators against \
             malformed inputs), `bt run -a` (every submission gets its folder's verdict on every \
             test), `bt time_limit` and `bt generate` (`generators/generators.yaml` makes the \
             data again).",
            version = env!("CARGO_PKG_VERSION"),
            name = P::INFO.name,
            seed = pack.seed,
        ),
        Layout::Legacy => format!(
            "Written by gridpuzzle {version} (`gridpuzzle package {name} DIR --seed {seed} \
             --package-format legacy`), in Kattis' legacy problem package format. Check it \
             with problemtools: `verifyproblem DIR` (the statement built to PDF and HTML, every \
             input validated, every submission judged against its folder's verdict, and the \
             time limit set from the accepted ones).",
            version = env!("CARGO_PKG_VERSION"),
            name = P::INFO.name,
            seed = pack.seed,
        ),
    };
    let mut out = format!(
        "# {title}: problem package\n\n\
         {intro}\n\n\
         ## Tests\n\n\
         Every answer is proved by gridpuzzle's exact solver, and every input passes the \
         strict validator. A test *kills* a known wrong reading of the rules when that \
         reading's answer differs on it.\n\n\
         | test | {unit}s | what it is for | kills |\n|---|---|---|---|\n",
        title = P::INFO.title,
        unit = P::INFO.unit,
    );
    for (i, t) in tests.iter().enumerate() {
        if i > 0 && !chosen.contains(&t.number) {
            continue;
        }
        let folder = if i == 0 { "sample" } else { "secret" };
        out.push_str(&format!(
            "| `{folder}/{}-{}` | {} | {} | {} |\n",
            t.number,
            t.name,
            t.cases,
            t.about,
            t.kills.join(", ")
        ));
    }
    for (name, about) in extra {
        out.push_str(&format!("| `secret/{name}` | | {about} | |\n"));
    }
    if !kill_set.is_empty() {
        out.push_str(&format!(
            "\nA small set of secret tests that kills every known wrong reading: {}.\n",
            kill_set.join(", ")
        ));
    }
    if !info.invalid_inputs.is_empty() && pack.layout == Layout::Icpc {
        let names: Vec<String> = info
            .invalid_inputs
            .iter()
            .map(|f| format!("`{}`", f.path))
            .collect();
        out.push_str(&format!(
            "\n`data/invalid_input` holds inputs that break the format, which the input \
             validator must reject: {}.\n",
            names.join(", ")
        ));
    }
    out.push_str("\n## Submissions\n\n");
    for f in kept {
        // The first paragraph of its header comment.
        let about = f
            .text
            .lines()
            .filter(|l| !l.starts_with("#!"))
            .map_while(|l| {
                l.strip_prefix("//")
                    .or_else(|| l.strip_prefix("# "))
                    .or_else(|| (l == "#").then_some(""))
            })
            .map(str::trim)
            .take_while(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        out.push_str(&format!("- `submissions/{}`: {about}\n", f.path));
    }
    let raw = info.intended_seconds * AC_TO_TIME_LIMIT * info.port_ratio;
    out.push_str(&format!(
        "\n## Time limit\n\n\
         {time_limit} s: the intended solution (`submissions/{intended}`, the contest \
         write-up's algorithm in C++) takes {seconds:.2} s of CPU time on the slowest test; \
         times {AC_TO_TIME_LIMIT:.1} (BAPCtools' `ac_to_time_limit`: every accepted run must \
         take at most half the limit) and times {ratio:.1} (its slowest port, in Python under \
         PyPy or Java, is at most that many times slower) is {raw:.2} s, rounded up to \
         {TIME_RESOLUTION:.1} s. The statement bounds everything the time depends on (the \
         size of each case and the number of cases), and the slowest test is the worst case \
         within those bounds. Measured so: {measured}\n",
        intended = info.intended,
        seconds = info.intended_seconds,
        ratio = info.port_ratio,
        measured = info.measured_by,
    ));
    if pack.layout == Layout::Legacy {
        out.push_str(&format!(
            "\nThe legacy format states no time limit: Kattis and `verifyproblem` set it from \
             the slowest accepted submission times `time_multiplier` \
             ({AC_TO_TIME_LIMIT:.1}), rounded up to a whole second, which on a machine like the \
             one above comes near the {time_limit} s the ICPC format's package states.\n"
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_limit_is_the_intended_time_times_two_and_the_ratio_rounded_up() {
        assert_eq!(time_limit_tenths(0.012, 1.0), 5);
        assert_eq!(time_limit_tenths(0.25, 1.0), 5);
        assert_eq!(time_limit_tenths(0.26, 1.0), 10);
        assert_eq!(time_limit_tenths(0.48, 4.0), 40);
        assert_eq!(time_limit_tenths(1.40, 3.0), 85);
        assert_eq!(time_limit_tenths(0.0, 0.0), 5);
    }

    #[test]
    fn cases_read_all_or_names() {
        assert_eq!(Cases::parse("all"), Ok(Cases::All));
        assert_eq!(
            Cases::parse("kill-set, 05"),
            Ok(Cases::Named(vec!["kill-set".into(), "05".into()]))
        );
        assert!(Cases::parse(" , ").is_err());
    }

    #[test]
    fn problem_uuids_are_uuids_and_differ() {
        let a = problem_uuid("one");
        assert_eq!(a, problem_uuid("one"));
        assert_ne!(a, problem_uuid("two"));
        let parts: Vec<usize> = a.split('-').map(str::len).collect();
        assert_eq!(parts, [8, 4, 4, 4, 12]);
        assert!(a.bytes().all(|b| b == b'-' || b.is_ascii_hexdigit()));
        assert_eq!(&a[14..15], "4");
        assert!("89ab".contains(&a[19..20]), "{a}");
    }
}
