//! The conformance suite: one set of checks, generic over any registered
//! puzzle ([`Registered`]: the core contract and the capabilities its
//! registry line declares), that every registered puzzle runs.
//!
//! SGT Puzzles proves its midend with `nullgame`; here CI's throwaway
//! puzzle (a copy of `crates/template`, registered by
//! `.ci/throwaway-puzzle`) runs these checks exactly as Curling and
//! Holedox do. Each test walks [`entries`] and hands a check to [`visit`],
//! so a newly registered puzzle is tested with no edit here; a check of a
//! capability runs on the puzzles that declare it, and the others say
//! they lack it. A check knows nothing of any puzzle: it works only
//! through the contract, on cases from the puzzle's own samples and
//! generator, with fixed seeds.
//!
//! What is checked, per puzzle:
//!
//! - the judge format: written cases parse back equal, alone and many in a
//!   row; a malformed case is an `InputError` (with its case number and
//!   place) after the good cases before it; a cut-off case is an error;
//!   the samples give `samples/<name>.out`;
//! - the solver, against a naive breadth-first search written here over
//!   `apply` and `is_won` (the move count passed, so caps work): the same
//!   answer on every case, every plan replayed to a won position; a tiny
//!   budget gives `Limit` or the truth, never a wrong answer; every setting
//!   with a list of values is searched both ways;
//! - `verify`: optimal, longer (a legal detour), not reached (a cut
//!   plan), illegal (a refused move, with its index and a reason);
//! - the generator: answers in the wanted range and proved, the difficulty
//!   record agreeing with `solve`, the same seed giving the same cases and
//!   different seeds different ones; impossible requests refused or given
//!   up on, never answered with a wrong case; `hardest` only improving;
//! - a play session: the optimal plan played with hints that match fresh
//!   searches, undo / redo / restart / resume, refused moves changing
//!   nothing, a detour's prospect matching the naive search;
//! - views and pictures: sizes, a piece, ASCII symbols, `explain`, `svg`
//!   (well-formed XML), the page's JSON;
//! - settings: defaults, round trips, bad values refused;
//! - shrinking: every smaller case is smaller, parses back, and repeated
//!   shrinking never comes back to a case;
//! - the judge kit: the validator takes the samples and the presets and
//!   refuses a cut sample; presets have names of their own; every known
//!   wrong reading is valid settings that change something;
//! - searches to watch: every algorithm on the samples and random cases
//!   (an exact one answers what the solver proves, every trace is
//!   coherent and cut where asked), every lesson one board its searches
//!   answer.
//!
//! Run `cargo test -p gridpuzzle-registry --test conformance -- --nocapture`
//! to see how many cases each puzzle ran.

use gridpuzzle_registry::Registered;
use std::collections::HashSet;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;

use gridpuzzle_engine::caps::{stress_case, Draw, GenSpec, GenerateOf, HardSpec};
use gridpuzzle_engine::generate::{answer_of, Stop, Want};
use gridpuzzle_engine::puzzle::{exact_answer, Played};
use gridpuzzle_engine::rng::SplitMix64;
use gridpuzzle_engine::search::{Limits, Outcome};
use gridpuzzle_engine::session::{Prospect, Session, ALREADY_WON};
use gridpuzzle_engine::verdict::Verdict;
use gridpuzzle_engine::view::{BoardView, Role, TextStyle};
use gridpuzzle_engine::{InputError, Move};
use gridpuzzle_registry::{entries, visit, Visit};

// ------------------------------------------------------------ harness

