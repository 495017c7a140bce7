// board.js: the board on the page: its drafts, and drawing them and the
// positions the server sends — the same code for every puzzle.
//
// Why it is shaped so: the page draws what a puzzle *is*, never how a
// puzzle looks. The server describes a position as a view (a BoardView of
// crates/engine/src/view.rs, sent with every position of /api/play): a
// mark with a role (floor, wall, goal, the moving piece...) on every
// cell, the pieces over the ground as chains of cells head first, and
// marks over everything. This module draws roles, in the palette's
// colours (CSS variables from /api/puzzles' `palette`, light and dark),
// as the SVG pictures of `gridpuzzle render` do: a one-cell piece is a
// disc, a longer chain is rounded segments joined by links, a goal has a
// ring, a trail its arrows. Every piece glides from cell to cell, a disc
// and a chain's segments alike (one motion, none under
// prefers-reduced-motion). The ground changes (a block that breaks) when
// a gliding piece gets there, not when it sets off. The start is outlined
// where the board (the draft) has it, in every position, over the cells.
//
// A draft is edited and drawn here at once, without asking the server,
// through the puzzle's `editor` (/api/puzzles; crates/engine/src/page.rs):
// the mark and word of each character of its rows, its cell fields
// ("spots", such as an exit) and chain fields (a snake, head first), and
// its tools, each one of four edits: paint cells, place the one cell of a
// kind, put a spot, draw a chain. The one rule the editor keeps is said in
// roles: a piece never lies on a wall. A draft is a board in the shape of
// /api/cases' records: `width`, `height`, one string a row, and the
// fields of its spots and chains.
//
// The key beside the board (its legend) is drawn here too, from the
// catalog's roles and labels, with the board's own classes: a swatch is
// the colour of what it names in either theme, by construction. What the
// board draws that the catalog's legend has no entry for (a chain's tail,
// drawn fainter; a trail) gets an entry in the page's own words.
//
// What is the same for every puzzle stays as it was: the cell size that
// fits the window (on a touch screen never under 24 px: a bigger board
// scrolls in its box and follows the piece, as a finger cannot aim at a
// 17 px cell), the cell under the pointer, the keyboard cursor, the
// outline of a refused move's cell, the shake of a refused move.

import { $, listen, state } from "./state.js";

/// The playback keys Solve and Watch share: ← → step, Space plays or
/// pauses, Home and End go to the first and last position; `to` holds
/// the mode's `step(±1)`, `togglePlay()` and `jump(toEnd)`. True when the
/// key was one of them (Space or Enter on a focused button presses that
/// button instead).
export function playbackKey(event, to) {
  const key = event.key;
  if (event.target.tagName === "BUTTON" && (key === " " || key === "Enter")) return false;
  if (key === "ArrowRight") to.step(1);
  else if (key === "ArrowLeft") to.step(-1);
  else if (key === " ") to.togglePlay();
  else if (key === "Home") to.jump(false);
  else if (key === "End") to.jump(true);
  else return false;
  return true;
}

const SVG = "http://www.w3.org/2000/svg";

/// An SVG element `name` with `attrs`, appended to `parent` if given.
export function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/// Adopts the palette's CSS variables (`/api/puzzles`' `palette`). A
/// constructed sheet, not a <style> element: the server's
/// Content-Security-Policy (style-src 'self') refuses inline styles.
export function usePalette(css) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

const editorOf = (name) => state.kinds[name].editor;
const editor = () => state.kind.editor;

// ---------------------------------------------------------------- drafts

const cellOf = (d, r, c) => d.rows[r][c];
function setCell(d, r, c, ch) {
  const row = d.rows[r];
  d.rows[r] = row.slice(0, c) + ch + row.slice(c + 1);
}
/// The first cell holding `ch`, row by row, as [row, column].
function find(d, ch) {
  for (let r = 0; r < d.height; r++) {
    const c = d.rows[r].indexOf(ch);
    if (c >= 0) return [r, c];
  }
  return null;
}
/// `rows` cut or padded with `fill` to w × h.
function resizeRows(rows, w, h, fill) {
  const out = [];
  for (let r = 0; r < h; r++) out.push(((rows[r] || "") + fill.repeat(w)).slice(0, w));
  return out;
}
const blankCh = (e) => e.cells[0].ch;
const isWall = (e, ch) => e.cells.some((x) => x.ch === ch && x.mark.role === "wall");
const same = (a, b) => a[0] === b[0] && a[1] === b[1];

