// Lecture mode in the page at 1280×720 (every view's room at UI scale 1.0 and 1.6: finished-runs.test.mjs):
// presentation mode and embedding at scale 1.6, with the race's room and legend; the first lab's guided tour runs
// from its link to its last step with the keyboard (every lab's: tests/app/test_app_tours.cpp); png=N gives a decodable PNG of the right size;
// the desktop app refuses unknown flags and writes --screenshot under Xvfb. Screenshots: tests/e2e/out/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { openPage, state, out, root, checkReport, nativeCli, decodePng, frames, finish, pressKey as press, drawnCommand as command } from "./harness.mjs";

const scaleIs = (s) => `Math.abs(moeLab.state().ui_scale - ${s}) < 1e-3`;

async function playToEnd(page) {
  await finish(page);
  assert.equal((await state(page)).failure, "");
}

test("presentation mode at UI scale 1.6: one key hides the sidebar; the link holds it", async () => {
  const { page, errors } = await openPage("?lab=latent-clusters&seed=3&scale=1.6");
  await page.waitForFunction(scaleIs(1.6));
  await playToEnd(page);
  await press(page, "p");
  await page.waitForFunction(() => moeLab.state().present);
  assert.match(page.url(), /present=1/);
  await press(page, "1");
  await frames(page, 2);
  let s = await state(page);
  assert.deepEqual(s.focused, ["race"]);
  // the latent-clusters alignment race: the plot gets the room, every curve is named, no label on a curve
  const r = s.view_reports[0];
  checkReport(r, s.canvas[1], true, "present");
  assert.ok(r.data[3] >= 0.25 * s.canvas[1], `the race's data area is ${r.data[3]} px high`);
  await page.screenshot({ path: join(out, "lecture-present-race.png") });
  await press(page, "v");   // next view
  assert.notDeepEqual((await state(page)).focused, ["race"]);
  // embed: one view, minimal chrome
  const { page: embed } = await openPage("?lab=latent-clusters&seed=3&embed=1&view=race");
  s = await state(embed);
  assert.equal(s.embed, true);
  assert.equal(s.view_reports.length, 1);
  assert.equal(s.view_reports[0].id, "race");
  assert.ok(s.view_reports[0].plot[3] >= 0.6 * s.canvas[1], "an embedded view fills the frame");
  await embed.screenshot({ path: join(out, "lecture-embed-race.png") });
  assert.deepEqual(errors, []);
  await embed.close();
  await page.close();
});

