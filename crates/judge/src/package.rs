//! A contest problem package: a folder in the ICPC problem package format
//! (version 2025-09, the one DOMjudge and Kattis import and BAPCtools
//! checks), written for any puzzle whose judge kit has one
//! ([`JudgeKit::PACKAGE`](gridpuzzle_engine::caps::JudgeKit::PACKAGE)).
//! `gridpuzzle package` is this, with its command line.
//!
//! ```text
//! problem.yaml                     name, source, limits, the default output validator
//! statement/problem.en.tex         the statement (LaTeX, the puzzle's own words)
//! data/sample/01-sample.{in,ans}   the statement's sample
//! data/secret/NN-NAME.{in,ans}     the test set's other tests
//! data/invalid_input/NAME.in       inputs the input validator must reject
//! input_validators/validate.py     strict input validator (Python 3, exit 42/43)
//! answer_validators/validate.py    strict answer validator
//! submissions/accepted/...         the reference solution
//! submissions/wrong_answer/...     one program per known wrong reading
//! submissions/time_limit_exceeded/ the naive search the timing test stops
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
//!   judges' rule, so no output validator is shipped.
//! - **The time limit is calibrated, by BAPCtools' rule.** The slowest
//!   test of the accepted submission (measured, and recorded with the
//!   command that repeats it in the puzzle's [`PackageInfo`]) times
//!   [`AC_TO_TIME_LIMIT`], rounded up to [`TIME_RESOLUTION`]. The
//!   multipliers are written into `problem.yaml` so the package says how
//!   its limit was made. A low resolution (0.1 s) keeps the limit close to
//!   the reference: the timing tests are sized against naive searches that
//!   need several times the reference's time, not minutes.

use crate::judge::MEMORY_LIMIT_MB;
use gridpuzzle_registry::Registered;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use gridpuzzle_engine::package::PackageInfo;
use gridpuzzle_engine::rng::SplitMix64;
use gridpuzzle_engine::words::counted;
use serde_json::Value;

use crate::testset::Make;

/// The problem package format version written (the one BAPCtools reads).
pub const FORMAT_VERSION: &str = "2025-09";

/// The time limit is the accepted submission's slowest test times this
/// (BAPCtools' default `ac_to_time_limit`, the format's default too)...
pub const AC_TO_TIME_LIMIT: f64 = 2.0;
/// ... rounded up to a multiple of this, in seconds.
pub const TIME_RESOLUTION: f64 = 0.1;
/// A submission slower than the limit times this is surely too slow
/// (BAPCtools' default `time_limit_to_tle`).
pub const TIME_LIMIT_TO_TLE: f64 = 1.5;

/// The folders and files a package is made of: the ones `--force`
/// replaces (nothing else in the folder is touched).
const PARTS: &[&str] = &[
    "problem.yaml",
    "statement",
    "data",
    "input_validators",
    "answer_validators",
    "submissions",
    "README.md",
];

/// The time limit calibrated from the accepted submission's slowest
/// test, in tenths of a second (see the module docs).
pub fn time_limit_tenths(accepted_seconds: f64) -> u64 {
    let steps = (accepted_seconds * AC_TO_TIME_LIMIT / TIME_RESOLUTION - 1e-9).ceil();
    (steps as u64).max(1)
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
    /// Every test valid and every known wrong reading killed (exit 0).
    pub good: bool,
    /// Tests in `data/sample` (always 1) and `data/secret`.
    pub sample: usize,
    pub secret: usize,
    /// The time limit of `problem.yaml`, in seconds.
    pub time_limit: f64,
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
        for (i, test) in tests.iter().enumerate() {
            let folder = if i == 0 { "sample" } else { "secret" };
            if i > 0 && !chosen.contains(&test.number) {
                continue;
            }
            let stem = format!("data/{folder}/{}-{}", test.number, test.name);
            copy(&scratch.join(&test.number), &dir.join(format!("{stem}.in")))?;
            copy(
                &scratch.join(format!("{}.a", test.number)),
                &dir.join(format!("{stem}.ans")),
            )?;
        }
        let secret = chosen.len();
        let tenths = time_limit_tenths(info.accepted_seconds);
        let time_limit = format!("{}.{}", tenths / 10, tenths % 10);
        write(
            &dir.join("problem.yaml"),
            &problem_yaml::<P>(info, self.seed, &time_limit),
        )?;
        write(
            &dir.join("statement/problem.en.tex"),
            &with_memory_limit(info.statement),
        )?;
        for file in info.invalid_inputs {
            write(
                &dir.join(format!("data/invalid_input/{}.in", file.path)),
                file.text,
            )?;
        }
        write(
            &dir.join("input_validators/validate.py"),
            info.input_validator,
        )?;
        write(
            &dir.join("answer_validators/validate.py"),
            info.answer_validator,
        )?;
        for file in info.submissions {
            write(&dir.join("submissions").join(file.path), file.text)?;
        }
        let readme = readme::<P>(info, self, &tests, &chosen, &kill_set, &time_limit);
        write(&dir.join("README.md"), &readme)?;
        lines.push(format!(
            "wrote a problem package of {} to {}: {} ({} secret), {}, time limit {time_limit} s",
            P::INFO.title,
            dir.display(),
            counted(secret as u64 + 1, "test", "tests"),
            secret,
            counted(info.submissions.len() as u64, "submission", "submissions"),
        ));
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
            good: set_good,
            secret,
            time_limit_tenths: tenths,
            submissions: info
                .submissions
                .iter()
                .map(|f| f.path.to_string())
                .collect(),
        })
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

