// A plain contest solution of Curling 2.0 in JavaScript for Node.js
// (depth-first search bounded by the best answer so far), for the judge's
// memory and time limits: a runtime that reserves much more memory than it
// uses must start and pass under the default limits.
const data = require("fs").readFileSync(0, "utf8").split(/\s+/).filter((t) => t).map(Number);
const out = [];
let i = 0;
for (;;) {
  const w = data[i], h = data[i + 1];
  i += 2;
  if (w === 0 && h === 0) break;
  const g = [];
  let sr = 0, sc = 0;
  for (let r = 0; r < h; r++) {
    g.push(data.slice(i + r * w, i + (r + 1) * w));
    const c = g[r].indexOf(2);
    if (c >= 0) { sr = r; sc = c; }
  }
  i += w * h;
  let best = 11;
  const inside = (r, c) => r >= 0 && r < h && c >= 0 && c < w;
  const dfs = (r, c, d) => {
    if (d >= best || d >= 10) return;
    for (const [dr, dc] of [[0, 1], [0, -1], [1, 0], [-1, 0]]) {
      let nr = r + dr, nc = c + dc;
      if (!inside(nr, nc) || g[nr][nc] === 1) continue;
      let goal = false;
      while (inside(nr, nc) && g[nr][nc] !== 1) {
        if (g[nr][nc] === 3) { goal = true; break; }
        nr += dr; nc += dc;
      }
      if (goal) { best = Math.min(best, d + 1); continue; }
      if (!inside(nr, nc)) continue;
      g[nr][nc] = 0;
      dfs(nr - dr, nc - dc, d + 1);
      g[nr][nc] = 1;
    }
  };
  dfs(sr, sc, 0);
  out.push(best <= 10 ? best : -1);
}
console.log(out.join("\n"));
