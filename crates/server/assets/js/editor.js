// editor.js: the puzzle on the page and the board being edited: the
// puzzle's controls, the editor's tools, pointer and keyboard, the edit
// history, and opening a board (a link's, a kept one, another puzzle's).
//
// Why it is shaped so: every board that comes to the page, whatever
// brings it (an edit, a case, a generated board, a link, another puzzle),
// goes through `setBoard` and `boardChanged`, which end the work on the
// old board (its solution, its game, with their requests: endWork in
// state.js), draw the new one, have it described, and open it in the
// mode asked for. Only the Edit tab (or a link's `?mode=edit`) enters the
// editor: a board put on the page keeps the mode the page is in, or the
// one its caller names (a level opens in Play). Each puzzle's draft,
// settings, tool and edit history are kept while the page is open, so
// switching puzzles and back loses nothing.
//
// A stroke of the pointer paints only the cells it changes (board.js
// `paintDraft`), at once, and the board is described when the stroke
// ends: a 100×100 board paints as fast as a small one.

import { abort, begin, isAbort } from "./api.js";
import { $, defineMode, endWork, quiet, report, say, setMode, startMode, state, tell } from "./state.js";
import {
  adopt, blank, cellAt, cursor, edit, firstTool, moveCursor, paintDraft, putCursor, render,
  resized, sayCursor, tools,
} from "./board.js";
import {
  controlId, controls, copyText, current, describe, entryMode, freeLink, keepBadLink, labelOf, pushNextLink, updateUrl,
} from "./link.js";

defineMode("edit", {
  start: () => setMode("edit"),
  enter: () => render(null),
});

/// What is kept of puzzle `name` while the page is open.
function kept(name) {
  if (!state.kept[name]) state.kept[name] = { tool: null, values: {}, draft: null, undo: [], redo: [] };
  return state.kept[name];
}

const mine = () => kept(state.kind.name);

// ------------------------------------------------------------ the board

/// Puts `board` (a draft or an /api/cases record) of puzzle `name` on the
/// page. `opts`: `known`, its description when the server already gave
/// it; `keepLink`, the address bar keeps a link that could not be read;
/// `mode`, the mode to open it in (see `openIn`). The board it replaces
/// can be had back by undo, and by Back.
export function setBoard(name, board, opts) {
  const o = opts || {};
  if (name !== (state.kind && state.kind.name)) switchPuzzle(name);
  else if (state.draft) remember(JSON.stringify(state.draft));
  pushNextLink(true);
  // What was said about the board before is not about this one.
  quiet();
  state.draft = adopt(board);
  $("width").value = state.draft.width;
  $("height").value = state.draft.height;
  boardChanged(o.keepLink, o.known, o.mode);
}

/// After any change of the board: the work on the old board ends, the new
/// one is drawn and described again (its text and link), and opened in
/// `mode` (see `openIn`).
function boardChanged(keepLink, known, mode) {
  if (!keepLink) freeLink();
  endWork();
  render(null);
  describe(known);
  openIn(mode);
}

/// Opens the board on the page in mode `mode`: undefined keeps the mode
/// the page is in (its work begun afresh on this board: a game, kept or
/// new, in Play), null leaves it to the caller, who opens it next.
function openIn(mode) {
  if (mode === null) return;
  const m = mode || state.mode;
  if (m === "edit") setMode("edit");
  else startMode(m);
}

export function resize(w, h) {
  setBoard(state.kind.name, resized(state.draft, w, h));
}

function readSize() {
  const w = Number($("width").value), h = Number($("height").value);
  const max = state.catalog.max_side;
  if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1 || w > max || h > max) {
    say("The size must be whole numbers from 1 to " + max + ".", true);
    return null;
  }
  return [w, h];
}

// ------------------------------------------------------------ editing