/// A blank w × h board of puzzle `name`.
export function blank(name, w, h) {
  const e = editorOf(name);
  const d = { width: w, height: h, rows: Array(h).fill(blankCh(e).repeat(w)) };
  for (const s of e.spots) d[s.field] = [0, 0];
  for (const c of e.chains) d[c.field] = [];
  return d;
}

/// A draft of the puzzle on the page from a record (a draft, an
/// /api/cases or /api/board record).
export function adopt(rec) {
  const e = editor();
  const d = { width: rec.width, height: rec.height, rows: rec.rows.slice() };
  for (const s of e.spots) d[s.field] = (rec[s.field] || [0, 0]).slice();
  for (const c of e.chains) d[c.field] = (rec[c.field] || []).map(([r, cc]) => [r, cc]);
  return d;
}

/// The draft cut or grown to w × h: a chain is kept up to its first cell
/// that no longer fits, a spot off the board goes to the top left.
export function resized(d, w, h) {
  const e = editor();
  const out = { width: w, height: h, rows: resizeRows(d.rows, w, h, blankCh(e)) };
  const fits = ([r, c]) => r < h && c < w;
  for (const s of e.spots) out[s.field] = fits(d[s.field]) ? d[s.field] : [0, 0];
  for (const c of e.chains) {
    const cut = d[c.field].findIndex((p) => !fits(p));
    out[c.field] = cut < 0 ? d[c.field] : d[c.field].slice(0, cut);
  }
  return out;
}

/// Applies tool `id` at (r, c) (`first`: the press, not the drag after
/// it); whether the draft changed.
export function edit(d, id, r, c, first) {
  const e = editor();
  const tool = e.tools.find((t) => t.id === id);
  if (!tool) return false;
  const onChain = () => e.chains.some((ch) => d[ch.field].some((p) => same(p, [r, c])));
  switch (tool.edit) {
    case "paint":
      if (cellOf(d, r, c) === tool.what || (isWall(e, tool.what) && onChain())) return false;
      setCell(d, r, c, tool.what);
      return true;
    case "place": {
      // One of a kind: placing it moves it, on a press only.
      if (!first) return false;
      const old = find(d, tool.what);
      if (old) setCell(d, old[0], old[1], blankCh(e));
      if (cellOf(d, r, c) === tool.what) return false;
      setCell(d, r, c, tool.what);
      return true;
    }
    case "spot":
      if (!first) return false;
      d[tool.what] = [r, c];
      return true;
    case "chain":
      return editChain(d, tool.what, r, c, first, isWall(e, cellOf(d, r, c)));
  }
  return false;
}

/// The chain `field`, head first: a press starts it, or takes back its
/// tail; a drag adds the cell next to the tail, or takes the tail back
/// when it returns to the cell before. Never on a wall.
function editChain(d, field, r, c, first, wall) {
  if (wall) return false;
  const chain = d[field];
  const at = chain.findIndex((p) => same(p, [r, c]));
  const tail = chain[chain.length - 1];
  const nextToTail = tail && Math.abs(tail[0] - r) + Math.abs(tail[1] - c) === 1;
  if (at >= 0 && at === chain.length - 1 && first) {
    chain.pop();
    return true;
  }
  if (at >= 0 && at === chain.length - 2 && !first) {
    chain.pop();
    return true;
  }
  if (at >= 0) return false;
  if (nextToTail) {
    chain.push([r, c]);
    return true;
  }
  if (!first) return false;
  d[field] = [[r, c]];
  return true;
}

export const tools = () => editor().tools;
export const firstTool = () => editor().tool || editor().tools[0].id;

