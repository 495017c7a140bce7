//! Text from outside, made safe to show in a terminal.
//!
//! A file name, a save file's fields, a line of a judge input quoted in an
//! error, a candidate program's output or error stream: any of these may
//! hold bytes that a terminal obeys rather than shows — an escape sequence
//! that clears the screen or sets the window title, a carriage return that
//! overwrites the message before it, a right-to-left override that makes
//! `abc.txt` read as `txt.cba`. Everything the tools print that did not
//! come from the tools themselves goes through [`shown`] (one line) or
//! [`shown_lines`] (several), so no such text reaches a terminal raw,
//! whichever command prints it.
//!
//! What is escaped, as `\x1b` or `\u{202e}` (Rust's own spelling, so the
//! reader sees exactly which code point it was): the C0 controls (U+0000 to
//! U+001F) but the tab, DEL (U+007F), the C1 controls (U+0080 to U+009F),
//! the bidirectional formatting characters (U+061C, U+200E, U+200F,
//! U+202A to U+202E, U+2066 to U+2069) and the line and paragraph
//! separators (U+2028, U+2029). [`shown`] escapes the line feed and the
//! tab too, so its result is one line. Everything else — letters of any
//! script, emoji, the backslash — is shown as it is, so ordinary text
//! (and every output of the tools' own) is unchanged.

use std::borrow::Cow;
use std::fmt::Write;

/// Whether `c` is escaped in multi-line text.
fn hidden(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{8}' | '\u{b}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        | '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}'
        | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}')
}

fn escape_where(text: &str, hide: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !text.chars().any(&hide) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if !hide(c) {
            out.push(c);
        } else if (c as u32) < 0x80 {
            let _ = write!(out, "\\x{:02x}", c as u32);
        } else {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
    }
    Cow::Owned(out)
}

/// `text` as one line a terminal shows and does not obey: every control
/// character (line feeds and tabs included) and every bidirectional or
/// line-separating code point escaped.
pub fn shown(text: &str) -> Cow<'_, str> {
    escape_where(text, |c| hidden(c) || c == '\n' || c == '\t')
}

/// `text` as lines a terminal shows and does not obey: like [`shown`] but
/// line feeds and tabs are kept (a carriage return is escaped, so a line
/// cannot overwrite the one before it).
pub fn shown_lines(text: &str) -> Cow<'_, str> {
    escape_where(text, hidden)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_text_is_unchanged_and_not_copied() {
        for t in [
            "",
            "samples/board.in",
            "Ünïcödé 日本 🙂 a\\b",
            "row 1, column 2",
        ] {
            assert!(matches!(shown(t), Cow::Borrowed(_)), "{t}");
            assert_eq!(shown(t), t);
        }
        assert!(matches!(shown_lines("a\n\tb\n"), Cow::Borrowed(_)));
    }

    #[test]
    fn what_a_terminal_would_obey_is_escaped() {
        assert_eq!(shown("\x1b]0;owned\x07title"), "\\x1b]0;owned\\x07title");
        assert_eq!(shown("a\rb\nc\td"), "a\\x0db\\x0ac\\x09d");
        assert_eq!(shown_lines("a\rb\nc\td"), "a\\x0db\nc\td");
        assert_eq!(shown("del\x7f c1\u{9b}2J"), "del\\x7f c1\\u{9b}2J");
        assert_eq!(shown("abc\u{202e}txt.exe"), "abc\\u{202e}txt.exe");
        assert_eq!(
            shown("\u{2066}\u{2069}\u{200e}\u{200f}\u{61c}\u{2028}\u{2029}\0"),
            "\\u{2066}\\u{2069}\\u{200e}\\u{200f}\\u{61c}\\u{2028}\\u{2029}\\x00"
        );
    }

    /// Every code point is either shown as it is or escaped into printable
    /// ASCII, and no escape sequence survives.
    #[test]
    fn nothing_escapable_survives() {
        let all: String = (0u32..0x3000).filter_map(char::from_u32).collect();
        for out in [shown(&all), shown_lines(&all)] {
            assert!(!out.chars().any(|c| hidden(c) && c != '\n' && c != '\t'));
            assert!(!out.contains('\x1b') && !out.contains('\r'));
        }
        assert!(!shown(&all).contains('\n'));
    }
}
