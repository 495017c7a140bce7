//! What the commands' command lines share: the search budgets, the output
//! format, value parsers, and the puzzle subcommands built from the
//! registry.
//!
//! Every command takes the puzzle as a subcommand (`solve PUZZLE ...`), so
//! each puzzle's own options (its rule settings, such as `--max-throws` or
//! `--tail-rule`) sit with it, and the command's options are `global` so
//! they may come before or after the puzzle name. The puzzle subcommands
//! are not declared here: [`PuzzleArgs`] implements clap's `Subcommand` by
//! hand and adds one subcommand per [`gridpuzzle_registry::entries`] entry
//! when the command line is built, with a `--KEY` option per rule setting
//! ([`setting_arg`]) whose value is checked by the puzzle's own
//! `Settings::set` (through `P::CAPS`), so a bad value is a usage error in
//! the puzzle's words, and, for a command that makes cases, the
//! generator's arguments ([`GenArgs`]: `--size`, the density flag and the
//! generator's parameters, also from the entry). Which arguments a
//! command's puzzle subcommands take, and what their help says, is the
//! command's [`PuzzleHelp`]. A new puzzle thus gets every command that it
//! declares what for (`offer`) without a line changed here.
//!
//! Each command module owns its clap struct and imports this module; this
//! module imports no command (the top-level `Cli` lives in `main.rs`), only
//! `offer`, which says which puzzles a command's subcommands are.

use gridpuzzle_engine::memory::Heap;
use gridpuzzle_registry::Registered;
use std::marker::PhantomData;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Arg, ArgMatches, Args, FromArgMatches, Subcommand, ValueEnum};
use gridpuzzle_engine::caps::Setting;
use gridpuzzle_engine::search::RunBudget;
use gridpuzzle_engine::words::capitalized;
use gridpuzzle_registry::{Entry, Visit};

/// Search budgets, each for one case's search, and the run's memory
/// (`--memory`, shared by every job and table of the run: see
/// `gridpuzzle_engine::memory`). When one stops a case's search, that case
/// prints `limit` (never `-1`), stderr says which budget ran out and how to
/// lift it, and the exit status is 3.
///
/// Why the time and memory budgets are on by default: a 40-byte input can
/// declare a 4096×4096 lair, and a 200×200 Curling board without the throw
/// cap can take minutes, so without them a small file could keep a process
/// busy for minutes or make it take gigabytes. The defaults (one second and
/// two million stored states, about 160 MB) are far above what any case
/// within the judges' limits needs (a 20×20 lair with L ≤ 8 has at most
/// 20·20·3⁷ = 874,800 body positions; a Curling search under the cap of 10
/// keeps one path), so they never change a judge's answer; `none` lifts
/// either.
#[derive(Debug, Clone, Copy, Args)]
pub struct BudgetArgs {
    /// Stop a case's search after expanding N states; `none`: no limit
    #[arg(long, global = true, value_name = "N|none", default_value = "none", value_parser = parse_cap::<u64>)]
    pub max_states: Cap<u64>,

    /// Stop a case's search after SECS seconds of wall-clock time (decimals allowed); `none`: no limit
    #[arg(long, global = true, value_name = "SECS|none", default_value = DEFAULT_TIMEOUT, value_parser = parse_timeout)]
    pub timeout: Cap<f64>,

    /// Stop the whole run after SECS seconds of wall-clock time: the cases not answered by then print `limit`; `none` (the default, so a judge file is always answered whole): no limit
    #[arg(long, global = true, value_name = "SECS|none", default_value = "none", value_parser = parse_timeout)]
    pub total_timeout: Cap<f64>,

    /// Stop a case's search when it keeps N states in memory (a stored state costs tens of bytes); `none`: no limit
    #[arg(long, global = true, value_name = "N|none", default_value = DEFAULT_MAX_STORED, value_parser = parse_cap::<usize>)]
    pub max_stored: Cap<usize>,

