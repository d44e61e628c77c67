// Assistive technology: what a keyboard and screen-reader user meets in the page's HTML document
// (web/pdom.js), checked through the browser's own accessibility tree where it can be: a skip link to the run
// controls comes first; a select that restarts the run acts on Enter or on leaving it, not on each arrow key; the
// live region says one message at a time; a parameter's name is not repeated in its description; every button
// names its view and every control has a name, hidden or not; an empty list is not in the tree; the values that
// change while a run plays are changed in place (a screen reader keeps its place); a finished run leaves the
// focus on Reset, and says so; the IBM Equal Access engine finds no WCAG 2.1 violation in the finished run.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, state, ibm, recordAnnouncements } from "./harness.mjs";

const command = (page, c) => page.evaluate((c) => moeLab.command(c), c);
const sync = (page) => page.evaluate(() => window.moeLabDocument.sync());
const active = (page) => page.evaluate(() => document.activeElement && document.activeElement.id);

// The browser's accessibility tree (Chromium's, through the DevTools protocol): every node's role, name,
// description and children.
async function axTree(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  await cdp.detach();
  const value = (p) => (p && p.value !== undefined ? String(p.value) : "");
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  return nodes.filter((n) => !n.ignored).map((n) => ({
    role: value(n.role), name: value(n.name), description: value(n.description),
    children: (n.childIds || []).map((id) => byId.get(id)).filter((c) => c && !c.ignored).map((c) => value(c.role)),
  }));
}

// Every control of the document, shown or hidden, with the name its label, text or aria-label gives it.
const controlNames = (page) => page.evaluate(() => [...document.querySelectorAll("#pdom button, #pdom input, #pdom select, #pdom a[href]")]
  .map((e) => {
    const by = e.getAttribute("aria-labelledby");
    const name = e.getAttribute("aria-label") ||
      (by ? by.split(" ").map((id) => document.getElementById(id).textContent).join(" ") : "") ||
      (e.labels && e.labels.length ? [...e.labels].map((l) => l.textContent).join(" ") : "") ||
      (e.tagName === "BUTTON" || e.tagName === "A" ? e.textContent : "");
    return { id: e.id, name: name.trim(), shown: !e.closest("[hidden]"), enabled: !e.disabled };
  }));

test("a skip link to the run controls is the first thing Tab reaches", async () => {
  const { page, errors } = await openPage("?lab=latent-clusters");
  await page.keyboard.press("Tab");
  const first = await page.evaluate(() => ({ tag: document.activeElement.tagName, text: document.activeElement.textContent }));
  assert.equal(first.tag, "A", "the first Tab stop is a link: " + JSON.stringify(first));
  assert.match(first.text, /run controls/i);
  await page.keyboard.press("Enter");
  assert.equal(await active(page), "play", "the skip link takes the focus to Play");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a select that restarts the run acts on Enter or on leaving it, never on each arrow key", async () => {
  const { page, errors } = await openPage("?lab=cluster-experts");
  const s0 = await state(page);
  const doc = await page.evaluate(() => moeLab.document());
  // preset: two arrows move through two presets and change nothing; leaving the field applies the one shown
  await page.focus("#preset");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await sync(page);
  const s = await state(page);
  assert.equal(s.preset, s0.preset, "arrowing through the presets applies none");
  assert.equal(s.query, s0.query, "nor changes the link");
  const shown = await page.inputValue("#preset");
  assert.notEqual(shown, s0.preset, "the select shows the preset arrowed to");
  assert.equal(await active(page), "preset");
  await page.keyboard.press("Tab");   // leaving the field commits the change
  await page.waitForFunction((p) => moeLab.state().preset === p, shown, { timeout: 3000 });
  assert.notEqual(await active(page), "preset", "and the focus went on");
  // lab: arrows open nothing, Escape goes back, Enter opens the lab shown
  await page.focus("#lab");
  for (let k = 0; k < 2; ++k) {
    await page.keyboard.press("ArrowDown");
    await sync(page);
    assert.equal((await state(page)).lab, s0.lab, "arrowing through the labs opens none");
  }
  await page.keyboard.press("Escape");
  await sync(page);
  assert.equal(await page.inputValue("#lab"), s0.lab, "Escape shows the running lab again");
  assert.equal(await active(page), "lab", "and keeps the focus there");
  assert.equal((await state(page)).lab, s0.lab);
  await page.focus("#lab");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await sync(page);
  assert.equal((await state(page)).lab, doc.labs[2].id, "Enter opens the lab shown");
  assert.equal(await active(page), "lab", "and the focus stays on the lab picker");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the live region says one message at a time: two messages at once are two announcements", async () => {
  const { page, errors } = await openPage("?lab=gated-regression");
  await recordAnnouncements(page);
  await page.evaluate(() => { moeLab.command("seed=banana"); moeLab.command("set=nope=1"); window.moeLabDocument.sync(); });
  const messages = (await state(page)).messages;
  assert.equal(messages.length, 2, JSON.stringify(messages));
  await page.waitForFunction(() => window.announced.length >= 2, null, { timeout: 5000 });
  await page.waitForTimeout(1200);   // nothing else follows
  const said = await page.evaluate(() => window.announced);
  assert.deepEqual(said.slice().sort(), messages.slice().sort(), "each message its own announcement, once: " + JSON.stringify(said));
  assert.deepEqual(errors, []);
  await page.close();
});

