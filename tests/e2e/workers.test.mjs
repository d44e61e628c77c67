// Sweeps in the page's Web Workers: every lab with sweeps, and one without (from `moe-lab list --json`, at its sizes
// with two or more repetitions in every sweep), plays to the end with workers=0 and with workers=2 and gives the same
// metrics and the same view data; with a sweep, state().workers shows that the workers ran jobs (a silent fallback fails).
// Workers that load late join the run already playing. A reset or a change of lab mid-sweep leaves no stale result; a page whose workers cannot load says so in
// state() and still plays to the same numbers on its main thread. In compare mode run B runs in a worker of its
// own, paced by A (the first lab here; every lab natively): A and B end with the same numbers and views as on the
// main thread, and a B worker that sends bytes the page cannot read hands B back to the page, which replays it to the
// same numbers; B's worker routes the class's text (the link's, and one typed later).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { openPage, openDevice, baseUrl, state, nativeCli, finish } from "./harness.mjs";

const LABS = JSON.parse(execFileSync(nativeCli, ["list", "--json"], { encoding: "utf8" })).labs.map((l) => ({
  id: l.id,
  link: `lab=${l.id}&preset=${l.presets[0]}&` + Object.entries(l.sweeps).map(([k, v]) => `${k}=${v}`).join("&"),
  sweeps: JSON.stringify(l.sweeps) !== JSON.stringify(l.quick),   // it declares larger sizes for its sweeps
  // compare mode at the quick size: the first named comparison that needs no preset of its own
  compare: `lab=${l.id}&preset=${l.presets[0]}&` + Object.entries(l.quick).map(([k, v]) => `${k}=${v}`).join("&") +
    Object.entries((l.comparisons.find((c) => c.preset === "") || { b: {} }).b).map(([k, v]) => `&b.${k}=${v}`).join(""),
}));

// The numbers and the views' data do not depend on the page's size: a quarter of the pixels to draw (20 % less CPU).
const NUMBERS_ONLY = { width: 640, height: 360 };

// Everything the page shows of a finished run: its metrics and every view's data tables.
const finalData = (page) => page.evaluate(() => {
  const s = moeLab.state();
  const tables = [];
  for (let n = 0; n < s.views; ++n) tables.push(moeLab.table(n));
  return { metrics: s.metrics, failure: s.failure, tables, b: s.compare && s.compare.metrics };
});

// The link played to the end on the page's main thread alone: what a run with workers must equal.
async function reference(link) {
  const { page } = await openPage(`?${link}&workers=0`, NUMBERS_ONLY);
  await finish(page);
  const data = await finalData(page);
  await page.close();
  return data;
}

// n workers ready, and following the run when it has repetitions for them (a run without opens in no worker).
const waitForWorkers = (page, n) =>
  page.waitForFunction((n) => {
    const w = moeLab.state().workers;
    return w.ready === n && w.connected === w.elsewhere_s > 0;
  }, n, { timeout: 30000 });