    /// Memory of the whole run, shared by all its jobs and tables, in MB (a case that cannot get its share waits for other jobs, or prints `limit`); `none`: no limit
    #[arg(long, global = true, value_name = "MB|none", default_value = DEFAULT_MEMORY, value_parser = parse_cap::<usize>)]
    pub memory: Cap<usize>,
}

impl BudgetArgs {
    /// Every budget at its default, as clap sets them.
    pub fn defaults() -> BudgetArgs {
        BudgetArgs {
            max_states: Cap(None),
            timeout: parse_timeout(DEFAULT_TIMEOUT).expect("the default timeout reads"),
            max_stored: parse_cap(DEFAULT_MAX_STORED).expect("the default memory budget reads"),
            memory: parse_cap(DEFAULT_MEMORY).expect("the default run budget reads"),
            total_timeout: Cap(None),
        }
    }

    /// Starts the run's budgets: `--memory` becomes the run's memory
    /// budget ([`gridpuzzle_engine::memory`]), and `--total-timeout`
    /// counts from now.
    pub fn apply_run(&self) {
        set_memory(self.memory.0);
        if let Some(secs) = self.total_timeout.0 {
            let _ = RUN_DEADLINE.set(Instant::now() + Duration::from_secs_f64(secs));
        }
    }
}

/// When the whole run must end (`--total-timeout`), once the run started.
///
/// Why it is off by default: a judge file is answered whole or it is no
/// judge answer at all, and each of its cases is already bounded by
/// `--timeout`; a bound on the whole file is for a user who would rather
/// have `limit` on the cases left than wait for a file of many hard cases
/// (100 hard lairs took 73 s), and asks for it.
static RUN_DEADLINE: OnceLock<Instant> = OnceLock::new();

/// The default of `--memory`, in MB: the heap of the whole run, all jobs
/// together. With what a process holds beside its heap (the binary, the
/// threads' stacks, the allocator's slack, about 20 to 30 MB) it keeps a
/// run under 200 MB, the README's promise for any input under 1 MB. A
/// judge-size case needs at most a few MB, so it never changes a judge's
/// answer.
pub const DEFAULT_MEMORY: &str = "180";

/// The run's heap budget (`--memory`), handed to every search and job of
/// the run through its limits ([`BudgetArgs::limits`], [`run_heap`]).
static RUN_HEAP: std::sync::RwLock<Option<Arc<Heap>>> = std::sync::RwLock::new(None);

/// Sets the run's heap budget to `mb` MB (`None`: none), read by the
/// counting allocator of the binary.
pub fn set_memory(mb: Option<usize>) {
    let heap = mb.map(|mb| Heap::new(mb.saturating_mul(1 << 20), crate::alloc::heap_in_use));
    *RUN_HEAP.write().unwrap_or_else(|e| e.into_inner()) = heap;
}

/// The run's heap budget, if it has one: what the limits of every search
/// and the generators' requests carry.
pub fn run_heap() -> Option<Arc<Heap>> {
    RUN_HEAP.read().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The default of `--timeout`, in seconds: per case.
pub const DEFAULT_TIMEOUT: &str = "1";

/// The default of `--max-stored`: 2,000,000 states, about 160 MB of
/// Holedox A* nodes, table entries and queue entries.
pub const DEFAULT_MAX_STORED: &str = "2000000";

/// A budget's value: a number, or `none` for no limit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cap<T>(pub Option<T>);

/// As it is typed: the number, or `none` (a default shown in `--help`).
impl<T: std::fmt::Display> std::fmt::Display for Cap<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Some(v) => write!(f, "{v}"),
            None => f.write_str("none"),
        }
    }
}

pub(crate) fn parse_cap<T: std::str::FromStr>(s: &str) -> Result<Cap<T>, String> {
    if s == "none" {
        return Ok(Cap(None));
    }
    match s.parse::<T>() {
        Ok(v) => Ok(Cap(Some(v))),
        Err(_) => Err(format!("expected a whole number or `none`, found `{s}`")),
    }
}

