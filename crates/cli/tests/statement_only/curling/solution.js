// A correct solution written from the package's statement alone (no other file of the project read), as a contest's independent tester writes one: judged AC on every test by tests/package_formats.rs, under Node.js.
const data = require('fs').readFileSync(0, 'utf8').split(/\s+/).filter(s => s.length).map(Number);
let pos = 0; const out = [];
while (pos + 1 < data.length) {
  const w = data[pos], h = data[pos + 1]; pos += 2;
  if (w === 0 && h === 0) break;
  const W = w + 2;
  const g = new Int8Array(W * (h + 2)).fill(4);
  let start = 0, goal = 0, gr = 0, gc = 0;
  for (let r = 1; r <= h; r++) for (let c = 1; c <= w; c++) {
    let v = data[pos++]; const p = r * W + c;
    if (v === 2) { start = p; v = 0; } else if (v === 3) { goal = p; gr = r; gc = c; }
    g[p] = v;
  }
  const dl = [1, -1, W, -W];
  let best = 11;
  const lower = (p) => {
    const r = Math.floor(p / W), c = p % W;
    if (r === gr || c === gc) {
      const step = (r === gr) ? (gc > c ? 1 : -1) : (gr > r ? W : -W);
      for (let q = p + step; q !== goal; q += step) if (g[q] === 1) return 2;
      return 1;
    }
    return 2;
  };
  const dfs = (p, d) => {
    const lb = lower(p);
    if (d + lb >= best || d + lb > 10) return;
    for (let k = 0; k < 4; k++) {
      const s = dl[k]; let q = p + s;
      if (g[q] === 1) continue;
      while (g[q] === 0) q += s;
      if (g[q] === 4) continue;
      if (g[q] === 3) { if (d + 1 < best) best = d + 1; continue; }
      g[q] = 0;
      dfs(q - s, d + 1);
      g[q] = 1;
      if (d + lb >= best) return;
    }
  };
  dfs(start, 0);
  out.push(String(best <= 10 ? best : -1));
}
process.stdout.write(out.join('\n') + (out.length ? '\n' : ''));