// ----------------------------------------------------------------- views

/// A view to draw: {width, height, ground: [mark a cell], pieces:
/// [[[r, c, mark], ...]], overlay: [[r, c, mark]]}, a mark being {role,
/// text, word?}.
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The word of a mark: the editor's word for the same mark, else its role.
function wordOf(m) {
  const e = editor();
  const cell = e.cells.find((x) => x.mark.role === m.role && x.mark.text === m.text);
  if (cell) return cell.word;
  const spot = e.spots.find((x) => x.mark.role === m.role && x.mark.text === m.text);
  return spot ? spot.word : m.role;
}

/// A view the server sent (BoardView::to_json) ready to draw.
function fromServer(v) {
  const marks = v.marks.map((m) => ({ ...m, word: wordOf(m) }));
  const mark = (i) => marks[i] || marks[0];
  return {
    width: v.width, height: v.height,
    ground: [...v.ground].map((ch) => mark(DIGITS.indexOf(ch))),
    pieces: v.pieces.map((p) => p.map(([r, c, i]) => [r, c, mark(i)])),
    overlay: v.overlay.map(([r, c, i]) => [r, c, mark(i)]),
  };
}

/// The mark and word of draft `d`'s cell (r, c): its spot's if one is
/// there, else its character's.
function draftMark(e, chars, d, r, c) {
  for (const s of e.spots) {
    const at = d[s.field];
    if (at && at[0] === r && at[1] === c) return { ...s.mark, word: s.word };
  }
  const x = chars[cellOf(d, r, c)] || e.cells[0];
  return { ...x.mark, word: x.word };
}

/// Where draft `d` has the cells of a role that stand out (`want`: a
/// role's name), found by character rather than cell by cell (a 100×100
/// board is painted at every move of the pointer): [row, column] each.
function draftCells(d, want) {
  const e = editor();
  const out = [];
  for (const x of e.cells) {
    if (x.mark.role !== want) continue;
    for (let r = 0; r < d.height; r++) {
      for (let c = d.rows[r].indexOf(x.ch); c >= 0; c = d.rows[r].indexOf(x.ch, c + 1)) out.push([r, c]);
    }
  }
  for (const s of e.spots) {
    const at = d[s.field];
    if (s.mark.role === want && at && at[0] < d.height && at[1] < d.width) out.push(at.slice());
  }
  return out;
}

/// The pieces of draft `d`, as a view has them.
function draftPieces(d) {
  const e = editor();
  const pieces = [];
  for (const x of e.cells) {
    if (!x.piece) continue;
    for (let r = 0; r < d.height; r++) {
      for (let c = d.rows[r].indexOf(x.ch); c >= 0; c = d.rows[r].indexOf(x.ch, c + 1)) pieces.push([[r, c, x.piece]]);
    }
  }
  // A view's pieces are in reading order.
  pieces.sort((a, b) => a[0][0] - b[0][0] || a[0][1] - b[0][1]);
  for (const ch of e.chains) {
    const cells = d[ch.field] || [];
    const [head, body, tail] = ch.marks;
    if (cells.length) pieces.push(cells.map(([r, c], i) => [r, c, i === 0 ? head : i === cells.length - 1 ? tail : body]));
  }
  return pieces;
}

/// The view of a draft, through its editor.
function draftView(d) {
  const e = editor();
  const cells = Object.fromEntries(e.cells.map((x) => [x.ch, x]));
  const ground = [];
  const pieces = [];
  for (let r = 0; r < d.height; r++) {
    for (let c = 0; c < d.width; c++) {
      const x = cells[cellOf(d, r, c)] || e.cells[0];
      ground.push({ ...x.mark, word: x.word });
      if (x.piece) pieces.push([[r, c, x.piece]]);
    }
  }
  for (const s of e.spots) {
    const [r, c] = d[s.field] || [];
    if (r < d.height && c < d.width) ground[r * d.width + c] = { ...s.mark, word: s.word };
  }
  for (const ch of e.chains) {
    const cells = d[ch.field] || [];
    const [head, body, tail] = ch.marks;
    if (cells.length) pieces.push(cells.map(([r, c], i) => [r, c, i === 0 ? head : i === cells.length - 1 ? tail : body]));
  }
  return { width: d.width, height: d.height, ground, pieces, overlay: [] };
}