pub fn parse_timeout(s: &str) -> Result<Cap<f64>, String> {
    if s == "none" {
        return Ok(Cap(None));
    }
    parse_seconds(s)
        .map(|x| Cap(Some(x)))
        .map_err(|e| format!("{e} (or `none`)"))
}

impl BudgetArgs {
    /// The run's budget: these bounds, the run's heap ([`run_heap`]) and,
    /// once the run started, its deadline (`--total-timeout`).
    pub fn budget(&self) -> RunBudget {
        RunBudget {
            max_states: self.max_states.0,
            time: self.timeout.0.map(Duration::from_secs_f64),
            max_stored: self.max_stored.0,
            deadline: RUN_DEADLINE.get().copied(),
            heap: run_heap(),
        }
    }

    /// Limits for one search starting now.
    pub fn limits(&self) -> gridpuzzle_engine::search::Limits {
        self.budget().limits()
    }

    /// What ran out and how to lift it, for a search stopped by `hit`:
    /// `the time limit of 1 s was reached (raise --timeout, or --timeout
    /// none to lift it)`.
    pub fn explain(&self, hit: gridpuzzle_engine::search::LimitHit) -> String {
        use gridpuzzle_engine::search::LimitHit;
        let lift = |flag: &str| format!(" (raise {flag}, or {flag} none to lift it)");
        match hit {
            LimitHit::Time if RUN_DEADLINE.get().is_some_and(|&d| Instant::now() >= d) => {
                format!(
                    "the run's time limit of {} s was reached{}",
                    self.total_timeout.0.unwrap_or_default(),
                    lift("--total-timeout")
                )
            }
            LimitHit::Time => match self.timeout.0 {
                Some(s) => format!("the time limit of {s} s was reached{}", lift("--timeout")),
                None => format!("{hit}"),
            },
            LimitHit::States(_) => format!("{hit}{}", lift("--max-states")),
            LimitHit::Memory(_) => format!("{hit}{}", lift("--max-stored")),
            LimitHit::Heap(_) => format!("{hit}{}", lift("--memory")),
            LimitHit::Cancelled => format!("{hit}"),
        }
    }
}

pub fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x < 1e9 => Ok(x),
        _ => Err(format!(
            "expected a positive number of seconds, found `{s}`"
        )),
    }
}

/// `--color WHEN`: `auto` colours a terminal unless `NO_COLOR` is set;
/// `always` and `never` decide, whatever the terminal and `NO_COLOR` say
/// (a flag the user typed outranks the environment).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum Color {
    #[default]
    Auto,
    Always,
    Never,
}

impl Color {
    /// Colour or not, for output to a terminal when `terminal`.
    pub fn enabled(self, terminal: bool) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Judge,
    Json,
}

/// How the judge kit's commands report: lines for a person, or one JSON
/// document for a program (its fields are documented on the command's
/// report type).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    Text,
    Json,
}

// ------------------------------------------------------------- puzzles

/// An `Examples:` block of `command`: `{1}`, `{2}`, ... in a line are the
/// first, second, ... puzzle it offers (counting round when there are
/// fewer), so the examples follow the registry; `{args1}`, `{args2}` their
/// generators' required parameters ([`required_params`]) and
/// `{density1}`, `{density2}` their density flags.
pub fn examples(command: &str, lines: &[&str]) -> String {
    let offered = crate::offer::offered(command, gridpuzzle_registry::entries());
    let names: Vec<&str> = offered.iter().map(|e| e.name).collect();
    let mut text = examples_naming(&names, lines);
    for k in 1..=2 {
        let Some(e) = offered.get((k - 1) % offered.len().max(1)) else {
            continue;
        };
        text = text
            .replace(&format!("{{args{k}}}"), &required_params(e))
            .replace(&format!("{{density{k}}}"), e.gen.map_or("", |g| g.density));
    }
    text
}

