// Game behaviour of the `gridpuzzle serve` page, as a user meets it: work
// that must not be lost (each puzzle's board and settings across a switch,
// the editor's undo, Back through boards, an undoable Restart, progress
// kept across a reload, a page without localStorage), messages that must
// not mislead (a stale error, the wrong puzzle's input, a -1 board), the
// keys and buttons of Solve, entering Play, the win against the optimum,
// and the rules on the page.
//
// Run from e2e/page.test.mjs, which owns the browser and the helpers:
// `gameScenarios(helpers)` registers these scenarios with its `scenario`.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";

/// Waits until the text of `selector` matches `pattern`.
async function waitText(page, selector, pattern) {
  await page.waitForFunction(([sel, source, flags]) => {
    const e = document.querySelector(sel);
    return !!e && new RegExp(source, flags).test(e.textContent);
  }, [selector, pattern.source, pattern.flags]);
}

const waitMoves = (page, n) =>
  page.waitForFunction((k) => document.getElementById("play-moves").dataset.n === String(k), n);

const waitFrame = (page, k) =>
  page.waitForFunction((n) => document.getElementById("frame-caption").dataset.k === String(n), k);

/// The stone's glide as the page set it ("none": drawn in place).
const stoneTransition = (page) => page.evaluate(() => document.getElementById("mover").style.transition);

