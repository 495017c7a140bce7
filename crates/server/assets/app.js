// The page of `gridpuzzle serve`: solve a pasted judge input through
// POST /api/solve and show a case's animated SVG from POST /api/render.
// Plain script, no framework, nothing fetched from anywhere but this server.
"use strict";

const SAMPLES = {
  curling: "2 1\n3 2\n6 6\n1 0 0 2 1 0\n1 1 0 0 0 0\n0 0 0 0 0 3\n0 0 0 0 0 0\n1 0 0 0 0 1\n0 1 1 1 1 1\n6 1\n1 1 2 1 1 3\n6 1\n1 0 2 1 1 3\n12 1\n2 0 1 1 1 1 1 1 1 1 1 3\n13 1\n2 0 1 1 1 1 1 1 1 1 1 1 3\n0 0\n",
  holedox: "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n\n4 4 4\n2 3\n1 3\n1 4\n2 4\n4\n\n2 1\n2 2\n3 4\n4 2\n\n0 0 0\n",
};

const $ = (id) => document.getElementById(id);
let lastRequest = null;
let pictureUrl = null;

function puzzle() { return $("puzzle").value; }

function options() {
  if (puzzle() === "curling") {
    const cap = $("max-throws").value.trim();
    return { max_throws: /^\d+$/.test(cap) ? Number(cap) : cap };
  }
  return { tail_rule: $("tail-rule").value, exit: $("exit").value.trim() };
}

function showPuzzle() {
  document.body.className = puzzle();
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    let message = response.status + " " + response.statusText;
    try { message = (await response.json()).error || message; } catch (_) { /* not JSON */ }
    throw new Error(message);
  }
  return response;
}

function setError(text) {
  const p = $("error");
  p.textContent = text || "";
  p.hidden = !text;
}

async function solve() {
  const button = $("solve");
  button.disabled = true;
  $("status").textContent = "solving…";
  setError("");
  const body = { puzzle: puzzle(), input: $("input").value, options: options() };
  const tbody = $("results").querySelector("tbody");
  try {
    const answer = await (await post("/api/solve", body)).json();
    lastRequest = body;
    tbody.replaceChildren(...answer.results.map(row));
    $("status").textContent = answer.results.length + " case(s) solved";
    if (answer.results.length > 0) draw(answer.results[0]);
  } catch (e) {
    tbody.replaceChildren();
    $("status").textContent = "";
    setError(e.message);
  } finally {
    button.disabled = false;
  }
}

function row(result) {
  const tr = document.createElement("tr");
  if (result.outcome === "limit") tr.className = "limit";
  const answer = result.outcome === "limit" ? "limit: " + result.reason : String(result.answer);
  const cells = [result.case, answer, result.moves || "—", result.stats.expanded, result.stats.millis.toFixed(2)];
  for (const [i, text] of cells.entries()) {
    const td = document.createElement("td");
    td.textContent = text;
    if (i === 2) td.className = "moves";
    tr.appendChild(td);
  }
  const td = document.createElement("td");
  const show = document.createElement("button");
  show.type = "button";
  show.textContent = "Show";
  show.addEventListener("click", () => draw(result));
  td.appendChild(show);
  tr.appendChild(td);
  return tr;
}

async function draw(result) {
  if (!lastRequest) return;
  const body = { ...lastRequest, case: result.case, moves: result.moves };
  try {
    const svg = await (await post("/api/render", body)).text();
    if (pictureUrl) URL.revokeObjectURL(pictureUrl);
    pictureUrl = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    const img = document.createElement("img");
    img.src = pictureUrl;
    img.alt = "case " + result.case;
    $("picture").replaceChildren(img);
    const what = result.outcome === "solved" ? result.answer + " moves, looping" : "the start (" + result.outcome + ")";
    $("picture-title").textContent = "Case " + result.case + ": " + what;
    $("picture-panel").hidden = false;
  } catch (e) {
    setError(e.message);
  }
}

$("puzzle").addEventListener("change", showPuzzle);
$("sample").addEventListener("click", () => { $("input").value = SAMPLES[puzzle()]; });
$("solve").addEventListener("click", solve);
showPuzzle();
