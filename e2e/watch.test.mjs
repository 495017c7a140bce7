// Watch mode end to end: searches traced by the server, watched side by
// side. Registered by page.test.mjs with its `scenario` helper.
//
// The scenarios name no puzzle and no algorithm: they watch the puzzle
// whose /api/algorithms list is longest, its first two searches when it
// offers two or more (one when every puzzle offers one), on the board
// the page opens for it. What is checked is what the page shows: the
// boards side by side, the step counter, the counters after each step
// (every event counts once, so they add up to the step number), and at
// the end of the traces the counters of each search equal the tally the
// server reports for the same board (/api/trace, the counts `gridpuzzle
// trace --compare` prints) — plus axe, and no sideways scrolling on a
// phone.
import assert from "node:assert/strict";
import { api } from "./api.mjs";
import fs from "node:fs";

const AXE = fs.readFileSync(new URL("node_modules/axe-core/axe.min.js", import.meta.url), "utf8");
const PHONE = { width: 390, height: 844 };

async function axe(page, what) {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  assert.deepEqual(found, [], `axe in ${what}`);
}

async function noOverflow(page, what) {
  const inner = Math.min(page.viewportSize().width, await page.evaluate(() => window.innerWidth));
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= inner, `${what}: the page is ${scroll} px wide in a ${inner} px window`);
}

/// The puzzle with the most searches to watch (then the most lessons),
/// and its list.
async function widest(page) {
  const list = await api(page, "algorithms");
  const offered = await page.$$eval("#puzzle option", (os) => os.map((o) => o.value));
  const puzzles = list.puzzles.filter((p) => offered.includes(p.name) && p.algorithms.length);
  assert.ok(puzzles.length, "some puzzle offers a search to watch");
  // Ties go to the one with more lessons, the one with more to show.
  const more = (b, a) => b.algorithms.length - a.algorithms.length || b.lessons.length - a.lessons.length;
  return puzzles.reduce((a, b) => (more(b, a) > 0 ? b : a));
}

/// Opens Watch on a board of that puzzle (its first level of a few moves
/// or more); its searches to watch.
async function openWatch(page, open, base) {
  await open(page, base);
  const p = await widest(page);
  const kind = (await api(page, "puzzles")).puzzles.find((k) => k.name === p.name);
  const level = kind.levels[0].levels.find((l) => l.answer >= 3);
  await open(page, base + "#" + level.id);
  await page.click("#watch");
  await page.waitForSelector(".watch-lane");
  await page.waitForFunction(() => /^Step 0 of [1-9]/.test(document.getElementById("watch-at").textContent));
  return p;
}

/// Step and total of the watch, from its caption.
async function at(page) {
  const text = await page.textContent("#watch-at");
  const m = /^Step (\d+) of (\d+)$/.exec(text);
  assert.ok(m, `caption: ${text}`);
  return [Number(m[1]), Number(m[2])];
}

/// Each lane's counters, by name; the bound on show apart (a value, not
/// a count: a `bound` event changes it and is counted by no row).
async function counters(page) {
  return page.$$eval(".watch-lane", (lanes) => lanes.map((lane) => {
    const dds = [...lane.querySelectorAll("dd[data-counter]")];
    const bound = dds.find((dd) => dd.dataset.counter === "bound");
    return {
      algorithm: lane.dataset.algorithm,
      counts: Object.fromEntries(dds.filter((dd) => dd !== bound).map((dd) => [dd.dataset.counter, Number(dd.textContent)])),
      bound: bound ? bound.textContent : null,
    };
  }));
}

/// The `bound` events among the first `k` of `algorithm`'s trace on the
/// described board `board`.
async function boundEvents(page, board, algorithm, k) {
  if (!k) return 0;
  const steps = (await api(page, "trace", { puzzle: board.puzzle, input: board.input, options: board.options, algorithm, count: k })).steps;
  return steps.filter((x) => x.kind === "bound").length;
}

const sum = (counts) => Object.values(counts).reduce((a, b) => a + b, 0);

