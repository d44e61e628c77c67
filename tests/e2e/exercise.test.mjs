// Exercise links: hide= and lock= make a link an exercise. Hidden controls are neither on the canvas
// nor in the HTML document, locked ones show their value and cannot change; both refuse their commands with a
// message; the link the page writes keeps the keys; unknown parts are reported; axe-core and IBM's checker find
// nothing in an exercise's document.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage, state, out, axe, ibm } from "./harness.mjs";

test("an exercise link hides and locks controls on the canvas and in the HTML document, and keeps them in its link", async () => {
  const { page, errors } = await openPage("?lab=gated-regression&preset=lecture&hide=compare,presets&lock=n&scale=1.6");
  let s = await state(page);
  assert.deepEqual(s.messages, []);
  assert.deepEqual(s.exercise, { hidden: ["compare", "presets"], locked: ["n"] });
  const ids = s.controls.map((c) => c.id);
  assert.ok(!ids.includes("combo:preset"), "the presets are hidden");
  assert.ok(!ids.some((id) => id.startsWith("button:vs:")), "no B buttons: compare mode is hidden");
  const n = s.controls.find((c) => c.id === "param:n");   // (only what is on screen: it may be scrolled away)
  if (n) assert.ok(n.value.includes("locked"), JSON.stringify(n));
  const cmd = (c) => page.evaluate((c) => moeLab.command(c), c);
  const n0 = s.params.n;
  assert.match(await cmd("set=n=3000"), /locked in this exercise link/);
  assert.match(await cmd("compare=relaxed"), /hidden in this exercise link/);
  assert.match(await cmd("preset=paper"), /hidden in this exercise link/);
  assert.equal(await cmd("set=iters=300"), "", "the other parameters still change");
  s = await state(page);
  assert.equal(s.params.n, n0, "n stays as the link set it");
  assert.equal(s.compare, null);
  // the HTML document: the preset choice is gone, n is disabled
  await page.waitForFunction(() => document.getElementById("param-n") && document.getElementById("param-n").disabled);
  const shown = (sel) => page.evaluate((sel) => [...document.querySelectorAll(sel)].filter((e) => !e.closest("[hidden]")).length, sel);
  assert.equal(await shown('[data-control="combo:preset"]'), 0, "no preset choice in the document");
  assert.equal(await shown("#s-compare"), 0, "no compare section in the document");
  // a locked control says so to a screen reader, and both checkers find nothing in the exercise's document
  assert.match(await page.evaluate(() => document.getElementById("param-n").getAttribute("aria-describedby")),
               /locked-note/);
  assert.deepEqual(await axe(page), [], "axe-core on an exercise");
  assert.deepEqual(await ibm(page), [], "IBM's checker on an exercise");
  await page.screenshot({ path: join(out, "exercise-gated-regression.png") });
  // the link the page writes is the same exercise
  assert.ok(page.url().includes("hide=compare,presets") && page.url().includes("lock=n"), page.url());
  const again = await openPage(new URL(page.url()).search);
  const r = await state(again.page);
  assert.deepEqual(r.exercise, s.exercise);
  assert.equal(String(r.params.iters), String(s.params.iters));
  await again.page.close();
  assert.deepEqual(errors, []);
  await page.close();
});

test("an exercise link with parts that do not exist says so and hides nothing it does not know", async () => {
  const { page } = await openPage("?lab=cluster-experts&hide=everything,params:nope&lock=gravity");
  const s = await state(page);
  assert.equal(s.messages.length, 3, JSON.stringify(s.messages));
  assert.match(s.messages[0], /hide='everything'/);
  assert.match(s.messages[2], /lock='gravity'/);
  assert.deepEqual(s.exercise, { hidden: [], locked: [] });
  await page.close();
});
