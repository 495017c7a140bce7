// The page's layout and looks, in the browser: run by page.test.mjs with
// its `scenario` helper, at a laptop's 1280×800 and a phone's 390×844.
//
// What is checked is what a user sees and can reach: the play status is
// inside the window after every move; nothing widens the page sideways
// (a 174-step answer, a 40×40 board's link); a swipe and a tap on a phone
// play moves; the board fits its box again after the window changes;
// axe-core finds no serious or critical accessibility fault in any mode,
// light or dark; and the board's colours, which axe does not measure
// (SVG fills), keep 3:1 against their neighbours and the grid lines.
// Screenshots of each mode at each size and theme go to
// $GRIDPUZZLE_SCREENSHOTS (default /tmp/gridpuzzle-screenshots), to be
// looked at; they are not part of the repository.
import assert from "node:assert/strict";
import fs from "node:fs";

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.GRIDPUZZLE_SCREENSHOTS || "/tmp/gridpuzzle-screenshots";
const AXE = fs.readFileSync(new URL("node_modules/axe-core/axe.min.js", import.meta.url), "utf8");
const HOLEDOX_SAMPLE_ID = "holedox/6x5/AIMAA/3.0.RUL";

async function shot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/// No horizontal scrolling: the page is no wider than the window.
async function noOverflow(page, what) {
  // A phone's browser widens its layout viewport to fit wide content, so
  // the window's width is the one the test set, not innerWidth alone.
  const inner = Math.min(page.viewportSize().width, await page.evaluate(() => window.innerWidth));
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= inner, `${what}: the page is ${scroll} px wide in a ${inner} px window`);
}

/// The play status line is inside the window, top to bottom.
async function statusInView(page, what) {
  const box = await page.evaluate(() => {
    const r = document.getElementById("play-status").getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: r.height, inner: window.innerHeight };
  });
  assert.ok(box.height > 0 && box.top >= 0 && box.bottom <= box.inner, `${what}: the status is at ${box.top}..${box.bottom} of ${box.inner}`);
}

/// The board is drawn no wider than its box (it never needs scrolling
/// for a board up to 40 on a side).
async function boardFits(page, what) {
  const [svg, box] = await page.evaluate(() => [
    document.getElementById("board").getBoundingClientRect().width,
    document.getElementById("board-box").clientWidth,
  ]);
  assert.ok(svg > 0 && svg <= box, `${what}: a ${svg} px board in a ${box} px box`);
}

/// On a touch screen a big board keeps cells a finger can aim at (24 px
/// or more) and scrolls in its box, which is no wider than the page.
async function touchCells(page, what) {
  const [cell, wrap, box] = await page.evaluate(() => [
    document.querySelector("#board rect.cell").getBoundingClientRect().width,
    document.getElementById("board-wrap").getBoundingClientRect().width,
    document.getElementById("board-box").clientWidth,
  ]);
  assert.ok(cell >= 24, `${what}: cells of ${cell} px`);
  assert.ok(wrap <= box, `${what}: the board's box is ${wrap} px in ${box} px`);
}

/// axe-core's serious and critical findings on the page as it is. The
/// script goes in through the DevTools protocol (page.evaluate), which the
/// page's Content-Security-Policy does not govern, so the policy is
/// tested as it is served.
async function axe(page, what) {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  assert.deepEqual(found, [], `axe in ${what}`);
}

/// The colours a class of the board's SVG is drawn with, read from a
/// scratch element of that class (so a fill is measured whether or not
/// the position shows one now).
async function paint(page, tag, cls) {
  return page.evaluate(([tag, cls]) => {
    const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
    e.setAttribute("class", cls);
    document.getElementById("board").appendChild(e);
    const style = getComputedStyle(e);
    const out = { fill: style.fill, stroke: style.stroke };
    e.remove();
    return out;
  }, [tag, cls]);
}