export async function watchScenarios({ scenario, base, open }) {
  await scenario("watch: searches side by side, stepped, run to the end, counted as the server counts", async (page) => {
    const p = await openWatch(page, open, base);
    const two = p.algorithms.length >= 2;
    if (two) {
      await page.check(`#watch-choices input[value="${p.algorithms[1].name}"]`);
      await page.waitForFunction(() => document.querySelectorAll(".watch-lane").length === 2);
      await page.waitForFunction(() => /^Step 0 of [1-9]/.test(document.getElementById("watch-at").textContent));
      const boxes = await page.$$eval(".watch-board", (svgs) => svgs.map((s) => s.getBoundingClientRect().toJSON()));
      assert.equal(boxes.length, 2);
      assert.ok(Math.abs(boxes[0].top - boxes[1].top) < 2 && boxes[1].left > boxes[0].right, "two boards side by side");
    }
    const names = await page.$$eval(".watch-lane", (ls) => ls.map((l) => l.dataset.algorithm));
    assert.deepEqual(names, p.algorithms.slice(0, two ? 2 : 1).map((a) => a.name));
    // Each paragraph is on show with its checkbox.
    for (const a of p.algorithms) {
      assert.ok((await page.textContent("#watch-choices")).includes(a.about), a.name);
    }
    // Stepping: the button, then the keys on the boards.
    await page.click("#watch-step");
    await page.waitForFunction(() => document.getElementById("watch-at").dataset.k === "1");
    await page.focus("#watch-lanes");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => document.getElementById("watch-at").dataset.k === "3");
    const described = await api(page, "board", { id: decodeURIComponent(new URL(page.url()).hash.slice(1)) });
    for (const lane of await counters(page)) {
      const bounds = await boundEvents(page, described, lane.algorithm, 3);
      assert.equal(sum(lane.counts) + bounds, 3, `${lane.algorithm}: every event counted once`);
    }
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction(() => document.getElementById("watch-at").dataset.k === "2");
    // The frontier, said in words: generated and not yet expanded.
    for (const say of await page.$$eval(".watch-step", (ps) => ps.map((p) => p.textContent))) {
      assert.match(say, /Frontier: \d+ states? waiting\.$/);
    }
    for (const lane of await counters(page)) assert.equal(sum(lane.counts) + await boundEvents(page, described, lane.algorithm, 2), 2);
    assert.match(await page.textContent(".watch-step"), /^Step 2 of \d+: /);
    // Playback advances on its own, and pauses.
    await page.click("#watch-play");
    await page.waitForFunction(() => Number(document.getElementById("watch-at").dataset.k) > 4);
    await page.click("#watch-play");
    const [paused] = await at(page);
    await page.waitForTimeout(300);
    assert.equal((await at(page))[0], paused, "paused");
    // The scrubber jumps; the end of the traces gives the server's tally.
    await page.click("#watch-last");
    const [k, total] = await at(page);
    assert.equal(k, total);
    await page.waitForFunction(() => [...document.querySelectorAll(".watch-lane")].every((l) => l.dataset.done === "1"));
    const board = await api(page, "board", { id: decodeURIComponent(new URL(page.url()).hash.slice(1)) });
    for (const lane of await counters(page)) {
      const tally = (await api(page, "trace", { puzzle: board.puzzle, input: board.input, options: board.options, algorithm: lane.algorithm, count: 1 })).tally;
      const want = {
        expanded: tally.expanded, generated: tally.generated,
        "pruned-visited": tally.pruned.visited, "pruned-bound": tally.pruned.bound,
        "pruned-cap": tally.pruned.cap, "pruned-dead-end": tally.pruned["dead-end"], goals: tally.goals,
        ...(tally.iterations ? { iterations: tally.iterations } : {}),
      };
      assert.deepEqual(lane.counts, want, lane.algorithm);
      assert.ok(total >= tally.events);
      // The bound on show is the last one the trace found.
      const steps = (await api(page, "trace", { puzzle: board.puzzle, input: board.input, options: board.options, algorithm: lane.algorithm, count: 5000 })).steps;
      const last = steps.filter((x) => x.kind === "bound" || x.kind === "iteration").pop();
      if (last && tally.events <= 5000) assert.equal(lane.bound, last.estimate === undefined ? "none" : String(last.estimate), lane.algorithm);
    }
    // Back to the start with the scrubber.
    await page.$eval("#watch-scrub", (range) => {
      range.value = "0";
      range.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await page.waitForFunction(() => document.getElementById("watch-at").dataset.k === "0");
    for (const lane of await counters(page)) assert.equal(sum(lane.counts), 0);
    // The chart beside the boards: one line per search watched.
    await page.waitForSelector("#watch-chart svg polyline");
    assert.equal(await page.locator("#watch-chart svg polyline").count(), names.length);
    await axe(page, "watch mode");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.click("#watch-step");
    await page.waitForFunction(() => document.getElementById("watch-at").dataset.k === "1");
    await axe(page, "watch mode, dark");
  });

  await scenario("watch: a lesson opens its board with its searches, and runs to the answers it teaches", async (page) => {
    const p = await openWatch(page, open, base);
    for (const lesson of p.lessons) {
      await page.click(`#watch-lesson-list button[data-lesson="${lesson.name}"]`);
      // Every search a lesson names has its lane (up to four).
      const want = lesson.algorithms.slice(0, 4);
      assert.equal(want.length, lesson.algorithms.length, lesson.name);
      await page.waitForFunction((names) => {
        const lanes = [...document.querySelectorAll(".watch-lane")].map((l) => l.dataset.algorithm);
        return lanes.join() === names.join();
      }, want);
      await page.waitForFunction(() => /^Step 0 of \d/.test(document.getElementById("watch-at").textContent));
      // The board the page now holds is the lesson's.
      const board = await api(page, "board", { id: decodeURIComponent(new URL(page.url()).hash.slice(1)) });
      assert.equal(board.input.trim(), lesson.input.trim(), lesson.name);
      await page.click("#watch-last");
      await page.waitForFunction(() => [...document.querySelectorAll(".watch-lane")].every((l) => l.dataset.done === "1"));
      for (const lane of await counters(page)) {
        const tally = (await api(page, "trace", { puzzle: board.puzzle, input: board.input, options: board.options, algorithm: lane.algorithm, count: 1 })).tally;
        assert.equal(lane.counts.expanded, tally.expanded, `${lesson.name}: ${lane.algorithm}`);
        // A search that settled the board without expanding a state says
        // how, instead of a blank board.
        if (tally.expanded === 0) {
          const verdict = await page.$eval(`.watch-lane[data-algorithm="${lane.algorithm}"] .watch-verdict`, (e) => e.textContent);
          assert.match(verdict, /^Settled before any search: /, `${lesson.name}: ${lane.algorithm}`);
        }
      }
    }
  });

  await scenario("watch: the start at step 0, the pseudocode line of each event, a search in phases with its bounds, and a lesson's four lanes", async (page) => {
    const p = await openWatch(page, open, base);
    // Step 0 draws the start state and marks no line.
    for (const label of await page.$$eval(".watch-board", (cs) => cs.map((c) => c.getAttribute("aria-label")))) {
      assert.match(label, /step 0: Before the first event: the start state\./);
    }
    assert.equal(await page.locator(".watch-code li[aria-current]").count(), 0);
    // Each step marks the line of its event (a prune's by its reason).
    const board = await api(page, "board", { id: decodeURIComponent(new URL(page.url()).hash.slice(1)) });
    const lane = await page.$eval(".watch-lane", (l) => l.dataset.algorithm);
    const steps = (await api(page, "trace", { puzzle: board.puzzle, input: board.input, options: board.options, algorithm: lane, count: 6 })).steps;
    // Where the puzzle packs a state's chain into bits, the start's code
    // is under the board: two bits a link.
    if (p.state_code) {
      const bits = await page.$eval(".watch-lane .watch-bits", (e) => e.textContent);
      const links = (steps.find((x) => x.kind === "expand").cells || []).length;
      const code = /^State code: ((?:[01]{2} ?)*)/.exec(bits);
      assert.ok(code, bits);
      assert.equal(code[1].trim().split(" ").filter(Boolean).length, links, bits);
    }
    for (let k = 1; k <= Math.min(6, steps.length); k++) {
      await page.click("#watch-step");
      await page.waitForFunction((n) => document.getElementById("watch-at").dataset.k === String(n), k);
      const step = steps[k - 1];
      const want = step.kind === "prune" ? "prune:" + step.why : step.kind;
      const marked = await page.$eval(".watch-lane .watch-code", (ol) => {
        const li = ol.querySelector("li[aria-current]");
        return li ? li.dataset.event : null;
      });
      assert.equal(marked, want, `step ${k}`);
      // The frontier's view: as many waiting as the words say, the state
      // being expanded marked at its head, a priority queue by f.
      const view = await page.$eval(".watch-lane", (l) => ({
        how: l.querySelector(".watch-frontier").dataset.frontier,
        title: l.querySelector(".watch-frontier-title").textContent,
        say: l.querySelector(".watch-step").textContent,
        items: [...l.querySelectorAll(".watch-frontier li")].map((li) => [li.textContent, li.hasAttribute("aria-current")]),
      }));
      const waiting = /Frontier: (\d+) states? waiting/.exec(view.say)[1];
      if (view.how !== "stack") assert.match(view.title, new RegExp(": " + waiting + " waiting$"), `step ${k}`);
      if (step.kind === "expand") assert.ok(view.items[0][1], `step ${k}: the state expanded is marked`);
      if (view.how === "priority") {
        const fs = view.items.filter(([t, cur]) => !cur && /^f /.test(t)).map(([t]) => Number(/^f (\d+)/.exec(t)[1]));
        const front = fs.slice(0, 5);
        assert.deepEqual(front, [...front].sort((a, b) => a - b), `step ${k}: least f first`);
      }
    }
    await axe(page, "watch with its pseudocode");
    // A search in phases (its pseudocode has a phase line), on a lesson
    // that names it: the phases and the bound in words and counters, and
    // the last bound the one the server's trace reports.
    const phased = p.algorithms.find((a) => a.code.some((l) => l.event === "phase"));
    const lesson = phased && p.lessons.find((l) => l.algorithms.includes(phased.name));
    if (phased && lesson) {
      await page.click(`#watch-lesson-list button[data-lesson="${lesson.name}"]`);
      await page.waitForFunction((name) => !!document.querySelector(`.watch-lane[data-algorithm="${name}"]`), phased.name);
      await page.waitForFunction(() => /^Step 0 of \d/.test(document.getElementById("watch-at").textContent));
      await page.click("#watch-step");
      await page.waitForFunction(() => document.getElementById("watch-at").dataset.k === "1");
      const first = await page.$eval(`.watch-lane[data-algorithm="${phased.name}"] .watch-step`, (e) => e.textContent);
      assert.match(first, /Begins a phase: /);
      await page.click("#watch-last");
      await page.waitForFunction(() => [...document.querySelectorAll(".watch-lane")].every((l) => l.dataset.done === "1"));
      const all = (await api(page, "trace", { puzzle: p.name, input: lesson.input, algorithm: phased.name, count: 5000 })).steps;
      const bounds = all.filter((x) => x.kind === "bound");
      assert.ok(bounds.length >= 1);
      const shown = await page.$eval(`.watch-lane[data-algorithm="${phased.name}"] dd[data-counter="bound"]`, (dd) => dd.textContent);
      const last = bounds[bounds.length - 1];
      assert.equal(shown, last.estimate === undefined ? "none" : String(last.estimate));
    }
    // A lesson that names four searches shows four lanes.
    const list = await api(page, "algorithms");
    assert.equal(list.max_watched, 4);
    const four = list.puzzles.flatMap((q) => q.lessons.map((l) => [q, l])).find(([, l]) => l.algorithms.length === 4);
    if (four) {
      const [q, l] = four;
      const kind = (await api(page, "puzzles")).puzzles.find((k) => k.name === q.name);
      await open(page, base + "#" + kind.levels[0].levels[0].id);
      await page.click("#watch");
      await page.click(`#watch-lesson-list button[data-lesson="${l.name}"]`);
      await page.waitForFunction(() => document.querySelectorAll(".watch-lane").length === 4);
      assert.deepEqual(await page.$$eval(".watch-lane", (ls) => ls.map((x) => x.dataset.algorithm)), l.algorithms);
    }
  });

  await scenario("watch: a link to a step opens Watch at that step, with the same searches, on the same board", async (page) => {
    const p = await openWatch(page, open, base);
    if (p.algorithms.length >= 2) {
      await page.check(`#watch-choices input[value="${p.algorithms[1].name}"]`);
      await page.waitForFunction(() => document.querySelectorAll(".watch-lane").length === 2);
      await page.waitForFunction(() => /^Step 0 of [1-9]/.test(document.getElementById("watch-at").textContent));
    }
    for (let k = 1; k <= 3; k++) {
      await page.click("#watch-step");
      await page.waitForFunction((n) => document.getElementById("watch-at").dataset.k === String(n), k);
    }
    const names = await page.$$eval(".watch-lane", (ls) => ls.map((l) => l.dataset.algorithm));
    const board = new URL(page.url()).hash;
    await page.click("#watch-link");
    await page.waitForFunction(() => !!document.getElementById("watch-link").dataset.href);
    const href = await page.$eval("#watch-link", (b) => b.dataset.href);
    assert.match(href, /[?&]step=3(&|#|$)/);
    await open(page, href);
    await page.waitForFunction(() => document.getElementById("watch-at") && document.getElementById("watch-at").dataset.k === "3");
    assert.deepEqual(await page.$$eval(".watch-lane", (ls) => ls.map((l) => l.dataset.algorithm)), names);
    assert.equal(new URL(page.url()).hash, board);
    // The address bar follows the board again: no step left in it.
    assert.ok(!/step=/.test(page.url()), page.url());
    for (const say of await page.$$eval(".watch-step", (ps) => ps.map((x) => x.textContent))) assert.match(say, /^Step 3 of /);
  });

  await scenario("watch: the exercise \"predict the next expansion\" checks a guess against the trace", async (page) => {
    const p = await openWatch(page, open, base);
    const board = await api(page, "board", { id: decodeURIComponent(new URL(page.url()).hash.slice(1)) });
    const lane = await page.$eval(".watch-lane", (l) => l.dataset.algorithm);
    const steps = (await api(page, "trace", { puzzle: board.puzzle, input: board.input, options: board.options, algorithm: lane, count: 50 })).steps;
    const width = (await api(page, "cases", { puzzle: board.puzzle, input: board.input, options: board.options })).cases[0].width;
    const click = async (cell) => {
      const box = await page.$eval(".watch-lane .watch-board", (c) => c.getBoundingClientRect().toJSON());
      const size = box.width / width;
      await page.mouse.click(box.left + (cell.col - 0.5) * size, box.top + (cell.row - 0.5) * size);
    };
    // Right: the next expansion is the start's (the trace counts from 1).
    const first = steps.findIndex((x) => x.kind === "expand");
    await page.click("#watch-predict");
    assert.match(await page.textContent("#watch-exercise"), /Click that cell/);
    await click(steps[first].at);
    await page.waitForFunction(() => /^(Right|Not quite)/.test(document.getElementById("watch-exercise").textContent));
    assert.match(await page.textContent("#watch-exercise"), /^Right: /);
    await page.waitForFunction((n) => document.getElementById("watch-at").dataset.k === String(n), first + 1);
    // Wrong: a cell that is not the next expansion's.
    const second = steps.findIndex((x, i) => i > first && x.kind === "expand");
    const wrong = { row: steps[second].at.row === 1 ? 2 : 1, col: steps[second].at.col };
    await page.click("#watch-predict");
    await click(wrong);
    await page.waitForFunction(() => document.getElementById("watch-exercise").dataset.right === "0");
    assert.match(await page.textContent("#watch-exercise"), new RegExp("^Not quite: it expands row " + steps[second].at.row + ", column " + steps[second].at.col + " .*1 of 2 right"));
    await page.waitForFunction((n) => document.getElementById("watch-at").dataset.k === String(n), second + 1);
    await axe(page, "watch with an exercise");
  });

  await scenario("watch: the exercises \"which answers wrong\" and \"which expands fewest\", a visited prune's held depth, the judge's rules, and axe in both themes", async (page) => {
    await openWatch(page, open, base);
    // A lesson with a search that answers its board wrong (the server
    // judges each run against the exact solver), or else any lesson.
    const list = await api(page, "algorithms");
    let found = null;
    for (const q of list.puzzles) {
      for (const l of q.lessons) {
        const runs = [];
        for (const name of l.algorithms.slice(0, list.max_watched)) {
          runs.push({ name, ...(await api(page, "trace", { puzzle: q.name, input: l.input, algorithm: name, count: 5000 })) });
        }
        if (!found || (!found.runs.some((r) => r.correct === false) && runs.some((r) => r.correct === false))) found = { q, l, runs };
      }
    }
    assert.ok(found, "some puzzle has a lesson");
    const { q, l, runs } = found;
    const kind = (await api(page, "puzzles")).puzzles.find((k) => k.name === q.name);
    await open(page, base + "#" + kind.levels[0].levels[0].id);
    await page.click("#watch");
    await page.click(`#watch-lesson-list button[data-lesson="${l.name}"]`);
    await page.waitForFunction((n) => document.querySelectorAll(".watch-lane").length === n, runs.length);
    await page.waitForFunction(() => /^Step 0 of [1-9]/.test(document.getElementById("watch-at").textContent));
    // Which answers wrong: the choices are the lanes and "none of them".
    const wrong = runs.filter((r) => r.correct === false);
    await page.click("#watch-ask-wrong");
    await page.waitForSelector("#watch-quiz:not([hidden]) button");
    assert.deepEqual(await page.$$eval("#watch-quiz button", (bs) => bs.map((b) => b.dataset.choice)), [...runs.map((r) => r.name), "none of them"]);
    await page.click(`#watch-quiz button[data-choice="${wrong.length ? wrong[0].name : "none of them"}"]`);
    await page.waitForFunction(() => document.getElementById("watch-exercise").dataset.right !== undefined);
    const said = await page.textContent("#watch-exercise");
    assert.match(said, /^Right: /);
    for (const r of wrong) assert.ok(said.includes(`${r.name} answers ${r.answer} where the exact answer is ${r.exact}`), said);
    // A wrong choice is said so, and counted.
    const other = wrong.length ? "none of them" : runs[0].name;
    await page.click("#watch-ask-wrong");
    await page.click(`#watch-quiz button[data-choice="${other}"]`);
    await page.waitForFunction(() => document.getElementById("watch-exercise").dataset.right === "0");
    assert.match(await page.textContent("#watch-exercise"), /^Not quite: .* 1 of 2 right so far\.$/);
    // Which expands fewest: checked against the server's whole tallies.
    const least = Math.min(...runs.map((r) => r.tally.expanded));
    await page.click("#watch-ask-fewest");
    assert.deepEqual(await page.$$eval("#watch-quiz button", (bs) => bs.map((b) => b.dataset.choice)), runs.map((r) => r.name));
    await page.click(`#watch-quiz button[data-choice="${runs.find((r) => r.tally.expanded === least).name}"]`);
    await page.waitForFunction(() => document.getElementById("watch-exercise").dataset.right === "1");
    for (const r of runs) assert.ok((await page.textContent("#watch-exercise")).includes(`${r.name} ${r.tally.expanded.toLocaleString("en-US")}`));
    assert.equal(await page.isHidden("#watch-quiz"), true);
    // A visited prune says at which depth or g the state is already held.
    const lanes = await page.$$eval(".watch-lane", (ls) => ls.map((x) => x.dataset.algorithm));
    let k = null, lane = -1, held = null;
    for (const [i, r] of runs.entries()) {
      const j = r.steps.findIndex((x) => x.why === "visited" && x.held !== undefined);
      if (j >= 0 && (k === null || j + 1 < k)) [k, lane, held] = [j + 1, lanes.indexOf(r.name), r.steps[j]];
    }
    // (A search that answers wrong here drops states it holds.)
    assert.ok(k !== null || !wrong.length, "a visited prune with its held depth");
    if (k !== null) {
      await page.$eval("#watch-scrub", (el, n) => { el.value = String(n); el.dispatchEvent(new Event("input")); }, k);
      await page.waitForFunction((n) => document.getElementById("watch-at").dataset.k === String(n), k);
      const say = (await page.$$eval(".watch-step", (ps) => ps.map((x) => x.textContent)))[lane];
      assert.match(say, new RegExp(`visited \\(depth ${held.depth}\\); already held at (depth |g = )${held.held}`), say);
      await page.emulateMedia({ colorScheme: "dark" });
      await axe(page, "watch at a visited prune, dark theme");
      await page.emulateMedia({ colorScheme: "light" });
    }
    await page.click("#watch-ask-wrong");
    await axe(page, "watch with a choice to make, light theme");
    await page.emulateMedia({ colorScheme: "dark" });
    await axe(page, "watch with a choice to make, dark theme");
    await page.emulateMedia({ colorScheme: "light" });
    // Rule options other than the judge's: said in words, no lane, and
    // one click puts the judge's back and watches.
    const setting = kind.settings.find((x) => !x.on_board && x.choices.length > 1) || kind.settings.find((x) => !x.on_board);
    assert.ok(setting || !kind.settings.length, "a rule control");
    if (setting) {
      const id = "#" + setting.key.replace(/_/g, "-");
      const value = setting.choices.length ? setting.choices.find((c) => c !== setting.default) : String(Number(setting.default) + 1);
      if (setting.choices.length) await page.selectOption(id, value);
      else { await page.fill(id, value); await page.dispatchEvent(id, "change"); }
      await page.waitForSelector("#watch-rules:not([hidden])");
      assert.equal(await page.locator(".watch-lane").count(), 0);
      const words = await page.textContent("#watch-rules-text");
      assert.ok(words.includes(value) && words.includes("(the judge's: " + setting.default + ")"), words);
      assert.doesNotMatch(words, /trace without/);
      await axe(page, "watch under other rules");
      await page.click("#watch-judge-rules");
      await page.waitForFunction(() => document.querySelectorAll(".watch-lane").length > 0);
      assert.equal(await page.isHidden("#watch-rules"), true);
      assert.equal(await page.inputValue(id), setting.default);
    }
  });

  await scenario("watch: on a phone, four lanes in two rows, nothing wider than the window, and axe clean", async (page) => {
    const p = await openWatch(page, open, base);
    for (const a of p.algorithms.slice(1, 4)) await page.check(`#watch-choices input[value="${a.name}"]`);
    const n = Math.min(4, p.algorithms.length);
    await page.waitForFunction((m) => document.querySelectorAll(".watch-lane").length === m, n);
    if (n === 4) {
      const boxes = await page.$$eval(".watch-lane", (ls) => ls.map((l) => l.getBoundingClientRect().toJSON()));
      assert.ok(Math.abs(boxes[0].top - boxes[1].top) < 2 && boxes[2].top > boxes[0].bottom - 2, "two rows of two");
    }
    await page.click("#watch-step");
    await page.waitForFunction(() => document.getElementById("watch-at").dataset.k === "1");
    await noOverflow(page, "four lanes on a phone");
    await axe(page, "four lanes on a phone");
  }, { viewport: PHONE, isMobile: true, hasTouch: true });

  await scenario("watch: on a phone, nothing wider than the window, and axe clean", async (page) => {
    const p = await openWatch(page, open, base);
    if (p.algorithms.length >= 2) {
      await page.check(`#watch-choices input[value="${p.algorithms[1].name}"]`);
      await page.waitForFunction(() => document.querySelectorAll(".watch-lane").length === 2);
    }
    await page.waitForSelector("#watch-chart svg");
    await page.click("#watch-step");
    await page.waitForFunction(() => document.getElementById("watch-at").dataset.k === "1");
    await noOverflow(page, "watch mode on a phone");
    await axe(page, "watch mode on a phone");
  }, { viewport: PHONE, isMobile: true, hasTouch: true });
}
