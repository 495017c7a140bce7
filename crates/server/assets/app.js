// The page of `gridpuzzle serve`: edit a board, solve it and watch the
// solution, play it, generate one, share it as a link.
//
// Why it is shaped so: the page knows no rule of either puzzle. It holds a
// board (cells, and the start/goal or the snake and the exit), writes it as
// judge text, and asks the server: /api/solve for the optimum (the same
// record as `solve --format json`), /api/play for what each of a list of
// moves changes (the page rebuilds the positions from it), the first refused move with the rules' reason, and
// an exact hint; /api/cases to read a judge input into boards;
// /api/generate for new boards. So every answer on the page comes from the
// same Rust code as the command line, and a move the page draws is one the
// rules played. Plain script, no framework, nothing fetched from anywhere
// but this server.
//
// The board is also in the URL fragment, a compact game ID that a link
// reopens:
//   #curling/WxH/CELLS[/cap=N|none]
//       CELLS: the judge codes (0 ice, 1 block, 2 start, 3 goal), 2 bits
//       each, three cells per base64url character, row by row.
//   #holedox/WxH/STONES/R.C.DIRS[/exit=R,C][/rule=lenient]
//       STONES: 1 bit per cell, six per base64url character, row by row;
//       R.C: the head's 0-based row and column; DIRS: for each further
//       segment, the direction (U, D, L, R) from the one before it;
//       exit: 1-based, as on the command line.
"use strict";

const SAMPLES = {
  curling: "2 1\n3 2\n6 6\n1 0 0 2 1 0\n1 1 0 0 0 0\n0 0 0 0 0 3\n0 0 0 0 0 0\n1 0 0 0 0 1\n0 1 1 1 1 1\n6 1\n1 1 2 1 1 3\n6 1\n1 0 2 1 1 3\n12 1\n2 0 1 1 1 1 1 1 1 1 1 3\n13 1\n2 0 1 1 1 1 1 1 1 1 1 1 3\n0 0\n",
  holedox: "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n\n4 4 4\n2 3\n1 3\n1 4\n2 4\n4\n\n2 1\n2 2\n3 4\n4 2\n\n0 0 0\n",
};
const MOVE_WORD = { curling: ["throw", "throws"], holedox: ["step", "steps"] };
const DIRS = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] };
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const MAX_SIDE = 100;
const TOOL_HELP = {
  ice: "Click or drag to clear cells.",
  block: "Click or drag to place blocks.",
  start: "Click to place the stone's start.",
  goal: "Click to place the goal.",
  floor: "Click or drag to clear stones.",
  stone: "Click or drag to place stones.",
  snake: "Press on the head and drag to the tail (or click cell by cell); click the tail to take it back.",
  exit: "Click to place the exit.",
};

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- the board

/// The board being edited. Curling: `cells` holds judge codes 0-3.
/// Holedox: `cells` holds 1 for a stone; `body` is [row, col] head first.
let board = null;
let tool = { curling: "block", holedox: "stone" };
let mode = "edit";

function blank(puzzle, w, h) {
  return { puzzle, w, h, cells: new Uint8Array(w * h), body: [], exit: [0, 0] };
}

function words(n) {
  const [one, many] = MOVE_WORD[board.puzzle];
  return n + " " + (n === 1 ? one : many);
}

function find(code) {
  const i = board.cells.indexOf(code);
  return i < 0 ? null : [Math.floor(i / board.w), i % board.w];
}

function inBody(r, c) {
  return board.body.findIndex(([br, bc]) => br === r && bc === c);
}

/// The judge text of the board: one case and the terminator.
function judgeText() {
  const b = board;
  if (b.puzzle === "curling") {
    const lines = [b.w + " " + b.h];
    for (let r = 0; r < b.h; r++) lines.push(Array.from(b.cells.subarray(r * b.w, (r + 1) * b.w)).join(" "));
    return lines.join("\n") + "\n0 0\n";
  }
  const lines = [b.h + " " + b.w + " " + b.body.length];
  for (const [r, c] of b.body) lines.push((r + 1) + " " + (c + 1));
  const stones = [];
  b.cells.forEach((s, i) => { if (s) stones.push((Math.floor(i / b.w) + 1) + " " + (i % b.w + 1)); });
  lines.push(String(stones.length), ...stones);
  return lines.join("\n") + "\n0 0 0\n";
}

/// The rule options of the request, from the header and the board.
function options() {
  if (board.puzzle === "curling") {
    const cap = $("max-throws").value.trim();
    return { max_throws: /^\d+$/.test(cap) ? Number(cap) : cap };
  }
  return { tail_rule: $("tail-rule").value, exit: (board.exit[0] + 1) + "," + (board.exit[1] + 1) };
}

