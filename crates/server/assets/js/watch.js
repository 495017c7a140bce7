// watch.js: Watch mode: up to four of the puzzle's searches run on the
// board on the page, watched side by side, one event at a time.
//
// Why it is shaped so:
//
// - The page applies no rule. Every event is a step the server sent
//   (/api/trace: the engine's trace of the search, the one `gridpuzzle
//   trace` prints), and each small board draws only what a step says:
//   `at`, the cell that moves (Curling's stone, Holedox's head); `cells`,
//   what else the puzzle wants drawn (a cell the ground has as a wall is
//   drawn broken, any other as a body segment, in roles as board.js
//   draws); the path, by following `parent` back through the expansions
//   already received; a prune's cell and its reason. What the page adds
//   is counting: the counters are the steps of each kind seen so far, and
//   each cell's visits (expansions there, and the smallest depth at which
//   it was reached) — so once a trace is watched to its end, the counters
//   are the server's tally, the one `trace --compare` prints.
// - One clock for all. The boards share one step number (the scrubber's),
//   so the searches are compared event for event; a search that ends
//   sooner stays at its end.
// - Bounded chunks. The steps come at most `max_steps` an answer
//   (/api/algorithms), asked for as playback or the scrubber reaches
//   them, and each answer carries the whole run's totals: the scrubber
//   spans the whole trace at once. The page keeps the first WATCH_CAP
//   events of each search; past them it says so and shows the server's
//   totals, not counts of its own.
// - One request at a time: the lanes' chunks are asked for in turn, as
//   a client may hold only half the server's search slots.
// - One piece of "watch" work (api.js): a new watch, leaving Watch, or
//   another board aborts its requests, so no late chunk is drawn.
// - The growth chart is the server's (/api/trace/chart: the picture
//   `trace --compare --plot` draws), put beside the boards, in the page's
//   colours (style.css: the theme's background, ink and lines).
// - Smooth with three boards of 20×20: each board is a canvas, its ground
//   drawn once (a picture kept per board) and the search's marks over it
//   each frame; what the steps add up to is counted as they come (the
//   frontier's cells too), never recounted from the start; playback runs
//   on animation frames, so a frame is drawn once, when the screen
//   shows it.
// - A trace longer than the page keeps (WATCH_CAP events) says so, in the
//   caption and in each lane cut: the events kept of the search's whole.
//
// Keys as in Solve (← → step, Space plays or pauses, Home and End), and on
// a touch screen a swipe across the boards steps back or forward.

import { abort, algorithms, begin, isAbort } from "./api.js";
import { $, actionStarted, defineMode, report, setMode, state, succeeded } from "./state.js";
import { draftGround, playbackKey } from "./board.js";
import { copyText, current, labelOf, request } from "./link.js";

defineMode("watch", {
  start: startWatch,
  enter: () => showChoices(),
  leave: endWatch,
  end: endWatch,
});

/// Most events the page keeps of one search.
const WATCH_CAP = 100000;
/// Steps asked for in one request (at most the server's `max_steps`): a
/// request outside what the server (or the module) recorded of the search
/// runs it again, so few large ones cost less.
const CHUNK = 5000;
/// Events per second at each position of the speed slider.
const SPEEDS = [1, 2, 4, 8, 15, 30, 60, 120, 250, 500];

const PRUNES = ["visited", "bound", "cap", "dead-end"];

function endWatch() {
  stop();
  abort("watch");
  state.watch = null;
  $("watch-lanes").replaceChildren();
  $("watch-chart").replaceChildren();
  $("watch-cut").textContent = "";
  controls();
}

// ------------------------------------------------------------ choosing

/// The searches of the puzzle on the page ({name, title, about, exact}).
function offered() {
  const list = state.algorithms;
  const mine = list && list.puzzles.find((p) => p.name === state.kind.name);
  return mine ? mine.algorithms : [];
}

/// The checkboxes of the puzzle's searches, each with its paragraph; the
/// first is chosen when none of this puzzle's is.
async function showChoices() {
  if (!state.algorithms) {
    try {
      state.algorithms = await algorithms();
    } catch (e) {
      report(e);
      return;
    }
  }
  const box = $("watch-choices");
  if (box.dataset.puzzle === state.kind.name) return;
  box.dataset.puzzle = state.kind.name;
  const list = offered();
  const max = state.algorithms.max_watched;
  box.replaceChildren(...list.map((a, i) => {
    const item = document.createElement("li");
    const label = document.createElement("label");
    const input = Object.assign(document.createElement("input"), { type: "checkbox", value: a.name, checked: i === 0 });
    input.dataset.algorithm = a.name;
    input.addEventListener("change", () => {
      limitChoices(max);
      startWatch();
    });
    const name = document.createElement("strong");
    name.textContent = a.name;
    label.append(input, name, " — " + a.title + (a.exact ? "" : " (not exact)"));
    const about = document.createElement("p");
    about.className = "hint-text";
    about.textContent = a.about;
    item.append(label, about);
    return item;
  }));
  showLessons(max);
  $("watch-none").hidden = list.length > 0;
  $("watch-max").textContent = "up to " + max;
  limitChoices(max);
}

/// Opens a judge input's first case on the page (levels.js, through
/// main.js: a module below this one).
let openInput = null;
export function onLesson(fn) {
  openInput = fn;
}

/// Puts the rule controls back to the judge's and watches again
/// (editor.js, through main.js).
let judgeRules = null;
export function onJudgeRules(fn) {
  judgeRules = fn;
}

/// The board's settings that are not the judge's, in words ("Max throws
/// 12 (the judge's: 10)"), from the server's description `d`: the
/// searches to watch play the judge's rules only, as the contest
/// programs know no others. `fixable`: all of them are controls, which
/// the page can put back (a setting drawn on the board, such as where
/// the exit is, is the user's edit to undo).
function otherRules(d) {
  const off = state.kind.settings.filter((s) => d.options && d.options[s.key] !== undefined && String(d.options[s.key]) !== s.default);
  return {
    words: off.map((s) => labelOf(s.key) + " " + d.options[s.key] + " (the judge's: " + s.default + ")" + (s.on_board ? ", on the board" : "")),
    fixable: off.length > 0 && off.every((s) => !s.on_board),
  };
}

