//! Making a judge test set: a folder as Polygon and testlib lay one out
//! (`01`, `01.a`, ...), with a `manifest.json` that says how each test was
//! made and what it is for, and a `README.txt` that says what the files
//! are and the command that writes them again, for whoever finds the
//! folder without this program's docs. `gridpuzzle testset` is this, with its command
//! line.
//!
//! The tests are, in order: the statement's sample; the puzzle's presets
//! (`Puzzle::presets`: its edge cases, a spread of answers, the most
//! cases in one input, the hardest board annealing finds); and, when some
//! known wrong reading of the rules (`Puzzle::VARIANTS`) fails no test
//! yet, tests hunted down for it. Every case's answer is proved by the
//! solver; the answer under every variant is computed too, so the manifest
//! says which variants each case and test *kill* (their answer differs),
//! and names a small kill set ([`kill_set`]): tests that together fail
//! every variant. No case appears twice, and every input is checked with
//! the puzzle's strict validator before the set is called good.
//!
//! Everything follows from the seed, but the hardest boards: annealing
//! runs for a given time, so how far it gets depends on the machine. A
//! zero time leaves those tests out, and then every byte of the folder is
//! a function of the seed (and the manifest says so).
//!
//! The builder is generic: what a puzzle's edge cases are is the puzzle's
//! knowledge (the engine's `testset` presets), and is never written here.

use gridpuzzle_registry::Registered;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use gridpuzzle_engine::caps::{stress_case, Draw, GenSpec, GenerateOf, HardSpec};
use gridpuzzle_engine::generate::{answer_of, Difficulty};
use gridpuzzle_engine::memory::Heap;
use gridpuzzle_engine::puzzle::judge_line;
use gridpuzzle_engine::puzzle::Puzzle;
use gridpuzzle_engine::rng::SplitMix64;
use gridpuzzle_engine::search::{Limits, Search};
use gridpuzzle_engine::testset::{Preset, Request};
use gridpuzzle_engine::words::counted;
use serde_json::{json, Map, Value};
use std::sync::Arc;

/// A test file's name: digits, with `.a` for an answer.
fn is_test_file(name: &str) -> bool {
    let stem = name.strip_suffix(".a").unwrap_or(name);
    !stem.is_empty() && stem.bytes().all(|b| b.is_ascii_digit())
}

/// Creates `dir`, or empties it of tests with `force`; refuses to mix a
/// new set into an old one.
pub fn prepare(dir: &Path, force: bool) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut old = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if is_test_file(&name) || name == MANIFEST || name == README {
            old.push(entry.path());
        }
    }
    if old.is_empty() {
        return Ok(());
    }
    if !force {
        bail!(
            "{} already holds a test set ({}); give --force to replace it",
            dir.display(),
            counted(old.len() as u64, "file", "files")
        );
    }
    for path in old {
        std::fs::remove_file(&path).with_context(|| format!("cannot remove {}", path.display()))?;
    }
    Ok(())
}

const MANIFEST: &str = "manifest.json";

/// What the folder's files are, and how they were made ([`Make::readme`]).
const README: &str = "README.txt";

/// A generated board's search budget, and the budget of each answer the
/// test set states (the judge's and every variant's): far above what
/// cases within the judges' limits need, so a case is never dropped there.
const MAX_EXPANDED: u64 = 5_000_000;
const MAX_STORED: usize = 2_000_000;

/// Limits of one search of the set, starting now, in the run's `heap`.
fn limits(heap: &Option<Arc<Heap>>) -> Limits {
    Limits {
        max_expanded: Some(MAX_EXPANDED),
        max_stored: Some(MAX_STORED),
        deadline: Some(Instant::now() + Duration::from_secs(10)),
        heap: heap.clone(),
        ..Limits::none()
    }
}

/// Generated boards drawn for one request before it is given up, and the
/// time it may take.
const DRAWS: u32 = 300;
const REQUEST_TIME: Duration = Duration::from_secs(3);

/// Tries, and time, to hunt a test for a variant that no test kills.
const HUNT_TRIES: u64 = 2_000;
const HUNT_TIME: Duration = Duration::from_secs(5);
const HUNT_CASES: usize = 3;

/// A seed for item `(a, b)` of the set made with `seed`.
fn seed_of(seed: u64, a: u64, b: u64) -> u64 {
    let mut rng = SplitMix64::new(seed ^ a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (b << 32 | b));
    rng.next_u64()
}

