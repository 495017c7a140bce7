// The page of `gridpuzzle serve`: edit a board, solve it and watch the
// solution, play it, generate one, share it as a link — for any puzzle the
// server lists.
//
// Why it is shaped so: this script knows no puzzle and no rule. What it
// shows of a puzzle comes from the server, which answers from the same
// Rust code as the command line:
//   GET  /api/puzzles     the puzzles: names, move words, settings (the
//                         controls beside the board), samples, the board
//                         to open first, the generator's fields;
//   GET  /puzzles/NAME.js each puzzle's drawing module (below);
//   POST /api/board       the board being edited ("draft") as judge text,
//                         its game ID (the link), the options to solve it
//                         under and what it lacks; and a link's board back;
//   POST /api/play        the moves played through the rules, the first
//                         refused one with the rules' reason, an exact
//                         hint, and the whole positions to draw;
//   POST /api/solve, /api/cases, /api/generate.
// The catalog also lists each puzzle's levels (sets of boards as judge
// inputs, each case with its size, optimum and game ID) and the
// difficulties of its new boards (the /api/generate fields of each), so
// the Levels panel is the server's too.
// So a position on the page is one the rules played, a text is the one
// the judge reads, and a link is read and written by one codec in Rust
// (old links keep opening). Plain script, no framework, nothing fetched
// from anywhere but this server.
//
// A drawing module (crates/PUZZLE/page.js) only draws and edits its board:
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
// A draft is a board in the shape of /api/cases' records: `width`,
// `height`, one string a row, and the puzzle's own fields.
//
// The link's fragment holds the board's game ID, `#NAME/WxH/CELLS/...`;
// its format is documented in crates/engine/src/page.rs and in each
// puzzle's puzzle.rs, which encode and decode it. A board put in place of
// another (a case, a generated board, Clear, another puzzle) is a new
// history entry, so Back returns to the board before; edits only replace
// the entry.
//
// What the page keeps in the browser (localStorage, when it may; a page
// without it works the same, and forgets): the last board of each puzzle
// as its game ID, and the boards won in Play with the fewest moves and the
// optimum. Each puzzle's draft, settings and edit history are kept while
// the page is open, so switching puzzles and back loses nothing.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
/// The keys that play a move, by the move's word.
const MOVE_KEYS = {
  up: ["ArrowUp", "w", "W"], down: ["ArrowDown", "s", "S"],
  left: ["ArrowLeft", "a", "A"], right: ["ArrowRight", "d", "D"],
};
const MOVE_GLYPHS = { up: "↑", down: "↓", left: "←", right: "→" };

// ------------------------------------------------------- drawing modules