function onPointer(event) {
  if (state.mode !== "edit") return;
  const first = event.type === "pointerdown";
  if (first) {
    endStroke();
    state.stroke = { last: null, before: JSON.stringify(state.draft), changed: false };
    $("board").setPointerCapture(event.pointerId);
  } else if (!state.stroke) {
    return;
  }
  event.preventDefault();
  const stroke = state.stroke;
  const cell = cellAt(event);
  if (!cell) {
    // Off the board: a stroke that comes back starts afresh there.
    stroke.last = null;
    return;
  }
  // The keyboard cursor goes where the pointer pressed, so the keys go on
  // from there (and its outline is not left on a cell not worked on).
  if (first) putCursor(cell);
  // A fast drag skips cells between two events: walk them one by one
  // (rows first, then columns), so a stroke has no gaps and a snake
  // grows a segment at a time.
  const path = [];
  if (!stroke.last) path.push(cell);
  else {
    let [r, c] = stroke.last;
    while (r !== cell[0] || c !== cell[1]) {
      if (r !== cell[0]) r += Math.sign(cell[0] - r);
      else c += Math.sign(cell[1] - c);
      path.push([r, c]);
    }
  }
  const changed = [];
  for (const [r, c] of path) if (edit(state.draft, mine().tool, r, c, first)) changed.push([r, c]);
  stroke.last = cell;
  if (changed.length) {
    // One stroke is one step of the edit history.
    if (stroke.before !== null) {
      remember(stroke.before);
      // The board is another: what was worked out on the one before
      // (a solution) ends now, once a stroke.
      freeLink();
      endWork();
    }
    stroke.before = null;
    stroke.changed = true;
    // Only the cells changed are drawn again; the server describes the
    // board once the stroke ends.
    paintDraft(changed);
  }
}

/// The end of a stroke: a board it changed is described (its text, its
/// link), once.
function endStroke() {
  const stroke = state.stroke;
  state.stroke = null;
  if (stroke && stroke.changed) {
    paintDraft([]);
    describe();
  }
}

/// The arrow keys move the cursor over the focused board, Enter or Space
/// applies the tool there.
function editKey(event) {
  if (state.mode !== "edit" || !state.draft || event.ctrlKey || event.metaKey || event.altKey) return;
  const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (steps[event.key]) {
    moveCursor(...steps[event.key]);
  } else if (event.key === "Enter" || event.key === " ") {
    // One key press is one step of the edit history, as a stroke is.
    const [r, c] = cursor();
    const before = JSON.stringify(state.draft);
    if (edit(state.draft, mine().tool, r, c, true)) {
      remember(before);
      freeLink();
      endWork();
      paintDraft([[r, c]]);
      paintDraft([]);
      describe();
    }
  } else {
    return;
  }
  event.preventDefault();
  sayCursor();
}

function showTool() {
  const t = mine().tool;
  for (const button of document.querySelectorAll(".tool")) {
    button.classList.toggle("active", button.dataset.tool === t);
    button.setAttribute("aria-pressed", String(button.dataset.tool === t));
  }
  const found = tools().find((x) => x.id === t);
  $("tool-help").textContent = found ? forTouch(found.help) : "";
}

/// A finger taps: the catalog's help says "click", which a touch screen
/// says "tap" (the words of the screen in the player's hand).
const coarse = window.matchMedia("(pointer: coarse)");
function forTouch(text) {
  return coarse.matches ? text.replace(/\bClick\b/g, "Tap").replace(/\bclick\b/g, "tap") : text;
}

// ------------------------------------------------------- edit history

/// Keeps `before` (a draft as JSON) as the state an undo returns to.
function remember(before) {
  const h = mine();
  if (h.undo[h.undo.length - 1] === before) return;
  h.undo.push(before);
  if (h.undo.length > 200) h.undo.shift();
  h.redo = [];
  showEditHistory();
}

