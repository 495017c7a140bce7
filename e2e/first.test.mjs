// A first visit, as a newcomer makes it (issue 30): on a laptop's
// 1280×800 with a mouse and a phone's 390×844 with touch, in the light and
// the dark theme — one page each, which walks through the ten points a
// visit must meet:
//
//  1. the page opens on a game (Play, a one-line goal over the board, the
//     levels close by), not on the editor;
//  2. nothing is pinned over the board, after any message;
//  3. an error is said by the control that caused it, in the window;
//  4. an input read only in part opens no board made up from it, and its
//     error stays;
//  5. Solve's answer (as arrows), its playback and the board are seen
//     together in the window;
//  6. Next level skips a board that cannot be won;
//  7. every mark of the board keeps 3:1 against what it is drawn on, and
//     walls are darker than the floor, in either theme;
//  8. the board does not jump when the status changes, and a win shows on
//     the board (a ring that grows, still with less motion asked for);
//  9. a key to the board, drawn in the board's own colours;
// 10. on a phone: 44 px targets, the pad centred, no keyboard help, cells
//     of at least 24 px (a big board scrolls), plain words.
//
// Run from e2e/page.test.mjs with its helpers: `firstVisitScenarios(h)`.
import assert from "node:assert/strict";
import { api } from "./api.mjs";

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/// Waits until the text of `selector` matches `pattern`.
async function waitText(page, selector, pattern) {
  await page.waitForFunction(([sel, source, flags]) => {
    const e = document.querySelector(sel);
    return !!e && new RegExp(source, flags).test(e.textContent);
  }, [selector, pattern.source, pattern.flags]);
}

const waitMoves = (page, n) =>
  page.waitForFunction((k) => document.getElementById("play-moves").dataset.n === String(k), n);

/// The box of `selector` in the window's coordinates, and the window's size.
const boxOf = (page, selector) => page.evaluate((sel) => {
  const e = document.querySelector(sel);
  const r = e.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height,
    pageTop: r.top + window.scrollY, inner: window.innerHeight, innerWidth: window.innerWidth };
}, selector);

/// Nothing lies over the board: no element fixed or sticky overlaps it,
/// and the topmost element at the centre of each cell of its top and
/// bottom rows that is in the window is the board itself.
async function uncovered(page, what) {
  const found = await page.evaluate(() => {
    const svg = document.getElementById("board");
    const b = svg.getBoundingClientRect();
    const bad = [];
    for (const e of document.querySelectorAll("body *")) {
      const pos = getComputedStyle(e).position;
      if (pos !== "fixed" && pos !== "sticky") continue;
      const r = e.getBoundingClientRect();
      if (r.width && r.height && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) bad.push(e.id || e.className || e.tagName);
    }
    const wrap = document.getElementById("board-wrap").getBoundingClientRect();
    for (const rect of document.querySelectorAll("#board rect.cell")) {
      const r = rect.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (y < 0 || y > window.innerHeight || x < wrap.left || x > wrap.right || y < wrap.top || y > wrap.bottom) continue;
      const top = document.elementFromPoint(x, y);
      if (top && !svg.contains(top)) bad.push(`${top.id || top.tagName} over cell ${rect.dataset.r},${rect.dataset.c}`);
    }
    return bad;
  });
  assert.deepEqual(found, [], `${what}: something lies over the board`);
}