/// How to make a test set: where, from which seed, and how long each
/// hardest-board test anneals (zero leaves those tests out).
#[derive(Debug, Clone)]
pub struct Make {
    pub dir: PathBuf,
    pub seed: u64,
    pub hardest: Duration,
    /// The run's heap budget, for every search of the set.
    pub heap: Option<Arc<Heap>>,
}

/// A case of the set.
struct Made<C> {
    case: C,
    text: String,
    answer: i64,
    difficulty: Option<Difficulty>,
    /// How it was made, for the manifest.
    made: Value,
    /// The variants whose answer differs here.
    kills: Vec<&'static str>,
}

/// A test of the set.
struct Planned<C> {
    name: String,
    about: String,
    cases: Vec<Made<C>>,
    /// The input's text when it is not the cases written one by one (the
    /// statement's sample, kept byte for byte).
    verbatim: Option<String>,
    reproducible: bool,
    notes: Vec<String>,
}

impl<C> Planned<C> {
    fn new(name: &str, about: &str) -> Planned<C> {
        Planned {
            name: name.into(),
            about: about.into(),
            cases: Vec::new(),
            verbatim: None,
            reproducible: true,
            notes: Vec::new(),
        }
    }
}

fn pairs_json(pairs: &[(String, String)]) -> Value {
    Value::Object(
        pairs
            .iter()
            .map(|(k, v)| (k.clone(), Value::String(v.clone())))
            .collect::<Map<_, _>>(),
    )
}

fn difficulty_json(d: &Option<Difficulty>) -> Value {
    match d {
        Some(d) => json!({
            "optimum": d.optimum,
            "optimal_first_moves": d.optimal_first_moves,
            "expanded": d.expanded,
        }),
        None => Value::Null,
    }
}

impl Make {
    /// Makes the test set of `puzzle` and writes it (see the module docs);
    /// the lines say what was written.
    pub fn make<P: Registered>(&self, puzzle: &P) -> Result<Written> {
        let mut set = Set {
            puzzle,
            gen: P::CAPS.generator()?,
            heap: self.heap.clone(),
            seen: HashSet::new(),
            variants: variants(puzzle)?,
        };
        let mut tests: Vec<Planned<P::Case>> = Vec::new();
        tests.push(set.sample()?);
        let presets = P::CAPS.presets(puzzle);
        for (i, preset) in presets.iter().enumerate() {
            if preset.hardest.is_some() && self.hardest.is_zero() {
                continue;
            }
            let test = set.preset(preset, seed_of(self.seed, i as u64 + 1, 0), self.hardest)?;
            if !test.cases.is_empty() {
                tests.push(test);
            }
        }
        if presets.is_empty() {
            tests.push(set.random(self.seed));
        }
        // The variants no test kills yet get tests of their own. The
        // sample does not count: contestants see it, so a wrong reading
        // that only it kills would be fixed by hand to pass it, and still
        // be wrong.
        let names: Vec<&str> = set.variants.iter().map(|(v, _)| v.name).collect();
        for (k, name) in names.into_iter().enumerate() {
            let killed = tests
                .iter()
                .skip(1)
                .any(|t| t.cases.iter().any(|c| c.kills.contains(&name)));
            if !killed {
                let hunted = set.hunt(k, seed_of(self.seed, 1000 + k as u64, 0));
                if !hunted.cases.is_empty() {
                    tests.push(hunted);
                }
            }
        }
        // Within the judges' limit of cases in one input.
        if let Some(max) = P::CAPS.judge_limits().and_then(|l| l.max_cases) {
            for t in &mut tests {
                if t.cases.len() as u64 > max && t.verbatim.is_none() {
                    t.notes.push(format!(
                        "cut from {} to the judges' most of {max}",
                        counted(
                            t.cases.len() as u64,
                            P::INFO.unit,
                            &format!("{}s", P::INFO.unit)
                        )
                    ));
                    t.cases.truncate(max as usize);
                }
            }
        }
        self.write(puzzle, &set, &tests)
    }
}

/// The known wrong readings under these settings, each with its puzzle.
fn variants<P: Registered>(
    puzzle: &P,
) -> Result<Vec<(&'static gridpuzzle_engine::caps::Variant, P)>> {
    P::CAPS
        .variants()
        .iter()
        .map(|v| {
            let mut wrong = puzzle.clone();
            for (key, value) in v.settings {
                P::CAPS
                    .set(&mut wrong, key, value)
                    .map_err(|e| anyhow!("variant {}: {e}", v.name))?;
            }
            Ok((v, wrong))
        })
        .collect()
}

