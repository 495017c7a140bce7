//! Opening the input: a file, or standard input for `-` or nothing;
//! buffered ([`open`]), or not ([`source`], for `solve`, whose stream
//! buffers it with a hook before each read).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use anyhow::{Context, Result};

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
