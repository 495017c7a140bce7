// board.js: the board on the page, and the one door to the puzzles' own
// drawing modules.
//
// Why it is shaped so: everything drawn on the board, and every call into
// a puzzle's own code, goes through this module, so the rest of the page
// handles drafts and positions without looking inside them. A later change
// replaces the drawing modules by one generic drawer of board views that
// the server sends as JSON; it goes here, behind the same few functions:
//   drawing        loadDrawers(puzzles), render(pos), show(pos, slide),
//                  mover(pos) (and the text alternative, inside show);
//   the editor's   blank(name, w, h), adopt(record), resized(draft, w, h),
//   drafts         edit(draft, tool, r, c, first), tools(), firstTool(),
//                  fieldStarts().
// The rest (the cell size that fits the window, the cell under the
// pointer, the keyboard cursor, the outline of a refused move's cell, the
// shake of a refused move) is the same for every puzzle and stays.
//
// A drawing module (crates/PUZZLE/page.js, a classic script loaded from
// /puzzles/NAME.js once this module has set `window.gridpuzzle`) only
// draws and edits its board:
//   gridpuzzle.register(NAME, {
//     tools: [{id, label, help}], tool: "the first tool",
//     css: "its cell styles",
//     blank(w, h), adopt(record), resize(draft, w, h)  -> a draft
//     edit(draft, tool, r, c, first) -> whether the draft changed
//        (`first`: the press, not the drag after it)
//     render(view, draft)            draws the board into view.svg
//     show(view, draft, pos, slide)  draws a position from the server
//                                    (null: the draft's own), gliding
//                                    over view.slideTime ms if `slide`
//                                    (0 when the reader asks for less
//                                    motion)
//     mover(draft, pos) -> [r, c]    where the piece that moves is drawn
//                                    (a tap in line with it moves it)
//     describe(draft, pos) -> text   the position in words, for screen
//                                    readers (the board's text alternative)
//     params: {KEY: "a starting value"} of the Generate panel's fields
//   });
// `view` is {svg, s (the cell size), width, height, slideTime}. A draft is
// a board in the shape of /api/cases' records: `width`, `height`, one
// string a row, and the puzzle's own fields.

import { $, state } from "./state.js";

const SVG = "http://www.w3.org/2000/svg";

/// The drawing modules by puzzle name, as they registered.
const drawers = {};

/// An SVG element `name` with `attrs`, appended to `parent` if given.
export function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/// What the drawing modules get: registration and helpers for drafts.
window.gridpuzzle = {
  register(name, module) { drawers[name] = module; },
  el,
  cell: (d, r, c) => d.rows[r][c],
  setCell(d, r, c, ch) {
    const row = d.rows[r];
    d.rows[r] = row.slice(0, c) + ch + row.slice(c + 1);
  },
  /// The first cell holding `ch`, row by row, as [row, column].
  find(d, ch) {
    for (let r = 0; r < d.height; r++) {
      const c = d.rows[r].indexOf(ch);
      if (c >= 0) return [r, c];
    }
    return null;
  },
  /// `rows` cut or padded with `fill` to w × h.
  resizeRows(rows, w, h, fill) {
    const out = [];
    for (let r = 0; r < h; r++) out.push(((rows[r] || "") + fill.repeat(w)).slice(0, w));
    return out;
  },
};

/// Loads the drawing module of each of `puzzles` (catalog records; each a
/// script of this server) and adopts its styles.
export async function loadDrawers(puzzles) {
  await Promise.all(puzzles.map((p) => new Promise((done, fail) => {
    const script = document.createElement("script");
    script.src = p.script;
    script.onload = done;
    script.onerror = () => fail(new Error("the drawing module of " + p.name + " did not load"));
    document.head.append(script);
  })));
  for (const p of puzzles) {
    const css = drawers[p.name].css;
    // A constructed sheet, not a <style> element: the server's
    // Content-Security-Policy (style-src 'self') refuses inline styles.
    if (css) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    }
  }
}

const drawer = () => drawers[state.kind.name];

// ---------------------------------------------------------------- drafts

/// A blank w × h board of puzzle `name`.
export const blank = (name, w, h) => drawers[name].blank(w, h);
/// A draft of the puzzle on the page from a record (a draft, an
/// /api/cases or /api/board record).
export const adopt = (record) => drawer().adopt(record);
export const resized = (draft, w, h) => drawer().resize(draft, w, h);
/// Applies `tool` at (r, c); whether the draft changed.
export const edit = (draft, tool, r, c, first) => drawer().edit(draft, tool, r, c, first);
export const tools = () => drawer().tools;
export const firstTool = () => drawer().tool || drawer().tools[0].id;
/// Starting values of the Generate panel's fields, by key.
export const fieldStarts = () => drawer().params || {};

// --------------------------------------------------------------- drawing

const lessMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

/// How long a glide from one position to the next takes, in ms, at the
/// animation's speed.
export function slideTime() {
  return Math.round(1600 / Number($("anim-speed").value));
}

function view() {
  const d = state.draft;
  return { svg: $("board"), s: state.view.cell, width: d.width, height: d.height, slideTime: lessMotion.matches ? 0 : slideTime() };
}

