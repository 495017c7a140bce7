// End-to-end test of the page in a real headless Chromium (Debian's),
// driven by playwright-core, in both of its transports. Run by
// crates/server/tests/browser.rs twice:
//
//   node e2e/page.test.mjs http://127.0.0.1:PORT/
//       the page of `gridpuzzle serve`, which the test starts (HTTP);
//   GRIDPUZZLE_E2E_SITE=DIR node e2e/page.test.mjs http://127.0.0.1:PORT/some/path/
//       the static site of `cargo xtask site`, a copy of it in DIR served
//       at that sub-path by a plain static file server the test starts
//       (the API in WebAssembly, in the page's workers).
//
// Every scenario runs in both, but those that hold or answer the page's
// HTTP requests to the server themselves (`{ served: true }`); the static
// run adds its own (e2e/site.test.mjs: offline, a new build, cancelling a
// worker), and fails any scenario whose page sends a request to /api/.
//
// What a user does, as a user does it: clicks and drags in the editor,
// presses the buttons and the keys, opens a link. What is checked is what
// the page shows (the move count, the animation's caption, where the stone
// or the snake's head is drawn, the texts of the play panel), so a page
// that calls the API right but draws or counts wrong fails here.
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { layoutScenarios } from "./layout.test.mjs";

const base = process.argv[2];
if (!base) {
  console.error("usage: [GRIDPUZZLE_E2E_SITE=DIR] node e2e/page.test.mjs http://127.0.0.1:PORT/[PATH/]");
  process.exit(2);
}
/// The folder of the static site being served at `base`, in the static
/// run; null for the server's page.
const site = process.env.GRIDPUZZLE_E2E_SITE || null;
const executablePath = process.env.GRIDPUZZLE_CHROMIUM || "/usr/bin/chromium";

// The flags this machine needs: no sandbox as root, no GPU, and no
// background connections (the network is closed; Chromium would retry).
const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});

let failed = 0;
let total = 0;
/// Runs one scenario in a fresh browser context (`options`: the context's,
/// such as its viewport; 1200×900 unless given; `served: true` for a
/// scenario of the server's page only; `quiet: true` for one that times
/// the page — frames, a drag, how soon a worker ends — and so needs the
/// machine's cores to itself).
/// GRIDPUZZLE_E2E_ONLY=TEXT runs only the scenarios whose name holds TEXT,
/// for working on one (browser.rs never sets it, and counts them all).
/// GRIDPUZZLE_E2E_PHASE=busy runs all but the quiet ones, =quiet only
/// those; unset, all. browser.rs runs the two transports' busy phases
/// side by side (one alone leaves two cores idle about half the time),
/// then each quiet phase alone.
const only = process.env.GRIDPUZZLE_E2E_ONLY;
const phase = process.env.GRIDPUZZLE_E2E_PHASE || "all";
if (!["all", "busy", "quiet"].includes(phase)) {
  console.error(`GRIDPUZZLE_E2E_PHASE must be busy or quiet, found ${phase}`);
  process.exit(2);
}
const slow = Number(process.env.GRIDPUZZLE_E2E_SLOW || 0);
async function scenario(name, body, options = {}) {
  const { served, quiet, ...contextOptions } = options;
  if (only && !name.includes(only)) return;
  if (served && site) return;
  if ((phase === "busy" && quiet) || (phase === "quiet" && !quiet)) return;
  total += 1;
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, ...contextOptions });
  // The static site's page asks its workers, never a server.
  const asked = [];
  if (site) {
    context.on("request", (r) => {
      if (new URL(r.url()).pathname.includes("/api/")) asked.push(r.url());
    });
  }
  // GRIDPUZZLE_E2E_SLOW=MS answers every API request MS later, for
  // looking for races a busy machine would show (not set by browser.rs).
  if (slow && !site) {
    await context.route("**/api/**", async (route) => {
      await new Promise((done) => setTimeout(done, slow));
      await route.fallback();
    });
  }
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // The server's Content-Security-Policy must not block anything the page does.
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/.test(m.text())) errors.push(m.text());
  });
  const started = Date.now();
  try {
    await body(page);
    assert.deepEqual(errors, [], "the page threw, or broke the server's Content-Security-Policy");
    assert.deepEqual(asked, [], "the static site's page sent requests to /api/");
    console.log(`ok - ${name} (${Date.now() - started} ms)`);
  } catch (e) {
    failed += 1;
    console.log(`not ok - ${name}\n${e.stack}`);
    await page.screenshot({ path: `/tmp/gridpuzzle-e2e-${name.replace(/\W+/g, "-")}.png` }).catch(() => {});
  } finally {
    await context.close();
  }
}