/// WCAG's contrast ratio of two CSS `rgb(...)` colours, and a colour's
/// relative luminance.
function luminance(css) {
  const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map((v) => {
    const x = Number(v) / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/// The fill and stroke of an SVG element of `cls` on the board.
const paint = (page, tag, cls) => page.evaluate(([tag, cls]) => {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  e.setAttribute("class", cls);
  document.getElementById("board").appendChild(e);
  const style = getComputedStyle(e);
  const out = { fill: style.fill, stroke: style.stroke };
  e.remove();
  return out;
}, [tag, cls]);

/// The fill or the outline of `piece`, whichever stands out more on
/// `ground`.
const edge = (piece, ground) => (contrast(piece.fill, ground) >= contrast(piece.stroke, ground) ? piece.fill : piece.stroke);

/// Point 7: every mark against what it is drawn on, in this theme (a
/// chain's body by its outline, which is what sets it off the floor).
async function everyMark(page, theme) {
  const floor = await paint(page, "rect", "cell floor");
  const wall = await paint(page, "rect", "cell wall");
  const broken = await paint(page, "rect", "cell broken");
  const goal = await paint(page, "rect", "cell goal");
  const start = await paint(page, "rect", "cell start");
  const ring = await paint(page, "circle", "goal-ring");
  const disc = await paint(page, "circle", "disc piece");
  const head = await paint(page, "rect", "seg piece head");
  const body = await paint(page, "rect", "seg body");
  const link = await paint(page, "line", "link");
  const trail = await paint(page, "text", "glyph trail");
  const hint = await paint(page, "text", "glyph hint");
  const refused = await paint(page, "rect", "refused-cell");
  const pairs = [
    ["the grid on the floor", floor.stroke, floor.fill],
    ["the grid between walls", wall.stroke, wall.fill],
    ["the grid on the goal", goal.stroke, goal.fill],
    ["a wall on the floor", wall.fill, floor.fill],
    ["a broken wall's outline on the floor", broken.stroke, floor.fill],
    ["the start's outline on the floor", start.stroke, floor.fill],
    ["the goal's ring on its cell", ring.stroke, goal.fill],
    ["the goal's ring on the floor", ring.stroke, floor.fill],
    // A piece is set off by its fill or by its outline (WCAG 1.4.11: its
    // boundary against what is next to it): the dark theme's red keeps
    // its hue with a light outline.
    ["a one-cell piece on the floor", edge(disc, floor.fill), floor.fill],
    ["a one-cell piece on the goal", edge(disc, goal.fill), goal.fill],
    ["a chain's head on the floor", edge(head, floor.fill), floor.fill],
    ["a chain's outline on the floor", body.stroke, floor.fill],
    ["a chain's links on the floor", link.stroke, floor.fill],
    ["a move's trail on the floor", trail.fill, floor.fill],
    ["a hint on the floor", hint.fill, floor.fill],
    ["a refused cell's outline on the floor", refused.stroke, floor.fill],
  ];
  for (const [what, a, b] of pairs) {
    const ratio = contrast(a, b);
    assert.ok(ratio >= 3, `${theme}: ${what} has contrast ${ratio.toFixed(2)}:1 (${a} on ${b}), under 3:1`);
  }
  assert.ok(luminance(wall.fill) < luminance(floor.fill), `${theme}: walls (${wall.fill}) are darker than the floor (${floor.fill}), as in light`);
  return { floor, wall, goal, start, disc, head, body };
}

/// Point 10: every visible control of the first screen's panels is at
/// least 44 px each way (a field at least 44 px tall).
async function targets(page) {
  const small = await page.evaluate(() => {
    const out = [];
    for (const e of document.querySelectorAll("#top button, #top select, #board-panel button, #board-panel select, #levels-panel button")) {
      const r = e.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(e).visibility === "hidden") continue;
      const wide = e.tagName === "BUTTON" ? r.width >= 44 : true;
      if (r.height < 44 || !wide) out.push(`${e.id || e.dataset.level || e.dataset.word || e.dataset.key || e.textContent.trim()} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return out;
  });
  assert.deepEqual(small, [], "touch targets under 44 px");
}

export async function firstVisitScenarios({ scenario, base, open, stoneAt }) {
  for (const [size, viewport] of [["wide", WIDE], ["phone", PHONE]]) {
    for (const theme of ["light", "dark"]) {
      const phone = size === "phone";
      await scenario(`first visit at ${viewport.width}×${viewport.height}, ${theme}: a game, messages by their cause, the board in sight`, async (page) => {
        const press = phone
          ? (word) => page.click(`#move-buttons [data-word="${word}"]`)
          : (word) => page.keyboard.press({ up: "ArrowUp", down: "ArrowDown", left: "ArrowLeft", right: "ArrowRight" }[word]);
        await open(page, base);
        const catalog = (await api(page, "puzzles")).puzzles;
        const curling = catalog.find((p) => p.name === "curling");

        // 1. A game: Play, its goal in a line over the board, no editor.
        await waitText(page, "#play-status", /^your move$/);
        assert.ok(await page.evaluate(() => document.body.classList.contains("mode-play")), "opens in Play");
        assert.equal(await page.getAttribute("#play", "aria-selected"), "true");
        assert.equal(await page.textContent("#aim"), curling.aim, "the goal line comes from the catalog");
        const aim = await boxOf(page, "#aim");
        const board0 = await boxOf(page, "#board");
        assert.ok(aim.top >= 0 && aim.bottom <= board0.top, `the goal line is in the window, over the board: ${aim.top}..${aim.bottom}, board at ${board0.top}`);
        assert.ok(board0.top >= 0 && board0.bottom <= board0.inner, `the board is in the first screen: ${board0.top}..${board0.bottom}`);
        for (const hidden of [".tool", "#settings", "#width", "#resize"]) {
          assert.equal(await page.locator(hidden).first().isVisible(), false, `${hidden} is not on the first screen`);
        }
        assert.ok(await page.locator('.tab[data-mode="edit"]').isVisible(), "Edit is one click away");
        if (phone) assert.ok(await page.locator("#to-levels").isVisible(), "the levels are one tap away");
        else assert.ok((await boxOf(page, "#levels-panel")).top < WIDE.height, "the levels are on the first screen");

        // 10. Touch first on a phone; keys where there is a keyboard.
        assert.equal(await page.locator("#play-help").isVisible(), !phone, "keyboard help only with a keyboard");
        assert.equal(await page.locator(".touch-help").isVisible(), phone, "touch help only on touch");
        if (phone) {
          await targets(page);
          // The pad and its buttons beside it, centred together.
          const pad = await boxOf(page, ".pad-slot");
          const actions = await boxOf(page, ".play-actions");
          const panel = await boxOf(page, "#board-panel");
          const off = Math.abs((pad.left + actions.right) / 2 - (panel.left + panel.right) / 2);
          assert.ok(off <= 12, `the pad is centred: ${off} px off the middle`);
        }

        // 9. The key, role by role, in the board's colours.
        // The catalog's entries in its order (the page adds entries of its
        // own for what else the board draws: e2e/keep.test.mjs).
        const legend = await page.$$eval("#legend li", (items) => items.map((li) => [li.querySelector("svg").dataset.role, li.textContent]));
        assert.deepEqual(legend.filter(([role]) => curling.legend.some((e) => e.role === role)), curling.legend.map((e) => [e.role, e.label]));
        const swatch = await page.evaluate(() => getComputedStyle(document.querySelector('#legend svg[data-role="wall"] rect')).fill);
        assert.equal(swatch, (await paint(page, "rect", "cell wall")).fill, "a wall's swatch is a wall's colour");
        const stone = await page.evaluate(() => getComputedStyle(document.querySelector('#legend svg[data-role="piece"] .swatch')).fill);
        assert.equal(stone, (await paint(page, "circle", "disc piece")).fill);

        // 7. Every mark, in this theme.
        await everyMark(page, theme);

        // 8. The board keeps its size in Solve (and, in one column, in Edit).
        await page.click("#solve");
        await page.locator("#move-count").waitFor();
        assert.equal((await boxOf(page, "#board")).width, board0.width, "the board keeps its size from Play to Solve");
        if (phone) {
          await page.click('.tab[data-mode="edit"]');
          assert.equal((await boxOf(page, "#board")).width, board0.width, "the board keeps its size from Play to Edit");
        }

        // 2, 8. A level with a -1 case after it: the board stays put and
        // uncovered through a move, a refusal, a hint and the win.
        await page.click('[data-level="0:2"]');
        await waitText(page, "#message", /case 2 of 6: optimum 4 throws/);
        await waitText(page, "#play-status", /^your move$/);
        await page.locator("#board-panel").scrollIntoViewIfNeeded();
        const y0 = (await boxOf(page, "#board")).pageTop;
        const still = async (what) => {
          assert.equal((await boxOf(page, "#board")).pageTop, y0, `${what}: the board moved`);
          await uncovered(page, what);
        };
        await still("a level opened");
        await press("down");
        await waitMoves(page, 1);
        await press("up");
        await waitText(page, "#play-status", /^refused/);
        await still("a refused move");
        await page.click('[data-key="h"]');
        await waitText(page, "#hint-text", /^Best next move/);
        await still("a hint");
        for (const [i, word] of ["left", "up", "right"].entries()) {
          await press(word);
          await waitMoves(page, i + 2);
        }
        assert.deepEqual(await stoneAt(page), [2, 5]);
        await waitText(page, "#win-text", /^Solved in 4 throws — the optimum!$/);
        await still("the win");
        assert.equal(await page.locator("#board .win-burst").count(), 1, "the win is shown on the board");
        assert.notEqual(await page.evaluate(() => getComputedStyle(document.querySelector(".win-burst")).animationName), "none");
        await page.emulateMedia({ reducedMotion: "reduce" });
        assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector(".win-burst")).animationName), "none", "no motion when less is asked for");
        await page.emulateMedia({ reducedMotion: "no-preference" });
        assert.ok(await page.locator("#next-level").isVisible(), "Next level is offered");
        const next = await boxOf(page, "#next-level");
        assert.ok(next.height > 0 && next.top >= 0 && next.bottom <= next.inner, "the next step is in sight");

        // 6. Case 3 has no solution: Next level opens case 4, in Play.
        await page.click("#next-level");
        await page.waitForFunction(() => document.getElementById("case").value === "4");
        await waitText(page, "#play-status", /^your move$/);
        assert.ok(await page.evaluate(() => document.body.classList.contains("mode-play")));
        assert.match(await page.textContent("#message"), /^Samples, case 4 of 6: optimum 4 throws\. Skipped case 3: no solution\.$/);
        assert.ok(await page.locator("#win").isHidden());

        // 5, 10. A 20×20 level: cells of 24 px or more on a phone (the
        // board scrolls, the page does not); solved, the answer in arrows,
        // its playback and the board together in the window.
        await page.click('[data-level="1:1"]');
        await waitText(page, "#play-optimum", /optimum 9$/);
        const cellPx = (await boxOf(page, '#board rect.cell[data-r="0"][data-c="0"]')).width;
        if (phone) assert.ok(cellPx >= 24, `cells of ${cellPx} px on a phone`);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(scrollWidth <= viewport.width, `the page is ${scrollWidth} px wide`);
        const playWidth = (await boxOf(page, "#board")).width;
        await page.click("#solve");
        await page.locator("#move-count").waitFor();
        assert.match(await page.textContent("#answer .arrows"), /^[↑↓←→]{9}$/, "the answer in arrows");
        await page.locator("#board-panel").evaluate((e) => e.scrollIntoView({ block: "start" }));
        for (const sel of ["#anim-play", "#anim-step", "#answer", "#frame-caption", "#board-wrap"]) {
          const b = await boxOf(page, sel);
          assert.ok(b.height > 0 && b.top >= 0 && b.bottom <= b.inner, `Solve: ${sel} at ${b.top}..${b.bottom} of ${b.inner}`);
        }
        assert.equal((await boxOf(page, "#board")).width, playWidth, "the board keeps its size from Play to Solve");

        // 3, 4. An input with a row a cell short: the error is by Read
        // cases, in the window, and stays; no board is made of it. (Judge
        // inputs are the editor's tools.)
        await page.click("#edit");
        await page.fill("#input", "6 2\n1 0 0 2 1\n0 0 0 0 0 3\n0 0\n");
        await page.click("#read");
        await page.locator("#message.error").waitFor();
        await page.waitForTimeout(300);
        const error = await boxOf(page, "#message");
        const read = await boxOf(page, "#read");
        assert.ok(error.top >= 0 && error.bottom <= error.inner, `the error is in the window: ${error.top}..${error.bottom}`);
        assert.ok(error.top >= read.bottom - 1 && error.top - read.bottom < 80, `the error is under Read cases: ${error.top} vs ${read.bottom}`);
        assert.match(await page.textContent("#message"), /^1 case read; then: .*Nothing was opened/);
        assert.equal(await page.locator("#board rect.cell").count(), 400, "the board shown stays the 20×20 one");
        assert.ok(await page.locator("#message.error").isVisible(), "the error stays until the user acts");
        // Solve answers for the board shown.
        await page.click("#solve");
        await waitText(page, "#move-count", /^9 throws$/);
      }, { viewport, hasTouch: phone, isMobile: phone, colorScheme: theme });
    }
  }
}
