// A benchmark, not a test (node --test runs *.test.mjs only): Play to done in the page for the presets with the
// largest sweeps, and compare mode (run B in a worker of its own whenever there are workers), with every sweep on
// the main thread (workers=0) and with 1 and 3 Web Workers, alternating
// rounds (this machine is shared), the median of each. The page's own clock: state().run_ms, the frames' time
// from Play until done (state() is polled every 250 ms only: building it takes the main thread's time).
//   node --test tests/e2e/workers-speed.bench.mjs        (prints a table; docs/speed.md)
//   MOE_BENCH_ONLY="lab=…&… lab=…" node --test tests/e2e/workers-speed.bench.mjs   (those links only)
import { test } from "node:test";
import { openPage, state } from "./harness.mjs";

const ROUNDS = 3;
const CASES = process.env.MOE_BENCH_ONLY ? process.env.MOE_BENCH_ONLY.split(" ") : [
  "lab=patch-routing&preset=lecture",
  "lab=gated-regression&preset=lecture",
  "lab=expert-pruning&preset=lecture",
  "lab=latent-clusters&preset=lecture&compare=router-off",
  "lab=gated-regression&preset=lecture&compare=relaxed",
  ...(process.env.MOE_BENCH_EXTRA ? process.env.MOE_BENCH_EXTRA.split(" ") : []),
];

async function playToDone(link, workers) {
  const { page } = await openPage(`?${link}&workers=${workers}`);
  if (workers > 0)
    await page.waitForFunction((n) => {   // ready, and following the run when it has repetitions for them
      const w = moeLab.state().workers;
      return w.ready === n && w.connected === w.elsewhere_s > 0;
    }, workers, { timeout: 60000 });
  await page.evaluate(() => moeLab.command("play"));
  await page.waitForFunction(() => moeLab.state().done, null, { timeout: 600000, polling: 250 });
  const s = await state(page);
  const ms = s.run_ms;
  await page.close();
  if (s.compare && s.compare.worker !== workers > 0) throw new Error(`${link}: B's worker ${s.compare.worker}`);
  return { ms, jobs: s.workers.jobs, metrics: s.metrics };
}

const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

test("Play to done with and without Web Workers", { timeout: 3600000 }, async () => {
  const rows = [];
  for (const link of CASES) {
    const t = { 0: [], 1: [], 3: [] };
    let jobs = {};
    for (let r = 0; r < ROUNDS; ++r)
      for (const w of [0, 1, 3]) {
        const got = await playToDone(link, w);
        t[w].push(got.ms);
        jobs[w] = got.jobs;
      }
    rows.push(`| ${link} | ${(median(t[0]) / 1000).toFixed(2)} s | ${(median(t[1]) / 1000).toFixed(2)} s (${jobs[1]} jobs) | ` +
              `${(median(t[3]) / 1000).toFixed(2)} s (${jobs[3]} jobs) |`);
    console.log(rows[rows.length - 1], JSON.stringify(t));
  }
  console.log(["| link | workers=0 | 1 worker | 3 workers |", "|---|---|---|---|", ...rows].join("\n"));
});
