// progress.js: what the page keeps in the browser, and the Solved boards
// panel that shows it.
//
// Kept in localStorage, when the browser allows it (a page without it
// works the same, and forgets): the last board of each puzzle as its game
// ID, the puzzle on the page last, and the boards won in Play with the
// fewest moves and the optimum. A module of its own because the editor
// (the last boards), the game (the wins) and the Levels panel (the marks
// of levels won) all use it, and none of them owns it.

import { $, state, tell } from "./state.js";

const STORE_KEY = "gridpuzzle.progress.v1";

/// Reads what this browser kept ({last: puzzle name, boards: {puzzle: game
/// ID}, solved: {game ID: {puzzle, moves, optimum}}}) into the state.
export function loadProgress() {
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
    state.progress = { last: typeof saved.last === "string" ? saved.last : null, boards, solved };
  } catch (_) { /* no storage, or not ours: start afresh */ }
}

function saveProgress() {
  try {
    window.localStorage.setItem(STORE_KEY, JSON.stringify(state.progress));
  } catch (_) { /* denied or full: the page still works, it forgets */ }
}

/// Keeps game ID `id` as the board of `puzzle`, the puzzle on the page.
export function keepBoard(puzzle, id) {
  state.progress.last = puzzle;
  state.progress.boards[puzzle] = id;
  saveProgress();
}

/// Keeps a win of `n` moves on the described board `d` (`optimum`: its
/// fewest moves, or null when not known), if it beats the one kept.
export function keepWin(d, n, optimum) {
  const solved = state.progress.solved;
  const old = solved[d.id];
  if (old && old.moves <= n && (old.optimum != null || optimum === null)) return;
  delete solved[d.id];
  solved[d.id] = { puzzle: d.puzzle, moves: old ? Math.min(old.moves, n) : n, optimum };
  // The newest wins are kept; the list stays small enough to show.
  const ids = Object.keys(solved);
  for (const id of ids.slice(0, Math.max(0, ids.length - 100))) delete solved[id];
  saveProgress();
}

/// Shows the boards won so far, and what the board on the page scored.
export function showProgress() {
  const solved = state.progress.solved;
  $("solved-list").replaceChildren(...Object.keys(solved).map((id) => {
    const a = document.createElement("a");
    a.href = "#" + id;
    a.textContent = id.split("/").slice(0, 2).join(" ") + ": " + wonText(solved[id]);
    const li = document.createElement("li");
    li.append(a);
    return li;
  }));
  tell("progress");
  const id = state.described && state.described.value && state.described.value.id;
  const mine = id && solved[id];
  $("solved-note").textContent = mine ? "Your best on this board: " + wonText(mine) + "." : "";
}

/// A win in words: "11 steps (optimum 9)".
export function wonText(won) {
  const kind = state.kinds[won.puzzle];
  const n = (x) => x + " " + (kind ? (x === 1 ? kind.move : kind.moves) : "moves");
  return n(won.moves) + (won.optimum !== undefined && won.optimum !== null ? " (optimum " + won.optimum + ")" : "");
}
