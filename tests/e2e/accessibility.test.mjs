// Accessible to everyone: the page's parallel HTML document (web/pdom.js) for screen readers and the
// keyboard. axe-core finds no WCAG 2.0/2.1 A or AA violation in any lab, in the normal layout, presentation,
// compare and tour modes, in each theme, nor does IBM's Equal Access engine (WCAG 2.1, once per lab and mode), and
// the document holds an element for every control on the canvas; a keyboard-only session chooses a lab (arrows
// open none, Enter opens it), changes a parameter, plays to the end (the focus then goes from Play to Reset, said
// aloud), opens a view's table and starts and ends a tour, checking the focus after every key and that no key acts
// twice (more in assistive.test.mjs); the accessibility tree holds
// the Play button, every parameter with its value, the current phase and each view's title and readout; the
// live region announces a phase change. Screenshots of the themes go to tests/e2e/out.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage, state, out, axe, ibm, missingTwins, recordAnnouncements, pressKey } from "./harness.mjs";

const command = (page, cmd) => page.evaluate((c) => moeLab.command(c), cmd);
const active = (page) => page.evaluate(() => document.activeElement && document.activeElement.id);

// WCAG 2.0 and 2.1, levels A and AA: the violations, each with the first few elements it names.
test("axe: no WCAG A/AA violation in any lab or mode, in every theme, and an HTML element for every control on the canvas", async () => {
  const { page, errors } = await openPage("");
  const s0 = await state(page);
  const themes = s0.themes || ["light"];
  assert.ok(themes.length >= 3, `three themes: ${JSON.stringify(themes)}`);
  for (const lab of s0.labs) {
    assert.equal(await command(page, "lab=" + lab), "");
    const doc = await page.evaluate(() => moeLab.document());
    const modes = [["normal", []], ["presentation", ["present=1"]], ["tour", ["tour=1"]]];
    if (doc.comparisons.length) modes.push(["compare", ["compare=" + doc.comparisons[0].id]]);
    for (const [mode, cmds] of modes) {
      // every theme in the first lab: a theme is the document's colours (web/style.css, the same for every lab),
      // which axe checks against each other; the other labs in the first theme (their own texts and structure)
      for (const theme of lab === s0.labs[0] ? themes : themes.slice(0, 1)) {
        await command(page, "query=lab=" + lab);   // back to the normal layout, no tour, no comparison
        for (const c of ["theme=" + theme, ...cmds]) assert.equal(await command(page, c), "", `${lab} ${mode}: ${c}`);
        const where = `${lab}, ${mode}, ${theme}`;
        assert.deepEqual(await axe(page), [], where);
        // a second engine, IBM Equal Access (WCAG 2.1 A and AA): once per lab and mode (the themes change colours
        // only, which axe checks; the document's structure is the same)
        if (theme === themes[0]) assert.deepEqual(await ibm(page), [], where + ": IBM Equal Access");
        assert.deepEqual(await missingTwins(page), [], where + ": controls without an HTML element");
      }
    }
  }
  for (const theme of themes) {
    await command(page, "query=lab=cluster-experts&theme=" + theme);
    await command(page, "skip=phase");
    await page.waitForFunction(() => !moeLab.state().playing, null, { timeout: 60000 });
    await page.screenshot({ path: join(out, `theme-${theme}.png`) });
  }
  assert.deepEqual(errors, []);
  await page.close();
});

// One key: the focus afterwards, and the state before and after.
async function key(page, k) {
  const before = await state(page);
  await page.keyboard.press(k);
  await page.evaluate(() => window.moeLabDocument.sync());
  return { before, after: await state(page), focus: await active(page) };
}

// Tab (or Shift+Tab) until the element with this id has the focus, checking that every stop is in the document.
async function tabTo(page, id, back = false) {
  for (let n = 0; n < 200; ++n) {
    if ((await active(page)) === id) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const inside = await page.evaluate(() => document.activeElement === document.body || document.activeElement.closest("#pdom") !== null);
    assert.ok(inside, "Tab stays in the page's document");
  }
  assert.fail(`Tab never reached #${id}`);
}

