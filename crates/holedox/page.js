// Holedox Moving on the page of `gridpuzzle serve`: how to draw the lair
// and a position, and what the editor's tools do (the Snake tool's drag
// included). Nothing else: the rules, the judge text and the links are
// the server's (see app.js, which loads this from /puzzles/holedox.js). A
// draft's rows hold `.` floor and `#` stone, with `body` (head first) and
// `exit` as [row, column]; a position from the server is
// {"body": [[row, column], ...]}.
"use strict";
(() => {
  const { el, cell, setCell, resizeRows } = gridpuzzle;
  /// The snake's layer of the last render.
  let snake = null;

  const inBody = (d, r, c) => d.body.findIndex(([br, bc]) => br === r && bc === c);

  gridpuzzle.register("holedox", {
    tools: [
      { id: "floor", label: "Floor", help: "Click or drag to clear stones." },
      { id: "stone", label: "Stone", help: "Click or drag to place stones." },
      { id: "snake", label: "Snake", help: "Press on the head and drag to the tail (or click cell by cell); click the tail to take it back." },
      { id: "exit", label: "Exit", help: "Click to place the exit." },
    ],
    tool: "stone",
    params: { len: "4" },
    // Colours are the page's variables (light and dark themes alike).
    css: `
.cell.floor { fill: var(--floor); }
.cell.stone { fill: var(--stone); }
.exit-mark { fill: none; stroke: var(--exit); stroke-width: 3; stroke-dasharray: 5 3; }
.seg { fill: var(--snake-body); stroke: var(--snake-line); stroke-width: 1.5; }
.seg.head { fill: var(--snake); stroke: var(--snake-line); }
.seg.tail { fill: var(--snake-tail); }
.link { stroke: var(--snake-line); stroke-width: 2; stroke-linecap: round; }`,

    blank: (w, h) => ({ width: w, height: h, rows: Array(h).fill(".".repeat(w)), body: [], exit: [0, 0] }),
    adopt: (rec) => ({
      width: rec.width, height: rec.height, rows: rec.rows.slice(),
      body: (rec.body || []).map(([r, c]) => [r, c]), exit: (rec.exit || [0, 0]).slice(),
    }),
    resize(d, w, h) {
      // A snake is kept up to its first segment that no longer fits.
      const cut = d.body.findIndex(([r, c]) => r >= h || c >= w);
      return {
        width: w, height: h, rows: resizeRows(d.rows, w, h, "."),
        body: cut < 0 ? d.body : d.body.slice(0, cut),
        exit: d.exit[0] < h && d.exit[1] < w ? d.exit : [0, 0],
      };
    },

    edit(d, tool, r, c, first) {
      if (tool === "floor" || tool === "stone") {
        const ch = tool === "stone" ? "#" : ".";
        if (cell(d, r, c) === ch || (ch === "#" && inBody(d, r, c) >= 0)) return false;
        setCell(d, r, c, ch);
        return true;
      }
      if (tool === "exit") {
        if (!first) return false;
        d.exit = [r, c];
        return true;
      }
      // The snake, head first: a press starts it, or takes back its tail;
      // a drag adds the cell next to the tail, or takes the tail back when
      // it returns to the segment before.
      if (cell(d, r, c) === "#") return false;
      const at = inBody(d, r, c);
      const tail = d.body[d.body.length - 1];
      const nextToTail = tail && Math.abs(tail[0] - r) + Math.abs(tail[1] - c) === 1;
      if (at >= 0 && at === d.body.length - 1 && first) {
        d.body.pop();
        return true;
      }
      if (at >= 0 && at === d.body.length - 2 && !first) {
        d.body.pop();
        return true;
      }
      if (at >= 0) return false;
      if (nextToTail) {
        d.body.push([r, c]);
        return true;
      }
      if (!first) return false;
      d.body = [[r, c]];
      return true;
    },

    render(view, d) {
      const { svg, s } = view;
      const cells = el("g", { class: "cells" }, svg);
      for (let r = 0; r < d.height; r++) {
        for (let c = 0; c < d.width; c++) {
          const kind = cell(d, r, c) === "#" ? "stone" : "floor";
          el("rect", { x: c * s, y: r * s, width: s, height: s, class: "cell " + kind, "data-r": r, "data-c": c }, cells);
        }
      }
      const [er, ec] = d.exit;
      el("rect", { x: ec * s + 2, y: er * s + 2, width: s - 4, height: s - 4, rx: s * 0.2, class: "exit-mark", id: "exit-mark" }, svg);
      snake = el("g", { id: "snake" }, svg);
    },

    mover(d, pos) {
      const body = pos ? pos.body : d.body;
      return body.length ? body[0] : null;
    },

    describe(d, pos) {
      const at = (p) => "row " + (p[0] + 1) + ", column " + (p[1] + 1);
      const body = pos ? pos.body : d.body;
      const stones = [];
      for (let r = 0; r < d.height; r++) {
        for (let c = 0; c < d.width; c++) if (cell(d, r, c) === "#") stones.push([r, c]);
      }
      const list = stones.length <= 30 ? ": " + stones.map(at).join("; ") : "";
      return "Holedox lair, " + d.width + " by " + d.height + ". " +
        (body.length ? "Snake of " + body.length + ", head at " + at(body[0]) + ", then " + body.slice(1).map(at).join("; ") : "No snake yet") +
        ". Exit at " + at(d.exit) + ". " + stones.length + " stone" + (stones.length === 1 ? "" : "s") + list + ".";
    },

    show(view, d, pos) {
      const s = view.s;
      const body = pos ? pos.body : d.body;
      snake.replaceChildren();
      for (let i = body.length - 1; i >= 0; i--) {
        const [r, c] = body[i];
        const inset = i === 0 ? 1 : 3;
        el("rect", {
          x: c * s + inset, y: r * s + inset, width: s - 2 * inset, height: s - 2 * inset, rx: s * 0.3,
          class: "seg" + (i === 0 ? " head" : i === body.length - 1 ? " tail" : ""),
          "data-r": r, "data-c": c, "data-i": i,
        }, snake);
      }
      for (let i = 1; i < body.length; i++) {
        const [r0, c0] = body[i - 1], [r1, c1] = body[i];
        el("line", { x1: (c0 + 0.5) * s, y1: (r0 + 0.5) * s, x2: (c1 + 0.5) * s, y2: (r1 + 0.5) * s, class: "link" }, snake);
      }
    },
  });
})();