/// The puzzle's lessons (none listed: the list is hidden): a board each,
/// opened and watched with the searches it is about.
function showLessons(max) {
  const mine = state.algorithms.puzzles.find((p) => p.name === state.kind.name);
  const lessons = (mine && mine.lessons) || [];
  $("watch-lessons").hidden = !lessons.length;
  $("watch-lesson-list").replaceChildren(...lessons.map((lesson) => {
    const item = document.createElement("li");
    const button = Object.assign(document.createElement("button"), { type: "button", textContent: lesson.title });
    button.dataset.lesson = lesson.name;
    button.addEventListener("click", async () => {
      if (!openInput || !(await openInput(lesson.input))) return;
      const names = lesson.algorithms.slice(0, max);
      for (const b of $("watch-choices").querySelectorAll("input")) b.checked = names.includes(b.value);
      limitChoices(max);
      startWatch();
    });
    const about = document.createElement("p");
    about.className = "hint-text";
    about.textContent = lesson.about;
    item.append(button, about);
    return item;
  }));
}

/// At most `max` chosen: the others are disabled until one is unchosen.
function limitChoices(max) {
  const boxes = [...$("watch-choices").querySelectorAll("input")];
  const n = boxes.filter((b) => b.checked).length;
  for (const b of boxes) b.disabled = !b.checked && n >= max;
}

const chosen = () => [...$("watch-choices").querySelectorAll("input:checked")].map((b) => b.value);

// ------------------------------------------------------------- the run

/// Watches the chosen searches on the board on the page from their
/// first event.
export async function startWatch() {
  setMode("watch");
  stop();
  const work = begin("watch");
  state.watch = null;
  $("watch-lanes").replaceChildren();
  $("watch-chart").replaceChildren();
  const since = actionStarted();
  $("watch-status").textContent = "";
  $("watch-exercise").textContent = "";
  $("watch-rules").hidden = true;
  $("watch-quiz").hidden = true;
  $("watch-quiz").replaceChildren();
  controls();
  try {
    await work.wait(showChoices());
    const names = chosen();
    if (!offered().length) return;
    if (!names.length) {
      $("watch-status").textContent = "Choose a search to watch.";
      return;
    }
    const d = await work.wait(current());
    if (d.lacks) {
      $("watch-status").textContent = "Nothing to watch: " + d.lacks;
      return;
    }
    const rules = otherRules(d);
    if (rules.words.length) {
      $("watch-rules-text").textContent = "The searches to watch play the judge's rules only (the contest programs know no others), and this board differs: " +
        rules.words.join("; ") + "." + (rules.fixable ? "" : " Put it back on the board to watch.");
      $("watch-judge-rules").hidden = !rules.fixable || !judgeRules;
      $("watch-rules").hidden = false;
      return;
    }
    const list = offered();
    const w = {
      work, d, k: 0, timer: null, last: 0, queue: Promise.resolve(),
      ground: draftGround(), colors: null,
      lanes: names.map((name) => newLane(list.find((a) => a.name === name))),
    };
    state.watch = w;
    $("watch-status").textContent = "Tracing…";
    // One column a lane, side by side on any screen.
    $("watch-lanes").style.setProperty("--lanes", String(w.lanes.length));
    $("watch-lanes").dataset.lanes = String(w.lanes.length);
    for (const lane of w.lanes) $("watch-lanes").append(lane.box);
    await Promise.all(w.lanes.map((lane) => more(w, lane)));
    succeeded(since);
    $("watch-status").textContent = "";
    frame(0);
    chart(w, names);
  } catch (e) {
    if (isAbort(e)) return;
    $("watch-status").textContent = "";
    report(e);
  }
}

/// A search's lane: its small board, counters and words, and what has
/// been received of its trace.
function newLane(algorithm) {
  const box = document.createElement("section");
  box.className = "watch-lane";
  box.dataset.algorithm = algorithm.name;
  const title = document.createElement("h3");
  title.textContent = algorithm.name;
  title.title = algorithm.name;
  const canvas = document.createElement("canvas");
  canvas.className = "watch-board";
  canvas.setAttribute("role", "img");
  const counters = document.createElement("dl");
  counters.className = "watch-counters";
  counters.setAttribute("aria-live", "polite");
  counters.setAttribute("aria-label", algorithm.name + " counters");
  const say = document.createElement("p");
  say.className = "watch-step";
  const verdict = document.createElement("p");
  verdict.className = "watch-verdict hint-text";
  // The search in pseudocode, the line of the event on show marked.
  const code = document.createElement("ol");
  code.className = "watch-code";
  code.setAttribute("aria-label", algorithm.name + " in pseudocode");
  for (const line of algorithm.code || []) {
    const li = document.createElement("li");
    li.dataset.event = line.event;
    const text = document.createElement("code");
    text.textContent = line.text;
    li.append(text);
    code.append(li);
  }
  // What holds the waiting states: the queue, the priority queue with g,
  // h and f, or the stack of calls, the state being expanded marked.
  const frontier = document.createElement("ol");
  frontier.className = "watch-frontier";
  frontier.dataset.frontier = algorithm.frontier || "queue";
  const frontierTitle = document.createElement("p");
  frontierTitle.className = "watch-frontier-title";
  // The state as the searches pack it, where the puzzle says how: two
  // bits a link of its chain of cells, under the board.
  const mine = state.algorithms.puzzles.find((p) => p.name === state.kind.name);
  const bits = document.createElement("p");
  bits.className = "watch-bits";
  bits.hidden = !(mine && mine.state_code);
  if (mine && mine.state_code) bits.title = mine.state_code;
  box.append(title, canvas, bits, say, counters, verdict, frontierTitle, frontier, code);
  return {
    name: algorithm.name, box, canvas, counters, say, verdict, code, codeShown: -1,
    frontier, frontierTitle, frontierShown: "", bits,
    steps: [], total: null, answer: null, loading: null,
    // What the steps before `at` add up to.
    at: 0, seen: null,
    // The ground drawn once ({canvas, size, key}), and the words and
    // counters on show (written only when they change).
    picture: null, shown: "", countersShown: "",
  };
}

