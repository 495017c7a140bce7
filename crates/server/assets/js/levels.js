// levels.js: where boards come from besides the editor: the Levels panel
// (the catalog's level sets, the board of the day, new-board
// difficulties), Next level, and the editor's tools (judge inputs pasted,
// uploaded or the samples, and their cases; the Generate panel; the
// preset sizes).
//
// The levels show the way: a first visit opens the first level of the
// first set (the easiest: the statement's first sample), the list marks
// the level on show (aria-current) and each one won (✓, ★ in the fewest
// moves), and Next level (N after a win) goes on down the list, skipping
// a level that has no solution and saying so. Which level is on show is
// read from the board's game ID, whatever opened it (the list, Next
// level, a link, Back), so Next level goes on from the same place
// however the level came. Past the list's end, Next level makes a new
// board.
//
// The board of the day is the same for everyone on a date: made by
// /api/generate at the middle difficulty from a seed of the UTC date, so
// its optimum is proved; a board that is one of the listed levels is
// skipped for the next seed.
//
// A level set is a judge input like any other, read by /api/cases, so a
// level and a case of a pasted input open the same way. An input read only
// in part opens nothing: its last case may be made of the lines after the
// fault. A read is "cases" work, a new board "generate" work, the board
// of the day "daily" work (api.js): a read of another input, or another
// puzzle, aborts a read.

import { begin, isAbort } from "./api.js";
import { $, listen, report, say, state, words } from "./state.js";
import { choosePuzzle, defaultRules, openBoard, resize, setBoard } from "./editor.js";
import { controlId, controlOptions, current, request } from "./link.js";
import { markOf, wonText } from "./progress.js";

listen("puzzle", showLevels);
listen("progress", markLevels);
listen("described", markLevels);
listen("won", showNextLevel);

// ---------------------------------------------------------- judge inputs

/// Reads the judge input in the box as the puzzle on the page would, and
/// opens its first case.
async function readInput() {
  const puzzle = state.kind.name;
  // The request is the text as a JSON string: what the server's 1 MB cap
  // counts (escaped newlines included).
  if (new TextEncoder().encode(JSON.stringify($("input").value)).length > (1 << 20) - 100) {
    return say("This input is larger than the server's 1 MB request limit; use the command line.", true, "read-row");
  }
  const input = $("input").value;
  try {
    // The judge's rules: a case read is the case the judge means.
    const answer = await begin("cases").post("/api/cases", { puzzle, input });
    showCases(puzzle, answer.cases);
    const found = answer.cases.length + " case" + (answer.cases.length === 1 ? "" : "s");
    if (answer.error) {
      // An input read only in part opens nothing: a case read just before
      // the fault may be made of the lines after it (a row a cell short
      // takes the terminator's 0), a board the user never typed. The board
      // on the page stays, and the error stays by the button until the
      // user acts.
      const none = answer.cases.length ? " Nothing was opened; the board shown is the one before." : "";
      say(found + " read; then: " + answer.error.replace(/\.?$/, ".") + none, true, "read-row");
      if (!answer.cases.length) await suggestPuzzle(puzzle, input);
      return;
    }
    const first = answer.cases.find((c) => !c.too_large);
    if (first) openCase(first.case);
    say(found + " read" + (first ? "; case " + first.case + " is on the board." : "."), false, "read-row");
  } catch (e) {
    if (isAbort(e)) return;
    say(e.message, true, "read-row");
    await suggestPuzzle(puzzle, input);
  }
}

/// The cases of a judge input of `puzzle` as the case menu.
function showCases(puzzle, cases) {
  state.cases = { puzzle, cases, id: null };
  $("case").replaceChildren(...cases.map((rec) => {
    const o = document.createElement("option");
    o.value = rec.case;
    o.textContent = rec.case + ": " + rec.width + "×" + rec.height + (rec.too_large ? " (too large to edit)" : "");
    return o;
  }));
}