/// ` --len 4`: the generator parameters `entry` requires, with the values
/// a fresh `play` puzzle takes, for examples.
pub fn required_params(entry: &Entry) -> String {
    let fresh = entry.gen.map_or(&[][..], |g| g.fresh_params);
    entry
        .gen_params()
        .iter()
        .filter(|p| p.default.is_empty())
        .map(|p| {
            let value = fresh
                .iter()
                .find(|f| f.key == p.key)
                .map_or(p.value_name, |f| f.default);
            format!(" --{} {value}", p.key)
        })
        .collect()
}

/// An `Examples:` block whose `{1}`, `{2}`, ... are `names`.
fn examples_naming(names: &[&str], lines: &[&str]) -> String {
    let mut out = String::from("Examples:");
    for line in lines {
        out.push_str("\n  ");
        out.push_str(&with_names(line, names));
    }
    out
}

/// `line` with `{1}`, `{2}`, ... replaced by `names`, in one pass (help
/// texts are built at every start, so this stays cheap).
fn with_names(line: &str, names: &[&str]) -> String {
    let mut out = String::with_capacity(line.len() + 16);
    let mut rest = line;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let b = tail.as_bytes();
        match (b.get(1), b.get(2)) {
            (Some(d @ b'1'..=b'9'), Some(b'}')) => {
                let k = usize::from(d - b'1');
                out.push_str(names.get(k % names.len().max(1)).unwrap_or(&""));
                rest = &tail[3..];
            }
            _ => {
                out.push('{');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// What a command's puzzle subcommands take and say.
pub trait PuzzleHelp {
    /// The first line of `COMMAND PUZZLE --help`: by default the puzzle's
    /// own.
    fn about(entry: &Entry) -> String {
        entry.info.about.to_string()
    }
    /// The text after the options of `COMMAND PUZZLE --help`: by default
    /// [`PuzzleHelp::AFTER`] for the puzzle ([`puzzle_help`]).
    fn after_help(entry: &Entry) -> String {
        puzzle_help(Self::AFTER, Self::EXIT, entry)
    }
    /// The text of [`PuzzleHelp::after_help`], with `{format}`, `{unit}`,
    /// `{moves}` and `{name}` standing for the puzzle's and `{exit}` for
    /// [`PuzzleHelp::EXIT`].
    const AFTER: &'static str = "";
    /// The command's exit codes, in words.
    const EXIT: &'static str = "";
    /// Whether the command reads a judge input (`FILE`).
    const FILE: Slot = Slot::Shown;
    /// The help of `FILE`.
    const FILE_HELP: &'static str = "Judge-format input file; `-` or nothing reads standard input";
    /// Which of the generator's arguments the command takes.
    const GEN: GenArgs = GenArgs::None;
    /// The value name of `FILE` in the usage line.
    const FILE_NAME: &'static str = "FILE";
    /// A second positional argument after `FILE` (its value name and
    /// help), for a command that reads two files (`check INPUT OUTPUT`).
    const SECOND: Option<(&'static str, &'static str)> = None;
    /// Optional positional arguments after `SECOND` (value names and
    /// help), in order: `check`'s testlib form `INPUT OUTPUT ANSWER
    /// [REPORT]`.
    const MORE: &'static [(&'static str, &'static str)] = &[];
    /// `FILE` may be given several times (`validate FILE...`): all are in
    /// [`PuzzleArgs::files`], the first in `file`.
    const MANY: bool = false;
    /// The command takes the puzzle's rule settings (`--max-throws`).
    /// `trace` plays the judge's rules only, so it offers none rather than
    /// list options it would refuse.
    const RULES: bool = true;
}

/// How a command's puzzle subcommands take `FILE`.
pub enum Slot {
    /// In the usage line and the help.
    Shown,
    /// Hidden: taken only to be refused in the command's own words
    /// (`stress` and `testset` make their cases).
    Hidden,
    /// Not at all: clap refuses a word there (`generate`).
    Absent,
}

/// Which of the generator's arguments a command's puzzle subcommands take.
pub enum GenArgs {
    /// None of them.
    None,
    /// Its own parameters (`--len`), each optional: the generator's
    /// default stands for one not given (`stress`).
    Params,
    /// A board to make (`generate`): `--size` (required), the
    /// parameters (each required, or at its default) and the density flag
    /// the puzzle names (`--blocks`, `--stones`).
    Board,
}

/// `text` for the puzzle of `e`: `{exit}` is `exit`; `{unit}`, `{moves}`
/// and `{name}` the puzzle's words and name; `{format}` its input and
/// output formats (filled last, so nothing in them is read as a slot).
pub fn puzzle_help(text: &str, exit: &str, e: &Entry) -> String {
    text.replace("{exit}", exit)
        .replace("{unit}", e.info.unit)
        .replace("{moves}", e.info.moves)
        .replace("{name}", e.name)
        .replace("{format}", e.info.format_help)
}

/// The puzzle a command runs on: its name, its rule settings as text and
/// the judge input file. `H` says which arguments the command's puzzle
/// subcommands take, and words their help.
#[derive(Debug)]
pub struct PuzzleArgs<H> {
    pub name: String,
    /// Every rule setting as `(key, value)`, defaults included.
    pub settings: Vec<(String, String)>,
    /// The generator parameters given, and for [`GenArgs::Board`] those
    /// at their defaults (none for [`GenArgs::None`]).
    pub params: Vec<(String, String)>,
    /// The board to make, columns × rows (`--size`, which
    /// [`GenArgs::Board`] requires; otherwise `None`).
    pub size: Option<(u32, u32)>,
    /// The percent of obstacles the density flag gives (`--blocks`, only
    /// with [`GenArgs::Board`]); `None`: learned.
    pub density: Option<u32>,
    pub file: Option<PathBuf>,
    /// The second positional argument, for a command that has one.
    pub second: Option<PathBuf>,
    /// The positional arguments after the second ([`PuzzleHelp::MORE`])
    /// that were given, in order.
    pub more: Vec<PathBuf>,
    /// Every `FILE` given, for a command that takes several
    /// ([`PuzzleHelp::MANY`]).
    pub files: Vec<PathBuf>,
    help: PhantomData<H>,
}

impl<H> PuzzleArgs<H> {
    /// Runs `work` on the named puzzle with its settings applied.
    pub fn visit<T, V: Visit<Output = Result<T>>>(&self, work: V) -> Result<T> {
        struct Configured<'a, V> {
            settings: &'a [(String, String)],
            work: V,
        }
        impl<T, V: Visit<Output = Result<T>>> Visit for Configured<'_, V> {
            type Output = Result<T>;
            fn visit<P: Registered>(self, mut puzzle: P) -> Result<T> {
                for (key, value) in self.settings {
                    P::CAPS
                        .set(&mut puzzle, key, value)
                        .map_err(|e| anyhow!("--{key}: {e}"))?;
                }
                self.work.visit(puzzle)
            }
        }
        let (name, settings) = (&self.name, &self.settings);
        gridpuzzle_registry::visit(name, Configured { settings, work })
            .unwrap_or_else(|| Err(anyhow!("unknown puzzle `{name}`")))
    }

    /// The puzzle `entry` with every setting at its default and `file`,
    /// as clap reads `PUZZLE [FILE]` with no option.
    pub fn plain(entry: &Entry, file: Option<PathBuf>) -> PuzzleArgs<H> {
        PuzzleArgs {
            name: entry.name.to_string(),
            settings: entry
                .settings
                .iter()
                .map(|s| (s.key.to_string(), s.default.to_string()))
                .collect(),
            params: Vec::new(),
            size: None,
            density: None,
            files: file.iter().cloned().collect(),
            file,
            second: None,
            more: Vec::new(),
            help: PhantomData,
        }
    }
}

/// The `--KEY` option of a rule setting; its value is checked by the
/// puzzle's own `set`.
fn setting_arg(puzzle: &'static str, s: &'static Setting) -> Arg {
    let key = s.key;
    let check = move |value: &str| -> Result<String, String> {
        struct Check<'a> {
            key: &'a str,
            value: &'a str,
        }
        impl Visit for Check<'_> {
            type Output = Result<(), String>;
            fn visit<P: Registered>(self, mut puzzle: P) -> Result<(), String> {
                P::CAPS.set(&mut puzzle, self.key, self.value)
            }
        }
        gridpuzzle_registry::visit(puzzle, Check { key, value })
            .unwrap_or_else(|| Err(format!("unknown puzzle `{puzzle}`")))
            .map(|()| value.to_string())
    };
    let arg = Arg::new(key)
        .long(key)
        .value_name(s.value_name)
        .help(s.help)
        .default_value(s.default);
    if s.choices.is_empty() {
        arg.value_parser(check)
    } else {
        arg.value_parser(PossibleValuesParser::new(s.choices).try_map(move |v: String| check(&v)))
    }
}

