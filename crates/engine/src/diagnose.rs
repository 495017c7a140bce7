//! What a wrong answer most likely means: the diagnosis `stress` and
//! `judge` print under a candidate's wrong answer.
//!
//! A contestant whose program printed 7 where the judge says 5 wants to
//! know *why*, and most wrong answers of these problems come from a few
//! known misreadings of the statement. Each is a [`Variant`] of the
//! puzzle's rules, played by the puzzle's own exact solver under other
//! settings, so "your answer equals the optimum without the 10-throw cap"
//! is a proved fact about this case, never a guess. Beyond the variants,
//! the diagnosis says what the answer's number itself shows: a `-1` where
//! a plan exists (with the plan), a number below the optimum (no plan is
//! that short), or a number above it, told apart by a layered search over
//! the rules' own [`Puzzle::apply`]: whether a legal plan of exactly that
//! many moves exists (a search that is not optimal) or none does (a
//! miscount, or a misread rule).
//!
//! It is one function over any [`Puzzle`] and its [`Caps`], so every
//! front end that judges answers says the same words, and a puzzle that
//! lists a new variant in its judge kit is diagnosed with it without a
//! change here (a puzzle without a judge kit has no variants, and gets the
//! rest of the diagnosis).

use std::collections::HashSet;
use std::fmt;

use crate::caps::{Caps, Variant};
use crate::moves::{plan_string, Move};
use crate::puzzle::{exact_answer, Puzzle};
use crate::search::{Limits, Outcome};

/// What a wrong answer of a candidate on one case most likely means.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diagnosis {
    /// One finding a line, the most telling first.
    pub lines: Vec<String>,
    /// The judge's proved answer (`-1`: unsolvable), when the search
    /// finished within its budget.
    pub optimum: Option<i64>,
    /// The names of the variants ([`Variant::name`]) whose optimum equals
    /// the answer.
    pub matched: Vec<&'static str>,
}

impl fmt::Display for Diagnosis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.lines.join("\n"))
    }
}

/// The most positions [`exact_length`] keeps in all, when `limits` names
/// no budget: the question is asked of small failing cases, and a large
/// one gets "unknown" rather than gigabytes.
pub const LAYERED_STATES: u64 = 1_000_000;

/// The diagnosis of `answer` (`-1`: the candidate said unsolvable) on
/// `case` under `puzzle`'s settings (the judge's). Every search runs
/// within `limits`; one that stops early is said to have stopped.
pub fn diagnose<P: Puzzle>(
    caps: &Caps<P>,
    puzzle: &P,
    case: &P::Case,
    answer: i64,
    limits: &Limits,
) -> Diagnosis {
    let mut d = Diagnosis::default();
    let found = puzzle.solve(case, limits);
    let plan = match &found.outcome {
        Outcome::Solved(plan) => Some(plan.clone()),
        Outcome::Unsolvable => None,
        Outcome::Limit(hit) => {
            d.lines.push(format!(
                "no diagnosis: our search stopped before proving the answer ({hit})"
            ));
            return d;
        }
    };
    let optimum = plan.as_ref().map_or(-1, |p| p.len() as i64);
    d.optimum = Some(optimum);
    if answer == optimum {
        d.lines
            .push(format!("your answer {answer} is the judge's answer"));
        return d;
    }
    // The known misreadings first: they name the mistake. A combination
    // is named only when no variant it combines already explains the
    // answer (the simplest reading that does is the likeliest).
    let mut found: Vec<&Variant> = Vec::new();
    for v in caps.variants() {
        let Ok(q) = over(caps, puzzle, v) else {
            continue;
        };
        if exact_answer(&q, case, limits) == Some(answer) {
            found.push(v);
        }
    }
    let covers = |big: &Variant, small: &Variant| {
        big.name != small.name && small.settings.iter().all(|s| big.settings.contains(s))
    };
    for v in &found {
        if found.iter().any(|w| covers(v, w)) {
            continue;
        }
        d.matched.push(v.name);
        d.lines.push(format!(
            "your answer {answer} equals the optimum {}",
            v.words
        ));
    }
    let mv = P::INFO.moves;
    let moves_word = |n: usize| P::INFO.moves_word(n);
    match (answer, &plan) {
        (-1, Some(plan)) => d.lines.push(format!(
            "your -1 is wrong: here is a plan of {} {}: {}",
            plan.len(),
            moves_word(plan.len()),
            if plan.is_empty() {
                "no move at all (the start already wins)".to_string()
            } else {
                plan_string(plan)
            }
        )),
        (a, _) if a < -1 => d.lines.push(format!(
            "{a} is no answer: the judge prints the fewest {mv} or -1"
        )),
        (a, None) => d.lines.push(format!(
            "the answer is -1 ({}), so no plan of {a} {} exists",
            caps.narration().unsolvable(puzzle),
            moves_word(a as usize)
        )),
        (a, Some(plan)) if a < plan.len() as i64 => d.lines.push(format!(
            "no legal plan is that short: the fewest {mv} are {} ({})",
            plan.len(),
            plan_string(plan)
        )),
        (a, Some(plan)) => {
            let line = match exact_length(puzzle, case, a as usize, limits) {
                Exact::Found(longer) => format!(
                    "a legal but longer plan exists (your search is not optimal): {} takes {a} {}, the fewest is {} ({})",
                    plan_string(&longer),
                    moves_word(a as usize),
                    plan.len(),
                    plan_string(plan)
                ),
                Exact::None => format!(
                    "no legal plan of exactly {a} {} exists (the fewest is {}, {}): a miscount or a misread rule",
                    moves_word(a as usize),
                    plan.len(),
                    plan_string(plan)
                ),
                Exact::Unknown => format!(
                    "whether a legal plan of exactly {a} {} exists is unknown: too many positions to try (the fewest is {}, {})",
                    moves_word(a as usize),
                    plan.len(),
                    plan_string(plan)
                ),
            };
            d.lines.push(line);
        }
    }
    d
}