/// A board from an /api/cases record.
function fromRecord(puzzle, rec) {
  const b = blank(puzzle, rec.width, rec.height);
  const codes = puzzle === "curling" ? { ".": 0, "#": 1, "S": 2, "G": 3 } : { ".": 0, "#": 1 };
  rec.rows.forEach((row, r) => {
    for (let c = 0; c < b.w; c++) b.cells[r * b.w + c] = codes[row[c]] || 0;
  });
  if (puzzle === "holedox") {
    b.body = rec.body.map(([r, c]) => [r, c]);
    b.exit = rec.exit.slice();
  }
  return b;
}

// ------------------------------------------------------------------ game ID

function packBits(values, bits) {
  const per = 6 / bits;
  let out = "";
  for (let i = 0; i < values.length; i += per) {
    let v = 0;
    for (let k = 0; k < per; k++) v = (v << bits) | (values[i + k] || 0);
    out += B64[v];
  }
  return out;
}

function unpackBits(text, bits, count) {
  const per = 6 / bits;
  const mask = (1 << bits) - 1;
  const values = new Uint8Array(count);
  if (text.length !== Math.ceil(count / per)) throw new Error("the cells have the wrong length for the size");
  for (let j = 0; j < text.length; j++) {
    const v = B64.indexOf(text[j]);
    if (v < 0) throw new Error("the cells hold a character that is not base64url: " + text[j]);
    for (let k = 0; k < per; k++) {
      const i = j * per + k;
      if (i < count) values[i] = (v >> (bits * (per - 1 - k))) & mask;
    }
  }
  return values;
}

function gameId() {
  const b = board;
  const parts = [b.puzzle, b.w + "x" + b.h];
  if (b.puzzle === "curling") {
    parts.push(packBits(b.cells, 2));
    const cap = $("max-throws").value.trim();
    if (cap !== "10") parts.push("cap=" + cap.replace(/[^0-9A-Za-z]/g, ""));
  } else {
    parts.push(packBits(b.cells, 1));
    let snake = "";
    if (b.body.length) {
      snake = b.body[0][0] + "." + b.body[0][1] + ".";
      for (let i = 1; i < b.body.length; i++) {
        const dr = b.body[i][0] - b.body[i - 1][0], dc = b.body[i][1] - b.body[i - 1][1];
        snake += Object.keys(DIRS).find((d) => DIRS[d][0] === dr && DIRS[d][1] === dc) || "?";
      }
    }
    parts.push(snake);
    if (b.exit[0] || b.exit[1]) parts.push("exit=" + (b.exit[0] + 1) + "," + (b.exit[1] + 1));
    if ($("tail-rule").value !== "strict") parts.push("rule=" + $("tail-rule").value);
  }
  return parts.join("/");
}

/// The board of a game ID, or an Error saying what is wrong with it.
function parseGameId(id) {
  const parts = id.split("/");
  const puzzle = parts[0];
  if (puzzle !== "curling" && puzzle !== "holedox") throw new Error("unknown puzzle `" + puzzle + "`");
  const size = /^(\d+)x(\d+)$/.exec(parts[1] || "");
  if (!size) throw new Error("expected a size WxH after the puzzle");
  const w = Number(size[1]), h = Number(size[2]);
  if (w < 1 || h < 1 || w > MAX_SIDE || h > MAX_SIDE) throw new Error("the size must be 1 to " + MAX_SIDE + " on each side");
  const b = blank(puzzle, w, h);
  b.cells = unpackBits(parts[2] || "", puzzle === "curling" ? 2 : 1, w * h);
  const settings = {};
  let rest = parts.slice(3);
  if (puzzle === "holedox") {
    const snake = rest.shift() || "";
    if (snake) {
      const m = /^(\d+)\.(\d+)\.([UDLR]*)$/.exec(snake);
      if (!m) throw new Error("expected the snake as ROW.COL.DIRS, found `" + snake + "`");
      let r = Number(m[1]), c = Number(m[2]);
      b.body.push([r, c]);
      for (const d of m[3]) {
        r += DIRS[d][0];
        c += DIRS[d][1];
        b.body.push([r, c]);
      }
      if (b.body.some(([r, c]) => r < 0 || c < 0 || r >= h || c >= w)) throw new Error("the snake leaves the board");
    }
  }
  for (const part of rest) {
    const at = part.indexOf("=");
    if (at < 0) throw new Error("expected a setting KEY=VALUE, found `" + part + "`");
    settings[part.slice(0, at)] = part.slice(at + 1);
  }
  if (settings.exit) {
    const m = /^(\d+),(\d+)$/.exec(settings.exit);
    if (!m) throw new Error("expected exit=ROW,COL (1-based), found `" + settings.exit + "`");
    const [r, c] = [Number(m[1]) - 1, Number(m[2]) - 1];
    if (r < 0 || c < 0 || r >= h || c >= w) throw new Error("the exit " + settings.exit + " is not on a board of " + h + " rows and " + w + " columns");
    b.exit = [r, c];
  }
  return { board: b, settings };
}

