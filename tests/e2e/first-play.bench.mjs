// A benchmark, not a test (node --test runs *.test.mjs only): the first Play after opening a link, as a lecture starts.
// For every lab's default preset (the labs from the CLI's list), the page opens the link and Play is pressed as soon
// as the page is ready (its workers, if any, still loading), with every sweep on the main thread (workers=0) and with
// the default (workers=auto: where they pay, src/app/frame/workers.hpp); three rounds, the two interleaved and which goes
// first alternating (this machine is shared), the median of each. Where the default starts no workers the page is
// the same as with workers=0, and the difference is the machine's noise. The page's clock: state().run_ms, the frames' time from Play until done. The metrics
// must be the same with and without workers.
//   node --test tests/e2e/first-play.bench.mjs        (prints a table; docs/speed.md)
import { test } from "node:test";
import assert from "node:assert";
import { execFileSync } from "node:child_process";
import { openPage, state, nativeCli } from "./harness.mjs";

const ROUNDS = 3;
const LABS = process.env.MOE_BENCH_LABS ? process.env.MOE_BENCH_LABS.split(" ") :
  JSON.parse(execFileSync(nativeCli, ["list", "--json"], { encoding: "utf8" })).labs.map((l) => l.id);

async function firstPlay(lab, workers) {
  const { page } = await openPage(`?lab=${lab}${workers}`);
  await page.evaluate(() => moeLab.command("play"));
  await page.waitForFunction(() => moeLab.state().done, null, { timeout: 600000, polling: 250 });
  const s = await state(page);
  await page.close();
  return s;
}

const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

test("the first Play after a link, with workers=0 and with the default", { timeout: 3600000 }, async () => {
  await firstPlay(LABS[0], "&workers=0");   // unmeasured: the browser's first page
  const rows = [];
  for (const lab of LABS) {
    const none = [], auto = [];
    let a, b;
    for (let r = 0; r < ROUNDS; ++r) {   // (which goes first alternates: the machine drifts)
      const first = r % 2 ? "" : "&workers=0", second = r % 2 ? "&workers=0" : "";
      const x = await firstPlay(lab, first), y = await firstPlay(lab, second);
      [a, b] = r % 2 ? [y, x] : [x, y];
      none.push(a.run_ms);
      auto.push(b.run_ms);
      assert.deepStrictEqual(b.metrics, a.metrics, `${lab}: the same metrics with and without workers`);
    }
    // the median, and the best round (the machine's other load only ever adds time)
    const s = (v) => `${(median(v) / 1000).toFixed(2)} s (${(Math.min(...v) / 1000).toFixed(2)} s)`;
    const w = b.workers;
    rows.push(`| ${lab} | ${s(none)} | ${s(auto)} | ${(median(none) / median(auto)).toFixed(2)}× ` +
              `(${(Math.min(...none) / Math.min(...auto)).toFixed(2)}×) | ` +
              `${w.ready ? `${w.ready} (${w.jobs} jobs)` : "none: the same page"} | ${w.elsewhere_s.toFixed(2)} s |`);
    console.log(rows[rows.length - 1], JSON.stringify({ none, auto, workers: w }));
  }
  console.log(["| lab (default preset) | workers=0: median (best) | default | speed-up | workers (jobs they ran) | " +
               "work they could take (plan, native) |", "|---|---|---|---|---|---|", ...rows].join("\n"));
});
