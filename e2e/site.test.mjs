// The static site's own scenarios (`cargo xtask site`), run by
// page.test.mjs in its static run only: the page with no server, the API
// in WebAssembly in the page's workers. Every other scenario runs here
// too, and none of them may send a request to /api/ (page.test.mjs).
//
// What only a static site has to prove:
//   - a search the page leaves is dropped, and the worker running it is
//     ended (there is no connection to close: the worker is terminated;
//     Chromium stops a busy worker within 2 s of that);
//   - the board of the day is made in the module too;
//   - after a first visit the site works offline (its service worker);
//   - a new build replaces the cached one whole, and the page reloads
//     into it, without touching another site's cache on the same host.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

/// A 100×100 Curling board (22 % blocks) whose search without a cap of
/// throws expands 1.7 million states: a second or more in the module,
/// long enough to leave it running. Drawn from a fixed seed (mulberry32).
function slowBoard(seed = 24) {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const n = 100;
  const cells = Array.from({ length: n }, () => Array.from({ length: n }, () => (rand() < 0.22 ? 1 : 0)));
  const at = () => [Math.floor(rand() * n), Math.floor(rand() * n)];
  const [sr, sc] = at();
  const [gr, gc] = at();
  cells[sr][sc] = 2;
  cells[gr][gc] = 3;
  return `${n} ${n}\n` + cells.map((r) => r.join(" ")).join("\n") + "\n0 0\n";
}

/// Waits until the site's service worker controls `page` (it claims the
/// page once it has kept the site's files).
const kept = (page) => page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20000 });