/// The view of the board being edited (its ground what Watch draws under
/// a search's steps).
export const draftGround = () => draftView(state.draft);

/// The view of position `pos` (null: the draft's own).
const viewOf = (pos) => (pos && pos.view ? fromServer(pos.view) : draftView(state.draft));

/// The position in words, for screen readers (the board's text
/// alternative): the piece, the goal, the walls.
function describe(v) {
  const at = ([r, c]) => "row " + (r + 1) + ", column " + (c + 1);
  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
  const k = state.kind;
  const cells = (role) => v.ground.map((m, i) => [m, [Math.floor(i / v.width), i % v.width]]).filter(([m]) => m.role === role).map(([, p]) => p);
  const piece = v.pieces[0];
  const goals = cells("goal");
  const walls = cells("wall");
  const broken = cells("broken");
  const wall = (editor().cells.find((x) => x.mark.role === "wall") || { word: "wall" }).word;
  const list = walls.length <= 30 ? ": " + walls.map(at).join("; ") : "";
  return k.title + ", " + v.width + " by " + v.height + ". " +
    (piece ? cap(k.piece) + " at " + at(piece[0]) + (piece.length > 1 ? ", then " + piece.slice(1).map(at).join("; ") : "") : "No " + k.piece + " placed") +
    ". " + cap(k.goal) + (goals.length ? " at " + goals.map(at).join("; ") : " not placed") + ". " +
    walls.length + " " + wall + (walls.length === 1 ? "" : "s") + list + (broken.length ? "; " + broken.length + " broken" : "") + ".";
}

// --------------------------------------------------------------- drawing


const lessMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
/// A finger, not a mouse: cells no smaller than a finger can aim at.
const coarse = window.matchMedia("(pointer: coarse)");
/// The smallest cell drawn on a touch screen, in px: a bigger board
/// scrolls in its box (following the piece) rather than shrink below it.
const MIN_TOUCH_CELL = 24;

/// How long a glide from one position to the next takes, in ms, at the
/// animation's speed.
export function slideTime() {
  return Math.round(1600 / Number($("anim-speed").value));
}

/// How long a glide takes now, in ms: none with less motion asked for.
export const glideTime = () => (lessMotion.matches ? 0 : slideTime());

/// A promise that the pieces' glides under way have ended (at once when
/// none is): read off the animations themselves, which end when the
/// screen has shown them, however busy the machine (a timer set for the
/// glide's length can fire before its last frame).
export function glided() {
  const pieces = $("pieces");
  const moving = pieces ? pieces.getAnimations({ subtree: true }) : [];
  return Promise.all(moving.map((a) => a.finished.catch(() => {})));
}

/// A small window (a phone, or a laptop zoomed to 200 %): in Play and
/// Solve a cell is no smaller than MIN_SMALL_CELL there, and a bigger
/// board scrolls in its box.
const small = window.matchMedia("(max-width: 43.99rem), (max-height: 32rem)");
const MIN_SMALL_CELL = 16;