/// The `--KEY` option of a generator parameter: optional, or for
/// [`GenArgs::Board`] required unless it has a default.
fn param_arg(p: &'static Setting, board: bool) -> Arg {
    let arg = Arg::new(p.key)
        .long(p.key)
        .value_name(p.value_name)
        .help(p.help);
    match (board, p.default) {
        (false, _) => arg,
        (true, "") => arg.required(true),
        (true, default) => arg.default_value(default),
    }
}

/// `--size` of a board to make ([`GenArgs::Board`]).
fn size_arg(board: &str) -> Arg {
    Arg::new("size")
        .long("size")
        .value_name("WxH")
        .required(true)
        .value_parser(parse_size)
        .help(format!(
            "{} size, WIDTHxHEIGHT (columns x rows), such as 20x20",
            capitalized(board)
        ))
}

/// The density flag the puzzle names (`--blocks`) of a board to make
/// ([`GenArgs::Board`]).
fn density_arg(density: &'static str, board: &str) -> Arg {
    Arg::new("density")
        .long(density)
        .value_name("P")
        .value_parser(clap::value_parser!(u32).range(0..=100))
        .help(format!(
            "Percent of {density} (default: learned, per {board}, from what gave wanted answers)",
        ))
}

/// A board to make's `--size`: at most 2048 columns and 2048 rows.
fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = gridpuzzle_engine::grid::parse_size(s)?;
    if w > 2048 || h > 2048 {
        return Err(format!("at most 2048 columns and 2048 rows, found `{s}`"));
    }
    Ok((w, h))
}

