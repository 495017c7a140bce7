//! Answering a stream of cases in input order, as `gridpuzzle solve` does
//! (judge lines, JSON Lines or `--explain`: what each case is, and what it
//! prints, is the caller's [`Answer`], so this knows no puzzle).
//!
//! A judge file is thousands of cases whose searches take microseconds, so
//! what a run costs is mostly what happens around them: reading, handing
//! cases between threads, writing. The shape follows from that:
//!
//! - **In order on the reading thread first.** The calling thread reads a
//!   case, answers it into a buffer and reads the next. With one job that
//!   is the whole run; otherwise it is the first [`Stream::solo`] (50 ms in
//!   `solve`) of it, in which a contest's judge file is done with no thread
//!   started (threads only add CPU time to such a run: one futex handoff
//!   and one `write` per case once cost more than the searches).
//! - **Then workers, fed in chunks.** Past that, cases gather into chunks of
//!   up to [`CHUNK_CASES`] cases or [`CHUNK_CELLS`] cells and go to the
//!   jobs of the ordered pool ([`crate::pool`]), whose sink puts the
//!   chunks' outputs back in input order. The reader waits while it is
//!   `4 × jobs` chunks ahead of the printer, so a slow first case never
//!   lets answers pile up in memory (issue 15 item 5).
//! - **Writes only when needed.** Answers are written when reading is about
//!   to wait for input (the reader calls a hook just before each read of
//!   its source, the one place where reading may block; the hook also
//!   sends a partial chunk to the workers), before a note on standard
//!   error, when the printer is about to wait (the pool's `Sink::idle`),
//!   past 64 KB, before the next case once [`FLUSH_EVERY`] has passed with
//!   one thread (a slow case's answer is not held back by the next one),
//!   and at the end. So a judge file costs a few `write`s, and a case typed
//!   or piped in is still answered before the next one is waited for.
//!
//! When case 7 is malformed, cases 1–6 are answered and written, then the
//! error, and the run ends as bad input, on either path. A note
//! ([`Batch::note`]) is written to standard error right after the output
//! of the case it is about.

use std::cell::RefCell;
use std::io::{self, BufRead, Read, Write};
use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use crate::clock::Instant;
use crate::pool::{Feeder, Flow, Pool, Sink, Stop};

/// What each case is and what it prints: the caller's side of a
/// [`Stream`].
pub trait Answer: Sync {
    type Case: Send + Sync;

    /// The case's weight in a chunk: its board's cells.
    fn cells(&self, case: &Self::Case) -> u64;

    /// Refuses case `n` (1-based) before its search, with the message; the
    /// stream ends there, as bad input.
    fn fits(&self, n: u64, case: &Self::Case) -> Result<(), String>;

    /// Solves case `n` and appends what it prints (and any note) to
    /// `batch`; `cancel`, when given, stops its search.
    fn answer(&self, n: u64, case: &Self::Case, cancel: Option<Arc<AtomicBool>>, batch: &mut Batch);
}

/// How a stream ended badly, if it did: the worst of its notes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// A case could not be answered as asked (bad input, a board too large
    /// to draw).
    BadInput,
    /// A search budget ran out; outranks a note of bad input (an input
    /// error ends a stream as bad input whatever came before).
    Limit,
}

/// The formatted output of consecutive cases, and their notes.
#[derive(Debug, Default)]
pub struct Batch {
    pub text: Vec<u8>,
    notes: Vec<Note>,
}

/// A message for standard error after the first `at` bytes of a batch's
/// text (so it follows the answer it is about), and the fault it implies.
#[derive(Debug)]
struct Note {
    at: usize,
    message: String,
    fault: Fault,
}

impl Batch {
    /// A note after the text so far.
    pub fn note(&mut self, message: String, fault: Fault) {
        self.notes.push(Note {
            at: self.text.len(),
            message,
            fault,
        });
    }
}

/// How long the reading thread solves alone in `solve` before it starts
/// more jobs. A contest's judge file is done by then: it is read, solved
/// and written by one thread with no handoff at all, which is what costs
/// the least CPU in all. A longer run gets the workers.
pub const SOLO: Duration = Duration::from_millis(50);

/// With one thread, buffered answers are also written before the next case
/// once this long has passed since the last write, so a slow search does
/// not hold back the answers before it.
pub const FLUSH_EVERY: Duration = Duration::from_millis(50);

