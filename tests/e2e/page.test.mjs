// Browser end-to-end test: drives the real page in Debian's Chromium (harness.mjs): it loads, links open what
// they say (or say what is wrong with them), cluster-experts shows its phenomenon, and a seed that differs from
// the paper says so. (Every lab's default preset played against both CLIs: finished-runs.test.mjs.)
// Screenshots go to tests/e2e/out/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage, state, cliRun, recordAnnouncements, out, nativeCli, finish } from "./harness.mjs";

test("the page loads without console errors and lists the labs", async () => {
  const { page, errors } = await openPage("");
  const s = await state(page);
  assert.ok(s.labs.length >= 1, "at least one lab registered");
  assert.equal(s.lab, s.labs[0]);
  assert.deepEqual(s.messages, []);
  await page.screenshot({ path: join(out, "start.png") });
  assert.deepEqual(errors, []);
  await page.close();
});

test("a malformed shared link opens the defaults with a visible message", async () => {
  const { page, errors } = await openPage("?lab=no-such-lab&seed=banana&zzz=1");
  const s = await state(page);
  assert.equal(s.lab, s.labs[0]);
  assert.equal(s.seed, "1");   // a string: exact for every 64-bit seed
  assert.ok(s.messages.length >= 3, JSON.stringify(s.messages));
  assert.match(s.messages.join(" "), /unknown lab 'no-such-lab'/);
  await page.screenshot({ path: join(out, "bad-link.png") });
  assert.deepEqual(errors, []);
  await page.close();
});

test("switching lab, preset and seed updates the URL, and the URL restores the run", async () => {
  const { page, errors } = await openPage("");
  const s0 = await state(page);
  const other = s0.labs[s0.labs.length - 1];
  await page.evaluate((id) => moeLab.command("lab=" + id), other);
  await page.evaluate(() => moeLab.command("seed=7"));
  await page.waitForFunction((id) => moeLab.state().lab === id, other);
  const url = page.url();
  assert.match(url, new RegExp(`lab=${other}`));
  assert.match(url, /seed=7/);
  // a copied link opens the same configuration in a fresh page
  const { page: copy } = await openPage(url.slice(url.indexOf("?")));
  const s1 = await state(copy);
  assert.equal(s1.lab, other);
  assert.equal(s1.seed, "7");
  assert.equal(s1.query, (await state(page)).query);
  assert.deepEqual(s1.messages, []);
  // bad commands are refused with a message, not applied
  await page.evaluate(() => moeLab.command("seed=banana"));
  assert.equal((await state(page)).seed, "7");
  assert.ok((await state(page)).messages.length >= 1);
  // projector scale
  await page.evaluate(() => moeLab.command("scale=1.5"));
  await page.waitForFunction(() => moeLab.state().ui_scale === 1.5);
  await new Promise((r) => setTimeout(r, 300));
  await page.screenshot({ path: join(out, "projector-scale.png") });
  assert.deepEqual(errors, []);
  await copy.close();
  await page.close();
});

test("the cluster-experts lab shows its phenomenon in the page (Chen et al., Table 1)", async () => {
  const { page } = await openPage("?lab=cluster-experts&preset=lecture&seed=1");
  await finish(page);
  const s = await state(page), m = s.metrics;
  assert.ok(m.acc_moe_cubic >= 95, `nonlinear MoE accuracy ${m.acc_moe_cubic}`);
  assert.ok(m.entropy_moe_cubic <= 0.4, `nonlinear MoE dispatch entropy ${m.entropy_moe_cubic}`);
  assert.ok(m.acc_moe_cubic > m.acc_single_cubic + 5 && m.acc_moe_cubic > m.acc_single_linear + 5);
  // at the end the timeline and the status name the last phase reached, "Converged", not "Exploration"
  assert.equal(s.phase, 2);
  assert.equal(s.phase_title, "Converged");
  assert.ok(s.status.startsWith("Finished (Converged). The nonlinear MoE converged: "), s.status);
  assert.ok(!s.status.includes("Unlike the paper"), s.status);
  await page.close();
});

test("a seed whose run differs from the paper says so at its end, with how often seeds show the paper's case", async () => {
  const { page, errors } = await openPage("?lab=cluster-experts&preset=lecture&seed=6&scale=1.6");
  await recordAnnouncements(page);
  await finish(page);
  const s = await state(page);
  const native = cliRun([nativeCli], ["--lab", "cluster-experts", "--preset", "lecture", "--seed", "6"]);
  assert.equal(s.outcome, native.outcome);
  assert.equal(s.phase_title, "Router learning");   // this seed never reached "Converged"
  assert.match(s.outcome, /^On this seed the run differs from the paper\. The nonlinear MoE did not reach the converged stage/);
  assert.match(s.outcome, /\(The paper's outcome holds in \d+ of seeds 1–10 of Lecture\.\)/);
  await page.waitForFunction(() => window.announced.some((t) => t.includes("On this seed the run differs from the paper")), null,
                             { timeout: 5000 }).catch(() => {});   // one message a second: a phase change may come first
  const said = await page.evaluate(() => window.announced);
  assert.ok(said.some((t) => t.startsWith("The run has finished, in phase 2: Router learning. On this seed the run differs from the paper")),
            `announced: ${JSON.stringify(said)}`);
  await page.screenshot({ path: join(out, "outcome-cluster-experts-seed6.png") });
  assert.deepEqual(errors, []);
  await page.close();
});