export async function gameScenarios(h) {
  const { base, scenario, open, cell, clickCell, classOf, stoneAt, headAt, HOLEDOX_SAMPLE_ID } = h;

  await scenario("game: switching puzzles keeps each board, edits undo and redo, Back returns a board", async (page) => {
    await open(page, base + "?mode=edit#curling/6x6/QkUAADAAQBFV");
    // Curling's first board is the statement's dataset 2: row 0 is "#..S#.".
    assert.equal(await classOf(page, 0, 1), "ice");
    await clickCell(page, 0, 1); // the Block tool is the first one
    assert.equal(await classOf(page, 0, 1), "block");
    await page.fill("#max-throws", "7");
    await page.press("#max-throws", "Enter");
    await page.waitForFunction(() => /cap=7/.test(location.hash));
    const edited = new URL(page.url()).hash;

    await page.selectOption("#puzzle", "holedox");
    await page.locator("#pieces .seg.head").waitFor();
    assert.match(await page.textContent("#rules"), /snake/, "Holedox's rules are shown");
    await page.selectOption("#puzzle", "curling");
    await page.waitForFunction(() => /^#curling\//.test(location.hash));
    assert.equal(await classOf(page, 0, 1), "block", "the edit survived the switch");
    assert.equal(await page.inputValue("#max-throws"), "7", "so did the setting");
    assert.match(await page.textContent("#rules"), /block/);
    assert.match(await page.textContent("#rules-keys"), /Backspace restart \(U undoes it\)/);

    // Ctrl+Z and Ctrl+Y on the board; the buttons do the same.
    await page.focus("#board-wrap");
    await page.keyboard.press("Control+z");
    assert.equal(await classOf(page, 0, 1), "ice", "Ctrl+Z undid the block");
    await page.keyboard.press("Control+y");
    assert.equal(await classOf(page, 0, 1), "block", "Ctrl+Y redid it");
    await page.click("#edit-undo");
    assert.equal(await classOf(page, 0, 1), "ice");
    assert.ok(await page.isEnabled("#edit-redo"));
    await page.click("#edit-redo");
    assert.equal(await classOf(page, 0, 1), "block");

    // Clear puts another board in place: Back brings the old one back.
    await page.waitForFunction((h) => location.hash === h, edited);
    const before = edited;
    await page.click("#clear");
    await page.waitForFunction((h) => location.hash !== h, before);
    assert.equal(await classOf(page, 0, 3), "ice", "cleared");
    await page.goBack();
    await page.waitForFunction(() => /start/.test(document.querySelector('#board rect.cell[data-r="0"][data-c="3"]').getAttribute("class")));
    assert.equal(new URL(page.url()).hash, before);
    assert.equal(await classOf(page, 0, 1), "block");
    // And the clear itself is one undo away too.
    await page.click("#edit-undo");
    assert.equal(await classOf(page, 0, 3), "ice");
  });

  await scenario("game: Restart is undone by U; Solve's keys, to the end, and Play starts in place", async (page) => {
    await open(page, base + "#" + HOLEDOX_SAMPLE_ID);
    await page.click("#play");
    await waitText(page, "#play-status", /^your move$/);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
    await waitMoves(page, 2);
    await page.click('[data-key="Backspace"]');
    await waitMoves(page, 0);
    assert.match(await page.textContent("#play-status"), /U undoes the restart/);
    await page.keyboard.press("u");
    await waitMoves(page, 2);
    assert.deepEqual(await headAt(page), [4, 1], "the game before the restart is back");
    assert.equal(await page.textContent("#play-status"), "restart undone");

    // The sample's answer is proved by bounds alone: no "0 states". In
    // the middle of the game, Solve asks first.
    await page.click("#solve");
    await page.click("#solve-yes");
    await page.locator("#move-count").waitFor();
    assert.match(await page.textContent("#answer"), /proved by the solver's bounds, without a search/);
    assert.doesNotMatch(await page.textContent("#answer"), /\b0 states/);

    // Curling, where the stone glides: the statement's dataset 2, 4 throws.
    await open(page, base + "#curling/6x6/QkUAADAAQBFV");
    await page.click("#solve");
    await page.locator("#move-count").waitFor();
    assert.equal(await page.textContent("#move-count"), "4 throws");
    assert.ok(await page.isDisabled("#anim-back"), "nothing before the start");
    // Straight after the click: the keys reach the answer, not the tab.
    await page.keyboard.press("End");
    await waitFrame(page, 4);
    assert.deepEqual(await stoneAt(page), [2, 5], "End: at the goal");
    assert.ok(await page.isDisabled("#anim-last"));
    await page.keyboard.press("Home");
    await waitFrame(page, 0);
    await page.keyboard.press("ArrowRight");
    await waitFrame(page, 1);
    await page.keyboard.press("ArrowRight");
    await waitFrame(page, 2);
    await page.keyboard.press("ArrowLeft");
    await waitFrame(page, 1);
    assert.match(await stoneTransition(page), /transform/, "a step back glides like one forward");
    await page.keyboard.press(" ");
    await waitText(page, "#anim-play", /Pause/);
    await page.keyboard.press(" ");
    await waitText(page, "#anim-play", /Play/);
    await page.click("#anim-last");
    await waitFrame(page, 4);
    assert.deepEqual(await stoneAt(page), [2, 5]);

    // Play from there starts at the start, drawn in place, nothing broken.
    await page.click("#play");
    await waitText(page, "#play-status", /^your move$/);
    assert.deepEqual(await stoneAt(page), [0, 3]);
    assert.equal(await stoneTransition(page), "none", "no glide back from the solution's end");
    assert.equal(await page.locator("#board rect.broken").count(), 0, "no block of the solution shown broken");
  });

  await scenario("game: the win against the optimum, kept across a reload; Next level", async (page) => {
    await open(page, base + "#" + HOLEDOX_SAMPLE_ID);
    await page.click("#play");
    await waitText(page, "#play-status", /^your move$/);
    // 11 steps: a detour round the stones; the optimum is 9.
    for (const key of "DRRRULLUUUL") await page.keyboard.press(key === "U" ? "ArrowUp" : key === "D" ? "ArrowDown" : key === "L" ? "ArrowLeft" : "ArrowRight");
    await waitMoves(page, 11);
    await waitText(page, "#win-text", /^Solved in 11 steps — the optimum is 9\.$/);
    await waitText(page, "#solved-list", /11 steps \(optimum 9\)/);

    // A returning player finds the board and the score.
    await page.reload();
    await h.ready(page);
    assert.equal(new URL(page.url()).hash, "#" + HOLEDOX_SAMPLE_ID);
    await waitText(page, "#solved-note", /^Your best on this board: 11 steps \(optimum 9\)\.$/);
    assert.match(await page.textContent("#solved-list"), /holedox 6x5: 11 steps \(optimum 9\)/);
    // Without a link, the page opens the board it had last, and the game
    // kept on it: won, the head at the exit.
    await open(page, base);
    assert.equal(await page.inputValue("#puzzle"), "holedox");
    await waitText(page, "#win-text", /^Solved in 11 steps/);
    assert.deepEqual(await headAt(page), [0, 0]);

    // The samples as levels: Curling, with nothing kept of it, opens on
    // its first level, case 1, one throw left.
    await page.selectOption("#puzzle", "curling");
    await page.waitForFunction(() => document.getElementById("case").options.length === 6);
    await waitText(page, "#play-status", /^your move$/);
    await page.keyboard.press("ArrowLeft");
    await waitText(page, "#win-text", /^Solved in 1 throw — the optimum!$/);
    await page.click("#next-level");
    await waitText(page, "#play-status", /^your move$/);
    assert.equal(await page.inputValue("#case"), "2");
    assert.ok(await page.locator("#win").isHidden(), "the new level has no win yet");
    assert.equal(await page.locator("#board rect.cell").count(), 36);
  });

  await scenario("game: a board kept in the browser that comes late does not replace newer work", async (page) => {
    // Holedox, then Curling: both boards are kept; a reload opens Curling.
    await open(page, base + "?mode=edit");
    await page.selectOption("#puzzle", "holedox");
    await page.waitForFunction(() => /^#holedox\//.test(location.hash));
    await page.selectOption("#puzzle", "curling");
    await page.waitForFunction(() => /^#curling\//.test(location.hash));
    await page.reload();
    await h.ready(page);
    // Holedox's kept board is read slowly; meanwhile Clear makes a new
    // Curling board, which the late Holedox board must not replace.
    let release;
    const held = new Promise((done) => { release = done; });
    await page.route("**/api/board", async (route) => {
      if (route.request().postDataJSON().id) await held;
      await route.continue();
    });
    const late = page.waitForResponse((r) => r.url().endsWith("/api/board") && !!r.request().postDataJSON().id);
    await page.selectOption("#puzzle", "holedox");
    await page.click("#clear");
    release();
    await late;
    await page.waitForTimeout(100);
    assert.equal(await page.inputValue("#puzzle"), "curling", "the menu names the puzzle on the board");
    assert.equal(await page.locator("#board rect.cell.block").count(), 0, "the cleared board stayed");
    assert.match(new URL(page.url()).hash, /^#curling\//);
  }, { served: true });

  await scenario("game: a page without localStorage still works", async (page) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, "localStorage", { get() { throw new DOMException("denied", "SecurityError"); } });
    });
    await open(page, base + "#" + HOLEDOX_SAMPLE_ID);
    await page.click("#play");
    await waitText(page, "#play-status", /^your move$/);
    await page.keyboard.press("ArrowDown");
    await waitMoves(page, 1);
  });

  await scenario("game: a spoiled saved progress is ignored, not thrown on", async (page) => {
    await page.addInitScript(() => {
      window.localStorage.setItem("gridpuzzle.progress.v1", JSON.stringify({
        last: "curling", boards: "not a map", solved: { "curling/6x6/x": null, "holedox/6x5/y": { puzzle: "holedox", moves: 3 } },
      }));
    });
    await open(page, base + "?mode=edit#curling/6x6/QkUAADAAQBFV");
    // The well-formed win is listed; the page threw nowhere (the scenario
    // checks), though a description of the board writes the progress.
    await waitText(page, "#solved-list", /^holedox 6x5: 3 steps ✓$/);
    await clickCell(page, 0, 1);
    await page.waitForFunction(() => /^#curling\/6x6\//.test(location.hash) && JSON.parse(localStorage.getItem("gridpuzzle.progress.v1")).boards.curling === location.hash.slice(1));
  });

  await scenario("game: messages — a stale error, the wrong puzzle's input, a -1 board, a refused cell", async (page) => {
    await open(page, base + "?mode=edit#curling/6x6/QkUAADAAQBFV");
    await page.fill("#width", "0");
    await page.click("#resize");
    assert.equal(await page.locator("#message.error").count(), 1);
    await clickCell(page, 5, 0);
    await page.waitForFunction(() => !document.getElementById("message").classList.contains("error"));
    assert.equal(await page.textContent("#message"), "", "the success cleared the old error");

    // Curling's samples read with Holedox chosen: the page offers Curling.
    await page.selectOption("#puzzle", "holedox");
    const curlingText = await readFile(new URL("../samples/curling.in", import.meta.url), "utf8");
    await page.fill("#input", curlingText);
    await page.click("#read");
    await waitText(page, "#message", /looks like a Curling 2\.0 input — switch\?/);
    await page.click("#switch-puzzle");
    await page.waitForFunction(() => document.getElementById("case").options.length === 6);
    assert.equal(await page.inputValue("#puzzle"), "curling");

    // Dataset 3 (`1 1 2 1 1 3`) has no solution.
    await page.selectOption("#case", "3");
    await page.click("#play");
    await waitText(page, "#play-status", /^stuck at the start: no move is legal here$/);
    await page.keyboard.press("h");
    await waitText(page, "#hint-text", /^No solution from the start/);
    assert.ok(await page.locator("#hint-text.bad").count(), "told as bad news");
    // Refused next to a block: the reason's cell is outlined on the board.
    await page.keyboard.press("ArrowRight");
    await waitText(page, "#play-status", /^refused: .*row 1, column 4/);
    assert.equal(await page.locator('#board .refused-cell[data-r="0"][data-c="3"]').count(), 1);
    // The board names the cell under the pointer the same way.
    await cell(page, 0, 3).hover();
    assert.equal(await page.getAttribute("#board-wrap", "title"), "row 1, column 4");

    await page.click("#solve");
    await waitText(page, "#answer", /^No solution/);
    for (const id of ["#anim-first", "#anim-back", "#anim-play", "#anim-step", "#anim-last"]) {
      assert.ok(await page.isDisabled(id), id + " is disabled with nothing to play");
    }
    assert.match(await page.textContent("#frame-caption"), /Nothing to play: there is no solution/);
  });

  await scenario("game: a generated board refreshes the case list", async (page) => {
    await open(page, base + "?mode=edit");
    await page.click("#sample");
    await waitText(page, "#message", /^6 cases read/);
    await page.fill("#gen-size", "5x5");
    await page.fill("#gen-answer", "-1");
    await page.fill("#gen-seed", "7");
    await page.click("#generate");
    await waitText(page, "#message", /^Generated/);
    assert.equal(await page.locator("#case option").count(), 1, "the list is the generated input's");
    assert.match(await page.textContent("#message"), /no solution \(-1\)/);
    assert.doesNotMatch(await page.textContent("#message"), /optimal first move|play it/);
  });

  await scenario("game: preset sizes, levels of each kind, the optimum while playing, a won level marked", async (page) => {
    await open(page, base + "?mode=edit");
    const count = (sel) => page.locator(sel).count();
    // A preset size resizes the board, and Undo edit takes it back.
    await page.selectOption("#size-preset", "10x10");
    await cell(page, 9, 9).waitFor();
    assert.equal(await page.inputValue("#width"), "10");
    assert.equal(await page.inputValue("#size-preset"), "", "the menu is ready for another preset");
    await page.click("#edit-undo");
    await page.waitForFunction(() => !document.querySelector('#board rect.cell[data-r="9"]'));

    // A sample opens in Play, with its optimum beside the move count.
    const sample2 = '[data-level="0:2"]';
    assert.match(await page.textContent(sample2), /^2\. 6×6 · 4 throws$/);
    assert.doesNotMatch(await page.getAttribute(sample2, "class") || "", /won/);
    await page.click(sample2);
    await waitText(page, "#play-optimum", /^ · optimum 4$/);
    assert.equal(await page.inputValue("#case"), "2", "the samples are the case menu, for Next level");
    // Won: the level is marked, and stays marked after a reload.
    for (const key of ["ArrowDown", "ArrowLeft", "ArrowUp", "ArrowRight"]) await page.keyboard.press(key);
    await waitText(page, "#win-text", /the optimum!/);
    await page.waitForFunction((sel) => document.querySelector(sel).classList.contains("won"), sample2);
    assert.match(await page.textContent(sample2), /★$/, "won in the fewest moves: a star");
    assert.equal(await count("#level-sets .won"), 1, "only the level won");
    await page.reload();
    await h.ready(page);
    assert.match(await page.textContent(sample2), /★$/, "the mark is kept in the browser");

    // A -1 sample opens in Play too, saying it is proved unsolvable.
    await page.click('[data-level="0:3"]');
    await waitText(page, "#message", /case 3 of 6: no solution, proved/);
    assert.ok(await page.evaluate(() => document.body.classList.contains("mode-play")));
    await page.locator("#unsolvable").waitFor();

    // One of the hardest boards found: 20×20, 9 throws.
    await page.click('[data-level="1:1"]');
    await waitText(page, "#play-optimum", /^ · optimum 9$/);
    await cell(page, 19, 19).waitFor();

    // A new board by difficulty is played at once, its optimum shown.
    await page.click('[data-difficulty="Hard"]');
    // In plain words: no seed, no count of optimal first moves.
    await waitText(page, "#message", /^A new hard board: reach the goal in as few throws as you can\.$/);
    await waitText(page, "#play-optimum", /^ · optimum (7|8|9|10)$/);
    assert.ok(await page.evaluate(() => document.body.classList.contains("mode-play")));
    assert.equal(await page.locator("#case option").count(), 1, "the case menu is the new board's");

    // Holedox has its own levels and difficulties, from the server.
    await page.selectOption("#puzzle", "holedox");
    await page.locator('[data-level="1:5"]').waitFor();
    assert.match(await page.textContent('[data-level="1:5"]'), /20×20 · 133 steps/);
    await page.click('[data-difficulty="Easy"]');
    await waitText(page, "#play-optimum", /^ · optimum [4-8]$/);
  });
}