/// Opens `url` and waits until the page has drawn its board and read the
/// link: the page asks the server for its puzzles and for the link's
/// board, so it is ready a little after the browser's load event.
async function open(page, url) {
  const target = new URL(url);
  const here = page.url() === "about:blank" ? null : new URL(page.url());
  if (here && here.origin + here.pathname === target.origin + target.pathname
      && here.hash !== target.hash && target.hash) {
    // The same page with another link: no load, only a hashchange, which
    // the page handles later. Wait for the event (the page's own listener,
    // registered first, has marked it not ready by then), then for the
    // board, or a click could reach the board that was there before.
    await page.evaluate((hash) => new Promise((done) => {
      window.addEventListener("hashchange", () => done(), { once: true });
      location.hash = hash;
    }), target.hash);
  } else {
    await page.goto(url);
  }
  await ready(page);
}

async function ready(page) {
  await page.waitForFunction(() => document.body.dataset.ready === "1");
}

/// The board cell (row, column), 0-based.
const cell = (page, r, c) => page.locator(`#board rect.cell[data-r="${r}"][data-c="${c}"]`);

async function clickCell(page, r, c) {
  await cell(page, r, c).click();
}

/// What cell (r, c) is, as the editor names it ("block", "ice").
async function classOf(page, r, c) {
  return cell(page, r, c).getAttribute("data-what");
}

/// Where the moving piece (the stone, the snake's head) is drawn.
async function moverAt(page) {
  const mover = page.locator("#mover");
  return [Number(await mover.getAttribute("data-r")), Number(await mover.getAttribute("data-c"))];
}
const stoneAt = moverAt;
const headAt = moverAt;