/// Asks for the next chunk of `lane`'s steps (once at a time).
function more(w, lane) {
  if (lane.loading) return lane.loading;
  if (lane.total !== null && lane.steps.length >= Math.min(lane.total, WATCH_CAP)) return Promise.resolve();
  const from = lane.steps.length + 1;
  const count = Math.min(CHUNK, state.algorithms.max_steps, WATCH_CAP - lane.steps.length);
  // One request of the watch at a time, in turn: a client may hold only
  // half the server's search slots, and a request that waits for one too
  // long is refused.
  const ask = () => w.work.post("/api/trace", request(w.d, { algorithm: lane.name, from, count }));
  lane.loading = w.queue.then(ask).then((a) => {
    lane.loading = null;
    if (lane.steps.length + 1 !== from) return;
    // The trace counts rows and columns from 1, as the tool's outputs do;
    // the boards here from 0.
    const cell = (p) => ({ row: p.row - 1, col: p.col - 1 });
    for (const x of a.steps) {
      if (x.at) x.at = cell(x.at);
      if (x.cells) x.cells = x.cells.map(cell);
    }
    lane.steps.push(...a.steps);
    lane.total = a.tally.events;
    lane.answer = a;
    // Nothing after the window: the trace ends where its steps do (a
    // search cut short by its time in this run included). A window may
    // hold fewer steps than asked for and still have `more`: the server
    // cuts long steps at a size.
    if (!a.more) lane.total = lane.steps.length;
  }, (e) => {
    lane.loading = null;
    throw e;
  });
  w.queue = lane.loading.catch(() => {});
  return lane.loading;
}

/// The last step number of the watch: the longest trace, as far as kept.
function end(w) {
  return Math.max(0, ...w.lanes.map((l) => Math.min(l.total || 0, WATCH_CAP)));
}

/// Whether `lane`'s trace is longer than the page keeps.
const cut = (lane) => lane.total !== null && lane.total > WATCH_CAP;

const fmt = (n) => n.toLocaleString("en-US");

/// Shows every lane after `k` events, asking for the chunks it needs
/// first.
async function frame(k) {
  const w = state.watch;
  if (!w) return;
  w.k = Math.max(0, Math.min(end(w), k));
  const kk = w.k;
  const missing = w.lanes.filter((l) => l.steps.length < Math.min(kk, l.total, WATCH_CAP));
  if (missing.length) {
    $("watch-status").textContent = "Loading steps…";
    try {
      while (w.lanes.some((l) => l.steps.length < Math.min(kk, l.total, WATCH_CAP))) {
        await Promise.all(w.lanes.filter((l) => l.steps.length < Math.min(kk, l.total, WATCH_CAP)).map((l) => more(w, l)));
      }
    } catch (e) {
      if (!isAbort(e)) { stop(); report(e); }
      return;
    }
    if (state.watch !== w || w.k !== kk) return;
    $("watch-status").textContent = "";
  }
  w.colors = w.colors || colors();
  // The lanes' widths read before any is drawn: one layout a frame, not
  // one a lane.
  const widths = w.lanes.map((lane) => lane.box.clientWidth || 200);
  w.lanes.forEach((lane, i) => draw(w, lane, Math.min(kk, lane.steps.length), widths[i]));
  controls();
  // Ahead of playback: the next chunk before it is needed.
  for (const lane of w.lanes) if (lane.steps.length - kk < CHUNK / 2) more(w, lane).catch(() => {});
}

/// What `lane`'s first `k` steps add up to: counts by kind, per cell its
/// expansions and smallest depth, and the frontier: the states generated
/// and not yet expanded, known by what a step draws of them (the moving
/// cell and the puzzle's cells, which together are the whole state), so
/// the page needs no rule of the puzzle to keep it.
function seen(w, lane, k) {
  if (!lane.seen || k < lane.at) {
    lane.seen = {
      expand: 0, generate: 0, goal: 0, iteration: 0, prune: Object.fromEntries(PRUNES.map((p) => [p, 0])),
      cells: new Map(), top: 1, waitingAt: new Map(),
      // The waiting states, by step index: every one generated and not yet
      // expanded (their count is the frontier's), and each state's indices
      // in the order they came (its first is expanded first).
      live: new Set(), byKey: new Map(),
    };
    lane.at = 0;
  }
  const s = lane.seen;
  const width = w.ground.width;
  for (; lane.at < k; lane.at++) {
    const step = lane.steps[lane.at];
    if (step.kind === "prune") s.prune[step.why] = (s.prune[step.why] || 0) + 1;
    else s[step.kind] = (s[step.kind] || 0) + 1;
    // A new phase searches anew (a bound's own search before the main
    // one): its frontier and visits start empty. The bound on show is the
    // last one found, or the current iteration's.
    if (step.kind === "phase") {
      s.live.clear();
      s.byKey.clear();
      s.waitingAt.clear();
      s.cells.clear();
      s.top = 1;
    }
    if (step.kind === "iteration") s.bound = step.estimate;
    if (step.kind === "bound") s.bound = step.estimate === undefined ? "none" : step.estimate;
    if ((step.kind === "generate" || step.kind === "expand") && step.at) {
      const id = stateKey(step);
      const same = s.byKey.get(id);
      const cell = step.at.row * width + step.at.col;
      if (step.kind === "generate") {
        s.live.add(lane.at);
        if (same) same.push(lane.at); else s.byKey.set(id, [lane.at]);
        s.waitingAt.set(cell, (s.waitingAt.get(cell) || 0) + 1);
      } else if (same) {
        s.live.delete(same.shift());
        if (!same.length) s.byKey.delete(id);
        const left = s.waitingAt.get(cell) - 1;
        if (left > 0) s.waitingAt.set(cell, left); else s.waitingAt.delete(cell);
      }
    }
    if (step.kind === "expand" && step.at) {
      const key = step.at.row * width + step.at.col;
      const c = s.cells.get(key) || { n: 0, depth: step.depth };
      c.n += 1;
      c.depth = Math.min(c.depth, step.depth);
      s.cells.set(key, c);
      if (c.n > s.top) s.top = c.n;
    }
  }
  return s;
}

/// A state as a step draws it (the moving cell and the puzzle's cells),
/// as a key.
function stateKey(step) {
  let key = step.at.row + "," + step.at.col;
  for (const p of step.cells || []) key += ";" + p.row + "," + p.col;
  return key;
}

/// The cells from the start to step `step`: its own, then its parent
/// expansions' back to the root, root first.
function path(lane, step) {
  const cells = [];
  let s = step;
  for (let guard = 0; s && guard < 100000; guard++) {
    if (s.at) cells.push(s.at);
    s = s.parent ? lane.steps[s.parent - 1] : null;
  }
  return cells.reverse();
}

const at = (p) => "row " + (p.row + 1) + ", column " + (p.col + 1);

/// Where a `visited` prune's state is already held: at which depth (a
/// queue or stack) or g (a priority queue), and, when that is more moves
/// than the way just dropped, that a shorter way was lost: the decisive
/// prune of a search that marks states when it queues them.
function held(step, lane) {
  if (step.held === undefined) return "";
  const word = lane && lane.frontier.dataset.frontier === "priority" ? "g = " : "depth ";
  const lost = step.held > step.depth ? ": a shorter way dropped, never to be reopened" : "";
  return "; already held at " + word + step.held + lost;
}