test("bad lecture keys in a link are messages; the run opens with what was valid", async () => {
  const { page, errors } = await openPage("?lab=patch-routing&seed=2&tour=99&view=no-such-view&scale=9&present=1");
  const s = await state(page);
  assert.equal(s.lab, "patch-routing");
  assert.equal(s.seed, "2");   // state().seed is a string: exact for every 64-bit seed
  assert.equal(s.present, true);
  assert.equal(s.tour.step, 0);
  const m = s.messages.join(" | ");
  assert.match(m, /tour=99: this lab's tour has \d+ steps/);
  assert.match(m, /view=no-such-view: no such view/);
  assert.match(m, /scale='9': give a UI scale from 0.75 to 2.5/);
  await page.evaluate(() => moeLab.command("tour=abc"));
  assert.match((await state(page)).messages.join(" "), /tour=abc: give a step number/);
  assert.deepEqual(errors, []);
  await page.close();
});

function reached(s, step) {
  if (step.until === "phase") return s.done || s.phase >= step.phase;
  if (step.until === "progress") return s.done || s.progress >= step.progress;
  if (step.until === "end") return s.done;
  return true;
}

// Every registered lab has a tour (tests/core/test_tours.cpp), and every lab's tour is played through natively, with
// the same checks, in a page as the browser serves it (tests/app/test_app_tours.cpp); here the first lab's, with
// the keyboard's real key presses, and its screenshots.
const LABS = JSON.parse(execFileSync(nativeCli, ["list", "--json"], { encoding: "utf8" })).labs.map((l) => l.id);
for (const lab of LABS.slice(0, 1)) {
  test(`the ${lab} tour runs from its link to its last step`, async () => {
    // (the tour's own seed, the page's default: its questions' answer keys are checked on it, here and natively)
    const { page, errors } = await openPage(`?lab=${lab}&present=1&scale=1.6&tour=1`);
    let s = await state(page);
    const steps = s.tour.steps;
    assert.ok(steps.length >= 4 && steps.length <= 8, `${steps.length} steps`);
    assert.ok(steps.some((t) => t.question), "the tour asks at least one question");
    for (let k = 1; k <= steps.length; ++k) {
      if (k > 1) await press(page, "ArrowRight");
      await page.waitForFunction((k) => moeLab.state().tour.step === k && !moeLab.state().playing, k, { timeout: 120000, polling: 200 });
      await frames(page, 3);
      s = await state(page);
      const step = steps[k - 1];
      if (step.question) {   // predict, then reveal: the tour waits for the class's answer
        const q = s.tour.question;
        assert.equal(q.prompt, step.question);
        assert.ok(!q.revealed && q.chosen === -1 && q.key === -1, `step ${k} asks before it runs: ${JSON.stringify(q)}`);
        assert.equal(s.tour.shown_caption, q.prompt, `step ${k} shows the question, not the caption`);
        const ids = s.controls.map((c) => c.id);
        q.answers.forEach((_, i) => assert.ok(ids.includes("button:answer-" + "abcd"[i]), `answer ${"abcd"[i]} on the canvas`));
        for (const r of s.view_reports) checkReport(r, s.canvas[1], s.view_reports.length === 1, `question of step ${k}`);
        await page.screenshot({ path: join(out, `tour-${lab}-step${k}-question.png`) });
        await press(page, "a");   // the key a answers (a); the step then runs
        await page.waitForFunction(() => moeLab.state().tour.question.revealed && !moeLab.state().playing, null, { timeout: 120000, polling: 200 });
        await frames(page, 3);
        s = await state(page);
        const r = s.tour.question;
        assert.equal(r.chosen, 0);
        assert.ok(r.key >= 0, "the key is shown once the run has answered");
        assert.equal(r.supported, r.key, `on the tour's seed the run supports the paper's answer: ${r.reveal}`);
        assert.match(r.reveal, new RegExp(`^The run answers \\(${"abcd"[r.key]}\\) `));
        assert.match(r.reveal, /The class said \(a\)/);
        assert.match(page.url(), /answer=a(&|$)/);
      }
      assert.ok(reached(s, step), `step ${k}: ${JSON.stringify(step)} not reached (phase ${s.phase}, progress ${s.progress})`);
      assert.deepEqual(s.focused, step.views, `step ${k} focuses its views`);
      assert.equal(s.tour.shown_caption, step.caption, `step ${k} shows its caption`);
      assert.match(step.claim, /(Theorem|Lemma|Table|Fig|Def|Remark|Prop|Algorithm|eq\.|§)/, `step ${k}'s claim cites the paper`);
      assert.match(page.url(), new RegExp(`tour=${k}(&|$)`));
      for (const r of s.view_reports) checkReport(r, s.canvas[1], s.view_reports.length === 1, `tour step ${k}`);
      await page.screenshot({ path: join(out, `tour-${lab}-step${k}.png`) });
    }
    // a lecturer's link opens exactly at a step: the same focus, caption and run state
    const { page: copy } = await openPage(page.url().slice(page.url().indexOf("?")));
    await copy.waitForFunction(() => !moeLab.state().playing, null, { timeout: 120000, polling: 200 });
    await frames(copy, 3);
    const c = await state(copy);
    assert.equal(c.tour.step, steps.length);
    assert.deepEqual(c.focused, s.focused);
    assert.equal(c.tour.shown_caption, s.tour.shown_caption);
    assert.equal(c.preset, s.preset);
    assert.deepEqual(c.metrics, s.metrics);
    // back one step with the left arrow; Escape ends the tour
    await press(page, "ArrowLeft");
    await page.waitForFunction((k) => moeLab.state().tour.step === k && !moeLab.state().playing, steps.length - 1, { timeout: 120000, polling: 200 });
    assert.deepEqual((await state(page)).focused, steps[steps.length - 2].views);
    await press(page, "Escape");
    await page.waitForFunction(() => moeLab.state().tour.step === 0);
    assert.deepEqual(errors, []);
    await copy.close();
    await page.close();
  });
}


test("png=N saves a view as a decodable PNG at twice its size on screen", async () => {
  const { page, errors } = await openPage("?lab=cluster-experts&seed=3&scale=1.6");
  await page.waitForFunction(scaleIs(1.6));
  await playToEnd(page);
  await command(page, "view=0");
  const before = await state(page);
  const box = before.view_reports[0].plot;
  await page.evaluate(() => moeLab.command("png=0"));
  await page.waitForFunction(() => !moeLab.state().export.pending && moeLab.lastPng, null, { timeout: 30000 });
  const s = await state(page);
  const file = await page.evaluate(() => ({ name: moeLab.lastPng.file, bytes: Array.from(moeLab.lastPng.bytes) }));
  const png = decodePng(Buffer.from(file.bytes));
  assert.equal(file.name, s.export.file);
  assert.match(file.name, /^cluster-experts-accuracy-seed3\.png$/);
  assert.equal(png.width, s.export.width);
  assert.equal(png.height, s.export.height);
  assert.equal(png.width, 2 * Math.floor(box[2]), "twice the view's width on screen");
  assert.ok(png.height >= 2 * box[3], "twice the view's height on screen (plus title and footer)");
  assert.equal(png.raw.length, png.height * (1 + 4 * png.width), "RGBA rows, each with its filter byte");
  assert.ok(Math.abs(s.ui_scale - 1.6) < 1e-3, "the UI scale is restored after the export");
  (await import("node:fs")).writeFileSync(join(out, file.name), Buffer.from(file.bytes));
  // a bad view number is a message, not a crash
  await page.evaluate(() => moeLab.command("png=99"));
  assert.match((await state(page)).messages.join(" "), /png=99/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the desktop app refuses unknown flags and writes --screenshot and png=N under Xvfb", { skip: !existsSync("/usr/bin/xvfb-run") }, () => {
  const desktop = join(root, "build", "native", "moe-lab-desktop");
  assert.ok(existsSync(desktop), "build the desktop app: cmake --preset native -DMOE_BUILD_UI=ON");
  const bad = spawnSync(desktop, ["--screenshot-after"], { encoding: "utf8" });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /unknown option '--screenshot-after'/);
  const dir = mkdtempSync(join(tmpdir(), "moe-desktop-"));
  const shot = join(dir, "window.png");
  execFileSync("xvfb-run", ["-a", "-s", "-screen 0 1280x720x24", desktop, "lab=patch-routing&present=1&scale=1.6", "--frames", "30",
                            "--command", "png=0", "--screenshot", shot], { cwd: dir, encoding: "utf8", timeout: 120000 });
  const win = decodePng(readFileSync(shot));
  assert.equal(win.width, 1280);
  assert.equal(win.height, 720);
  const view = decodePng(readFileSync(join(dir, "patch-routing-sample_complexity-seed1.png")));
  assert.ok(view.width >= 1000 && view.height >= 400, `${view.width}×${view.height}`);
});