/// True while the address bar shows a link that could not be read: it is
/// left there until the board is edited.
let keepHash = false;

function updateUrl() {
  if (keepHash) return;
  const url = location.pathname + location.search + "#" + gameId();
  if (location.hash !== "#" + gameId()) history.replaceState(null, "", url);
}

function loadFromHash() {
  if (location.hash.length <= 1) return false;
  try {
    const { board: b, settings } = parseGameId(decodeURIComponent(location.hash.slice(1)));
    if (b.puzzle === "curling") $("max-throws").value = settings.cap || "10";
    else $("tail-rule").value = settings.rule === "lenient" ? "lenient" : "strict";
    setBoard(b);
    say("Opened the board of the link.");
  } catch (e) {
    // The link stays in the address bar, so it can be seen and mended.
    keepHash = true;
    say("This link's board cannot be read: " + e.message, true);
    return false;
  }
  return true;
}

// ---------------------------------------------------------------- drawing

const SVG = "http://www.w3.org/2000/svg";
let cellSize = 32;
let stoneEl = null;
let snakeLayer = null;
let blockEls = new Map();
let breakTimer = null;

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/// Redraws the whole board (cells, markers), then the position `pos`
/// (null: the board as edited).
function render(pos) {
  const svg = $("board");
  const b = board;
  const room = Math.min(640, Math.max(240, ($("board-wrap").clientWidth || 640) - 4));
  cellSize = Math.max(6, Math.min(72, Math.floor(room / Math.max(b.w, b.h))));
  const s = cellSize;
  svg.setAttribute("width", b.w * s);
  svg.setAttribute("height", b.h * s);
  svg.setAttribute("viewBox", "0 0 " + b.w * s + " " + b.h * s);
  svg.replaceChildren();
  blockEls = new Map();
  const cells = el("g", { class: "cells" }, svg);
  for (let r = 0; r < b.h; r++) {
    for (let c = 0; c < b.w; c++) {
      const v = b.cells[r * b.w + c];
      const kind = b.puzzle === "curling" ? ["ice", "block", "start", "goal"][v] : (v ? "stone" : "floor");
      const rect = el("rect", { x: c * s, y: r * s, width: s, height: s, class: "cell " + kind, "data-r": r, "data-c": c }, cells);
      if (kind === "block") blockEls.set(r + "," + c, rect);
    }
  }
  if (b.puzzle === "curling") {
    const goal = find(3);
    if (goal) el("circle", { cx: (goal[1] + 0.5) * s, cy: (goal[0] + 0.5) * s, r: s * 0.3, class: "goal-mark" }, svg);
    stoneEl = el("circle", { id: "stone", cx: 0, cy: 0, r: s * 0.36, class: "stone" }, svg);
  } else {
    const [er, ec] = b.exit;
    el("rect", { x: ec * s + 2, y: er * s + 2, width: s - 4, height: s - 4, rx: s * 0.2, class: "exit-mark", id: "exit-mark" }, svg);
    snakeLayer = el("g", { id: "snake" }, svg);
  }
  show(pos, false);
}