/// `puzzle`'s settings with variant `v`'s over them.
fn over<P: Puzzle>(caps: &Caps<P>, puzzle: &P, v: &Variant) -> Result<P, String> {
    let mut q = puzzle.clone();
    for (k, value) in v.settings {
        caps.set(&mut q, k, value)?;
    }
    Ok(q)
}

/// One layer of [`exact_length`]'s search: each position with the index
/// of its parent in the layer before and the move from there.
type Layer<S, M> = Vec<(S, usize, M)>;

/// Whether a legal plan of exactly `n` moves reaches the goal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Exact<M> {
    /// One such plan.
    Found(Vec<M>),
    /// None exists: every position reachable in fewer moves was tried.
    None,
    /// Too many positions (or a budget ran out) before the answer.
    Unknown,
}

/// Is there a legal plan of exactly `n` moves whose last move, and only
/// its last, wins? A breadth-first search by layers through
/// [`Puzzle::apply`] (move `k` made after `k` moves, so a cap counts):
/// layer `k` is every position not yet won that `k` moves reach, each kept
/// once a layer (with the move and the position it came from, to spell
/// the plan). Its states are bounded by `limits.max_expanded` or
/// [`LAYERED_STATES`], and it stops at `limits`' deadline or cancel.
pub fn exact_length<P: Puzzle>(
    puzzle: &P,
    case: &P::Case,
    n: usize,
    limits: &Limits,
) -> Exact<P::Move> {
    let budget = limits.max_expanded.unwrap_or(LAYERED_STATES);
    let start = puzzle.start(case);
    if puzzle.is_won(case, &start) {
        return if n == 0 {
            Exact::Found(Vec::new())
        } else {
            Exact::None
        };
    }
    if n == 0 {
        return Exact::None;
    }
    let mut layers: Vec<Layer<P::State, P::Move>> = Vec::new();
    let mut current: Vec<P::State> = vec![start];
    let mut spent = 0u64;
    for depth in 0..n {
        let mut next: Layer<P::State, P::Move> = Vec::new();
        let mut seen: HashSet<P::State> = HashSet::new();
        for (i, s) in current.iter().enumerate() {
            spent += 1;
            if spent > budget || (spent % 4096 == 0 && limits.interrupted().is_some()) {
                return Exact::Unknown;
            }
            for &mv in P::Move::ALL {
                let Ok((t, _)) = puzzle.apply(case, s, depth, mv) else {
                    continue;
                };
                if puzzle.is_won(case, &t) {
                    if depth + 1 == n {
                        let mut plan = vec![mv];
                        let mut parent = i;
                        for layer in layers.iter().rev() {
                            let (_, up, m) = &layer[parent];
                            plan.push(*m);
                            parent = *up;
                        }
                        plan.reverse();
                        return Exact::Found(plan);
                    }
                    continue;
                }
                if depth + 1 < n && seen.insert(t.clone()) {
                    next.push((t, i, mv));
                }
            }
        }
        if depth + 1 == n || next.is_empty() {
            return Exact::None;
        }
        current = next.iter().map(|(s, _, _)| s.clone()).collect();
        layers.push(next);
    }
    Exact::None
}