/// The step in words.
function describeStep(step, lane) {
  if (!step) return "Before the first event: the start state.";
  const where = step.at ? " at " + at(step.at) : "";
  const depth = " (depth " + step.depth + (step.estimate !== undefined ? ", estimate " + step.estimate : "") + ")";
  switch (step.kind) {
    case "expand": return "Expands a state" + where + depth + ".";
    case "generate": return "Generates a successor" + where + depth + ".";
    case "prune": return "Prunes a successor" + where + ": " + step.why + depth + held(step, lane) + ".";
    case "goal": return "Reaches the goal" + where + " in " + step.depth + " moves.";
    case "iteration": return "Starts a new iteration under bound " + step.estimate + ".";
    case "phase": return "Begins a phase: " + step.note + ".";
    case "bound": return (step.note || "A bound") + (step.estimate !== undefined ? ": " + step.estimate : "") + ".";
    default: return step.kind + where + ".";
  }
}

/// The colours of the board's roles and the search's marks, in the theme
/// on show (the palette's CSS variables, read once a watch and again when
/// the theme changes).
function colors() {
  const css = getComputedStyle(document.documentElement);
  const v = (name) => css.getPropertyValue(name).trim();
  const out = {};
  for (const role of ["floor", "wall", "goal", "start", "broken", "piece", "body"]) {
    out[role + "Fill"] = v("--" + role + "-fill");
    out[role + "Line"] = v("--" + role + "-line");
  }
  Object.assign(out, { accent: v("--accent"), ink: v("--ink"), good: v("--good"), bad: v("--bad"), panel: v("--panel") });
  return out;
}

/// `lane`'s board without the search: its ground, grid and goal rings,
/// drawn once at cell size `size` (and again only at another size, or in
/// another theme).
function groundPicture(w, lane, size, scale) {
  const key = size + ":" + scale + ":" + w.colors.floorFill;
  if (lane.picture && lane.picture.key === key) return lane.picture.canvas;
  const g = w.ground;
  const canvas = document.createElement("canvas");
  canvas.width = Math.ceil(g.width * size * scale);
  canvas.height = Math.ceil(g.height * size * scale);
  const ctx = canvas.getContext("2d");
  ctx.scale(scale, scale);
  const c = w.colors;
  g.ground.forEach((m, i) => {
    const r = Math.floor(i / g.width), col = i % g.width;
    const fill = c[(m.role === "wall" || m.role === "goal" ? m.role : "floor") + "Fill"];
    ctx.fillStyle = fill;
    ctx.fillRect(col * size, r * size, size, size);
  });
  ctx.strokeStyle = c.floorLine;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let r = 0; r <= g.height; r++) { ctx.moveTo(0, r * size + 0.5); ctx.lineTo(g.width * size, r * size + 0.5); }
  for (let col = 0; col <= g.width; col++) { ctx.moveTo(col * size + 0.5, 0); ctx.lineTo(col * size + 0.5, g.height * size); }
  ctx.stroke();
  g.ground.forEach((m, i) => {
    if (m.role !== "goal") return;
    const r = Math.floor(i / g.width), col = i % g.width;
    ctx.strokeStyle = c.goalLine;
    ctx.lineWidth = Math.max(1.5, size * 0.08);
    ctx.beginPath();
    ctx.arc((col + 0.5) * size, (r + 0.5) * size, size * 0.3, 0, 2 * Math.PI);
    ctx.stroke();
  });
  lane.picture = { key, canvas };
  return canvas;
}

