// Answers requests to the JSON API with the WebAssembly module under
// node, through the page's own glue (site/js/wasm.js): one request per
// line of stdin, `{"endpoint": "solve", "body": "..."}`, one answer per
// line of stdout, `{"status": 200, "type": "...", "body": "...",
// "millis": 1.5}` (`millis`: the call's time), or `{"crashed": "why"}`
// for a call that trapped (the next one gets a fresh instance). Run by
// tests/golden.rs (the API's golden requests), and by hand for the
// figures of BENCHMARKS.md:
//
//   node crates/wasm/tests/answer.mjs target/site/gridpuzzle.wasm < requests.jsonl
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { instantiate } from "../site/js/wasm.js";

const path = process.argv[2];
if (!path) {
  console.error("usage: node answer.mjs MODULE.wasm < requests.jsonl");
  process.exit(2);
}
const module = await WebAssembly.compile(readFileSync(path));
let api = await instantiate(module);
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line.trim()) continue;
  const { endpoint, body } = JSON.parse(line);
  let out;
  const started = performance.now();
  try {
    out = { ...api.call(endpoint, body), millis: performance.now() - started };
  } catch (e) {
    out = { crashed: e.message };
    api = await instantiate(module);
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}
