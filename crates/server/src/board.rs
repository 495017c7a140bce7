//! `POST /api/board`: the page's editor board ("draft") as judge text and
//! a game ID, and a game ID back as a draft — so the page holds neither
//! format (see [`gridpuzzle_engine::page`]).
//!
//! - `{"puzzle", "board": DRAFT, "options"?}` answers the board's
//!   description: `{"puzzle", "input", "id", "options", "lacks"}`, the
//!   judge text (one case and the terminator, written even when the draft
//!   is no case yet), the game ID, every setting as `options` for the
//!   other endpoints (those the board holds, such as Holedox's exit,
//!   included), and what the draft obviously lacks before it can be solved
//!   (`null` if nothing).
//! - `{"id"}` answers the same description plus `"board"`, the draft of
//!   the ID; an ID that cannot be read is a 400 whose `error` says why, in
//!   the words the page used when it read IDs itself.
//!
//! Generic over every registered puzzle through the registry.

use gridpuzzle_engine::page::id_name;
use gridpuzzle_registry::{names_quoted, visit, Puzzle, Visit};
use serde_json::{json, Value};

use crate::options::{options_of, puzzle_with};
use crate::{ApiError, Ctx, Reply};

/// The work of `/api/board` (a light request: no search).
pub(crate) fn board(req: &Value, _ctx: &Ctx) -> Result<Reply, ApiError> {
    let fields = req
        .as_object()
        .ok_or_else(|| ApiError::bad("expected a JSON object"))?;
    for key in fields.keys() {
        if !["puzzle", "board", "options", "id"].contains(&key.as_str()) {
            return Err(ApiError::bad(format!("unknown field `{key}`")));
        }
    }
    if let Some(id) = fields.get("id") {
        if fields.len() > 1 {
            return Err(ApiError::bad(
                "give either `id` alone or `puzzle` and `board`",
            ));
        }
        let id = id
            .as_str()
            .ok_or_else(|| ApiError::bad("`id` must be a string (a game ID)"))?;
        let name = id_name(id);
        return visit(name, Decode { id })
            .unwrap_or_else(|| Err(ApiError::bad(format!("unknown puzzle `{name}`"))))
            .map(Reply::Json);
    }
    let name = match fields.get("puzzle") {
        Some(Value::String(s)) => s.as_str(),
        Some(_) => return Err(ApiError::bad("`puzzle` must be a string")),
        None => {
            return Err(ApiError::bad(
                "missing field `puzzle` (or give `id` to read a game ID)",
            ))
        }
    };
    let draft = fields
        .get("board")
        .ok_or_else(|| ApiError::bad("missing field `board` (the board to describe)"))?;
    visit(
        name,
        Encode {
            draft,
            options: fields.get("options"),
        },
    )
    .unwrap_or_else(|| {
        Err(ApiError::bad(format!(
            "unknown puzzle `{name}`: expected {}",
            names_quoted()
        )))
    })
    .map(Reply::Json)
}

/// The description of `draft` under `puzzle`'s settings.
fn describe<P: Puzzle>(puzzle: &P, draft: &Value) -> Result<Value, ApiError> {
    let puzzle = puzzle.with_draft(draft).map_err(ApiError::bad)?;
    let input = puzzle.draft_text(draft).map_err(ApiError::bad)?;
    let id = puzzle.game_id(draft).map_err(ApiError::bad)?;
    Ok(json!({
        "puzzle": P::NAME,
        "input": input,
        "id": id,
        "options": options_of(&puzzle),
        "lacks": puzzle.draft_lacks(draft),
    }))
}

struct Encode<'a> {
    draft: &'a Value,
    options: Option<&'a Value>,
}

impl Visit for Encode<'_> {
    type Output = Result<Value, ApiError>;

    fn visit<P: Puzzle>(self, _: P) -> Self::Output {
        let puzzle: P = puzzle_with(self.options, false)?;
        describe(&puzzle, self.draft)
    }
}

struct Decode<'a> {
    id: &'a str,
}

impl Visit for Decode<'_> {
    type Output = Result<Value, ApiError>;

    fn visit<P: Puzzle>(self, _: P) -> Self::Output {
        let (puzzle, draft) = P::from_game_id(self.id).map_err(ApiError::bad)?;
        let mut answer = describe(&puzzle, &draft)?;
        if let Value::Object(o) = &mut answer {
            o.insert("board".into(), draft);
        }
        Ok(answer)
    }
}

/// The route's handler: through the API's one gate, as a light request.
pub(crate) async fn handler(
    axum::extract::State(app): axum::extract::State<std::sync::Arc<crate::App>>,
    body: Result<axum::body::Bytes, axum::extract::rejection::BytesRejection>,
) -> axum::response::Response {
    app.call(body, board, |_| false).await
}