/// A chunk handed to a worker ends after this many cases...
pub const CHUNK_CASES: usize = 64;
/// ...or once its cases hold this many cells: small cases travel many at a
/// time (a handoff per case once cost more than the searches), large ones
/// alone.
pub const CHUNK_CELLS: u64 = 1 << 14;

/// A buffer this large is written out at once.
const PRINT_BUFFER: usize = 1 << 16;

/// The input's buffer: large enough that a judge file is read in a few
/// system calls.
const READ_BUFFER: usize = 1 << 16;

/// How to run a stream: its jobs, and how long to answer alone first.
#[derive(Debug, Clone, Copy)]
pub struct Stream {
    pub jobs: usize,
    pub solo: Duration,
}

impl Stream {
    /// Reads the cases of `source` with `read` (a puzzle's parser) and
    /// writes what `answer` prints for each to `out`, in input order (see
    /// the module docs); `say` writes a note or an input error to standard
    /// error. `Err` when writing `out` failed (a closed pipe) or no thread
    /// could be started; otherwise the worst fault, if any.
    pub fn run<'r, A, I, E, W>(
        &self,
        answer: &A,
        read: impl FnOnce(Box<dyn BufRead + 'r>) -> I,
        source: Box<dyn Read + 'r>,
        out: W,
        say: fn(&str),
    ) -> io::Result<Option<Fault>>
    where
        A: Answer,
        A::Case: 'r,
        I: Iterator<Item = Result<A::Case, E>>,
        E: std::fmt::Display,
        W: Write + Send + 'r,
    {
        let printer = Arc::new(Mutex::new(Printer::new(out, say)));
        let handoff: Rc<RefCell<Option<Handoff<A::Case>>>> = Rc::default();
        let (on_wait, to_send) = (Arc::clone(&printer), Rc::clone(&handoff));
        // When reading is about to wait, the cases read so far go to the
        // workers and the answers so far to the output.
        let reader = Hooked {
            source,
            buf: vec![0; READ_BUFFER].into_boxed_slice(),
            pos: 0,
            filled: 0,
            before_read: move || {
                if let Some(h) = to_send.borrow_mut().as_mut() {
                    h.send();
                }
                lock(&on_wait).flush();
            },
        };
        let ended = self.drive(answer, read(Box::new(reader)), &printer, &handoff);
        let mut p = lock(&printer);
        p.flush();
        match (p.failed.take(), ended) {
            (Some(e), _) | (None, Err(e)) => Err(e),
            (None, Ok(error)) => {
                if let Some(e) = error {
                    (p.say)(&e);
                    p.fault = Some(Fault::BadInput);
                }
                Ok(p.fault)
            }
        }
    }

    /// Answers the cases in order on this thread; after the solo time with
    /// more than one job, hands the rest to [`Stream::parallel`]. Returns
    /// the input error that ended the stream, if one did.
    fn drive<A: Answer, E: std::fmt::Display, W: Write + Send>(
        &self,
        answer: &A,
        mut cases: impl Iterator<Item = Result<A::Case, E>>,
        printer: &Mutex<Printer<W>>,
        handoff: &RefCell<Option<Handoff<A::Case>>>,
    ) -> io::Result<Option<String>> {
        let started = Instant::now();
        let mut flushed = started;
        let mut batch = Batch::default();
        let mut count = 0;
        loop {
            let now = Instant::now();
            // The answers of a slow case go out before the next one starts.
            if now - flushed >= FLUSH_EVERY {
                lock(printer).flush();
                flushed = now;
            }
            if self.jobs > 1 && now - started >= self.solo {
                return self.parallel(answer, cases, count, printer, handoff);
            }
            let Some(case) = cases.next() else {
                return Ok(None);
            };
            let case = match case {
                Ok(case) => case,
                Err(e) => return Ok(Some(e.to_string())),
            };
            let n = count as u64 + 1;
            if let Err(e) = answer.fits(n, &case) {
                return Ok(Some(e));
            }
            answer.answer(n, &case, None, &mut batch);
            count += 1;
            let mut p = lock(printer);
            p.emit(&mut batch);
            if p.failed.is_some() {
                return Ok(None);
            }
        }
    }