const modules = {};

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/// What the drawing modules get: registration and helpers for drafts.
window.gridpuzzle = {
  register(name, module) { modules[name] = module; },
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

// ---------------------------------------------------------------- the board

/// What the server offers (GET /api/puzzles), and its records by name.
let catalog = null;
const kinds = {};
/// The puzzle on the board (its catalog record), the board being edited,
/// the tool and the settings chosen per puzzle.
let kind = null;
let draft = null;
const tools = {};
const values = {};
let mode = "edit";
/// Per puzzle: the draft left when another puzzle was chosen, and the
/// edit history ({undo, redo}: drafts as JSON, newest last).
const drafts = {};
const edits = {};

// ------------------------------------------------------------- progress

const STORE_KEY = "gridpuzzle.progress.v1";
/// {last: puzzle name, boards: {puzzle: game ID}, solved: {game ID:
/// {puzzle, moves, optimum}}}; kept in localStorage when the browser
/// allows it.
let progress = { last: null, boards: {}, solved: {} };

function loadProgress() {
  try {
    const saved = JSON.parse(window.localStorage.getItem(STORE_KEY) || "null");
    // Only what has the shape this page writes is taken: a value spoiled
    // by hand, or by another page of this origin, must not break this one.
    const record = (x) => !!x && typeof x === "object" && !Array.isArray(x);
    if (!record(saved)) return;
    const boards = {}, solved = {};
    if (record(saved.boards)) {
      for (const [name, id] of Object.entries(saved.boards)) if (typeof id === "string") boards[name] = id;
    }
    if (record(saved.solved)) {
      for (const [id, won] of Object.entries(saved.solved)) {
        if (record(won) && typeof won.puzzle === "string" && Number.isInteger(won.moves)) solved[id] = won;
      }
    }
    progress = { last: typeof saved.last === "string" ? saved.last : null, boards, solved };
  } catch (_) { /* no storage, or not ours: start afresh */ }
}

function saveProgress() {
  try {
    window.localStorage.setItem(STORE_KEY, JSON.stringify(progress));
  } catch (_) { /* denied or full: the page still works, it forgets */ }
}

/// Shows the boards won so far, and what the board on the page scored.
function showProgress() {
  const list = $("solved-list");
  const ids = Object.keys(progress.solved);
  list.replaceChildren(...ids.map((id) => {
    const won = progress.solved[id];
    const a = document.createElement("a");
    a.href = "#" + id;
    a.textContent = id.split("/").slice(0, 2).join(" ") + ": " + wonText(won);
    const li = document.createElement("li");
    li.append(a);
    return li;
  }));
  markLevels();
  const id = described && described.value && described.value.id;
  const mine = id && progress.solved[id];
  $("solved-note").textContent = mine ? "Your best on this board: " + wonText(mine) + "." : "";
}

function wonText(won) {
  const kindOf = kinds[won.puzzle];
  const n = (x) => x + " " + (kindOf ? (x === 1 ? kindOf.move : kindOf.moves) : "moves");
  return n(won.moves) + (won.optimum !== undefined && won.optimum !== null ? " (optimum " + won.optimum + ")" : "");
}

const module = () => modules[kind.name];

function words(n) {
  return n + " " + (n === 1 ? kind.move : kind.moves);
}

/// The settings offered as controls (the others are on the board).
const controls = () => kind.settings.filter((s) => !s.on_board);
const controlId = (key) => key.replace(/_/g, "-");

/// The value of a control or a field as JSON: digits as a number.
function jsonValue(text) {
  return /^\d+$/.test(text) ? Number(text) : text;
}

/// The options of the controls, as /api/board reads them.
function controlOptions() {
  const options = {};
  for (const s of controls()) options[s.key] = $(controlId(s.key)).value.trim();
  return options;
}

// --------------------------------------------------- the board's description

/// The server's description of the board ({puzzle, input, id, options,
/// lacks}), asked again after every change: `version` counts the changes.
let described = null;
let version = 0;
/// True while the address bar shows a link that could not be read: it is
/// left there until the board is edited.
let keepHash = false;

/// Asks the server to describe the board (or takes `known`, the answer
/// that opened it); the promise of the answer.
function describe(known) {
  const mine = ++version;
  const promise = known ? Promise.resolve(known)
    : post("/api/board", { puzzle: kind.name, board: draft, options: controlOptions() });
  described = { version: mine, promise, value: null };
  const since = actionStarted();
  promise.then((d) => {
    if (described.version !== mine) return;
    described.value = d;
    updateUrl();
    // While a link that could not be read is kept, its message stays.
    if (!keepHash) succeeded(since);
    progress.last = d.puzzle;
    progress.boards[d.puzzle] = d.id;
    saveProgress();
    showProgress();
  }, (e) => {
    if (described.version === mine) say(e.message, true);
  });
  return promise;
}

/// The description of the board as it is now.
const current = () => described.promise;

/// True when the next link written is of a board put in place of the one
/// before: a new history entry, so Back returns to the old board.
let pushNext = false;

function updateUrl() {
  if (keepHash || !described || !described.value) return;
  const id = described.value.id;
  const push = pushNext && location.hash.length > 1;
  pushNext = false;
  if (location.hash === "#" + id) return;
  const url = location.pathname + location.search + "#" + id;
  if (push) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
}

/// Opens the board of the link in the address bar, if there is one.
async function loadFromHash() {
  if (location.hash.length <= 1) return false;
  const unreadable = (why) => {
    // The link stays in the address bar, so it can be seen and mended.
    keepHash = true;
    say("This link's board cannot be read: " + why, true);
    return false;
  };
  let id;
  try {
    id = decodeURIComponent(location.hash.slice(1));
  } catch (e) {
    return unreadable(e.message);
  }
  loadingHash = location.hash;
  try {
    if (!(await openId(id))) return false;
  } catch (e) {
    return unreadable(e.message);
  } finally {
    loadingHash = null;
  }
  say("Opened the board of the link.");
  return true;
}

/// The hash being opened, so that the two events of one Back open it once.
let loadingHash = null;

/// Opens the board of game ID `id` (with its settings) in the editor; a
/// failed reading throws. `push`: a new history entry (not when it is the
/// board of the address bar already). False, and nothing done, when the
/// board was changed while the server read the ID: an answer that comes
/// late must not put an old board over the user's newer work.
async function openId(id, push) {
  const asked = version;
  const opened = await post("/api/board", { id });
  if (version !== asked) return false;
  if (!kinds[opened.puzzle]) throw new Error("unknown puzzle `" + opened.puzzle + "`");
  if (!kind || kind.name !== opened.puzzle) {
    switchPuzzle(opened.puzzle);
    // The draft of the puzzle left is kept by switchPuzzle; it is no
    // board of this puzzle's history.
    draft = null;
  }
  for (const s of controls()) {
    if (opened.options[s.key] !== undefined) $(controlId(s.key)).value = opened.options[s.key];
  }
  setBoard(opened.puzzle, opened.board, false, opened);
  pushNext = !!push;
  return true;
}

// ---------------------------------------------------------------- drawing

let cellSize = 32;
/// The position drawn last (null: the draft's own), to draw again when
/// the board is refitted to a new window size.
let shownPos = null;
const lessMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

function slideTime() {
  return Math.round(1600 / Number($("anim-speed").value));
}

function view() {
  return { svg: $("board"), s: cellSize, width: draft.width, height: draft.height, slideTime: lessMotion.matches ? 0 : slideTime() };
}

/// The cell size that fits the board in its box: as wide as the box, and
/// no taller than the window below the board's top, so the board and the
/// status above it are seen whole.
function fitCell() {
  const box = $("board-box");
  const width = Math.min(640, Math.max(120, (box.clientWidth || 640) - 4));
  const top = box.getBoundingClientRect().top + window.scrollY;
  const height = Math.max(200, window.innerHeight - top - 12);
  return Math.max(6, Math.min(72, Math.floor(Math.min(width / draft.width, height / draft.height))));
}

/// Draws the board again if the window's size asks for another cell size.
function refit() {
  if (draft && fitCell() !== cellSize) render(shownPos);
}

/// Redraws the whole board, then the position `pos` (null: the board as
/// edited).
function render(pos) {
  const svg = $("board");
  cellSize = fitCell();
  const s = cellSize;
  svg.setAttribute("width", draft.width * s);
  svg.setAttribute("height", draft.height * s);
  svg.setAttribute("viewBox", "0 0 " + draft.width * s + " " + draft.height * s);
  svg.replaceChildren();
  module().render(view(), draft);
  el("rect", { id: "cursor", width: s, height: s }, svg);
  moveCursor(0, 0);
  show(pos, false);
}

/// Draws position `pos` over the board; `slide`: let it glide there.
function show(pos, slide) {
  shownPos = pos;
  module().show(view(), draft, pos, slide);
  const describe = module().describe;
  $("board-text").textContent = describe ? describe(draft, pos) : kind.title + ", " + draft.width + " by " + draft.height + ".";
}

// ----------------------------------------------------------------- editing

let dragging = false;
let lastCell = null;
/// The draft before the stroke (as JSON), until the stroke changes it:
/// one stroke is one step of the edit history.
let strokeBefore = null;

function cellAt(event) {
  const box = $("board").getBoundingClientRect();
  const c = Math.floor((event.clientX - box.left) / cellSize);
  const r = Math.floor((event.clientY - box.top) / cellSize);
  return r >= 0 && c >= 0 && r < draft.height && c < draft.width ? [r, c] : null;
}

function onPointer(event) {
  if (mode !== "edit") return;
  const first = event.type === "pointerdown";
  if (first) {
    dragging = true;
    lastCell = null;
    strokeBefore = JSON.stringify(draft);
    $("board").setPointerCapture(event.pointerId);
  } else if (!dragging) {
    return;
  }
  event.preventDefault();
  const cell = cellAt(event);
  if (!cell) {
    // Off the board: a stroke that comes back starts afresh there.
    lastCell = null;
    return;
  }
  // The keyboard cursor goes where the pointer pressed, so the keys go on
  // from there (and its outline is not left on a cell not worked on).
  if (first) {
    cursor = cell.slice();
    moveCursor(0, 0);
  }
  // A fast drag skips cells between two events: walk them one by one
  // (rows first, then columns), so a stroke has no gaps and a snake
  // grows a segment at a time.
  const path = [];
  if (!lastCell) path.push(cell);
  else {
    let [r, c] = lastCell;
    while (r !== cell[0] || c !== cell[1]) {
      if (r !== cell[0]) r += Math.sign(cell[0] - r);
      else c += Math.sign(cell[1] - c);
      path.push([r, c]);
    }
  }
  let changed = false;
  for (const [r, c] of path) changed = module().edit(draft, tools[kind.name], r, c, first) || changed;
  lastCell = cell;
  if (changed) {
    if (strokeBefore !== null) remember(strokeBefore);
    strokeBefore = null;
    boardChanged();
  }
}

// ------------------------------------------------------------ edit history

const history_ = () => (edits[kind.name] = edits[kind.name] || { undo: [], redo: [] });

/// Keeps `before` (a draft as JSON) as the state an undo returns to.
function remember(before) {
  const h = history_();
  if (h.undo[h.undo.length - 1] === before) return;
  h.undo.push(before);
  if (h.undo.length > 200) h.undo.shift();
  h.redo = [];
  showEditHistory();
}

/// Undoes (`back`) or redoes the last edit of this puzzle's board.
function undoEdit(back) {
  const h = history_();
  const from = back ? h.undo : h.redo;
  const to = back ? h.redo : h.undo;
  if (!from.length) return false;
  to.push(JSON.stringify(draft));
  draft = module().adopt(JSON.parse(from.pop()));
  $("width").value = draft.width;
  $("height").value = draft.height;
  boardChanged();
  showEditHistory();
  say(back ? "Undid an edit (Ctrl+Y redoes it)." : "Redid an edit.");
  return true;
}

function showEditHistory() {
  const h = history_();
  $("edit-undo").disabled = !h.undo.length;
  $("edit-redo").disabled = !h.redo.length;
}

/// The editor's keyboard cursor, [row, column]: the arrow keys move it
/// over the focused board, Enter or Space applies the tool there.
let cursor = [0, 0];

function moveCursor(dr, dc) {
  cursor = [Math.max(0, Math.min(draft.height - 1, cursor[0] + dr)), Math.max(0, Math.min(draft.width - 1, cursor[1] + dc))];
  const mark = $("cursor");
  if (!mark) return;
  mark.setAttribute("x", cursor[1] * cellSize);
  mark.setAttribute("y", cursor[0] * cellSize);
}

/// What the cell under the cursor is, as its drawing names it.
function sayCursor() {
  const [r, c] = cursor;
  const rect = $("board").querySelector(`rect.cell[data-r="${r}"][data-c="${c}"]`);
  const what = rect ? [...rect.classList].filter((x) => x !== "cell").join(" ") : "";
  $("cursor-text").textContent = "Row " + (r + 1) + ", column " + (c + 1) + (what ? ": " + what : "") + ".";
}

function editKey(event) {
  if (mode !== "edit" || !draft || event.ctrlKey || event.metaKey || event.altKey) return;
  const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (steps[event.key]) {
    moveCursor(...steps[event.key]);
  } else if (event.key === "Enter" || event.key === " ") {
    // One key press is one step of the edit history, as a stroke is.
    const [r, c] = cursor;
    const before = JSON.stringify(draft);
    if (module().edit(draft, tools[kind.name], r, c, true)) {
      remember(before);
      boardChanged();
    }
  } else {
    return;
  }
  event.preventDefault();
  sayCursor();
}

/// After any change of the board: redraw, describe it again (its text and
/// link), forget the solution and the game of the old board.
function boardChanged(keepLink, known) {
  if (!keepLink) keepHash = false;
  epoch++;
  solution = null;
  game = null;
  stopAnimation();
  render(null);
  describe(known);
  if (mode !== "edit") setMode("edit");
}

/// Puts `board` (a draft or an /api/cases record) of puzzle `name` in the
/// editor; `known`: its description, when the server already gave it. The
/// board it replaces can be had back by undo, and by Back.
function setBoard(name, board, keepLink, known) {
  if (name !== (kind && kind.name)) switchPuzzle(name);
  else if (draft) remember(JSON.stringify(draft));
  pushNext = true;
  draft = module().adopt(board);
  $("width").value = draft.width;
  $("height").value = draft.height;
  boardChanged(keepLink, known);
}

function resize(w, h) {
  setBoard(kind.name, module().resize(draft, w, h));
}

function readSize() {
  const w = Number($("width").value), h = Number($("height").value);
  const max = catalog.max_side;
  if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1 || w > max || h > max) {
    say("The size must be whole numbers from 1 to " + max + ".", true);
    return null;
  }
  return [w, h];
}