/// Runs one check on every registered puzzle. A failing puzzle does not
/// hide the next one: every failure is collected and reported together.
fn every_puzzle<V: Visit<Output = String>>(work: impl Fn() -> V) {
    let mut failures = Vec::new();
    let all = entries();
    assert!(!all.is_empty(), "no puzzle is registered");
    for e in all {
        match catch_unwind(AssertUnwindSafe(|| visit(e.name, work()))) {
            Ok(Some(summary)) => eprintln!("{}: {summary}", e.name),
            Ok(None) => failures.push(format!("{}: registered but not visitable", e.name)),
            Err(panic) => {
                let text = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "(a panic without a message)".into());
                failures.push(format!("{}: {text}", e.name));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "conformance failed:\n{}",
        failures.join("\n")
    );
}

/// A test that runs `$check::<P>` on every registered puzzle; with
/// `needs CAPABILITY`, on every puzzle that declares that capability (the
/// others say plainly that they lack it).
macro_rules! conformance {
    ($(#[$doc:meta])* $test:ident => $check:ident) => {
        conformance!($(#[$doc])* $test => $check needs core);
    };
    ($(#[$doc:meta])* $test:ident => $check:ident needs $cap:ident) => {
        $(#[$doc])*
        #[test]
        fn $test() {
            struct Work;
            impl Visit for Work {
                type Output = String;
                fn visit<P: Registered>(self, puzzle: P) -> String {
                    if !has::<P>(stringify!($cap)) {
                        return format!("not tested: it declares no `{}`", stringify!($cap));
                    }
                    $check(&puzzle)
                }
            }
            every_puzzle(|| Work);
        }
    };
}

/// Whether `P` declares the capability called `name` (`core`: always).
fn has<P: Registered>(name: &str) -> bool {
    name == "core"
        || P::CAPS
            .list()
            .iter()
            .any(|(c, has)| *has && c.name() == name)
}

/// A case and where it came from (for messages).
struct Sample<C> {
    origin: String,
    case: C,
}

/// A search budget no small case should need.
fn roomy() -> Limits {
    Limits {
        max_expanded: Some(20_000_000),
        ..Limits::none()
    }
}

fn parse_all<P: Registered>(p: &P, text: &str) -> Vec<Result<P::Case, InputError>> {
    p.cases(Box::new(text.as_bytes())).collect()
}

/// The one case of `text` (a case and the terminator).
fn parse_one<P: Registered>(p: &P, text: &str) -> P::Case {
    let mut all = parse_all(p, text);
    assert_eq!(all.len(), 1, "one case expected in {text:?}");
    match all.remove(0) {
        Ok(c) => c,
        Err(e) => panic!("a written case does not parse back: {e}\n{text}"),
    }
}

fn describe<P: Registered>(p: &P, s: &Sample<P::Case>) -> String {
    format!(
        "{} ({}):\n{}",
        s.origin,
        settings_text(p),
        p.write_case(&s.case)
    )
}

fn settings_text<P: Registered>(p: &P) -> String {
    let pairs: Vec<String> = P::CAPS
        .settings_of(p)
        .into_iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect();
    pairs.join(", ")
}

/// Values for the generator's own parameters: the default, or for one
/// without a default the first small number the generator accepts.
fn gen_params<P: Registered>(p: &P, width: u32, height: u32, seed: u64) -> Vec<(String, String)> {
    let mut params = Vec::new();
    for param in generator_of::<P>().info().params {
        if !param.default.is_empty() {
            params.push((param.key.to_string(), param.default.to_string()));
            continue;
        }
        let tries = ["2", "3", "4", "1", "5"];
        let start = (seed % 3) as usize;
        let value = (0..tries.len())
            .map(|i| tries[(start + i) % tries.len()])
            .find(|v| {
                let mut with = params.clone();
                with.push((param.key.to_string(), v.to_string()));
                generator_of::<P>()
                    .generator(p, &spec(width, height, Want::exactly(1), with), 0)
                    .is_ok()
            })
            .unwrap_or_else(|| {
                panic!(
                    "the generator parameter `{}` has no default and takes none of {tries:?}",
                    param.key
                )
            });
        params.push((param.key.to_string(), value.to_string()));
    }
    params
}

/// The generator of `P`, for checks that run only when it declares one.
fn generator_of<P: Registered>() -> &'static dyn GenerateOf<P> {
    P::CAPS
        .generator()
        .expect("a check of the generator runs only on a puzzle that declares one")
}

/// A random case of at most `width × height` from the generator, if the
/// puzzle has one (as `stress` makes them).
fn random_case<P: Registered>(p: &P, seed: u64, width: u32, height: u32) -> Option<P::Case> {
    let draw = Draw {
        gen: P::CAPS.generate?,
        heap: None,
        width,
        height,
    };
    stress_case(draw, p, seed)
}

fn spec(width: u32, height: u32, want: Want, params: Vec<(String, String)>) -> GenSpec {
    GenSpec {
        width,
        height,
        want,
        density: None,
        params,
        max_expanded: None,
        attempts: 2_000,
        cancel: None,
        heap: None,
    }
}

/// The cases every check runs on: the samples, `random` cases from
/// `random_case` on small sizes, and some from the generator.
fn corpus<P: Registered>(p: &P, random: u64) -> Vec<Sample<P::Case>> {
    let mut out = Vec::new();
    for (i, c) in parse_all(p, P::INFO.samples).into_iter().enumerate() {
        let case = c.unwrap_or_else(|e| panic!("the samples do not parse: {e}"));
        out.push(Sample {
            origin: format!("sample {}", i + 1),
            case,
        });
    }
    for seed in 0..random {
        let (w, h) = (2 + (seed % 7) as u32, 1 + (seed / 7 % 7) as u32);
        if let Some(case) = random_case(p, seed, w, h) {
            out.push(Sample {
                origin: format!("random_case(seed {seed}, {w}x{h})"),
                case,
            });
        }
    }
    // A tenth as many on a larger board, where searches branch more.
    for seed in 0..random / 10 {
        let seed = 1_000_000 + seed;
        if let Some(case) = random_case(p, seed, 10, 9) {
            out.push(Sample {
                origin: format!("random_case(seed {seed}, 10x9)"),
                case,
            });
        }
    }
    let wants = [
        Want {
            min: 1,
            max: Some(8),
        },
        Want { min: -1, max: None },
    ];
    for (k, &(w, h)) in [(5, 4), (6, 6), (4, 3)].iter().enumerate() {
        for (j, &want) in wants.iter().enumerate() {
            let seed = (k * 2 + j) as u64;
            let params = gen_params(p, w, h, seed);
            let gen = generator_of::<P>()
                .generator(p, &spec(w, h, want, params), seed)
                .unwrap_or_else(|e| panic!("the generator refuses {w}x{h}: {e}"));
            for (n, made) in gen.take(10).enumerate() {
                let Ok(made) = made else { break };
                out.push(Sample {
                    origin: format!("generated {w}x{h} seed {seed} #{}", n + 1),
                    case: made.board,
                });
            }
        }
    }
    out
}

// ------------------------------------------------------- naive search

/// What the naive search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Naive {
    /// The fewest moves.
    Moves(usize),
    /// Every position reachable under the rules was seen.
    Unsolvable,
    /// More positions than the bound: the naive search gives up.
    TooBig,
}

/// Plain breadth-first search over whole positions through the rules'
/// own `apply` and `is_won`, deliberately sharing nothing with any
/// solver. Move `k` of the search is applied with `used + k` moves made,
/// so a cap counts. A position seen earlier is not searched again: with
/// fewer moves used it had at least the same moves open.
fn naive<P: Registered>(
    p: &P,
    case: &P::Case,
    from: &P::State,
    used: usize,
    bound: usize,
) -> Naive {
    if p.is_won(case, from) {
        return Naive::Moves(0);
    }
    let mut seen: HashSet<P::State> = HashSet::from([from.clone()]);
    let mut layer = vec![from.clone()];
    let mut depth = 0;
    while !layer.is_empty() {
        let mut next = Vec::new();
        for s in &layer {
            for &mv in P::Move::ALL {
                let Ok((t, _)) = p.apply(case, s, used + depth, mv) else {
                    continue;
                };
                if p.is_won(case, &t) {
                    return Naive::Moves(depth + 1);
                }
                if seen.insert(t.clone()) {
                    if seen.len() > bound {
                        return Naive::TooBig;
                    }
                    next.push(t);
                }
            }
        }
        layer = next;
        depth += 1;
    }
    Naive::Unsolvable
}

/// The naive search's bound for a case: a few thousand positions a cell.
fn bound<P: Registered>(case: &P::Case) -> usize {
    let (w, h) = P::size(case);
    (4_000 * w as usize * h as usize).min(1_000_000)
}

/// Plays `plan` from `from` (after `used` moves) through `apply`; the
/// positions, or the index and reason of the first refused move.
fn replay<P: Registered>(
    p: &P,
    case: &P::Case,
    from: &P::State,
    used: usize,
    plan: &[P::Move],
) -> Result<Vec<P::State>, (usize, String)> {
    let mut states = vec![from.clone()];
    for (i, &mv) in plan.iter().enumerate() {
        let (next, _) = p
            .apply(case, &states[i], used + i, mv)
            .map_err(|why| (i, why))?;
        states.push(next);
    }
    Ok(states)
}

/// The solver's answer, checked against the naive search; `None` when the
/// naive search gave up (a skip).
fn check_solver<P: Registered>(p: &P, s: &Sample<P::Case>) -> Option<Option<Vec<P::Move>>> {
    let case = &s.case;
    let start = p.start(case);
    let found = p.solve(case, &roomy());
    let truth = naive(p, case, &start, 0, bound::<P>(case));
    let plan = match (&found.outcome, truth) {
        (_, Naive::TooBig) => return None,
        (Outcome::Solved(plan), Naive::Moves(n)) if plan.len() == n => Some(plan.clone()),
        (Outcome::Unsolvable, Naive::Unsolvable) => None,
        (outcome, truth) => panic!(
            "the solver says {outcome:?}, the naive search {truth:?} on {}",
            describe(p, s)
        ),
    };
    if let Some(plan) = &plan {
        let states = replay(p, case, &start, 0, plan).unwrap_or_else(|(i, why)| {
            panic!(
                "the solver's move {} is refused ({why}) on {}",
                i + 1,
                describe(p, s)
            )
        });
        let end = states.last().expect("the start at least");
        assert!(
            p.is_won(case, end),
            "the solver's plan does not win on {}",
            describe(p, s)
        );
    }
    // Honesty under budgets: a search stopped early says so; whatever it
    // does say must be the truth.
    for budget in [0, 1, 3, 20] {
        let tiny = Limits {
            max_expanded: Some(budget),
            ..Limits::none()
        };
        let cut = p.solve(case, &tiny);
        let ok = match (&cut.outcome, &plan) {
            (Outcome::Limit(_), _) => true,
            (Outcome::Solved(q), Some(plan)) => q.len() == plan.len(),
            (Outcome::Unsolvable, None) => true,
            _ => false,
        };
        assert!(
            ok,
            "with a budget of {budget} states the solver says {:?} on {}",
            cut.outcome,
            describe(p, s)
        );
    }
    Some(plan)
}

// ------------------------------------------------------------- checks

fn judge_format<P: Registered>(p: &P) -> String {
    let cases = corpus(p, 300);
    let mut all_text = String::new();
    for s in &cases {
        let text = p.write_case(&s.case);
        let again = parse_one(p, &format!("{text}{}", P::INFO.terminator));
        assert_eq!(again, s.case, "write/parse changed {}", describe(p, s));
        assert_eq!(p.write_case(&again), text, "writing is not stable");
        all_text.push_str(&text);
    }
    // All of them in one input, in order.
    let together = parse_all(p, &format!("{all_text}{}", P::INFO.terminator));
    assert_eq!(together.len(), cases.len());
    for (got, s) in together.iter().zip(&cases) {
        assert_eq!(got.as_ref().ok(), Some(&s.case), "{}", describe(p, s));
    }
    // A malformed case after good ones: the good ones still come out,
    // then one error naming the bad case's number and place.
    let mut malformed = 0;
    for n in [0usize, 1, 3] {
        let good: String = cases[..n].iter().map(|s| p.write_case(&s.case)).collect();
        for bad in ["@", "x y z", "-1"] {
            let results = parse_all(p, &format!("{good}{bad}\n{}", P::INFO.terminator));
            assert_eq!(results.len(), n + 1, "{n} good cases then `{bad}`");
            assert!(results[..n].iter().all(Result::is_ok));
            let err = results[n]
                .as_ref()
                .expect_err("a malformed case is an error");
            assert_eq!(err.case(), n as u64 + 1, "{err}");
            let span = err.span().unwrap_or_else(|| panic!("no place in {err}"));
            assert!(span.line >= 1 && span.column >= 1);
            assert!(err.to_string().contains(&format!("line {}", span.line)));
            malformed += 1;
        }
    }
    // A case cut short (no terminator) is an error, never a case.
    let mut cut = 0;
    for s in cases.iter().take(40) {
        let text = p.write_case(&s.case);
        let tokens: Vec<&str> = text.split_whitespace().collect();
        for keep in [1, tokens.len() / 2, tokens.len() - 1] {
            if keep == 0 || keep >= tokens.len() {
                continue;
            }
            let results = parse_all(p, &tokens[..keep].join(" "));
            assert!(
                matches!(results.last(), Some(Err(_))),
                "the first {keep} tokens of a case parse: {}",
                describe(p, s)
            );
            cut += 1;
        }
    }
    // The samples give the statement's answers, as the judge writes them.
    let path = format!(
        "{}/../../samples/{}.out",
        env!("CARGO_MANIFEST_DIR"),
        P::INFO.name
    );
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("every puzzle ships its sample answers: {path}: {e}"));
    let mut got = String::new();
    for (i, c) in parse_all(p, P::INFO.samples).into_iter().enumerate() {
        let found = p.solve(&c.expect("samples parse"), &roomy());
        let answer = answer_of(&found).expect("a sample is solved within the budget");
        let line = gridpuzzle_engine::puzzle::judge_line::<P>(i as u64 + 1, &answer.to_string());
        for (n, answer) in [
            (i as u64 + 1, answer.to_string()),
            (1_000_007, "limit".into()),
        ] {
            let mut pushed = b"before ".to_vec();
            P::judge_line(n, &answer, &mut pushed);
            let want = format!(
                "before {}",
                gridpuzzle_engine::puzzle::judge_line::<P>(n, &answer)
            );
            assert_eq!(String::from_utf8(pushed).unwrap(), want);
        }
        assert_eq!(
            gridpuzzle_engine::puzzle::parse_answer::<P>(
                &gridpuzzle_engine::puzzle::judge_line::<P>(1, &answer.to_string())
            ),
            Some(answer)
        );
        got.push_str(&line);
        got.push('\n');
    }
    assert_eq!(got, expected, "the samples' answers differ from {path}");
    format!(
        "{} cases round-tripped, {malformed} malformed inputs, {cut} cut-off cases",
        cases.len()
    )
}

fn solver<P: Registered>(p: &P) -> String {
    let cases = corpus(p, 1500);
    let (mut solved, mut unsolvable, mut skipped) = (0, 0, 0);
    for s in &cases {
        match check_solver(p, s) {
            None => skipped += 1,
            Some(Some(_)) => solved += 1,
            Some(None) => unsolvable += 1,
        }
    }
    let checked = solved + unsolvable;
    assert!(
        checked >= 200 && skipped * 10 <= cases.len(),
        "too few cases checked: {checked} checked, {skipped} skipped of {}",
        cases.len()
    );
    assert!(
        solved > 0 && unsolvable > 0,
        "{solved} solved, {unsolvable} unsolvable: both kinds are wanted"
    );
    // Other settings on every fifth case: each value of a setting with a
    // list, and small numbers for a setting that takes them (a move cap
    // of 2 or 3 binds often, which checks that `used` reaches the rules).
    let mut variants = 0;
    for setting in P::CAPS.setting_list() {
        let probes = ["2", "3"];
        let listed = !setting.choices.is_empty();
        let values = if listed { setting.choices } else { &probes[..] };
        for &value in values {
            let mut q = p.clone();
            match P::CAPS.set(&mut q, setting.key, value) {
                Ok(()) => {}
                Err(_) if !listed => continue,
                Err(e) => panic!("{} {value}: {e}", setting.key),
            }
            for s in cases.iter().step_by(5) {
                if check_solver(&q, s).is_some() {
                    variants += 1;
                }
            }
        }
    }
    // Each known wrong reading too: a value outside a setting's list (an
    // exit at `far`) and settings combined are checked only here, and the
    // diagnosis trusts these answers.
    for v in P::CAPS.variants() {
        let q = P::CAPS
            .variant(v)
            .unwrap_or_else(|e| panic!("variant {}: {e}", v.name));
        for s in cases.iter().step_by(5) {
            if check_solver(&q, s).is_some() {
                variants += 1;
            }
        }
    }
    format!(
        "{checked} cases agree with the naive search ({solved} solved, {unsolvable} unsolvable, {skipped} too big for it); {variants} more under other settings"
    )
}

fn verdicts<P: Registered>(p: &P) -> String {
    let cases = corpus(p, 200);
    let limits = roomy();
    let mut counts = [0usize; 4]; // optimal, longer, not reached, illegal
    for s in &cases {
        let case = &s.case;
        let Outcome::Solved(plan) = p.solve(case, &limits).outcome else {
            continue;
        };
        let opt = plan.len();
        let at = |v: &Verdict| format!("{v:?} on {}", describe(p, s));
        let v = p.verify(case, &plan, &limits);
        assert_eq!(v, Verdict::Optimal { moves: opt }, "{}", at(&v));
        counts[0] += 1;
        // A budget too small to prove optimality is never a wrong verdict.
        let tiny = Limits {
            max_expanded: Some(0),
            ..Limits::none()
        };
        let v = p.verify(case, &plan, &tiny);
        assert!(
            matches!(v, Verdict::Optimal { .. } | Verdict::Unknown { .. }),
            "{}",
            at(&v)
        );
        if opt == 0 {
            continue;
        }
        // The plan cut short: every move legal, the goal not reached.
        let v = p.verify(case, &plan[..opt - 1], &limits);
        assert!(
            matches!(v, Verdict::NotReached { moves, .. } if moves == opt - 1),
            "{}",
            at(&v)
        );
        counts[2] += 1;
        // Detours: each legal first move, then the best from there.
        let start = p.start(case);
        for &mv in P::Move::ALL {
            let Ok((next, _)) = p.apply(case, &start, 0, mv) else {
                continue;
            };
            let (detour, reached) = match p.solve_from(case, &next, 1, &limits).outcome {
                Outcome::Solved(rest) => ([vec![mv], rest].concat(), true),
                Outcome::Unsolvable => (vec![mv], false),
                Outcome::Limit(hit) => panic!("{hit} from a small case's second position"),
            };
            let v = p.verify(case, &detour, &limits);
            let n = detour.len();
            let ok = match &v {
                _ if !reached => matches!(v, Verdict::NotReached { moves: 1, .. }),
                Verdict::Optimal { moves } => *moves == n && n == opt,
                Verdict::Longer { moves, optimum } => *moves == n && *optimum == opt && n > opt,
                _ => false,
            };
            assert!(ok, "detour {detour:?}: {}", at(&v));
            match v {
                Verdict::Optimal { .. } => counts[0] += 1,
                Verdict::Longer { .. } => counts[1] += 1,
                _ => counts[2] += 1,
            }
        }
        // A refused move anywhere along the plan: illegal, at its index,
        // with the rules' reason.
        let states = replay(p, case, &start, 0, &plan).expect("checked by the solver test");
        for (k, state) in states[..opt].iter().enumerate() {
            for &mv in P::Move::ALL {
                if p.apply(case, state, k, mv).is_ok() {
                    continue;
                }
                let bad = [&plan[..k], &[mv]].concat();
                let v = p.verify(case, &bad, &limits);
                let ok = matches!(&v, Verdict::Illegal { index, mv: letter, reason }
                    if *index == k && *letter == mv.letter() && !reason.is_empty());
                assert!(ok, "refused move {mv} after {k}: {}", at(&v));
                counts[3] += 1;
            }
        }
    }
    assert!(
        counts.iter().all(|&c| c > 0),
        "every verdict is wanted at least once: {counts:?}"
    );
    format!(
        "{} optimal, {} longer, {} not reached, {} illegal verdicts",
        counts[0], counts[1], counts[2], counts[3]
    )
}

fn generator<P: Registered>(p: &P) -> String {
    let limits = roomy();
    let made_count = generated_cases(p, &limits);
    assert!(made_count >= 12, "only {made_count} cases generated");
    impossible_requests(p);
    random_cases_repeat(p);
    let best = hardest_improves(p, &limits);
    format!("{made_count} generated cases proved and reproduced; hardest 4x4 in 300 ms: {best}")
}

/// Cases generated for a few sizes and wanted answers: each answer in the
/// range and proved, its difficulty record made again alike, its plan
/// winning, its text reading back; the same seed giving the same cases and
/// another seed others. How many were made.
fn generated_cases<P: Registered>(p: &P, limits: &Limits) -> usize {
    let mut made_count = 0;
    let wants = [
        Want {
            min: 1,
            max: Some(3),
        },
        Want {
            min: 3,
            max: Some(8),
        },
        Want::exactly(-1),
    ];
    for (i, &(w, h)) in [(4u32, 4u32), (6, 5)].iter().enumerate() {
        for (j, &want) in wants.iter().enumerate() {
            let seed = 100 + (i * 3 + j) as u64;
            let params = gen_params(p, w, h, seed);
            let texts = |seed: u64| -> Vec<String> {
                let gen = generator_of::<P>()
                    .generator(p, &spec(w, h, want, params.clone()), seed)
                    .unwrap_or_else(|e| panic!("{w}x{h} {want:?}: {e}"));
                gen.take(6)
                    .map_while(Result::ok)
                    .map(|m| p.write_case(&m.board))
                    .collect()
            };
            let gen = generator_of::<P>()
                .generator(p, &spec(w, h, want, params.clone()), seed)
                .unwrap_or_else(|e| panic!("{w}x{h} {want:?}: {e}"));
            let mut made_here = 0;
            for made in gen.take(6) {
                let made = match made {
                    Ok(m) => m,
                    Err(Stop::GaveUp { .. }) => break,
                    Err(Stop::Cancelled) => panic!("cancelled without a cancel flag"),
                };
                made_here += 1;
                let d = made.difficulty;
                let s = Sample {
                    origin: format!("generated {w}x{h} {want:?} seed {seed}"),
                    case: made.board.clone(),
                };
                assert!(want.contains(d.optimum), "{d:?} on {}", describe(p, &s));
                let found = p.solve(&made.board, limits);
                assert_eq!(answer_of(&found), Some(d.optimum), "{}", describe(p, &s));
                let again = generator_of::<P>()
                    .difficulty(p, &made.board, &found, limits)
                    .expect("a small case's difficulty is within budget");
                assert_eq!(again.optimum, d.optimum);
                assert_eq!(again.optimal_first_moves, d.optimal_first_moves);
                assert_eq!(d.optimal_first_moves > 0, d.optimum > 0, "{d:?}");
                if d.optimum >= 0 {
                    assert_eq!(made.plan.len() as i64, d.optimum);
                    let states = replay(p, &made.board, &p.start(&made.board), 0, &made.plan)
                        .unwrap_or_else(|(i, why)| panic!("move {} refused: {why}", i + 1));
                    assert!(p.is_won(&made.board, states.last().unwrap()));
                } else {
                    assert!(made.plan.is_empty());
                }
                let text = format!("{}{}", p.write_case(&made.board), P::INFO.terminator);
                assert_eq!(parse_one(p, &text), made.board);
            }
            assert!(
                made_here > 0 || want.min >= 3,
                "{w}x{h} {want:?}: the generator gave up at once"
            );
            made_count += made_here;
            let first = texts(seed);
            assert_eq!(first, texts(seed), "the same seed gave other cases");
            if first.len() >= 2 {
                assert_ne!(first, texts(seed + 1), "two seeds gave the same cases");
            }
        }
    }
    made_count
}

/// Requests no case can meet: refused, or given up on, never answered.
fn impossible_requests<P: Registered>(p: &P) {
    let params = gen_params(p, 3, 3, 0);
    assert!(
        generator_of::<P>()
            .generator(p, &spec(0, 0, Want::exactly(1), params.clone()), 1)
            .is_err(),
        "a 0x0 board is not refused"
    );
    let mut impossible = spec(3, 3, Want::exactly(1_000_000), params);
    impossible.attempts = 30;
    if let Ok(mut gen) = generator_of::<P>().generator(p, &impossible, 1) {
        assert!(
            matches!(gen.next(), Some(Err(Stop::GaveUp { .. }))),
            "a 3x3 case of a million moves"
        );
    }
}

/// `random_case`: reproducible and within the size asked for.
fn random_cases_repeat<P: Registered>(p: &P) {
    for seed in 0..20 {
        if let Some(c) = random_case(p, seed, 5, 4) {
            let (w, h) = P::size(&c);
            assert!(w <= 5 && h <= 4, "{w}x{h} asked 5x4");
            let again = random_case(p, seed, 5, 4).expect("the same seed");
            assert_eq!(again, c);
        }
    }
}

/// `hardest`: its improvements only grow, and the best is proved. The
/// best answer.
fn hardest_improves<P: Registered>(p: &P, limits: &Limits) -> i64 {
    let hard = HardSpec {
        width: 4,
        height: 4,
        density: None,
        params: gen_params(p, 3, 3, 0),
        time: Duration::from_millis(300),
        max_expanded: None,
        cancel: None,
        heap: None,
    };
    let mut seen = Vec::new();
    let best = generator_of::<P>()
        .hardest(p, &hard, 7, &mut |b, _| seen.push(b.answer))
        .unwrap_or_else(|e| panic!("hardest 4x4: {e}"))
        .expect("a 4x4 start within 300 ms");
    assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
    assert_eq!(seen.last(), Some(&best.answer));
    assert_eq!(answer_of(&p.solve(&best.board, limits)), Some(best.answer));
    best.answer
}

fn play<P: Registered>(p: &P) -> String {
    let cases = corpus(p, 150);
    let limits = roomy();
    let (mut games, mut refused, mut detours) = (0, 0, 0);
    for s in &cases {
        let plan = match p.solve(&s.case, &limits).outcome {
            Outcome::Solved(plan) if !plan.is_empty() => plan,
            _ => continue,
        };
        let (session, states) = play_the_hints(p, s, plan.len(), &limits);
        let mut session = undo_redo_resume(p, s, session, &states);
        apply_in_place_is_apply(p, s, &states);
        refused += refusals_change_nothing(p, s, &mut session, plan.len());
        detours += detour(p, s, &mut session, &plan, &limits);
        games += 1;
    }
    assert!(
        games >= 20 && refused > 0 && detours > 0,
        "{games} games, {refused} refusals, {detours} detours"
    );
    format!("{games} games played by hints, {refused} refused moves, {detours} detours")
}

/// A session of `s` played along its hints, each one fresh and optimal,
/// to the won end of an optimal plan of `opt` moves; with every position
/// on the way, the start first.
fn play_the_hints<P: Registered>(
    p: &P,
    s: &Sample<P::Case>,
    opt: usize,
    limits: &Limits,
) -> (Session<P>, Vec<P::State>) {
    let case = &s.case;
    let (game, start) = Played::new(p.clone(), case.clone());
    let mut session = Session::new(game, start.clone());
    let ctx = || describe(p, s);
    let mut states = vec![start];
    for i in 0..opt {
        let to_go = session.prospect(limits).to_go();
        assert_eq!(to_go, Some(opt - i), "hint after {i} moves on {}", ctx());
        let fresh = p.solve_from(case, session.state(), i, limits);
        assert_eq!(
            fresh.outcome.moves().map(<[_]>::len),
            Some(opt - i),
            "solve_from after {i} moves on {}",
            ctx()
        );
        let mv = *session.prospect(limits).next_move().expect("reachable");
        session
            .play(mv)
            .unwrap_or_else(|e| panic!("hinted {mv} refused: {e}"));
        states.push(session.state().clone());
    }
    assert!(session.is_won(), "the hints do not win on {}", ctx());
    assert_eq!(session.prospect(limits), &Prospect::Won);
    for &mv in P::Move::ALL {
        assert_eq!(session.play(mv).err().as_deref(), Some(ALREADY_WON));
    }
    (session, states)
}

/// Undo to the start, redo to the end, restart, resume half-way: each
/// through the positions `states` of the game played. The session,
/// restarted.
fn undo_redo_resume<P: Registered>(
    p: &P,
    s: &Sample<P::Case>,
    mut session: Session<P>,
    states: &[P::State],
) -> Session<P> {
    let opt = states.len() - 1;
    for i in (0..opt).rev() {
        assert!(session.undo());
        assert_eq!(session.state(), &states[i]);
        assert_eq!(session.used(), i);
    }
    assert!(!session.undo());
    for state in &states[1..] {
        assert!(session.redo());
        assert_eq!(session.state(), state);
    }
    assert!(!session.redo());
    assert_eq!(session.restart(), opt > 0);
    assert_eq!(session.state(), &states[0]);
    let history = session.history();
    let (game, _) = Played::new(p.clone(), s.case.clone());
    let resumed = Session::resume(game, states[0].clone(), &history, opt / 2)
        .unwrap_or_else(|e| panic!("resume: {e}"));
    assert_eq!(resumed.state(), &states[opt / 2]);
    session
}

/// `apply_in_place` (what long replays call) is `apply` on the position
/// itself, and leaves it as it was when it refuses, at every position of
/// the game.
fn apply_in_place_is_apply<P: Registered>(p: &P, s: &Sample<P::Case>, states: &[P::State]) {
    let case = &s.case;
    for (i, from) in states.iter().enumerate() {
        for &mv in P::Move::ALL {
            let mut here = from.clone();
            match (
                p.apply(case, from, i, mv),
                p.apply_in_place(case, &mut here, i, mv),
            ) {
                (Ok((next, _)), Ok(_)) => assert_eq!(here, next, "{mv} on {}", describe(p, s)),
                (Err(a), Err(b)) => {
                    assert_eq!(a, b);
                    assert_eq!(&here, from, "a refused {mv} in place on {}", describe(p, s));
                }
                (a, b) => panic!(
                    "{mv} after {i}: {:?} in place, {:?} not, on {}",
                    b.is_ok(),
                    a.is_ok(),
                    describe(p, s)
                ),
            }
        }
    }
}

/// At the start of a restarted session whose history is `opt` moves: the
/// legal moves are those `apply` takes, and a refused one changes nothing,
/// not even the redo history. How many were refused.
fn refusals_change_nothing<P: Registered>(
    p: &P,
    s: &Sample<P::Case>,
    session: &mut Session<P>,
    opt: usize,
) -> usize {
    let (case, start) = (&s.case, p.start(&s.case));
    let legal: Vec<P::Move> = P::Move::ALL
        .iter()
        .copied()
        .filter(|&m| p.apply(case, &start, 0, m).is_ok())
        .collect();
    assert_eq!(session.legal_moves(), legal);
    let mut refused = 0;
    for &mv in P::Move::ALL {
        if let Err(why) = p.apply(case, &start, 0, mv) {
            assert_eq!(session.play(mv).err(), Some(why));
            assert_eq!(session.state(), &start);
            assert_eq!((session.used(), session.len()), (0, opt));
            refused += 1;
        }
    }
    refused
}

/// A first move off the optimal `plan`, if there is one: its prospect is
/// the naive search's truth, and its status has words. 1 when it was made.
fn detour<P: Registered>(
    p: &P,
    s: &Sample<P::Case>,
    session: &mut Session<P>,
    plan: &[P::Move],
    limits: &Limits,
) -> usize {
    let (case, start) = (&s.case, p.start(&s.case));
    let off_plan = P::Move::ALL
        .iter()
        .copied()
        .find(|&m| m != plan[0] && p.apply(case, &start, 0, m).is_ok());
    let Some(mv) = off_plan else {
        return 0;
    };
    session.play(mv).expect("legal");
    let truth = naive(p, case, session.state(), 1, bound::<P>(case));
    let prospect = session.prospect(limits).clone();
    let ok = match (truth, &prospect) {
        (Naive::TooBig, _) => true,
        (Naive::Moves(0), Prospect::Won) => true,
        (Naive::Moves(n), Prospect::Reachable { plan }) => plan.len() == n,
        (Naive::Unsolvable, Prospect::Hopeless) => true,
        _ => false,
    };
    assert!(
        ok,
        "after {mv}: {prospect:?}, naive {truth:?} on {}",
        describe(p, s)
    );
    let (text, _) = P::CAPS
        .narration()
        .status(p, &prospect, 1, session.is_stuck());
    assert!(!text.is_empty());
    assert!(session.undo() && session.state() == &start);
    1
}

/// A view's shape and marks.
fn check_view<P: Registered>(case: &P::Case, v: &BoardView) {
    let (w, h) = P::size(case);
    assert_eq!((v.width, v.height), (w, h), "the view's size");
    assert_eq!(v.ground.len(), (w * h) as usize);
    assert!(v.focus.row < h && v.focus.col < w, "focus off the board");
    assert!(
        v.pieces
            .iter()
            .flat_map(|p| &p.cells)
            .any(|(_, m)| m.role == Role::Piece),
        "no piece on the board"
    );
    for piece in &v.pieces {
        assert!(!piece.cells.is_empty(), "an empty piece");
        for ((a, _), (b, _)) in piece.cells.iter().zip(piece.cells.iter().skip(1)) {
            assert!(
                a.row < h && a.col < w && b.row < h && b.col < w,
                "a piece off the board"
            );
        }
    }
    let marks = v
        .ground
        .iter()
        .chain(v.pieces.iter().flat_map(|p| p.cells.iter().map(|(_, m)| m)))
        .chain(v.overlay.iter().map(|(_, m)| m));
    for m in marks {
        assert!(m.ascii.is_ascii() && !m.ascii.is_empty(), "{m:?}");
        assert!(!m.text.is_empty(), "{m:?}");
    }
    // The page draws the view from its JSON: every mark is indexed.
    let json = v.to_json();
    assert_eq!(
        json["ground"].as_str().map(|g| g.chars().count()),
        Some((w * h) as usize)
    );
}

fn views<P: Registered>(p: &P) -> String {
    let cases = corpus(p, 100);
    let limits = roomy();
    assert!(!p.legend().is_empty(), "an empty legend");
    let mut drawn = 0;
    for s in &cases {
        let case = &s.case;
        let start = p.start(case);
        let plan = p
            .solve(case, &limits)
            .outcome
            .moves()
            .unwrap_or(&[])
            .to_vec();
        check_view::<P>(case, &p.view(case, &start, None, plan.first().copied()));
        let mut state = start.clone();
        for (i, &mv) in plan.iter().enumerate() {
            let (next, event) = p.apply(case, &state, i, mv).expect("the plan replays");
            let v = p.view(
                case,
                &next,
                Some((&state, mv, &event)),
                plan.get(i + 1).copied(),
            );
            check_view::<P>(case, &v);
            for f in P::CAPS.narration().frames(p, case, &state, mv, &event) {
                assert_eq!((f.width, f.height), (v.width, v.height));
            }
            assert!(!p.describe(mv, &event).is_empty());
            if let Some(page) = P::CAPS.page {
                assert!(page.step_json(p, &next, &event).is_object());
            }
            state = next;
        }
        assert!(!P::CAPS.narration().counter(p, plan.len()).is_empty());
        for style in [
            TextStyle::default(),
            TextStyle {
                ascii: true,
                color: false,
            },
        ] {
            let text = gridpuzzle_engine::caps::explain(p, P::CAPS.narration(), case, &plan, style);
            assert!(
                text.lines().count() > plan.len(),
                "explain has too few lines:\n{text}"
            );
            assert!(!text.contains('\x1b'), "colour without asking");
            if style.ascii {
                assert!(text.is_ascii(), "--ascii explain is not ASCII:\n{text}");
            }
        }
        // Every move adds to the explanation.
        let lines: Vec<usize> = (0..=plan.len())
            .map(|k| {
                gridpuzzle_engine::caps::explain(
                    p,
                    P::CAPS.narration(),
                    case,
                    &plan[..k],
                    TextStyle::default(),
                )
                .lines()
                .count()
            })
            .collect();
        assert!(
            lines.windows(2).all(|w| w[0] < w[1]),
            "explain does not grow with the plan ({lines:?} lines) on {}",
            describe(p, s)
        );
        for still in std::iter::once(None).chain((0..=plan.len()).map(Some)) {
            let svg = gridpuzzle_engine::caps::svg(p, case, &plan, still)
                .unwrap_or_else(|e| panic!("svg {still:?}: {e} on {}", describe(p, s)));
            roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("svg is not XML: {e}"));
            assert!(svg.starts_with("<svg"));
        }
        let (w, h) = P::size(case);
        if let Some(page) = P::CAPS.page {
            let board = page.board_json(p, case);
            assert_eq!(board["width"], w, "board_json width");
            assert_eq!(board["height"], h, "board_json height");
            let rows = board["rows"].as_array().expect("board_json rows");
            assert_eq!(rows.len(), h as usize);
            for row in rows {
                assert_eq!(row.as_str().map(|r| r.chars().count()), Some(w as usize));
            }
            assert!(page.state_json(p, &start).is_object());
        }
        drawn += 1;
    }
    format!("{drawn} cases viewed, explained and drawn")
}

fn settings<P: Registered>(p: &P) -> String {
    let default = P::default();
    let keys: Vec<&str> = P::CAPS.setting_list().iter().map(|s| s.key).collect();
    let listed: Vec<&str> = P::CAPS
        .settings_of(&default)
        .iter()
        .map(|(k, _)| *k)
        .collect();
    assert_eq!(listed, keys);
    let mut values = 0;
    for s in P::CAPS.setting_list() {
        assert_eq!(
            P::CAPS.get(&default, s.key),
            s.default,
            "the default of {}",
            s.key
        );
        let mut q = p.clone();
        P::CAPS
            .set(&mut q, s.key, &P::CAPS.get(p, s.key))
            .expect("its own value");
        assert_eq!(P::CAPS.get(&q, s.key), P::CAPS.get(p, s.key));
        for &value in s.choices {
            P::CAPS
                .set(&mut q, s.key, value)
                .unwrap_or_else(|e| panic!("{} {value}: {e}", s.key));
            assert_eq!(P::CAPS.get(&q, s.key), value);
            let again = P::CAPS
                .with_settings(&P::CAPS.settings_of(&q))
                .expect("its own settings");
            assert_eq!(P::CAPS.settings_of(&again), P::CAPS.settings_of(&q));
            values += 1;
        }
        let before = P::CAPS.get(&q, s.key);
        for bad in ["?bogus?", "", "-1x"] {
            assert!(
                P::CAPS.set(&mut q, s.key, bad).is_err(),
                "{} `{bad}` is accepted",
                s.key
            );
            assert_eq!(
                P::CAPS.get(&q, s.key),
                before,
                "a refused value changed {}",
                s.key
            );
        }
    }
    assert!(P::CAPS
        .set(&mut default.clone(), "no-such-setting", "1")
        .is_err());
    // Each known wrong reading is a valid, different set of settings.
    let mut names = std::collections::HashSet::new();
    for v in P::CAPS.variants() {
        assert!(names.insert(v.name), "variant {} twice", v.name);
        let q = P::CAPS
            .variant(v)
            .unwrap_or_else(|e| panic!("variant {}: {e}", v.name));
        assert_ne!(
            P::CAPS.settings_of(&q),
            P::CAPS.settings_of(&default),
            "variant {} is the judge's rules",
            v.name
        );
    }
    format!(
        "{} settings, {values} listed values, {} variants",
        keys.len(),
        P::CAPS.variants().len()
    )
}

fn shrinking<P: Registered>(p: &P) -> String {
    let cases = corpus(p, 100);
    let measure = |c: &P::Case| {
        let (w, h) = P::size(c);
        (w * h, p.write_case(c).len())
    };
    let (mut edits, mut chains) = (0, 0);
    let mut rng = SplitMix64::new(5);
    for s in &cases {
        let text = p.write_case(&s.case);
        let (cells, len) = measure(&s.case);
        for c in generator_of::<P>().smaller(p, &s.case) {
            let (c_cells, c_len) = measure(&c);
            let c_text = p.write_case(&c);
            assert!(
                c != s.case && c_cells <= cells && c_len <= len && c_text != text,
                "not smaller:\n{c_text}than {}",
                describe(p, s)
            );
            assert_eq!(parse_one(p, &format!("{c_text}{}", P::INFO.terminator)), c);
            edits += 1;
        }
        // Shrinking by random choices ends, never meeting a case twice.
        let mut seen = HashSet::from([text]);
        let mut at = s.case.clone();
        loop {
            let next: Vec<P::Case> = generator_of::<P>().smaller(p, &at).collect();
            if next.is_empty() {
                break;
            }
            at = next[rng.below(next.len() as u64) as usize].clone();
            assert!(
                seen.insert(p.write_case(&at)),
                "shrinking came back to a case from {}",
                describe(p, s)
            );
        }
        chains += 1;
    }
    format!("{edits} smaller cases, {chains} shrinks to the end")
}

// -------------------------------------------------------------- tests

/// The judge kit's part of the contract: the sample passes the puzzle's
/// own validator even strictly (and a cut-off sample does not), every
/// preset's hand-written cases are valid, presets have distinct names,
/// and each known wrong reading is a real change of the settings.
fn judge_kit<P: Registered>(p: &P) -> String {
    let validate = |p: &P, text: &str, strict: bool| P::CAPS.validate(p, text, strict);
    let found = validate(p, P::INFO.samples, true);
    assert!(found.is_valid(), "the sample: {:?}", found.lines());
    let cases = parse_all(p, P::INFO.samples).len() as u64;
    assert_eq!(
        found.cases, cases,
        "the validator counts the sample's cases"
    );
    let cut = P::INFO
        .samples
        .trim_end()
        .rsplit_once('\n')
        .map_or("", |(a, _)| a);
    assert!(
        !validate(p, cut, false).is_valid(),
        "a sample without its last line"
    );
    let presets = P::CAPS.presets(p);
    let mut names = HashSet::new();
    for preset in &presets {
        assert!(
            names.insert(preset.name.clone()),
            "two presets {}",
            preset.name
        );
        if !preset.text.is_empty() {
            let text = format!("{}{}", preset.text, P::INFO.terminator);
            let found = validate(p, &text, true);
            assert!(
                found.is_valid(),
                "preset {}: {:?}",
                preset.name,
                found.lines()
            );
        }
    }
    for v in P::CAPS.variants() {
        let wrong = P::CAPS.variant(v).expect("a variant's settings are valid");
        assert_ne!(
            P::CAPS.settings_of(&wrong),
            P::CAPS.settings_of(p),
            "variant {} changes nothing",
            v.name
        );
    }
    format!(
        "sample valid, {} presets, {} variants",
        presets.len(),
        P::CAPS.variants().len()
    )
}

conformance!(
    /// The sample validates; presets are valid; variants change the rules.
    judge_kit_contract_holds => judge_kit needs judge
);

conformance!(
    /// Judge input written and read back; errors after good cases; the
    /// samples' answers.
    judge_format_round_trips => judge_format
);
conformance!(
    /// The solver against a naive breadth-first search.
    solver_agrees_with_a_naive_search => solver
);
conformance!(
    /// Optimal, longer, not reached and illegal plans.
    verify_gives_every_verdict => verdicts
);
conformance!(
    /// Proved answers in range, reproducible from the seed.
    generator_is_exact_and_reproducible => generator needs generate
);
conformance!(
    /// Hints, undo, redo, restart, resume and refusals.
    play_sessions_follow_the_solver => play
);
conformance!(
    /// Board views, `explain`, SVG and the page's JSON.
    views_and_pictures_draw_every_case => views
);
conformance!(
    /// Defaults, round trips and refused values.
    settings_round_trip => settings needs settings
);
conformance!(
    /// Every smaller case is smaller and shrinking ends.
    smaller_cases_are_smaller => shrinking needs generate
);

/// The suite runs every registered puzzle, and each says what it lacks.
#[test]
fn the_suite_sees_every_registered_puzzle() {
    for e in entries() {
        assert!(!e.info.samples.is_empty(), "{} has no samples", e.name);
        eprintln!("{}: lacks {:?}", e.name, e.lacks());
    }
}

/// Every algorithm a puzzle offers for watching, on its samples and
/// random cases: an exact one answers what the solver proves; every trace
/// numbers its kept steps from 1, names as parent only an expansion made
/// before, keeps exactly the first `max_events`, and counts past them.
fn algorithms<P: Registered>(p: &P) -> String {
    use gridpuzzle_engine::trace::{Kind, Step};
    let samples = corpus(p, 40);
    let mut runs = 0;
    let watch = P::CAPS.watching().expect("checked by the caller");
    for a in watch.algorithms() {
        for s in &samples {
            let exact = exact_answer(p, &s.case, &roomy());
            let max_events = 50;
            let mut kept: Vec<Step> = Vec::new();
            let run = watch
                .run(p, &s.case, a.name, &roomy(), max_events, &mut kept, exact)
                .unwrap_or_else(|e| panic!("{}: {e}", a.name));
            runs += 1;
            if a.exact && run.traced.answer.is_some() {
                assert_eq!(
                    run.correct(),
                    Some(true),
                    "{} answers {:?}, the solver {exact:?} on {}",
                    a.name,
                    run.traced.answer,
                    describe(p, s)
                );
            }
            let t = &run.tally;
            assert_eq!(kept.len() as u64, t.events.min(max_events), "{}", a.name);
            assert_eq!(run.cut, t.events > max_events, "{}", a.name);
            assert_eq!(t.by_depth.iter().sum::<u64>(), t.expanded, "{}", a.name);
            let mut expansions = HashSet::new();
            for (i, step) in kept.iter().enumerate() {
                assert_eq!(step.n, i as u64 + 1, "{}", a.name);
                if let Some(parent) = step.parent {
                    assert!(
                        expansions.contains(&parent),
                        "{}: step {} names {parent}, no earlier expansion",
                        a.name,
                        step.n
                    );
                }
                if step.kind == Kind::Expand {
                    expansions.insert(step.n);
                }
            }
        }
    }
    let unknown = watch.run(
        p,
        &samples[0].case,
        "no-such-search",
        &roomy(),
        1,
        &mut Vec::new(),
        None,
    );
    assert!(unknown.is_err(), "an unknown algorithm is refused");
    format!(
        "{} algorithms, {runs} traced runs",
        watch.algorithms().len()
    )
}

conformance!(
    /// The searches offered for watching answer right and trace coherently.
    algorithms_trace_the_samples => algorithms needs watch
);

fn lessons<P: Registered>(p: &P) -> String {
    use gridpuzzle_engine::trace::Count;
    let watch = P::CAPS.watching().expect("checked by the caller");
    for l in watch.lessons() {
        let cases: Vec<P::Case> = p
            .cases(Box::new(l.input.as_bytes()))
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| panic!("lesson {}: {e}", l.name));
        assert_eq!(cases.len(), 1, "lesson {} is one board", l.name);
        assert!(
            !l.algorithms.is_empty(),
            "lesson {} watches nothing",
            l.name
        );
        let exact = exact_answer(p, &cases[0], &roomy());
        assert!(exact.is_some(), "lesson {}: the solver ran out", l.name);
        for name in l.algorithms {
            let a = watch
                .algorithms()
                .iter()
                .find(|a| a.name == *name)
                .unwrap_or_else(|| panic!("lesson {} names no algorithm {name}", l.name));
            let run = watch
                .run(p, &cases[0], name, &roomy(), 0, &mut Count, exact)
                .unwrap();
            assert!(run.limit.is_none(), "lesson {}: {name} ran out", l.name);
            if a.exact {
                assert_eq!(run.correct(), Some(true), "lesson {}: {name}", l.name);
            }
        }
    }
    format!("{} lessons", watch.lessons().len())
}

conformance!(
    /// Every lesson is one board, watches offered searches, and the exact
    /// ones answer it right within the default budget.
    lessons_are_boards_the_searches_answer => lessons needs watch
);
