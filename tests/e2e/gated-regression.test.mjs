// Browser test for the gated-regression lab: the Lecture preset played in the page shows the paper's
// phenomenon (L4 recovers the experts in every run, some ℓ2 runs get stuck while predicting almost as well;
// L_log recovers the gates with L4's experts, not with a stuck ℓ2 run's), and the page keeps drawing while it
// trains. Prints how long Phases 1 + 2 take in the page (a measurement, not a pass/fail goal).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage, state, out } from "./harness.mjs";

test("gated-regression: the Lecture preset shows 'accuracy is not recovery' in the page", async () => {
  const { page, errors } = await openPage("?lab=gated-regression&preset=lecture&seed=1");
  const t0 = Date.now();
  await page.evaluate(() => moeLab.command("play"));
  await page.waitForFunction(() => moeLab.state().phase >= 2 || moeLab.state().done, null, { timeout: 120000, polling: 50 });
  const phases12 = (Date.now() - t0) / 1000;
  const mid = await state(page);
  await page.screenshot({ path: join(out, "gated-regression-phase2.png") });
  await page.waitForFunction(() => moeLab.state().done || moeLab.state().failure !== "", null, { timeout: 120000, polling: 250 });
  const s = await state(page);
  assert.equal(s.failure, "");
  console.log(`gated-regression: Phases 1 + 2 in ${phases12.toFixed(2)} s (page wall time, ${mid.frames_while_running} frames), ` +
              `whole run with the sweep ${(s.run_ms / 1000).toFixed(2)} s, ${s.frames_while_running} frames, ` +
              `longest frame ${s.longest_frame_ms.toFixed(0)} ms`);
  assert.ok(mid.frames_while_running >= 5, `only ${mid.frames_while_running} frames drawn during Phases 1 + 2`);
  const m = s.metrics;
  assert.equal(m.success_l4, 1, "every L4 run recovers A*");
  assert.ok(m.success_l2 < 1 && m.stuck_l2 >= 1, `some ℓ2 run is stuck (success ${m.success_l2})`);
  assert.ok(m.stuck_ereg_min > 0.3, `stuck ℓ2 E_reg ${m.stuck_ereg_min}`);
  assert.ok(m.stuck_excess < 0.02, `stuck ℓ2 test MSE ${m.stuck_excess} above the oracle's`);
  assert.ok(m.egating_l4 <= 0.01 && m.stuck_egating_min > 0.5, `E_gating: L4 ${m.egating_l4}, stuck ℓ2 ${m.stuck_egating_min}`);
  assert.ok(m.sweep_l4_hi > m.sweep_l4_lo, `the sweep: L4 ${m.sweep_l4_lo} → ${m.sweep_l4_hi}`);
  await page.screenshot({ path: join(out, "gated-regression-lecture.png") });
  assert.deepEqual(errors, []);
  await page.close();
});