function showTool() {
  const t = tools[kind.name];
  for (const button of document.querySelectorAll(".tool")) {
    button.classList.toggle("active", button.dataset.tool === t);
    button.setAttribute("aria-pressed", String(button.dataset.tool === t));
  }
  const found = module().tools.find((x) => x.id === t);
  $("tool-help").textContent = found ? found.help : "";
}

// ------------------------------------------------- the puzzle's controls

/// Makes `kind` the puzzle of the page: its menu entry, its settings
/// controls, its tools, its generator fields and its move buttons.
function switchPuzzle(name) {
  saveValues();
  if (kind && draft) drafts[kind.name] = draft;
  kind = kinds[name];
  $("puzzle").value = name;
  values[name] = values[name] || {};
  const saved = values[name];

  const settings = $("settings");
  settings.replaceChildren();
  for (const s of controls()) {
    const label = document.createElement("label");
    label.title = s.help;
    let input;
    if (s.choices.length) {
      input = document.createElement("select");
      for (const choice of s.choices) {
        const o = document.createElement("option");
        o.value = choice;
        o.textContent = choice + (choice === s.default ? " (judge)" : "");
        input.append(o);
      }
    } else {
      input = document.createElement("input");
      input.size = 5;
    }
    input.id = controlId(s.key);
    input.value = saved[s.key] !== undefined ? saved[s.key] : s.default;
    input.addEventListener("change", rulesChanged);
    label.append(labelOf(s.key) + " ", input);
    settings.append(label);
  }

  const params = $("gen-params");
  params.replaceChildren();
  const starts = module().params || {};
  for (const p of kind.params) {
    const label = document.createElement("label");
    label.title = p.help;
    const input = document.createElement("input");
    input.id = "gen-" + controlId(p.key);
    input.size = 4;
    input.placeholder = p.value_name;
    input.value = saved["gen:" + p.key] !== undefined ? saved["gen:" + p.key] : (p.default || starts[p.key] || "");
    label.append(labelOf(p.key) + " ", input);
    params.append(label);
  }
  $("gen-density").parentElement.title = "Percent of " + kind.density + "; empty for the generator's choice";

  tools[name] = tools[name] || module().tool || module().tools[0].id;
  $("tool-buttons").replaceChildren(...module().tools.map((t) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "tool";
    b.dataset.tool = t.id;
    b.title = t.help;
    b.textContent = t.label;
    b.addEventListener("click", () => { tools[kind.name] = t.id; showTool(); setMode("edit"); });
    return b;
  }));
  showTool();
  showHelp();
  showLevels();

  $("move-buttons").replaceChildren(...kind.move_set.map((m) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.move = m.letter;
    b.dataset.word = m.word;
    b.title = m.word;
    b.setAttribute("aria-label", m.word);
    b.textContent = MOVE_GLYPHS[m.word] || m.letter;
    b.addEventListener("click", () => playMove(m.letter));
    return b;
  }));
  moveKeys = {};
  for (const m of kind.move_set) {
    for (const key of MOVE_KEYS[m.word] || []) moveKeys[key] = m.letter;
    if (/^\d$/.test(m.letter)) moveKeys[m.letter] = m.letter;
  }
  const arrows = Object.keys(MOVE_KEYS).some((w) => kind.move_set.some((m) => m.word === w));
  $("play-help").textContent = arrows ? "Arrow keys or WASD move; " : "The buttons move; ";
  $("rules-panel").hidden = !kind.rules;
  $("rules").textContent = kind.rules || "";
  $("rules-keys").textContent = "Keys. Play: " + (arrows ? "arrow keys or WASD move" : "the buttons move") +
    ", U undo, Y redo, H hint, Backspace restart (U undoes it). Solve: ← → step, Space plays or pauses, " +
    "Home and End go to the first and last move. Edit: Ctrl+Z undo, Ctrl+Y redo.";
  showEditHistory();
}

/// Puts puzzle `name` on the page with the board it had when it was left
/// (or the last one this browser kept, or its first board).
async function choosePuzzle(name) {
  // The puzzle on the board already (a menu can say "changed" without a
  // change): its board stays as it is.
  if (kind && kind.name === name) return;
  if (drafts[name]) return setBoard(name, drafts[name]);
  const id = progress.boards[name];
  if (id) {
    try {
      // False: the board was changed while its ID was read; that board
      // stays, and so does its puzzle in the menu.
      if (!(await openId(id, true))) $("puzzle").value = kind.name;
      return;
    } catch (_) { /* an old ID this build no longer reads: the first board */ }
  }
  setBoard(name, kinds[name].board || modules[name].blank(6, 6));
}

