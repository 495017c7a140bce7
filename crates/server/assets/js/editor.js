// editor.js: the puzzle on the page and the board being edited: the
// puzzle's controls, the editor's tools, pointer and keyboard, the edit
// history, and opening a board (a link's, a kept one, another puzzle's).
//
// Why it is shaped so: every board that comes to the page, whatever
// brings it (an edit, a case, a generated board, a link, another puzzle),
// goes through `setBoard` and `boardChanged`, which end the work on the
// old board (its solution, its game, with their requests: endWork in
// state.js), draw the new one and have it described. Each puzzle's draft,
// settings, tool and edit history are kept while the page is open, so
// switching puzzles and back loses nothing.

import { abort, begin, isAbort } from "./api.js";
import { $, defineMode, endWork, quiet, report, say, setMode, startMode, state, tell } from "./state.js";
import {
  adopt, blank, cellAt, cursor, edit, firstTool, moveCursor, putCursor, render,
  resized, sayCursor, tools,
} from "./board.js";
import {
  controlId, controls, current, describe, freeLink, keepBadLink, pushNextLink, updateUrl,
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

/// Puts `board` (a draft or an /api/cases record) of puzzle `name` in the
/// editor; `known`: its description, when the server already gave it. The
/// board it replaces can be had back by undo, and by Back.
export function setBoard(name, board, keepLink, known) {
  if (name !== (state.kind && state.kind.name)) switchPuzzle(name);
  else if (state.draft) remember(JSON.stringify(state.draft));
  pushNextLink(true);
  // What was said about the board before is not about this one.
  quiet();
  state.draft = adopt(board);
  $("width").value = state.draft.width;
  $("height").value = state.draft.height;
  boardChanged(keepLink, known);
}

/// After any change of the board: the work on the old board ends, the new
/// one is drawn and described again (its text and link).
function boardChanged(keepLink, known) {
  if (!keepLink) freeLink();
  endWork();
  render(null);
  describe(known);
  if (state.mode !== "edit") setMode("edit");
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
    state.stroke = { last: null, before: JSON.stringify(state.draft) };
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
  let changed = false;
  for (const [r, c] of path) changed = edit(state.draft, mine().tool, r, c, first) || changed;
  stroke.last = cell;
  if (changed) {
    // One stroke is one step of the edit history.
    if (stroke.before !== null) remember(stroke.before);
    stroke.before = null;
    boardChanged();
  }
}

function endStroke() {
  state.stroke = null;
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
      boardChanged();
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
  $("tool-help").textContent = found ? found.help : "";
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
    b.title = t.help;
    b.textContent = t.label;
    b.addEventListener("click", () => { mine().tool = t.id; showTool(); setMode("edit"); });
    return b;
  }));
  showTool();
  showHelp();
  tell("puzzle");
  showEditHistory();
}

/// Puts puzzle `name` on the page with the board it had when it was left
/// (or the last one this browser kept, or its first board).
export async function choosePuzzle(name) {
  // The puzzle on the board already (a menu can say "changed" without a
  // change): its board stays as it is.
  if (state.kind && state.kind.name === name) return;
  const left = state.kept[name] && state.kept[name].draft;
  if (left) return setBoard(name, left);
  const id = state.progress.boards[name];
  if (id) {
    try {
      await openId(id, true);
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
  setBoard(name, state.kinds[name].board || blank(name, 6, 6));
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
  if (state.mode !== "edit") startMode(state.mode);
}

// ---------------------------------------------------- opening a board

/// Opens the board of game ID `id` (with its settings) in the editor;
/// throws when it cannot be read, and an AbortError when another board was
/// opened or the board was changed while the server read the ID (an answer
/// that comes late must not put an old board over the user's newer work).
/// `push`: a new history entry (not when it is the board of the address
/// bar already).
async function openId(id, push) {
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
  setBoard(opened.puzzle, opened.board, false, opened);
  pushNextLink(!!push);
}

/// Opens the board of the link in the address bar, if there is one.
export async function loadFromHash() {
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
  try {
    await openId(id);
  } catch (e) {
    // Aborted: another link (the second event of one Back) or the user's
    // newer board came first.
    return isAbort(e) ? false : unreadable(e.message);
  }
  say("Opened the board of the link.");
  return true;
}

/// Opens the board this browser had last, when there is no link: a
/// returning player finds it as it was left.
export async function openLast() {
  const last = state.progress.last;
  const id = last && state.kinds[last] && state.progress.boards[last];
  if (!id || location.hash.length > 1) return false;
  try {
    await openId(id, false);
  } catch (_) {
    return false;
  }
  say("Welcome back: the board you left.");
  return true;
}

/// The first board of the first puzzle (when there is no link and no
/// board kept); the address bar keeps a link that could not be read.
export function openFirst() {
  const first = state.catalog.puzzles[0];
  setBoard(first.name, first.board || blank(first.name, 6, 6), true);
}

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
  $("resize").addEventListener("click", () => { const s = readSize(); if (s) resize(s[0], s[1]); });
  $("clear").addEventListener("click", () => { const s = readSize(); if (s) setBoard(state.kind.name, blank(state.kind.name, s[0], s[1])); });
  $("share").addEventListener("click", async () => {
    freeLink();
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
  // A link typed in the address bar, or Back and Forward through boards.
  // One Back fires both events: the second reading aborts the first.
  const followHash = () => {
    const id = state.described && state.described.value && state.described.value.id;
    if (location.hash === "#" + id) return;
    // Not ready until the link's board is on the page (what a test, or a
    // script driving the page, waits for after changing the link).
    document.body.dataset.ready = "0";
    loadFromHash().catch(report).finally(() => { document.body.dataset.ready = "1"; });
  };
  window.addEventListener("hashchange", followHash);
  window.addEventListener("popstate", followHash);
}