await scenario("curling: build a board in the editor, solve it, step through the animation", async (page) => {
  // A link asking for the editor opens in Edit (a plain one opens in Play).
  await open(page, base + "?mode=edit");
  await page.selectOption("#puzzle", "curling");
  await page.fill("#width", "5");
  await page.fill("#height", "4");
  await page.click("#clear");
  assert.equal(await page.locator("#board rect.cell").count(), 20);

  // S . . . .       The stone must stop on row 2 to slide into the goal:
  // . # # . .       down from the start it stops on the block at the
  // . . . . G       bottom (breaking it), then slides right into G.
  // # . . . .       Optimum: 2 throws (D, R).
  await page.click('.tool[data-tool="start"]');
  await clickCell(page, 0, 0);
  await page.click('.tool[data-tool="goal"]');
  await clickCell(page, 2, 4);
  await page.click('.tool[data-tool="block"]');
  await clickCell(page, 3, 0);
  // A drag paints every cell it crosses.
  const from = await cell(page, 1, 0).boundingBox();
  const to = await cell(page, 1, 2).boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  for (const c of [0, 1, 2]) assert.equal(await classOf(page, 1, c), "block", `drag painted (1, ${c})`);
  // The block at (1, 0) is in the stone's way down: erase it with ice.
  await page.click('.tool[data-tool="ice"]');
  await clickCell(page, 1, 0);
  assert.equal(await classOf(page, 1, 0), "ice");
  assert.equal(await classOf(page, 0, 0), "start");
  assert.equal(await classOf(page, 2, 4), "goal");

  await page.click("#solve");
  await page.locator("#move-count").waitFor();
  assert.equal(await page.textContent("#move-count"), "2 throws");
  assert.match(await page.textContent("#answer"), /↓→/, "the answer in arrows");
  assert.match(await page.textContent("#frame-caption"), /^Move 0 of 2/);
  assert.deepEqual(await stoneAt(page), [0, 0]);

  await page.click("#anim-step");
  assert.match(await page.textContent("#frame-caption"), /^Move 1 of 2: ↓/);
  assert.deepEqual(await stoneAt(page), [2, 0]);
  // The block the stone hit is gone once the stone gets there.
  await page.waitForFunction(() => /broken/.test(document.querySelector('#board rect.cell[data-r="3"][data-c="0"]').getAttribute("class")));
  await page.click("#anim-step");
  assert.match(await page.textContent("#frame-caption"), /^Move 2 of 2: → — at the goal/);
  assert.deepEqual(await stoneAt(page), [2, 4]);
  await page.click("#anim-back");
  assert.match(await page.textContent("#frame-caption"), /^Move 1 of 2/);
  assert.deepEqual(await stoneAt(page), [2, 0]);
  await page.click("#anim-first");
  assert.deepEqual(await stoneAt(page), [0, 0]);
  assert.doesNotMatch(await classOf(page, 3, 0), /broken/);
  // Play runs the animation to the end by itself.
  await page.click("#anim-play");
  await page.waitForFunction(() => document.getElementById("frame-caption").dataset.k === "2", null, { timeout: 10000 });
  assert.deepEqual(await stoneAt(page), [2, 4]);

  // The link reopens the same board, which solves the same way.
  const link = page.url();
  assert.match(link, /#curling\/5x4\//);
  const other = await page.context().newPage();
  await open(other, link);
  for (const [r, c, kind] of [[0, 0, "start"], [2, 4, "goal"], [3, 0, "block"], [1, 1, "block"], [1, 0, "ice"]]) {
    assert.equal(await classOf(other, r, c), kind, `reopened (${r}, ${c})`);
  }
  await other.click("#solve");
  await other.locator("#move-count").waitFor();
  assert.equal(await other.textContent("#move-count"), "2 throws");
});

// The first case of the Holedox sample, as the page's link names it.
const HOLEDOX_SAMPLE_ID = "holedox/6x5/AIMAA/3.0.RUL";

await scenario("holedox: open a sample by its link and play it", async (page) => {
  await open(page, base + "#" + HOLEDOX_SAMPLE_ID);
  assert.equal(await page.inputValue("#puzzle"), "holedox");
  assert.equal(await page.locator("#pieces .seg").count(), 4);
  assert.deepEqual(await headAt(page), [3, 0]);
  assert.equal(await classOf(page, 2, 3), "stone");

  await page.click("#play");
  await page.waitForFunction(() => document.getElementById("play-status").textContent === "your move");
  await page.keyboard.press("ArrowDown");
  await page.waitForFunction(() => document.getElementById("play-moves").dataset.n === "1");
  assert.equal(await page.textContent("#play-moves"), "1 step");
  assert.deepEqual(await headAt(page), [4, 0]);

  // An exact hint: the sample's optimum is 9, one step is made.
  await page.keyboard.press("h");
  await page.waitForFunction(() => /^Best next move/.test(document.getElementById("hint-text").textContent));
  assert.equal(await page.textContent("#hint-text"), "Best next move: right → — 8 steps to go (exact).");

  // Into its own body: refused with the rules' reason, nothing moves.
  await page.keyboard.press("ArrowUp");
  await page.waitForFunction(() => document.getElementById("play-status").textContent.startsWith("refused"));
  assert.match(await page.textContent("#play-status"), /own body/);
  assert.deepEqual(await headAt(page), [4, 0]);

  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => document.getElementById("play-moves").dataset.n === "2");
  assert.deepEqual(await headAt(page), [4, 1]);
  assert.equal(await page.textContent("#hint-text"), "", "a move clears the old hint");

  // Undo goes back one position (not to the start), redo forward again.
  await page.keyboard.press("u");
  await page.waitForFunction(() => document.getElementById("play-moves").dataset.n === "1");
  assert.deepEqual(await headAt(page), [4, 0]);
  await page.keyboard.press("y");
  await page.waitForFunction(() => document.getElementById("play-moves").dataset.n === "2");
  assert.deepEqual(await headAt(page), [4, 1]);
  await page.keyboard.press("Backspace");
  await page.waitForFunction(() => document.getElementById("play-moves").dataset.n === "0");
  assert.deepEqual(await headAt(page), [3, 0]);
});