/// The fields' explanations as text on the page (the same as their
/// tooltips, which a touch screen never shows).
function showHelp() {
  const list = (dl, entries) => $(dl).replaceChildren(...entries.flatMap(([term, help]) => {
    const dt = document.createElement("dt");
    dt.textContent = term;
    const dd = document.createElement("dd");
    dd.textContent = help;
    return [dt, dd];
  }));
  list("fields-list", [
    ...controls().map((s) => [labelOf(s.key), s.help]),
    ["Size", "Width × height, 1 to " + catalog.max_side + "."],
    ["Resize", $("resize").title + "."], ["Clear", $("clear").title + "."], ["Copy link", $("share").title + "."],
  ]);
  list("gen-list", [
    ["Size", "Width × height of the board to make, as WxH."],
    ["Answer", $("gen-answer").parentElement.title + "."],
    ...kind.params.map((p) => [labelOf(p.key), p.help]),
    ["Density %", $("gen-density").parentElement.title + "."],
    ["Seed", $("gen-seed").parentElement.title + "; the same seed makes the same board."],
  ]);
}

/// Keeps what the controls of the puzzle being left say.
function saveValues() {
  if (!kind) return;
  const saved = values[kind.name];
  for (const s of controls()) saved[s.key] = $(controlId(s.key)).value;
  for (const p of kind.params) saved["gen:" + p.key] = $("gen-" + controlId(p.key)).value;
}