/// Draws `lane` after its first `k` events: the ground (drawn once), then
/// the cells expanded (shaded by how often, labelled by depth or count),
/// the frontier's dots, the cells the state holds (blocks broken, a
/// body), the path from the start, and the current event's disc or cross.
function draw(w, lane, k, laneWidth) {
  const s = seen(w, lane, k);
  const step = k > 0 ? lane.steps[k - 1] : null;
  // Before the first event, the start state: the search's first
  // expansion (after a phase's opening), drawn as the board it begins on.
  const start = k === 0 ? lane.steps.slice(0, 3).find((x) => x.kind === "expand") || null : null;
  const g = w.ground;
  const c = w.colors;
  const size = Math.max(4, Math.min(36, Math.floor((laneWidth - 4) / g.width)));
  const scale = Math.min(2, window.devicePixelRatio || 1);
  const canvas = lane.canvas;
  const W = g.width * size, H = g.height * size;
  if (canvas.width !== Math.ceil(W * scale) || canvas.height !== Math.ceil(H * scale)) {
    canvas.width = Math.ceil(W * scale);
    canvas.height = Math.ceil(H * scale);
    canvas.style.width = W + "px";
    canvas.style.height = H + "px";
  }
  const ctx = canvas.getContext("2d");
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(groundPicture(w, lane, size, scale), 0, 0);
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  // A prune or a goal draws no cells of its own: the state it came from
  // (its parent expansion) is what the board still holds.
  const holder = start || (step && !(step.cells && step.cells.length) && step.parent ? lane.steps[step.parent - 1] : step);
  const bodies = [];
  for (const p of (holder && holder.cells) || []) {
    const i = p.row * g.width + p.col;
    if (g.ground[i] && g.ground[i].role === "wall") {
      // A block broken: the floor, outlined as broken.
      ctx.fillStyle = c.floorFill;
      ctx.fillRect(p.col * size + 0.5, p.row * size + 0.5, size - 1, size - 1);
      ctx.strokeStyle = c.brokenLine;
      ctx.lineWidth = 2;
      ctx.setLineDash([4, 3]);
      ctx.strokeRect(p.col * size + 2, p.row * size + 2, size - 4, size - 4);
      ctx.setLineDash([]);
    } else bodies.push(p);
  }
  const label = $("watch-label").value;
  const text = size >= 12;
  if (text) {
    ctx.font = Math.round(size * 0.45) + "px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
  }
  ctx.fillStyle = c.accent;
  const logTop = Math.log(1 + s.top);
  for (const [i, v] of s.cells) {
    const r = Math.floor(i / g.width), col = i % g.width;
    ctx.globalAlpha = 0.15 + 0.5 * Math.log(1 + v.n) / logTop;
    ctx.fillRect(col * size + 1, r * size + 1, size - 2, size - 2);
  }
  ctx.globalAlpha = 1;
  if (text) {
    ctx.fillStyle = c.ink;
    for (const [i, v] of s.cells) {
      const r = Math.floor(i / g.width), col = i % g.width;
      ctx.fillText(String(label === "count" ? v.n : v.depth), (col + 0.5) * size, (r + 0.5) * size);
    }
  }
  // The frontier: a dot on each cell where a waiting state's mover stands.
  ctx.fillStyle = c.good;
  ctx.strokeStyle = c.panel;
  ctx.lineWidth = 1;
  for (const i of s.waitingAt.keys()) {
    const r = Math.floor(i / g.width), col = i % g.width;
    ctx.beginPath();
    ctx.arc((col + 0.5) * size, (r + 0.5) * size, Math.max(1.5, size * 0.14), 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
  }
  for (const p of bodies) {
    ctx.fillStyle = c.bodyFill;
    ctx.strokeStyle = c.bodyLine;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.roundRect(p.col * size + 2, p.row * size + 2, size - 4, size - 4, size * 0.3);
    ctx.fill();
    ctx.stroke();
  }
  const mark = step || start;
  if (mark && mark.at) {
    const cells = path(lane, mark);
    if (cells.length > 1) {
      ctx.strokeStyle = c.pieceLine;
      ctx.globalAlpha = 0.8;
      ctx.lineWidth = 2.5;
      ctx.lineJoin = "round";
      ctx.beginPath();
      cells.forEach((p, i) => (i ? ctx.lineTo : ctx.moveTo).call(ctx, (p.col + 0.5) * size, (p.row + 0.5) * size));
      ctx.stroke();
      ctx.globalAlpha = 1;
    }
    const cx = (mark.at.col + 0.5) * size, cy = (mark.at.row + 0.5) * size;
    if (mark.kind === "prune") {
      const d = size * 0.3;
      ctx.strokeStyle = c.bad;
      ctx.lineWidth = 3;
      ctx.lineCap = "round";
      ctx.beginPath();
      ctx.moveTo(cx - d, cy - d); ctx.lineTo(cx + d, cy + d);
      ctx.moveTo(cx + d, cy - d); ctx.lineTo(cx - d, cy + d);
      ctx.stroke();
    } else {
      ctx.fillStyle = c.pieceFill;
      ctx.strokeStyle = mark.kind === "goal" ? c.good : c.pieceLine;
      ctx.lineWidth = mark.kind === "goal" ? 3 : 2;
      ctx.beginPath();
      ctx.arc(cx, cy, size * 0.36, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
    }
  }
  const words = describeStep(step, lane);
  const frontier = " Frontier: " + s.live.size + (s.live.size === 1 ? " state" : " states") + " waiting.";
  const of = lane.total === null ? "?" : cut(lane) ? fmt(WATCH_CAP) + " kept of " + fmt(lane.total) : lane.total;
  const said = "Step " + k + " of " + of + ": " + words + frontier;
  // Written when they change only: the page's text is not laid out again
  // at every frame for nothing.
  if (said !== lane.shown) {
    lane.shown = said;
    lane.say.textContent = said;
    canvas.setAttribute("aria-label", lane.name + ", step " + k + ": " + words + " " + s.cells.size + " cells expanded so far." + frontier);
  }
  showCounters(lane, s, k);
  showCode(lane, step, s);
  showFrontier(lane, step, s);
  if (!lane.bits.hidden) showBits(lane, holder);
}

/// The side `b` lies on of `a`, as two bits: 00 right, 01 below, 10
/// left, 11 above; and as an arrow.
function side(a, b) {
  if (b.col === a.col + 1) return ["00", "→"];
  if (b.row === a.row + 1) return ["01", "↓"];
  if (b.col + 1 === a.col) return ["10", "←"];
  return ["11", "↑"];
}

/// The state's code under the board: the links from the moving cell
/// along its cells, two bits each, with the side each stands for.
function showBits(lane, holder) {
  let words = "";
  if (holder && holder.at) {
    const chain = [holder.at, ...(holder.cells || [])];
    const links = chain.slice(1).map((p, i) => side(chain[i], p));
    words = links.length
      ? "State code: " + links.map((l) => l[0]).join(" ") + "  (" + links.map((l) => l[1]).join(" ") + ")"
      : "State code: the head alone, no link";
  }
  if (lane.bits.textContent !== words) lane.bits.textContent = words;
}

/// How many waiting states the frontier's view lists at its front and at
/// its back; the rest are counted.
const FRONT = 5, BACK = 3;

/// The frontier's view: for a queue, the waiting states in the order
/// they will be taken (first in, first out); for a priority queue, by
/// f = g + h, ties first in first out, with g, h and f; for a stack, the
/// calls from the start to the one on show. The state being expanded
/// heads the list, marked. Bounded: the first FRONT and the last BACK,
/// with the count between.
function showFrontier(lane, step, s) {
  const how = lane.frontier.dataset.frontier;
  const where = (x) => "row " + (x.at.row + 1) + ", col " + (x.at.col + 1);
  const priority = (x) => "f " + (x.depth + (x.estimate || 0)) + " = g " + x.depth + " + h " + (x.estimate || 0);
  const item = (x) => (how === "priority" ? priority(x) : "g " + x.depth) + " · " + where(x);
  let title, rows = [];
  if (how === "stack") {
    const calls = [];
    let e = step && (step.kind === "expand" ? step : step.parent ? lane.steps[step.parent - 1] : null);
    for (let guard = 0; e && guard < 1000; guard++) {
      calls.push(e);
      e = e.parent ? lane.steps[e.parent - 1] : null;
    }
    title = "Stack of calls: " + calls.length + (calls.length === 1 ? " call" : " calls") + ", the newest first";
    const shown = calls.length > FRONT + BACK ? [...calls.slice(0, FRONT), null, ...calls.slice(-BACK)] : calls;
    rows = shown.map((x, i) => x ? ["depth " + x.depth + " · " + where(x), i === 0] : ["… " + (calls.length - FRONT - BACK) + " more …", false]);
  } else {
    const waiting = [];
    for (const i of s.live) waiting.push(lane.steps[i]);
    const shown = how === "priority"
      ? endsBy(waiting, (x) => x.depth + (x.estimate || 0))
      : waiting.length > FRONT + BACK ? [...waiting.slice(0, FRONT), null, ...waiting.slice(-BACK)] : waiting;
    title = (how === "priority" ? "Priority queue" : "Queue") + ": " + waiting.length + " waiting";
    if (step && step.kind === "expand" && step.at) rows.push(["taken: " + item(step), true]);
    for (const x of shown) rows.push(x ? [item(x), false] : ["… " + (waiting.length - FRONT - BACK) + " more …", false]);
  }
  const text = title + "|" + rows.map((r) => r[0] + r[1]).join("/");
  if (text === lane.frontierShown) return;
  lane.frontierShown = text;
  lane.frontierTitle.textContent = title;
  lane.frontier.replaceChildren(...rows.map(([words, current]) => {
    const li = document.createElement("li");
    li.textContent = words;
    if (current) li.setAttribute("aria-current", "true");
    return li;
  }));
}

/// What the view shows of a priority queue: `items` in the order of
/// `key`, ties in their order in `items` (first in, first out), all of
/// them when they are few, else the FRONT first, `null`, and the BACK
/// last. One pass that keeps only those: sorting a frontier of tens of
/// thousands at every frame made a fast Watch stutter.
function endsBy(items, key) {
  const before = (a, b) => a[0] - b[0] || a[1] - b[1];
  const keyed = (x, i) => [key(x), i, x];
  if (items.length <= FRONT + BACK) return items.map(keyed).sort(before).map((t) => t[2]);
  const place = (list, t) => {
    let k = 0;
    while (k < list.length && before(list[k], t) < 0) k++;
    list.splice(k, 0, t);
  };
  const front = [], back = [];
  items.forEach((x, i) => {
    const t = keyed(x, i);
    if (front.length < FRONT || before(t, front[front.length - 1]) < 0) {
      place(front, t);
      if (front.length > FRONT) front.pop();
    }
    if (back.length < BACK || before(back[0], t) < 0) {
      place(back, t);
      if (back.length > BACK) back.shift();
    }
  });
  return [...front.map((t) => t[2]), null, ...back.map((t) => t[2])];
}

/// Marks the pseudocode line of `step`'s event (a prune's line by its
/// reason; of several lines of one event, a phase's by the phases seen so
/// far), or none before the first event.
function showCode(lane, step, s) {
  const lines = [...lane.code.children];
  let at = -1;
  if (step) {
    const event = step.kind === "prune" ? "prune:" + step.why : step.kind;
    const matching = lines.map((li, i) => [li, i]).filter(([li]) => li.dataset.event === event);
    if (matching.length) {
      const nth = step.kind === "phase" ? Math.min(matching.length, s.phase || 1) - 1 : 0;
      at = matching[nth][1];
    }
  }
  if (at === lane.codeShown) return;
  lane.codeShown = at;
  lines.forEach((li, i) => {
    if (i === at) li.setAttribute("aria-current", "step");
    else li.removeAttribute("aria-current");
  });
  lane.code.dataset.line = String(at);
}

/// The counters: the steps seen so far, by kind; at the end of a trace
/// cut by the page's cap, the server's totals instead, said as such.
function showCounters(lane, s, k) {
  const a = lane.answer;
  const whole = lane.total > WATCH_CAP && k >= WATCH_CAP;
  const t = a && a.tally;
  const rows = whole ? [
    ["expanded", t.expanded], ["generated", t.generated],
    ...PRUNES.map((p) => ["pruned: " + p, t.pruned[p]]), ["goals", t.goals],
  ] : [
    ["expanded", s.expand], ["generated", s.generate],
    ...PRUNES.map((p) => ["pruned: " + p, s.prune[p]]), ["goals", s.goal],
  ];
  if ((t && t.iterations) || s.iteration) rows.push(["iterations", whole ? t.iterations : s.iteration]);
  if (s.phase) rows.push(["phases", s.phase]);
  if (s.bound !== undefined) rows.push(["bound", s.bound]);
  // A trace cut by the page: the events kept, of the search's whole.
  const kept = cut(lane) ? fmt(Math.min(k, WATCH_CAP)) + " of " + fmt(lane.total) : null;
  const names = rows.map((r) => r[0]).join() + "|" + !!kept;
  if (names === lane.countersShown) {
    // The same rows: their numbers only, where they changed.
    const dds = lane.counters.querySelectorAll("dd");
    rows.forEach(([, n], i) => { if (dds[i].textContent !== String(n)) dds[i].textContent = n; });
    if (kept && dds[rows.length].textContent !== kept) {
      dds[rows.length].textContent = kept;
      dds[rows.length].dataset.kept = String(Math.min(k, WATCH_CAP));
    }
    return finishCounters(lane, k, whole);
  }
  lane.countersShown = names;
  lane.counters.replaceChildren(...rows.flatMap(([name, n]) => {
    const dt = document.createElement("dt");
    dt.textContent = name;
    const dd = document.createElement("dd");
    dd.textContent = n;
    dd.dataset.counter = name.replace("pruned: ", "pruned-");
    return [dt, dd];
  }));
  if (kept) {
    const dt = document.createElement("dt");
    dt.textContent = "events kept (cut)";
    const dd = document.createElement("dd");
    dd.textContent = kept;
    dd.dataset.kept = String(Math.min(k, WATCH_CAP));
    lane.counters.append(dt, dd);
  }
  finishCounters(lane, k, whole);
}

/// The lane's verdict: the answer at the end, and the cut.
function finishCounters(lane, k, whole) {
  const a = lane.answer;
  // At the end of what the page keeps, the counters are the whole run's
  // (see `whole`), so the answer is shown there too.
  const done = lane.total !== null && k >= Math.min(lane.total, WATCH_CAP);
  let verdict = "";
  if (a) {
    if (a.limit) verdict = "Stopped: " + a.limit + ".";
    else if (done) {
      const answer = a.answer === -1 ? "no solution (-1)" : a.answer + " moves";
      verdict = "Answer: " + answer + (a.correct === false ? " — wrong: the exact answer is " + a.exact : a.correct ? " — right" : " — not checked") +
        ". Peak frontier " + a.peak_frontier + ", peak stored " + a.peak_stored + ".";
      // No state expanded: how the answer was settled, in the search's
      // own words (its last bound event), not a blank board.
      const settled = a.tally.expanded === 0 && [...lane.steps].reverse().find((x) => x.kind === "bound" && x.note);
      if (settled) verdict = settled.note.replace(/^./, (c) => c.toUpperCase()) + ". " + verdict;
    }
    if (cut(lane)) verdict += " Cut: the page keeps the first " + fmt(WATCH_CAP) + " of its " + fmt(lane.total) + " events" + (whole ? "; the counters are the whole run's." : ".");
  }
  if (lane.verdict.textContent !== verdict) lane.verdict.textContent = verdict;
  lane.box.dataset.done = done ? "1" : "0";
}

/// The growth chart of the chosen searches, from the server. It waits its
/// turn behind the chunks asked for before it, as they do: the server
/// draws it from the searches those chunks ran, without a search of its
/// own, and the page never holds more than its share of search slots.
async function chart(w, names) {
  try {
    const ask = () => w.work.post("/api/trace/chart", request(w.d, { algorithms: names }), "text");
    const drawn = w.queue.then(ask);
    w.queue = drawn.catch(() => {});
    const svg = await drawn;
    if (state.watch !== w) return;
    const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
    const picture = document.importNode(doc.documentElement, true);
    picture.removeAttribute("width");
    picture.removeAttribute("height");
    $("watch-chart").replaceChildren(picture);
  } catch (e) {
    report(e);
  }
}

// ------------------------------------------------------------ controls

/// The buttons and the scrubber for the watch on show (disabled without
/// one).
function controls() {
  const w = state.watch;
  const last = w ? end(w) : 0;
  const k = w ? w.k : 0;
  $("watch-scrub").max = String(last);
  $("watch-scrub").value = String(k);
  $("watch-scrub").disabled = !w;
  $("watch-scrub").setAttribute("aria-valuetext", "step " + k + " of " + last);
  $("watch-first").disabled = !w || k === 0;
  $("watch-back").disabled = !w || k === 0;
  $("watch-step").disabled = !w || k >= last;
  $("watch-last").disabled = !w || k >= last;
  $("watch-play").disabled = !w || !last;
  for (const id of ["watch-predict", "watch-ask-wrong", "watch-ask-fewest"]) $(id).disabled = !w;
  $("watch-at").textContent = w ? "Step " + k + " of " + last : "";
  $("watch-at").dataset.k = k;
  // A trace longer than the page keeps: said in words, with the whole.
  const cuts = w ? w.lanes.filter(cut) : [];
  const said = cuts.length ? "Cut: the page keeps the first " + fmt(WATCH_CAP) + " events of each search; " +
    cuts.map((l) => l.name + " has " + fmt(l.total)).join(", ") + "." : "";
  if ($("watch-cut").textContent !== said) $("watch-cut").textContent = said;
  // Counters are read out when the user steps, not on every tick.
  if (w) for (const lane of w.lanes) lane.counters.setAttribute("aria-live", w.timer ? "off" : "polite");
}

function step(delta) {
  const w = state.watch;
  if (!w) return;
  stop();
  frame(w.k + delta);
}

function jump(toEnd) {
  const w = state.watch;
  if (!w) return;
  stop();
  frame(toEnd ? end(w) : 0);
}

/// Plays the watch on animation frames: each frame moves on by the
/// events its time is worth at the speed chosen, and is drawn once. A
/// frame still waiting for its steps holds the clock.
function togglePlay() {
  const w = state.watch;
  if (!w) return;
  if (w.timer) return stop();
  if (w.k >= end(w)) frame(0);
  $("watch-play").textContent = "❚❚ Pause";
  w.last = performance.now();
  let carry = 0, busy = false;
  const tick = (t) => {
    if (state.watch !== w || !w.timer) return;
    if (w.k >= end(w)) return stop();
    w.timer = requestAnimationFrame(tick);
    if (busy) {
      w.last = t;
      return;
    }
    carry += Math.max(0, t - w.last) / 1000 * SPEEDS[Number($("watch-speed").value) - 1];
    w.last = t;
    const n = Math.floor(carry);
    carry -= n;
    if (n > 0) {
      busy = true;
      frame(w.k + n).finally(() => { busy = false; });
    }
  };
  w.timer = requestAnimationFrame(tick);
  controls();
}

function stop() {
  const w = state.watch;
  if (w && w.timer) cancelAnimationFrame(w.timer);
  if (w) w.timer = null;
  $("watch-play").textContent = "▶ Play";
  if (w) controls();
}

/// The keys of Watch mode, as Solve's: ← → step, Space plays or pauses,
/// Home and End. True when the key was one of them.
export function watchKey(event) {
  return playbackKey(event, { step, togglePlay, jump });
}

/// A swipe across the boards steps forward (to the left) or back.
let swipe = null;
function onPointer(event) {
  if (event.type === "pointerdown") {
    swipe = { id: event.pointerId, x: event.clientX, y: event.clientY };
    return;
  }
  const start = swipe;
  if (!start || start.id !== event.pointerId) return;
  swipe = null;
  if (event.type === "pointercancel") return;
  const dx = event.clientX - start.x, dy = event.clientY - start.y;
  if (Math.abs(dx) >= 24 && Math.abs(dx) > 2 * Math.abs(dy)) step(dx < 0 ? 1 : -1);
  else if (state.watch && state.watch.predicting && event.target.classList.contains("watch-board")) predicted(event);
}

// ----------------------------------------------------------- exercise

/// The exercise "predict the next expansion": the first lane's next
/// expanded state, guessed by a click on its board, then shown. The
/// page checks the guess against the trace itself (the next `expand`
/// step after the one on show), so it holds for any search and board.
async function predict() {
  const w = state.watch;
  if (!w) return;
  stop();
  w.predicting = true;
  $("watch-quiz").hidden = true;
  $("watch-exercise").textContent = "Where does " + w.lanes[0].name + " expand its next state? Click that cell on its board.";
}

/// The guess of the click `event` on the first lane's board, judged.
async function predicted(event) {
  const w = state.watch;
  const lane = w.lanes[0];
  if (event.target !== lane.canvas) return;
  w.predicting = false;
  const box = lane.canvas.getBoundingClientRect();
  const size = box.width / w.ground.width;
  const guess = { row: Math.floor((event.clientY - box.top) / size), col: Math.floor((event.clientX - box.left) / size) };
  // The next expansion after the step on show, its steps fetched first.
  let at = w.k;
  for (;;) {
    while (at >= lane.steps.length && (lane.total === null || lane.steps.length < Math.min(lane.total, WATCH_CAP))) await more(w, lane);
    if (at >= lane.steps.length) break;
    if (lane.steps[at].kind === "expand" && lane.steps[at].at) break;
    at++;
  }
  const next = lane.steps[at];
  if (!next) {
    $("watch-exercise").textContent = "No state is expanded after this step.";
    return;
  }
  const right = next.at.row === guess.row && next.at.col === guess.col;
  const where = "row " + (next.at.row + 1) + ", column " + (next.at.col + 1);
  w.right = (w.right || 0) + (right ? 1 : 0);
  w.tried = (w.tried || 0) + 1;
  $("watch-exercise").dataset.right = right ? "1" : "0";
  $("watch-exercise").textContent = (right ? "Right: " : "Not quite: ") + "it expands " + where + " at depth " + next.depth +
    ", event " + (at + 1) + ". " + w.right + " of " + w.tried + " right so far.";
  frame(at + 1);
}

/// The exercises "which search answers wrong here?" and "which expands
/// the fewest states?": a choice among the lanes on show (and "none" for
/// the first), checked against what the server said of each run — its
/// answer judged against the exact solver's (`correct`) and its whole
/// tally — so they hold for any board and any searches, and nothing is
/// given away before the user chooses (the lanes show their answers only
/// at their ends).
function ask(kind) {
  const w = state.watch;
  if (!w) return;
  stop();
  w.predicting = false;
  const quiz = $("watch-quiz");
  const choices = w.lanes.map((l) => l.name);
  if (kind === "wrong") choices.push("none of them");
  const question = kind === "wrong"
    ? "Which of these searches answers this board wrong?"
    : "Which of these searches expands the fewest states on this board?";
  $("watch-exercise").textContent = question;
  delete $("watch-exercise").dataset.right;
  quiz.replaceChildren(...choices.map((name) => {
    const b = Object.assign(document.createElement("button"), { type: "button", textContent: name });
    b.dataset.choice = name;
    b.addEventListener("click", () => judged(w, kind, name));
    return b;
  }));
  quiz.hidden = false;
  quiz.firstChild.focus();
}

/// The choice `name` for the exercise `kind`, judged and explained.
function judged(w, kind, name) {
  if (state.watch !== w) return;
  const quiz = $("watch-quiz");
  quiz.hidden = true;
  quiz.replaceChildren();
  const runs = w.lanes.map((l) => ({ name: l.name, a: l.answer }));
  // A run stopped by a budget has no answer to judge, nor a whole count.
  const open = runs.filter((r) => !r.a || r.a.limit);
  let right, why;
  if (kind === "wrong") {
    const wrong = runs.filter((r) => r.a && r.a.correct === false);
    const said = (r) => r.name + " answers " + r.a.answer + " where the exact answer is " + r.a.exact;
    right = name === "none of them" ? wrong.length === 0 && open.length === 0 : wrong.some((r) => r.name === name);
    why = wrong.length ? wrong.map(said).join("; ") + "." : open.length ? "" : "every search on show answers " + runs[0].a.exact + ", the exact answer.";
  } else {
    const done = runs.filter((r) => r.a && !r.a.limit);
    const least = Math.min(...done.map((r) => r.a.tally.expanded));
    const best = done.filter((r) => r.a.tally.expanded === least);
    right = open.length === 0 && best.some((r) => r.name === name);
    why = done.length ? done.map((r) => r.name + " " + fmt(r.a.tally.expanded)).join(", ") + " states expanded." : "";
  }
  if (open.length) why += " " + open.map((r) => r.name).join(", ") + " stopped before an answer, so this board cannot settle it.";
  w.right = (w.right || 0) + (right ? 1 : 0);
  w.tried = (w.tried || 0) + 1;
  $("watch-exercise").dataset.right = right ? "1" : "0";
  $("watch-exercise").textContent = (right ? "Right: " : "Not quite: ") + why +
    " " + w.right + " of " + w.tried + " right so far.";
}

/// The link to the step on show: the board's, with the searches watched
/// and the step (`?mode=watch&watch=A,B&step=K#ID`), which `openAt` opens.
function stepLink() {
  const w = state.watch;
  if (!w) return null;
  const url = new URL(location.href);
  url.search = "";
  url.searchParams.set("mode", "watch");
  url.searchParams.set("watch", w.lanes.map((l) => l.name).join(","));
  url.searchParams.set("step", String(w.k));
  return url.href;
}

/// Opens Watch at step `k` of the searches `names`, on the board already
/// on the page (a step's link: see `stepLink`). The link's part after
/// the path is taken out of the address bar, which follows the board
/// again.
export async function openAt(names, k) {
  const url = new URL(location.href);
  for (const key of ["mode", "watch", "step"]) url.searchParams.delete(key);
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  setMode("watch");
  await showChoices();
  const known = offered().map((a) => a.name);
  const chosen = names.filter((n) => known.includes(n)).slice(0, state.algorithms.max_watched);
  if (chosen.length) {
    for (const b of $("watch-choices").querySelectorAll("input")) b.checked = chosen.includes(b.value);
    limitChoices(state.algorithms.max_watched);
  }
  await startWatch();
  if (state.watch) await frame(k);
}

export function wire() {
  $("watch-predict").addEventListener("click", predict);
  $("watch-ask-wrong").addEventListener("click", () => ask("wrong"));
  $("watch-judge-rules").addEventListener("click", () => { if (judgeRules) judgeRules(); });
  $("watch-ask-fewest").addEventListener("click", () => ask("fewest"));
  $("watch-link").addEventListener("click", async () => {
    const href = stepLink();
    if (!href) return;
    $("watch-link").dataset.href = href;
    if (!(await copyText(href, $("watch-link"), "Link copied ✓", $("watch-status")))) {
      $("watch-status").textContent = "The link to this step: " + href;
    }
  });
  $("watch-first").addEventListener("click", () => jump(false));
  $("watch-back").addEventListener("click", () => step(-1));
  $("watch-step").addEventListener("click", () => step(1));
  $("watch-last").addEventListener("click", () => jump(true));
  $("watch-play").addEventListener("click", togglePlay);
  $("watch-start").addEventListener("click", startWatch);
  $("watch-scrub").addEventListener("input", () => {
    // Read before stop(), which puts the scrubber back at the step shown.
    const k = Number($("watch-scrub").value);
    stop();
    frame(k);
  });
  $("watch-label").addEventListener("change", () => { if (state.watch) frame(state.watch.k); });
  // Another theme: the boards in its colours.
  window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
    const w = state.watch;
    if (!w) return;
    w.colors = null;
    frame(w.k);
  });
  for (const type of ["pointerdown", "pointerup", "pointercancel"]) $("watch-lanes").addEventListener(type, onPointer);
  window.addEventListener("resize", () => { if (state.mode === "watch" && state.watch) frame(state.watch.k); });
}
