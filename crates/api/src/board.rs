//! `board` (the server's `POST /api/board`): the page's editor board ("draft")
//! as judge text and a game ID, and a game ID back as a draft — so the page
//! holds neither format (see [`gridpuzzle_engine::page`]).
//!
//! - `{"puzzle", "board": DRAFT, "options"?}` answers the board's
//!   description: `{"puzzle", "input", "id", "options", "lacks"}`, the
//!   judge text (one case and the terminator, written even when the draft
//!   is no case yet), the game ID, every setting as `options` for the
//!   other endpoints (those the board holds, such as Holedox's exit,
//!   included), and what the draft obviously lacks before it can be solved
//!   (`null` if nothing). The options are read as every endpoint reads
//!   them (`options.rs`).
//! - `{"id"}` answers the same description plus `"board"`, the draft of
//!   the ID; an ID that cannot be read is a 400 whose `error` says why, in
//!   the words the page used when it read IDs itself.
//!
//! The formats are the puzzle's own (its
//! [`Page`](gridpuzzle_engine::caps::Page) capability; a puzzle without
//! one is refused); this only reads and writes, so its job waits for a
//! light slot.

use gridpuzzle_registry::Registered;

use gridpuzzle_engine::page::id_name;
use gridpuzzle_registry::Visit;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::job::{dispatch, Job, Slot, Work};
use crate::options::{settings_answer, Options};
use crate::request::{given, string_field, PuzzleName};
use crate::{Answer, ApiError, Ctx};

/// A `board` request: `puzzle`, `board` and `options` (a draft to
/// describe), or `id` alone (a game ID to read). Not one of the requests
/// on a judge input: its `options` may be `null`, and it has no `input`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardRequest {
    #[serde(default, deserialize_with = "given")]
    puzzle: Option<PuzzleName>,
    #[serde(default, deserialize_with = "given")]
    board: Option<Value>,
    #[serde(default, deserialize_with = "given")]
    options: Option<Options>,
    #[serde(default, deserialize_with = "given")]
    id: Option<GameId>,
}

string_field!(
    /// `id`: a game ID, the text after `#` in the page's links.
    pub(crate) struct GameId,
    |_v| "`id` must be a string (a game ID)"
);

#[derive(Serialize)]
struct BoardAnswer {
    puzzle: &'static str,
    input: String,
    id: String,
    options: Map<String, Value>,
    lacks: Option<String>,
    /// The draft of a game ID that was read.
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<Value>,
}

/// `board`: the request checked; its work only reads and writes, so it is
/// light.
pub fn check(req: BoardRequest, _: &Ctx) -> Result<Job, ApiError> {
    Ok(Job::new(Slot::Light, work(req)?))
}

/// The request's work: reading its game ID, or describing its draft.
fn work(req: BoardRequest) -> Result<Work, ApiError> {
    if let Some(GameId(id)) = req.id {
        if req.puzzle.is_some() || req.board.is_some() || req.options.is_some() {
            return Err(ApiError::bad(
                "give either `id` alone or `puzzle` and `board`",
            ));
        }
        // The puzzle is the ID's first part: only a registered one.
        let name = id_name(&id).to_string();
        let puzzle = PuzzleName::find(&name)
            .ok_or_else(|| ApiError::bad(format!("unknown puzzle `{name}`")))?;
        return dispatch(puzzle, Decode { id });
    }
    let puzzle = req
        .puzzle
        .ok_or_else(|| ApiError::bad("missing field `puzzle` (or give `id` to read a game ID)"))?;
    let draft = req
        .board
        .ok_or_else(|| ApiError::bad("missing field `board` (the board to describe)"))?;
    dispatch(
        puzzle,
        Encode {
            draft,
            options: req.options.unwrap_or_default(),
        },
    )
}

/// A draft under the request's options.
struct Encode {
    draft: Value,
    options: Options,
}

impl Visit for Encode {
    type Output = Result<Work, ApiError>;

    fn visit<P: Registered>(self, _: P) -> Result<Work, ApiError> {
        let puzzle: P = self.options.puzzle()?;
        let draft = self.draft;
        Ok(Box::new(move |_| {
            Answer::json(&describe(&puzzle, draft, false)?)
        }))
    }
}

/// A game ID of puzzle `P` (its first part named `P`).
struct Decode {
    id: String,
}

impl Visit for Decode {
    type Output = Result<Work, ApiError>;

    fn visit<P: Registered>(self, _: P) -> Result<Work, ApiError> {
        let id = self.id;
        Ok(Box::new(move |_| {
            let (puzzle, draft) = P::CAPS.page_of()?.read_game_id(&id)?;
            Answer::json(&describe(&puzzle, draft, true)?)
        }))
    }
}

/// The description of `draft` under `puzzle`'s settings and the ones the
/// draft holds; with `board`, the draft too.
fn describe<P: Registered>(puzzle: &P, draft: Value, board: bool) -> Result<BoardAnswer, ApiError> {
    let page = P::CAPS.page_of()?;
    let puzzle = page.with_draft(puzzle, &draft)?;
    let input = page.draft_text(&puzzle, &draft)?;
    let id = page.game_id(&puzzle, &draft)?;
    Ok(BoardAnswer {
        puzzle: P::INFO.name,
        input,
        id,
        options: settings_answer(&puzzle),
        lacks: page.draft_lacks(&puzzle, &draft),
        board: board.then_some(draft),
    })
}