/// A setting's key as its label: `max_throws` is "Max throws".
function labelOf(key) {
  const text = key.replace(/[_-]/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/// Another rule makes another puzzle: a solution or a game of the old one
/// no longer holds, so both start again once the board is described under
/// the new rules.
function rulesChanged() {
  describe();
  if (mode === "play") startPlay();
  else if (mode === "solve") solve();
}

// ------------------------------------------------------------ server calls

/// Counts the user's actions, and the one when the error on show was
/// said: an action begun after it that succeeds clears it, so a red
/// message never outlives the trouble it reported.
let actions = 0;
let errorAt = -1;
const actionStarted = () => ++actions;

function say(text, bad) {
  const p = $("message");
  p.classList.remove("clamp");
  p.textContent = text || "";
  p.classList.toggle("error", !!bad);
  if (bad) errorAt = ++actions;
}

/// An action begun at `since` succeeded: an older error is done with.
function succeeded(since) {
  if (since > errorAt && $("message").classList.contains("error")) say("");
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  let answer = null;
  try { answer = await response.json(); } catch (_) { /* not JSON */ }
  if (!response.ok) {
    throw new Error((answer && answer.error) || response.status + " " + response.statusText);
  }
  return answer;
}

/// A request about the described board.
function request(d, extra) {
  return { puzzle: d.puzzle, input: d.input, options: d.options, ...extra };
}

// ------------------------------------------------------- solve and watch it

/// The solved board: the request, its moves, the positions the server
/// drew so far (by move count), the frame shown.
let solution = null;
let timer = null;
/// Bumped by every new solve, game and board: an answer that comes back
/// for an older one is dropped instead of drawn over the present.
let epoch = 0;

/// The positions after `from` moves and on, as many as one answer holds.
function windowFrom(from, n) {
  return [from, Math.min(n, from + catalog.max_positions - 1)];
}

async function solve() {
  setMode("solve");
  stopAnimation();
  solution = null;
  const mine = ++epoch;
  const since = actionStarted();
  $("frame-caption").textContent = "";
  $("answer").textContent = "Solving…";
  animControls("not solved yet", true);
  try {
    const d = await current();
    if (mine !== epoch) return;
    if (d.lacks) {
      $("answer").textContent = d.lacks;
      animControls("the board is not finished");
      return;
    }
    const answer = await post("/api/solve", request(d, {}));
    if (mine !== epoch) return;
    const result = answer.results[0];
    if (!result) throw new Error("the board gave no case to solve");
    succeeded(since);
    // No state expanded: the solver's bounds decided the board before any
    // search (Holedox's upper-bound plan meeting its lower bound, or a
    // head that cannot reach the exit), which is a proof all the same.
    const ms = result.stats.millis.toFixed(1) + " ms";
    const took = result.stats.expanded === 0
      ? " (proved by the solver's bounds, without a search; " + ms + ")"
      : " (searched " + result.stats.expanded + " states in " + ms + ")";
    if (result.outcome === "solved") {
      const n = result.moves.length;
      const played = await post("/api/play", request(d, { moves: result.moves, positions: windowFrom(0, n) }));
      if (mine !== epoch) return;
      solution = { d, moves: played.moves, k: 0, positions: new Map() };
      keep(solution, 0, played.positions);
      $("answer").innerHTML = "";
      const count = document.createElement("strong");
      count.id = "move-count";
      count.textContent = words(result.answer);
      $("answer").append("Optimal: ", count, " — " + (result.moves || "already there") + took);
      frame(0, false);
    } else if (result.outcome === "unsolvable") {
      $("answer").textContent = "No solution (-1): no plan within the rules reaches the goal" + took + ".";
      render(null);
      animControls("there is no solution to play");
    } else {
      $("answer").textContent = "Not decided: " + result.reason + took + ". Nothing is claimed about this board.";
      render(null);
      animControls("the solver did not decide this board");
    }
  } catch (e) {
    if (mine !== epoch) return;
    solution = null;
    $("answer").textContent = "";
    animControls("nothing was solved");
    say(e.message, true);
  }
}

const ANIM_BUTTONS = ["anim-first", "anim-back", "anim-play", "anim-step", "anim-last"];

/// Enables the animation's buttons for the frame shown, or (`why`: there
/// is nothing to play) disables them all and says why, in their tooltips
/// and (unless `quiet`) under them.
function animControls(why, quiet) {
  const s = solution;
  for (const id of ANIM_BUTTONS) {
    const button = $(id);
    if (!button.dataset.title) button.dataset.title = button.title;
    const atStart = s && s.k === 0, atEnd = s && s.k >= s.moves.length;
    const off = !s || (atStart && /first|back/.test(id)) || (atEnd && /step|last/.test(id)) ||
      (id === "anim-play" && !s.moves.length);
    button.disabled = !!off;
    button.title = !s && why ? "Nothing to play: " + why : button.dataset.title;
  }
  if (!s && why && !quiet) $("frame-caption").textContent = "Nothing to play: " + why + ".";
}

function keep(s, from, positions) {
  positions.forEach((pos, i) => s.positions.set(from + i, pos));
}

/// Shows the position after `k` moves of the solution, asking the server
/// for it first if it is not in the window it drew.
function frame(k, slide) {
  if (!solution) return;
  const s = solution;
  const n = s.moves.length;
  s.k = Math.max(0, Math.min(n, k));
  const kk = s.k;
  $("frame-caption").textContent = "Move " + kk + " of " + n + (kk > 0 ? ": " + s.moves[kk - 1] : "") +
    (kk === n ? " — at the goal" : "");
  $("frame-caption").dataset.k = kk;
  animControls();
  const draw = (pos, glide) => { if (!glide) render(pos); else show(pos, true); };
  if (s.positions.has(kk)) return draw(s.positions.get(kk), slide);
  post("/api/play", request(s.d, { moves: s.moves, positions: windowFrom(kk, n) })).then((played) => {
    keep(s, kk, played.positions);
    if (solution === s && s.k === kk && s.positions.has(kk)) draw(s.positions.get(kk), false);
  }, (e) => { if (solution === s) say(e.message, true); });
}

/// One move forward or back, gliding either way.
function step(delta) {
  if (!solution) return;
  stopAnimation();
  frame(solution.k + delta, true);
}

/// The first (`end` false) or the last position, at once.
function jump(end) {
  if (!solution) return;
  stopAnimation();
  frame(end ? solution.moves.length : 0, false);
}

function togglePlay() {
  if (!solution) return;
  if (timer) return stopAnimation();
  if (solution.k >= solution.moves.length) frame(0, false);
  $("anim-play").textContent = "❚❚ Pause";
  const tick = () => {
    if (!solution || solution.k >= solution.moves.length) return stopAnimation();
    frame(solution.k + 1, true);
    timer = setTimeout(tick, slideTime() + 150);
  };
  timer = setTimeout(tick, 200);
}

function stopAnimation() {
  if (timer) clearTimeout(timer);
  timer = null;
  $("anim-play").textContent = "▶ Play";
  if (solution) animControls();
}

// ----------------------------------------------------------------- playing

/// The game: the moves played, the moves undone (for redo), the move count
/// last drawn, and the positions the server drew, by the moves that led
/// there (so undo needs no request).
let game = null;
let queue = Promise.resolve();
let moveKeys = {};

function startPlay() {
  setMode("play");
  const mine = ++epoch;
  $("hint-text").textContent = "";
  $("play-moves").textContent = "";
  $("win").hidden = true;
  // `restarted`: the moves a restart took back, for U to bring back.
  game = { epoch: mine, moves: "", redo: [], shown: -1, seen: new Map(), restarted: null };
  $("play-status").textContent = "starting…";
  showOptimum();
  findOptimum(game);
  enqueue(() => playTo("", false));
  $("board-wrap").focus();
  bringIntoView();
}

/// Asks the server for the optimum of the game's board, beside the game
/// (a move played meanwhile is not held up): the status shows it from
/// then on, and the win compares with it. `g.optimum`: a promise of the
/// fewest moves, or null (no solution, or not decided).
function findOptimum(g) {
  g.optimum = current().then(async (d) => {
    if (d.lacks) return null;
    if (solution && solution.d === d) return solution.moves.length;
    const answer = await post("/api/solve", request(d, {}));
    const result = answer.results[0];
    return result && result.outcome === "solved" ? result.answer : null;
  }).catch(() => null);
  g.optimum.then((n) => {
    g.optimumKnown = n;
    if (game === g) showOptimum();
  });
}

/// " · optimum N" after the move count, once the optimum is known.
function showOptimum() {
  const n = game && game.optimumKnown;
  $("play-optimum").textContent = Number.isInteger(n) ? " · optimum " + n : "";
}

/// On a small screen, scrolls the board panel up when the move buttons
/// under the board are out of sight, so the status, the board and the
/// buttons are seen together.
function bringIntoView() {
  const pad = $("move-buttons").getBoundingClientRect();
  if (pad.bottom > window.innerHeight) $("board-panel").scrollIntoView({ block: "start" });
}

/// Runs play jobs one after another; a failed one says why and does not
/// stop the ones after it.
function enqueue(job) {
  queue = queue.then(job).catch((e) => say(e.message, true));
}

function showGame(note) {
  // A position drawn: the last refusal, shown in red, is over.
  $("play-status").classList.remove("bad");
  const n = game.moves.length;
  $("play-moves").textContent = words(n);
  $("play-moves").dataset.n = n;
  showOptimum();
  // A hint is about one position: another position drops it.
  if (n !== game.shown) $("hint-text").textContent = "";
  // The first position of a game is drawn where it is: no glide from
  // whatever the board showed before (the end of a solution, say).
  const pos = game.seen.get(game.moves);
  if (game.shown < 0) render(pos);
  else show(pos, true);
  game.shown = n;
  markRefused(null);
  if (!game.won) $("win").hidden = true;
  if (note !== undefined) $("play-status").textContent = note;
}

/// Outlines the cell a refusal names ("row R, column C", 1-based as the
/// rules count), so the reason points at the board; null: none.
function markRefused(reason) {
  for (const old of document.querySelectorAll("#board .refused-cell")) old.remove();
  const at = reason && /row (\d+), column (\d+)/.exec(reason);
  if (!at) return;
  const r = Number(at[1]) - 1, c = Number(at[2]) - 1;
  if (r < 0 || c < 0 || r >= draft.height || c >= draft.width) return;
  const s = cellSize;
  const mark = el("rect", { x: c * s + 1.5, y: r * s + 1.5, width: s - 3, height: s - 3, class: "refused-cell", "data-r": r, "data-c": c }, $("board"));
  el("title", {}, mark).textContent = reason;
}

/// Asks the server to play `moves` from the start; keeps the answer when
/// no move is refused.
async function playTo(moves, hint) {
  const g = game;
  if (!g) return false;
  const since = actionStarted();
  try {
    if (hint) $("hint-text").textContent = "thinking…";
    const d = await current();
    if (game !== g || mode !== "play") return false;
    if (d.lacks) {
      $("play-status").textContent = d.lacks;
      if (hint) $("hint-text").textContent = "";
      return false;
    }
    const n = moves.length;
    const answer = await post("/api/play", request(d, { moves, hint, positions: [n, n] }));
    if (game !== g || mode !== "play") return false;
    if (answer.refused) {
      $("play-status").classList.add("bad");
      flashRefused();
      let why = "refused: " + answer.refused.reason;
      if (answer.refused.move !== moves.length) why = "move " + answer.refused.move + " " + why;
      $("play-status").textContent = why;
      markRefused(answer.refused.reason);
      if (hint) $("hint-text").textContent = "";
      return false;
    }
    succeeded(since);
    if (g.seen.size > 10000) g.seen.clear();
    g.seen.set(answer.moves, answer.positions[0]);
    g.moves = answer.moves;
    g.won = answer.won;
    let note = "your move";
    if (answer.won) note = "at the goal in " + words(answer.moves.length) + "!";
    else if (answer.stuck && !answer.moves.length) note = "stuck at the start: no move is legal here";
    else if (answer.stuck) note = "stuck: no move is legal here (undo with U)";
    showGame(note);
    if (answer.hint) showHint(answer.hint, answer.moves.length);
    if (answer.won) celebrate(g, d, answer.moves.length);
    return true;
  } catch (e) {
    if (game === g) {
      say(e.message, true);
      $("play-status").textContent = "no answer; see the message above";
      if (hint) $("hint-text").textContent = "";
    }
    return false;
  }
}

/// The hint for the position after `n` moves. A move is named by its word
/// and arrow, not its letter (U is also the undo key).
function showHint(h, n) {
  let text;
  if (h.outcome === "won") text = "Solved.";
  else if (h.outcome === "solved") text = "Best next move: " + moveName(h.next) + " — " + words(h.to_go) + " to go (exact).";
  else if (h.outcome === "unsolvable" && n === 0) text = "No solution from the start: the goal cannot be reached on this board (proved).";
  else if (h.outcome === "unsolvable") text = "The goal cannot be reached from here (proved); undo some moves.";
  else text = "Unknown: " + h.reason + ".";
  $("hint-text").textContent = text;
  $("hint-text").classList.toggle("bad", h.outcome === "unsolvable");
}

function moveName(letter) {
  const m = kind.move_set.find((x) => x.letter === letter);
  return m ? m.word + (MOVE_GLYPHS[m.word] ? " " + MOVE_GLYPHS[m.word] : "") : letter;
}

/// The win moment: the moves it took against the optimum (asked when the
/// game started), kept in the browser's progress.
async function celebrate(g, d, n) {
  const text = "Solved in " + words(n);
  $("win-text").textContent = text + "!";
  $("win").hidden = false;
  showNextLevel();
  // Asked at the start of the game; null: the win stands without it.
  const optimum = await g.optimum;
  if (game !== g || g.moves.length !== n) return;
  if (optimum !== null) {
    $("win-text").textContent = text + (n === optimum ? " — the optimum!" : " — the optimum is " + optimum + ".");
  }
  const old = progress.solved[d.id];
  if (!old || old.moves > n || (old.optimum == null && optimum !== null)) {
    delete progress.solved[d.id];
    progress.solved[d.id] = { puzzle: d.puzzle, moves: old ? Math.min(old.moves, n) : n, optimum };
    // The newest wins are kept; the list stays small enough to show.
    const ids = Object.keys(progress.solved);
    for (const id of ids.slice(0, Math.max(0, ids.length - 100))) delete progress.solved[id];
    saveProgress();
  }
  showProgress();
}

/// "Next level": the next case of the judge input read, if there is one;
/// else a new board from the Generate panel's settings.
function showNextLevel() {
  const next = nextCase();
  $("next-level").hidden = false;
  $("next-level").textContent = next ? "Next level: case " + next.case + " →"
    : "Next level: a new " + (lastDifficulty ? lastDifficulty.name.toLowerCase() + " " : "") + "board →";
}

function nextCase() {
  if (!readCases || readCases.puzzle !== kind.name) return null;
  const at = Number($("case").value);
  return readCases.cases.find((c) => c.case > at && !c.too_large) || null;
}

/// Plays the move with letter `letter`.
function playMove(letter) {
  const g = game;
  if (!g) return false;
  enqueue(async () => {
    if (game !== g) return;
    const redo = g.redo;
    if (await playTo(g.moves + letter, false)) {
      g.redo = redo[redo.length - 1] === letter ? redo.slice(0, -1) : [];
      g.restarted = null;
    }
  });
  return true;
}

function playKey(key) {
  const g = game;
  if (!g) return false;
  if (moveKeys[key]) return playMove(moveKeys[key]);
  let job = null;
  if (key === "u" || key === "U" || key === "z") {
    job = async () => {
      if (!g.moves.length) {
        // Undo of a restart: the game as it was before.
        const was = g.restarted;
        if (was && await playTo(was.moves, false)) {
          g.redo = was.redo;
          g.restarted = null;
          $("play-status").textContent = "restart undone";
        }
        return;
      }
      const back = g.moves.slice(0, -1);
      const undone = g.moves[g.moves.length - 1];
      if (g.seen.has(back)) {
        // The position before is known: undo is local.
        g.moves = back;
        g.won = false;
        g.redo.push(undone);
        showGame("took back a move");
      } else if (await playTo(back, false)) {
        g.redo.push(undone);
        $("play-status").textContent = "took back a move";
      }
    };
  } else if (key === "y" || key === "Y") {
    job = async () => {
      const letter = g.redo[g.redo.length - 1];
      if (!letter) return;
      if (await playTo(g.moves + letter, false)) g.redo.pop();
    };
  } else if (key === "h" || key === "H") {
    job = async () => { await playTo(g.moves, true); };
  } else if (key === "Backspace") {
    job = async () => {
      if (!g.moves.length) return;
      const was = { moves: g.moves, redo: g.redo };
      if (await playTo("", false)) {
        g.redo = [];
        g.restarted = was;
        $("play-status").textContent = "restarted: U undoes the restart";
      }
    };
  }
  if (!job) return false;
  // Jobs of a game that has ended since do nothing.
  enqueue(async () => { if (game === g) await job(); });
  return true;
}

/// A swipe on the board plays the move of its direction; a tap on a cell
/// in line with the piece (the module's `mover`) plays the move toward
/// it. Play mode only: the editor keeps its drag to paint.
let swipe = null;

function onPlayPointer(event) {
  if (mode !== "play" || !game) return;
  if (event.type === "pointerdown") {
    swipe = { id: event.pointerId, x: event.clientX, y: event.clientY };
    event.preventDefault();
    return;
  }
  if (!swipe || swipe.id !== event.pointerId) return;
  const start = swipe;
  swipe = null;
  if (event.type === "pointercancel") return;
  const dx = event.clientX - start.x, dy = event.clientY - start.y;
  let word = null;
  if (Math.max(Math.abs(dx), Math.abs(dy)) >= Math.max(16, cellSize * 0.4)) {
    word = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "right" : "left") : (dy > 0 ? "down" : "up");
  } else {
    const at = cellAt(event);
    const piece = module().mover && module().mover(draft, game.seen.get(game.moves) || null);
    if (!at || !piece) return;
    const [r, c] = at;
    if (r === piece[0] && c !== piece[1]) word = c > piece[1] ? "right" : "left";
    else if (c === piece[1] && r !== piece[0]) word = r > piece[0] ? "down" : "up";
  }
  const move = word && kind.move_set.find((m) => m.word === word);
  if (move) playMove(move.letter);
}

/// Shows that a move was refused: the board shakes once (or its edge
/// flashes, for a reader who asked for less motion).
function flashRefused() {
  const wrap = $("board-wrap");
  wrap.classList.remove("refused");
  void wrap.offsetWidth;
  wrap.classList.add("refused");
  clearTimeout(flashRefused.timer);
  flashRefused.timer = setTimeout(() => wrap.classList.remove("refused"), 400);
}

// ------------------------------------------------------------------- modes

function setMode(m) {
  // Answers on their way for the mode being left are not for this one.
  if (m !== mode) epoch++;
  if (m !== "play") game = null;
  mode = m;
  for (const name of ["edit", "solve", "play"]) document.body.classList.toggle("mode-" + name, name === m);
  for (const tab of document.querySelectorAll(".tab")) {
    tab.classList.toggle("active", tab.dataset.mode === m);
    tab.setAttribute("aria-selected", String(tab.dataset.mode === m));
  }
  if (m !== "solve") stopAnimation();
  if (m === "edit") render(null);
}

// --------------------------------------------------- judge input and cases

let readCases = null;

async function readInput() {
  const puzzle = kind.name;
  // The request is the text as a JSON string: what the server's 1 MB cap
  // counts (escaped newlines included).
  if (new TextEncoder().encode(JSON.stringify($("input").value)).length > (1 << 20) - 100) {
    return say("This input is larger than the server's 1 MB request limit; use the command line.", true);
  }
  try {
    // The judge's rules: a case read is the case the judge means.
    const input = $("input").value;
    const answer = await post("/api/cases", { puzzle, input });
    showCases(puzzle, answer.cases);
    const found = answer.cases.length + " case" + (answer.cases.length === 1 ? "" : "s");
    if (answer.error) {
      say(found + " read; then: " + answer.error, true);
      if (!answer.cases.length) await suggestPuzzle(puzzle, input);
    } else {
      say(found + " read.");
    }
    const first = answer.cases.find((c) => !c.too_large);
    if (first) openCase(first.case);
  } catch (e) {
    say(e.message, true);
    await suggestPuzzle(kind.name, $("input").value);
  }
}

/// The cases of a judge input of `puzzle` as the case menu.
function showCases(puzzle, cases) {
  readCases = { puzzle, cases };
  $("case").replaceChildren(...cases.map((rec) => {
    const o = document.createElement("option");
    o.value = rec.case;
    o.textContent = rec.case + ": " + rec.width + "×" + rec.height + (rec.too_large ? " (too large to edit)" : "");
    return o;
  }));
}

/// A text that `puzzle` cannot read may be another puzzle's input: when
/// another listed puzzle reads it cleanly, the message offers to switch.
async function suggestPuzzle(puzzle, input) {
  const shown = $("message").textContent;
  for (const other of catalog.puzzles) {
    if (other.name === puzzle) continue;
    let answer;
    try {
      answer = await post("/api/cases", { puzzle: other.name, input });
    } catch (_) {
      continue;
    }
    if (!answer.cases.length || answer.error) continue;
    // Another message since (another action) is not to be added to.
    if ($("message").textContent !== shown) return;
    const button = document.createElement("button");
    button.type = "button";
    button.id = "switch-puzzle";
    button.textContent = "Switch to " + other.title;
    button.addEventListener("click", async () => {
      await choosePuzzle(other.name);
      readInput();
    });
    $("message").append("\nThis looks like a " + other.title + " input — switch? ", button);
    return;
  }
}

function openCase(n) {
  if (!readCases) return;
  const rec = readCases.cases.find((c) => c.case === Number(n));
  if (!rec) return;
  const max = catalog.max_side;
  if (rec.too_large || rec.width > max || rec.height > max) {
    say("Case " + n + " is " + rec.width + "×" + rec.height + ": the page edits boards up to " + max + " on a side; use the command line.", true);
    return;
  }
  $("case").value = String(n);
  setBoard(readCases.puzzle, rec);
}

// ---------------------------------------------------------------- generate

/// The board a difficulty of the Levels panel asked for last (null: the
/// Generate panel's): what "Next level" makes another of.
let lastDifficulty = null;

/// Makes a board from the Generate panel's fields, or (`preset`, a
/// difficulty of the catalog) from the difficulty's size, answer range
/// and parameters, and opens it; true when it did.
async function generate(preset) {
  const puzzle = kind.name;
  if (preset && !kind.difficulties.includes(preset)) preset = null;
  lastDifficulty = preset || null;
  const body = preset ? { puzzle, size: preset.size, count: 1, answer: preset.answer }
    : { puzzle, size: $("gen-size").value.trim(), count: 1, answer: $("gen-answer").value.trim() || null };
  const density = preset ? "" : $("gen-density").value.trim();
  const seed = preset ? "" : $("gen-seed").value.trim();
  if (density && !/^\d+$/.test(density)) return say("The density is a whole percentage, 0 to 100, or empty.", true);
  if (seed && !/^\d+$/.test(seed)) return say("The seed is a whole number, or empty for a new one.", true);
  if (density) body.density = Number(density);
  // As text: a seed past 2^53 would lose digits as a JavaScript number.
  if (seed) body.seed = seed;
  // The rules of the controls, and the generator's own fields.
  for (const [key, value] of Object.entries(controlOptions())) body[key] = jsonValue(value);
  for (const p of kind.params) {
    const value = preset ? preset.params[p.key] : $("gen-" + controlId(p.key)).value.trim();
    if (value) body[p.key] = jsonValue(value);
  }
  const buttons = [$("generate"), ...document.querySelectorAll("[data-difficulty]")];
  for (const b of buttons) b.disabled = true;
  say(preset ? "Making a " + preset.name.toLowerCase() + " board…" : "Generating…");
  try {
    const made = await post("/api/generate", body);
    if (!made.cases.length) throw new Error(made.reason || "no puzzle was made");
    const first = made.cases[0];
    const answer = await post("/api/cases", { puzzle, input: first.input });
    // The case menu is the generated input's, not the one read before.
    showCases(puzzle, answer.cases);
    setBoard(puzzle, answer.cases[0]);
    $("input").value = first.input;
    // The link is the new board's before the page says it is there.
    await current().catch(() => {});
    // A -1 board has nothing to play to the goal: Solve shows the proof.
    const optimum = first.answer < 0 ? "no solution (-1); Solve proves it"
      : "optimum " + words(first.answer) + ", " + first.difficulty.optimal_first_moves + " optimal first move(s). Solve it, or play it";
    say((preset ? preset.name + " board" : "Generated") + " (seed " + (seed || made.seed) + "): " + optimum + ".");
    return true;
  } catch (e) {
    say(e.message, true);
    return false;
  } finally {
    for (const b of buttons) b.disabled = false;
  }
}

// ------------------------------------------------------------------ levels

/// The sizes of the preset menu, as far as the server's bound allows.
const PRESET_SIDES = [6, 8, 10, 15, 20];

function showPresets() {
  const none = Object.assign(document.createElement("option"), { value: "", textContent: "Preset…" });
  $("size-preset").replaceChildren(none, ...PRESET_SIDES.filter((n) => n <= catalog.max_side).map((n) =>
    Object.assign(document.createElement("option"), { value: n + "x" + n, textContent: n + "×" + n })));
}

/// Resizes the board to the preset chosen, as Resize does (undoable).
function choosePreset() {
  const [w, h] = $("size-preset").value.split("x").map(Number);
  $("size-preset").value = "";
  if (!w || !h) return;
  resize(w, h);
  say("Resized to " + w + "×" + h + " (Undo edit takes it back).");
}

/// The Levels panel of the puzzle on the page: a button for each
/// difficulty of new board, and a button for each board of each set.
function showLevels() {
  $("difficulty-buttons").replaceChildren(...kind.difficulties.map((d) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.difficulty = d.name;
    b.textContent = d.name;
    b.title = "A new " + d.size.replace("x", "×") + " board whose optimum is " + d.answer.replace("..", " to ") + " " + kind.moves;
    b.addEventListener("click", async () => { if (await generate(d)) startPlay(); });
    return b;
  }));
  $("level-sets").replaceChildren(...kind.levels.flatMap((set, i) => {
    const h = document.createElement("h3");
    h.textContent = set.name;
    h.id = "level-set-" + i;
    const list = document.createElement("ul");
    list.className = "levels";
    list.setAttribute("aria-labelledby", h.id);
    list.append(...set.levels.map((level) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.level = i + ":" + level.case;
      b.dataset.id = level.id;
      b.addEventListener("click", () => openLevel(set, level));
      const li = document.createElement("li");
      li.append(b);
      return li;
    }));
    return [h, list];
  }));
  markLevels();
}