/// What making the set shares.
struct Set<'a, P: Puzzle> {
    puzzle: &'a P,
    gen: &'static dyn GenerateOf<P>,
    heap: Option<Arc<Heap>>,
    /// The judge text of every case so far.
    seen: HashSet<String>,
    variants: Vec<(&'static gridpuzzle_engine::caps::Variant, P)>,
}

impl<P: Registered> Set<'_, P> {
    /// Limits of one search of the set, starting now.
    fn limits(&self) -> Limits {
        limits(&self.heap)
    }

    /// How a random case of at most `w × h` is drawn.
    fn draw(&self, w: u32, h: u32) -> Draw<'_, P> {
        Draw {
            gen: self.gen,
            heap: self.heap.as_ref(),
            width: w,
            height: h,
        }
    }

    /// A case with its answer (`search` when it is known), unless it is a
    /// repeat or its answer cannot be proved.
    fn made(
        &mut self,
        case: P::Case,
        known: Option<(i64, Difficulty)>,
        made: Value,
    ) -> Option<Made<P::Case>> {
        let text = self.puzzle.write_case(&case);
        if self.seen.contains(&text) {
            return None;
        }
        let (answer, difficulty) = match known {
            Some((a, d)) => (a, Some(d)),
            None => {
                let search: Search<P::Move> = self.puzzle.solve(&case, &self.limits());
                let answer = answer_of(&search)?;
                let difficulty = self
                    .gen
                    .difficulty(self.puzzle, &case, &search, &self.limits());
                (answer, difficulty)
            }
        };
        let kills = self
            .variants
            .iter()
            .filter(|(_, wrong)| {
                answer_of(&wrong.solve(&case, &self.limits())).is_some_and(|a| a != answer)
            })
            .map(|(v, _)| v.name)
            .collect();
        self.seen.insert(text.clone());
        Some(Made {
            case,
            text,
            answer,
            difficulty,
            made,
            kills,
        })
    }

    /// Test 1: the statement's sample, byte for byte.
    fn sample(&mut self) -> Result<Planned<P::Case>> {
        let mut test = Planned::new("sample", "the statement's sample input");
        test.verbatim = Some(P::INFO.samples.to_string());
        for case in self.puzzle.cases(Box::new(P::INFO.samples.as_bytes())) {
            let case = case.map_err(|e| anyhow!("the statement's sample: {e}"))?;
            let made = self
                .made(case, None, json!({ "by": "statement" }))
                .ok_or_else(|| anyhow!("a case of the sample has no proved answer"))?;
            test.cases.push(made);
        }
        Ok(test)
    }

    fn preset(
        &mut self,
        preset: &Preset,
        seed: u64,
        hardest: Duration,
    ) -> Result<Planned<P::Case>> {
        let mut test = Planned::new(&preset.name, &preset.about);
        if !preset.text.is_empty() {
            let text = format!("{}{}", preset.text, P::INFO.terminator);
            let mut repeats = 0;
            for case in self.puzzle.cases(Box::new(text.as_bytes())) {
                match case {
                    Ok(case) => match self.made(case, None, json!({ "by": "hand" })) {
                        Some(m) => test.cases.push(m),
                        None => repeats += 1,
                    },
                    Err(e) => {
                        test.notes
                            .push(format!("a written case does not fit these rules: {e}"));
                        break;
                    }
                }
            }
            if repeats > 0 {
                test.notes.push(format!(
                    "{} left out: already in an earlier test",
                    counted(repeats, "written case", "written cases")
                ));
            }
        }
        for (j, request) in preset.requests.iter().enumerate() {
            let seed = seed_of(seed, 0, j as u64 + 1);
            let (made, note) = self.request(request, seed);
            test.cases.extend(made);
            test.notes.extend(note);
        }
        if let Some((size, params)) = &preset.hardest {
            test.reproducible = false;
            let spec = HardSpec {
                width: size.0,
                height: size.1,
                density: None,
                params: params.clone(),
                time: hardest,
                max_expanded: None,
                cancel: None,
                heap: self.heap.clone(),
            };
            match self.gen.hardest(self.puzzle, &spec, seed, &mut |_, _| {}) {
                Ok(Some(best)) => {
                    let made = json!({
                        "by": "hardest",
                        "size": format!("{}x{}", size.0, size.1),
                        "params": pairs_json(params),
                        "seconds": hardest.as_secs_f64(),
                        "boards_tried": best.evaluated,
                        "seed": seed,
                    });
                    if let Some(m) = self.made(best.board, None, made) {
                        test.cases.push(m);
                    }
                }
                Ok(None) => test
                    .notes
                    .push("annealing found no solvable board in time".into()),
                Err(e) => test.notes.push(format!("no hardest board: {e}")),
            }
        }
        Ok(test)
    }

    /// The cases of one generator request, and a note when fewer came.
    fn request(&mut self, r: &Request, seed: u64) -> (Vec<Made<P::Case>>, Option<String>) {
        let mut made = Vec::new();
        let describe = |made: usize, why: String| {
            Some(format!(
                "{made} of {} wanted {}x{} cases with answer {}{}: {why}",
                r.count,
                r.size.0,
                r.size.1,
                r.want,
                if r.rules.is_empty() {
                    String::new()
                } else {
                    format!(" under {:?}", r.rules)
                }
            ))
        };
        let mut maker = self.puzzle.clone();
        for (k, v) in &r.rules {
            if let Err(e) = P::CAPS.set(&mut maker, k, v) {
                return (made, describe(0, e));
            }
        }
        let spec = GenSpec {
            width: r.size.0,
            height: r.size.1,
            want: r.want,
            density: r.density,
            params: r.params.clone(),
            max_expanded: Some(MAX_EXPANDED),
            attempts: 20_000,
            cancel: None,
            heap: self.heap.clone(),
        };
        let mut generator = match self.gen.generator(&maker, &spec, seed) {
            Ok(g) => g,
            Err(e) => return (made, describe(0, e)),
        };
        let began = Instant::now();
        let mut draws = 0;
        while (made.len() as u32) < r.count && draws < DRAWS && began.elapsed() < REQUEST_TIME {
            draws += 1;
            let Some(Ok(g)) = generator.next() else {
                break;
            };
            let known = r
                .rules
                .is_empty()
                .then_some((g.difficulty.optimum, g.difficulty));
            let how = json!({
                "by": "generator",
                "size": format!("{}x{}", r.size.0, r.size.1),
                "answer": r.want.to_string(),
                "density": r.density,
                "params": pairs_json(&r.params),
                "rules": pairs_json(&r.rules),
                "seed": seed,
                "draw": draws,
            });
            let Some(m) = self.made(g.board, known, how) else {
                continue;
            };
            if r.judge.is_some_and(|w| !w.contains(m.answer)) {
                self.seen.remove(&m.text);
                continue;
            }
            made.push(m);
        }
        let note = if (made.len() as u32) < r.count {
            describe(
                made.len(),
                format!("the generator gave no more in {draws} boards"),
            )
        } else {
            None
        };
        (made, note)
    }

    /// Random cases for a puzzle without presets.
    fn random(&mut self, seed: u64) -> Planned<P::Case> {
        let mut test = Planned::new("random", "random cases of growing size");
        let (mw, mh) = P::CAPS.judge_limits().map_or((10, 10), |l| l.max_size);
        for k in 0..20u64 {
            let (w, h) = (
                2 + (mw - 2) * k as u32 / 19,
                2 + (mh.max(2) - 2) * k as u32 / 19,
            );
            let s = seed_of(seed, 500, k);
            if let Some(case) = stress_case(self.draw(w, h), self.puzzle, s) {
                let how = json!({ "by": "random", "size": format!("{w}x{h}"), "seed": s });
                if let Some(m) = self.made(case, None, how) {
                    test.cases.push(m);
                }
            }
        }
        test
    }

    /// A test for variant `k` that no test kills yet: random cases, from
    /// the judges' rules and from the variant's, small boards first, until
    /// a few of them tell the two apart.
    fn hunt(&mut self, k: usize, seed: u64) -> Planned<P::Case> {
        let (v, wrong) = (self.variants[k].0, self.variants[k].1.clone());
        let mut test = Planned::new(
            &format!("kills-{}", v.name),
            &format!("cases whose answer differs {}", v.words),
        );
        let (mw, mh) = P::CAPS.judge_limits().map_or((10, 10), |l| l.max_size);
        let began = Instant::now();
        let mut tries = 0;
        while test.cases.len() < HUNT_CASES && tries < HUNT_TRIES && began.elapsed() < HUNT_TIME {
            let grow = |max: u32| 2 + (max.saturating_sub(2) as u64 * tries / HUNT_TRIES) as u32;
            let (w, h) = (grow(mw), grow(mh));
            let s = seed_of(seed, 0, tries);
            let from_variant = tries % 2 == 1;
            tries += 1;
            let case = if from_variant {
                stress_case(self.draw(w, h), &wrong, s)
            } else {
                stress_case(self.draw(w, h), self.puzzle, s)
            };
            let Some(case) = case else { continue };
            let how = json!({
                "by": "random",
                "size": format!("{w}x{h}"),
                "rules": if from_variant { pairs_json(&v.settings.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect::<Vec<_>>()) } else { json!({}) },
                "seed": s,
            });
            let Some(m) = self.made(case, None, how) else {
                continue;
            };
            if m.kills.contains(&v.name) {
                test.cases.push(m);
            } else {
                self.seen.remove(&m.text);
            }
        }
        if test.cases.is_empty() {
            test.notes
                .push(format!("no case told the variant apart in {tries} tries"));
        }
        test
    }
}