    /// The rest of the cases, from `first` on, answered by the jobs in
    /// chunks and printed in input order by the pool's sink.
    fn parallel<A: Answer, E: std::fmt::Display, W: Write + Send>(
        &self,
        answer: &A,
        cases: impl Iterator<Item = Result<A::Case, E>>,
        first: usize,
        printer: &Mutex<Printer<W>>,
        handoff: &RefCell<Option<Handoff<A::Case>>>,
    ) -> io::Result<Option<String>> {
        let pool = Pool {
            jobs: self.jobs,
            // Chunks handed out but not yet printed: the queue, the
            // workers and the outputs waiting behind a slow case together
            // hold at most this many, however slow the first case is
            // (issue 15 item 5).
            window: self.jobs * 4,
            name: "solve",
        };
        let solve = |(from, cases): Chunk<A::Case>, stop: &Stop| {
            let mut batch = Batch::default();
            for (i, case) in cases.iter().enumerate() {
                if stop.is_set() {
                    break;
                }
                answer.answer((from + i) as u64 + 1, case, Some(stop.flag()), &mut batch);
            }
            batch
        };
        let read = |feeder: &Feeder<Chunk<A::Case>>| {
            *handoff.borrow_mut() = Some(Handoff {
                chunk: Vec::new(),
                cells: 0,
                first,
                feeder: Some(feeder.clone()),
            });
            let mut error = None;
            for case in cases {
                let mut slot = handoff.borrow_mut();
                let Some(h) = slot.as_mut() else { break };
                let case = match case {
                    Ok(case) => case,
                    Err(e) => {
                        error = Some(e.to_string());
                        break;
                    }
                };
                if let Err(e) = answer.fits(h.next_number(), &case) {
                    error = Some(e);
                    break;
                }
                let cells = answer.cells(&case);
                if !h.push(case, cells) {
                    break;
                }
            }
            // The last chunk, then no more.
            if let Some(mut h) = handoff.borrow_mut().take() {
                h.send();
            }
            error
        };
        pool.run(solve, &mut Print(printer), read).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("cannot start a thread to solve with: {e}"),
            )
        })
    }
}

/// Locks the printer; a thread that panicked holding it left no half-made
/// state behind (every field is valid after each call), so poison is ignored.
fn lock<W>(printer: &Mutex<Printer<W>>) -> MutexGuard<'_, Printer<W>> {
    printer.lock().unwrap_or_else(|e| e.into_inner())
}

/// The output, buffered: answers are written when reading is about to
/// wait, before a note, when the buffer is large, and at the end. After a
/// failed write (a closed pipe) nothing more is written and the error
/// waits in `failed`.
struct Printer<W> {
    out: W,
    say: fn(&str),
    pending: Vec<u8>,
    fault: Option<Fault>,
    failed: Option<io::Error>,
}

impl<W: Write> Printer<W> {
    fn new(out: W, say: fn(&str)) -> Printer<W> {
        Printer {
            out,
            say,
            pending: Vec::new(),
            fault: None,
            failed: None,
        }
    }

    /// Takes a batch's text and notes, in order, leaving it empty.
    fn emit(&mut self, batch: &mut Batch) {
        let mut from = 0;
        for note in batch.notes.drain(..) {
            self.pending.extend_from_slice(&batch.text[from..note.at]);
            from = note.at;
            self.flush();
            if self.failed.is_none() {
                (self.say)(&note.message);
            }
            self.fault(note.fault);
        }
        self.pending.extend_from_slice(&batch.text[from..]);
        batch.text.clear();
        if self.pending.len() >= PRINT_BUFFER {
            self.flush();
        }
    }

    /// The run's fault so far and `fault`: a limit outranks bad input.
    fn fault(&mut self, fault: Fault) {
        self.fault = Some(match (self.fault, fault) {
            (Some(Fault::Limit), _) | (_, Fault::Limit) => Fault::Limit,
            (_, f) => f,
        });
    }

    fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        if self.failed.is_none() {
            let written = self.out.write_all(&self.pending);
            if let Err(e) = written.and_then(|()| self.out.flush()) {
                self.failed = Some(e);
            }
        }
        self.pending.clear();
    }
}

/// Consecutive cases for one worker: the first one's 0-based number and
/// the cases.
type Chunk<C> = (usize, Vec<C>);