/// Writes each level's button: its case, size and optimum, and a check
/// when this browser has won it.
function markLevels() {
  if (!kind) return;
  for (const b of document.querySelectorAll("[data-level]")) {
    const [i, n] = b.dataset.level.split(":").map(Number);
    const set = kind.levels[i];
    const level = set && set.levels.find((l) => l.case === n);
    if (!level) continue;
    const won = progress.solved[level.id];
    const optimum = level.answer < 0 ? "no solution" : words(level.answer);
    b.textContent = n + ". " + level.width + "×" + level.height + " · " + optimum;
    b.classList.toggle("won", !!won);
    b.title = won ? "Won in " + wonText(won) : "Not won yet";
    if (won) {
      const mark = document.createElement("span");
      mark.className = "mark";
      mark.textContent = " ✓";
      mark.setAttribute("aria-label", ", won");
      b.append(mark);
    }
  }
}

/// Opens a level: the set's input is read as any judge input (so Next
/// level walks the set), and the level's case is played.
async function openLevel(set, level) {
  const puzzle = kind.name;
  try {
    const answer = await post("/api/cases", { puzzle, input: set.input });
    if (kind.name !== puzzle) return;
    showCases(puzzle, answer.cases);
    $("input").value = set.input;
    openCase(level.case);
    lastDifficulty = null;
    if (level.answer < 0) {
      say(set.name + ", case " + level.case + ": no solution (-1); Solve proves it.");
      return;
    }
    say(set.name + ", case " + level.case + ": optimum " + words(level.answer) + ".");
    startPlay();
  } catch (e) {
    say(e.message, true);
  }
}

