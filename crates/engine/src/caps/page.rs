//! The web page's side of a puzzle: [`Page`].
//!
//! The web page is generic: it asks the server for every position, judge
//! text and link, which come from the methods here. Its editor holds a
//! *draft*: a board in the shape of [`Page::board_json`], possibly not a
//! case yet (no start placed, a snake half drawn); the codec of drafts and
//! game IDs that is the same for every puzzle is [`crate::page`].

use serde_json::Value;

use super::Via;
use crate::page::DraftLook;
use crate::puzzle::Puzzle;
use crate::view::Role;

/// What the web page offers of a puzzle ([`Page::PAGE`]).
#[derive(Debug, Clone, Copy)]
pub struct PageInfo {
    /// How the page's generic editor draws a draft and what its tools do
    /// (see [`crate::page`]): the page draws positions from their views,
    /// and has no code of the puzzle's own.
    pub editor: DraftLook,
    /// The rules in a few plain sentences, for the page's "How to play"
    /// (the page knows no rule of its own). The move keys are the page's,
    /// so they are not repeated here.
    pub rules: &'static str,
    /// The goal of a game in one short line, shown over the board in Play
    /// (a first visit reads this, not the rules).
    pub aim: &'static str,
    /// The page's key to the board: each role the puzzle's boards show,
    /// with a short label ("stone you throw"). The page draws each entry's
    /// swatch in the role's colours, as the board draws that role.
    pub legend: &'static [(Role, &'static str)],
    /// The sample case (1-based) the page opens first.
    pub showcase: u64,
    /// The settings that the page's board holds (Holedox's exit, drawn on
    /// the board) rather than a control beside it.
    pub board_settings: &'static [&'static str],
    /// The boards the page lists to play (its "Levels"), set by set.
    pub levels: &'static [Levels],
    /// The page's "New board" buttons, easiest first: what each asks
    /// `/api/generate` for. Chosen so that each answers well within a
    /// second at its size.
    pub difficulties: &'static [NewBoard],
}

/// A set of boards the page lists to play ([`PageInfo::levels`]): a judge
/// input, and its judge output, a line a case whose last word is the
/// case's optimum under the default settings (`-1`: none). The server's
/// tests solve every case to hold the answers to it.
#[derive(Debug, Clone, Copy)]
pub struct Levels {
    /// What the page calls the set ("Samples").
    pub name: &'static str,
    pub input: &'static str,
    pub output: &'static str,
}

/// A difficulty of the page's new boards ([`PageInfo::difficulties`]): the
/// size, the range of optimum (`A..B`, as `--answer`) and the generator
/// parameters of the boards asked for.
#[derive(Debug, Clone, Copy)]
pub struct NewBoard {
    pub name: &'static str,
    pub size: &'static str,
    pub answer: &'static str,
    pub params: &'static [(&'static str, &'static str)],
}

impl NewBoard {
    /// A difficulty with no generator parameters.
    pub const fn new(name: &'static str, size: &'static str, answer: &'static str) -> NewBoard {
        NewBoard {
            name,
            size,
            answer,
            params: &[],
        }
    }
}

/// A puzzle the web page offers.
pub trait Page: Puzzle {
    /// What the page offers of the puzzle.
    const PAGE: PageInfo;

    /// The board of a case as the page draws and edits it (a draft) and
    /// as `/api/cases` answers it.
    fn board_json(&self, case: &Self::Case) -> Value;

    /// A position as `/api/play` answers it (its `start`).
    fn state_json(&self, state: &Self::State) -> Value;

    /// What one legal move changed, as `/api/play` answers it (a change,
    /// so that an answer grows with the moves and not with moves × board):
    /// by default the new position.
    fn step_json(&self, state: &Self::State, event: &Self::Event) -> Value {
        let _ = event;
        self.state_json(state)
    }

    /// The whole position over the board, as the page draws it: everything
    /// play changes (Curling: the stone and the broken blocks). The page
    /// keeps no rule, so it draws this and never a position of its own.
    fn position_json(&self, case: &Self::Case, state: &Self::State) -> Value {
        let _ = case;
        self.state_json(state)
    }

    /// A draft's judge text: the one case and the terminator, written even
    /// when the draft is not a valid case yet (solving it then says why).
    fn draft_text(&self, draft: &Value) -> Result<String, String>;

    /// What a draft obviously lacks before it can be solved or played, as
    /// the page says it (naming the tool that adds it); `None` otherwise.
    fn draft_lacks(&self, draft: &Value) -> Option<String>;

    /// These settings with the ones the draft holds
    /// ([`PageInfo::board_settings`]): the rules the draft is played under.
    fn with_draft(&self, draft: &Value) -> Result<Self, String> {
        let _ = draft;
        Ok(self.clone())
    }

    /// The game ID of a draft under these settings (see [`crate::page`]):
    /// the text after `#` in the page's links.
    fn game_id(&self, draft: &Value) -> Result<String, String>;

    /// The settings and the draft of a game ID whose first part is the
    /// puzzle's name; `Err` says what is wrong with it, in the words the
    /// page has always used.
    fn from_game_id(id: &str) -> Result<(Self, Value), String>;
}

/// [`Page`] as the front ends call it (see [`super::Caps`]).
pub trait PageOf<P: Puzzle>: Sync {
    fn info(&self) -> PageInfo;
    fn board_json(&self, puzzle: &P, case: &P::Case) -> Value;
    fn state_json(&self, puzzle: &P, state: &P::State) -> Value;
    fn step_json(&self, puzzle: &P, state: &P::State, event: &P::Event) -> Value;
    fn position_json(&self, puzzle: &P, case: &P::Case, state: &P::State) -> Value;
    fn draft_text(&self, puzzle: &P, draft: &Value) -> Result<String, String>;
    fn draft_lacks(&self, puzzle: &P, draft: &Value) -> Option<String>;
    fn with_draft(&self, puzzle: &P, draft: &Value) -> Result<P, String>;
    fn game_id(&self, puzzle: &P, draft: &Value) -> Result<String, String>;
    fn read_game_id(&self, id: &str) -> Result<(P, Value), String>;
}

impl<P: Page> PageOf<P> for Via<P> {
    fn info(&self) -> PageInfo {
        P::PAGE
    }
    fn board_json(&self, puzzle: &P, case: &P::Case) -> Value {
        puzzle.board_json(case)
    }
    fn state_json(&self, puzzle: &P, state: &P::State) -> Value {
        puzzle.state_json(state)
    }
    fn step_json(&self, puzzle: &P, state: &P::State, event: &P::Event) -> Value {
        puzzle.step_json(state, event)
    }
    fn position_json(&self, puzzle: &P, case: &P::Case, state: &P::State) -> Value {
        puzzle.position_json(case, state)
    }
    fn draft_text(&self, puzzle: &P, draft: &Value) -> Result<String, String> {
        puzzle.draft_text(draft)
    }
    fn draft_lacks(&self, puzzle: &P, draft: &Value) -> Option<String> {
        puzzle.draft_lacks(draft)
    }
    fn with_draft(&self, puzzle: &P, draft: &Value) -> Result<P, String> {
        puzzle.with_draft(draft)
    }
    fn game_id(&self, puzzle: &P, draft: &Value) -> Result<String, String> {
        puzzle.game_id(draft)
    }
    fn read_game_id(&self, id: &str) -> Result<(P, Value), String> {
        P::from_game_id(id)
    }
}
