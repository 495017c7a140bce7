//! `engine::fresh` on the registered puzzles: a fresh puzzle from a seed
//! meets its range and repeats per seed, and an impossible request is
//! refused in `generate`'s words.

use gridpuzzle_engine::fresh::{make, Spec};
use gridpuzzle_engine::search::Limits;
use gridpuzzle_engine::words::capitalized;
use gridpuzzle_registry::Registered;
use gridpuzzle_registry::{Entry, Visit};

/// The puzzles with a generator: those `play --seed` offers.
fn listed() -> Vec<Entry> {
    gridpuzzle_registry::entries()
        .into_iter()
        .filter(|e| e.gen.is_some())
        .collect()
}

fn spec(seed: u64, width: u32, height: u32, answer: (u32, u32)) -> Spec {
    Spec {
        seed,
        width,
        height,
        answer,
        params: Vec::new(),
        heap: None,
    }
}

/// Every puzzle with a generator: its fresh range met, the same case per seed.
#[test]
fn fresh_puzzles_meet_their_range_and_repeat_per_seed() {
    struct Fresh;
    impl Visit for Fresh {
        type Output = ();
        fn visit<P: Registered>(self, puzzle: P) {
            let (lo, hi) = P::CAPS.generator().unwrap().info().fresh_answer;
            let s = spec(7, 8, 8, (lo, hi));
            let a = make(P::CAPS.generator().unwrap(), &puzzle, &s).unwrap();
            let b = make(P::CAPS.generator().unwrap(), &puzzle, &s).unwrap();
            assert_eq!(a, b, "{}: same seed, same case", P::INFO.name);
            let n = puzzle
                .solve(&a, &Limits::none())
                .outcome
                .moves()
                .unwrap()
                .len() as u32;
            assert!((lo..=hi).contains(&n), "{}: {n}", P::INFO.name);
        }
    }
    for e in listed() {
        gridpuzzle_registry::visit(e.name, Fresh).unwrap();
    }
}

/// The words of `generate` for an impossible request, and a clear
/// error when the attempts run out.
#[test]
fn impossible_requests_are_clear_errors() {
    struct Errors;
    impl Visit for Errors {
        type Output = ();
        fn visit<P: Registered>(self, puzzle: P) {
            // The smallest value of every parameter (a body of one).
            let mut s = spec(1, 3, 1, (9, 9));
            s.params = P::CAPS
                .generator()
                .unwrap()
                .info()
                .fresh_params
                .iter()
                .map(|p| (p.key.to_string(), "1".to_string()))
                .collect();
            let err = make(P::CAPS.generator().unwrap(), &puzzle, &s).unwrap_err();
            let want = format!(
                "no {} {} of 3x1 with an optimum of 9..9",
                capitalized(P::INFO.name),
                P::INFO.board
            );
            // Or the generator's own sharper refusal of the size (the
            // template's: no 3x1 board needs 9 moves).
            assert!(
                err.starts_with(&want) || err.starts_with("no 3x1 "),
                "{err}"
            );
        }
    }
    for e in listed() {
        gridpuzzle_registry::visit(e.name, Errors).unwrap();
    }

    // A cap below the range, and a body that cannot fit: `generate`'s
    // words, from the one check.
    struct Capped;
    impl Visit for Capped {
        type Output = Vec<String>;
        fn visit<P: Registered>(self, puzzle: P) -> Vec<String> {
            let mut errors = Vec::new();
            if P::CAPS.setting_list().iter().any(|s| s.key == "max-throws") {
                let mut p = puzzle.clone();
                P::CAPS.set(&mut p, "max-throws", "10").unwrap();
                errors.push(
                    make(P::CAPS.generator().unwrap(), &p, &spec(1, 3, 1, (11, 12))).unwrap_err(),
                );
            }
            if P::CAPS
                .generator()
                .unwrap()
                .info()
                .fresh_params
                .iter()
                .any(|p| p.key == "len")
            {
                let mut s = spec(1, 3, 1, (9, 9));
                s.params = vec![("len".into(), "4".into())];
                errors.push(make(P::CAPS.generator().unwrap(), &puzzle, &s).unwrap_err());
            }
            errors
        }
    }
    let errors: Vec<String> = listed()
        .iter()
        .flat_map(|e| gridpuzzle_registry::visit(e.name, Capped).unwrap())
        .collect();
    assert_eq!(
        errors,
        [
            "no board needs 11 throws under a cap of 10: raise --max-throws or lower --answer",
            "--len 4 does not fit: a lair of 1 rows and 3 columns takes a body of 1 to 3 segments",
        ]
    );
}