// ------------------------------------------------------------------ wiring

function wire() {
  const svg = $("board");
  svg.addEventListener("pointerdown", onPointer);
  svg.addEventListener("pointermove", onPointer);
  svg.addEventListener("pointerup", () => { dragging = false; });
  // The cell under the pointer, numbered as the rules' messages number it.
  svg.addEventListener("pointermove", (event) => {
    const at = draft && cellAt(event);
    $("board-wrap").title = at ? "row " + (at[0] + 1) + ", column " + (at[1] + 1) : "";
  });
  svg.addEventListener("pointercancel", () => { dragging = false; });
  for (const type of ["pointerdown", "pointerup", "pointercancel"]) svg.addEventListener(type, onPlayPointer);
  $("board-wrap").addEventListener("keydown", editKey);

  $("puzzle").addEventListener("change", () => choosePuzzle($("puzzle").value));
  $("edit-undo").addEventListener("click", () => undoEdit(true));
  $("edit-redo").addEventListener("click", () => undoEdit(false));
  $("resize").addEventListener("click", () => { const s = readSize(); if (s) resize(s[0], s[1]); });
  $("clear").addEventListener("click", () => { const s = readSize(); if (s) setBoard(kind.name, module().blank(s[0], s[1])); });
  $("share").addEventListener("click", async () => {
    keepHash = false;
    updateUrl();
    const d = await current().catch(() => null);
    if (!d) return;
    updateUrl();
    try {
      await navigator.clipboard.writeText(location.href);
      say("Link copied: " + location.href);
    } catch (_) {
      say("The link to this board: " + location.href);
    }
    // A big board's link is long: a few lines of it, the whole in the
    // address bar.
    $("message").classList.add("clamp");
  });
  for (const tab of document.querySelectorAll(".tab")) {
    tab.addEventListener("click", () => {
      // Solve's keys go to the board, as Play's do: Space on the Solve
      // tab, still focused after the click, would solve again instead of
      // playing the answer.
      if (tab.dataset.mode === "solve") {
        solve();
        $("board-wrap").focus();
      } else if (tab.dataset.mode === "play") startPlay();
      else setMode("edit");
    });
  }
  $("anim-first").addEventListener("click", () => jump(false));
  $("anim-back").addEventListener("click", () => step(-1));
  $("anim-step").addEventListener("click", () => step(1));
  $("anim-last").addEventListener("click", () => jump(true));
  $("anim-play").addEventListener("click", togglePlay);
  $("next-level").addEventListener("click", async () => {
    const next = nextCase();
    if (next) openCase(next.case);
    else if (!(await generate(lastDifficulty))) return;
    startPlay();
  });
  for (const button of document.querySelectorAll("[data-key]")) {
    button.addEventListener("click", () => playKey(button.dataset.key));
  }
  document.addEventListener("keydown", (event) => {
    // Text fields keep their own keys (and their own undo).
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) return;
    if (event.altKey) return;
    if (mode === "edit" && (event.ctrlKey || event.metaKey)) {
      const key = event.key.toLowerCase();
      const done = key === "z" ? undoEdit(!event.shiftKey) : key === "y" ? undoEdit(false) : null;
      if (done !== null) event.preventDefault();
      return;
    }
    if (event.ctrlKey || event.metaKey) return;
    if (mode === "play" && playKey(event.key)) event.preventDefault();
    if (mode === "solve" && solveKey(event)) event.preventDefault();
  });
  $("sample").addEventListener("click", () => { $("input").value = kind.samples; readInput(); });
  $("read").addEventListener("click", readInput);
  $("file").addEventListener("change", async () => {
    const file = $("file").files[0];
    if (!file) return;
    if (file.size > 1 << 20) {
      $("file").value = "";
      return say("The file is larger than the server's 1 MB request limit; use the command line.", true);
    }
    $("input").value = await file.text();
    // The same file chosen again is a change again.
    $("file").value = "";
    readInput();
  });
  $("case").addEventListener("change", () => openCase($("case").value));
  $("open-case").addEventListener("click", () => openCase($("case").value));
  $("export").addEventListener("click", async () => {
    try {
      $("input").value = (await current()).input;
      say("The board as a judge input is in the box.");
    } catch (e) {
      say(e.message, true);
    }
  });
  $("generate").addEventListener("click", () => generate(null));
  $("size-preset").addEventListener("change", choosePreset);
  // A link typed in the address bar, or Back and Forward through boards.
  const followHash = () => {
    const id = described && described.value && described.value.id;
    if (location.hash !== "#" + id && location.hash !== loadingHash) loadFromHash();
  };
  window.addEventListener("hashchange", followHash);
  window.addEventListener("popstate", followHash);
  // A new window size (a phone turned, a window dragged) fits the board
  // again, in every mode.
  new ResizeObserver(() => requestAnimationFrame(refit)).observe($("board-box"));
  window.addEventListener("resize", refit);
}

