// api.js: the page's calls to the API, and its one rule for answers that
// come late.
//
// Two transports, one contract. Served by `gridpuzzle serve`, the page
// asks the server over HTTP (below). Opened from the static site that
// `cargo xtask site` writes, it asks the same API built to WebAssembly,
// in Web Workers (workers.js), and sends no request to /api/: the site's
// HTML says so (`<meta name="gridpuzzle-transport" content="worker">`;
// the server's says "http"). The requests and their answers are the same
// bytes either way, so nothing below them knows which one it has.
//
// What the server gives the page. The page knows no puzzle and no rule:
// what it shows of a puzzle comes from the server, which answers from the
// same Rust code as the command line:
//   GET  /api/puzzles     the puzzles: names, move words, settings (the
//                         controls beside the board), samples, the board
//                         to open first, the generator's fields, the
//                         rules in a few sentences, the levels (sets of
//                         boards as judge inputs, each case with its size,
//                         optimum and game ID) and the difficulties of new
//                         boards (the /api/generate fields of each), the
//                         editor of its boards (see board.js), and the
//                         page's bounds (max_side, max_moves,
//                         max_positions) and palette (CSS variables);
//   POST /api/board       the board being edited ("draft") as judge text,
//                         its game ID (the link), the options to solve it
//                         under and what it lacks; and a link's board back;
//   POST /api/play        the moves played through the rules, the first
//                         refused one with the rules' reason, an exact
//                         hint, and the whole positions to draw (each
//                         with its view: what board.js draws);
//   POST /api/solve       the optimum and its moves (solve --format json);
//   POST /api/cases       the boards of a judge input, as drafts;
//   POST /api/generate    new boards (generate --format json);
//   GET  /api/algorithms  the searches each puzzle offers to watch, with
//                         their paragraphs, and its lessons;
//   POST /api/trace       a window of one search's events (the engine's
//                         trace, as `gridpuzzle trace` prints it) with the
//                         whole run's counts and verdict;
//   POST /api/trace/chart the searches' growth by depth, as an SVG.
// So a position on the page is one the rules played, a text is the one
// the judge reads, and a link is read and written by one codec in Rust
// (old links keep opening). ES modules compiled into the server, no build
// step, no framework, nothing fetched from anywhere but this server (or
// the site that holds the page).
//
// Answers that come late. Every request belongs to a piece of work of one
// kind (KINDS): the board's description, a solution, a game... Starting
// work of a kind aborts the work of that kind before it, through the one
// AbortController each kind has (`begin`); the changes that make work moot
// abort it too (`abort`: a new board ends its solution and its game, see
// endWork in state.js). Aborted work applies nothing: every answer it
// reads, and every other promise it waits for, comes through its
// `work.post` and `work.wait`, which reject with an AbortError from the
// moment it is aborted; and `report` (state.js) shows no AbortError. So no
// answer needs a version number to be checked against.
//
// A search the page no longer wants is stopped on the server as well: the
// fetches of the kinds that search are aborted, which closes their
// connection, and the server stops the search of a client that left (in
// a worker: the worker is ended). The kinds that only read (a
// description, a link's board, a judge input's cases) are answered within
// milliseconds from a light slot: their fetch is left to finish, unread,
// which keeps its connection for the next request.

import * as workers from "./workers.js";

/// Whether the page asks the WebAssembly module in workers rather than a
/// server (the HTML says which).
const inWorkers = document.querySelector('meta[name="gridpuzzle-transport"]')?.content === "worker";
if (inWorkers) workers.start();

