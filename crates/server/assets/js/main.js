// main.js: the page of `gridpuzzle serve`: edit a board, solve it and
// watch the solution, play it, generate one, share it as a link — for any
// puzzle the server lists. A visit is a game: the page opens in Play, on
// the first level for a newcomer, on the board left for one who comes
// back (a link too, unless it asks for the editor with `?mode=edit`; a
// reload keeps the mode it was in). Only the Edit tab enters the editor.
// This module starts the page and wires the others together: the tabs
// (the ARIA tabs pattern) and the keys; what the server gives the page is
// described in api.js.
//
// The page is ES modules, each served at /js/NAME.js from the binary (and
// written to js/NAME.js of the static site), one per part of the page,
// importing each other in one direction only:
//   api.js       the server's calls, and one AbortController per kind of
//                work, so that no late answer is ever applied;
//   workers.js   the same calls on the static site, answered by the API
//                built to WebAssembly in Web Workers (no server);
//   state.js     the one state object, the mode and its changes, events,
//                the message line;
//   progress.js  what the browser keeps: last boards, wins;
//   board.js     drafts and their editing, and drawing the board: the
//                views the server sends, in the palette's roles;
//   link.js      the server's description of the board, and its link;
//   editor.js    the puzzle on the page and its board: controls, tools,
//                edit history, opening a board by its link;
//   solve.js     Solve: the optimum, watched move by move;
//   play.js      Play: a game through the server's rules;
//   watch.js     Watch: searches traced by the server, side by side;
//   levels.js    judge inputs and cases, levels, Next level, Generate;
//   main.js      this: the start, the tabs and the keys.

import { catalog } from "./api.js";
import { $, say, startMode, state } from "./state.js";
import { loadProgress, showProgress } from "./progress.js";
import * as board from "./board.js";
import { current, entryMode } from "./link.js";
import * as editor from "./editor.js";
import * as solve from "./solve.js";
import * as play from "./play.js";
import * as watch from "./watch.js";
import * as levels from "./levels.js";

function wire() {
  board.wire();
  editor.wire();
  solve.wire();
  play.wire();
  watch.wire();
  levels.wire();
  // A lesson's board opens as a judge input's case does; a puzzle with
  // nothing kept of it opens on its first level.
  watch.onLesson(levels.openInput);
  watch.onJudgeRules(editor.useJudgeRules);
  editor.onFirstLevel(levels.openFirstLevel);
  const tabs = [...document.querySelectorAll(".tab")];
  for (const tab of tabs) {
    tab.addEventListener("click", () => {
      startMode(tab.dataset.mode);
      // Solve's keys go to the board, as Play's do: Space on the Solve
      // tab, still focused after the click, would solve again instead of
      // playing the answer (unless Solve asks first: its buttons have
      // the focus).
      if (tab.dataset.mode === "solve" && $("solve-ask").hidden) $("board-wrap").focus({ preventScroll: true });
      if (tab.dataset.mode === "watch") $("watch-lanes").focus({ preventScroll: true });
    });
    // The ARIA tabs pattern: ← and → move to the tab before or after
    // (round the ends), Home and End to the first and last; Enter or Space
    // opens the tab focused (its click). The move keys of the game are
    // not played meanwhile.
    tab.addEventListener("keydown", (event) => {
      const at = tabs.indexOf(tab);
      const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      event.stopPropagation();
      tabs[(to + tabs.length) % tabs.length].focus();
    });
  }
  // Where the Levels panel is below the board: one tap away.
  $("to-levels").addEventListener("click", () => $("levels-panel").scrollIntoView({ block: "start" }));
  document.addEventListener("keydown", (event) => {
    // Text fields keep their own keys (and their own undo); a tab's keys
    // are the tabs'.
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) return;
    if (event.target.getAttribute && event.target.getAttribute("role") === "tab") return;
    if (event.altKey) return;
    if (state.mode === "edit" && (event.ctrlKey || event.metaKey)) {
      if (editor.historyKey(event)) event.preventDefault();
      return;
    }
    if (event.ctrlKey || event.metaKey) return;
    if (state.mode === "play" && play.playKey(event.key)) event.preventDefault();
    if (state.mode === "solve" && solve.solveKey(event)) event.preventDefault();
    if (state.mode === "watch" && watch.watchKey(event)) event.preventDefault();
  });
}

async function start() {
  wire();
  try {
    const offered = await catalog();
    offered.puzzles = offered.puzzles.filter((p) => p.editor);
    board.usePalette(offered.palette);
    state.catalog = offered;
    for (const p of offered.puzzles) {
      state.kinds[p.name] = p;
      $("puzzle").append(Object.assign(document.createElement("option"), { value: p.name, textContent: p.title }));
    }
    $("titles").textContent = offered.puzzles.map((p) => p.title).join(" and ");
    $("width").max = $("height").max = offered.max_side;
    levels.showPresets();
    loadProgress();
    // A visit is a game: the page opens in Play, unless the link asks for
    // the editor (`?mode=edit` before its `#`) or a step of Watch
    // (`?mode=watch&watch=A,B&step=K`), or the history entry (a reload)
    // was in another mode. Read before a board is opened, whose
    // link is written into the entry.
    const params = new URLSearchParams(location.search);
    const asked = params.get("mode");
    const mode = asked === "edit" || (asked === "watch" && params.get("watch")) ? asked : entryMode() || "play";
    // The board: the link's, else the one left last, else (a newcomer)
    // the first level of the first puzzle.
    const opened = (await editor.loadFromHash(null)) || (await editor.openLast()) ||
      (!editor.badLink() && (await levels.openFirstLevel(offered.puzzles[0].name, null)));
    if (!opened && !state.draft) editor.openFirst();
    showProgress();
    if (state.spoiled) say(state.spoiled);
    if (mode === "play") play.startPlay({ quiet: true });
    // A link to a step of Watch: its searches, at its step.
    else if (asked === "watch" && mode === "watch") watch.openAt(params.get("watch").split(","), Number(params.get("step")) || 0);
    else startMode(mode);
    // Ready once the board is described (its link written): what a script
    // driving the page may act on.
    await current().catch(() => null);
    levels.prepareDaily();
  } catch (e) {
    say(e.message, true);
  }
  // The page is drawn and its link read (what the browser test waits for).
  document.body.dataset.ready = "1";
}

start();