fn copy(from: &Path, to: &Path) -> Result<()> {
    let text =
        std::fs::read_to_string(from).with_context(|| format!("cannot read {}", from.display()))?;
    write(to, &text)
}

/// A UUID of the problem: the same for every package of one puzzle (it
/// names the problem, not one build of it), in the version-4 layout.
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

fn problem_yaml<P: Registered>(info: &PackageInfo, seed: u64, time_limit: &str) -> String {
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
         # answer file token by token (white space and line ends free). That is the\n\
         # judges' rule here: one integer per case, in fixed words.\n\
         limits:\n\
         \x20 # The accepted submission's slowest test ({accepted:.3} s of CPU time) times\n\
         \x20 # ac_to_time_limit, rounded up to time_resolution; README.md says how it\n\
         \x20 # was measured.\n\
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
        uuid = problem_uuid(P::INFO.name),
        source = info.source,
        accepted = info.accepted_seconds,
    )
}

fn readme<P: Registered>(
    info: &PackageInfo,
    pack: &Pack,
    tests: &[Test],
    chosen: &[String],
    kill_set: &[String],
    time_limit: &str,
) -> String {
    let mut out = format!(
        "# {title}: problem package\n\n\
         Written by gridpuzzle {version} (`gridpuzzle package {name} DIR --seed {seed}`), in \
         the ICPC problem package format {FORMAT_VERSION}. Check it with BAPCtools from this \
         folder: `bt validate` (every input and answer, and the validators against malformed \
         inputs) and `bt run` (every submission gets its folder's verdict).\n\n\
         ## Tests\n\n\
         Every answer is proved by gridpuzzle's exact solver, and every input passes the \
         strict validator. A test *kills* a known wrong reading of the rules when that \
         reading's answer differs on it.\n\n\
         | test | {unit}s | what it is for | kills |\n|---|---|---|---|\n",
        title = P::INFO.title,
        version = env!("CARGO_PKG_VERSION"),
        name = P::INFO.name,
        seed = pack.seed,
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
    if !kill_set.is_empty() {
        out.push_str(&format!(
            "\nA small set of secret tests that kills every known wrong reading: {}.\n",
            kill_set.join(", ")
        ));
    }
    if !info.invalid_inputs.is_empty() {
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
    for f in info.submissions {
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
    out.push_str(&format!(
        "\n## Time limit\n\n\
         {time_limit} s: the accepted submission's slowest test, {:.3} s of CPU time, times \
         {AC_TO_TIME_LIMIT:.1} (BAPCtools' `ac_to_time_limit`), rounded up to {TIME_RESOLUTION:.1} s. \
         Measured so: {}\n",
        info.accepted_seconds, info.measured_by
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_limit_is_twice_the_slowest_test_rounded_up() {
        assert_eq!(time_limit_tenths(0.012), 1);
        assert_eq!(time_limit_tenths(0.05), 1);
        assert_eq!(time_limit_tenths(0.051), 2);
        assert_eq!(time_limit_tenths(0.4), 8);
        assert_eq!(time_limit_tenths(0.0), 1);
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
