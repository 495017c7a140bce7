//! `gridpuzzle render`: one case's optimal solution as a picture.
//!
//! The puzzle crates draw single SVG documents; this command picks the
//! case, solves it, and writes an animated SVG, a still frame, or an HTML
//! page that steps through the still frames.

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Context, Result};
use gridpuzzle_engine::search::Outcome;
use gridpuzzle_engine::svg::html_player;
use gridpuzzle_engine::Dir;

use crate::args::RenderCommand;
use crate::puzzles::{split, Chosen, Puzzle};
use crate::{input, Exit};

enum Kind {
    Svg,
    Html,
    Stdout,
}

pub fn run(cmd: RenderCommand) -> Result<Exit> {
    let Some(output) = cmd.output.clone() else {
        bail!("give the output with -o OUT.svg, -o OUT.html or -o - (an SVG on standard output)");
    };
    let kind = match output.extension().and_then(|e| e.to_str()) {
        _ if output.as_os_str() == "-" => Kind::Stdout,
        Some(e) if e.eq_ignore_ascii_case("svg") => Kind::Svg,
        Some(e) if e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm") => Kind::Html,
        _ => bail!(
            "the output {} should end in .svg or .html",
            output.display()
        ),
    };
    if matches!(kind, Kind::Html) && cmd.frame.is_some() {
        bail!("--frame draws one still SVG; an HTML page already shows every frame");
    }
    let (file, chosen) = split(&cmd.puzzle);
    let reader = input::open(file.as_deref())?;
    match chosen {
        Chosen::Curling(p) => draw(&p, p.cases(reader), &cmd, &kind, &output),
        Chosen::Holedox(p) => draw(&p, p.cases(reader), &cmd, &kind, &output),
    }
}

fn draw<P: Puzzle>(
    puzzle: &P,
    mut cases: impl Iterator<Item = Result<P::Case, gridpuzzle_engine::InputError>>,
    cmd: &RenderCommand,
    kind: &Kind,
    output: &Path,
) -> Result<Exit> {
    let (wanted, frame) = (cmd.case, cmd.frame);
    let unit = P::UNIT;
    let mut case = None;
    for n in 1..=wanted {
        match cases.next() {
            Some(Ok(c)) if n == wanted => case = Some(c),
            Some(Ok(_)) => {}
            Some(Err(e)) => {
                eprintln!("gridpuzzle: {e}");
                return Ok(Exit::BadInput);
            }
            None => bail!("--case {wanted}: the input has only {} {unit}s", n - 1),
        }
    }
    let case = case.expect("the loop stops at the wanted case");
    let found = puzzle.solve(&case, &cmd.budget.limits());
    let plan: Vec<Dir> = match found.outcome {
        Outcome::Solved(moves) => moves,
        Outcome::Unsolvable => {
            eprintln!("gridpuzzle: {unit} {wanted} has no solution (-1): drawing its start");
            Vec::new()
        }
        Outcome::Limit(hit) => {
            eprintln!("gridpuzzle: {unit} {wanted}: {hit}: drawing its start");
            Vec::new()
        }
    };
    if let Some(k) = frame.filter(|&k| k > plan.len()) {
        bail!(
            "--frame {k}: {unit} {wanted} has {} {}, so frames go from 0 to {}",
            plan.len(),
            P::MOVES,
            plan.len()
        );
    }
    let text = match kind {
        Kind::Html => {
            let frames: Vec<String> = (0..=plan.len())
                .map(|k| puzzle.svg(&case, &plan, Some(k)))
                .collect();
            html_player(&format!("{}: {unit} {wanted}", P::TITLE), &frames)
        }
        _ => puzzle.svg(&case, &plan, frame),
    };
    match kind {
        Kind::Stdout => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
        _ => {
            std::fs::write(output, text)
                .with_context(|| format!("cannot write {}", output.display()))?;
            eprintln!(
                "gridpuzzle: wrote {} ({unit} {wanted}, {} {})",
                output.display(),
                plan.len(),
                P::MOVES
            );
        }
    }
    Ok(Exit::Ok)
}
