//! A judge test folder: which files are its tests, in which order, what
//! each is called, and each test made ready to judge (its cases and their
//! answers).
//!
//! Two layouts are read, because both are what people have: Polygon's
//! (what `gridpuzzle testset` writes: `01`, `01.a`, ... and a
//! `manifest.json` that names each test) and online-judge-tools'
//! (`NAME.in` with `NAME.out` or `NAME.ans`). Numbered tests come first,
//! by number, then named ones by name in natural order ([`natural`]:
//! `t2` before `t10`, as a person counts), so the order of a folder never
//! depends on the file system's. A test without an answer file is answered
//! by the solver, so a folder of inputs alone can still be judged.

use gridpuzzle_registry::Registered;
use std::collections::BTreeMap;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context, Result};
use gridpuzzle_engine::generate::answer_of;
use gridpuzzle_engine::search::Limits;
use gridpuzzle_engine::words::counted;

use crate::checker::Checker;

/// One test of a folder: its files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestFiles {
    /// `01`, or `NAME` for `NAME.in`.
    pub name: String,
    pub input: PathBuf,
    pub answer: Option<PathBuf>,
}

/// The tests of `dir`, in order: numbered ones by number, then `.in` ones
/// by name.
pub fn find_tests(dir: &Path) -> Result<Vec<TestFiles>> {
    let entries = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read the test folder {}", dir.display()))?;
    let mut names: Vec<String> = Vec::new();
    for entry in entries {
        let entry = entry.with_context(|| format!("cannot read {}", dir.display()))?;
        if let Some(name) = entry.file_name().to_str() {
            names.push(name.to_string());
        }
    }
    let has = |n: &str| names.iter().any(|m| m == n);
    let mut numbered: Vec<(u64, TestFiles)> = Vec::new();
    let mut named: Vec<TestFiles> = Vec::new();
    for name in &names {
        if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
            let answer = format!("{name}.a");
            numbered.push((
                name.parse().unwrap_or(u64::MAX),
                TestFiles {
                    name: name.clone(),
                    input: dir.join(name),
                    answer: has(&answer).then(|| dir.join(answer)),
                },
            ));
        } else if let Some(stem) = name.strip_suffix(".in") {
            let answer = [format!("{stem}.out"), format!("{stem}.ans")]
                .into_iter()
                .find(|a| has(a))
                .map(|a| dir.join(a));
            named.push(TestFiles {
                name: stem.to_string(),
                input: dir.join(name),
                answer,
            });
        }
    }
    numbered.sort_by(|a, b| (a.0, &a.1.name).cmp(&(b.0, &b.1.name)));
    named.sort_by(|a, b| natural(&a.name, &b.name));
    Ok(numbered.into_iter().map(|(_, t)| t).chain(named).collect())
}

/// Names in natural order: runs of digits compare as numbers (`t2` before
/// `t10`), the rest byte by byte, so `oj`'s `sample-2.in` comes before
/// `sample-10.in` as a person counts them; equal names otherwise (`t02`,
/// `t2`) fall back to their bytes, so the order is total.
pub fn natural(a: &str, b: &str) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let (x, y) = (a.as_bytes(), b.as_bytes());
    let (mut i, mut j) = (0, 0);
    while i < x.len() && j < y.len() {
        if x[i].is_ascii_digit() && y[j].is_ascii_digit() {
            let run = |s: &[u8], from: usize| {
                let end = s[from..]
                    .iter()
                    .position(|c| !c.is_ascii_digit())
                    .map_or(s.len(), |k| from + k);
                (end, from)
            };
            let ((ei, si), (ej, sj)) = (run(x, i), run(y, j));
            fn strip(s: &[u8], from: usize, end: usize) -> &[u8] {
                let zeros = s[from..end].iter().take_while(|&&c| c == b'0').count();
                &s[from + zeros..end]
            }
            let (p, q) = (strip(x, si, ei), strip(y, sj, ej));
            let order = p.len().cmp(&q.len()).then_with(|| p.cmp(q));
            if order != Ordering::Equal {
                return order;
            }
            (i, j) = (ei, ej);
        } else {
            if x[i] != y[j] {
                return x[i].cmp(&y[j]);
            }
            i += 1;
            j += 1;
        }
    }
    (x.len() - i).cmp(&(y.len() - j)).then_with(|| a.cmp(b))
}