/// The cell size that fits the board in its box: as wide as the box, and
/// no taller than the window below the board's top less what the game
/// puts under the board (the pad, in one column), so that the status,
/// the board and the pad are seen whole. The top is the board's in the
/// Play layout (remembered from Play: what other modes show above the
/// board then changes no cell size, and the board keeps its size from
/// mode to mode), measured from the page's top when everything fits so,
/// else from the board panel's top (a short window: the game scrolls the
/// panel to the window's top, play.js). On a touch screen a cell is never
/// under MIN_TOUCH_CELL, in a small window never under MIN_SMALL_CELL
/// outside the editor: a bigger board scrolls in its box, no taller than
/// the window.
function fitCell() {
  const box = $("board-box");
  const d = state.draft;
  const width = Math.min(640, Math.max(120, (box.clientWidth || 640) - 4));
  const boxTop = box.getBoundingClientRect().top;
  const panelTop = $("board-panel").getBoundingClientRect().top;
  if (state.mode === "play" || state.view.playTop === null) {
    state.view.playTop = { page: boxTop + window.scrollY, panel: boxTop - panelTop };
  }
  const top = state.view.playTop;
  const pad = padSize();
  const room = (from) => window.innerHeight - from - pad.below - 12;
  // From a top where the pad beside the board does not fit, nothing fits.
  const fits = (from) => (room(from) < pad.beside ? 0 : Math.floor(Math.min(width / d.width, room(from) / d.height)));
  const least = coarse.matches ? MIN_TOUCH_CELL : small.matches && state.mode !== "edit" ? MIN_SMALL_CELL : 6;
  let fit = fits(top.page);
  if (fit < least) fit = fits(top.panel);
  const cell = Math.max(least, Math.min(72, fit));
  // A board bigger than the window scrolls in a box that fits it.
  $("board-wrap").style.maxHeight = cell * d.height > room(top.panel) ? Math.max(160, room(top.panel)) + "px" : "";
  return cell;
}

/// The height of the pad and its buttons (the game's controls), in px,
/// as `below` the board where the layout puts them under it, else as
/// `beside` it.
function padSize() {
  const stage = document.querySelector(".stage");
  const pad = document.querySelector(".pad-slot"), actions = document.querySelector(".play-actions");
  if (!stage || !pad || !actions) return { below: 0, beside: 0 };
  // Measured in Play; elsewhere the pad is not shown: the last measure.
  const a = pad.getBoundingClientRect(), b = actions.getBoundingClientRect();
  if (a.height > 0) stage.dataset.pad = String(Math.ceil(Math.max(a.bottom, b.bottom) - Math.min(a.top, b.top)));
  const h = Number(stage.dataset.pad || 150);
  const oneColumn = getComputedStyle(stage).gridTemplateColumns.split(" ").length < 2;
  return oneColumn ? { below: h + 10, beside: 0 } : { below: 0, beside: h };
}

/// Whether the board and what the game puts under or beside it are
/// whole in the window as it is scrolled now.
export function gameInView() {
  const wrap = $("board-wrap").getBoundingClientRect();
  const pad = document.querySelector(".pad-slot").getBoundingClientRect();
  const actions = document.querySelector(".play-actions").getBoundingClientRect();
  const bottom = Math.max(wrap.bottom, pad.bottom, actions.bottom);
  return wrap.top >= 0 && bottom <= window.innerHeight;
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
  clearTimeout(state.view.drawn && state.view.drawn.timer);
  const cells = el("g", { class: "cells" }, svg);
  const rects = [];
  for (let r = 0; r < d.height; r++) {
    for (let c = 0; c < d.width; c++) {
      rects.push(el("rect", { x: c * s, y: r * s, width: s, height: s, class: "cell", "data-r": r, "data-c": c }, cells));
    }
  }
  state.view.drawn = {
    rects, roles: [], rings: el("g", { class: "rings" }, svg), starts: el("g", { class: "starts" }, svg),
    over: el("g", { class: "overlay" }, svg),
    pieces: el("g", { id: "pieces" }, svg), discs: new Map(), chains: new Map(), timer: null,
  };
  el("rect", { id: "cursor", width: s, height: s }, svg);
  moveCursor(0, 0);
  drawStarts();
  show(pos, false);
}

/// Outlines the start where the draft has it: the position drawn may
/// mark that cell otherwise (the trail of a throw over it), and the
/// outline is where every game begins.
function drawStarts() {
  const drawn = state.view.drawn;
  const s = state.view.cell;
  drawn.starts.replaceChildren(...draftCells(state.draft, "start").map(([r, c]) =>
    el("rect", { x: c * s + 1.5, y: r * s + 1.5, width: s - 3, height: s - 3, class: "start-mark", "data-r": r, "data-c": c })));
}

