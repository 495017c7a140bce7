// Watch's priority-queue view (BENCHMARKS.md, "Watch's priority-queue
// view"): not a test, a measurement, with a check of what it measures.
//
//   node e2e/frontier.bench.mjs
//
// Loads `endsBy` from the page's watch.js, holds it to a whole sort on
// 20,000 random frontiers of up to 40 states (the 5 first and 3 last by
// key, ties first in first out; exit 1 on any difference), then times
// both on a frontier of 50,000 states, as one frame of Watch would.
import fs from "node:fs";

const source = fs.readFileSync(new URL("../crates/server/assets/js/watch.js", import.meta.url), "utf8");
const start = source.indexOf("function endsBy(");
const end = source.indexOf("\n}\n", start) + 3;
const FRONT = 5, BACK = 3;
const endsBy = new Function("FRONT", "BACK", source.slice(start, end) + "return endsBy;")(FRONT, BACK);

const sorted = (items, key) => items.map((x, i) => [key(x), i, x]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((t) => t[2]);
const shown = (all) => (all.length > FRONT + BACK ? [...all.slice(0, FRONT), null, ...all.slice(-BACK)] : all);
const key = (x) => x.f;

let differ = 0;
for (let trial = 0; trial < 20000; trial++) {
  const items = Array.from({ length: Math.floor(Math.random() * 40) }, (_, id) => ({ f: Math.floor(Math.random() * 6), id }));
  if (JSON.stringify(endsBy(items, key)) !== JSON.stringify(shown(sorted(items, key)))) differ++;
}
console.log(`20,000 random frontiers: ${differ} differ from the sort`);

const big = Array.from({ length: 50000 }, (_, id) => ({ f: Math.floor(Math.random() * 100), id }));
const time = (work) => {
  const began = performance.now();
  for (let r = 0; r < 20; r++) work();
  return ((performance.now() - began) / 20).toFixed(2);
};
console.log(`50,000 waiting, per frame: sort ${time(() => sorted(big, key))} ms, endsBy ${time(() => endsBy(big, key))} ms`);
process.exit(differ ? 1 : 0);
