// play.js: Play mode: a game on the board on the page, a move at a time
// through the server's rules, with undo, redo, restart, exact hints and
// the win against the optimum.
//
// A win shows on the board when the piece gets there (a ring grows from
// the piece, still under prefers-reduced-motion) and in the status,
// against the optimum, with Next level in the pad's place (N too) and
// Copy result beside the words. A board proved unsolvable says so, with a
// way to see why in Watch.
//
// The game is kept (progress.js) at every move: its moves, the moves
// undone and what a restart took back, by the board's game ID. A game
// begun on a board that has one kept goes on from it, so leaving Play,
// a reload or Back loses nothing.
//
// A screen reader hears what a move changed (the move, where the piece
// is, what broke) and the win, in one live region (#announce); the
// board's own text (every cell) is read only when asked for.
//
// Every move is played by /api/play from the start of the game (the page
// never moves a piece by itself), one request after another in the
// game's queue, so a move is played from the position the one before it
// left. A game's requests (its moves, hints and optimum) are one piece of
// "play" work (api.js): a new game, leaving Play, or another board aborts
// them, and the jobs still queued then do nothing. So a game's work is
// aborted exactly when it is no longer `state.game`.

import { abort, begin, isAbort } from "./api.js";
import { $, actionStarted, defineMode, listen, report, say, setMode, startMode, state, succeeded, tell, words } from "./state.js";
import { cellAt, cellSize, el, flashRefused, gameInView, glided, glideTime, markRefused, mover, moveWords, render, show } from "./board.js";
import { copyText, current, request } from "./link.js";
import { keepGame, keepWin, keptGame, markOf, showProgress } from "./progress.js";

/// The keys that play a move, by the move's word.
const MOVE_KEYS = {
  up: ["ArrowUp", "w", "W"], down: ["ArrowDown", "s", "S"],
  left: ["ArrowLeft", "a", "A"], right: ["ArrowRight", "d", "D"],
};
const MOVE_GLYPHS = { up: "↑", down: "↓", left: "←", right: "→" };

function endGame() {
  abort("play");
  const g = state.game;
  if (g) clearTimeout(g.winTimer);
  state.game = null;
  $("board-wrap").classList.remove("won");
  // The count was the game's: none until the next game has drawn its
  // first position (a script reading it must not take this one's).
  delete $("play-moves").dataset.n;
}

defineMode("play", { start: startPlay, leave: endGame, end: endGame });

listen("puzzle", showMoves);

/// The move buttons, keys and rules of the puzzle on the page.
function showMoves() {
  const kind = state.kind;
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
  const keys = {};
  for (const m of kind.move_set) {
    for (const key of MOVE_KEYS[m.word] || []) keys[key] = m.letter;
    if (/^\d$/.test(m.letter)) keys[m.letter] = m.letter;
  }
  state.moveKeys = keys;
  const arrows = Object.keys(MOVE_KEYS).some((w) => kind.move_set.some((m) => m.word === w));
  $("play-help").textContent = arrows ? "Arrow keys or WASD move; " : "The buttons move; ";
  $("aim").textContent = kind.aim || "";
  $("rules-panel").hidden = !kind.rules;
  $("rules").textContent = kind.rules || "";
  $("rules-keys").textContent = "Keys. Play: " + (arrows ? "arrow keys or WASD move" : "the buttons move") +
    ", U undo, Y redo, H hint, Backspace restart (U undoes it), N next level after a win. Solve: ← → step, Space plays or pauses, " +
    "Home and End go to the first and last move. Edit: Ctrl+Z undo, Ctrl+Y redo.";
}

/// A new game on the board on the page (ending the one before); `quiet`
/// (the page's first game): the board is neither focused nor scrolled to.
export function startPlay(opts) {
  setMode("play");
  const work = begin("play");
  $("hint-text").textContent = "";
  $("play-moves").textContent = "";
  // No count until this game's first position is drawn (a script reading
  // it must not take the last game's).
  delete $("play-moves").dataset.n;
  $("win").hidden = $("next-level").hidden = $("unsolvable").hidden = true;
  // `moves`: those played; `redo`: those undone; `shown`: the move count
  // last drawn; `seen`: the positions the server drew, by the moves that
  // led there (so undo needs no request); `restarted`: the moves a
  // restart took back, for U to bring back; `optimum`: a promise of the
  // fewest moves (-1: proved unsolvable), `optimumKnown` once it is in;
  // `d`: the board's description, once read (its ID keeps the game).
  const g = {
    work, queue: Promise.resolve(), moves: "", redo: [], shown: -1, seen: new Map(), restarted: null,
    won: false, optimum: null, optimumKnown: undefined, d: null, winTimer: null,
    // The page's own first game is no act of the user's: its start leaves
    // an error on show (a link that could not be read) standing.
    quietStart: !!(opts && opts.quiet),
  };
  state.game = g;
  $("play-status").textContent = "starting…";
  showOptimum();
  findOptimum(g);
  enqueue(g, () => resume(g));
  if (!(opts && opts.quiet)) $("board-wrap").focus({ preventScroll: true });
  // When the first position is drawn (at its size): the game in sight.
  enqueue(g, async () => bringIntoView());
}

