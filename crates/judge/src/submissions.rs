//! A package's shipped submissions run on its tests before the package
//! is called good, as `bt run -a` runs them: every submission on every
//! test, under the package's time limit, each verdict held against what
//! its folder promises (the problem package format's default
//! directories). A package whose `wrong_answer/` program is TLE on the
//! timing test, or whose `--cases` left a wrong reading with no test that
//! fails it, would be refused by BAPCtools and misjudge on a contest
//! system; `package` finds that first and names the pair.
//!
//! The submissions are built as a judge host builds them (`g++ -O2`,
//! `javac`, PyPy or else Python 3) and run by the kit's one runner
//! ([`crate::run`]) under a CPU-time limit: TLE is CPU time over the
//! limit, so a machine busy with other work does not change a verdict.
//! The output is compared with the answer token by token, the format's
//! default output validator.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use anyhow::{bail, Context, Result};

use nix::sys::signal::Signal;

use crate::run::{self, Ended, PipeCap, RunLimits, Spec, Stdin};

/// A run's verdict, in BAPCtools' words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Ac,
    Wa,
    Tle,
    Rte,
}

impl Verdict {
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Ac => "AC",
            Verdict::Wa => "WA",
            Verdict::Tle => "TLE",
            Verdict::Rte => "RTE",
        }
    }
}

/// What a folder of `submissions/` promises: the verdicts permitted on
/// every test, and those of which one is required on some test (the
/// format's default directories, as BAPCtools reads them).
pub fn promise(folder: &str) -> (&'static [Verdict], &'static [Verdict]) {
    use Verdict::*;
    match folder {
        "accepted" => (&[Ac], &[]),
        "wrong_answer" => (&[Ac, Wa], &[Wa]),
        "time_limit_exceeded" => (&[Ac, Tle], &[Tle]),
        "run_time_error" => (&[Ac, Rte], &[Rte]),
        // rejected/ and anything else: some test not AC.
        _ => (&[Ac, Wa, Tle, Rte], &[Wa, Tle, Rte]),
    }
}

/// A test: its name (`secret/05-body-of-8`), input and answer files.
#[derive(Debug, Clone)]
pub struct TestFiles {
    pub name: String,
    pub input: PathBuf,
    pub answer: PathBuf,
}

/// One submission's verdicts, a test each, in the tests' order.
#[derive(Debug, Clone)]
pub struct Tried {
    /// The path under `submissions/` (`wrong_answer/exit_far.cpp`).
    pub path: String,
    pub verdicts: Vec<(Verdict, Duration)>,
}

impl Tried {
    /// Why the verdicts break the folder's promise, naming the test, or
    /// `None` when they keep it.
    pub fn broken(&self, tests: &[TestFiles]) -> Option<String> {
        let folder = self.path.split('/').next().unwrap_or("");
        let (permitted, required) = promise(folder);
        for ((v, cpu), t) in self.verdicts.iter().zip(tests) {
            if !permitted.contains(v) {
                return Some(format!(
                    "{} is {} on {} ({:.2} s of CPU time): {folder}/ permits only {}",
                    self.path,
                    v.word(),
                    t.name,
                    cpu.as_secs_f64(),
                    words(permitted)
                ));
            }
        }
        if !required.is_empty() && !self.verdicts.iter().any(|(v, _)| required.contains(v)) {
            return Some(format!(
                "{} is AC on every test: {folder}/ requires {} on some test",
                self.path,
                words(required)
            ));
        }
        None
    }

    /// The verdict that sums the run up, as `bt run` shows it: the first
    /// one that is not AC, else AC with the slowest time.
    pub fn summary(&self, tests: &[TestFiles]) -> String {
        let first = self
            .verdicts
            .iter()
            .zip(tests)
            .find(|((v, _), _)| *v != Verdict::Ac);
        let slowest = self
            .verdicts
            .iter()
            .zip(tests)
            .max_by(|a, b| a.0 .1.cmp(&b.0 .1));
        match first.or(slowest) {
            Some(((v, cpu), t)) => format!(
                "{}: {} {:.2} s @ {}",
                self.path,
                v.word(),
                cpu.as_secs_f64(),
                t.name
            ),
            None => format!("{}: no test", self.path),
        }
    }
}

fn words(verdicts: &[Verdict]) -> String {
    verdicts
        .iter()
        .map(|v| v.word())
        .collect::<Vec<_>>()
        .join(" or ")
}

