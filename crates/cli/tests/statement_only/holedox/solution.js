// A correct solution written from the package's statement alone (no other file of the project read), as a contest's independent tester writes one: judged AC on every test by tests/package_formats.rs, under Node.js.
const data = require('fs').readFileSync(0, 'utf8').split(/\s+/).filter(s => s.length).map(Number);
const DR = [-1, 1, 0, 0], DC = [0, 0, -1, 1];
function bodyMasks(L) {
  const S = 1 << (2 * (L - 1));
  const res = new Uint8Array(S);
  for (let code = 0; code < S; code++) {
    let r = 0, c = 0, x = code, bm = 0;
    for (let i = 0; i < L - 1; i++) {
      const d = x & 3; x >>= 2; r += DR[d]; c += DC[d];
      for (let k = 0; k < 4; k++) if (r === DR[k] && c === DC[k]) bm |= 1 << k;
    }
    res[code] = bm;
  }
  return res;
}
const masks = [];
const VS = 22 * 22 * (1 << 14);
const vis = new Uint8Array(VS);
const queue = new Int32Array(VS + 1);
let pos = 0, tc = 0; const out = [];
while (pos + 2 < data.length) {
  const n = data[pos], m = data[pos + 1], L = data[pos + 2]; pos += 3;
  if (n === 0 && m === 0 && L === 0) break;
  tc++;
  const W = m + 2, NC = (n + 2) * W;
  const br = [], bc = [];
  for (let i = 0; i < L; i++) { br.push(data[pos]); bc.push(data[pos + 1]); pos += 2; }
  const K = data[pos++];
  const blocked = new Uint8Array(NC).fill(1);
  for (let r = 1; r <= n; r++) for (let c = 1; c <= m; c++) blocked[r * W + c] = 0;
  for (let i = 0; i < K; i++) { blocked[data[pos] * W + data[pos + 1]] = 1; pos += 2; }
  const dl = [-W, W, -1, 1];
  const SH = 2 * (L - 1), S = 1 << SH, mask = S - 1;
  const head = br[0] * W + bc[0];
  let code = 0;
  for (let i = 0; i < L - 1; i++) {
    const dr = br[i + 1] - br[i], dc = bc[i + 1] - bc[i];
    const d = dr === -1 ? 0 : dr === 1 ? 1 : dc === -1 ? 2 : 3;
    code |= d << (2 * i);
  }
  const ex = W + 1;
  if (head === ex) { out.push(`Case ${tc}: 0`); continue; }
  const seen = new Uint8Array(NC); const q = new Int32Array(NC); let qh = 0, qt = 0;
  q[qt++] = ex; seen[ex] = 1;
  while (qh < qt) { const u = q[qh++]; for (let d = 0; d < 4; d++) { const v = u + dl[d]; if (!blocked[v] && !seen[v]) { seen[v] = 1; q[qt++] = v; } } }
  if (!seen[head]) { out.push(`Case ${tc}: -1`); continue; }
  if (!masks[L]) masks[L] = bodyMasks(L);
  const bmask = masks[L];
  const s0 = (head << SH) | code;
  vis[s0] = 1;
  let qs = 0, qe = 0; queue[qe++] = s0;
  let ans = -1, lvl = 0;
  outer:
  while (qs < qe) {
    const levelEnd = qe;
    while (qs < levelEnd) {
      const s = queue[qs++];
      const cd = s & mask, h = s >>> SH, bm = bmask[cd], sh = (cd << 2) & mask;
      for (let d = 0; d < 4; d++) {
        if ((bm >> d) & 1) continue;
        const nh = h + dl[d];
        if (blocked[nh]) continue;
        if (nh === ex) { ans = lvl + 1; break outer; }
        const ns = (nh << SH) | sh | (d ^ 1);
        if (!vis[ns]) { vis[ns] = 1; queue[qe++] = ns; }
      }
    }
    lvl++;
  }
  for (let i = 0; i < qe; i++) vis[queue[i]] = 0;
  out.push(`Case ${tc}: ${ans}`);
}
process.stdout.write(out.join('\n') + (out.length ? '\n' : ''));