/// The kinds of work; true for those whose fetch is aborted with them (a
/// search), false for those left to finish unread (a quick read). What
/// begins one, and what else aborts it:
const KINDS = {
  // The board's description (link.js): a newer board or setting.
  board: false,
  // A board read from a game ID (editor.js): a link, Back, the board a
  // browser kept; aborted by any new description too (newer work wins).
  open: false,
  // A solution and the positions to watch it (solve.js): another solve,
  // leaving Solve, another board.
  solve: true,
  // A game's moves, hints and optimum (play.js): another game, leaving
  // Play, another board.
  play: true,
  // A judge input read (levels.js): another one, another puzzle.
  cases: false,
  // A level's set read to open the level (levels.js): another level, and
  // any newer board (a board the user put on the page meanwhile stays).
  level: false,
  // Other puzzles tried on an input the chosen one cannot read
  // (levels.js): any new message, which the suggestion would add to.
  suggest: false,
  // A new board (levels.js): another one.
  generate: true,
  // The board of the day (levels.js): made once a day, by /api/generate
  // and read back for its game ID; another puzzle's, another day's.
  daily: true,
  // Next level's look ahead (levels.js): whether a case can be won before
  // it is opened in Play; another Next level, another board.
  next: true,
  // The searches watched (watch.js): their chunks of steps and their
  // chart; another watch, leaving Watch, another board.
  watch: true,
};

/// The controller of each kind's work in progress. Only `begin` and
/// `abort` touch it.
const controllers = {};

/// Starts work of `kind`, aborting the work of that kind before it; the
/// work's requests and waits go through what it returns.
export function begin(kind) {
  if (!(kind in KINDS)) throw new Error("no request kind `" + kind + "`");
  abort(kind);
  const controller = new AbortController();
  controllers[kind] = controller;
  const signal = controller.signal;
  return {
    get aborted() { return signal.aborted; },
    /// POSTs `body` as JSON to `path`; the answer (its text when `as` is
    /// "text", such as an SVG), or an Error with the server's words, or
    /// an AbortError once the work is aborted.
    post: (path, body, as) => wait(send(path, body, KINDS[kind] ? signal : undefined, as), signal),
    /// `promise`, unless the work is aborted first (an AbortError).
    wait: (promise) => wait(promise, signal),
  };
}

/// Aborts the work of `kind` in progress, if any.
export function abort(kind) {
  const controller = controllers[kind];
  delete controllers[kind];
  if (controller) controller.abort();
}

/// Whether `e` is the rejection of aborted work: never shown to the user.
export const isAbort = (e) => !!e && e.name === "AbortError";

/// What the server offers (GET /api/puzzles).
export const catalog = () => call("puzzles");

/// The searches and lessons each puzzle offers to watch (GET
/// /api/algorithms).
export const algorithms = () => call("algorithms");

/// The answer of the API's `endpoint` ("puzzles", "solve", "trace/chart",
/// …) to `body` (none for the catalogs), outside any kind of work: the
/// catalogs, and a script that drives the page (the browser test).
export async function call(endpoint, body) {
  return send("/api/" + endpoint, body);
}

/// The answer to `body` POSTed to `path` (`/api/NAME`; a catalog is a GET
/// without a body): parsed JSON, or its text when `as` is "text" (an
/// SVG); an Error with the API's words for a refusal.
async function send(path, body, signal, as) {
  const { status, statusText, text } = inWorkers
    ? await inWorker(path, body, signal)
    : await http(path, body, signal);
  const ok = status >= 200 && status < 300;
  if (as === "text" && ok) return text;
  let answer = null;
  try { answer = JSON.parse(text); } catch (_) { /* not JSON */ }
  if (!ok) throw new Error((answer && answer.error) || status + " " + (statusText || ""));
  return answer;
}

/// The server's answer over HTTP, as the workers give theirs.
async function http(path, body, signal) {
  const response = await fetch(path, body === undefined ? { signal } : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  return { status: response.status, statusText: response.statusText, text: await response.text() };
}

/// The module's answer in a worker, as the server's.
async function inWorker(path, body, signal) {
  const answer = await workers.call(path.slice("/api/".length), body === undefined ? "" : JSON.stringify(body), signal);
  return { status: answer.status, text: answer.body };
}

/// `promise` as long as `signal` is not aborted; its AbortError from then
/// on, whether `promise` has settled or not.
function wait(promise, signal) {
  return new Promise((resolve, reject) => {
    const stop = () => reject(signal.reason);
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
    promise.then((value) => {
      signal.removeEventListener("abort", stop);
      if (signal.aborted) stop();
      else resolve(value);
    }, (error) => {
      signal.removeEventListener("abort", stop);
      reject(signal.aborted ? signal.reason : error);
    });
  });
}