// The labs with sweeps, and one without (the workers stay out of its run)
const firstWithout = LABS.find((l) => !l.sweeps);
for (const lab of LABS.filter((l) => l.sweeps || l === firstWithout)) {
  test(`${lab.id}: the same metrics and views with workers=0 and with 2 workers${lab.sweeps ? ", which ran jobs" : ""}`, async () => {
    const alone = await openPage(`?${lab.link}&seed=5&workers=0`, NUMBERS_ONLY);
    let s = await state(alone.page);
    assert.deepEqual(s.messages, []);
    assert.equal(s.workers.ready, 0);
    assert.equal(s.workers.connected, false);
    await finish(alone.page);
    const expected = await finalData(alone.page);
    s = await state(alone.page);
    assert.equal(s.workers.jobs, 0);
    await alone.page.close();

    const { page, errors } = await openPage(`?${lab.link}&seed=5&workers=2`, NUMBERS_ONLY);
    await waitForWorkers(page, 2);
    s = await state(page);
    assert.ok(page.url().includes("workers=2"), `the link keeps workers=2: ${page.url()}`);
    const t0 = Date.now();
    await finish(page);
    const got = await finalData(page);
    s = await state(page);
    console.log(`# ${lab.id}: ${s.workers.repetitions} repetitions, ${s.workers.jobs} jobs in workers, ${Date.now() - t0} ms`);
    assert.equal(got.failure, "");
    assert.deepEqual(got.metrics, expected.metrics);
    assert.deepEqual(got.tables, expected.tables);
    assert.equal(s.workers.connected, lab.sweeps, "the workers follow exactly the runs with sweeps");
    if (lab.sweeps) {
      assert.ok(s.workers.repetitions > 0, `${lab.id}: no repetition went to a worker ${JSON.stringify(s.workers)}`);
      assert.ok(s.workers.jobs > 0, `${lab.id}: the workers ran no job ${JSON.stringify(s.workers)}`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test("a reset or another lab mid-sweep: no stale result reaches the new run", async () => {
  const pr = LABS.find((l) => l.id === "patch-routing");
  const expected = await reference(`${pr.link}&seed=8`);

  const { page, errors } = await openPage(`?${pr.link}&seed=7&workers=2`, NUMBERS_ONLY);
  await waitForWorkers(page, 2);
  const cmd = (c) => page.evaluate((c) => moeLab.command(c), c);
  const midSweep = async () => {
    assert.equal(await cmd("play"), "");
    await page.waitForFunction(() => moeLab.state().workers.repetitions > 0, null, { timeout: 120000, polling: 50 });
  };
  await midSweep();
  let s = await state(page);
  const run = s.workers.run;
  assert.equal(await cmd("seed=8"), "");   // a new run while the workers still work on the old one
  s = await state(page);
  assert.ok(s.workers.run > run, "a new run id");
  assert.equal(s.workers.jobs, 0);
  await finish(page);
  const got = await finalData(page);
  assert.deepEqual(got.metrics, expected.metrics);
  assert.deepEqual(got.tables, expected.tables);
  // another lab mid-sweep, and back: the same numbers again
  assert.equal(await cmd("seed=7"), "");
  await midSweep();
  assert.equal(await cmd("lab=gated-regression"), "");
  assert.equal(await cmd("lab=patch-routing"), "");
  for (const kv of pr.link.split("&").slice(2)) assert.equal(await cmd(`set=${kv}`), "");
  assert.equal(await cmd("seed=8"), "");
  await finish(page);
  assert.deepEqual((await finalData(page)).metrics, expected.metrics);
  assert.ok((await state(page)).workers.jobs > 0, "the workers ran the last run's jobs");
  assert.deepEqual(errors, []);
  await page.close();
});

test("workers=auto: a run without sweeps never fetches the workers' module; a lecture with a sweep does", async () => {
  for (const [lab, fetched] of [["cluster-experts", false], ["latent-clusters", false], ["patch-routing", true]]) {
    const urls = [];
    const { context, page } = await openDevice({ viewport: NUMBERS_ONLY }, `?lab=${lab}`, baseUrl(),
      (c) => c.on("request", (r) => urls.push(r.url())));
    await page.waitForFunction(() => navigator.serviceWorker.ready);   // (its own fetches done)
    const s = await state(page);
    if (fetched) await page.waitForFunction(() => moeLab.state().workers.ready > 0, null, { timeout: 30000 });
    const worker = urls.filter((u) => u.includes("moe-lab-worker.wasm")).length > 0;
    assert.equal(worker, fetched, `${lab}: ${JSON.stringify(s.workers)} ${urls.join(" ")}`);
    assert.equal(s.workers.requested, "auto");
    await context.close();
  }
});

test("workers that load late join the run already playing, take its next repetitions, and the numbers are the same",
     async () => {
  const link = "lab=gated-regression&seed=4";   // the default preset: a run of a few seconds here
  const expected = await reference(link);
  // the workers' module arrives 1 s late (a slow network): Play is pressed at once, with the default workers=auto
  const { context, page } = await openDevice({ viewport: NUMBERS_ONLY, serviceWorkers: "block" },
    `?${link}`, baseUrl(), (c) => c.route("**/moe-lab-worker.wasm", (r) => setTimeout(() => r.continue(), 1000)));
  assert.equal(await page.evaluate(() => moeLab.command("play")), "");
  await page.waitForFunction(() => moeLab.state().workers.connected || moeLab.state().done, null,
                             { timeout: 60000, polling: 20 });
  const joined = await state(page);
  assert.ok(joined.progress > 0 && !joined.done, `the run was playing when they joined (${joined.progress})`);
  await finish(page);
  const s = await state(page);
  assert.ok(s.workers.jobs > 0, `they ran jobs of the run they joined ${JSON.stringify(s.workers)}`);
  assert.deepEqual((await finalData(page)).metrics, expected.metrics);
  await context.close();
});

test("workers that cannot load: state() says so, and the page plays to the same numbers on its main thread", async () => {
  const pr = LABS.find((l) => l.id === "patch-routing");
  const expected = await reference(`${pr.link}&seed=9`);

  // a context of its own without the offline copy (sw.js would serve the module from its cache)
  const { context, page } = await openDevice({ viewport: NUMBERS_ONLY, serviceWorkers: "block" },
    `?${pr.link}&seed=9&workers=2`, baseUrl(),
    (c) => c.route("**/moe-lab-worker.wasm", (r) => r.fulfill({ status: 404, body: "gone" })));
  await page.waitForFunction(() => moeLab.state().workers.note.includes("did not load"), null, { timeout: 30000 });
  const s = await state(page);
  assert.equal(s.workers.ready, 0);
  assert.equal(s.workers.connected, false);
  await finish(page);
  assert.deepEqual((await finalData(page)).metrics, expected.metrics);
  assert.equal((await state(page)).workers.jobs, 0);
  for (const bad of ["workers=17", "workers=-1", "workers=two"])
    assert.match(await page.evaluate((c) => moeLab.command(c), bad), /whole number from 0 to 16/, bad);
  await context.close();
});

// The first lab's comparison (every lab's B paced from another process, through the messages its worker exchanges, is
// checked natively: "every lab: compare mode's run B paced from another process" in tests/labs/test_all_labs.cpp)
for (const lab of LABS.slice(0, 1)) {
  test(`${lab.id}: compare mode's run B in a worker of its own ends as on the main thread`, async () => {
    const alone = await openPage(`?${lab.compare}&seed=6&workers=0`, NUMBERS_ONLY);
    let s = await state(alone.page);
    assert.deepEqual(s.messages, []);
    assert.ok(s.compare, "the link opened a comparison");
    assert.equal(s.compare.worker, false);
    await finish(alone.page);   // (on the main thread: skip=end's numbers are Play's)
    const expected = await finalData(alone.page);
    await alone.page.close();

    const { page, errors } = await openPage(`?${lab.compare}&seed=6&workers=2`, NUMBERS_ONLY);
    await waitForWorkers(page, 2);
    await page.waitForFunction(() => moeLab.state().compare.worker, null, { timeout: 10000 });
    const t0 = Date.now();
    await finish(page);
    s = await state(page);
    console.log(`# ${lab.id} compare: ${Date.now() - t0} ms, B in its worker: ${s.compare.worker}`);
    assert.equal(s.compare.worker, true, "B ran in its worker to the end");
    assert.equal(s.compare.failure, "");
    const got = await finalData(page);
    assert.deepEqual(got.metrics, expected.metrics);
    assert.deepEqual(got.b, expected.b);
    assert.deepEqual(got.tables, expected.tables);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

// The class's text reaches B's worker: with the link that opens B, and typed later (the message text-b), B's
// class-text table routes it (its tokens: words the lab's vocabulary lacks, so that no other view has them).
test("compare mode: run B in its worker routes the class's text, the link's and one typed later", async () => {
  const lab = LABS.find((l) => l.id === "token-routing");
  const { page, errors } = await openPage(`?${lab.compare}&seed=2&workers=1&text=the%20zebra%20sees`, NUMBERS_ONLY);
  await waitForWorkers(page, 1);
  await page.waitForFunction(() => moeLab.state().compare.worker, null, { timeout: 10000 });
  // B's tokens in the page's tables: the merged views' B panels ("B: …")
  const bRoutes = (word) => page.waitForFunction((word) => {
    for (let n = 0; n < moeLab.state().views; ++n)
      for (const t of moeLab.table(n) || [])
        if (t.caption.startsWith("B: ") && t.rows.some((r) => r[0] === word)) return true;
    return false;
  }, word, { timeout: 10000, polling: 100 });
  await bRoutes("zebra");
  assert.equal(await page.evaluate(() => moeLab.command("text=the quokka sees")), "");
  await bRoutes("quokka");
  assert.equal((await state(page)).compare.worker, true, "B stayed in its worker");
  assert.deepEqual(errors, []);
  await page.close();
});

test("compare mode: pausing stops B's worker at A; a B worker the page cannot read hands B back to the page", async () => {
  const lab = LABS.find((l) => l.id === "latent-clusters");
  const expected = await reference(`${lab.compare}&seed=2`);

  const { page, errors } = await openPage(`?${lab.compare}&seed=2&workers=1`, NUMBERS_ONLY);
  await waitForWorkers(page, 1);
  await page.waitForFunction(() => moeLab.state().compare.worker, null, { timeout: 10000 });
  const cmd = (c) => page.evaluate((c) => moeLab.command(c), c);
  assert.equal(await cmd("play"), "");
  await page.waitForFunction(() => moeLab.state().progress > 0.3, null, { timeout: 120000, polling: 100 });
  assert.equal(await cmd("pause"), "");
  // paused: B catches up with A and stops there (within one of its slices)
  await page.waitForFunction(() => { const s = moeLab.state(); return s.compare.progress >= s.progress; }, null,
    { timeout: 60000, polling: 100 });
  let s = await state(page);
  await page.waitForTimeout(500);
  const later = await state(page);
  assert.equal(later.compare.progress, s.compare.progress, "B's worker stopped while paused");
  assert.ok(s.compare.progress - s.progress < 0.2, `B stopped near A: ${s.compare.progress} vs ${s.progress}`);
  // bytes that are not a snapshot, as if from B's worker
  await page.evaluate((run) => {
    const p = Module._malloc(5);
    Module.HEAPU8.set([1, 2, 3, 4, 5], p);
    Module._moe_run_b_snapshot(run, p, 5);
    Module._free(p);
  }, s.compare.run);
  s = await state(page);
  assert.equal(s.compare.worker, false);
  assert.equal(s.compare.progress, 0, "B starts again on the page");
  assert.ok(s.messages.some((m) => m.includes("run B's worker stopped")), JSON.stringify(s.messages));
  await finish(page);
  const got = await finalData(page);
  assert.deepEqual(got.metrics, expected.metrics);
  assert.deepEqual(got.b, expected.b);
  assert.deepEqual(got.tables, expected.tables);
  assert.deepEqual(errors, []);
  await page.close();
});
