// The expert-pruning lab in the page: the Lecture preset plays to the end with the paper's phenomenon
// (Δ keeps the accuracy where random and reverse Δ lose it), the same numbers as both CLIs, and screenshots
// at 1280×720: the whole page, the page at projector scale, and the headline view enlarged.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage, state, cliMetrics, out, nativeCli, wasmCli } from "./harness.mjs";

test("expert-pruning, Lecture: Δ pruning keeps the accuracy, page = native CLI = WebAssembly CLI", async () => {
  const { page, errors } = await openPage("?lab=expert-pruning&preset=lecture&seed=1");
  const s0 = await state(page);
  assert.equal(s0.lab, "expert-pruning");
  await page.evaluate(() => moeLab.command("play"));
  await page.waitForFunction(() => moeLab.state().done || moeLab.state().failure !== "", null, { timeout: 120000, polling: 100 });
  const s = await state(page);
  assert.equal(s.failure, "");
  console.log(`expert-pruning lecture: ${(s.run_ms / 1000).toFixed(2)} s wall in the page, ${s.frames_while_running} frames, ` +
              `longest frame ${s.longest_frame_ms.toFixed(0)} ms`);
  assert.ok(s.frames_while_running >= 5, `only ${s.frames_while_running} frames drawn during the run`);
  const m = s.metrics;
  assert.ok(m.acc_delta_worst >= 0.99, `Δ rule, worst over ρ: ${m.acc_delta_worst}`);
  assert.ok(m.acc_reverse_delta_75 < m.acc_delta_75 - 0.05, `reverse Δ ${m.acc_reverse_delta_75} vs Δ ${m.acc_delta_75}`);
  assert.equal(m.delta_separated, 1);
  await page.screenshot({ path: join(out, "expert-pruning-lecture.png") });

  const args = ["--lab", "expert-pruning", "--preset", "lecture", "--seed", "1"];
  const native = cliMetrics([nativeCli], args);
  const wasm = cliMetrics(["node", "--no-experimental-fetch", wasmCli], args);
  assert.deepEqual(Object.keys(m).sort(), Object.keys(native).sort());
  for (const k of Object.keys(native)) {
    assert.equal(m[k], native[k], `${k}: page ${m[k]} vs native CLI ${native[k]}`);
    assert.equal(wasm[k], native[k], `${k}: WebAssembly CLI ${wasm[k]} vs native CLI ${native[k]}`);
  }

  // the headline view enlarged (accuracy vs ρ is view 1), and the page at projector scale
  await page.evaluate(() => moeLab.command("view=1"));
  await new Promise((r) => setTimeout(r, 400));
  await page.screenshot({ path: join(out, "expert-pruning-accuracy.png") });
  for (const [n, name] of [[0, "router-change"], [2, "trustworthy"], [3, "who-routes"], [5, "timeline"]]) {
    await page.evaluate((v) => moeLab.command("view=" + v), n);
    await new Promise((r) => setTimeout(r, 300));
    await page.screenshot({ path: join(out, `expert-pruning-${name}.png`) });
  }
  await page.evaluate(() => moeLab.command("view=-1"));
  await page.evaluate(() => moeLab.command("scale=1.6"));
  await page.waitForFunction(() => Math.abs(moeLab.state().ui_scale - 1.6) < 1e-3);
  await new Promise((r) => setTimeout(r, 400));
  await page.screenshot({ path: join(out, "expert-pruning-projector.png") });
  assert.deepEqual(errors, []);
  await page.close();
});
