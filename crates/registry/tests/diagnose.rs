//! `engine::diagnose` on the registered puzzles: every known wrong reading
//! ([`JudgeKit::VARIANTS`]) is named where its answer differs from the
//! judge's, and the answer's number alone is read right (a wrong -1 gets a
//! plan, a longer answer a plan of that length or the proof of none).

use gridpuzzle_curling::Curling;
use gridpuzzle_engine::caps::JudgeKit;
use gridpuzzle_engine::caps::{stress_case, Draw, GenSpec};
use gridpuzzle_engine::diagnose::{diagnose, exact_length, Exact};
use gridpuzzle_engine::generate::Want;
use gridpuzzle_engine::search::{Limits, Outcome};
use gridpuzzle_holedox::Holedox;
use gridpuzzle_registry::Puzzle;
use gridpuzzle_registry::Registered;

fn answer<P: Registered>(p: &P, case: &P::Case) -> i64 {
    match p.solve(case, &Limits::none()).outcome {
        Outcome::Solved(plan) => plan.len() as i64,
        Outcome::Unsolvable => -1,
        Outcome::Limit(hit) => panic!("{hit}"),
    }
}

fn parse<P: Registered>(p: &P, text: &str) -> Vec<P::Case> {
    p.cases(Box::new(text.as_bytes()))
        .map(|c| c.unwrap())
        .collect()
}

/// Every variant of `P` differs from the judge somewhere in the samples
/// or the random cases, and is named there by the diagnosis of its answer.
fn every_variant_is_named<P: Registered>(extra: Vec<P::Case>) {
    let judge = P::default();
    let mut cases = parse(&judge, P::INFO.samples);
    cases.extend(extra);
    for seed in 0..400 {
        let (w, h) = (2 + (seed % 5) as u32, 2 + (seed / 5 % 5) as u32);
        let draw = Draw {
            gen: P::CAPS.generator().unwrap(),
            heap: None,
            width: w,
            height: h,
        };
        cases.extend(stress_case(draw, &judge, seed));
    }
    for v in P::CAPS.variants() {
        let q = P::CAPS.variant(v).unwrap();
        let mut named = 0;
        for case in &cases {
            let theirs = answer(&q, case);
            if theirs == answer(&judge, case) {
                continue;
            }
            let d = diagnose(P::CAPS, &judge, case, theirs, &Limits::none());
            // Named, or a simpler reading it combines is (the likelier).
            let part_of_v = |name: &&str| {
                let w = P::CAPS.variants().iter().find(|w| w.name == *name).unwrap();
                w.settings.iter().all(|s| v.settings.contains(s))
            };
            assert!(d.matched.iter().any(part_of_v), "{}: {d}", v.name);
            if d.matched.contains(&v.name) {
                assert!(d.to_string().contains(v.words), "{}: {d}", v.name);
                named += 1;
            }
        }
        assert!(named > 0, "variant {} never differs from the judge", v.name);
    }
}

#[test]
fn curling_variants_are_named() {
    // A board that needs more than 10 throws, for the cap.
    let no_cap = Curling::CAPS.variant(&Curling::VARIANTS[0]).unwrap();
    let spec = GenSpec {
        width: 8,
        height: 8,
        want: Want { min: 11, max: None },
        density: None,
        params: Vec::new(),
        max_expanded: None,
        attempts: 20_000,
        cancel: None,
        heap: None,
    };
    let long = Curling::CAPS
        .generator()
        .unwrap()
        .generator(&no_cap, &spec, 7)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .board;
    every_variant_is_named::<Curling>(vec![long]);
}

#[test]
fn holedox_variants_are_named() {
    every_variant_is_named::<Holedox>(Vec::new());
}

#[test]
fn the_answers_number_is_read() {
    let judge = Curling::default();
    // Sample dataset 2 of the statement: 4 throws.
    let case = parse(&judge, Curling::INFO.samples)[1].clone();
    let d = diagnose(&caps_of(&judge), &judge, &case, -1, &Limits::none());
    assert!(
        d.to_string()
            .starts_with("your -1 is wrong: here is a plan of 4 throws: "),
        "{d}"
    );
    assert_eq!(d.optimum, Some(4));
    let d = diagnose(&caps_of(&judge), &judge, &case, 2, &Limits::none());
    assert!(d.to_string().contains("no legal plan is that short"), "{d}");
    let d = diagnose(&caps_of(&judge), &judge, &case, 4, &Limits::none());
    assert!(d.to_string().contains("is the judge's answer"), "{d}");
    // Longer: a plan of exactly that length exists or does not, and a
    // found one is legal and of that length.
    let mut found = 0;
    for n in 5..=10 {
        let d = diagnose(&caps_of(&judge), &judge, &case, n, &Limits::none());
        match exact_length(&judge, &case, n as usize, &Limits::none()) {
            Exact::Found(plan) => {
                assert_eq!(plan.len(), n as usize);
                assert!(judge
                    .verify(&case, &plan, &Limits::none())
                    .to_string()
                    .contains("not optimal"));
                assert!(
                    d.to_string().contains("a legal but longer plan exists"),
                    "{d}"
                );
                found += 1;
            }
            Exact::None => {
                assert!(
                    d.to_string()
                        .contains(&format!("no legal plan of exactly {n} throws")),
                    "{d}"
                );
            }
            Exact::Unknown => panic!("a sample board is small"),
        }
    }
    assert!(found > 0, "some longer plan exists on sample 2");
    // Over the cap: no plan of 11 throws under the judge's rules.
    let d = diagnose(&caps_of(&judge), &judge, &case, 11, &Limits::none());
    assert!(d.to_string().contains("no legal plan of exactly 11"), "{d}");
    // Holedox lairs are bipartite: a plan's length has the optimum's parity.
    let h = Holedox::default();
    let case = parse(&h, Holedox::INFO.samples)[0].clone();
    let best = answer(&h, &case);
    let d = diagnose(&caps_of(&h), &h, &case, best + 1, &Limits::none());
    assert!(
        d.to_string()
            .contains(&format!("no legal plan of exactly {}", best + 1)),
        "{d}"
    );
    let d = diagnose(&caps_of(&h), &h, &case, -7, &Limits::none());
    assert!(d.to_string().contains("-7 is no answer"), "{d}");
}

#[test]
fn a_budget_stops_the_diagnosis_honestly() {
    let judge = Holedox::default();
    let tiny = Limits {
        max_expanded: Some(0),
        ..Limits::none()
    };
    // A sample case that needs a search (some are decided by their bounds
    // before any expansion).
    let case = parse(&judge, Holedox::INFO.samples)
        .into_iter()
        .find(|c| matches!(judge.solve(c, &tiny).outcome, Outcome::Limit(_)))
        .expect("a sample case needs a search");
    let d = diagnose(&caps_of(&judge), &judge, &case, 3, &tiny);
    assert_eq!(d.optimum, None);
    assert!(d.to_string().starts_with("no diagnosis"), "{d}");
}

/// The capabilities of `puzzle`'s type, as its registry line declares them.
fn caps_of<P: Registered>(_: &P) -> gridpuzzle_engine::caps::Caps<P> {
    *P::CAPS
}
