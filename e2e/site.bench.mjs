// The static site's figures in headless Chromium (BENCHMARKS.md, "The
// page anywhere"): not a test, a measurement.
//
//   cargo xtask site target/site
//   node e2e/site.bench.mjs ../target/site [http://127.0.0.1:PORT/]
//
// It serves the site itself at /some/path/ on a loopback port (a small
// static server with ETags, gzip on or off, which counts the body bytes
// it sends), and
// measures, in fresh browser contexts at 390×844:
//   - a first visit: the bytes sent (the page, its modules, the module,
//     and the service worker's copy of them), plain and gzipped, and the
//     time until the first board is drawn;
//   - a move answered: a key pressed in Play to the move's answer on the
//     page, on the 20×20 boards of both puzzles (the "Hardest found"
//     levels, played along an optimal plan), on the site and, when a
//     second URL is given, on `gridpuzzle serve` there for comparison.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "playwright-core";
import { api } from "./api.mjs";

const dir = process.argv[2] && path.resolve(process.argv[2]);
const served = process.argv[3];
if (!dir) {
  console.error("usage: node e2e/site.bench.mjs SITE_DIR [SERVED_URL]");
  process.exit(2);
}
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".webmanifest": "application/manifest+json" };

/// Serves `dir` at /some/path/; `sent` counts the body bytes sent.
function serve(gzip) {
  const stats = { sent: 0, requests: 0 };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://x");
    let file = url.pathname.replace(/^\/some\/path\//, "");
    if (file === url.pathname) { res.writeHead(404); res.end(); return; }
    if (file === "" || file.endsWith("/")) file += "index.html";
    const where = path.join(dir, file);
    if (!where.startsWith(dir) || !fs.existsSync(where)) { res.writeHead(404); res.end(); return; }
    let body = fs.readFileSync(where);
    // As a static host does: a validator, and 304 when it still holds.
    const tag = `"${crypto.createHash("sha1").update(body).digest("hex").slice(0, 16)}${gzip ? "-gz" : ""}"`;
    const headers = { "Content-Type": TYPES[path.extname(where)] || "application/octet-stream", ETag: tag };
    if (req.headers["if-none-match"] === tag) {
      stats.requests += 1;
      res.writeHead(304, headers);
      res.end();
      return;
    }
    if (gzip && /gzip/.test(req.headers["accept-encoding"] || "")) {
      body = zlib.gzipSync(body, { level: 9 });
      headers["Content-Encoding"] = "gzip";
    }
    stats.sent += body.length;
    stats.requests += 1;
    res.writeHead(200, headers);
    res.end(body);
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done({ server, stats, base: `http://127.0.0.1:${server.address().port}/some/path/` })));
}

const browser = await chromium.launch({
  executablePath: process.env.GRIDPUZZLE_CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const PHONE = { viewport: { width: 390, height: 844 } };
const kb = (n) => (n / 1024).toFixed(0) + " KB";
const ms = (x) => x.toFixed(1) + " ms";
const stat = (xs) => {
  const s = xs.slice().sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))], max: s[s.length - 1], n: s.length };
};

/// A first visit to `base`: the time until the first board is drawn (from
/// the start of navigation), and until the page is ready; then the service
/// worker's copy, once it controls the page.
async function firstVisit(base) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.addInitScript(() => {
    new MutationObserver((_, seen) => {
      if (document.querySelector("#board rect.cell")) {
        window.__firstBoard = performance.now();
        seen.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto(base);
  await page.waitForFunction(() => document.body.dataset.ready === "1");
  const first = await page.evaluate(() => window.__firstBoard);
  const ready = await page.evaluate(() => performance.now());
  return { context, page, first, ready };
}

for (const gzip of [false, true]) {
  const { server, stats, base } = await serve(gzip);
  const times = [];
  for (let round = 0; round < 5; round++) {
    stats.sent = stats.requests = 0;
    const { context, page, first } = await firstVisit(base);
    const page_ = stats.sent, pageRequests = stats.requests;
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20000 });
    await page.waitForTimeout(300);
    times.push(first);
    if (round === 0) {
      console.log(`# figure first visit, ${gzip ? "gzip" : "no compression"}: ${kb(page_)} in ${pageRequests} requests for the page; ${kb(stats.sent)} in ${stats.requests} with the service worker's copy`);
    }
    await context.close();
  }
  const t = stat(times);
  console.log(`# figure first board drawn, ${gzip ? "gzip" : "no compression"}, 390×844: median ${ms(t.median)}, max ${ms(t.max)} (${t.n} fresh visits)`);
  server.close();
}

/// Moves along an optimal plan of the 20×20 "Hardest found" level of
/// `puzzle`, key to answer on the page, ROUNDS times over (undone between).
async function moves(base, label) {
  for (const puzzle of ["curling", "holedox"]) {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(base);
    await page.waitForFunction(() => document.body.dataset.ready === "1");
    const kind = (await api(page, "puzzles")).puzzles.find((p) => p.name === puzzle);
    const level = kind.levels.find((s) => /Hardest/.test(s.name)).levels.find((l) => l.width === 20 && l.answer > 0);
    await page.goto(base + "#" + level.id);
    await page.waitForFunction(() => document.body.dataset.ready === "1");
    await page.waitForFunction(() => document.getElementById("play-status").textContent === "your move");
    const d = await api(page, "board", { id: level.id });
    const plan = (await api(page, "solve", { puzzle: d.puzzle, input: d.input, options: d.options })).results[0].moves;
    const KEY = { U: "ArrowUp", D: "ArrowDown", L: "ArrowLeft", R: "ArrowRight" };
    const took = [];
    for (let round = 0; round < 3; round++) {
      for (const [i, letter] of [...plan].entries()) {
        took.push(await page.evaluate(([key, n]) => new Promise((done) => {
          const moves = document.getElementById("play-moves");
          const t0 = performance.now();
          const seen = new MutationObserver(() => {
            if (moves.dataset.n === String(n)) { seen.disconnect(); done(performance.now() - t0); }
          });
          seen.observe(moves, { attributes: true });
          document.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
        }), [KEY[letter], i + 1]));
      }
      await page.keyboard.press("Backspace");
      await page.waitForFunction(() => document.getElementById("play-moves").dataset.n === "0");
    }
    const t = stat(took.slice(plan.length)); // the first round warms up
    console.log(`# figure a move answered, ${label}, ${puzzle} ${level.id.split("/")[1]} (${plan.length}-move plan): median ${ms(t.median)}, p95 ${ms(t.p95)}, max ${ms(t.max)} (${t.n} moves)`);
    await context.close();
  }
}

{
  const { server, base } = await serve(false);
  await moves(base, "static site");
  server.close();
}
if (served) await moves(served, "gridpuzzle serve");
await browser.close();
