use gridpuzzle_curling::{solve, Algorithm, Datasets, Options};
use gridpuzzle_engine::search::Limits;
fn main() {
    let reps: usize = std::env::args()
        .nth(1)
        .map(|a| a.parse().unwrap())
        .unwrap_or(1);
    for file in ["open20.in", "contest20.in"] {
        let path = format!("{}/../../bench/curling/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let boards: Vec<_> = Datasets::new(text.as_bytes()).map(|b| b.unwrap()).collect();
        let t2 = std::time::Instant::now();
        let mut tot = 0u64;
        for _ in 0..reps {
            for b in &boards {
                tot += gridpuzzle_curling::solve::relaxed_distances(b)[0] as u64;
            }
        }
        let dist = t2.elapsed();
        let opts = Options {
            algorithm: Algorithm::IdaStar,
            ..Options::default()
        };
        let mut exp = 0;
        let mut gen = 0;
        let t = std::time::Instant::now();
        for _ in 0..reps {
            for b in &boards {
                let s = solve(b, &opts, &Limits::none());
                exp += s.stats.expanded;
                gen += s.stats.generated;
            }
        }
        println!(
            "{file}: dist {:?} total {:?} per board {:?} expanded {exp} generated {gen} {tot}",
            dist,
            t.elapsed(),
            t.elapsed() / (reps * boards.len()) as u32
        );
    }
}
