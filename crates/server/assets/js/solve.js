// solve.js: Solve mode: the optimum of the board on the page, and its
// moves watched one position at a time.
//
// The moves come from /api/solve; the positions to draw come from
// /api/play, which plays them through the rules, a window of positions an
// answer, asked for as the animation reaches them. A solution's requests
// are one piece of "solve" work (api.js): a new solve, leaving Solve, or
// another board aborts them, so no late answer draws an old solution.
//
// In the middle of a game (a game kept for the board, with moves and not
// won) Solve asks first: the answer is one click away, and the game stays
// kept either way.

import { abort, begin, isAbort } from "./api.js";
import { $, actionStarted, defineMode, report, setMode, startMode, state, succeeded, words } from "./state.js";
import { playbackKey, render, show, slideTime } from "./board.js";
import { current, request } from "./link.js";
import { keptGame } from "./progress.js";

defineMode("solve", {
  start: () => solve(),
  leave() {
    abort("solve");
    stopAnimation();
    $("solve-ask").hidden = true;
  },
  end() {
    abort("solve");
    state.solution = null;
    stopAnimation();
  },
});

const GLYPHS = { up: "↑", down: "↓", left: "←", right: "→" };

/// A move's letter as its arrow (the letters are the judge's: "UL" reads
/// as a word); a puzzle's move without an arrow keeps its letter.
function arrow(letter) {
  const m = state.kind.move_set.find((x) => x.letter === letter);
  return (m && GLYPHS[m.word]) || letter;
}

/// The positions after `from` moves and on, as many as one answer holds.
function windowFrom(from, n) {
  return [from, Math.min(n, from + state.catalog.max_positions - 1)];
}

/// Solves the board on the page and shows the answer at its first
/// position (or why there is nothing to watch). In the middle of a game
/// on this board it asks first, unless `sure` (the player said yes).
export async function solve(sure) {
  setMode("solve");
  stopAnimation();
  state.solution = null;
  const work = begin("solve");
  const since = actionStarted();
  $("frame-caption").textContent = "";
  $("answer").textContent = "Solving…";
  $("solve-ask").hidden = true;
  $("anim-row").hidden = false;
  animControls("not solved yet", true);
  try {
    const d = await work.wait(current());
    if (sure) state.shownAnswers.add(d.id);
    const game = keptGame(d.id);
    if (game && game.moves.length && !game.won && !state.shownAnswers.has(d.id)) {
      // The answer would give the game away: asked for, not shown.
      render(null);
      $("answer").textContent = "";
      $("anim-row").hidden = true;
      $("solve-ask").hidden = false;
      $("solve-yes").focus({ preventScroll: true });
      return;
    }
    if (d.lacks) {
      $("answer").textContent = d.lacks;
      animControls("the board is not finished");
      return;
    }
    const answer = await work.post("/api/solve", request(d, {}));
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
      const played = await work.post("/api/play", request(d, { moves: result.moves, positions: windowFrom(0, n) }));
      state.solution = { work, d, moves: played.moves, k: 0, positions: new Map() };
      keep(state.solution, 0, played.positions);
      $("answer").innerHTML = "";
      const count = document.createElement("strong");
      count.id = "move-count";
      count.textContent = words(result.answer);
      const arrows = document.createElement("span");
      arrows.className = "arrows";
      arrows.textContent = result.moves ? [...result.moves].map(arrow).join("") : "already there";
      const stats = document.createElement("span");
      stats.className = "hint-text";
      stats.textContent = took;
      $("answer").append("Optimal: ", count, " — ", arrows, stats);
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
    if (isAbort(e)) return;
    state.solution = null;
    $("answer").textContent = "";
    animControls("nothing was solved");
    report(e);
  }
}

const ANIM_BUTTONS = ["anim-first", "anim-back", "anim-play", "anim-step", "anim-last"];

/// Enables the animation's buttons for the frame shown, or (`why`: there
/// is nothing to play) disables them all and says why, in their tooltips
/// and (unless `quiet`) under them.
function animControls(why, quiet) {
  const s = state.solution;
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
/// for it first if it is not in the windows it drew.
function frame(k, slide) {
  const s = state.solution;
  if (!s) return;
  const n = s.moves.length;
  s.k = Math.max(0, Math.min(n, k));
  const kk = s.k;
  $("frame-caption").textContent = "Move " + kk + " of " + n + (kk > 0 ? ": " + arrow(s.moves[kk - 1]) : "") +
    (kk === n ? " — at the goal" : "");
  $("frame-caption").dataset.k = kk;
  animControls();
  const draw = (pos, glide) => { if (!glide) render(pos); else show(pos, true); };
  if (s.positions.has(kk)) return draw(s.positions.get(kk), slide);
  s.work.post("/api/play", request(s.d, { moves: s.moves, positions: windowFrom(kk, n) })).then((played) => {
    keep(s, kk, played.positions);
    // Drawn if it is still the frame asked for (the window is kept all
    // the same).
    if (s.k === kk && s.positions.has(kk)) draw(s.positions.get(kk), false);
  }, report);
}

/// One move forward or back, gliding either way.
function step(delta) {
  if (!state.solution) return;
  stopAnimation();
  frame(state.solution.k + delta, true);
}

/// The first (`end` false) or the last position, at once.
function jump(end) {
  if (!state.solution) return;
  stopAnimation();
  frame(end ? state.solution.moves.length : 0, false);
}

function togglePlay() {
  const s = state.solution;
  if (!s) return;
  if (state.timer) return stopAnimation();
  if (s.k >= s.moves.length) frame(0, false);
  $("anim-play").textContent = "❚❚ Pause";
  const tick = () => {
    const now = state.solution;
    if (!now || now.k >= now.moves.length) return stopAnimation();
    frame(now.k + 1, true);
    state.timer = setTimeout(tick, slideTime() + 150);
  };
  state.timer = setTimeout(tick, 200);
}

function stopAnimation() {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  $("anim-play").textContent = "▶ Play";
  if (state.solution) animControls();
}

/// The keys of Solve mode: ← → step, Space plays or pauses, Home and End
/// go to the first and last position. True when the key was one of them.
export function solveKey(event) {
  return playbackKey(event, { step, togglePlay, jump });
}

export function wire() {
  $("solve-yes").addEventListener("click", () => {
    solve(true);
    $("board-wrap").focus({ preventScroll: true });
  });
  $("solve-no").addEventListener("click", () => startMode("play"));
  $("anim-first").addEventListener("click", () => jump(false));
  $("anim-back").addEventListener("click", () => step(-1));
  $("anim-step").addEventListener("click", () => step(1));
  $("anim-last").addEventListener("click", () => jump(true));
  $("anim-play").addEventListener("click", togglePlay);
}