/// The tests' titles from a `manifest.json` that `testset` wrote, by input
/// name; none when there is no readable manifest.
pub fn titles(dir: &Path) -> BTreeMap<String, String> {
    let Ok(text) = std::fs::read_to_string(dir.join("manifest.json")) else {
        return BTreeMap::new();
    };
    let Ok(json) = serde_json::from_str::<serde_json::Value>(&text) else {
        return BTreeMap::new();
    };
    json.get("tests")
        .and_then(|t| t.as_array())
        .map(|tests| {
            tests
                .iter()
                .filter_map(|t| {
                    Some((
                        t.get("input")?.as_str()?.to_string(),
                        t.get("name")?.as_str()?.to_string(),
                    ))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// A test made ready to judge: its cases and their answers.
#[derive(Debug, Clone)]
pub struct Test<C> {
    pub files: TestFiles,
    /// Its name in the folder's manifest, if any.
    pub title: Option<String>,
    pub cases: Vec<C>,
    pub answers: Vec<i64>,
}

/// Reads test `files` of `puzzle`: its cases, and its answers from its
/// answer file (each proved by the solver first: [`jury_answers`]) or
/// else from the solver, within `limits()` (called once a case, so a
/// deadline is per case).
pub fn load<P: Registered>(
    puzzle: &P,
    files: &TestFiles,
    title: Option<String>,
    limits: &dyn Fn() -> Limits,
) -> Result<Test<P::Case>> {
    let file = std::fs::File::open(&files.input)
        .with_context(|| format!("cannot open {}", files.input.display()))?;
    let cases = puzzle
        .cases(Box::new(BufReader::new(file)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| anyhow!("test {}: {e}", files.input.display()))?;
    let answers = match &files.answer {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            jury_answers(puzzle, &cases, &text, &path.display().to_string(), limits)?
        }
        None => cases
            .iter()
            .enumerate()
            .map(|(i, case)| {
                answer_of(&puzzle.solve(case, &limits())).ok_or_else(|| {
                    anyhow!(
                        "test {}, {} {}: our search ran out of its budget and the test \
                         has no answer file; raise --timeout or write the answers",
                        files.name,
                        P::INFO.unit,
                        i + 1
                    )
                })
            })
            .collect::<Result<Vec<_>>>()?,
    };
    Ok(Test {
        files: files.clone(),
        title,
        cases,
        answers,
    })
}

/// The jury's answers cannot be used: malformed, too few or too many, or
/// wrong. Checking against them is testlib's FAIL (exit 3), never the
/// contestant's WA or PE.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JuryError(pub String);

impl std::fmt::Display for JuryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for JuryError {}

/// Reads the jury's answers to `cases` from `text` (the answer file
/// `name`) and proves each one with our solver within `limits()` (called
/// once a case) before any output is judged against it: a wrong answer is
/// a [`JuryError`] naming the case, so a correct program is never told it
/// is wrong because the jury is. A case our search cannot settle within
/// its budget keeps the jury's answer: that is what answer files are for.
pub fn jury_answers<P: Registered>(
    puzzle: &P,
    cases: &[P::Case],
    text: &str,
    name: &str,
    limits: &dyn Fn() -> Limits,
) -> Result<Vec<i64>, JuryError> {
    let answers = Checker::of::<P>()
        .read_answers(text)
        .map_err(|e| JuryError(format!("the jury's answer file {name} is malformed, {e}")))?;
    if answers.len() != cases.len() {
        return Err(JuryError(format!(
            "the jury's answer file {name} is wrong: it has {} for an input of {}",
            counted(answers.len() as u64, "answer", "answers"),
            counted(
                cases.len() as u64,
                P::INFO.unit,
                &format!("{}s", P::INFO.unit)
            ),
        )));
    }
    for (i, (case, &said)) in cases.iter().zip(&answers).enumerate() {
        if let Some(truth) = answer_of(&puzzle.solve(case, &limits())) {
            if truth != said {
                return Err(JuryError(format!(
                    "the jury's answer is wrong: {name}, {} {}: it says {said}, the answer \
                     is {truth} (proved by our solver)",
                    P::INFO.unit,
                    i + 1
                )));
            }
        }
    }
    Ok(answers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridpuzzle_registry::Visit;

    /// A fresh folder under the system's temporary one.
    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("gridpuzzle-folder-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn tests_are_found_in_both_layouts_in_a_fixed_order() {
        let dir = folder("layouts");
        for name in [
            "10", "10.a", "2", "02", "02.a", "b.in", "b.ans", "a.in", "a.out", "a.ans", "c.txt",
            "7.a", "t10.in", "t2.in", "t1.in",
        ] {
            std::fs::write(dir.join(name), "").unwrap();
        }
        let found = find_tests(&dir).unwrap();
        let seen: Vec<(&str, Option<String>)> = found
            .iter()
            .map(|t| {
                let answer = t.answer.as_ref().map(|a| {
                    a.file_name()
                        .and_then(|n| n.to_str())
                        .unwrap_or_default()
                        .to_string()
                });
                (t.name.as_str(), answer)
            })
            .collect();
        let a = |s: &str| Some(s.to_string());
        assert_eq!(
            seen,
            [
                ("02", a("02.a")),
                ("2", None),
                ("10", a("10.a")),
                ("a", a("a.out")),
                ("b", a("b.ans")),
                ("t1", None),
                ("t2", None),
                ("t10", None),
            ]
        );
        assert_eq!(found[0].input, dir.join("02"));
        let _ = std::fs::remove_dir_all(&dir);
        let err = find_tests(&dir).unwrap_err().to_string();
        assert!(err.starts_with("cannot read the test folder"), "{err}");
    }

    #[test]
    fn names_sort_as_a_person_counts() {
        let mut names = vec![
            "t10",
            "t2",
            "t02",
            "t1",
            "b",
            "a10b",
            "a2b",
            "a2a",
            "x99999999999999999999999",
            "x3",
        ];
        names.sort_by(|a, b| natural(a, b));
        assert_eq!(
            names,
            [
                "a2a",
                "a2b",
                "a10b",
                "b",
                "t1",
                "t02",
                "t2",
                "t10",
                "x3",
                "x99999999999999999999999"
            ]
        );
    }

    #[test]
    fn titles_come_from_the_manifest_if_it_reads() {
        let dir = folder("titles");
        assert!(titles(&dir).is_empty());
        std::fs::write(dir.join("manifest.json"), "{ not json").unwrap();
        assert!(titles(&dir).is_empty());
        std::fs::write(
            dir.join("manifest.json"),
            r#"{"tests":[{"input":"01","name":"sample"},{"input":"02"},{"name":"x"}]}"#,
        )
        .unwrap();
        let t = titles(&dir);
        assert_eq!(t.len(), 1);
        assert_eq!(t["01"], "sample");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Every registered puzzle's statement sample loads with its answers
    /// from a file, from the solver (the same ones), and refuses an answer
    /// file of the wrong length or form.
    #[test]
    fn a_test_loads_with_its_answers_or_the_solvers() {
        struct Load;
        impl Visit for Load {
            type Output = ();
            fn visit<P: Registered>(self, puzzle: P) {
                let dir = folder(P::INFO.name);
                std::fs::write(dir.join("01"), P::INFO.samples).unwrap();
                let files = TestFiles {
                    name: "01".into(),
                    input: dir.join("01"),
                    answer: None,
                };
                let solved = load(&puzzle, &files, None, &Limits::none).unwrap();
                assert!(!solved.cases.is_empty(), "{}", P::INFO.name);
                let checker = Checker::of::<P>();
                let text: String = solved
                    .answers
                    .iter()
                    .enumerate()
                    .map(|(i, &a)| checker.judge_line(i as u64 + 1, a) + "\n")
                    .collect();
                std::fs::write(dir.join("01.a"), &text).unwrap();
                let with_file = TestFiles {
                    answer: Some(dir.join("01.a")),
                    ..files.clone()
                };
                let read = load(&puzzle, &with_file, Some("t".into()), &Limits::none).unwrap();
                assert_eq!(read.answers, solved.answers, "{}", P::INFO.name);
                assert_eq!(read.title.as_deref(), Some("t"));
                let first = text.lines().next().unwrap_or_default();
                std::fs::write(dir.join("01.a"), format!("{first}\n")).unwrap();
                if solved.cases.len() > 1 {
                    let err = load(&puzzle, &with_file, None, &Limits::none).unwrap_err();
                    assert!(err.to_string().contains("has 1 answer for"), "{err}");
                }
                // A wrong jury answer is the jury's error, naming the
                // case, whatever the output will be.
                let wrong: String = solved
                    .answers
                    .iter()
                    .enumerate()
                    .map(|(i, &a)| {
                        let a = if i == 0 { a + 3 } else { a };
                        checker.judge_line(i as u64 + 1, a) + " \r\n"
                    })
                    .collect();
                std::fs::write(dir.join("01.a"), &wrong).unwrap();
                let err = load(&puzzle, &with_file, None, &Limits::none).unwrap_err();
                let jury = err.downcast_ref::<JuryError>().expect("a jury error");
                assert!(
                    jury.0.contains(&format!(
                        "the jury's answer is wrong: {}, {} 1: it says {}, the answer is {}",
                        dir.join("01.a").display(),
                        P::INFO.unit,
                        solved.answers[0] + 3,
                        solved.answers[0]
                    )),
                    "{jury}"
                );
                std::fs::write(dir.join("01.a"), "nonsense\n").unwrap();
                let err = load(&puzzle, &with_file, None, &Limits::none).unwrap_err();
                assert!(err.to_string().contains("line 1: expected"), "{err}");
                let budget = || Limits {
                    max_expanded: Some(0),
                    ..Limits::none()
                };
                if let Err(e) = load(&puzzle, &files, None, &budget) {
                    assert!(e.to_string().contains("ran out of its budget"), "{e}");
                }
                std::fs::write(dir.join("01"), "\u{1}garbage").unwrap();
                assert!(load(&puzzle, &files, None, &Limits::none).is_err());
                let _ = std::fs::remove_dir_all(&dir);
            }
        }
        for e in gridpuzzle_registry::entries() {
            gridpuzzle_registry::visit(e.name, Load).unwrap();
        }
    }
}