/// Draws position `pos` over the board (null: the edited board's start).
/// `slide`: let the stone glide to its new cell.
function show(pos, slide) {
  const b = board;
  const s = cellSize;
  if (b.puzzle === "curling") {
    const broken = new Set((pos ? pos.broken : []).map(([r, c]) => r + "," + c));
    const mark = () => { for (const [key, rect] of blockEls) rect.classList.toggle("broken", broken.has(key)); };
    // A block breaks when the stone gets there, not when it sets off.
    clearTimeout(breakTimer);
    if (slide) breakTimer = setTimeout(mark, slideTime() * 0.8);
    else mark();
    const at = pos ? pos.stone : find(2);
    stoneEl.style.display = at ? "" : "none";
    if (!at) return;
    stoneEl.style.transition = slide ? "transform " + slideTime() + "ms ease-out" : "none";
    stoneEl.setAttribute("data-r", at[0]);
    stoneEl.setAttribute("data-c", at[1]);
    stoneEl.style.transform = "translate(" + (at[1] + 0.5) * s + "px, " + (at[0] + 0.5) * s + "px)";
  } else {
    const body = pos ? pos.body : b.body;
    snakeLayer.replaceChildren();
    for (let i = body.length - 1; i >= 0; i--) {
      const [r, c] = body[i];
      const inset = i === 0 ? 1 : 3;
      el("rect", {
        x: c * s + inset, y: r * s + inset, width: s - 2 * inset, height: s - 2 * inset, rx: s * 0.3,
        class: "seg" + (i === 0 ? " head" : i === body.length - 1 ? " tail" : ""),
        "data-r": r, "data-c": c, "data-i": i,
      }, snakeLayer);
    }
    for (let i = 1; i < body.length; i++) {
      const [r0, c0] = body[i - 1], [r1, c1] = body[i];
      el("line", { x1: (c0 + 0.5) * s, y1: (r0 + 0.5) * s, x2: (c1 + 0.5) * s, y2: (r1 + 0.5) * s, class: "link" }, snakeLayer);
    }
  }
}

// ----------------------------------------------------------------- editing

let dragging = false;

function cellAt(event) {
  const box = $("board").getBoundingClientRect();
  const c = Math.floor((event.clientX - box.left) / cellSize);
  const r = Math.floor((event.clientY - box.top) / cellSize);
  return r >= 0 && c >= 0 && r < board.h && c < board.w ? [r, c] : null;
}

function edit(r, c, first) {
  const b = board;
  const i = r * b.w + c;
  const t = tool[b.puzzle];
  if (b.puzzle === "curling") {
    const code = { ice: 0, block: 1, start: 2, goal: 3 }[t];
    if (code >= 2) {
      if (!first) return false;
      const old = b.cells.indexOf(code);
      if (old >= 0) b.cells[old] = 0;
    }
    if (b.cells[i] === code) return false;
    b.cells[i] = code;
    return true;
  }
  if (t === "floor" || t === "stone") {
    const v = t === "stone" ? 1 : 0;
    if (b.cells[i] === v || (v && inBody(r, c) >= 0)) return false;
    b.cells[i] = v;
    return true;
  }
  if (t === "exit") {
    if (!first) return false;
    b.exit = [r, c];
    return true;
  }
  // The snake, head first.
  if (b.cells[i]) return false;
  const at = inBody(r, c);
  const tail = b.body[b.body.length - 1];
  const nextToTail = tail && Math.abs(tail[0] - r) + Math.abs(tail[1] - c) === 1;
  if (at === b.body.length - 1 && at >= 0 && first) {
    b.body.pop();
    return true;
  }
  if (at === b.body.length - 2 && at >= 0 && !first) {
    b.body.pop();
    return true;
  }
  if (at >= 0) return false;
  if (nextToTail) {
    b.body.push([r, c]);
    return true;
  }
  if (!first) return false;
  b.body = [[r, c]];
  return true;
}

let lastCell = null;

function onPointer(event) {
  if (mode !== "edit") return;
  const first = event.type === "pointerdown";
  if (first) {
    dragging = true;
    lastCell = null;
    $("board").setPointerCapture(event.pointerId);
  } else if (!dragging) {
    return;
  }
  event.preventDefault();
  const cell = cellAt(event);
  if (!cell) {
    // Off the board: a stroke that comes back starts afresh there.
    lastCell = null;
    return;
  }
  // A fast drag skips cells between two events: walk them one by one
  // (rows first, then columns), so a stroke has no gaps and a snake
  // grows a segment at a time.
  const path = [];
  if (!lastCell) path.push(cell);
  else {
    let [r, c] = lastCell;
    while (r !== cell[0] || c !== cell[1]) {
      if (r !== cell[0]) r += Math.sign(cell[0] - r);
      else c += Math.sign(cell[1] - c);
      path.push([r, c]);
    }
  }
  let changed = false;
  for (const [r, c] of path) changed = edit(r, c, first) || changed;
  lastCell = cell;
  if (changed) boardChanged();
}

/// After any change of the board: redraw, update the link, forget the
/// solution and the game of the old board.
function boardChanged(keepLink) {
  if (!keepLink) keepHash = false;
  epoch++;
  solution = null;
  game = null;
  stopAnimation();
  render(null);
  updateUrl();
  if (mode !== "edit") setMode("edit");
}