/// Undoes (`back`) or redoes the last edit of this puzzle's board.
function undoEdit(back) {
  const h = mine();
  const from = back ? h.undo : h.redo;
  const to = back ? h.redo : h.undo;
  if (!from.length) return false;
  to.push(JSON.stringify(state.draft));
  state.draft = adopt(JSON.parse(from.pop()));
  $("width").value = state.draft.width;
  $("height").value = state.draft.height;
  boardChanged();
  showEditHistory();
  say(back ? "Undid an edit (Ctrl+Y redoes it)." : "Redid an edit.");
  return true;
}

function showEditHistory() {
  const h = mine();
  $("edit-undo").disabled = !h.undo.length;
  $("edit-redo").disabled = !h.redo.length;
}

/// Ctrl+Z (Ctrl+Shift+Z redoes) and Ctrl+Y in Edit mode; whether the key
/// was one of them.
export function historyKey(event) {
  const key = event.key.toLowerCase();
  const done = key === "z" ? undoEdit(!event.shiftKey) : key === "y" ? undoEdit(false) : null;
  return done !== null;
}

// ------------------------------------------------ the puzzle's controls

/// Makes `name` the puzzle of the page: its menu entry, its settings
/// controls, its generator fields and its tools (and, through the
/// "puzzle" event, its levels and its moves).
function switchPuzzle(name) {
  saveValues();
  if (state.kind && state.draft) mine().draft = state.draft;
  // A judge input being read for the puzzle left is not opened on this.
  abort("cases");
  state.kind = state.kinds[name];
  $("puzzle").value = name;
  const saved = mine().values;

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
        o.textContent = choice + (choice === s.default ? " (contest rule)" : "");
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
  for (const p of state.kind.params) {
    const label = document.createElement("label");
    label.title = p.help;
    const input = document.createElement("input");
    input.id = "gen-" + controlId(p.key);
    input.size = 4;
    input.placeholder = p.value_name;
    input.value = saved["gen:" + p.key] !== undefined ? saved["gen:" + p.key] : (p.default || p.start || "");
    label.append(labelOf(p.key) + " ", input);
    params.append(label);
  }
  $("gen-density").parentElement.title = "Percent of " + state.kind.density + "; empty for the generator's choice";

  if (!mine().tool) mine().tool = firstTool();
  $("tool-buttons").replaceChildren(...tools().map((t) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "tool";
    b.dataset.tool = t.id;
    b.title = forTouch(t.help);
    b.textContent = t.label;
    b.addEventListener("click", () => { mine().tool = t.id; showTool(); setMode("edit"); });
    return b;
  }));
  showTool();
  showHelp();
  tell("puzzle");
  showEditHistory();
}

/// Opens the first level of a puzzle (levels.js, through main.js: a
/// module below this one), in the mode given; true when it did, null when
/// a newer board came first.
let firstLevel = null;
export function onFirstLevel(fn) {
  firstLevel = fn;
}

/// Puts puzzle `name` on the page with the board it had when it was left
/// (or the last one this browser kept, or its first level), in the mode
/// the page is in: the editor stays the editor, and any other mode opens
/// the board in Play, with its game as it was left.
export async function choosePuzzle(name) {
  // The puzzle on the board already (a menu can say "changed" without a
  // change): its board stays as it is.
  if (state.kind && state.kind.name === name) return;
  const mode = state.mode === "edit" ? "edit" : "play";
  const left = state.kept[name] && state.kept[name].draft;
  if (left) return setBoard(name, left, { mode });
  const id = state.progress.boards[name];
  if (id) {
    try {
      await openId(id, true, mode);
      return;
    } catch (e) {
      // Aborted: the board was changed while its ID was read; that board
      // stays, and so does its puzzle in the menu.
      if (isAbort(e)) {
        $("puzzle").value = state.kind.name;
        return;
      }
      // Else an old ID this build no longer reads: the first board.
    }
  }
  if (mode !== "edit" && firstLevel) {
    const opened = await firstLevel(name, mode);
    if (opened) return;
    // A newer board came first: it stays, and so does its puzzle in the
    // menu.
    if (opened === null) {
      $("puzzle").value = state.kind.name;
      return;
    }
  }
  setBoard(name, state.kinds[name].board || blank(name, 6, 6), { mode });
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
    ["Size", "Width × height, 1 to " + state.catalog.max_side + "."],
    ["Resize", $("resize").title + "."], ["Clear", $("clear").title + "."], ["Copy link", $("share").title + "."],
  ]);
  list("gen-list", [
    ["Size", "Width × height of the board to make, as WxH."],
    ["Answer", $("gen-answer").parentElement.title + "."],
    ...state.kind.params.map((p) => [labelOf(p.key), p.help]),
    ["Density %", $("gen-density").parentElement.title + "."],
    ["Seed", $("gen-seed").parentElement.title + "; the same seed makes the same board."],
  ]);
}

