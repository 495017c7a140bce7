//! The page's files, compiled into the binary.

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// A module of the page: `assets/js/NAME.js`, served at `/js/NAME.js`.
macro_rules! page_module {
    ($file:literal) => {
        (
            concat!("/js/", $file),
            JS,
            include_str!(concat!("../assets/js/", $file)),
        )
    };
}

/// The page's files, compiled in: the path each is served at, its content
/// type and its text. The page's script is ES modules (`assets/js/`), each
/// at its own path, importing one another (`main.js` first, from the HTML).
pub(crate) const ASSETS: &[(&str, &str, &str)] = &[
    ("/", HTML, include_str!("../assets/index.html")),
    ("/style.css", CSS, include_str!("../assets/style.css")),
    page_module!("api.js"),
    page_module!("board.js"),
    page_module!("editor.js"),
    page_module!("levels.js"),
    page_module!("link.js"),
    page_module!("main.js"),
    page_module!("play.js"),
    page_module!("progress.js"),
    page_module!("solve.js"),
    page_module!("state.js"),
    page_module!("watch.js"),
    page_module!("workers.js"),
];

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

pub(crate) fn page(body: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}