/// Paints the cells `cells` ([row, column] each) of the draft as edited,
/// and its pieces, goal rings and start: what a stroke of the editor
/// changed, without drawing the board again. No cell given: the stroke
/// has ended, and the board's text follows.
export function paintDraft(cells) {
  const drawn = state.view.drawn;
  const d = state.draft;
  const e = editor();
  const chars = Object.fromEntries(e.cells.map((x) => [x.ch, x]));
  for (const [r, c] of cells) {
    const rect = drawn.rects[r * d.width + c];
    if (!rect) continue;
    const m = draftMark(e, chars, d, r, c);
    rect.setAttribute("class", "cell " + m.role);
    rect.dataset.what = m.word;
  }
  const s = state.view.cell;
  drawn.rings.replaceChildren(...draftCells(d, "goal").map(([r, c]) =>
    el("circle", { cx: (c + 0.5) * s, cy: (r + 0.5) * s, r: s * 0.3, class: "goal-ring" })));
  drawStarts();
  drawPieces({ width: d.width, height: d.height, pieces: draftPieces(d) }, 0);
  if (!cells.length) $("board-text").textContent = describe(draftView(d));
}

/// Draws the ground of view `v`: a cell's role as its class, a ring on
/// each goal, a trail's arrow on its cells.
function drawGround(v) {
  const drawn = state.view.drawn;
  const s = state.view.cell;
  v.ground.forEach((m, i) => {
    const rect = drawn.rects[i];
    if (!rect) return;
    rect.setAttribute("class", "cell " + m.role);
    rect.dataset.what = m.word;
  });
  drawn.rings.replaceChildren();
  v.ground.forEach((m, i) => {
    const r = Math.floor(i / v.width), c = i % v.width;
    if (m.role === "goal") el("circle", { cx: (c + 0.5) * s, cy: (r + 0.5) * s, r: s * 0.3, class: "goal-ring" }, drawn.rings);
    else if (m.role === "trail" && m.text) {
      const t = el("text", { x: (c + 0.5) * s, y: (r + 0.5) * s, class: "glyph trail", "data-r": r, "data-c": c }, drawn.rings);
      t.textContent = m.text;
      t.style.fontSize = Math.round(s * 0.45) + "px";
    }
  });
}

/// Draws the pieces of view `v`, each gliding from where it was over
/// `glide` ms: a one-cell piece as a disc, a chain as segments that each
/// glide to their new cell (the body follows the head) with the links
/// between them.
function drawPieces(v, glide) {
  const drawn = state.view.drawn;
  const s = state.view.cell;
  const discs = new Map();
  const chains = new Map();
  v.pieces.forEach((piece, k) => {
    const id = k === 0 ? { id: "mover" } : {};
    if (piece.length === 1) {
      const [r, c, m] = piece[0];
      // A disc drawn afresh appears where it is.
      let disc = drawn.discs.get(k);
      const time = disc ? glide : 0;
      if (!disc) disc = el("circle", { cx: 0, cy: 0, r: s * 0.36, ...id }, drawn.pieces);
      disc.setAttribute("class", "disc " + m.role);
      disc.style.transition = time ? "transform " + time + "ms ease-out" : "none";
      disc.setAttribute("data-r", r);
      disc.setAttribute("data-c", c);
      disc.style.transform = "translate(" + (c + 0.5) * s + "px, " + (r + 0.5) * s + "px)";
      discs.set(k, disc);
      return;
    }
    // A chain: its segments tail first (the head on top), then the links
    // between them. Drawn afresh when it is new or of another length; else each
    // part glides from where it was, as a disc does.
    let chain = drawn.chains.get(k);
    const time = chain && chain.segs.length === piece.length ? glide : 0;
    if (!time) {
      if (chain) chain.g.remove();
      chain = { g: el("g", { class: "chain" }, drawn.pieces), segs: [], links: [] };
      for (let i = piece.length - 1; i >= 0; i--) {
        const inset = i === 0 ? 1 : 3;
        chain.segs[i] = el("rect", { x: inset, y: inset, width: s - 2 * inset, height: s - 2 * inset, rx: s * 0.3 }, chain.g);
      }
      for (let i = 1; i < piece.length; i++) chain.links.push(el("path", { class: "link" }, chain.g));
    }
    const move = time ? "transform " + time + "ms ease-out" : "none";
    for (let i = 0; i < piece.length; i++) {
      const [r, c, m] = piece[i];
      const seg = chain.segs[i];
      seg.setAttribute("class", "seg " + m.role + (i === 0 ? " head" : i === piece.length - 1 ? " tail" : ""));
      seg.setAttribute("data-r", r);
      seg.setAttribute("data-c", c);
      seg.setAttribute("data-i", i);
      if (i === 0 && k === 0) seg.id = "mover";
      seg.style.transition = move;
      seg.style.transform = "translate(" + c * s + "px, " + r * s + "px)";
    }
    for (let i = 1; i < piece.length; i++) {
      const [r0, c0] = piece[i - 1], [r1, c1] = piece[i];
      const link = chain.links[i - 1];
      // The path's geometry as a CSS property, which glides as a
      // transform does.
      link.style.transition = time ? "d " + time + "ms ease-out" : "none";
      link.style.d = "path('M " + (c0 + 0.5) * s + " " + (r0 + 0.5) * s + " L " + (c1 + 0.5) * s + " " + (r1 + 0.5) * s + "')";
    }
    chains.set(k, chain);
  });
  for (const [k, disc] of drawn.discs) if (!discs.has(k)) disc.remove();
  for (const [k, chain] of drawn.chains) if (chains.get(k) !== chain) chain.g.remove();
  drawn.discs = discs;
  drawn.chains = chains;
}