/// The reading thread's side of the workers' queue: cases gather into a
/// chunk, which goes to the pool when it is full — or when reading is
/// about to wait (the reader's hook calls [`Handoff::send`]), so a case
/// typed or piped in is solved before the next one is waited for.
struct Handoff<C> {
    chunk: Vec<C>,
    /// The chunk's cells, summed over its cases.
    cells: u64,
    /// The 0-based number of the chunk's first case.
    first: usize,
    /// `None` once the run has stopped (the printer has failed).
    feeder: Option<Feeder<Chunk<C>>>,
}

impl<C> Handoff<C> {
    /// The 1-based number of the next case.
    fn next_number(&self) -> u64 {
        (self.first + self.chunk.len()) as u64 + 1
    }

    /// Adds a case of `cells` cells; `false` when the work has stopped.
    fn push(&mut self, case: C, cells: u64) -> bool {
        self.chunk.push(case);
        self.cells += cells;
        if self.chunk.len() >= CHUNK_CASES || self.cells >= CHUNK_CELLS {
            self.send();
        }
        self.feeder.is_some()
    }

    /// Hands the chunk gathered so far to the workers, once the printer is
    /// close enough behind (the pool's window).
    fn send(&mut self) {
        if self.chunk.is_empty() {
            return;
        }
        let Some(feeder) = &self.feeder else { return };
        let size = self.chunk.len();
        if !feeder.send((self.first, std::mem::take(&mut self.chunk))) {
            self.feeder = None;
            return;
        }
        self.first += size;
        self.cells = 0;
    }
}

/// The printer as the pool's sink: chunks' outputs in input order,
/// written out when the pool is about to wait.
struct Print<'a, W>(&'a Mutex<Printer<W>>);