/// What writing the set found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// One line a test, its notes, then the variants and the kill set.
    pub lines: Vec<String>,
    /// Every test valid and every known wrong reading killed.
    pub good: bool,
}

/// `testset --format json`: what was written.
#[derive(Debug, serde::Serialize)]
pub struct TestsetJson {
    pub puzzle: &'static str,
    /// The folder written.
    pub folder: String,
    /// Every test valid and every known wrong reading killed (exit 0).
    pub good: bool,
    /// The text report's lines: a line a test, its notes, the variants and
    /// the kill set.
    pub lines: Vec<String>,
    /// The folder's manifest.json, as written.
    pub manifest: serde_json::Value,
}

impl Make {
    /// What `written` wrote for `puzzle`, as [`TestsetJson`] (the manifest
    /// read back from the folder).
    pub fn json(&self, puzzle: &'static str, written: &Written) -> Result<TestsetJson> {
        let path = self.dir.join("manifest.json");
        let manifest = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        Ok(TestsetJson {
            puzzle,
            folder: self.dir.display().to_string(),
            good: written.good,
            lines: written.lines.clone(),
            manifest: serde_json::from_str(&manifest)?,
        })
    }

    /// Writes test `name` (its input and its answers), says it in
    /// `lines` (and whether it is valid), and adds it to the tests that
    /// kill each variant (`killed_by`): its manifest record, and whether
    /// it passed the strict validator.
    fn write_test<P: Registered>(
        &self,
        puzzle: &P,
        set: &Set<'_, P>,
        name: &str,
        test: &Planned<P::Case>,
        killed_by: &mut [Vec<String>],
        lines: &mut Vec<String>,
    ) -> Result<(Value, bool)> {
        let input = match &test.verbatim {
            Some(text) => text.clone(),
            None => {
                let mut text: String = test.cases.iter().map(|c| c.text.as_str()).collect();
                text.push_str(P::INFO.terminator);
                text
            }
        };
        let answers: String = test
            .cases
            .iter()
            .enumerate()
            .map(|(n, c)| format!("{}\n", judge_line::<P>(n as u64 + 1, &c.answer.to_string())))
            .collect();
        let path = self.dir.join(name);
        std::fs::write(&path, &input)
            .with_context(|| format!("cannot write {}", path.display()))?;
        let path = self.dir.join(format!("{name}.a"));
        std::fs::write(&path, &answers)
            .with_context(|| format!("cannot write {}", path.display()))?;
        let validation = P::CAPS.validate(puzzle, &input, true);
        if !validation.is_valid() {
            for v in validation.lines() {
                lines.push(format!("test {name} is not valid: {v}"));
            }
        }
        let mut kills: Vec<&str> = Vec::new();
        for (k, (v, _)) in set.variants.iter().enumerate() {
            if test.cases.iter().any(|c| c.kills.contains(&v.name)) {
                kills.push(v.name);
                killed_by[k].push(name.to_string());
            }
        }
        let cases: Vec<Value> = test
            .cases
            .iter()
            .map(|c| {
                let (w, h) = P::size(&c.case);
                json!({
                    "answer": c.answer,
                    "size": format!("{w}x{h}"),
                    "difficulty": difficulty_json(&c.difficulty),
                    "kills": c.kills,
                    "made": c.made,
                })
            })
            .collect();
        let answer_counts = {
            let mut seen: Vec<i64> = test.cases.iter().map(|c| c.answer).collect();
            seen.sort_unstable();
            seen.dedup();
            seen
        };
        lines.push(format!(
            "{name}  {:24} {:>3} {}  answers {}{}",
            test.name,
            test.cases.len(),
            if test.cases.len() == 1 {
                P::INFO.unit.to_string()
            } else {
                format!("{}s", P::INFO.unit)
            },
            span(&answer_counts),
            if kills.is_empty() {
                String::new()
            } else {
                format!("  kills {}", kills.join(", "))
            }
        ));
        for note in &test.notes {
            lines.push(format!("    note: {note}"));
        }
        let record = json!({
            "input": name,
            "answer": format!("{name}.a"),
            "name": test.name,
            "about": test.about,
            "cases": cases,
            "kills": kills,
            "valid": validation.is_valid(),
            "reproducible": test.reproducible,
            "notes": test.notes,
        });
        Ok((record, validation.is_valid()))
    }