/// WCAG's contrast ratio of two CSS `rgb(...)` colours.
function contrast(a, b) {
  const lum = (css) => {
    const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map((v) => {
      const x = Number(v) / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/// The fill or the outline of `piece`, whichever stands out more on
/// `ground`.
const edge = (piece, ground) => (contrast(piece.fill, ground) >= contrast(piece.stroke, ground) ? piece.fill : piece.stroke);

function atLeast(pairs, theme) {
  for (const [what, a, b] of pairs) {
    const ratio = contrast(a, b);
    assert.ok(ratio >= 3, `${theme}: ${what} has contrast ${ratio.toFixed(2)}:1 (${a} against ${b}), under 3:1`);
  }
}

/// The board's meaningful colours and the controls' borders, against
/// what they are seen on. The board is drawn by role (the palette's), so
/// these hold for every puzzle.
async function boardContrast(page, theme) {
  const floor = await paint(page, "rect", "cell floor");
  const wall = await paint(page, "rect", "cell wall");
  const broken = await paint(page, "rect", "cell broken");
  const goal = await paint(page, "rect", "cell goal");
  const start = await paint(page, "rect", "cell start");
  const ring = await paint(page, "circle", "goal-ring");
  const disc = await paint(page, "circle", "disc piece");
  const head = await paint(page, "rect", "seg piece head");
  const seg = await paint(page, "rect", "seg body");
  const [panel, button, input] = await page.evaluate(() => [
    getComputedStyle(document.getElementById("top")).backgroundColor,
    getComputedStyle(document.getElementById("resize")).borderTopColor,
    getComputedStyle(document.getElementById("width")).borderTopColor,
  ]);
  atLeast([
    ["grid lines on the floor", floor.stroke, floor.fill],
    ["grid lines on the goal", goal.stroke, goal.fill],
    ["grid lines between walls", wall.stroke, wall.fill],
    ["a wall on the floor", wall.fill, floor.fill],
    ["a broken wall's outline on the floor", broken.stroke, broken.fill],
    ["the goal's ring on its cell", ring.stroke, goal.fill],
    ["the start's outline on the floor", start.stroke, floor.fill],
    // By fill or by outline, whichever sets it off (WCAG 1.4.11).
    ["a one-cell piece on the floor", edge(disc, floor.fill), floor.fill],
    ["a chain's head on the floor", edge(head, floor.fill), floor.fill],
    ["a chain's outline on the floor", seg.stroke, floor.fill],
    ["a button's border on its panel", button, panel],
    ["a field's border on its panel", input, panel],
  ], theme);
  assert.equal(wall.stroke, floor.stroke, `${theme}: a wall has the grid's outline`);
}

/// A real touch swipe from the centre of the board, `dx`, `dy` pixels,
/// through the DevTools protocol (Chromium makes the pointer events).
async function swipe(page, dx, dy) {
  const box = await page.locator("#board").boundingBox();
  const x = box.x + box.width / 2, y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let i = 1; i <= 5; i++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x + (dx * i) / 5, y: y + (dy * i) / 5 }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

const movesAre = (page, n) => page.waitForFunction((n) => document.getElementById("play-moves").dataset.n === String(n), n);

export async function layoutScenarios({ scenario, base, open, stoneAt }) {
  for (const [size, viewport] of [["wide", WIDE], ["phone", PHONE]]) {
    const phone = size === "phone";
    await scenario(`layout at ${viewport.width}×${viewport.height}: status in view, accessible modes in both themes`, async (page) => {
      await open(page, base + "?mode=edit#curling/6x6/QkUAADAAQBFV");
      await noOverflow(page, "edit");
      await boardFits(page, "edit");
      await axe(page, `edit mode, ${size}`);
      await shot(page, `${size}-edit`);
      assert.equal(await page.getAttribute('.tab[data-mode="edit"]', "aria-selected"), "true");
      assert.equal(await page.getAttribute('.tool[data-tool="block"]', "aria-pressed"), "true");
      assert.equal(await page.getAttribute('.tool[data-tool="ice"]', "aria-pressed"), "false");
      // The puzzle menu is wide enough for its longest title.
      const [menu, natural] = await page.evaluate(() => {
        const menu = document.getElementById("puzzle");
        const free = menu.cloneNode(true);
        free.removeAttribute("id");
        free.value = [...menu.options].reduce((a, o) => (o.text.length > a.text.length ? o : a)).value;
        free.style.maxWidth = "none";
        menu.parentElement.append(free);
        const width = free.offsetWidth;
        free.remove();
        return [menu.offsetWidth, width];
      });
      assert.ok(menu >= natural, `the puzzle menu is ${menu} px, its longest title needs ${natural} px`);

      await page.click("#solve");
      await page.locator("#move-count").waitFor();
      assert.equal(await page.getAttribute("#solve", "aria-selected"), "true");
      await noOverflow(page, "solve");
      await axe(page, `solve mode, ${size}`);
      await shot(page, `${size}-solve`);

      await page.click("#play");
      await page.waitForFunction(() => document.getElementById("play-status").textContent === "your move");
      await statusInView(page, "play started");
      const board = await page.locator("#board").boundingBox();
      assert.ok(board.y >= 0 && board.y + board.height <= viewport.height, `the board is in the window: ${board.y}..${board.y + board.height}`);
      if (!phone) {
        // The focus ring hugs the board, not the panel's width.
        const wrap = await page.locator("#board-wrap").boundingBox();
        assert.ok(wrap.width <= board.width + 8, `the board's focus box is ${wrap.width} px round a ${board.width} px board`);
      }
      // The statement's board (stone at row 1, column 4): down stops on a
      // block, up from there leaves the board (refused), left goes on.
      const press = phone
        ? (word) => page.click(`#move-buttons [data-word="${word}"]`)
        : (word) => page.keyboard.press({ up: "ArrowUp", down: "ArrowDown", left: "ArrowLeft", right: "ArrowRight" }[word]);
      if (phone) {
        const pad = await page.locator('#move-buttons [data-word="up"]').boundingBox();
        assert.ok(pad.width >= 44 && pad.height >= 44, `a move button is ${pad.width}×${pad.height}`);
      }
      await press("down");
      await movesAre(page, 1);
      await statusInView(page, "after a move");
      assert.match(await page.getAttribute("#board", "aria-labelledby"), /board-text/);
      assert.match(await page.textContent("#board-text"), /Stone at row 5, column 4/, "the text alternative follows the game");
      await press("up");
      await page.waitForFunction(() => document.getElementById("play-status").textContent.startsWith("refused"));
      await statusInView(page, "after a refused move");
      assert.ok(await page.locator("#board-wrap.refused").count() === 1, "a refused move shakes or flashes the board");
      assert.match(await page.getAttribute("#play-status", "class"), /bad/);
      await shot(page, `${size}-play-refused`);
      await press("left");
      await movesAre(page, 2);
      await statusInView(page, "after another move");
      await noOverflow(page, "play");
      await axe(page, `play mode, ${size}`);
      await shot(page, `${size}-play`);
      // Results are announced, in a few words (e2e/keep.test.mjs has more).
      assert.equal(await page.getAttribute("#announce", "aria-live"), "polite");
      assert.match(await page.textContent("#announce"), /^Left: the stone is at row \d+, column \d+/);
      // The optimum, DLUR, from the start: the win is in view too.
      await page.keyboard.press("Backspace");
      await movesAre(page, 0);
      for (const [i, word] of ["down", "left", "up", "right"].entries()) {
        await press(word);
        await movesAre(page, i + 1);
        await statusInView(page, `after move ${i + 1} of the optimum`);
      }
      assert.deepEqual(await stoneAt(page), [2, 5], "at the goal");

      if (phone) {
        // A swipe right on the board throws the stone right; a tap on a
        // cell in line with it (above it) throws it up.
        await page.keyboard.press("Backspace");
        await movesAre(page, 0);
        await press("down");
        await movesAre(page, 1);
        const before = await stoneAt(page);
        await swipe(page, 90, 4);
        await movesAre(page, 2);
        const after = await stoneAt(page);
        assert.equal(after[0], before[0]);
        assert.ok(after[1] > before[1], `the swipe moved the stone right: ${before} -> ${after}`);
        await statusInView(page, "after a swipe");
        await page.keyboard.press("Backspace");
        await movesAre(page, 0);
        // From the start (row 1, column 4), a tap on row 5, column 4 is down.
        await page.locator('#board rect.cell[data-r="4"][data-c="3"]').tap();
        await movesAre(page, 1);
        assert.deepEqual(await stoneAt(page), [4, 3]);
      }

      // Dark: the same page, every mode, through axe, the contrast
      // measure and the camera.
      await page.emulateMedia({ colorScheme: "dark" });
      await boardContrast(page, "dark");
      await axe(page, `play mode, dark, ${size}`);
      await shot(page, `${size}-dark-play`);
      await page.click("#solve");
      // On a phone the game is one move in: Solve asks first.
      if (phone) await page.click("#solve-yes");
      await page.locator("#move-count").waitFor();
      await axe(page, `solve mode, dark, ${size}`);
      await shot(page, `${size}-dark-solve`);
      await page.click('.tab[data-mode="edit"]');
      await axe(page, `edit mode, dark, ${size}`);
      await shot(page, `${size}-dark-edit`);
      await page.emulateMedia({ colorScheme: "light" });
      await boardContrast(page, "light");
    }, { viewport, hasTouch: phone, isMobile: phone });
  }

  await scenario("no text widens the page: a 174-step answer, a 40×40 board's link", async (page) => {
    await open(page, base + "?mode=edit#" + HOLEDOX_SAMPLE_ID);
    // Uploaded (typing its 1,600 lines would take seconds).
    await page.setInputFiles("#file", new URL("../bench/holedox/hard.in", import.meta.url).pathname);
    await page.waitForFunction(() => document.getElementById("case").options.length > 4);
    await page.selectOption("#case", "4");
    await page.click("#solve");
    await page.locator("#move-count").waitFor({ timeout: 30000 });
    assert.equal(await page.textContent("#move-count"), "174 steps");
    await noOverflow(page, "the 174-step answer on a phone");
    await touchCells(page, "a 20×20 lair on a phone");
    await shot(page, "phone-long-answer");
    await page.setViewportSize(WIDE);
    await noOverflow(page, "the 174-step answer at 1280");

    await page.selectOption("#puzzle", "curling");
    await page.waitForFunction(() => /^#curling\//.test(location.hash));
    await page.setViewportSize(PHONE);
    await page.click("#edit");
    await page.fill("#width", "40");
    await page.fill("#height", "40");
    await page.click("#clear");
    await page.click("#share");
    await page.waitForFunction(() => /curling\/40x40\//.test(location.hash) && /Copied|link to this board/.test(document.body.textContent));
    await noOverflow(page, "a 40×40 board's link on a phone");
    await touchCells(page, "a 40×40 board on a phone");
    await shot(page, "phone-long-link");
  }, { viewport: PHONE, hasTouch: true, isMobile: true });

  await scenario("the board refits to a new window size, and is edited by keyboard", async (page) => {
    await open(page, base + "#curling/6x6/QkUAADAAQBFV");
    await page.click("#play");
    await page.waitForFunction(() => document.getElementById("play-status").textContent === "your move");
    const wide = (await page.locator("#board").boundingBox()).width;
    await page.setViewportSize(PHONE);
    await page.waitForFunction(() => document.getElementById("board").getBoundingClientRect().width <= document.getElementById("board-box").clientWidth);
    await boardFits(page, "turned to a phone");
    // A phone turned sideways: a short, wide window; the board shrinks to
    // the height left under its top.
    await page.setViewportSize({ width: 844, height: 390 });
    await page.waitForFunction(() => document.getElementById("board").getBoundingClientRect().width < 300);
    await boardFits(page, "turned sideways");
    await page.setViewportSize(WIDE);
    await page.waitForFunction((w) => document.getElementById("board").getBoundingClientRect().width === w, wide);
    // Less motion asked for: the stone jumps instead of gliding.
    const glide = () => page.evaluate(() => getComputedStyle(document.getElementById("mover")).transitionDuration);
    await page.keyboard.press("ArrowDown");
    await page.waitForFunction(() => document.getElementById("play-moves").dataset.n === "1");
    assert.notEqual(await glide(), "0s", "the one-cell piece glides by default");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction(() => document.getElementById("play-moves").dataset.n === "2");
    assert.equal(await glide(), "0s", "no glide with prefers-reduced-motion");

    // The keyboard cursor: two right, one down, Enter paints a block.
    await page.click('.tab[data-mode="edit"]');
    await page.focus("#board-wrap");
    assert.equal(await page.locator('#board rect.cell[data-r="1"][data-c="2"]').getAttribute("data-what"), "ice");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    assert.equal(await page.textContent("#cursor-text"), "Row 2, column 3: ice.");
    await page.keyboard.press("Enter");
    assert.equal(await page.locator('#board rect.cell[data-r="1"][data-c="2"]').getAttribute("data-what"), "block");
    // A key's edit is undone like a click's.
    await page.keyboard.press("Control+z");
    assert.equal(await page.locator('#board rect.cell[data-r="1"][data-c="2"]').getAttribute("data-what"), "ice", "Ctrl+Z undid the key's edit");
    await page.keyboard.press("Control+y");
    assert.equal(await page.locator('#board rect.cell[data-r="1"][data-c="2"]').getAttribute("data-what"), "block");
    assert.ok(await page.locator("#cursor").isVisible(), "the cursor is drawn on the focused board");
    await page.click('.tool[data-tool="ice"]');
    await page.focus("#board-wrap");
    await page.keyboard.press(" ");
    assert.equal(await page.locator('#board rect.cell[data-r="1"][data-c="2"]').getAttribute("data-what"), "ice");
    // A click puts the cursor on its cell: the keys go on from there.
    await page.locator('#board rect.cell[data-r="3"][data-c="4"]').click();
    await page.keyboard.press("ArrowLeft");
    assert.equal(await page.textContent("#cursor-text"), "Row 4, column 4: ice.");
  }, { viewport: WIDE });
}