await scenario("an old Curling link opens the same board under the same cap", async (page) => {
  // The statement's dataset 2 with a cap of 3 throws, as the page wrote
  // the link before the server read links: the board, the cap, and the
  // answer under it are the same, and the link stays as it was.
  const id = "curling/6x6/QkUAADAAQBFV/cap=3";
  await open(page, base + "#" + id);
  assert.equal(await page.inputValue("#puzzle"), "curling");
  assert.equal(await page.inputValue("#max-throws"), "3");
  for (const [r, c, kind] of [[0, 3, "start"], [2, 5, "goal"], [0, 0, "block"], [5, 0, "ice"], [5, 1, "block"]]) {
    assert.equal(await classOf(page, r, c), kind, `opened (${r}, ${c})`);
  }
  assert.deepEqual(await stoneAt(page), [0, 3]);
  await page.click("#solve");
  // Its optimum is 4 throws: none within 3.
  await page.waitForFunction(() => /No solution/.test(document.getElementById("answer").textContent));
  assert.equal(new URL(page.url()).hash, "#" + id);
});

await scenario("holedox: the sample read from a judge input has the same link", async (page) => {
  // Judge inputs are the editor's tools.
  await open(page, base + "?mode=edit");
  await page.selectOption("#puzzle", "holedox");
  await page.click("#sample");
  await page.waitForFunction(() => document.getElementById("case").options.length === 2);
  await page.waitForFunction((id) => location.hash === "#" + id, HOLEDOX_SAMPLE_ID);
  await page.selectOption("#case", "2");
  await page.click("#solve");
  await page.waitForFunction(() => /No solution/.test(document.getElementById("answer").textContent));
});

await scenario("curling: upload a judge file, pick a case, solve it", async (page) => {
  await open(page, base + "?mode=edit");
  await page.selectOption("#puzzle", "curling");
  const sample = new URL("../samples/curling.in", import.meta.url).pathname;
  await page.setInputFiles("#file", sample);
  // The file's cases (the first level's set, the same samples, may be the
  // case menu already): its read is said.
  await page.waitForFunction(() => /^6 cases read/.test(document.getElementById("message").textContent));
  await page.selectOption("#case", "5");
  assert.equal(await page.locator("#board rect.cell").count(), 12);
  await page.click("#solve");
  await page.locator("#move-count").waitFor();
  // Sample dataset 5 needs all ten throws of the cap.
  assert.equal(await page.textContent("#move-count"), "10 throws");
});

