// Curling 2.0 on the page of `gridpuzzle serve`: how to draw the board and
// a position, and what the editor's tools paint. Nothing else: the rules,
// the judge text and the links are the server's (see app.js, which loads
// this from /puzzles/curling.js). A draft's rows hold `.` ice, `#` block,
// `S` start and `G` goal; a position from the server is
// {"stone": [row, column], "broken": [[row, column], ...]}.
"use strict";
(() => {
  const { el, cell, setCell, find, resizeRows } = gridpuzzle;
  const KIND = { ".": "ice", "#": "block", S: "start", G: "goal" };
  const PAINT = { ice: ".", block: "#", start: "S", goal: "G" };
  /// What the last render drew: the stone, the blocks by "r,c", and the
  /// timer that breaks a block when the stone gets there.
  let stone = null;
  let blocks = new Map();
  let breakTimer = null;

  gridpuzzle.register("curling", {
    tools: [
      { id: "ice", label: "Ice", help: "Click or drag to clear cells." },
      { id: "block", label: "Block", help: "Click or drag to place blocks." },
      { id: "start", label: "Start", help: "Click to place the stone's start." },
      { id: "goal", label: "Goal", help: "Click to place the goal." },
    ],
    tool: "block",
    // Colours are the page's variables (light and dark themes alike).
    css: `
.cell.ice { fill: var(--ice); }
.cell.start { fill: var(--ice); stroke: var(--start); stroke-width: 3; }
.cell.goal { fill: var(--goal-cell); }
.cell.block { fill: var(--block); transition: fill 0.3s, opacity 0.3s; }
.cell.block.broken { fill: var(--ice); stroke-dasharray: 4 3; stroke: var(--broken); stroke-width: 2; }
.goal-mark { fill: none; stroke: var(--goal); stroke-width: 3; }
.curling-stone { fill: var(--puck); stroke: var(--puck-line); stroke-width: 2; }`,

    blank: (w, h) => ({ width: w, height: h, rows: Array(h).fill(".".repeat(w)) }),
    adopt: (rec) => ({ width: rec.width, height: rec.height, rows: rec.rows.slice() }),
    resize: (d, w, h) => ({ width: w, height: h, rows: resizeRows(d.rows, w, h, ".") }),

    edit(d, tool, r, c, first) {
      const ch = PAINT[tool];
      // One start and one goal: placing one moves it, on a click only.
      if (ch === "S" || ch === "G") {
        if (!first) return false;
        const old = find(d, ch);
        if (old) setCell(d, old[0], old[1], ".");
      }
      if (cell(d, r, c) === ch) return false;
      setCell(d, r, c, ch);
      return true;
    },

    render(view, d) {
      const { svg, s } = view;
      blocks = new Map();
      const cells = el("g", { class: "cells" }, svg);
      for (let r = 0; r < d.height; r++) {
        for (let c = 0; c < d.width; c++) {
          const kind = KIND[cell(d, r, c)];
          const rect = el("rect", { x: c * s, y: r * s, width: s, height: s, class: "cell " + kind, "data-r": r, "data-c": c }, cells);
          if (kind === "block") blocks.set(r + "," + c, rect);
        }
      }
      const goal = find(d, "G");
      if (goal) el("circle", { cx: (goal[1] + 0.5) * s, cy: (goal[0] + 0.5) * s, r: s * 0.3, class: "goal-mark" }, svg);
      stone = el("circle", { id: "stone", cx: 0, cy: 0, r: s * 0.36, class: "curling-stone" }, svg);
    },

    mover: (d, pos) => (pos ? pos.stone : find(d, "S")),

    describe(d, pos) {
      const at = (p) => "row " + (p[0] + 1) + ", column " + (p[1] + 1);
      const stone = pos ? pos.stone : find(d, "S");
      const goal = find(d, "G");
      const broken = new Set((pos ? pos.broken : []).map(([r, c]) => r + "," + c));
      const left = [];
      for (let r = 0; r < d.height; r++) {
        for (let c = 0; c < d.width; c++) if (cell(d, r, c) === "#" && !broken.has(r + "," + c)) left.push([r, c]);
      }
      const list = left.length <= 30 ? ": " + left.map(at).join("; ") : "";
      return "Curling board, " + d.width + " by " + d.height + ". Stone " + (stone ? "at " + at(stone) : "not placed") +
        ". Goal " + (goal ? "at " + at(goal) : "not placed") + ". " + left.length + " block" + (left.length === 1 ? "" : "s") +
        list + (broken.size ? "; " + broken.size + " broken" : "") + ".";
    },

    show(view, d, pos, slide) {
      const s = view.s;
      const broken = new Set((pos ? pos.broken : []).map(([r, c]) => r + "," + c));
      const mark = () => { for (const [key, rect] of blocks) rect.classList.toggle("broken", broken.has(key)); };
      // A block breaks when the stone gets there, not when it sets off.
      clearTimeout(breakTimer);
      if (slide) breakTimer = setTimeout(mark, view.slideTime * 0.8);
      else mark();
      const at = pos ? pos.stone : find(d, "S");
      stone.style.display = at ? "" : "none";
      if (!at) return;
      stone.style.transition = slide ? "transform " + view.slideTime + "ms ease-out" : "none";
      stone.setAttribute("data-r", at[0]);
      stone.setAttribute("data-c", at[1]);
      stone.style.transform = "translate(" + (at[1] + 0.5) * s + "px, " + (at[0] + 0.5) * s + "px)";
    },
  });
})();