function setBoard(b, keepLink) {
  board = b;
  $("puzzle").value = b.puzzle;
  $("width").value = b.w;
  $("height").value = b.h;
  document.body.classList.toggle("curling", b.puzzle === "curling");
  document.body.classList.toggle("holedox", b.puzzle === "holedox");
  showTool();
  boardChanged(keepLink);
}

function resize(w, h) {
  const b = board;
  const n = blank(b.puzzle, w, h);
  for (let r = 0; r < Math.min(h, b.h); r++)
    for (let c = 0; c < Math.min(w, b.w); c++) n.cells[r * w + c] = b.cells[r * b.w + c];
  // A snake is kept up to its first segment that no longer fits.
  const cut = b.body.findIndex(([r, c]) => r >= h || c >= w);
  n.body = cut < 0 ? b.body : b.body.slice(0, cut);
  n.exit = b.exit[0] < h && b.exit[1] < w ? b.exit : [0, 0];
  setBoard(n);
}

function readSize() {
  const w = Number($("width").value), h = Number($("height").value);
  if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1 || w > MAX_SIDE || h > MAX_SIDE) {
    say("The size must be whole numbers from 1 to " + MAX_SIDE + ".", true);
    return null;
  }
  return [w, h];
}

function showTool() {
  const t = tool[board.puzzle];
  for (const button of document.querySelectorAll(".tool")) button.classList.toggle("active", button.dataset.tool === t);
  $("tool-help").textContent = TOOL_HELP[t] || "";
}

// ------------------------------------------------------------ server calls

function say(text, bad) {
  const p = $("message");
  p.textContent = text || "";
  p.classList.toggle("error", !!bad);
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  let answer = null;
  try { answer = await response.json(); } catch (_) { /* not JSON */ }
  if (!response.ok) {
    throw new Error((answer && answer.error) || response.status + " " + response.statusText);
  }
  return answer;
}

/// What the board lacks before it can be solved or played, if anything.
function missing() {
  if (board.puzzle === "curling") {
    if (find(2) === null) return "Place the stone's start first (the Start tool).";
    if (find(3) === null) return "Place the goal first (the Goal tool).";
  } else if (!board.body.length) {
    return "Draw the snake first (the Snake tool: press on the head, drag to the tail).";
  }
  return null;
}

function request(extra) {
  return { puzzle: board.puzzle, input: judgeText(), options: options(), ...extra };
}

// ------------------------------------------------------- solve and watch it

/// The positions of a /api/play answer, rebuilt from its start and the
/// change each move made: position(i) after i moves, for i = 0..n.
function track(answer) {
  const n = answer.steps.length;
  if (answer.start.stone) {
    const stones = [answer.start.stone], counts = [0], order = [];
    for (const st of answer.steps) {
      if (st.broke) order.push(st.broke);
      stones.push(st.stone);
      counts.push(order.length);
    }
    return { n, position: (i) => ({ stone: stones[i], broken: order.slice(0, counts[i]) }) };
  }
  // The body follows its head: after i steps it is the last L heads, the
  // start body (tail first) counting as the heads before the first step.
  const len = answer.start.body.length;
  const heads = answer.start.body.slice().reverse().concat(answer.steps.map((st) => st.head));
  return { n, position: (i) => ({ body: heads.slice(i, i + len).reverse() }) };
}

/// The solved board: its positions, its moves, the frame shown.
let solution = null;
let timer = null;
/// Bumped by every new solve, game and board: an answer that comes back
/// for an older one is dropped instead of drawn over the present.
let epoch = 0;

function slideTime() {
  return Math.round(1600 / Number($("anim-speed").value));
}

async function solve() {
  setMode("solve");
  stopAnimation();
  solution = null;
  const mine = ++epoch;
  $("frame-caption").textContent = "";
  const lack = missing();
  if (lack) {
    $("answer").textContent = lack;
    return;
  }
  $("answer").textContent = "Solving…";
  try {
    const answer = await post("/api/solve", request({}));
    if (mine !== epoch) return;
    const result = answer.results[0];
    if (!result) throw new Error("the board gave no case to solve");
    const took = " (" + result.stats.expanded + " states, " + result.stats.millis.toFixed(1) + " ms)";
    if (result.outcome === "solved") {
      const played = await post("/api/play", request({ moves: result.moves }));
      if (mine !== epoch) return;
      solution = { track: track(played), moves: played.moves, k: 0 };
      $("answer").innerHTML = "";
      const count = document.createElement("strong");
      count.id = "move-count";
      count.textContent = words(result.answer);
      $("answer").append("Optimal: ", count, " — " + (result.moves || "already there") + took);
      frame(0, false);
    } else if (result.outcome === "unsolvable") {
      solution = null;
      $("answer").textContent = "No solution (-1): the search proved that no plan within the rules reaches the goal" + took + ".";
      render(null);
    } else {
      solution = null;
      $("answer").textContent = "Not decided: " + result.reason + took + ". Nothing is claimed about this board.";
      render(null);
    }
  } catch (e) {
    if (mine !== epoch) return;
    solution = null;
    $("answer").textContent = "";
    say(e.message, true);
  }
}

