// levels.js: where boards come from besides the editor: judge inputs
// (pasted, uploaded, the samples) and their cases, the Levels panel (the
// catalog's level sets and new-board difficulties), Next level, the
// Generate panel and the preset sizes.
//
// A level set is a judge input like any other, read by /api/cases, so a
// level and a case of a pasted input open the same way and Next level
// walks either; Next level asks /api/solve first and skips a case with no
// solution (a -1 board opened in Play is a game that cannot be won). An
// input read only in part opens nothing: its last case may be made of the
// lines after the fault. A read is "cases" work, a new board "generate" work
// (api.js): a read of another input, or another puzzle, aborts a read.

import { begin, isAbort } from "./api.js";
import { $, listen, report, say, state, words } from "./state.js";
import { choosePuzzle, resize, setBoard } from "./editor.js";
import { controlId, controlOptions, current, request } from "./link.js";
import { startPlay } from "./play.js";
import { wonText } from "./progress.js";

listen("puzzle", showLevels);
listen("progress", markLevels);
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
  state.cases = { puzzle, cases };
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

/// Opens case `n` of the input read.
function openCase(n) {
  const read = state.cases;
  if (!read) return;
  const rec = read.cases.find((c) => c.case === Number(n));
  if (!rec) return;
  const max = state.catalog.max_side;
  if (rec.too_large || rec.width > max || rec.height > max) {
    say("Case " + n + " is " + rec.width + "×" + rec.height + ": the page edits boards up to " + max + " on a side; use the command line.", true);
    return;
  }
  $("case").value = String(n);
  setBoard(read.puzzle, rec);
}

/// The case after the one on the page in the input read, if there is one.
function nextCase() {
  const read = state.cases;
  if (!read || read.puzzle !== state.kind.name) return null;
  const at = Number($("case").value);
  return read.cases.find((c) => c.case > at && !c.too_large) || null;
}

/// "Next level", once a game is won: the next case of the judge input
/// read, if there is one; else a new board like the last one made.
function showNextLevel() {
  const next = nextCase();
  $("next-level").hidden = false;
  $("next-level").textContent = next ? "Next level →"
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

/// Next level: the next case of the input read that can be won, skipping
/// (and saying so) those that cannot; past the last, a new board like the
/// last one made. The message names the level opened, so none about the
/// level before is left standing.
async function nextLevel() {
  const work = begin("next");
  const skipped = [];
  try {
    for (let next = nextCase(); next; next = nextCase()) {
      openCase(next.case);
      if (await winnable(work)) {
        const total = state.cases.cases.length;
        say("Case " + next.case + " of " + total + (skipped.length ? " (skipped " + skipped.join(", ") + ": no solution)" : "") + ".");
        startPlay();
        return;
      }
      skipped.push("case " + next.case);
    }
    if (!(await generate(state.difficulty))) return;
    if (skipped.length) say("Skipped " + skipped.join(", ") + " (no solution); a new board instead.");
    startPlay();
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
/// and parameters, and opens it; true when it did.
async function generate(preset) {
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
    setBoard(puzzle, answer.cases[0]);
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

/// The Levels panel of the puzzle on the page: a button for each
/// difficulty of new board, and a button for each board of each set.
function showLevels() {
  const kind = state.kind;
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
  const kind = state.kind;
  if (!kind) return;
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
  const puzzle = state.kind.name;
  try {
    const answer = await begin("cases").post("/api/cases", { puzzle, input: set.input });
    showCases(puzzle, answer.cases);
    $("input").value = set.input;
    openCase(level.case);
    state.difficulty = null;
    if (level.answer < 0) {
      say(set.name + ", case " + level.case + ": no solution (-1); Solve proves it.");
      return;
    }
    say(set.name + ", case " + level.case + ": optimum " + words(level.answer) + ".");
    startPlay();
  } catch (e) {
    report(e);
  }
}

/// Opens the first case of `input` (a lesson's board, from watch.js) as
/// a level's is opened; true when it is on the page.
export async function openInput(input) {
  const puzzle = state.kind.name;
  try {
    const answer = await begin("cases").post("/api/cases", { puzzle, input });
    showCases(puzzle, answer.cases);
    $("input").value = input;
    openCase(1);
    return true;
  } catch (e) {
    report(e);
    return false;
  }
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
}