    /// Writes every test, the manifest and the README, and says what was
    /// written and whether the set is good.
    fn write<P: Registered>(
        &self,
        puzzle: &P,
        set: &Set<'_, P>,
        tests: &[Planned<P::Case>],
    ) -> Result<Written> {
        let width = tests.len().to_string().len().max(2);
        let mut lines = Vec::new();
        let mut good = true;
        let mut records = Vec::new();
        let mut killed_by: Vec<Vec<String>> = vec![Vec::new(); set.variants.len()];
        for (i, test) in tests.iter().enumerate() {
            let name = format!("{:0width$}", i + 1);
            let (record, valid) =
                self.write_test(puzzle, set, &name, test, &mut killed_by, &mut lines)?;
            good &= valid;
            records.push(record);
        }
        // The kill set is made of tests contestants do not see, where
        // there are such.
        let sample = tests.first().map(|_| format!("{:0width$}", 1));
        let hidden: Vec<Vec<String>> = killed_by
            .iter()
            .map(|by| {
                let unseen: Vec<String> = by
                    .iter()
                    .filter(|t| Some(*t) != sample.as_ref())
                    .cloned()
                    .collect();
                if unseen.is_empty() {
                    by.clone()
                } else {
                    unseen
                }
            })
            .collect();
        let kill_set = kill_set(&hidden);
        let mut not_killed = Vec::new();
        let variants: Vec<Value> = set
            .variants
            .iter()
            .zip(&killed_by)
            .map(|((v, _), by)| {
                if by.is_empty() {
                    not_killed.push(v.name);
                }
                json!({
                    "name": v.name,
                    "words": v.words,
                    "settings": pairs_json(&v.settings.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect::<Vec<_>>()),
                    "killed_by": by,
                })
            })
            .collect();
        let reproducible = tests.iter().all(|t| t.reproducible);
        let manifest = json!({
            "puzzle": P::INFO.name,
            "title": P::INFO.title,
            "rules": pairs_json(&P::CAPS.settings_of(puzzle).into_iter().map(|(k, v)| (k.to_string(), v)).collect::<Vec<_>>()),
            "seed": self.seed,
            "hardest_seconds": self.hardest.as_secs_f64(),
            "reproducible": reproducible,
            "made_by": format!("gridpuzzle {}", env!("CARGO_PKG_VERSION")),
            "tests": records,
            "variants": variants,
            "kill_set": kill_set,
            "not_killed": not_killed,
        });
        let path = self.dir.join(MANIFEST);
        let mut text = serde_json::to_string_pretty(&manifest)?;
        text.push('\n');
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
        let path = self.dir.join(README);
        let readme = self.readme(puzzle, tests.len(), width, reproducible);
        std::fs::write(&path, readme)
            .with_context(|| format!("cannot write {}", path.display()))?;
        let cases: usize = tests.iter().map(|t| t.cases.len()).sum();
        lines.push(format!(
            "wrote {} ({}) and {} to {}",
            counted(tests.len() as u64, "test", "tests"),
            counted(cases as u64, P::INFO.unit, &format!("{}s", P::INFO.unit)),
            MANIFEST,
            self.dir.display()
        ));
        for ((v, _), by) in set.variants.iter().zip(&killed_by) {
            if by.is_empty() {
                good = false;
                lines.push(format!(
                    "{} is killed by no test: no case found whose answer differs {}",
                    v.name, v.words
                ));
            } else {
                lines.push(format!(
                    "{} is killed by {}",
                    v.name,
                    counted(by.len() as u64, "test", "tests")
                ));
            }
        }
        if !set.variants.is_empty() && !kill_set.is_empty() {
            lines.push(format!("kill set: {}", kill_set.join(", ")));
        }
        if !reproducible {
            lines.push(
                "the hardest boards depend on this machine's speed; --hardest 0 leaves them out"
                    .into(),
            );
        }
        Ok(Written { lines, good })
    }
}