function frame(k, slide) {
  if (!solution) return;
  const n = solution.moves.length;
  solution.k = Math.max(0, Math.min(n, k));
  const pos = solution.track.position(solution.k);
  if (!slide) render(pos);
  else show(pos, true);
  const kk = solution.k;
  $("frame-caption").textContent = "Move " + kk + " of " + n + (kk > 0 ? ": " + solution.moves[kk - 1] : "") +
    (kk === n ? " — at the goal" : "");
  $("frame-caption").dataset.k = kk;
}

function step(delta) {
  if (!solution) return;
  stopAnimation();
  const k = solution.k + delta;
  frame(k, board.puzzle === "curling" && delta === 1);
}

function togglePlay() {
  if (!solution) return;
  if (timer) return stopAnimation();
  if (solution.k >= solution.moves.length) frame(0, false);
  $("anim-play").textContent = "❚❚ Pause";
  const tick = () => {
    if (!solution || solution.k >= solution.moves.length) return stopAnimation();
    frame(solution.k + 1, board.puzzle === "curling");
    timer = setTimeout(tick, slideTime() + 150);
  };
  timer = setTimeout(tick, 200);
}

function stopAnimation() {
  if (timer) clearTimeout(timer);
  timer = null;
  $("anim-play").textContent = "▶ Play";
}

// ----------------------------------------------------------------- playing

/// The game: the moves played, the positions of the longest line the
/// server replayed (`track`), the moves undone (for redo), and the move
/// count last drawn.
let game = null;
let queue = Promise.resolve();

function startPlay() {
  setMode("play");
  const mine = ++epoch;
  game = null;
  $("hint-text").textContent = "";
  $("play-moves").textContent = "";
  const lack = missing();
  if (lack) {
    $("play-status").textContent = lack;
    return;
  }
  game = { epoch: mine, moves: "", track: null, redo: [], shown: -1 };
  $("play-status").textContent = "starting…";
  enqueue(() => playTo("", false));
  $("board-wrap").focus();
}

/// Runs play jobs one after another; a failed one says why and does not
/// stop the ones after it.
function enqueue(job) {
  queue = queue.then(job).catch((e) => say(e.message, true));
}

function showGame(note) {
  const n = game.moves.length;
  $("play-moves").textContent = words(n);
  $("play-moves").dataset.n = n;
  // A hint is about one position: another position drops it.
  if (n !== game.shown) $("hint-text").textContent = "";
  game.shown = n;
  show(game.track.position(n), board.puzzle === "curling");
  if (note !== undefined) $("play-status").textContent = note;
}

/// Asks the server to play `moves` from the start; keeps the answer when
/// no move is refused.
async function playTo(moves, hint) {
  const g = game;
  if (!g) return false;
  try {
    if (hint) $("hint-text").textContent = "thinking…";
    const answer = await post("/api/play", request({ moves, hint }));
    if (game !== g || mode !== "play") return false;
    if (answer.refused) {
      let why = "refused: " + answer.refused.reason;
      if (answer.refused.move !== moves.length) why = "move " + answer.refused.move + " " + why;
      $("play-status").textContent = why;
      if (hint) $("hint-text").textContent = "";
      return false;
    }
    g.moves = answer.moves;
    g.track = track(answer);
    let note = "your move";
    if (answer.won) note = "at the goal in " + words(answer.moves.length) + "!";
    else if (answer.stuck) note = "stuck: no move is legal here (undo with U)";
    showGame(note);
    if (answer.hint) showHint(answer.hint);
    return true;
  } catch (e) {
    if (game === g) {
      say(e.message, true);
      $("play-status").textContent = "no answer; see the message above";
      if (hint) $("hint-text").textContent = "";
    }
    return false;
  }
}

function showHint(h) {
  let text;
  if (h.outcome === "won") text = "Solved.";
  else if (h.outcome === "solved") text = "Best next move: " + h.next + " — " + words(h.to_go) + " to go (exact).";
  else if (h.outcome === "unsolvable") text = "The goal cannot be reached from here (proved); undo some moves.";
  else text = "Unknown: " + h.reason + ".";
  $("hint-text").textContent = text;
}