/// Begins game `g` where the game kept for its board was left, or at the
/// start.
async function resume(g) {
  const d = await g.work.wait(current());
  g.d = d;
  const kept = keptGame(d.id);
  if (kept && kept.moves && await playTo(g, kept.moves, false, true)) {
    g.redo = kept.redo.slice();
    g.restarted = kept.restarted;
    if (!g.won) $("play-status").textContent = "your game, as you left it";
    return;
  }
  if (await playTo(g, "", false) && kept) {
    g.redo = kept.redo.slice();
    g.restarted = kept.restarted;
  }
}

/// Keeps game `g` in the browser, as it is now.
function keep(g) {
  if (g.d && state.game === g) keepGame(g.d.id, g.moves, g.redo, g.restarted, g.won);
}

/// Says `text` to a screen reader (the one live region of a game).
function announce(text) {
  $("announce").textContent = text;
}

/// Asks the server for the optimum of the game's board, beside the game
/// (a move played meanwhile is not held up): the status shows it from
/// then on, and the win compares with it. `g.optimum`: a promise of the
/// fewest moves, or null (no solution, or not decided); an AbortError once
/// the game has ended.
function findOptimum(g) {
  g.optimum = g.work.wait(current()).then(async (d) => {
    if (d.lacks) return null;
    if (state.solution && state.solution.d === d) return state.solution.moves.length;
    const answer = await g.work.post("/api/solve", request(d, {}));
    const result = answer.results[0];
    if (result && result.outcome === "unsolvable") return -1;
    return result && result.outcome === "solved" ? result.answer : null;
  }).catch((e) => {
    if (isAbort(e)) throw e;
    return null;
  });
  g.optimum.then((n) => {
    g.optimumKnown = n;
    showOptimum();
  }, () => {});
}

/// " · optimum N" after the move count, once the optimum is known; a
/// board proved unsolvable says so, with the way to see why.
function showOptimum() {
  const n = state.game && state.game.optimumKnown;
  $("play-optimum").textContent = Number.isInteger(n) && n >= 0 ? " · optimum " + n : n === -1 ? " · no solution" : "";
  $("unsolvable").hidden = n !== -1;
}

/// Scrolls the board panel to the window's top when the board or the pad
/// is out of sight (a phone turned sideways, a page zoomed in, a level
/// opened from the list below the board), so the status, the board and
/// the pad are seen together.
function bringIntoView() {
  if (!gameInView()) $("board-panel").scrollIntoView({ block: "start" });
}

/// Runs `job` after the game's jobs before it, unless the game has ended
/// by then; a failed one says why and does not stop the ones after it.
function enqueue(g, job) {
  g.queue = g.queue.then(() => { if (!g.work.aborted) return job(); }).catch(report);
}

function showGame(g, note) {
  // A position drawn: the last refusal, shown in red, is over.
  $("play-status").classList.remove("bad");
  const n = g.moves.length;
  $("play-moves").textContent = words(n);
  $("play-moves").dataset.n = n;
  showOptimum();
  // A hint is about one position: another position drops it.
  if (n !== g.shown) $("hint-text").textContent = "";
  // The first position of a game is drawn where it is: no glide from
  // whatever the board showed before (the end of a solution, say).
  const pos = g.seen.get(g.moves);
  if (g.shown < 0) render(pos);
  else show(pos, true);
  g.shown = n;
  markRefused(null);
  if (!g.won) $("win").hidden = $("next-level").hidden = true;
  $("board-wrap").classList.toggle("won", g.won);
  if (note !== undefined) $("play-status").textContent = note;
}

