// progress.js: what the page keeps in the browser, and the Solved boards
// panel that shows it.
//
// Kept in localStorage, when the browser allows it (a page without it
// works the same, and forgets): the last board of each puzzle as its game
// ID, the puzzle on the page last, the boards won in Play with the fewest
// moves and the optimum, and the game in progress on each board (its
// moves and undo history), so that a tab switch, a reload or Back never
// throws a game away. A module of its own because the editor (the last
// boards), the game (the wins, the games) and the Levels panel (the marks
// of levels won) all use it, and none of them owns it.
//
// What is read back is checked, never trusted: each store has a version
// in its key and in its value (another version is left alone, as a page
// of another version wrote it), only what has the shape this page writes
// is taken, and what is dropped is said once on the message line (the
// notice main.js shows). The games are bounded: at most MAX_GAMES boards,
// each game's moves cut at MAX_MOVES, the whole at MAX_CHARS of JSON; the
// oldest game goes first.

import { $, state, tell } from "./state.js";

const STORE_KEY = "gridpuzzle.progress.v1";
const GAMES_KEY = "gridpuzzle.games.v1";
const GAMES_VERSION = 1;
/// The games kept: boards, moves of one list (played, undone, or those a
/// restart took back), and the whole store as JSON text.
export const MAX_GAMES = 50;
const MAX_MOVES = 5000;
const MAX_CHARS = 200000;

const record = (x) => !!x && typeof x === "object" && !Array.isArray(x);
const letters = (x) => typeof x === "string" && x.length <= MAX_MOVES && /^[A-Za-z0-9]*$/.test(x);
const letterList = (x) => Array.isArray(x) && x.length <= MAX_MOVES && x.every((l) => typeof l === "string" && l.length === 1);

function storage() {
  try {
    return window.localStorage;
  } catch (_) {
    return null; // denied: the page forgets
  }
}

/// Notes that some of what the browser kept could not be read.
function spoiled() {
  state.spoiled = "Some of what this browser kept for this page could not be read and was set aside.";
}

/// Reads what this browser kept ({last: puzzle name, boards: {puzzle: game
/// ID}, solved: {game ID: {puzzle, moves, optimum}}}, and the games) into
/// the state.
export function loadProgress() {
  const store = storage();
  if (!store) return;
  try {
    const text = store.getItem(STORE_KEY);
    const saved = text === null ? null : JSON.parse(text);
    // Only what has the shape this page writes is taken: a value spoiled
    // by hand, or by another page of this origin, must not break this one.
    if (saved !== null) {
      if (!record(saved)) throw new Error("not a record");
      const boards = {}, solved = {};
      let dropped = !record(saved.boards) && saved.boards !== undefined;
      if (record(saved.boards)) {
        for (const [name, id] of Object.entries(saved.boards)) {
          if (typeof id === "string") boards[name] = id; else dropped = true;
        }
      }
      if (record(saved.solved)) {
        for (const [id, won] of Object.entries(saved.solved)) {
          if (record(won) && typeof won.puzzle === "string" && Number.isInteger(won.moves)) solved[id] = won;
          else dropped = true;
        }
      }
      if (dropped) spoiled();
      state.progress = { last: typeof saved.last === "string" ? saved.last : null, boards, solved };
    }
  } catch (_) {
    spoiled();
  }
  loadGames(store);
}

function loadGames(store) {
  let saved;
  try {
    const text = store.getItem(GAMES_KEY);
    if (text === null) return;
    saved = JSON.parse(text);
  } catch (_) {
    return spoiled();
  }
  if (!record(saved)) return spoiled();
  // Another version's games are another page's: not read (nor a fault).
  if (saved.version !== GAMES_VERSION) return;
  if (!record(saved.games)) return spoiled();
  const games = {};
  let dropped = false;
  for (const [id, g] of Object.entries(saved.games)) {
    const restarted = g && g.restarted;
    const ok = record(g) && letters(g.moves) && letterList(g.redo) && Number.isFinite(g.at) &&
      (restarted === null || (record(restarted) && letters(restarted.moves) && letterList(restarted.redo)));
    if (ok) games[id] = { moves: g.moves, redo: g.redo.slice(), restarted, won: g.won === true, at: g.at };
    else dropped = true;
  }
  if (dropped) spoiled();
  state.games = games;
}

function saveProgress() {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(STORE_KEY, JSON.stringify(state.progress));
  } catch (_) { /* denied or full: the page still works, it forgets */ }
}

/// Writes the games, the oldest dropped first until the store fits its
/// bound (and the browser's quota).
function saveGames() {
  const store = storage();
  if (!store) return;
  const byAge = Object.keys(state.games).sort((a, b) => state.games[a].at - state.games[b].at);
  while (byAge.length > MAX_GAMES) delete state.games[byAge.shift()];
  for (;;) {
    const text = JSON.stringify({ version: GAMES_VERSION, games: state.games });
    if (text.length <= MAX_CHARS) {
      try {
        store.setItem(GAMES_KEY, text);
        return;
      } catch (_) { /* full: drop the oldest and try again */ }
    }
    if (!byAge.length) return;
    delete state.games[byAge.shift()];
  }
}

/// The game kept for board `id` ({moves, redo, restarted, won}), or null.
export function keptGame(id) {
  return (id && state.games[id]) || null;
}

/// Keeps the game on board `id`: its moves, the moves undone (to redo),
/// what a restart took back ({moves, redo}, for U to bring back, or null)
/// and whether it is won. A game back at its start with nothing to bring
/// back is forgotten.
export function keepGame(id, moves, redo, restarted, won) {
  if (!id) return;
  const cut = (list) => list.slice(-MAX_MOVES);
  if (!moves.length && !redo.length && !restarted) delete state.games[id];
  else {
    state.games[id] = {
      moves: moves.slice(0, MAX_MOVES), redo: cut(redo),
      restarted: restarted ? { moves: restarted.moves.slice(0, MAX_MOVES), redo: cut(restarted.redo) } : null,
      won: !!won,
      // The newest is kept longest; two saves in one millisecond keep
      // their order.
      at: Math.max(Date.now(), ...Object.values(state.games).map((g) => g.at + 1)),
    };
  }
  saveGames();
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

/// The mark of a win: ★ in the fewest moves, ✓ in more (or with the
/// optimum unknown), "" for none.
export function markOf(won, optimum) {
  if (!won) return "";
  const best = optimum !== undefined && optimum !== null ? optimum : won.optimum;
  return Number.isInteger(best) && best >= 0 && won.moves <= best ? "★" : "✓";
}

/// Shows the boards won so far, and what the board on the page scored.
export function showProgress() {
  const solved = state.progress.solved;
  $("solved-list").replaceChildren(...Object.keys(solved).map((id) => {
    const a = document.createElement("a");
    a.href = "#" + id;
    a.textContent = id.split("/").slice(0, 2).join(" ") + ": " + wonText(solved[id]);
    const mark = document.createElement("span");
    mark.className = "mark";
    mark.textContent = " " + markOf(solved[id]);
    const li = document.createElement("li");
    li.append(a, mark);
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
