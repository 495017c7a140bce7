// state.js: the page's one state object, the one place its mode changes,
// and the message line.
//
// Why it is shaped so: all that the page remembers is in `state`, sealed
// (a field cannot be added by a slip of the keyboard). Any module may read
// any field; each field is written by one module only, the one named
// beside it, through that module's functions. The mode is written here
// only, by `setMode`.
//
// What a mode does when the page leaves or enters it, and when the board
// it works on is replaced, its module says through `defineMode`: this
// module, which every other imports, needs none of the modes' modules. A module
// imports only modules of the lines above its own:
//   api
//   state
//   progress, board
//   link
//   editor, solve, play, watch
//   levels
//   main
// and what a module higher up must hear of comes as an event (`listen`,
// `tell`): "puzzle" (another puzzle is on the page, its controls built),
// "progress" (what the browser keeps has changed), "won" (a game reached
// its goal), "mode" (the page entered another mode: the history entry
// keeps it, link.js) and "described" (the board on the page has its
// description: the levels mark the one on show).

import { abort, isAbort } from "./api.js";

export const $ = (id) => document.getElementById(id);

export const state = Object.seal({
  // main.js, once at the start: what the server offers (GET /api/puzzles)
  // and its puzzles by name.
  catalog: null,
  kinds: {},
  // setMode, below: "edit", "solve", "play" or "watch" (the page's HTML
  // opens in Play).
  mode: "play",
  // editor.js: the puzzle on the page (its catalog record), the board
  // being edited (its draft), and per puzzle name what is kept of it while
  // another is on the page: {tool, values (of its controls and generator
  // fields), draft (left when another puzzle was chosen), undo, redo (the
  // edit history: drafts as JSON, newest last)}; and the pointer's stroke
  // ({last: its cell, before: the draft as JSON until the stroke changes
  // it}; null between strokes).
  kind: null,
  draft: null,
  kept: {},
  stroke: null,
  // link.js: the server's description of the board ({promise, value}),
  // and the link: `keep` while the address bar shows a link that could
  // not be read (left until the board is edited), `push` when the next
  // link is of a board put in place of another (a new history entry).
  described: null,
  link: Object.seal({ keep: false, push: false }),
  // progress.js: what the browser keeps ({last, boards, solved}), the
  // games kept per board (game ID -> {moves, redo, restarted, won, at}),
  // and what could not be read of it (a notice shown once, or null).
  progress: { last: null, boards: {}, solved: {} },
  games: {},
  spoiled: null,
  // board.js: the cell size drawn, the position drawn last (null: the
  // draft's own), the editor's keyboard cursor [row, column], the timer
  // of a refused move's flash, what the last render drew (the cells, the
  // layers, the pieces that glide, the timer of a ground change), and
  // the board's top in the Play layout (what the cell size is fitted
  // under, in every mode).
  view: Object.seal({ cell: 32, shown: null, cursor: [0, 0], flash: null, drawn: null, playTop: null }),
  // solve.js: the solution watched ({work, d, moves, k, positions}), the
  // animation's timer, and the boards (game IDs) whose answer the player
  // asked to see in the middle of a game.
  solution: null,
  timer: null,
  shownAnswers: new Set(),
  // play.js: the game ({work, queue, moves, redo, ...}), the keys that
  // play a move (key -> letter), the swipe in progress.
  game: null,
  moveKeys: {},
  swipe: null,
  // watch.js: the searches offered to watch (GET /api/algorithms, once),
  // and the watch on show ({work, d, k, timer, last, queue, ground,
  // lanes}).
  algorithms: null,
  watch: null,
  // levels.js: the judge input read ({puzzle, cases, id: the game ID of
  // the case opened last}), the difficulty the last new board was made at
  // (null: the Generate panel's fields), and the boards of the day
  // ({date, puzzle -> {seed, id, input, answer}, "making:" + puzzle -> the
  // promise of one being made}).
  cases: null,
  difficulty: null,
  daily: { date: null },
  // levels.js: the name of the board on the page as the levels know it
  // ({id: its game ID, text: "Samples, level 2"}), for a result shared.
  title: null,
  // The message line, below: the actions begun, and the one when the
  // error on show was said.
  message: Object.seal({ actions: 0, errorAt: -1 }),
});

// ------------------------------------------------------------------ modes

/// What each mode does: `start()` begins its work (a tab, a rule
/// changed), `enter()` and `leave()` run when the page enters and leaves
/// it, `end()` when the board is replaced. Filled once by the modes'
/// modules as they load.
const modes = {};

export function defineMode(name, parts) {
  modes[name] = parts;
}

/// The only place the mode changes. Leaving a mode ends its work (and
/// aborts its requests: their answers are not for the next mode).
export function setMode(m) {
  const was = modes[state.mode];
  if (m !== state.mode && was && was.leave) was.leave();
  state.mode = m;
  for (const name of ["edit", "solve", "play", "watch"]) document.body.classList.toggle("mode-" + name, name === m);
  // The ARIA tabs pattern: the selected tab is the one in the Tab order
  // (the arrow keys reach the others), and it names the panel.
  for (const tab of document.querySelectorAll(".tab")) {
    const on = tab.dataset.mode === m;
    tab.classList.toggle("active", on);
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    if (on) $("mode-panel").setAttribute("aria-labelledby", tab.id);
  }
  const to = modes[m];
  if (to && to.enter) to.enter();
  tell("mode");
}

/// Begins the work of mode `m` afresh (which enters it).
export function startMode(m) {
  modes[m].start();
}

/// The board was replaced: every mode's work on the old one ends.
export function endWork() {
  for (const parts of Object.values(modes)) if (parts.end) parts.end();
}

// ----------------------------------------------------------------- events

/// Listeners by event; filled once as the modules load.
const listeners = { puzzle: [], progress: [], won: [], mode: [], described: [] };

export function listen(event, fn) {
  listeners[event].push(fn);
}

export function tell(event) {
  for (const fn of listeners[event]) fn();
}

// ----------------------------------------------------------- the message

/// An action begun: an older error is done with once it succeeds, so a
/// red message never outlives the trouble it reported.
export const actionStarted = () => ++state.message.actions;

/// Says `text` (`bad`: an error) on the message line, put under element
/// `near` when given (the row of the control the message is about: an
/// input that could not be read is reported under Read cases, where the
/// eyes are), else in its slot over the board, a box of its own height
/// (style.css) whatever the text: a message never moves the board. A
/// text longer than the box is cut there; a click on it shows the whole.
export function say(text, bad, near) {
  // A suggestion is added to the message it was made for, not to this.
  abort("suggest");
  const p = $("message");
  const anchor = near && $(near);
  if (anchor && anchor.nextElementSibling !== p) anchor.after(p);
  if (!anchor && p.parentElement !== $("message-slot")) $("message-slot").append(p);
  p.classList.remove("open");
  p.textContent = text || "";
  p.title = text || "";
  p.classList.toggle("error", !!bad);
  if (bad) state.message.errorAt = ++state.message.actions;
}

/// Another board is on the page: a message about the one before (not an
/// error, which stays until the user acts) is stale.
export function quiet() {
  if (!$("message").classList.contains("error")) say("");
}

/// An action begun at `since` succeeded: an older error is done with.
export function succeeded(since) {
  if (since > state.message.errorAt && $("message").classList.contains("error")) say("");
}

/// Says what failed, unless it is work aborted (whose failure is no news).
export function report(e) {
  if (!isAbort(e)) say(e.message, true);
}

/// `n` moves in the words of the puzzle on the page.
export function words(n) {
  return n + " " + (n === 1 ? state.kind.move : state.kind.moves);
}
