//! Rule settings: [`Settings`].
//!
//! A puzzle's value holds its settings, read and printed one way, as
//! `key value` text: the command line's flags, the API's `options`, the
//! save file's lines and the page's links all go through [`Settings::set`]
//! and [`Settings::get`], so one value cannot be spelled or checked two
//! ways. A puzzle without settings implements nothing here; the front
//! ends then offer none ([`super::Caps::setting_list`] is empty).

use super::Via;
use crate::puzzle::Puzzle;

/// One rule setting of a puzzle, as every front end offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setting {
    /// The key, in the command line's spelling (`max-throws`); the API
    /// writes it with underscores (`max_throws`).
    pub key: &'static str,
    /// The placeholder of its value in help texts (`N|none`).
    pub value_name: &'static str,
    /// The judge's value, as text.
    pub default: &'static str,
    /// The allowed values when they are a fixed list (`strict`, `lenient`).
    pub choices: &'static [&'static str],
    /// One line of help.
    pub help: &'static str,
}

/// A puzzle with rule settings.
pub trait Settings: Puzzle {
    /// The settings, in the order help texts list them.
    const SETTINGS: &'static [Setting];

    /// Sets `key` (a key of [`Settings::SETTINGS`]) from its text.
    fn set(&mut self, key: &str, value: &str) -> Result<(), String>;

    /// The text of setting `key` (as [`Settings::set`] reads it back).
    fn get(&self, key: &str) -> String;

    /// The puzzle with the settings `pairs` over the judge's rules.
    fn with_settings<K: AsRef<str>, V: AsRef<str>>(pairs: &[(K, V)]) -> Result<Self, String> {
        let mut p = Self::default();
        for (k, v) in pairs {
            p.set(k.as_ref(), v.as_ref())?;
        }
        Ok(p)
    }
}

/// [`Settings`] as the front ends call it (see [`super::Caps`]).
pub trait SettingsOf<P: Puzzle>: Sync {
    fn list(&self) -> &'static [Setting];
    fn set(&self, puzzle: &mut P, key: &str, value: &str) -> Result<(), String>;
    fn get(&self, puzzle: &P, key: &str) -> String;
}

impl<P: Settings> SettingsOf<P> for Via<P> {
    fn list(&self) -> &'static [Setting] {
        P::SETTINGS
    }

    fn set(&self, puzzle: &mut P, key: &str, value: &str) -> Result<(), String> {
        puzzle.set(key, value)
    }

    fn get(&self, puzzle: &P, key: &str) -> String {
        puzzle.get(key)
    }
}
