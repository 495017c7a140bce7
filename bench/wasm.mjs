// The WebAssembly module against native code, per bundled judge file
// (bench/curling/*.in, bench/holedox/*.in): each file solved by
//   - the native binary, a whole process (`gridpuzzle solve PUZZLE --jobs 1 FILE`);
//   - the API natively, in process (crates/wasm/examples/answer.rs: the
//     very function the module exports, compiled for this machine);
//   - the module under node (crates/wasm/tests/answer.mjs: the page's glue).
// Each is run ROUNDS times; the best time counts (the first call of the
// module is also shown: it runs on V8's baseline code before the
// optimizing tier takes over). The answers of the two API runs must be
// the same bytes (wall times aside).
//
//   cargo build --release -p gridpuzzle -p gridpuzzle-wasm --example answer
//   cargo xtask site target/site
//   node bench/wasm.mjs [ROUNDS]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.join(path.dirname(new URL(import.meta.url).pathname), "..");
const rounds = Number(process.argv[2] || 5);
const at = (p) => path.join(root, p);

const files = [];
for (const puzzle of ["curling", "holedox"]) {
  for (const name of fs.readdirSync(at(`bench/${puzzle}`)).filter((n) => n.endsWith(".in")).sort()) {
    files.push({ puzzle, file: `bench/${puzzle}/${name}`, input: fs.readFileSync(at(`bench/${puzzle}/${name}`), "utf8") });
  }
}

/// Each request `rounds` times, through `command`: the answers, in order.
function answers(command, args) {
  const lines = [];
  for (const f of files) {
    const request = JSON.stringify({ endpoint: "solve", body: JSON.stringify({ puzzle: f.puzzle, input: f.input }) });
    for (let i = 0; i < rounds; i++) lines.push(request);
  }
  const run = spawnSync(command, args, { input: lines.join("\n") + "\n", maxBuffer: 1 << 30, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`${command} failed: ${run.stderr}`);
  return run.stdout.trim().split("\n").map((l) => JSON.parse(l));
}

const noMillis = (body) => body.replace(/"millis":[0-9.e+-]+/g, '"millis":0');
const native = answers(at("target/release/examples/answer"), []);
const wasm = answers("node", [at("crates/wasm/tests/answer.mjs"), at("target/site/gridpuzzle.wasm")]);
const ms = (x) => x.toFixed(x < 10 ? 2 : 1);

console.log(`| file | binary, process (ms) | API native (ms) | module in node (ms) | first call (ms) | module / API native | module / binary |`);
console.log(`|---|---:|---:|---:|---:|---:|---:|`);
files.forEach((f, i) => {
  const mine = (list) => list.slice(i * rounds, (i + 1) * rounds);
  const n = mine(native), w = mine(wasm);
  for (let k = 0; k < rounds; k++) {
    if (noMillis(n[k].body) !== noMillis(w[k].body)) throw new Error(`${f.file}: the module's answer differs from the native one`);
  }
  const best = (list) => Math.min(...list.map((a) => a.millis));
  let process = Infinity;
  for (let k = 0; k < rounds; k++) {
    const started = performance.now();
    const run = spawnSync(at("target/release/gridpuzzle"), ["solve", f.puzzle, "--jobs", "1", at(f.file)], { encoding: "utf8" });
    if (run.status !== 0) throw new Error(`gridpuzzle solve ${f.file} failed`);
    process = Math.min(process, performance.now() - started);
  }
  const [bn, bw] = [best(n), best(w)];
  console.log(`| ${f.file} | ${ms(process)} | ${ms(bn)} | ${ms(bw)} | ${ms(w[0].millis)} | ${(bw / bn).toFixed(2)} | ${(bw / process).toFixed(2)} |`);
});