/// Draws the marks over everything (a hint): their glyphs.
function drawOverlay(v) {
  const drawn = state.view.drawn;
  const s = state.view.cell;
  drawn.over.replaceChildren();
  for (const [r, c, m] of v.overlay) {
    el("text", { x: (c + 0.5) * s, y: (r + 0.5) * s, class: "glyph " + m.role }, drawn.over).textContent = m.text;
  }
}

/// Draws position `pos` over the board; `slide`: let it glide there.
export function show(pos, slide) {
  state.view.shown = pos;
  const v = viewOf(pos);
  const drawn = state.view.drawn;
  const glide = slide ? glideTime() : 0;
  // The ground changes when the piece gets there, not when it sets off.
  clearTimeout(drawn.timer);
  if (glide) drawn.timer = setTimeout(() => drawGround(v), glide * 0.8);
  else drawGround(v);
  drawPieces(v, glide);
  drawOverlay(v);
  follow(v);
  $("board-text").textContent = describe(v);
}

/// Scrolls a board bigger than its box (a big board on a phone) so that
/// the piece that moves is in sight.
function follow(v) {
  const wrap = $("board-wrap");
  if (wrap.scrollWidth <= wrap.clientWidth && wrap.scrollHeight <= wrap.clientHeight) return;
  const piece = v.pieces[0];
  if (!piece) return;
  const s = state.view.cell;
  const [r, c] = piece[0];
  const x = (c + 0.5) * s, y = (r + 0.5) * s;
  if (x < wrap.scrollLeft + s || x > wrap.scrollLeft + wrap.clientWidth - s) wrap.scrollLeft = x - wrap.clientWidth / 2;
  if (y < wrap.scrollTop + s || y > wrap.scrollTop + wrap.clientHeight - s) wrap.scrollTop = y - wrap.clientHeight / 2;
}

// ------------------------------------------------------------ the key

listen("puzzle", showLegend);