impl Make {
    /// The folder's README.txt: what its files are and the command that
    /// made it (the seed, the hardest boards' time, every rule setting),
    /// for whoever finds the folder without this program's docs. It names
    /// no path, so a set made again elsewhere is the same byte for byte.
    fn readme<P: Registered>(
        &self,
        puzzle: &P,
        tests: usize,
        width: usize,
        reproducible: bool,
    ) -> String {
        let last = format!("{tests:0width$}");
        let first = format!("{:0width$}", 1);
        let settings: String = P::CAPS
            .settings_of(puzzle)
            .into_iter()
            .map(|(k, v)| format!(" --{k} {v}"))
            .collect();
        let again = if reproducible {
            "Every byte of the folder follows from the seed: the command writes it again."
                .to_string()
        } else {
            format!(
                "The hardest boards depend on the machine's speed (annealing runs for {} s); \
                 with --hardest 0 they are left out and every byte follows from the seed.",
                self.hardest.as_secs_f64()
            )
        };
        format!(
            "Judge tests of {title} ({name}), laid out as Polygon and testlib lay them out.\n\
             \n\
             {first} .. {last}        the test inputs, in the judges' format; {first} is the \
             statement's sample\n\
             {first}.a .. {last}.a    the answers, one judge line a case, each proved by the \
             solver\n\
             manifest.json   how each test and case was made (generator parameters, seed), \
             its answers and difficulty, and which known wrong readings of the rules it \
             kills\n\
             README.txt      this file\n\
             \n\
             Made by gridpuzzle {version} with:\n\
             \n    gridpuzzle testset {name} -o DIR --seed {seed} --hardest {hardest}{settings}\n\
             \n\
             where DIR is this folder. {again}\n\
             Every input passes `gridpuzzle validate {name} --strict`; `gridpuzzle judge {name} \
             --candidate PROGRAM DIR` judges a program on the folder.\n",
            title = P::INFO.title,
            name = P::INFO.name,
            version = env!("CARGO_PKG_VERSION"),
            seed = self.seed,
            hardest = self.hardest.as_secs_f64(),
        )
    }
}