/// The cell size that fits the board in its box: as wide as the box, and
/// no taller than the window below the board's top, so the board and the
/// status above it are seen whole.
function fitCell() {
  const box = $("board-box");
  const width = Math.min(640, Math.max(120, (box.clientWidth || 640) - 4));
  const top = box.getBoundingClientRect().top + window.scrollY;
  const height = Math.max(200, window.innerHeight - top - 12);
  return Math.max(6, Math.min(72, Math.floor(Math.min(width / state.draft.width, height / state.draft.height))));
}

/// Draws the board again if the window's size asks for another cell size.
export function refit() {
  if (state.draft && fitCell() !== state.view.cell) render(state.view.shown);
}

/// Redraws the whole board, then the position `pos` (null: the board as
/// edited).
export function render(pos) {
  const svg = $("board");
  const d = state.draft;
  const s = state.view.cell = fitCell();
  svg.setAttribute("width", d.width * s);
  svg.setAttribute("height", d.height * s);
  svg.setAttribute("viewBox", "0 0 " + d.width * s + " " + d.height * s);
  svg.replaceChildren();
  drawer().render(view(), d);
  el("rect", { id: "cursor", width: s, height: s }, svg);
  moveCursor(0, 0);
  show(pos, false);
}

/// Draws position `pos` over the board; `slide`: let it glide there.
export function show(pos, slide) {
  state.view.shown = pos;
  const d = state.draft;
  drawer().show(view(), d, pos, slide);
  const describe = drawer().describe;
  $("board-text").textContent = describe ? describe(d, pos) : state.kind.title + ", " + d.width + " by " + d.height + ".";
}

/// Where the piece that moves is drawn in position `pos`, if the puzzle
/// says.
export function mover(pos) {
  const m = drawer().mover;
  return m ? m(state.draft, pos) : null;
}

/// The cell under a pointer event, [row, column], or null off the board.
export function cellAt(event) {
  const box = $("board").getBoundingClientRect();
  const s = state.view.cell;
  const c = Math.floor((event.clientX - box.left) / s);
  const r = Math.floor((event.clientY - box.top) / s);
  return r >= 0 && c >= 0 && r < state.draft.height && c < state.draft.width ? [r, c] : null;
}

export const cellSize = () => state.view.cell;

// ------------------------------------------------------------ the cursor

/// The editor's keyboard cursor, [row, column].
export const cursor = () => state.view.cursor.slice();

/// Moves the cursor by (dr, dc), kept on the board.
export function moveCursor(dr, dc) {
  const d = state.draft;
  const [r, c] = state.view.cursor;
  state.view.cursor = [Math.max(0, Math.min(d.height - 1, r + dr)), Math.max(0, Math.min(d.width - 1, c + dc))];
  const mark = $("cursor");
  if (!mark) return;
  mark.setAttribute("x", state.view.cursor[1] * state.view.cell);
  mark.setAttribute("y", state.view.cursor[0] * state.view.cell);
}

/// Puts the cursor on cell [r, c].
export function putCursor(at) {
  state.view.cursor = at.slice();
  moveCursor(0, 0);
}

/// Says what the cell under the cursor is, as its drawing names it.
export function sayCursor() {
  const [r, c] = state.view.cursor;
  const rect = $("board").querySelector(`rect.cell[data-r="${r}"][data-c="${c}"]`);
  const what = rect ? [...rect.classList].filter((x) => x !== "cell").join(" ") : "";
  $("cursor-text").textContent = "Row " + (r + 1) + ", column " + (c + 1) + (what ? ": " + what : "") + ".";
}

// -------------------------------------------------------- refused moves

/// Outlines the cell a refusal names ("row R, column C", 1-based as the
/// rules count), so the reason points at the board; null: none.
export function markRefused(reason) {
  for (const old of document.querySelectorAll("#board .refused-cell")) old.remove();
  const at = reason && /row (\d+), column (\d+)/.exec(reason);
  if (!at) return;
  const r = Number(at[1]) - 1, c = Number(at[2]) - 1;
  if (r < 0 || c < 0 || r >= state.draft.height || c >= state.draft.width) return;
  const s = state.view.cell;
  const mark = el("rect", { x: c * s + 1.5, y: r * s + 1.5, width: s - 3, height: s - 3, class: "refused-cell", "data-r": r, "data-c": c }, $("board"));
  el("title", {}, mark).textContent = reason;
}

/// Shows that a move was refused: the board shakes once (or its edge
/// flashes, for a reader who asked for less motion).
export function flashRefused() {
  const wrap = $("board-wrap");
  wrap.classList.remove("refused");
  void wrap.offsetWidth;
  wrap.classList.add("refused");
  clearTimeout(state.view.flash);
  state.view.flash = setTimeout(() => wrap.classList.remove("refused"), 400);
}

/// The board's own events: the cell under the pointer named in the
/// board's tooltip, and a new fit when the window's size changes.
export function wire() {
  // The cell under the pointer, numbered as the rules' messages number it.
  $("board").addEventListener("pointermove", (event) => {
    const at = state.draft && cellAt(event);
    $("board-wrap").title = at ? "row " + (at[0] + 1) + ", column " + (at[1] + 1) : "";
  });
  // A new window size (a phone turned, a window dragged) fits the board
  // again, in every mode.
  new ResizeObserver(() => requestAnimationFrame(refit)).observe($("board-box"));
  window.addEventListener("resize", refit);
}