/// The options among `keys` that `matches` has a value for (or a
/// default), as `(key, value)`.
pub fn given<'a>(
    keys: impl Iterator<Item = &'a str>,
    matches: &ArgMatches,
) -> Vec<(String, String)> {
    keys.filter_map(|key| Some((key.to_string(), matches.get_one::<String>(key)?.clone())))
        .collect()
}

/// The subcommand the user chose, with its entry.
fn chosen(matches: &ArgMatches) -> Result<(Entry, &ArgMatches), clap::Error> {
    let Some((name, sub)) = matches.subcommand() else {
        return Err(clap::Error::raw(
            ErrorKind::MissingSubcommand,
            "a puzzle is required",
        ));
    };
    match gridpuzzle_registry::entry(name) {
        Some(entry) => Ok((entry, sub)),
        None => Err(clap::Error::raw(
            ErrorKind::InvalidSubcommand,
            format!("unknown puzzle `{name}`"),
        )),
    }
}

/// The value of the argument `id` in `matches`: `None` when it was not
/// given, or when the command does not take it.
fn value<T: Clone + Send + Sync + 'static>(matches: &ArgMatches, id: &str) -> Option<T> {
    matches.try_get_one::<T>(id).ok().flatten().cloned()
}

impl<H: PuzzleHelp> FromArgMatches for PuzzleArgs<H> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let (entry, sub) = chosen(matches)?;
        let files: Vec<PathBuf> = match sub.try_get_many::<PathBuf>("file") {
            Ok(Some(files)) => files.cloned().collect(),
            _ => Vec::new(),
        };
        Ok(PuzzleArgs {
            name: entry.name.to_string(),
            settings: if H::RULES {
                given(entry.settings.iter().map(|s| s.key), sub)
            } else {
                Vec::new()
            },
            params: match H::GEN {
                GenArgs::None => Vec::new(),
                _ => given(entry.gen_params().iter().map(|p| p.key), sub),
            },
            size: value(sub, "size"),
            density: value(sub, "density"),
            file: files.first().cloned(),
            files,
            second: value(sub, "second"),
            more: MORE_IDS[..H::MORE.len().min(MORE_IDS.len())]
                .iter()
                .map_while(|id| value(sub, id))
                .collect(),
            help: PhantomData,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

/// The ids of the [`PuzzleHelp::MORE`] arguments (clap wants them
/// `'static`): as many as a command may have.
const MORE_IDS: [&str; 2] = ["more0", "more1"];

impl<H: PuzzleHelp> Subcommand for PuzzleArgs<H> {
    /// A subcommand for each puzzle the command offers (see `offer`): `cmd`
    /// is the command, already named. Its own options are then numbered in
    /// clap's display order (which counts subcommands and options
    /// together) from 2, where two puzzles put them when the help pages
    /// were written, so every help page keeps its order whatever the
    /// number of puzzles.
    fn augment_subcommands(mut cmd: clap::Command) -> clap::Command {
        let command = cmd.get_name().to_string();
        let board = matches!(H::GEN, GenArgs::Board);
        let path = |id: &'static str, name: &'static str, help: &'static str| {
            Arg::new(id)
                .value_name(name)
                .value_parser(clap::value_parser!(PathBuf))
                .help(help)
        };
        for entry in crate::offer::offered(&command, gridpuzzle_registry::entries()) {
            let mut sub = clap::Command::new(entry.name)
                .about(H::about(&entry))
                .after_help(H::after_help(&entry));
            if !matches!(H::FILE, Slot::Absent) {
                let file =
                    path("file", H::FILE_NAME, H::FILE_HELP).hide(matches!(H::FILE, Slot::Hidden));
                sub = sub.arg(if H::MANY {
                    file.num_args(1..).action(clap::ArgAction::Append)
                } else {
                    file
                });
            }
            if board {
                sub = sub.arg(size_arg(entry.info.board));
            }
            if !matches!(H::GEN, GenArgs::None) {
                sub = sub.args(entry.gen_params().iter().map(|p| param_arg(p, board)));
            }
            if let Some(g) = entry.gen.filter(|_| board) {
                sub = sub.arg(density_arg(g.density, entry.info.board));
            }
            if let Some((name, help)) = H::SECOND {
                sub = sub.arg(path("second", name, help));
            }
            for (&(name, help), id) in H::MORE.iter().zip(MORE_IDS) {
                sub = sub.arg(path(id, name, help));
            }
            if H::RULES {
                sub = sub.args(entry.settings.iter().map(|s| setting_arg(entry.name, s)));
            }
            cmd = cmd.subcommand(sub);
        }
        cmd.next_display_order(2)
    }

    fn augment_subcommands_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        gridpuzzle_registry::entry(name).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_within_the_largest_board() {
        assert_eq!(parse_size("20x10"), Ok((20, 10)));
        assert_eq!(parse_size("3X4"), Ok((3, 4)));
        assert_eq!(parse_size("2048x1"), Ok((2048, 1)));
        assert!(parse_size("2049x1").is_err());
        assert!(parse_size("0x5").is_err());
        assert!(parse_size("5").is_err());
    }

    #[test]
    fn seconds_parse() {
        assert_eq!(parse_seconds("0.5"), Ok(0.5));
        assert!(parse_seconds("0").is_err());
        assert!(parse_seconds("nan").is_err());
    }
}
