// The class's QR code: in presentation mode (button, key Q, qr=1) the run's link as a QR code beside the views,
// large enough to scan from the back of a hall. Read back from a screenshot by zbarimg (Debian's zbar-tools), it is
// the page's current link without the lecturer's presentation mode and UI scale; it follows the run (a new seed, a
// tour step), and opening it restores the run. A link too long for a code says so. Screenshots: tests/e2e/out.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { openPage, state, frames, out } from "./harness.mjs";

// The page's link as the class opens it: without the lecturer's presentation mode and UI scale.
// The link a phone gets: the lecturer's display (presentation, UI scale, the code itself) left out.
const forPhones = (url) => url.replace(/&(present|scale|qr)=[^&]*/g, "");

async function decoded(page, name) {
  await frames(page, 3);
  const file = join(out, name);
  await page.screenshot({ path: file });
  return execFileSync("zbarimg", ["--quiet", "--raw", file], { encoding: "utf8" }).trim();
}

test("the QR code of the run's link, read back from the screen, opens the same run", async () => {
  const { page, errors } = await openPage("?lab=latent-clusters&preset=lecture&seed=4&scale=1.6");
  assert.equal(await page.evaluate(() => moeLab.command("qr=1")), "");
  let s = await state(page);
  assert.ok(s.present && s.qr.on, "the code turns presentation mode on");
  const ids = s.controls.map((c) => c.id);
  assert.ok(ids.includes("button:qr"), "its button is on the canvas");
  let text = await decoded(page, "qr-latent-clusters.png");
  assert.match(page.url(), /qr=1/, "the page's link keeps the code on (qr is a link key)");
  assert.equal(text, forPhones(page.url()), "the code holds the page's link, without present, scale and qr");
  assert.doesNotMatch(text, /present=|scale=|qr=/);
  // it follows the run: another seed, then a tour step
  await page.evaluate(() => moeLab.command("seed=7"));
  text = await decoded(page, "qr-seed7.png");
  assert.equal(text, forPhones(page.url()));
  assert.match(text, /seed=7/);
  await page.keyboard.press("q");   // off, then on again by the key
  await frames(page, 3);
  assert.equal((await state(page)).qr.on, false);
  await page.evaluate(() => moeLab.command("tour=2"));
  await page.evaluate(() => moeLab.command("qr=1"));
  text = await decoded(page, "qr-tour.png");
  assert.equal(text, forPhones(page.url()));
  assert.match(text, /tour=2/);
  // a phone opening the code: the same run
  const again = await openPage(new URL(text).search);
  const r = await state(again.page);
  s = await state(page);
  assert.equal(r.lab, s.lab);
  assert.equal(r.seed, s.seed);
  assert.equal(r.tour.step, 2);
  await again.page.close();
  assert.deepEqual(errors, []);
  await page.close();
});

test("a link too long for a QR code says so instead", async () => {
  const rows = Array.from({ length: 1500 }, (_, k) => `${((k % 40) / 20 - 0.98).toFixed(2)},${(Math.floor(k / 40) / 20 - 0.98).toFixed(2)},${k % 2}`);
  const { page, errors } = await openPage("?lab=playground&preset=draw");
  assert.equal(await page.evaluate((t) => moeLab.command("points-csv=" + t), rows.join("\n")), "");
  assert.equal(await page.evaluate(() => moeLab.command("qr=1")), "");
  await frames(page, 3);
  const s = await state(page);
  assert.match(s.qr.why, /too long for a QR code/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a link with qr=1 opens with its code, and no message", async () => {
  const { page, errors } = await openPage("?lab=patch-routing&qr=1&present=1");
  const s = await state(page);
  assert.ok(s.qr.on && s.present, "the code is on");
  assert.deepEqual(s.messages, [], "nothing said about the link");
  const text = await decoded(page, "qr-link.png");
  assert.equal(text, forPhones(page.url()));
  assert.deepEqual(errors, []);
  await page.close();
});