const KEYS = {
  ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R",
  w: "U", s: "D", a: "L", d: "R", W: "U", S: "D", A: "L", D: "R",
};

function playKey(key) {
  const g = game;
  if (!g) return false;
  const dir = KEYS[key];
  let job = null;
  if (dir) {
    job = async () => {
      const redo = g.redo;
      if (await playTo(g.moves + dir, false)) {
        g.redo = redo[redo.length - 1] === dir ? redo.slice(0, -1) : [];
      }
    };
  } else if (key === "u" || key === "U" || key === "z") {
    job = async () => {
      if (!g.track || !g.moves.length) return;
      // The positions of the longer game are still known: undo is local.
      g.redo.push(g.moves[g.moves.length - 1]);
      g.moves = g.moves.slice(0, -1);
      showGame("took back a move");
    };
  } else if (key === "y" || key === "Y") {
    job = async () => {
      const dir = g.redo[g.redo.length - 1];
      if (!dir) return;
      if (await playTo(g.moves + dir, false)) g.redo.pop();
    };
  } else if (key === "h" || key === "H") {
    job = async () => { await playTo(g.moves, true); };
  } else if (key === "Backspace") {
    job = async () => { g.redo = []; await playTo("", false); };
  }
  if (!job) return false;
  // Jobs of a game that has ended since do nothing.
  enqueue(async () => { if (game === g) await job(); });
  return true;
}

// ------------------------------------------------------------------- modes

function setMode(m) {
  // Answers on their way for the mode being left are not for this one.
  if (m !== mode) epoch++;
  if (m !== "play") game = null;
  mode = m;
  for (const name of ["edit", "solve", "play"]) document.body.classList.toggle("mode-" + name, name === m);
  for (const tab of document.querySelectorAll(".tab")) tab.classList.toggle("active", tab.dataset.mode === m);
  if (m !== "solve") stopAnimation();
  if (m === "edit") render(null);
}

// --------------------------------------------------- judge input and cases

let readCases = null;

async function readInput() {
  const puzzle = $("puzzle").value;
  // The request is the text as a JSON string: what the server's 1 MB cap
  // counts (escaped newlines included).
  if (new TextEncoder().encode(JSON.stringify($("input").value)).length > (1 << 20) - 100) {
    return say("This input is larger than the server's 1 MB request limit; use the command line.", true);
  }
  try {
    // The judge's exit, (1, 1): a case read is the case the judge means.
    const answer = await post("/api/cases", { puzzle, input: $("input").value });
    readCases = { puzzle, cases: answer.cases };
    const select = $("case");
    select.replaceChildren(...answer.cases.map((rec) => {
      const o = document.createElement("option");
      o.value = rec.case;
      o.textContent = rec.case + ": " + rec.width + "×" + rec.height + (rec.too_large ? " (too large to edit)" : "");
      return o;
    }));
    const found = answer.cases.length + " case" + (answer.cases.length === 1 ? "" : "s");
    if (answer.error) say(found + " read; then: " + answer.error, true);
    else say(found + " read.");
    const first = answer.cases.find((c) => !c.too_large);
    if (first) openCase(first.case);
  } catch (e) {
    say(e.message, true);
  }
}

function openCase(n) {
  if (!readCases) return;
  const rec = readCases.cases.find((c) => c.case === Number(n));
  if (!rec) return;
  if (rec.too_large || rec.width > MAX_SIDE || rec.height > MAX_SIDE) {
    say("Case " + n + " is " + rec.width + "×" + rec.height + ": the page edits boards up to " + MAX_SIDE + " on a side; use the command line.", true);
    return;
  }
  $("case").value = String(n);
  setBoard(fromRecord(readCases.puzzle, rec));
}

// ---------------------------------------------------------------- generate

