// Reliability in the page: every refused command and every bad link says why, on screen and
// in state().messages, and the page keeps working afterwards (it plays a run to the end).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage, state, out } from "./harness.mjs";

const command = (page, c) => page.evaluate((c) => moeLab.command(c), c);

test("refused commands say why, change nothing, and the page still plays to the end", async () => {
  const { page, errors } = await openPage("?lab=cluster-experts&preset=fast&seed=2");
  const before = await state(page);
  const refused = {
    "scale=NaN": /scale 'NaN' is not a number/,
    "scale=abc": /scale 'abc' is not a number/,
    "scale=9": /outside 0\.75 … 2\.5/,
    "lab=nope": /unknown lab 'nope'/,
    "preset=threshold": /unknown preset 'threshold' for cluster-experts/,
    "PLAY": /did you mean 'play'/,
    "view=99": /view 99 does not exist/,
    "frobnicate": /unknown command 'frobnicate'/,
    "seed=18446744073709551616": /not a seed/,
    "seed= -1": /not a seed/,
    "play=1": /takes no value/,
  };
  for (const [c, re] of Object.entries(refused)) {
    const why = await command(page, c);
    assert.match(why, re, c);
    const s = await state(page);
    assert.match(s.messages[s.messages.length - 1], re, `${c}: the message is in state().messages`);
    assert.equal(s.lab, before.lab);
    assert.equal(s.seed, before.seed);
    assert.equal(s.query, before.query);
    assert.equal(s.ui_scale, before.ui_scale, `${c}: ui_scale stays a number`);
  }
  await new Promise((r) => setTimeout(r, 300));
  await page.screenshot({ path: join(out, "refused-commands.png") });
  // accepted commands still act, and return ""
  assert.equal(await command(page, "scale=1.6"), "");
  assert.ok(Math.abs((await state(page)).ui_scale - 1.6) < 1e-6);   // a float: 1.6000000238
  assert.equal(await command(page, "play"), "");
  await page.waitForFunction(() => moeLab.state().done || moeLab.state().failure !== "", null, { timeout: 120000, polling: 250 });
  const s = await state(page);
  assert.equal(s.failure, "");
  assert.equal(s.progress, 1);
  // a finished run refuses play and step with the reason, rather than silently
  assert.match(await command(page, "play"), /finished: press Reset/);
  assert.match(await command(page, "step"), /finished: press Reset/);
  await page.screenshot({ path: join(out, "refused-commands-after-run.png") });
  assert.deepEqual(errors, []);
  await page.close();
});

test("bad links: wrapped or repeated values are refused with a message; 64-bit seeds stay exact", async () => {
  const cases = [
    ["?lab=cluster-experts&seed=%20-1", /' -1' is not a seed/],
    ["?lab=cluster-experts&seed=18446744073709551616", /not a seed/],
    ["?lab=cluster-experts&d=9999&d=16", /'d' appears 2 times/],
    ["?lab=cluster-experts&lab=patch-routing", /'lab' appears 2 times/],
    ["?lab=cluster-experts&eta=0x10", /write numbers in decimal/],
    ["?lab=cluster-experts&eta=%201", /contains spaces/],
    ["?lab=cluster-experts&eta=1e-400", /round to 0/],
  ];
  for (const [q, re] of cases) {
    const { page, errors } = await openPage(q);
    const s = await state(page);
    assert.match(s.messages.join("\n"), re, q);
    assert.equal(s.seed, "1", q);
    assert.deepEqual(errors, [], q);
    await page.close();
  }
  const { page, errors } = await openPage("?lab=cluster-experts&seed=18446744073709551615");
  const s = await state(page);
  assert.deepEqual(s.messages, []);
  assert.equal(s.seed, "18446744073709551615");
  assert.match(s.query, /seed=18446744073709551615/);
  assert.equal(await command(page, "seed=9007199254740993"), "");   // 2^53 + 1
  assert.equal((await state(page)).seed, "9007199254740993");
  assert.deepEqual(errors, []);
  await page.close();
});
