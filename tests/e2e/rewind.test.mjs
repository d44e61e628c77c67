// Rewind: the first lab (from `moe-lab list --json`, at its quick size; every lab natively, with the same checks:
// tests/app/test_app_rewind.cpp) is paused twice while it plays; the
// test dumps every view's data tables at those moments itself (moeLab.table, not the snapshots), plays to the end
// and rewinds. Each moment shows the data the views showed live then (line plots: the whole curve, with a cursor
// at the moment), the two moments differ, rewind=off returns to the end, and the link the page writes reopens
// the moment. The heaviest preset's memory with rewind stays within the stated budget of what it is without.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { openPage, state, out, nativeCli } from "./harness.mjs";

const LABS = JSON.parse(execFileSync(nativeCli, ["list", "--json"], { encoding: "utf8" })).labs.map((l) => ({
  id: l.id,
  link: `lab=${l.id}&preset=${l.presets[0]}&` + Object.entries(l.quick).map(([k, v]) => `${k}=${v}`).join("&"),
}));

const tables = (page) => page.evaluate(() => {
  const all = [];
  for (let n = 0; n < moeLab.state().views; ++n) all.push(moeLab.table(n));
  return all;
});
const cmd = (page, c) => page.evaluate((c) => moeLab.command(c), c);

// Plays until progress reaches `at` and pauses there (to=F): that moment's progress and tables.
async function pauseAfter(page, at) {
  assert.equal(await cmd(page, `to=${at}`), "");
  await page.waitForFunction(() => !moeLab.state().playing, null, { timeout: 120000, polling: 50 });
  const s = await state(page);
  return { progress: s.progress, tables: await tables(page) };
}

// A rewound view's tables: a line plot (a "moment" cursor among its notes) shows its whole curve, as at the end;
// every other table is what the views showed at that moment. (A grid of small multiples with a line plot among
// them: each of its tables is one or the other.)
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
function checkRewound(shown, then, end, where) {
  assert.equal(shown.length, then.length, where);
  let lines = 0;
  for (let n = 0; n < shown.length; ++n) {
    const cursor = shown[n].some((t) => t.notes.some((x) => x.includes("moment (")));
    if (!cursor) {
      assert.deepEqual(shown[n], then[n], `${where}: view ${n} as it was`);
      continue;
    }
    ++lines;
    for (let t = 0; t < shown[n].length; ++t)
      assert.ok(same(shown[n][t].rows, end[n][t].rows) || same(shown[n][t], then[n][t]),
                `${where}: view ${n} table ${t}: the whole curve or as it was`);
  }
  return lines;
}