/// `-1, 1..10` style list of the distinct answers.
pub fn span(answers: &[i64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < answers.len() {
        let mut j = i;
        while j + 1 < answers.len() && answers[j + 1] == answers[j] + 1 {
            j += 1;
        }
        parts.push(if j > i + 1 {
            format!("{}..{}", answers[i], answers[j])
        } else if j == i + 1 {
            format!("{}, {}", answers[i], answers[j])
        } else {
            answers[i].to_string()
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// A small set of tests that together kill every killed variant: greedy,
/// the test killing most of the variants left first (ties: the earlier).
pub fn kill_set(killed_by: &[Vec<String>]) -> Vec<String> {
    let mut left: Vec<usize> = (0..killed_by.len())
        .filter(|&k| !killed_by[k].is_empty())
        .collect();
    let mut chosen: Vec<String> = Vec::new();
    while !left.is_empty() {
        let mut candidates: Vec<&String> = left.iter().flat_map(|&k| &killed_by[k]).collect();
        candidates.sort();
        candidates.dedup();
        let best = candidates
            .into_iter()
            .max_by_key(|t| {
                let n = left.iter().filter(|&&k| killed_by[k].contains(t)).count();
                (n, std::cmp::Reverse((*t).clone()))
            })
            .expect("a variant left is killed by some test")
            .clone();
        left.retain(|&k| !killed_by[k].contains(&best));
        chosen.push(best);
    }
    chosen.sort();
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answer_spans_read_as_ranges() {
        assert_eq!(span(&[-1, 1, 2, 3, 5, 7, 8]), "-1, 1..3, 5, 7, 8");
        assert_eq!(span(&[]), "");
    }

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("gridpuzzle-testset-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_folder_with_a_set_is_replaced_only_when_forced() {
        assert!(is_test_file("01") && is_test_file("117.a"));
        assert!(!is_test_file(".a") && !is_test_file("01.b") && !is_test_file("a.in"));
        let dir = folder("prepare");
        prepare(&dir, false).unwrap();
        for name in ["01", "01.a", MANIFEST, "notes.txt"] {
            std::fs::write(dir.join(name), "x").unwrap();
        }
        let err = prepare(&dir, false).unwrap_err().to_string();
        assert!(
            err.contains("already holds a test set (3 files); give --force"),
            "{err}"
        );
        prepare(&dir, true).unwrap();
        let left: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(left, ["notes.txt"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn seeds_of_items_differ_and_repeat() {
        assert_eq!(seed_of(1, 2, 3), seed_of(1, 2, 3));
        let seeds: HashSet<u64> = (0..50)
            .flat_map(|a| (0..4).map(move |b| seed_of(7, a, b)))
            .collect();
        assert_eq!(seeds.len(), 200);
        assert_ne!(seed_of(1, 0, 0), seed_of(2, 0, 0));
    }

    /// Every registered puzzle's set, without hardest boards: written,
    /// valid, each answers file one judge line a case, the manifest naming
    /// each test, and the same bytes from the same seed.
    #[test]
    fn every_puzzle_gets_a_reproducible_valid_set() {
        use gridpuzzle_registry::Visit;
        struct Set;
        impl Visit for Set {
            type Output = ();
            fn visit<P: Registered>(self, puzzle: P) {
                let make = |dir: &Path| {
                    prepare(dir, false).unwrap();
                    Make {
                        dir: dir.to_path_buf(),
                        seed: 3,
                        hardest: Duration::ZERO,
                        heap: None,
                    }
                    .make(&puzzle)
                    .unwrap()
                };
                let (a, b) = (
                    folder(&format!("{}-a", P::INFO.name)),
                    folder(&format!("{}-b", P::INFO.name)),
                );
                let written = make(&a);
                assert!(written.good, "{}: {:#?}", P::INFO.name, written.lines);
                let text = std::fs::read_to_string(a.join(MANIFEST)).unwrap();
                let manifest: Value = serde_json::from_str(&text).unwrap();
                assert_eq!(manifest["puzzle"], P::INFO.name);
                assert_eq!(manifest["reproducible"], true);
                let tests = manifest["tests"].as_array().unwrap();
                assert!(!tests.is_empty());
                // Every wrong reading is killed by a test contestants do
                // not see, and the kill set holds no sample.
                for v in manifest["variants"].as_array().unwrap() {
                    let by = v["killed_by"].as_array().unwrap();
                    assert!(by.iter().any(|t| t != "01"), "{}: {v}", P::INFO.name);
                }
                let kill_set = manifest["kill_set"].as_array().unwrap();
                assert!(
                    !kill_set.iter().any(|t| t == "01"),
                    "{}: {kill_set:?}",
                    P::INFO.name
                );
                let checker = crate::checker::Checker::of::<P>();
                for t in tests {
                    let input = a.join(t["input"].as_str().unwrap());
                    let answers = a.join(t["answer"].as_str().unwrap());
                    let input = std::fs::read_to_string(input).unwrap();
                    let answers = std::fs::read_to_string(answers).unwrap();
                    let read = checker.read_answers(&answers).unwrap();
                    assert_eq!(read.len(), t["cases"].as_array().unwrap().len());
                    let valid = P::CAPS.validate(&puzzle, &input, true);
                    assert!(valid.is_valid(), "{}: {:?}", P::INFO.name, valid.lines());
                }
                make(&b);
                for name in std::fs::read_dir(&a)
                    .unwrap()
                    .map(|e| e.unwrap().file_name())
                {
                    assert_eq!(
                        std::fs::read(a.join(&name)).unwrap(),
                        std::fs::read(b.join(&name)).unwrap(),
                        "{}: {name:?}",
                        P::INFO.name
                    );
                }
                let _ = std::fs::remove_dir_all(&a);
                let _ = std::fs::remove_dir_all(&b);
            }
        }
        for e in gridpuzzle_registry::entries() {
            gridpuzzle_registry::visit(e.name, Set).unwrap();
        }
    }

    #[test]
    fn the_kill_set_covers_every_killed_variant_with_few_tests() {
        let by = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let killed = vec![by(&["03", "05"]), by(&["05", "09"]), by(&[]), by(&["02"])];
        assert_eq!(kill_set(&killed), ["02", "05"]);
    }
}