/// The key to the board: each role of the puzzle's legend (from the
/// catalog) as a swatch drawn with the board's own classes, so it has the
/// board's colours in either theme, and its label.
function showLegend() {
  const kind = state.kind;
  const chain = editor().chains.length > 0;
  const S = 22;
  const entries = (kind.legend || []).slice();
  const has = (role) => entries.some((e) => e.role === role);
  // What the board draws beyond the catalog's legend: a chain's last
  // segment is drawn fainter (it is where the chain leaves a cell free),
  // and a trail marks the path of the last move.
  if (chain && !has("tail")) entries.splice(entries.findIndex((e) => e.role === "body") + 1 || entries.length, 0, { role: "tail", label: "its tail, the last segment: drawn fainter" });
  if (editor().cells.some((x) => x.mark.role === "start") && !has("trail")) entries.push({ role: "trail", label: "the path of the last " + kind.move });
  $("legend").replaceChildren(...entries.map(({ role, label }) => {
    const li = document.createElement("li");
    const svg = el("svg", { width: S + 4, height: S + 4, viewBox: "-2 -2 " + (S + 4) + " " + (S + 4), "aria-hidden": "true", "data-role": role });
    const ground = ["floor", "wall", "goal", "start", "broken"].includes(role);
    el("rect", { x: 0, y: 0, width: S, height: S, class: "cell " + (ground ? role : "floor") }, svg);
    if (role === "start") el("rect", { x: 1.5, y: 1.5, width: S - 3, height: S - 3, class: "start-mark" }, svg);
    if (role === "goal") el("circle", { cx: S / 2, cy: S / 2, r: S * 0.3, class: "goal-ring" }, svg);
    if (role === "piece" && !chain) el("circle", { cx: S / 2, cy: S / 2, r: S * 0.36, class: "disc piece swatch" }, svg);
    if (role === "piece" && chain) el("rect", { x: 1, y: 1, width: S - 2, height: S - 2, rx: S * 0.3, class: "seg piece head swatch" }, svg);
    if (role === "body") el("rect", { x: 3, y: 3, width: S - 6, height: S - 6, rx: S * 0.3, class: "seg body swatch" }, svg);
    if (role === "tail") el("rect", { x: 3, y: 3, width: S - 6, height: S - 6, rx: S * 0.3, class: "seg body tail swatch" }, svg);
    if (role === "trail") {
      const t = el("text", { x: S / 2, y: S / 2, class: "glyph trail swatch" }, svg);
      t.textContent = "→";
      t.style.fontSize = Math.round(S * 0.6) + "px";
    }
    const text = document.createElement("span");
    text.textContent = label;
    li.append(svg, text);
    return li;
  }));
  $("key").hidden = !entries.length;
}

/// What changed from position `before` to position `after`, in words for
/// a screen reader: where the piece that moves is now, and the cells of
/// the ground that broke (a wall no longer) or came back (a wall again).
/// Read off the two views, as they are drawn: no rule of the puzzle.
export function moveWords(before, after) {
  const a = viewOf(before), b = viewOf(after);
  const at = ([r, c]) => "row " + (r + 1) + ", column " + (c + 1);
  const e = editor();
  const wall = (e.cells.find((x) => x.mark.role === "wall") || { word: "wall" }).word;
  const piece = b.pieces[0];
  const parts = [piece ? "the " + state.kind.piece + " is at " + at(piece[0]) : "no " + state.kind.piece];
  const broke = [], back = [];
  b.ground.forEach((m, i) => {
    const was = a.ground[i];
    if (!was || (was.role === "wall") === (m.role === "wall")) return;
    (was.role === "wall" ? broke : back).push([Math.floor(i / b.width), i % b.width]);
  });
  if (broke.length) parts.push(broke.length === 1 ? "a " + wall + " broke at " + at(broke[0]) : broke.length + " " + wall + "s broke");
  if (back.length) parts.push(back.length === 1 ? "the " + wall + " at " + at(back[0]) + " is back" : back.length + " " + wall + "s are back");
  return parts.join("; ") + ".";
}

/// Where the piece that moves is drawn in position `pos` (the head of the
/// view's first piece), if there is one.
export function mover(pos) {
  const piece = viewOf(pos).pieces[0];
  return piece ? [piece[0][0], piece[0][1]] : null;
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

/// Says what the cell under the cursor is, as the editor names it.
export function sayCursor() {
  const [r, c] = state.view.cursor;
  const rect = $("board").querySelector(`rect.cell[data-r="${r}"][data-c="${c}"]`);
  const what = rect ? rect.dataset.what || "" : "";
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