async function generate() {
  const puzzle = $("puzzle").value;
  const body = { puzzle, size: $("gen-size").value.trim(), count: 1, answer: $("gen-answer").value.trim() || null };
  const density = $("gen-density").value.trim();
  const seed = $("gen-seed").value.trim();
  if (density && !/^\d+$/.test(density)) return say("The density is a whole percentage, 0 to 100, or empty.", true);
  if (seed && !/^\d+$/.test(seed)) return say("The seed is a whole number, or empty for a new one.", true);
  if (density) body.density = Number(density);
  // As text: a seed past 2^53 would lose digits as a JavaScript number.
  if (seed) body.seed = seed;
  if (puzzle === "curling") {
    const cap = $("max-throws").value.trim();
    body.max_throws = /^\d+$/.test(cap) ? Number(cap) : cap;
  } else {
    const len = $("gen-len").value.trim();
    if (!/^\d+$/.test(len)) return say("The length is a whole number of segments.", true);
    body.len = Number(len);
    body.tail_rule = $("tail-rule").value;
  }
  const button = $("generate");
  button.disabled = true;
  say("Generating…");
  try {
    const made = await post("/api/generate", body);
    if (!made.cases.length) throw new Error(made.reason || "no puzzle was made");
    const first = made.cases[0];
    const answer = await post("/api/cases", { puzzle, input: first.input });
    readCases = { puzzle, cases: answer.cases };
    setBoard(fromRecord(puzzle, answer.cases[0]));
    $("input").value = first.input;
    const optimum = first.answer < 0 ? "no solution (-1)" : "optimum " + words(first.answer);
    say("Generated (seed " + (seed || made.seed) + "): " + optimum + ", " + first.difficulty.optimal_first_moves +
      " optimal first move(s). Solve it, or play it.");
  } catch (e) {
    say(e.message, true);
  } finally {
    button.disabled = false;
  }
}

// ------------------------------------------------------------------ wiring

function wire() {
  const svg = $("board");
  svg.addEventListener("pointerdown", onPointer);
  svg.addEventListener("pointermove", onPointer);
  svg.addEventListener("pointerup", () => { dragging = false; });
  svg.addEventListener("pointercancel", () => { dragging = false; });

  $("puzzle").addEventListener("change", () => {
    const p = $("puzzle").value;
    setBoard(p === "curling" ? defaultCurling() : defaultHoledox());
  });
  // Another rule makes another puzzle: a solution or a game of the old one
  // no longer holds, so both start again.
  const rulesChanged = () => {
    updateUrl();
    if (mode === "play") startPlay();
    else if (mode === "solve") solve();
  };
  $("max-throws").addEventListener("change", rulesChanged);
  $("tail-rule").addEventListener("change", rulesChanged);
  $("resize").addEventListener("click", () => { const s = readSize(); if (s) resize(s[0], s[1]); });
  $("clear").addEventListener("click", () => { const s = readSize(); if (s) setBoard(blank(board.puzzle, s[0], s[1])); });
  $("share").addEventListener("click", async () => {
    keepHash = false;
    updateUrl();
    try {
      await navigator.clipboard.writeText(location.href);
      say("Link copied: " + location.href);
    } catch (_) {
      say("The link to this board: " + location.href);
    }
  });
  for (const button of document.querySelectorAll(".tool")) {
    button.addEventListener("click", () => { tool[board.puzzle] = button.dataset.tool; showTool(); setMode("edit"); });
  }
  for (const tab of document.querySelectorAll(".tab")) {
    tab.addEventListener("click", () => {
      if (tab.dataset.mode === "solve") solve();
      else if (tab.dataset.mode === "play") startPlay();
      else setMode("edit");
    });
  }
  $("anim-first").addEventListener("click", () => { stopAnimation(); frame(0, false); });
  $("anim-back").addEventListener("click", () => step(-1));
  $("anim-step").addEventListener("click", () => step(1));
  $("anim-play").addEventListener("click", togglePlay);
  for (const button of document.querySelectorAll("[data-key]")) {
    button.addEventListener("click", () => playKey(button.dataset.key));
  }
  document.addEventListener("keydown", (event) => {
    if (mode !== "play" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) return;
    if (playKey(event.key)) event.preventDefault();
  });
  $("sample").addEventListener("click", () => { $("input").value = SAMPLES[$("puzzle").value]; readInput(); });
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
  $("export").addEventListener("click", () => { $("input").value = judgeText(); say("The board as a judge input is in the box."); });
  $("generate").addEventListener("click", generate);
  window.addEventListener("hashchange", () => { if (location.hash !== "#" + gameId()) loadFromHash(); });
  window.addEventListener("resize", () => { if (mode === "edit") render(null); });
}

function defaultCurling() {
  // Sample dataset 2 of the statement: 4 throws.
  return fromRecord("curling", {
    width: 6, height: 6,
    rows: ["#..S#.", "##....", ".....G", "......", "#....#", ".#####"],
  });
}

function defaultHoledox() {
  // Sample case 1 of the statement: 9 steps.
  return fromRecord("holedox", {
    width: 6, height: 5,
    rows: ["......", "..#...", "..##..", "......", "......"],
    body: [[3, 0], [3, 1], [2, 1], [2, 0]],
    exit: [0, 0],
  });
}

wire();
if (!loadFromHash()) setBoard(defaultCurling(), true);
setMode("edit");
