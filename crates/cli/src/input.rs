//! Opening the input: a file, or standard input for `-` or nothing.
//!
//! [`open_with_hook`] is for `solve`, which keeps its answers in a buffer
//! and writes them only when it must: its reader calls a hook just before
//! each read of the source, the one place where reading may block (a
//! person typing cases, a pipe whose writer waits for our answers). The
//! hook flushes the answers, so a case is answered on screen before the
//! next one is waited for, and a judge file costs one `write` per 64 KB
//! of input instead of one per case.

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

/// Like [`open`], but `before_read` runs before every read of the source.
pub fn open_with_hook<'a>(
    file: Option<&Path>,
    before_read: impl FnMut() + 'a,
) -> Result<Box<dyn BufRead + 'a>> {
    let source: Box<dyn Read> = match file {
        None => Box::new(io::stdin().lock()),
        Some(p) if p.as_os_str() == "-" => Box::new(io::stdin().lock()),
        Some(p) => Box::new(File::open(p).with_context(|| format!("cannot open {}", p.display()))?),
    };
    Ok(Box::new(Hooked {
        source,
        buf: vec![0; BUFFER].into_boxed_slice(),
        pos: 0,
        filled: 0,
        before_read,
    }))
}

/// A buffered reader that calls `before_read` whenever its buffer is empty
/// and it must ask the source for more.
struct Hooked<R, F> {
    source: R,
    buf: Box<[u8]>,
    pos: usize,
    filled: usize,
    before_read: F,
}

impl<R: Read, F: FnMut()> Read for Hooked<R, F> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = {
            let have = self.fill_buf()?;
            let n = have.len().min(out.len());
            out[..n].copy_from_slice(&have[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl<R: Read, F: FnMut()> BufRead for Hooked<R, F> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos >= self.filled {
            (self.before_read)();
            self.filled = self.source.read(&mut self.buf)?;
            self.pos = 0;
        }
        Ok(&self.buf[self.pos..self.filled])
    }

    fn consume(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.filled);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hook runs before each read of the source, and only then.
    #[test]
    fn the_hook_runs_before_each_read_of_the_source() {
        let calls = std::cell::Cell::new(0);
        let mut r = Hooked {
            source: &b"abcdef"[..],
            buf: vec![0; 4].into_boxed_slice(),
            pos: 0,
            filled: 0,
            before_read: || calls.set(calls.get() + 1),
        };
        let mut text = String::new();
        r.read_to_string(&mut text).unwrap();
        assert_eq!(text, "abcdef");
        // "abcd", "ef", then the read that finds the end.
        assert_eq!(calls.get(), 3);
        let mut again = String::new();
        r.read_to_string(&mut again).unwrap();
        assert_eq!(calls.get(), 4);
    }
}