test("in every lab: a parameter's name is not repeated in its description, every button names its view, every control has a name, no empty list is in the tree", async () => {
  const { page, errors } = await openPage("");
  const labs = (await state(page)).labs;   // the page's own registry
  const problems = [];
  for (const lab of labs) {
    assert.equal(await command(page, "lab=" + lab), "");
    await sync(page);
    const doc = await page.evaluate(() => moeLab.document());
    const tree = await axTree(page);
    // parameters: the name from the label, the range, help and link name once, in the description
    for (const p of doc.params) {
      const node = p.type === "points"   // a point set: a group of controls, named by its legend (the label, then how many)
        ? tree.find((n) => n.role === "group" && n.name.startsWith(p.label))
        : tree.find((n) => ["spinbutton", "checkbox", "combobox"].includes(n.role) && n.name === p.label);
      if (!node) { problems.push(`${lab} ${p.name}: no control named "${p.label}"`); continue; }
      if (!node.description.includes("Link name: " + p.name)) problems.push(`${lab} ${p.name}: description "${node.description}"`);
      const said = p.label.includes(", ") ? p.label.slice(p.label.indexOf(", ") + 2) : "";
      if (said && node.description.includes(said)) problems.push(`${lab} ${p.name}: "${said}" in the name and again in the description "${node.description}"`);
    }
    // each view's buttons say which view; every control has a name, shown or hidden
    const controls = await controlNames(page);
    doc.views.forEach((v, k) => {
      for (const id of ["table-" + k, "png-" + k, "enlarge-" + k]) {
        const c = controls.find((x) => x.id === id);
        if (!c || !c.name.includes(v.title)) problems.push(`${lab}: #${id} "${c && c.name}" does not name its view "${v.title}"`);
      }
    });
    for (const c of controls) if (!c.name) problems.push(`${lab}: #${c.id} has no name${c.shown ? "" : " while hidden"}`);
    const names = controls.filter((c) => c.shown && c.enabled && c.id).map((c) => c.name);
    const twice = names.filter((n, i) => names.indexOf(n) !== i);
    if (twice.length) problems.push(`${lab}: buttons with the same name: ${JSON.stringify([...new Set(twice)])}`);
    // empty lists: not in the tree
    for (const n of tree) if (n.role === "list" && !n.children.includes("listitem")) problems.push(`${lab}: an empty list "${n.name}" in the tree`);
  }
  assert.equal(problems.length, 0, problems.length + " problems:\n" + problems.join("\n"));
  assert.deepEqual(errors, []);
  await page.close();
});

test("while a run plays its progress and readouts change in place; at its end the focus goes from Play to Reset, said aloud; IBM's engine finds no WCAG 2.1 violation", async () => {
  const { page, errors } = await openPage("?lab=cluster-experts");
  assert.equal(await command(page, "speed=1"), "");   // slow: several updates to watch
  await recordAnnouncements(page);
  await page.focus("#play");
  await page.keyboard.press(" ");
  await page.waitForFunction(() => moeLab.state().progress > 0.05 && document.querySelector("#pdom .view ul li"), null, { timeout: 30000 });
  // hold the nodes a screen reader may be reading
  await page.evaluate(() => {
    const progress = document.getElementById("progress"), item = document.querySelector("#pdom .view ul li");
    window.held = { progress, progressText: progress.firstChild, was: progress.textContent, item, itemText: item.firstChild,
                    list: item.parentNode, itemWas: item.textContent, changed: false, lost: [] };
    window.heldCheck = setInterval(() => {
      const h = window.held;
      for (const k of ["progress", "progressText", "item", "itemText"]) if (!h[k].isConnected && !h.lost.includes(k)) h.lost.push(k);
      if (h.item.textContent !== h.itemWas || h.list.firstElementChild.textContent !== h.itemWas) h.changed = true;
    }, 50);
  });
  await page.waitForFunction(() => window.held.progress.textContent !== window.held.was, null, { timeout: 10000 });
  await page.waitForFunction(() => window.held.changed || moeLab.state().done, null, { timeout: 60000 });
  assert.equal(await command(page, "speed=4"), "");
  await page.waitForFunction(() => moeLab.state().done, null, { timeout: 120000 });
  await sync(page);
  const held = await page.evaluate(() => { clearInterval(window.heldCheck); const h = window.held;
    return { lost: h.lost, changed: h.changed, progress: h.progressText.data, item: h.itemText.data }; });
  assert.deepEqual(held.lost, [], "the progress line and the readout are changed in place, not replaced");
  assert.ok(held.changed, "the readout changed while the run played");
  assert.match(held.progress, /finished/, "the held text node shows the end: " + held.progress);
  // the end of the run: Play is disabled, so the focus is on Reset (not on the body), and the user is told
  assert.equal(await page.evaluate(() => document.getElementById("play").disabled), true);
  assert.equal(await active(page), "reset", "the focus moved from Play to Reset");
  await page.waitForFunction(() => window.announced.some((a) => /focus is on Reset/.test(a)), null, { timeout: 8000 });
  assert.deepEqual(await ibm(page), [], "IBM Equal Access, WCAG 2.1, the finished run");
  assert.deepEqual(errors, []);
  await page.close();
});