await scenario("holedox: answers that come late, edits and rule changes during play", async (page) => {
  await open(page, base + "#" + HOLEDOX_SAMPLE_ID);
  await page.click("#play");
  await page.waitForFunction(() => document.getElementById("play-status").textContent === "your move");

  // A hint, then a move away and back by undo/redo: the hint is dropped
  // as soon as the position changes.
  await page.keyboard.press("h");
  await page.waitForFunction(() => /Best next move: down ↓/.test(document.getElementById("hint-text").textContent));
  await page.keyboard.press("ArrowDown");
  await page.waitForFunction(() => document.getElementById("play-moves").dataset.n === "1");
  assert.equal(await page.textContent("#hint-text"), "");
  await page.keyboard.press("u");
  await page.keyboard.press("h");
  await page.waitForFunction(() => /down ↓ — 9 steps/.test(document.getElementById("hint-text").textContent));
  await page.keyboard.press("y");
  await page.waitForFunction(() => document.getElementById("play-moves").dataset.n === "1");
  assert.equal(await page.textContent("#hint-text"), "");

  // Slow answers: two moves are on their way when the board is edited.
  // The late answers must not be drawn over the editor, and play must
  // work again afterwards.
  await page.route("**/api/play", async (route) => {
    await new Promise((done) => setTimeout(done, 400));
    await route.continue().catch(() => {});
  });
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.click('.tab[data-mode="edit"]');
  await page.click('.tool[data-tool="stone"]');
  await clickCell(page, 0, 5);
  await page.waitForTimeout(1000);
  assert.deepEqual(await headAt(page), [3, 0], "the editor shows the board's own snake");
  await page.unroute("**/api/play");

  // A slow solve whose board is edited meanwhile: its answer is dropped.
  await page.route("**/api/solve", async (route) => {
    await new Promise((done) => setTimeout(done, 400));
    await route.continue().catch(() => {});
  });
  await page.click("#solve");
  await page.click('.tab[data-mode="edit"]');
  await clickCell(page, 0, 4);
  await page.waitForTimeout(1000);
  assert.ok(await page.locator("#tools").isVisible(), "still editing");
  assert.deepEqual(await headAt(page), [3, 0]);
  assert.equal(await page.locator("#message.error").count(), 0, "no error from the old answer");
  assert.equal(await page.textContent("#answer"), "Solving…", "the old answer was not shown");
  await page.unroute("**/api/solve");
  await page.click("#play");
  await page.waitForFunction(() => document.getElementById("play-status").textContent === "your move");
  await page.keyboard.press("ArrowDown");
  await page.waitForFunction(() => document.getElementById("play-moves").dataset.n === "1");
  assert.deepEqual(await headAt(page), [4, 0]);

  // Another tail rule is another puzzle: the game starts again under it.
  // (The rules' controls are not shown in Play; a rule changed under a
  // game, as by a script or a control of another mode, restarts it.)
  await page.selectOption("#tail-rule", "lenient", { force: true });
  await page.waitForFunction(() => document.getElementById("play-moves").dataset.n === "0");
  assert.match(page.url(), /rule=lenient/);
  await page.keyboard.press("ArrowUp"); // into the tail's cell: lenient allows it
  await page.waitForFunction(() => document.getElementById("play-moves").dataset.n === "1");
  assert.deepEqual(await headAt(page), [2, 0]);
}, { served: true });