/// The keys of Solve mode: ← → step, Space plays or pauses, Home and End
/// go to the first and last position. True when the key was one of them.
function solveKey(event) {
  const key = event.key;
  // Space or Enter on a focused button presses that button.
  if (event.target.tagName === "BUTTON" && (key === " " || key === "Enter")) return false;
  if (key === "ArrowRight") step(1);
  else if (key === "ArrowLeft") step(-1);
  else if (key === " ") togglePlay();
  else if (key === "Home") jump(false);
  else if (key === "End") jump(true);
  else return false;
  return true;
}

/// Loads the drawing module of each puzzle (a script of this server).
function loadModules() {
  return Promise.all(catalog.puzzles.map((p) => new Promise((done, fail) => {
    const script = document.createElement("script");
    script.src = p.script;
    script.onload = done;
    script.onerror = () => fail(new Error("the drawing module of " + p.name + " did not load"));
    document.head.append(script);
  })));
}

/// Opens the board this browser had last, when there is no link: a
/// returning player finds it as it was left.
async function openLast() {
  const id = progress.last && kinds[progress.last] && progress.boards[progress.last];
  if (!id || location.hash.length > 1) return false;
  try {
    if (!(await openId(id, false))) return false;
    say("Welcome back: the board you left.");
    return true;
  } catch (_) {
    return false;
  }
}

async function start() {
  wire();
  try {
    const response = await fetch("/api/puzzles");
    catalog = await response.json();
    catalog.puzzles = catalog.puzzles.filter((p) => p.script);
    await loadModules();
    for (const p of catalog.puzzles) {
      kinds[p.name] = p;
      const css = modules[p.name].css;
      // A constructed sheet, not a <style> element: the server's
      // Content-Security-Policy (style-src 'self') refuses inline styles.
      if (css) {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      $("puzzle").append(Object.assign(document.createElement("option"), { value: p.name, textContent: p.title }));
    }
    $("titles").textContent = catalog.puzzles.map((p) => p.title).join(" and ");
    $("width").max = $("height").max = catalog.max_side;
    showPresets();
    loadProgress();
    if (!(await loadFromHash()) && !(await openLast())) {
      const first = catalog.puzzles[0];
      setBoard(first.name, first.board || modules[first.name].blank(6, 6), true);
    }
    showProgress();
    setMode("edit");
    await current().catch(() => {});
  } catch (e) {
    say(e.message, true);
  }
  // The page is drawn and its link read (what the browser test waits for).
  document.body.dataset.ready = "1";
}

start();
