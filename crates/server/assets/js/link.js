// link.js: the server's description of the board on the page, and the
// link in the address bar.
//
// After every change of the board or its settings the page asks
// /api/board to describe it: its judge text, its game ID, the options to
// solve it under, and what it lacks to be solved. Solve, Play, Copy link
// and Board → text all work from that description (`current()`), so what
// they send is what the judge would read. Its game ID is the link's
// fragment, `#NAME/WxH/CELLS/...`; the format is documented in
// crates/engine/src/page.rs and in each puzzle's puzzle.rs, which encode
// and decode it. A board put in place of another (a case, a generated
// board, Clear, another puzzle) is a new history entry, so Back returns to
// the board before; edits only replace the entry. (Opening a link's board
// needs the editor, so it is in editor.js.)

import { abort, begin, isAbort } from "./api.js";
import { $, actionStarted, listen, report, state, succeeded, tell } from "./state.js";
import { keepBoard, showProgress } from "./progress.js";

/// The settings offered as controls (the others are on the board).
export const controls = () => state.kind.settings.filter((s) => !s.on_board);
export const controlId = (key) => key.replace(/_/g, "-");

/// A setting's key as its label: `max_throws` is "Max throws".
export function labelOf(key) {
  const text = key.replace(/[_-]/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/// The options of the controls, as /api/board reads them.
export function controlOptions() {
  const options = {};
  for (const s of controls()) options[s.key] = $(controlId(s.key)).value.trim();
  return options;
}

/// Asks the server to describe the board (or takes `known`, the answer
/// that opened it); the promise of the description.
export function describe(known) {
  // A board still being read from a game ID, or a level still being
  // opened, must not replace this one.
  abort("open");
  abort("level");
  const work = begin("board");
  const promise = known ? work.wait(Promise.resolve(known))
    : work.post("/api/board", { puzzle: state.kind.name, board: state.draft, options: controlOptions() });
  const described = { promise, value: null };
  state.described = described;
  const since = actionStarted();
  promise.then((d) => {
    described.value = d;
    updateUrl();
    // While a link that could not be read is kept, its message stays.
    if (!state.link.keep) succeeded(since);
    keepBoard(d.puzzle, d.id);
    showProgress();
    tell("described");
  }, report);
  return promise;
}

/// The description of the board as it is now: one asked for after this
/// call, while it waited, is waited for instead.
export async function current() {
  for (;;) {
    const asked = state.described;
    try {
      return await asked.promise;
    } catch (e) {
      if (!isAbort(e) || state.described === asked) throw e;
    }
  }
}

/// A request about the described board `d`.
export function request(d, extra) {
  return { puzzle: d.puzzle, input: d.input, options: d.options, ...extra };
}

/// Writes the described board's link in the address bar.
export function updateUrl() {
  const described = state.described;
  if (state.link.keep || !described || !described.value) return;
  const id = described.value.id;
  const push = state.link.push && location.hash.length > 1;
  state.link.push = false;
  if (location.hash === "#" + id) return;
  const url = location.pathname + location.search + "#" + id;
  if (push) history.pushState({ mode: state.mode }, "", url);
  else history.replaceState({ mode: state.mode }, "", url);
}

/// The mode kept in the history entry on show (null: none, such as a link
/// typed in the address bar).
export function entryMode() {
  const kept = history.state && history.state.mode;
  return ["play", "solve", "edit", "watch"].includes(kept) ? kept : null;
}

// The entry of the board on the page follows its mode. Not while another
// board is on its way to a new entry: this entry is the board before's,
// and keeps the mode it was left in.
listen("mode", () => {
  const described = state.described;
  if (state.link.push || state.link.keep || !described || !described.value) return;
  if (location.hash !== "#" + described.value.id) return;
  if (entryMode() !== state.mode) history.replaceState({ mode: state.mode }, "");
});

/// The address bar shows a link that could not be read: it stays there,
/// to be seen and mended, until `freeLink`.
export function keepBadLink() {
  state.link.keep = true;
}

/// The address bar follows the board again.
export function freeLink() {
  state.link.keep = false;
}

/// Whether the next link written is a new history entry (a board put in
/// place of another) or replaces the one shown (an edit).
export function pushNextLink(push) {
  state.link.push = push;
}

/// Copies `text` to the clipboard, and says so in place: `button`'s label
/// is `done` for a moment (its width kept, so nothing beside it moves),
/// and `status` (a live region) says it to a screen reader. False when
/// the browser refused: the caller shows the text instead.
export async function copyText(text, button, done, status) {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch (_) {
    // No asynchronous clipboard (a page served over plain HTTP to another
    // machine is no secure context): the older way, from a selection.
    const area = Object.assign(document.createElement("textarea"), { value: text, readOnly: true, className: "visually-hidden" });
    document.body.append(area);
    area.select();
    try {
      ok = document.execCommand("copy");
    } catch (_) { /* refused too */ }
    area.remove();
  }
  if (!ok) return false;
  if (!button.dataset.label) button.dataset.label = button.textContent;
  button.style.minWidth = button.getBoundingClientRect().width + "px";
  button.textContent = done;
  button.classList.add("copied");
  if (status) status.textContent = done.replace(/\s*✓$/, "") + ".";
  clearTimeout(copied.get(button));
  copied.set(button, setTimeout(() => {
    button.textContent = button.dataset.label;
    button.classList.remove("copied");
  }, 2500));
  return true;
}

/// The timer that gives each button its label back.
const copied = new Map();
