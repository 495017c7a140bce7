//! The one error type for malformed puzzle input.
//!
//! Every parser reports the same five facts, so users see one shape of message
//! whatever the puzzle: which case (the puzzle chooses the word, "dataset" or
//! "case"), the 1-based line and column, what was expected and what was found.

use std::fmt;

/// Where in the input something is: 1-based line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    pub line: u64,
    pub column: u64,
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Malformed input, or an I/O failure while reading it.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The input is readable but wrong.
    #[error("{unit} {case}, {span}: expected {expected}, found {found}")]
    Malformed {
        /// "dataset" or "case", as the puzzle's statement calls it.
        unit: &'static str,
        /// 1-based number of the case being read.
        case: u64,
        span: Span,
        expected: String,
        found: String,
    },
    /// The reader failed (not the input's fault).
    #[error("{unit} {case}: cannot read input: {source}")]
    Io {
        unit: &'static str,
        case: u64,
        #[source]
        source: std::io::Error,
    },
}

impl InputError {
    /// The 1-based case number the error belongs to.
    pub fn case(&self) -> u64 {
        match self {
            InputError::Malformed { case, .. } | InputError::Io { case, .. } => *case,
        }
    }

    /// Line and column, when the input (not the reader) is at fault.
    pub fn span(&self) -> Option<Span> {
        match self {
            InputError::Malformed { span, .. } => Some(*span),
            InputError::Io { .. } => None,
        }
    }
}