// (every lab's rewinding: natively, tests/app/test_app_rewind.cpp; here the first lab's, in Chromium)
for (const lab of LABS.slice(0, 1)) {
  test(`${lab.id}: rewinding a finished run shows each moment as it was, and the link reopens it`, async () => {
    const { page, errors } = await openPage(`?${lab.link}&seed=3&workers=0`);
    const first = await pauseAfter(page, 0.35);
    const second = await pauseAfter(page, 0.7);
    assert.ok(second.progress > first.progress);
    if (!(await state(page)).done) assert.equal(await cmd(page, "play"), "");   // (a quick run's slice may end it)
    await page.waitForFunction(() => moeLab.state().done, null, { timeout: 240000, polling: 100 });
    const end = await tables(page);
    let s = await state(page);
    console.log(`# ${lab.id}: ${s.rewind.moments} moments, ${(s.rewind.bytes / 1048576).toFixed(2)} MiB`);
    assert.ok(s.rewind.moments >= 3);
    assert.ok(s.rewind.bytes <= s.rewind.budget);

    assert.equal(await cmd(page, `rewind=${first.progress}`), "");
    s = await state(page);
    assert.equal(s.rewind.shown, first.progress);
    const atFirst = await tables(page);
    const lines = checkRewound(atFirst, first.tables, end, `${lab.id} at ${first.progress}`);
    assert.ok(page.url().includes(`rewind=${first.progress}`), page.url());
    await page.screenshot({ path: join(out, `rewind-${lab.id}.png`) });

    assert.equal(await cmd(page, `rewind=${second.progress}`), "");
    const atSecond = await tables(page);
    checkRewound(atSecond, second.tables, end, `${lab.id} at ${second.progress}`);
    assert.notDeepEqual(atFirst, atSecond, "two moments show different data");
    assert.equal(await cmd(page, "key=["), "");   // a moment back
    assert.ok((await state(page)).rewind.shown < second.progress);

    assert.equal(await cmd(page, "rewind=off"), "");
    s = await state(page);
    assert.equal(s.rewind.shown, null);
    assert.deepEqual(await tables(page), end, "rewind=off: the end again");
    assert.ok(!page.url().includes("rewind="), page.url());
    console.log(`# ${lab.id}: ${lines} line views with a cursor`);

    // the link of a rewound page: the run plays to its end and shows that moment
    assert.equal(await cmd(page, `rewind=${first.progress}`), "");
    const link = new URL(page.url()).search;
    const again = await openPage(link);
    await again.page.waitForFunction(() => moeLab.state().rewind.shown !== null, null, { timeout: 240000, polling: 100 });
    const r = await state(again.page);
    assert.ok(Math.abs(r.rewind.shown - first.progress) < 0.02, `reopened at ${r.rewind.shown}, written at ${first.progress}`);
    assert.deepEqual(r.messages, []);
    await again.page.close();
    for (const bad of ["rewind=2", "rewind=soon"])
      assert.match(await cmd(page, bad), /progress from 0 to 1/, bad);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test("a rewound run goes live again on Play; Step leaves rewind; reset forgets the moments", async () => {
  const lab = LABS[0];
  const { page } = await openPage(`?${lab.link}&seed=4&workers=0`);
  assert.match(await cmd(page, "rewind=0.5"), /play first/);
  await pauseAfter(page, 0.5);
  assert.equal(await cmd(page, "rewind=0.1"), "");
  assert.notEqual((await state(page)).rewind.shown, null);
  assert.equal(await cmd(page, "step"), "");
  assert.equal((await state(page)).rewind.shown, null, "a step trains on from the live run");
  assert.equal(await cmd(page, "rewind=0.1"), "");
  assert.equal(await cmd(page, "play"), "");
  assert.equal((await state(page)).rewind.shown, null, "play goes live");
  assert.equal(await cmd(page, "reset"), "");
  assert.equal((await state(page)).rewind.moments, 1, "a new run keeps only its start");
  await page.close();
});

// The page's memory (the WebAssembly heap, which only grows: its peak) after a whole run with rewind's moments and
// without (history=0), for the preset whose moments take the most memory (measured: gated-regression's Lecture,
// ~150 kB a moment, against latent-clusters' ~90 kB; the others less). The page takes a moment every 1/400 of the
// run at most once a frame, so here (40 frames of Play, then skip=end's slices) it keeps tens of moments; the
// thinning that holds the budget for longer runs is tested in tests/core/test_rewind.cpp.
for (const link of ["lab=gated-regression&preset=lecture"]) {
  test(`${link}: memory with rewind stays within its stated budget of the same run without`, async () => {
    const heap = async (history) => {
      const { page } = await openPage(`?${link}&seed=2&workers=0&history=${history}`);
      // Play for 40 frames (a moment a frame at most), then on at full speed with skip=end (a moment each long
      // slice): the moments of a run played and skipped, the run's own memory whole
      assert.equal(await cmd(page, "play"), "");
      await page.waitForFunction(() => moeLab.state().frames_while_running >= 40 || moeLab.state().done, null,
                                 { timeout: 120000, polling: 50 });
      await page.evaluate(() => { if (!moeLab.state().done) moeLab.command("skip=end"); });
      await page.waitForFunction(() => moeLab.state().done, null, { timeout: 300000, polling: 250 });
      const s = await state(page);
      const bytes = await page.evaluate(() => Module.HEAPU8.length);
      await page.close();
      return { bytes, rewind: s.rewind };
    };
    const without = await heap(0), withIt = await heap(1);
    const MiB = (b) => (b / 1048576).toFixed(1) + " MiB";
    console.log(`# ${link}: heap ${MiB(without.bytes)} without, ${MiB(withIt.bytes)} with ${withIt.rewind.moments} ` +
                `moments of ${MiB(withIt.rewind.bytes)} (budget ${MiB(withIt.rewind.budget)})`);
    assert.equal(without.rewind.moments, 0);
    assert.ok(withIt.rewind.bytes <= withIt.rewind.budget);
    assert.ok(withIt.rewind.moments >= 10, "enough moments to scrub through");
    // the heap grows in steps (and a thinning holds the old and new lists of moments briefly): 1/4 of it more
    assert.ok(withIt.bytes - without.bytes <= withIt.rewind.budget * 1.25,
              `grew by ${MiB(withIt.bytes - without.bytes)}`);
  });
}