/// The tests of a package folder: `data/sample` then `data/secret`, each
/// by name.
pub fn tests_of(dir: &Path) -> Result<Vec<TestFiles>> {
    let mut out = Vec::new();
    for folder in ["sample", "secret"] {
        let mut inputs: Vec<PathBuf> = std::fs::read_dir(dir.join("data").join(folder))
            .with_context(|| format!("cannot read {}/data/{folder}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "in"))
            .collect();
        inputs.sort();
        for input in inputs {
            let stem = input.file_stem().unwrap_or_default().to_string_lossy();
            out.push(TestFiles {
                name: format!("{folder}/{stem}"),
                answer: input.with_extension("ans"),
                input,
            });
        }
    }
    Ok(out)
}

/// Builds `submissions/PATH` of `dir` in `build` (a folder of its own):
/// the command line that runs it.
pub fn build(dir: &Path, path: &str, build: &Path) -> Result<Vec<String>> {
    let source = dir.join("submissions").join(path);
    std::fs::create_dir_all(build)?;
    let ext = source.extension().and_then(|e| e.to_str()).unwrap_or("");
    let ok = |cmd: &mut Command, what: &str| -> Result<()> {
        let out = cmd.stdin(Stdio::null()).output().with_context(|| {
            format!(
                "cannot run {what} to build {path} (install it, or give --no-check to write \
                     the package without trying its submissions)"
            )
        })?;
        if !out.status.success() {
            bail!(
                "{what} cannot build {path}:\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        Ok(())
    };
    let text = |p: &Path| p.to_string_lossy().into_owned();
    match ext {
        "cpp" | "cc" => {
            let exe = build.join("program");
            ok(
                Command::new("g++")
                    .args(["-O2", "-std=c++17", "-o"])
                    .arg(&exe)
                    .arg(&source),
                "g++",
            )?;
            Ok(vec![text(&exe)])
        }
        "java" => {
            ok(
                Command::new("javac").arg("-d").arg(build).arg(&source),
                "javac",
            )?;
            let class = source.file_stem().unwrap_or_default().to_string_lossy();
            Ok(vec![
                "java".into(),
                "-XX:+UseSerialGC".into(),
                "-Xss64m".into(),
                "-cp".into(),
                text(build),
                class.into_owned(),
            ])
        }
        "py" => {
            let pypy = Command::new("pypy3")
                .arg("--version")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            let python = if pypy { "pypy3" } else { "python3" };
            Ok(vec![python.into(), text(&source)])
        }
        _ => bail!("{path}: no rule to build a .{ext} submission"),
    }
}

/// Runs `argv` on every test under `limit` of CPU time: each verdict
/// with the CPU time it used.
pub fn try_on(
    argv: &[String],
    tests: &[TestFiles],
    limit: Duration,
    scratch: &Path,
) -> Result<Vec<(Verdict, Duration)>> {
    let limits = RunLimits {
        time: limit,
        memory: None,
    };
    let mut out = Vec::new();
    for (i, t) in tests.iter().enumerate() {
        let stats = scratch.join(format!("run-{i}"));
        let spec = Spec {
            argv,
            stdin: Stdin::File(&t.input),
            // CPU time decides; the wall clock is a net for a program
            // that waits, generous so a loaded machine changes nothing.
            wall: limit * 3 + Duration::from_secs(2),
            caps: [
                PipeCap {
                    bytes: 64 << 20,
                    fatal: true,
                },
                PipeCap {
                    bytes: 1 << 16,
                    fatal: false,
                },
            ],
            cancel: None,
            limited: Some((limits, &stats)),
        };
        let run = run::run(&spec).with_context(|| format!("cannot run {}", argv.join(" ")))?;
        let cpu = run.cpu.unwrap_or(run.wall);
        let verdict = match run.ended {
            _ if cpu > limit => Verdict::Tle,
            Ended::TimedOut | Ended::Cancelled => Verdict::Tle,
            Ended::Exited(0) => {
                let answer = std::fs::read_to_string(&t.answer)
                    .with_context(|| format!("cannot read {}", t.answer.display()))?;
                if run
                    .stdout
                    .split_ascii_whitespace()
                    .eq(answer.split_ascii_whitespace())
                {
                    Verdict::Ac
                } else {
                    Verdict::Wa
                }
            }
            // The kernel's CPU-time kill is TLE, whatever the last
            // measurement before it said.
            Ended::Signaled(sig) if sig == Signal::SIGXCPU as i32 => Verdict::Tle,
            Ended::NotStarted(why) | Ended::NoMemoryToStart(why) => {
                bail!("cannot start {}: {why}", argv.join(" "))
            }
            _ => Verdict::Rte,
        };
        out.push((verdict, cpu));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tried(path: &str, verdicts: &[Verdict]) -> Tried {
        Tried {
            path: path.into(),
            verdicts: verdicts.iter().map(|v| (*v, Duration::ZERO)).collect(),
        }
    }

    fn tests(n: usize) -> Vec<TestFiles> {
        (0..n)
            .map(|i| TestFiles {
                name: format!("secret/{i:02}"),
                input: PathBuf::new(),
                answer: PathBuf::new(),
            })
            .collect()
    }

    #[test]
    fn folders_promise_what_the_format_says() {
        use Verdict::*;
        let t = tests(3);
        assert_eq!(tried("accepted/a.cpp", &[Ac, Ac, Ac]).broken(&t), None);
        let wa = tried("accepted/a.cpp", &[Ac, Wa, Ac]).broken(&t).unwrap();
        assert!(wa.contains("WA on secret/01"), "{wa}");
        assert_eq!(tried("wrong_answer/w.cpp", &[Ac, Wa, Ac]).broken(&t), None);
        let tle = tried("wrong_answer/w.cpp", &[Wa, Ac, Tle])
            .broken(&t)
            .unwrap();
        assert!(tle.contains("TLE on secret/02"), "{tle}");
        let none = tried("wrong_answer/w.cpp", &[Ac, Ac, Ac])
            .broken(&t)
            .unwrap();
        assert!(none.contains("AC on every test"), "{none}");
        assert_eq!(
            tried("time_limit_exceeded/t.cpp", &[Ac, Tle, Tle]).broken(&t),
            None
        );
        assert!(tried("time_limit_exceeded/t.cpp", &[Wa, Tle, Tle])
            .broken(&t)
            .is_some());
        assert_eq!(tried("rejected/r.cpp", &[Wa, Ac, Tle]).broken(&t), None);
        assert!(tried("rejected/r.cpp", &[Ac, Ac, Ac]).broken(&t).is_some());
    }
}