impl<W: Write> Sink<Batch> for Print<'_, W> {
    fn take(&mut self, _: usize, mut batch: Batch) -> Flow {
        let mut p = lock(self.0);
        p.emit(&mut batch);
        if p.failed.is_some() {
            // The output is gone (a closed pipe): stop reading and searching.
            Flow::Stop
        } else {
            Flow::Go
        }
    }

    fn idle(&mut self) {
        lock(self.0).flush();
    }
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

    /// Cases are numbers, one a line; case `n` prints `n: 2x`. A `-1` is
    /// a budget's note, a `7777` refused before its search.
    struct Double;

    impl Answer for Double {
        type Case = i64;

        fn cells(&self, _: &i64) -> u64 {
            1
        }

        fn fits(&self, n: u64, case: &i64) -> Result<(), String> {
            match case {
                7777 => Err(format!("case {n}: too big")),
                _ => Ok(()),
            }
        }

        fn answer(&self, n: u64, case: &i64, _: Option<Arc<AtomicBool>>, batch: &mut Batch) {
            batch
                .text
                .extend_from_slice(format!("{n}: {}\n", case * 2).as_bytes());
            if *case == -1 {
                batch.note(format!("case {n}: limit"), Fault::Limit);
            }
        }
    }

    /// Numbers, one a line; anything else is an error.
    fn numbers<'r>(r: Box<dyn BufRead + 'r>) -> impl Iterator<Item = Result<i64, String>> + 'r {
        r.lines().map(|l| {
            let l = l.map_err(|e| e.to_string())?;
            l.trim().parse().map_err(|_| format!("not a number: {l}"))
        })
    }

    /// An output shared with the test, or a log of outputs and notes.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
        }
    }

    fn quiet(_: &str) {}

    fn run(stream: Stream, input: &str) -> (io::Result<Option<Fault>>, String) {
        let out = Shared::default();
        let ended = stream.run(
            &Double,
            numbers,
            Box::new(
                input
                    .as_bytes()
                    .to_vec()
                    .into_iter()
                    .collect::<Vec<u8>>()
                    .leak() as &[u8],
            ),
            out.clone(),
            quiet,
        );
        (ended, out.text())
    }

    const PATHS: [Stream; 3] = [
        Stream {
            jobs: 1,
            solo: Duration::ZERO,
        },
        Stream {
            jobs: 3,
            solo: Duration::ZERO,
        },
        Stream {
            jobs: 2,
            solo: Duration::from_secs(3600),
        },
    ];

    /// Alone and on workers, the answers come in input order.
    #[test]
    fn answers_come_in_input_order_on_every_path() {
        let input: String = (0..1000).map(|i| format!("{i}\n")).collect();
        let want: String = (0..1000)
            .map(|i| format!("{}: {}\n", i + 1, 2 * i))
            .collect();
        for stream in PATHS {
            let (ended, text) = run(stream, &input);
            assert_eq!(ended.unwrap(), None);
            assert_eq!(text, want, "{stream:?}");
        }
    }

    /// The cases before a bad one are answered, then the run ends as bad
    /// input, a budget's note notwithstanding; a refused case likewise.
    #[test]
    fn a_bad_case_ends_the_stream_after_the_ones_before_it() {
        for stream in PATHS {
            let (ended, text) = run(stream, "1\n-1\n3\nx\n5\n");
            assert_eq!(ended.unwrap(), Some(Fault::BadInput));
            assert_eq!(text, "1: 2\n2: -2\n3: 6\n");
            let (ended, text) = run(stream, "1\n7777\n3\n");
            assert_eq!(ended.unwrap(), Some(Fault::BadInput));
            assert_eq!(text, "1: 2\n");
            let (ended, _) = run(stream, "-1\n2\n");
            assert_eq!(ended.unwrap(), Some(Fault::Limit));
        }
    }

    /// A closed output ends the run with its error.
    #[test]
    fn a_failed_write_is_the_error() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::from(io::ErrorKind::BrokenPipe))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let input: String = (0..100_000).map(|i| format!("{i}\n")).collect();
        for stream in PATHS {
            let ended = stream.run(&Double, numbers, Box::new(input.as_bytes()), Closed, quiet);
            assert_eq!(ended.unwrap_err().kind(), io::ErrorKind::BrokenPipe);
        }
    }

    static LOG: Mutex<Vec<String>> = Mutex::new(Vec::new());

    fn log(line: &str) {
        LOG.lock().unwrap().push(format!("say {line}"));
    }

    /// What goes out, and what is read, in the order it happens.
    #[derive(Clone)]
    struct Logged;

    impl Write for Logged {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            LOG.lock()
                .unwrap()
                .push(format!("out {}", String::from_utf8_lossy(buf).trim_end()));
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// A person typing: one line a read (the empty line is the end), each
    /// after the answer to the one before has been written (or half a
    /// minute, for a run that never writes it), each read logged.
    struct Typed(Vec<(&'static str, &'static str)>);

    impl Read for Typed {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let Some(&(after, line)) = self.0.first() else {
                return Ok(0);
            };
            let waited = Instant::now();
            while !after.is_empty()
                && !LOG.lock().unwrap().iter().any(|l| l.contains(after))
                && waited.elapsed() < Duration::from_secs(30)
            {
                std::thread::sleep(Duration::from_millis(1));
            }
            self.0.remove(0);
            let read = if line.is_empty() {
                "end"
            } else {
                line.trim_end()
            };
            LOG.lock().unwrap().push(format!("read {read}"));
            out[..line.len()].copy_from_slice(line.as_bytes());
            Ok(line.len())
        }
    }

    /// A case typed in is answered before the next one is waited for, on
    /// every path, and a note follows the output of its case.
    #[test]
    fn each_case_is_answered_before_the_next_is_read() {
        for stream in PATHS {
            LOG.lock().unwrap().clear();
            let source = Typed(vec![
                ("", "1\n"),
                ("1: 2", "-1\n"),
                ("limit", "3\n"),
                ("3: 6", ""),
            ]);
            let ended = stream.run(&Double, numbers, Box::new(source), Logged, log);
            assert_eq!(ended.unwrap(), Some(Fault::Limit));
            let got = LOG.lock().unwrap().clone();
            let at = |s: &str| {
                got.iter()
                    .position(|l| l == s)
                    .unwrap_or_else(|| panic!("{s}: {got:#?}"))
            };
            assert!(at("out 1: 2") < at("read -1"), "{stream:?}: {got:#?}");
            assert!(
                at("out 2: -2") < at("say case 2: limit"),
                "{stream:?}: {got:#?}"
            );
            assert!(
                at("say case 2: limit") < at("read 3"),
                "{stream:?}: {got:#?}"
            );
            assert!(at("out 3: 6") < at("read end"), "{stream:?}: {got:#?}");
        }
    }
}