await scenario("searches the page no longer wants are cancelled, and say nothing", async (page) => {
  await open(page, base + "#" + HOLEDOX_SAMPLE_ID);
  // A request the page aborted fails in the browser with ERR_ABORTED: its
  // connection is closed, and the server stops the search.
  const cancelled = (path) => page.waitForEvent("requestfailed", {
    predicate: (r) => new URL(r.url()).pathname === path && /ABORTED/.test(r.failure().errorText),
  });
  let release;
  const held = new Promise((done) => { release = done; });

  // A solve held back by the network, then Edit.
  await page.route("**/api/solve", async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  const solveSent = page.waitForRequest("**/api/solve");
  await page.click("#solve");
  await solveSent;
  const solveCancelled = cancelled("/api/solve");
  await page.click('.tab[data-mode="edit"]');
  await solveCancelled;
  await page.unroute("**/api/solve");

  // A hint held back, then Edit.
  await page.route("**/api/play", async (route) => {
    if (route.request().postDataJSON().hint) await held;
    await route.continue().catch(() => {});
  });
  await page.click("#play");
  await page.waitForFunction(() => document.getElementById("play-status").textContent === "your move");
  const hintSent = page.waitForRequest((r) => r.url().endsWith("/api/play") && r.postDataJSON().hint);
  await page.keyboard.press("h");
  await hintSent;
  const hintCancelled = cancelled("/api/play");
  await page.click('.tab[data-mode="edit"]');
  await hintCancelled;
  release();
  await page.waitForTimeout(300);
  assert.equal(await page.locator("#message.error").count(), 0, "an aborted request is no error");
  assert.equal(await page.textContent("#message"), "Opened the board of the link.");
  assert.deepEqual(await headAt(page), [3, 0], "the editor shows the board's own snake");
}, { served: true });

await scenario("links that cannot be read, and generated boards", async (page) => {
  await open(page, base + "#%E0%A4%A");
  assert.match(await page.textContent("#message"), /cannot be read/);
  assert.ok((await page.locator("#board rect.cell").count()) > 0, "a board is drawn anyway");
  assert.equal(new URL(page.url()).hash, "#%E0%A4%A", "the bad link stays to be mended");
  await page.click("#share");
  assert.match(page.url(), /#curling\/6x6\//, "Copy link gives the board's own link");
  await open(page, base + "#" + HOLEDOX_SAMPLE_ID + "/exit=9,9");
  await page.reload();
  await ready(page);
  assert.match(await page.textContent("#message"), /exit 9,9 is not on a board/);

  // The same seed gives the same board; the seed the page reports works
  // (the Generate panel is the editor's).
  await open(page, base + "?mode=edit");
  await page.fill("#gen-size", "7x6");
  await page.fill("#gen-answer", "3..");
  await page.fill("#gen-seed", "123456789012345678");
  await page.click("#generate");
  await page.waitForFunction(() => /^Generated/.test(document.getElementById("message").textContent));
  assert.match(await page.textContent("#message"), /seed 123456789012345678\)/);
  const first = page.url();
  assert.match(first, /#curling\/7x6\//);
  await page.click("#clear");
  await page.click("#generate");
  await page.waitForFunction(() => /^Generated/.test(document.getElementById("message").textContent));
  assert.equal(page.url(), first);
  // Solve it while the animation runs, change the cap: no error, a new solve.
  await page.click("#solve");
  await page.locator("#move-count").waitFor();
  const optimum = Number((await page.textContent("#move-count")).split(" ")[0]);
  assert.ok(optimum >= 3 && optimum <= 10, String(optimum));
  await page.click("#anim-play");
  await page.fill("#max-throws", String(optimum - 1));
  await page.press("#max-throws", "Enter");
  await page.waitForFunction(() => /No solution/.test(document.getElementById("answer").textContent));
});

// Game behaviour (kept work, undo, progress, messages, Solve's keys, the
// win): e2e/game.test.mjs, with the helpers above.
const { gameScenarios } = await import("./game.test.mjs");
await gameScenarios({ base, scenario, open, ready, cell, clickCell, classOf, stoneAt, headAt, HOLEDOX_SAMPLE_ID });

// The layout and looks at a laptop's and a phone's size, and accessibility.
await layoutScenarios({ scenario, base, open, stoneAt });

// A first visit at both sizes in both themes (issue 30).
const { firstVisitScenarios } = await import("./first.test.mjs");
await firstVisitScenarios({ scenario, base, open, stoneAt });

const { watchScenarios } = await import("./watch.test.mjs");
await watchScenarios({ scenario, base, open });

// The page keeps your game (issue 37): modes, kept games, levels, phone
// and zoom, the editor at 100×100, Watch's frames, polish, screen readers.
const { keepScenarios } = await import("./keep.test.mjs");
await keepScenarios({ scenario, base, open });

// The static site's own: offline, a new build, cancelling in a worker.
if (site) {
  const { siteScenarios } = await import("./site.test.mjs");
  await siteScenarios({ scenario, base, site, open, ready, headAt, HOLEDOX_SAMPLE_ID });
}

await browser.close();
console.log(`# passed ${total - failed} of ${total}`);
if (failed) {
  console.log(`${failed} scenario(s) failed; screenshots in /tmp/gridpuzzle-e2e-*.png`);
  process.exit(1);
}
