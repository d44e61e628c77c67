import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, state } from "./harness.mjs";
const mode = process.env.MODE || "play", lab = process.env.LAB || "cluster-experts";
test(`exp ${lab} ${mode}`, async () => {
  const { page } = await openPage(`?lab=${lab}&seed=3`);
  const t0 = Date.now();
  assert.equal(await page.evaluate((m) => moeLab.command(m === "skip" ? "skip=end" : "play"), mode), "");
  await page.waitForFunction(() => moeLab.state().done, null, { timeout: 300000, polling: 250 });
  const s = await state(page);
  console.log(`# ${lab} ${mode}: ${Date.now() - t0} ms, frames ${s.frames}, run_ms ${s.run_ms}`);
  await page.close();
});