/// A text that `puzzle` cannot read may be another puzzle's input: when
/// another listed puzzle reads it cleanly, the message offers to switch.
/// Any new message aborts the search (it would be added to that).
async function suggestPuzzle(puzzle, input) {
  const work = begin("suggest");
  for (const other of state.catalog.puzzles) {
    if (other.name === puzzle) continue;
    let answer;
    try {
      answer = await work.post("/api/cases", { puzzle: other.name, input });
    } catch (e) {
      if (isAbort(e)) return;
      continue;
    }
    if (!answer.cases.length || answer.error) continue;
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

/// Opens case `n` of the input read, in `mode` (as editor.js `setBoard`'s;
/// undefined: the mode the page is in, the editor's tools being Edit's).
function openCase(n, mode) {
  const read = state.cases;
  if (!read) return false;
  const rec = read.cases.find((c) => c.case === Number(n));
  if (!rec) return false;
  const max = state.catalog.max_side;
  if (rec.too_large || rec.width > max || rec.height > max) {
    say("Case " + n + " is " + rec.width + "×" + rec.height + ": the page edits boards up to " + max + " on a side; use the command line.", true);
    return false;
  }
  $("case").value = String(n);
  setBoard(read.puzzle, rec, { mode });
  // The case opened is known by its game ID once described: Next level
  // goes on through the input only from that board.
  const opened = state.described;
  opened.promise.then((d) => { if (state.cases === read && state.described === opened) read.id = d.id; }, () => {});
  return true;
}

/// The case after the one on the page in the input read, if the board on
/// the page is its case opened last.
function nextCase() {
  const read = state.cases;
  if (!read || read.puzzle !== state.kind.name || !read.id || read.id !== describedId()) return null;
  const at = Number($("case").value);
  return read.cases.find((c) => c.case > at && !c.too_large) || null;
}

/// The game ID of the board on the page, once described.
function describedId() {
  return state.described && state.described.value ? state.described.value.id : null;
}

/// The listed level on the page ({set, i, level}: its set, the set's
/// index, the level), known by the board's game ID; null for any other
/// board.
function currentLevel() {
  const id = describedId();
  if (!id || !state.kind) return null;
  for (const [i, set] of state.kind.levels.entries()) {
    const level = set.levels.find((l) => l.id === id);
    if (level) return { set, i, level };
  }
  return null;
}

/// The levels after `here` in the list, set by set.
function levelsAfter(here) {
  const out = [];
  for (const [i, set] of state.kind.levels.entries()) {
    if (i < here.i) continue;
    for (const level of set.levels) if (i > here.i || level.case > here.level.case) out.push({ set, i, level });
  }
  return out;
}

/// The first listed level not won yet, or null.
function firstUnwon() {
  for (const [i, set] of state.kind.levels.entries()) {
    for (const level of set.levels) if (level.answer >= 0 && !state.progress.solved[level.id]) return { set, i, level };
  }
  return null;
}

/// What Next level opens from the board on show: {level} (a listed one),
/// {case} (the next case of the input read), or {generate} (a new board).
function whatNext() {
  const here = currentLevel();
  if (here) {
    const next = levelsAfter(here).find((l) => l.level.answer >= 0);
    return next ? { level: next } : { generate: true };
  }
  if (nextCase()) return { case: true };
  if (!isDaily() && !state.difficulty && firstUnwon()) return { level: firstUnwon() };
  return { generate: true };
}

/// "Next level", once a game is won: what it opens, in its words.
function showNextLevel() {
  const next = whatNext();
  $("next-level").hidden = false;
  $("next-level").textContent = !next.generate ? "Next level →"
    : "Next level: a new " + (state.difficulty ? state.difficulty.name.toLowerCase() + " " : "") + "board →";
}

/// Whether the board on the page can be won (the solver finds a plan):
/// Next level opens no board in Play that has no way to the goal.
async function winnable(work) {
  const d = await work.wait(current());
  if (d.lacks) return false;
  const answer = await work.post("/api/solve", request(d, {}));
  const result = answer.results[0];
  return !!result && result.outcome === "solved";
}

/// Next level: the level after the one on show in the list (a level
/// with no solution skipped, and said); for a case of a judge input read,
/// its next case that can be won; for a new board, another of its
/// difficulty; for any other board, the first level not won yet; past the
/// list's end, a new board. The message names the level opened, so none
/// about the level before is left standing.
async function nextLevel() {
  const work = begin("next");
  const skipped = [];
  try {
    const next = whatNext();
    const here = currentLevel();
    if (next.level) {
      if (here) {
        for (const l of levelsAfter(here)) {
          if (l === next.level || l.level === next.level.level) break;
          if (l.level.answer < 0) skipped.push("case " + l.level.case);
        }
      }
      await openLevel(next.level.set, next.level.level, { skipped });
      return;
    }
    if (next.case) {
      for (let c = nextCase(); c; c = nextCase()) {
        openCase(c.case, null);
        if (await winnable(work)) {
          const total = state.cases.cases.length;
          say("Case " + c.case + " of " + total + (skipped.length ? " (skipped " + skipped.join(", ") + ": no solution)" : "") + ".");
          $("play").click();
          return;
        }
        skipped.push("case " + c.case);
      }
    }
    if (here) for (const l of levelsAfter(here)) if (l.level.answer < 0) skipped.push("case " + l.level.case);
    const preset = state.difficulty || state.kind.difficulties[0];
    if (!(await generate(preset, "play"))) return;
    if (skipped.length) say("Skipped " + skipped.join(", ") + " (no solution); a new board instead.");
  } catch (e) {
    report(e);
  }
}

// ------------------------------------------------------------- generate

/// The value of a field as JSON: digits as a number.
function jsonValue(text) {
  return /^\d+$/.test(text) ? Number(text) : text;
}

/// Makes a board from the Generate panel's fields, or (`preset`, a
/// difficulty of the catalog) from the difficulty's size, answer range
/// and parameters, and opens it in `mode` (undefined: the mode the page
/// is in); true when it did.
async function generate(preset, mode) {
  const kind = state.kind;
  const puzzle = kind.name;
  if (preset && !kind.difficulties.includes(preset)) preset = null;
  state.difficulty = preset || null;
  const body = preset ? { puzzle, size: preset.size, count: 1, answer: preset.answer }
    : { puzzle, size: $("gen-size").value.trim(), count: 1, answer: $("gen-answer").value.trim() || null };
  const density = preset ? "" : $("gen-density").value.trim();
  const seed = preset ? "" : $("gen-seed").value.trim();
  // The Generate panel's messages are said under its button; a new
  // board of the Levels panel is said at the top, over the board.
  const near = preset ? null : "generate-row";
  if (density && !/^\d+$/.test(density)) return say("The density is a whole percentage, 0 to 100, or empty.", true, near);
  if (seed && !/^\d+$/.test(seed)) return say("The seed is a whole number, or empty for a new one.", true, near);
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
  say(preset ? "Making a " + preset.name.toLowerCase() + " board…" : "Generating…", false, near);
  const work = begin("generate");
  try {
    const made = await work.post("/api/generate", body);
    if (!made.cases.length) throw new Error(made.reason || "no puzzle was made");
    const first = made.cases[0];
    const answer = await work.post("/api/cases", { puzzle, input: first.input });
    // The case menu is the generated input's, not the one read before.
    showCases(puzzle, answer.cases);
    setBoard(puzzle, answer.cases[0], { mode });
    $("input").value = first.input;
    // The link is the new board's before the page says it is there.
    await current().catch(() => {});
    if (preset) {
      // In plain words, giving nothing away: the play bar shows the
      // fewest moves to beat once the game has started.
      say("A new " + preset.name.toLowerCase() + " board: reach the " + state.kind.goal + " in as few " + state.kind.moves + " as you can.");
      return true;
    }
    // A -1 board has nothing to play to the goal: Solve shows the proof.
    const optimum = first.answer < 0 ? "no solution (-1); Solve proves it"
      : "optimum " + words(first.answer) + ", " + first.difficulty.optimal_first_moves + " optimal first move(s). Solve it, or play it";
    say("Generated (seed " + (seed || made.seed) + "): " + optimum + ".", false, near);
    return true;
  } catch (e) {
    if (!isAbort(e)) say(e.message, true, near);
    return false;
  } finally {
    // Another board asked for since has the buttons now.
    if (!work.aborted) for (const b of buttons) b.disabled = false;
  }
}

// ------------------------------------------------------ sizes and levels

/// The sizes of the preset menu, as far as the server's bound allows.
const PRESET_SIDES = [6, 8, 10, 15, 20];

export function showPresets() {
  const none = Object.assign(document.createElement("option"), { value: "", textContent: "Preset…" });
  $("size-preset").replaceChildren(none, ...PRESET_SIDES.filter((n) => n <= state.catalog.max_side).map((n) =>
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

/// The Levels panel of the puzzle on the page: the board of the day, a
/// button for each difficulty of new board, and a button for each board
/// of each set.
function showLevels() {
  const kind = state.kind;
  $("daily-row").hidden = !dailyPreset();
  $("difficulty-buttons").replaceChildren(...kind.difficulties.map((d) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.difficulty = d.name;
    b.textContent = d.name;
    b.title = "A new " + d.size.replace("x", "×") + " board whose optimum is " + d.answer.replace("..", " to ") + " " + kind.moves;
    b.addEventListener("click", () => generate(d, "play"));
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

/// A mark for a button: ★ or ✓ (progress.js `markOf`), read out as words.
function mark(won, optimum) {
  const m = markOf(won, optimum);
  const span = document.createElement("span");
  span.className = "mark";
  span.textContent = m ? " " + m : "";
  if (m) span.setAttribute("aria-label", m === "★" ? ", won in the fewest moves" : ", won");
  return span;
}

/// Writes each level's button: its case, size and optimum, a mark when
/// this browser has won it (✓, ★ in the fewest moves), and which one is
/// on the page (aria-current); the same for the board of the day. Keeps
/// the name of the board on show, for a result shared.
function markLevels() {
  const kind = state.kind;
  if (!kind) return;
  const id = describedId();
  for (const b of document.querySelectorAll("[data-level]")) {
    const [i, n] = b.dataset.level.split(":").map(Number);
    const set = kind.levels[i];
    const level = set && set.levels.find((l) => l.case === n);
    if (!level) continue;
    const won = state.progress.solved[level.id];
    const optimum = level.answer < 0 ? "no solution" : words(level.answer);
    b.textContent = n + ". " + level.width + "×" + level.height + " · " + optimum;
    b.classList.toggle("won", !!won);
    b.title = won ? "Won in " + wonText(won) : "Not won yet";
    if (won) b.append(mark(won, level.answer));
    if (level.id === id) b.setAttribute("aria-current", "true");
    else b.removeAttribute("aria-current");
  }
  const here = currentLevel();
  const daily = todays();
  const b = $("daily");
  b.textContent = "Board of the day · " + today();
  if (daily && daily.id === id) b.setAttribute("aria-current", "true");
  else b.removeAttribute("aria-current");
  const won = daily && state.progress.solved[daily.id];
  $("daily-mark").replaceChildren(mark(won, daily && daily.answer));
  b.classList.toggle("won", !!won);
  if (here) state.title = { id, text: kind.title + ", " + here.set.name.toLowerCase() + " case " + here.level.case };
  else if (daily && daily.id === id) state.title = { id, text: kind.title + ", board of the day " + today() };
  else state.title = null;
}

/// Opens a level of puzzle `puzzle` (its set's input is read as any judge
/// input: the case menu of the editor's tools), under the rules its
/// optimum and game ID are listed for. `opts`: `mode` to open it in (Play
/// unless given; null: the caller's), `skipped` the levels Next level
/// passed over (said). True when it is on the page; null when a newer
/// board came first.
async function openLevel(set, level, opts, puzzle) {
  const o = opts || {};
  const name = puzzle || state.kind.name;
  try {
    const answer = await begin("level").post("/api/cases", { puzzle: name, input: set.input });
    showCases(name, answer.cases);
    $("input").value = set.input;
    state.difficulty = null;
    defaultRules(name);
    if (!openCase(level.case, o.mode === undefined ? "play" : o.mode)) return false;
    const of = " of " + set.levels.length;
    const skipped = o.skipped && o.skipped.length ? " Skipped " + o.skipped.join(", ") + ": no solution." : "";
    if (level.answer < 0) say(set.name + ", case " + level.case + of + ": no solution, proved; see why in Watch." + skipped);
    else say(set.name + ", case " + level.case + of + ": optimum " + words(level.answer) + "." + skipped);
    return true;
  } catch (e) {
    // Aborted: a newer board came first, and stays (null says so).
    if (isAbort(e)) return null;
    report(e);
    return false;
  }
}

/// Opens the first level of puzzle `name` (a first visit, or a puzzle
/// chosen with nothing kept of it) in `mode` (null: the caller's); true
/// when it did, null when a newer board came first.
export async function openFirstLevel(name, mode) {
  const set = state.kinds[name].levels[0];
  if (!set || !set.levels.length) return false;
  return openLevel(set, set.levels[0], { mode }, name);
}

/// Opens the first case of `input` (a lesson's board, from watch.js) as
/// a level's is opened, leaving the mode to the caller; true when it is
/// on the page.
export async function openInput(input) {
  const puzzle = state.kind.name;
  try {
    const answer = await begin("cases").post("/api/cases", { puzzle, input });
    showCases(puzzle, answer.cases);
    $("input").value = input;
    return openCase(1, null);
  } catch (e) {
    report(e);
    return false;
  }
}

// ------------------------------------------------- the board of the day

/// Today's date in UTC, as YYYY-MM-DD: the same day for everyone.
function today() {
  return new Date().toISOString().slice(0, 10);
}

/// The difficulty the board of the day is made at: the middle one (of
/// the puzzle on the page, or of `kind`).
function dailyPreset(kind) {
  const list = (kind || state.kind).difficulties;
  return list.length ? list[Math.floor(list.length / 2)] : null;
}

/// Today's board of the puzzle on the page, once made ({seed, id, input,
/// answer}), or null.
function todays() {
  return state.daily.date === today() ? state.daily[state.kind.name] || null : null;
}

/// Whether the board on the page is today's.
function isDaily() {
  const daily = todays();
  return !!daily && daily.id === describedId();
}

/// Makes today's board of the puzzle on the page, once a day: seed
/// YYYYMMDD00 of the UTC date, then the next seeds while the board made
/// is one of the listed levels (known by its game ID under the rules the
/// levels are listed for).
function makeDaily() {
  const kind = state.kind;
  const date = today();
  if (state.daily.date !== date) state.daily = { date };
  if (state.daily[kind.name]) return Promise.resolve(state.daily[kind.name]);
  // One making a day and puzzle: asked again meanwhile (the button, while
  // the page makes it in the background), the same.
  const key = "making:" + kind.name;
  if (!state.daily[key]) {
    state.daily[key] = makeDailyOf(kind, date);
    state.daily[key].catch(() => {}).finally(() => { if (state.daily.date === date) delete state.daily[key]; });
  }
  return state.daily[key];
}

async function makeDailyOf(kind, date) {
  const preset = dailyPreset(kind);
  const listed = new Set(kind.levels.flatMap((set) => set.levels.map((l) => l.id)));
  const work = begin("daily");
  const base = Number(date.replace(/-/g, "")) * 100;
  for (let bump = 0; bump < 20; bump++) {
    const seed = String(base + bump);
    const made = await work.post("/api/generate", { puzzle: kind.name, size: preset.size, count: 1, answer: preset.answer, seed, ...jsonParams(preset.params) });
    const first = made.cases[0];
    if (!first) continue;
    const read = await work.post("/api/cases", { puzzle: kind.name, input: first.input });
    const board = await work.post("/api/board", { puzzle: kind.name, board: read.cases[0], options: {} });
    if (listed.has(board.id)) continue;
    const daily = { seed, id: board.id, input: first.input, answer: first.answer };
    if (state.daily.date === date) state.daily[kind.name] = daily;
    return daily;
  }
  throw new Error("no board of the day could be made today");
}

/// Opens today's board in Play.
async function openDaily() {
  const button = $("daily");
  button.disabled = true;
  try {
    const daily = await makeDaily();
    state.difficulty = null;
    await openBoard(daily.id, "play");
    say("The board of the day, " + today() + ": the same for everyone today, optimum " + words(daily.answer) + ".");
  } catch (e) {
    report(e);
  } finally {
    button.disabled = false;
  }
}

/// Makes today's board in the background, for its mark in the list (a
/// board won today is marked before it is opened again).
export function prepareDaily() {
  if (!state.kind || !dailyPreset()) return;
  makeDaily().then(markLevels, () => {});
}

/// The difficulty's parameters as the generator's fields.
function jsonParams(params) {
  const out = {};
  for (const [key, value] of Object.entries(params || {})) out[key] = jsonValue(String(value));
  return out;
}

// ----------------------------------------------------------------- wiring

export function wire() {
  $("sample").addEventListener("click", () => { $("input").value = state.kind.samples; readInput(); });
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
      report(e);
    }
  });
  $("generate").addEventListener("click", () => generate(null));
  $("size-preset").addEventListener("change", choosePreset);
  $("next-level").addEventListener("click", nextLevel);
  $("daily").addEventListener("click", openDaily);
}