/// Keeps what the controls of the puzzle being left say.
function saveValues() {
  if (!state.kind) return;
  const saved = mine().values;
  for (const s of controls()) saved[s.key] = $(controlId(s.key)).value;
  for (const p of state.kind.params) saved["gen:" + p.key] = $("gen-" + controlId(p.key)).value;
}


/// Another rule makes another puzzle: a solution or a game of the old one
/// no longer holds, so both start again once the board is described under
/// the new rules.
function rulesChanged() {
  describe();
  if (state.mode !== "edit") startMode(state.mode);
}

// ---------------------------------------------------- opening a board

/// Opens the board of game ID `id` (with its settings) in the editor;
/// throws when it cannot be read, and an AbortError when another board was
/// opened or the board was changed while the server read the ID (an answer
/// that comes late must not put an old board over the user's newer work).
/// `push`: a new history entry (not when it is the board of the address
/// bar already); `mode`: as `setBoard`'s.
async function openId(id, push, mode) {
  const opened = await begin("open").post("/api/board", { id });
  if (!state.kinds[opened.puzzle]) throw new Error("unknown puzzle `" + opened.puzzle + "`");
  if (!state.kind || state.kind.name !== opened.puzzle) {
    switchPuzzle(opened.puzzle);
    // The draft of the puzzle left is kept by switchPuzzle; it is no
    // board of this puzzle's history.
    state.draft = null;
  }
  for (const s of controls()) {
    if (opened.options[s.key] !== undefined) $(controlId(s.key)).value = opened.options[s.key];
  }
  setBoard(opened.puzzle, opened.board, { known: opened, mode });
  pushNextLink(!!push);
}

/// Opens the board of game ID `id` as a new history entry, in `mode` (as
/// `setBoard`'s): the board of the day (levels.js).
export function openBoard(id, mode) {
  return openId(id, true, mode);
}

/// Puts the rules of puzzle `name` back to the judge's (a level's optimum
/// and game ID are listed under them): its controls if it is on the page,
/// else what is kept for them.
export function defaultRules(name) {
  const kind = state.kinds[name];
  const saved = kept(name).values;
  for (const s of kind.settings.filter((x) => !x.on_board)) {
    saved[s.key] = s.default;
    if (state.kind === kind) $(controlId(s.key)).value = s.default;
  }
}

/// The rule controls of the puzzle on the page put back to the judge's,
/// and the board described (and the mode on show started) again: Watch's
/// way back to the rules its searches play.
export function useJudgeRules() {
  defaultRules(state.kind.name);
  rulesChanged();
}

/// Opens the board of the link in the address bar, if there is one, in
/// `mode` (as `setBoard`'s). A link typed or opened is said; Back and
/// Forward (an entry this page wrote, with its mode) say nothing: the
/// board and the mode are as they were left.
export async function loadFromHash(mode) {
  if (location.hash.length <= 1) return false;
  const unreadable = (why) => {
    // The link stays in the address bar, so it can be seen and mended.
    keepBadLink();
    say("This link's board cannot be read: " + why, true);
    return false;
  };
  let id;
  try {
    id = decodeURIComponent(location.hash.slice(1));
  } catch (e) {
    return unreadable(e.message);
  }
  const returning = entryMode() !== null;
  try {
    await openId(id, false, mode);
  } catch (e) {
    // Aborted: another link (the second event of one Back) or the user's
    // newer board came first.
    return isAbort(e) ? false : unreadable(e.message);
  }
  if (!returning) say("Opened the board of the link.");
  return true;
}