export async function siteScenarios({ scenario, base, site, open, ready, headAt, HOLEDOX_SAMPLE_ID }) {
  await scenario("static: a search the page leaves is dropped at once and its worker ended; the next answers meanwhile", async (page) => {
    const closed = [];
    page.on("worker", (w) => w.on("close", () => closed.push(Date.now())));
    await open(page, base + "?mode=edit");
    await page.selectOption("#puzzle", "curling");
    await page.setInputFiles("#file", { name: "slow.in", mimeType: "text/plain", buffer: Buffer.from(slowBoard()) });
    await page.waitForFunction(() => /^1 case read/.test(document.getElementById("message").textContent));
    assert.equal(await page.locator("#board rect.cell").count(), 100 * 100);
    await page.fill("#max-throws", "none");
    await page.press("#max-throws", "Enter");
    await page.waitForFunction(() => /cap=none/.test(location.hash));
    await page.click("#solve");
    await page.waitForFunction(() => document.getElementById("answer").textContent === "Solving…");
    await page.waitForTimeout(200);
    const before = closed.length;
    const left = Date.now();
    await page.click('.tab[data-mode="edit"]');
    // Another board is solved while the old search may still be ending:
    // in a worker of its own, at once.
    await open(page, base + "?mode=edit#curling/6x6/QkUAADAAQBFV");
    await page.click("#solve");
    await page.locator("#move-count").waitFor();
    assert.equal(await page.textContent("#move-count"), "4 throws");
    assert.ok(Date.now() - left < 1500, `the next board was solved ${Date.now() - left} ms after Solve was left`);
    assert.equal(await page.locator("#message.error").count(), 0, "a search left is no error");
    // The worker left searching is ended (Chromium ends a busy worker
    // within 2 s of terminate()).
    const deadline = left + 4000;
    while (closed.length === before && Date.now() < deadline) await page.waitForTimeout(20);
    assert.ok(closed.length > before, "the worker searching was ended");
  }, { quiet: true });

  await scenario("static: aborted work rejects at once, and its worker is ended long before its search would end", async (page) => {
    const closed = [];
    page.on("worker", (w) => w.on("close", () => closed.push(Date.now())));
    await open(page, base);
    await page.waitForFunction(() => document.getElementById("play-status").textContent === "your move");
    // A board no search can make within the request's 30 s: the search
    // runs until it is stopped.
    const started = Date.now();
    const said = await page.evaluate(async () => {
      const api = await import(new URL("js/api.js", document.baseURI).href);
      const work = api.begin("generate");
      const made = work.post("/api/generate", { puzzle: "curling", size: "20x20", answer: "40..", max_throws: "none" });
      await new Promise((done) => setTimeout(done, 1000));
      api.abort("generate");
      return made.then(() => "answered", (e) => e.name);
    });
    assert.equal(said, "AbortError");
    assert.ok(Date.now() - started < 2000, "rejected at once");
    const deadline = Date.now() + 4000;
    while (!closed.length && Date.now() < deadline) await page.waitForTimeout(20);
    assert.ok(closed.length, "the worker was ended");
    assert.ok(closed[0] - started < 4000, `ended ${closed[0] - started} ms after it started`);
  }, { quiet: true });

  await scenario("static: the board of the day is made in the module, with its optimum", async (page) => {
    await open(page, base);
    await page.waitForFunction(() => document.getElementById("play-status").textContent === "your move");
    await page.click("#daily");
    await page.waitForFunction(() => /^The board of the day/.test(document.getElementById("message").textContent), null, { timeout: 30000 });
    await page.waitForFunction(() => /^ · optimum \d+$/.test(document.getElementById("play-optimum").textContent));
    assert.match(new URL(page.url()).hash, /^#curling\//);
  });

  await scenario("static: after a first visit the site works offline: Play, Solve and a link", async (page) => {
    await open(page, base + "#" + HOLEDOX_SAMPLE_ID);
    await kept(page);
    await page.context().setOffline(true);
    await page.reload();
    await ready(page);
    assert.equal(await page.inputValue("#puzzle"), "holedox");
    await page.click("#play");
    await page.waitForFunction(() => document.getElementById("play-status").textContent === "your move");
    await page.keyboard.press("ArrowDown");
    await page.waitForFunction(() => document.getElementById("play-moves").dataset.n === "1");
    assert.deepEqual(await headAt(page), [4, 0]);
    await page.keyboard.press("h");
    await page.waitForFunction(() => /^Best next move/.test(document.getElementById("hint-text").textContent));
    // Another tab, offline, on another board's link, in the editor.
    const other = await page.context().newPage();
    await open(other, base + "?mode=edit#curling/6x6/QkUAADAAQBFV");
    await other.click("#solve");
    await other.locator("#move-count").waitFor();
    assert.equal(await other.textContent("#move-count"), "4 throws");
    await page.context().setOffline(false);
  });

  await scenario("static: a new build replaces the cached one whole, and leaves another site's alone", async (page) => {
    // A second site on the same host, a copy of this one at another path.
    const dir = path.join(site, "..", "next-build");
    fs.rmSync(dir, { recursive: true, force: true });
    fs.cpSync(site, dir, { recursive: true });
    const url = new URL("../next-build/", base).href;
    // Both visited once: both kept.
    await open(page, base);
    await kept(page);
    await open(page, url);
    await kept(page);
    const caches = () => page.evaluate(() => caches.keys());
    const before = await caches();
    const mine = (keys) => keys.filter((k) => k.startsWith(`gridpuzzle ${url} `));
    assert.equal(mine(before).length, 1, `one cache for the new site: ${before}`);
    assert.equal(before.length, 2, `one cache per site: ${before}`);
    // Build 2: another page, and the service worker that comes with it.
    const html = path.join(dir, "index.html");
    fs.writeFileSync(html, fs.readFileSync(html, "utf8").replace("<title>gridpuzzle</title>", "<title>gridpuzzle, build 2</title>"));
    const sw = path.join(dir, "sw.js");
    fs.writeFileSync(sw, fs.readFileSync(sw, "utf8").replace(/const VERSION = "([0-9a-f]+)";/, 'const VERSION = "$1-2";'));
    // A deployment comes later than the copy; here it may come within the
    // same second, which a static server's Last-Modified (whole seconds)
    // cannot tell apart, so it would answer the browser's check with 304.
    const later = new Date(Date.now() + 5000);
    for (const file of [html, sw]) fs.utimesSync(file, later, later);
    // The next visit is served build 1 from the cache, finds build 2, keeps
    // it, and reloads into it.
    await page.reload();
    const deadline = Date.now() + 20000;
    let title = "";
    while (Date.now() < deadline) {
      title = await page.title().catch(() => "");
      if (title === "gridpuzzle, build 2") break;
      await page.waitForTimeout(100);
    }
    assert.equal(title, "gridpuzzle, build 2", "the page reloaded into the new build");
    await ready(page);
    const after = await caches();
    assert.equal(mine(after).length, 1, `the old build's cache is gone: ${after}`);
    assert.match(mine(after)[0], /-2$/, "the cache kept is build 2's");
    assert.deepEqual(after.filter((k) => !mine(after).includes(k)), before.filter((k) => !mine(before).includes(k)), "the other site's cache is untouched");
    // Build 2 offline.
    await page.context().setOffline(true);
    await page.reload();
    await ready(page);
    assert.equal(await page.title(), "gridpuzzle, build 2");
    await page.context().setOffline(false);
  });
}