/// Asks the server to play `moves` from the start of game `g`; keeps the
/// answer when no move is refused (`restoring`: a kept game taken up,
/// whose win, if it is one, is shown still). Whether it did.
async function playTo(g, moves, hint, restoring) {
  const since = actionStarted();
  try {
    if (hint) $("hint-text").textContent = "thinking…";
    const d = await g.work.wait(current());
    if (d.lacks) {
      $("play-status").textContent = d.lacks;
      if (hint) $("hint-text").textContent = "";
      return false;
    }
    const n = moves.length;
    const answer = await g.work.post("/api/play", request(d, { moves, hint, positions: [n, n] }));
    if (answer.refused) {
      $("play-status").classList.add("bad");
      flashRefused();
      let why = "refused: " + answer.refused.reason;
      if (answer.refused.move !== moves.length) why = "move " + answer.refused.move + " " + why;
      $("play-status").textContent = why;
      announce(why.charAt(0).toUpperCase() + why.slice(1));
      markRefused(answer.refused.reason);
      if (hint) $("hint-text").textContent = "";
      return false;
    }
    if (g.quietStart) g.quietStart = false;
    else succeeded(since);
    if (g.seen.size > 10000) g.seen.clear();
    const before = g.seen.get(g.moves);
    g.seen.set(answer.moves, answer.positions[0]);
    const played = answer.moves.length > g.moves.length && answer.moves.startsWith(g.moves) && g.shown >= 0;
    g.moves = answer.moves;
    g.won = answer.won;
    let note = "your move";
    if (answer.won) note = "at the goal in " + words(answer.moves.length) + "!";
    else if (answer.stuck && !answer.moves.length) note = "stuck at the start: no move is legal here";
    else if (answer.stuck) note = "stuck: no move is legal here (undo with U)";
    showGame(g, note);
    keep(g);
    // What the move changed, in words (not when a kept game is taken up).
    if (played && before) {
      announce(moveName(answer.moves[answer.moves.length - 1], true) + ": " + moveWords(before, answer.positions[0]) +
        " " + words(answer.moves.length) + (answer.won ? "" : "."));
    }
    if (answer.hint) showHint(answer.hint, answer.moves.length);
    if (answer.won) celebrate(g, d, answer.moves.length, restoring);
    return true;
  } catch (e) {
    if (isAbort(e)) return false;
    say(e.message, true);
    $("play-status").textContent = "no answer; see the message above";
    if (hint) $("hint-text").textContent = "";
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

function moveName(letter, spoken) {
  const m = state.kind.move_set.find((x) => x.letter === letter);
  if (!m) return letter;
  if (spoken) return m.word.charAt(0).toUpperCase() + m.word.slice(1);
  return m.word + (MOVE_GLYPHS[m.word] ? " " + MOVE_GLYPHS[m.word] : "");
}

/// The win moment, when the piece gets to the goal (its glide over): the
/// moves it took against the optimum (asked when the game started), kept
/// in the browser's progress, and announced. `still`: a kept game taken
/// up at its win, shown without a burst.
async function celebrate(g, d, n, still) {
  clearTimeout(g.winTimer);
  if (!still && glideTime()) {
    // When the piece is there (or, at the latest, well after its glide
    // should have ended).
    await new Promise((done) => {
      g.winTimer = setTimeout(done, glideTime() * 3 + 500);
      glided().then(done);
    });
    // An undo or another game meanwhile: the win is not on the board.
    if (state.game !== g || g.moves.length !== n) return;
  }
  const text = "Solved in " + words(n);
  $("win-text").textContent = text + "!";
  $("win").hidden = false;
  // On the board: a ring grows from the piece at the goal, inside its
  // cell (still, with less motion asked for), and the board's edge turns
  // to good news.
  const at = mover(g.seen.get(g.moves) || null);
  const s = cellSize();
  const over = $("board").querySelector(".overlay");
  if (at && over && !still) {
    el("circle", { cx: (at[1] + 0.5) * s, cy: (at[0] + 0.5) * s, r: s * 0.38, class: "win-burst" }, over);
  }
  $("board-wrap").classList.add("won");
  // The Levels panel offers what comes next.
  tell("won");
  let optimum;
  try {
    // Asked at the start of the game; null: the win stands without it.
    optimum = await g.work.wait(g.optimum);
  } catch (_) {
    return; // the game has ended
  }
  // A move played since the win (an undo): this win is not the game's.
  if (g.moves.length !== n) return;
  if (optimum !== null && optimum >= 0) {
    $("win-text").textContent = text + (n === optimum ? " — the optimum!" : " — the optimum is " + optimum + ".");
  }
  g.score = { n, optimum: optimum !== null && optimum >= 0 ? optimum : null };
  if (!still) announce($("win-text").textContent);
  keepWin(d, n, optimum !== null && optimum >= 0 ? optimum : null);
  showProgress();
}

/// The result to share: the board's name, the moves against the optimum
/// ("4/4 throws ★"), and its link.
function resultText(g) {
  const sc = g.score || { n: g.moves.length, optimum: null };
  const title = state.title && state.title.id === (g.d && g.d.id) ? state.title.text : state.kind.title;
  const count = sc.optimum !== null ? sc.n + "/" + sc.optimum + " " + state.kind.moves : words(sc.n);
  const mark = markOf({ moves: sc.n, optimum: sc.optimum });
  return "gridpuzzle · " + title + ": " + count + " " + mark + " " + location.href;
}

/// Plays the move with letter `letter`.
function playMove(letter) {
  const g = state.game;
  if (!g) return false;
  enqueue(g, async () => {
    const redo = g.redo;
    if (await playTo(g, g.moves + letter, false)) {
      g.redo = redo[redo.length - 1] === letter ? redo.slice(0, -1) : [];
      g.restarted = null;
      keep(g);
    }
  });
  return true;
}

/// The keys of Play mode (and its buttons, which name a key): a move,
/// U undo, Y redo, H hint, Backspace restart. True when the key was one.
export function playKey(key) {
  const g = state.game;
  if (!g) return false;
  if (state.moveKeys[key]) return playMove(state.moveKeys[key]);
  let job = null;
  if (key === "u" || key === "U" || key === "z") {
    job = async () => {
      if (!g.moves.length) {
        // Undo of a restart: the game as it was before.
        const was = g.restarted;
        if (was && await playTo(g, was.moves, false)) {
          g.redo = was.redo;
          g.restarted = null;
          keep(g);
          $("play-status").textContent = "restart undone";
          announce("Restart undone: " + words(g.moves.length) + ".");
        }
        return;
      }
      const back = g.moves.slice(0, -1);
      const undone = g.moves[g.moves.length - 1];
      if (g.seen.has(back)) {
        // The position before is known: undo is local.
        const before = g.seen.get(g.moves);
        g.moves = back;
        g.won = false;
        g.redo.push(undone);
        showGame(g, "took back a move");
        keep(g);
        announce("Took back a move: " + moveWords(before, g.seen.get(back)) + " " + words(back.length) + ".");
      } else if (await playTo(g, back, false)) {
        g.redo.push(undone);
        keep(g);
        $("play-status").textContent = "took back a move";
        announce("Took back a move: " + words(back.length) + ".");
      }
    };
  } else if (key === "y" || key === "Y") {
    job = async () => {
      const letter = g.redo[g.redo.length - 1];
      if (!letter) return;
      if (await playTo(g, g.moves + letter, false)) {
        g.redo.pop();
        keep(g);
      }
    };
  } else if (key === "h" || key === "H") {
    job = async () => { await playTo(g, g.moves, true); };
  } else if (key === "Backspace") {
    job = async () => {
      if (!g.moves.length) return;
      const was = { moves: g.moves, redo: g.redo };
      if (await playTo(g, "", false)) {
        g.redo = [];
        g.restarted = was;
        keep(g);
        $("play-status").textContent = "restarted: U undoes the restart";
        announce("Restarted: U undoes the restart.");
      }
    };
  } else if ((key === "n" || key === "N") && g.won && !$("next-level").hidden) {
    // N after a win: Next level, as its button.
    $("next-level").click();
    return true;
  }
  if (!job) return false;
  enqueue(g, job);
  return true;
}

/// A swipe on the board plays the move of its direction; a tap on a cell
/// in line with the piece (the drawing's `mover`) plays the move toward
/// it. Play mode only: the editor keeps its drag to paint.
function onPlayPointer(event) {
  const g = state.game;
  if (state.mode !== "play" || !g) return;
  if (event.type === "pointerdown") {
    state.swipe = { id: event.pointerId, x: event.clientX, y: event.clientY };
    event.preventDefault();
    return;
  }
  const start = state.swipe;
  if (!start || start.id !== event.pointerId) return;
  state.swipe = null;
  if (event.type === "pointercancel") return;
  const dx = event.clientX - start.x, dy = event.clientY - start.y;
  let word = null;
  if (Math.max(Math.abs(dx), Math.abs(dy)) >= Math.max(16, cellSize() * 0.4)) {
    word = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "right" : "left") : (dy > 0 ? "down" : "up");
  } else {
    const at = cellAt(event);
    const piece = mover(g.seen.get(g.moves) || null);
    if (!at || !piece) return;
    const [r, c] = at;
    if (r === piece[0] && c !== piece[1]) word = c > piece[1] ? "right" : "left";
    else if (c === piece[1] && r !== piece[0]) word = r > piece[0] ? "down" : "up";
  }
  const move = word && state.kind.move_set.find((m) => m.word === word);
  if (move) playMove(move.letter);
}

export function wire() {
  for (const type of ["pointerdown", "pointerup", "pointercancel"]) $("board").addEventListener(type, onPlayPointer);
  for (const button of document.querySelectorAll("[data-key]")) {
    button.addEventListener("click", () => playKey(button.dataset.key));
  }
  // The result, to share: copied, and said so on the button itself.
  $("copy-result").addEventListener("click", async () => {
    const g = state.game;
    if (!g) return;
    const text = resultText(g);
    if (!(await copyText(text, $("copy-result"), "Copied ✓", $("announce")))) say("Your result: " + text);
  });
  // Why a board has no solution: the searches, watched.
  $("see-why").addEventListener("click", () => startMode("watch"));
}