/// Opens the board this browser had last, when there is no link: a
/// returning player finds it as it was left.
export async function openLast() {
  const last = state.progress.last;
  const id = last && state.kinds[last] && state.progress.boards[last];
  if (!id || location.hash.length > 1) return false;
  try {
    await openId(id, false, null);
  } catch (_) {
    return false;
  }
  say("Welcome back: the board you left.");
  return true;
}

/// The first puzzle's showcase board, when it has no level to open first
/// (main.js); the address bar keeps a link that could not be read.
export function openFirst() {
  const first = state.catalog.puzzles[0];
  setBoard(first.name, first.board || blank(first.name, 6, 6), { keepLink: true, mode: null });
}

/// Whether the address bar shows a link that could not be read.
export const badLink = () => state.link.keep;

// ----------------------------------------------------------- wiring

export function wire() {
  const svg = $("board");
  svg.addEventListener("pointerdown", onPointer);
  svg.addEventListener("pointermove", onPointer);
  svg.addEventListener("pointerup", endStroke);
  svg.addEventListener("pointercancel", endStroke);
  $("board-wrap").addEventListener("keydown", editKey);

  $("puzzle").addEventListener("change", () => choosePuzzle($("puzzle").value));
  $("edit-undo").addEventListener("click", () => undoEdit(true));
  $("edit-redo").addEventListener("click", () => undoEdit(false));
  // A size read is said to have worked, in place of the error it may
  // follow: no message outlives what it was about.
  $("resize").addEventListener("click", () => {
    const s = readSize();
    if (!s) return;
    resize(s[0], s[1]);
    say("Resized to " + s[0] + "×" + s[1] + " (Undo edit takes it back).");
  });
  $("clear").addEventListener("click", () => {
    const s = readSize();
    if (!s) return;
    setBoard(state.kind.name, blank(state.kind.name, s[0], s[1]));
    say("A blank " + s[0] + "×" + s[1] + " board (Undo edit takes it back).");
  });
  // Copy link says so in place, on the button (the address bar shows the
  // link): nothing moves. Where the clipboard is refused, the link is said
  // on the message line, in its own box.
  $("share").addEventListener("click", async () => {
    freeLink();
    updateUrl();
    const d = await current().catch(() => null);
    if (!d) return;
    updateUrl();
    if (await copyText(location.href, $("share"), "Copied ✓", $("share-said"))) return;
    say("The link to this board: " + location.href);
  });
  // A message cut at its box's edge opens whole on a click.
  $("message").addEventListener("click", () => $("message").classList.toggle("open"));
  // A link typed in the address bar, or Back and Forward through boards.
  // One Back fires both events: the second reading aborts the first.
  // The entry's board opens in the entry's mode (Play for a link typed).
  const followHash = () => {
    const id = state.described && state.described.value && state.described.value.id;
    if (location.hash === "#" + id) {
      // The same board (Back between two entries of one board): its mode.
      const mode = entryMode();
      if (mode && mode !== state.mode) openIn(mode);
      return;
    }
    // Not ready until the link's board is on the page (what a test, or a
    // script driving the page, waits for after changing the link): the
    // last reading's, not the one it aborted.
    document.body.dataset.ready = "0";
    const reading = ++readings;
    loadFromHash(entryMode() || "play").catch(report).finally(() => {
      if (reading === readings) document.body.dataset.ready = "1";
    });
  };
  let readings = 0;
  window.addEventListener("hashchange", followHash);
  window.addEventListener("popstate", followHash);
}
