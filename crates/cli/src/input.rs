//! Opening the input: a file, or standard input for `-` or nothing;
//! buffered ([`open`]), or not ([`source`], for `solve`, whose stream
//! buffers it with a hook before each read); and its case `--case N`
//! ([`nth`]), as `render`, `trace` and `play` take it.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use gridpuzzle_engine::puzzle::{nth_case, NthCase};
use gridpuzzle_engine::words::units;
use gridpuzzle_engine::Puzzle;

/// The input's buffer: large enough that a judge file is read in a few
/// system calls.
const BUFFER: usize = 1 << 16;

pub fn open(file: Option<&Path>) -> Result<Box<dyn BufRead>> {
    match file {
        None => Ok(Box::new(BufReader::new(io::stdin()))),
        Some(p) if p.as_os_str() == "-" => Ok(Box::new(BufReader::new(io::stdin()))),
        Some(p) => {
            let f = File::open(p).with_context(|| format!("cannot open {}", p.display()))?;
            Ok(Box::new(BufReader::with_capacity(BUFFER, f)))
        }
    }
}

/// The input unbuffered, for a reader that buffers it itself (`solve`'s,
/// `gridpuzzle_engine::stream`): a file, or standard input for `-` or
/// nothing.
pub fn source(file: Option<&Path>) -> Result<Box<dyn Read>> {
    match file {
        None => Ok(Box::new(io::stdin().lock())),
        Some(p) if p.as_os_str() == "-" => Ok(Box::new(io::stdin().lock())),
        Some(p) => Ok(Box::new(
            File::open(p).with_context(|| format!("cannot open {}", p.display()))?,
        )),
    }
}

/// How a file is named in messages: its path, or `standard input` for
/// `-` or nothing.
pub fn name_of(file: Option<&Path>) -> String {
    match file {
        Some(p) if p.as_os_str() != "-" => p.display().to_string(),
        _ => "standard input".to_string(),
    }
}

/// Case `n` (1-based) of the judge input `reader` of `puzzle`, for
/// `--case n`: a malformed case before it is refused in the parser's
/// words, and an input with fewer cases says so (`--case 5: {what} has only
/// 3 datasets`).
pub fn nth<P: Puzzle>(puzzle: &P, reader: Box<dyn BufRead>, n: u64, what: &str) -> Result<P::Case> {
    match nth_case(puzzle.cases(reader), n) {
        NthCase::Found(case) => Ok(case),
        NthCase::Bad(e) => Err(anyhow!("{e}")),
        NthCase::Short(seen) => bail!("--case {n}: {what} has only {}", units(seen, P::INFO.unit)),
    }
}