test("keyboard only: choose a lab, change a parameter, play to the end, open a table, start and end a tour", async () => {
  const { page, errors } = await openPage("");
  await recordAnnouncements(page);
  await tabTo(page, "lab");
  // Tab in the document wakes the canvas for a frame or few per focus change (a command), not for a second of
  // frames per key: a screen reader's user tabbing through the controls leaves it asleep
  await page.waitForFunction(() => moeLab.state().sleeping, null, { timeout: 5000 });
  const f0 = (await state(page)).frames;
  await page.keyboard.press("Tab");
  await page.keyboard.press("Shift+Tab");
  await page.waitForFunction(() => moeLab.state().sleeping, null, { timeout: 5000 });
  const drawn = (await state(page)).frames - f0;
  assert.ok(drawn <= 8, `two Tab stops in the document drew ${drawn} frames`);
  assert.equal(await active(page), "lab");
  let r = await key(page, "ArrowDown");   // a closed select: the next lab is shown, not opened
  assert.equal(r.after.lab, "cluster-experts", "an arrow key opens no lab");
  assert.equal(r.focus, "lab");
  r = await key(page, "Enter");   // Enter opens it
  assert.equal(r.after.lab, "patch-routing");
  assert.equal(r.focus, "lab", "the focus stays on the lab picker after its document is rebuilt");

  const doc = await page.evaluate(() => moeLab.document());
  const p = doc.params.find((q) => q.type === "int" && q.max - q.min >= 2);
  const id = "param-" + p.name;
  await tabTo(page, id);
  const old = Number(r.after.params[p.name]);
  const value = old + 1 <= p.max ? old + 1 : old - 1;
  await page.keyboard.press("Control+A");
  await page.keyboard.type(String(value));
  r = await key(page, "Enter");
  assert.equal(r.focus, id);
  assert.equal(Number(r.after.params[p.name]), value, `${p.name} = ${value} through the document`);
  assert.ok(r.after.query.includes(`${p.name}=${value}`), "the link follows: " + r.after.query);
  assert.equal(r.after.messages.length, 0, JSON.stringify(r.after.messages));

  await tabTo(page, "step", true);
  r = await key(page, "Enter");
  assert.equal(r.after.steps, r.before.steps + 1, "Enter on Step steps once");
  await tabTo(page, "play", true);
  r = await key(page, " ");
  assert.equal(r.focus, "play");
  assert.ok(r.after.playing || r.after.done, "Space on Play plays once (twice would pause)");
  // then Space again pauses, and the run goes on to its end with "Skip to the end", as a lecturer whose class waits
  // would (a full-speed run, drawn now and then: the same numbers). Paused first: a run that ended while Tab went to
  // the button would have moved the focus to Reset, and Enter would reset it.
  const skip = doc.page_controls.find((c) => c.name === "skip");
  assert.ok(skip, "the document has the skip button");
  if (!r.after.done) {
    r = await key(page, " ");
    if (!r.after.done) {
      assert.equal(r.after.playing, false, "Space again pauses");
      await tabTo(page, skip.id);
      r = await key(page, "Enter");
      assert.ok(r.after.skipping || r.after.done, "Enter on Skip to the end skips");
    }
  }
  await page.waitForFunction(() => moeLab.state().done, null, { timeout: 120000 });
  // the finished run disables Play and Skip to the end: the focus goes to Reset, a named control, not to the body, and is said aloud
  await page.waitForFunction((ids) => !ids.includes(document.activeElement.id), ["play", skip.id], { timeout: 5000 }).catch(() => {});
  assert.equal(await active(page), "reset", "the focus is on Reset when the run has finished");
  assert.equal(await page.evaluate(() => document.activeElement.textContent), "Reset");
  await page.waitForFunction(() => window.announced.some((a) => /focus is on Reset/.test(a)), null, { timeout: 8000 });
  assert.deepEqual(await ibm(page), [], "IBM Equal Access, WCAG 2.1: a finished run, its tables filled");

  await tabTo(page, "table-0");
  r = await key(page, "Enter");
  assert.deepEqual(r.after.tables, [doc.views[0].id], "view 0 as a table");
  assert.equal(r.focus, "table-0");
  const rows = await page.evaluate(() => document.querySelectorAll("#tables-0 tbody tr").length);
  assert.ok(rows > 1, "the document's table has rows");

  await tabTo(page, "tour", true);
  r = await key(page, "Enter");
  assert.equal(r.after.tour.step, 1, "Enter on Guided tour starts it");
  assert.equal(r.focus, "tour");
  r = await key(page, "Escape");   // a key of the canvas, pressed on an HTML button: acts once, through key=Escape
  assert.equal(r.after.tour.step, 0, "Escape ends the tour");
  assert.equal(r.focus, "tour");
  r = await key(page, "?");
  assert.equal(r.after.keys_help, true, "? opens the list of keys");
  r = await key(page, "?");
  assert.equal(r.after.keys_help, false, "? again closes it");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the canvas's keys still work, and Tab from the canvas reaches the document", async () => {
  const { page, errors } = await openPage("?lab=gated-regression");
  await page.mouse.click(900, 600);   // the canvas has the focus
  await pressKey(page, " ");
  await page.waitForFunction(() => moeLab.state().playing || moeLab.state().done, null, { timeout: 5000 });
  await page.keyboard.press("Tab");
  const focus = await page.evaluate(() => document.activeElement.closest("#pdom") !== null);
  assert.ok(focus, "Tab leaves the canvas for the document (GLFW would cancel it)");
  assert.deepEqual(errors, []);
  await page.close();
});

test("accessibility tree: Play, every parameter with its value, the phase, each view's title and readout; the live region", async () => {
  const { page, errors } = await openPage("?lab=cluster-experts");
  await command(page, "next-phase");
  await page.waitForFunction(() => !moeLab.state().playing, null, { timeout: 60000 });
  await page.evaluate(() => window.moeLabDocument.sync());
  const snap = await page.locator("body").ariaSnapshot();
  const lines = snap.split("\n").map((l) => l.replace(/''/g, "'"));   // YAML doubles a quote inside '…'
  const has = (role, name, value) =>   // a node's line, however the snapshot quotes it
    lines.some((l) => l.includes(`${role} "${name}"`) && (value === undefined || l.trimEnd().endsWith(`"${value}"`)));
  const s = await state(page);
  const doc = await page.evaluate(() => moeLab.document());
  assert.match(snap, /button "Play"/);
  // every parameter by its role and accessible name (the tree's), with its value
  const doc_ = page.locator("#pdom");
  for (const p of doc.params) {
    const v = s.params[p.name];
    const role = { bool: "checkbox", choice: "combobox", int: "spinbutton", real: "spinbutton" }[p.type];
    const node = doc_.getByRole(role, { name: p.label, exact: true });
    assert.equal(await node.count(), 1, `${p.name}: one ${role} named "${p.label}"`);
    if (p.type === "bool") assert.equal(await node.isChecked(), v === "true", p.name);
    else assert.equal(await node.inputValue(), v, `${p.name} = ${v} in the tree`);
    assert.ok(has(role, p.label.replace(/"/g, '\\"')), `${p.name} in the aria snapshot`);
  }
  assert.ok(snap.includes(`phase ${s.phase + 1} of ${doc.phases.length}: ${doc.phases[s.phase].title}`), "the current phase");
  for (const v of doc.views) {
    assert.ok(has("heading", v.title), v.title);
    const items = await page.locator(`#pdom section.view:has(h3:text-is("${v.title}")) li`).allTextContents();
    for (const line of s.readouts[v.id]) assert.ok(items.includes(line), `${v.id} readout in the document: ${line}`);
  }
  await page.waitForFunction(() => /Phase 2 of/.test(document.getElementById("announce").textContent), null, { timeout: 5000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("bad input in the document: a refused value is announced, and the field shows the running value again", async () => {
  const { page, errors } = await openPage("?lab=latent-clusters");
  const doc = await page.evaluate(() => moeLab.document());
  const p = doc.params.find((q) => q.type === "int" || q.type === "real");
  const before = (await state(page)).params[p.name];
  await page.focus("#param-" + p.name);
  await page.keyboard.press("Control+A");
  await page.keyboard.type(String(p.max * 10 + 1));
  await page.keyboard.press("Enter");
  const s = await state(page);
  assert.equal(s.params[p.name], before, "the refused value changed nothing");
  assert.ok(s.messages.some((m) => m.includes(p.name) && m.includes("maximum")), JSON.stringify(s.messages));
  await page.waitForFunction(() => /refused/.test(document.getElementById("announce").textContent), null, { timeout: 5000 });
  await page.focus("#seed");   // leave the field: it shows the running value
  await page.evaluate(() => window.moeLabDocument.sync());
  assert.equal(await page.inputValue("#param-" + p.name), before);
  assert.match(await command(page, "set=nope=1"), /refused: unknown parameter 'nope' for latent-clusters$/);
  assert.match(await command(page, "speed=9"), /speed/);
  assert.match(await command(page, "csv-b"), /there is no run B: compare first$/);
  // themes: a bad one is refused; a chosen one goes into the link, which restores it; auto follows the system
  assert.match(await command(page, "theme=purple"), /give one of auto, light, dark, contrast/);
  assert.equal(await command(page, "theme=dark"), "");
  assert.match(page.url(), /[?&]theme=dark(&|$)/);
  const { page: again } = await openPage(page.url().slice(page.url().indexOf("?")));
  assert.equal((await state(again)).theme, "dark");
  assert.equal(await command(again, "theme=auto"), "");
  assert.equal(await command(again, "system-theme=contrast"), "");
  assert.equal((await state(again)).theme, "contrast");
  assert.doesNotMatch(again.url(), /theme=/);
  await again.close();
  assert.deepEqual(errors, []);
  await page.close();
});
