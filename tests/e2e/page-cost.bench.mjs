// A benchmark, not a test (node --test runs *.test.mjs only): what the page costs over the engine under it. For
// every lab's default preset (the labs from the CLI's list), Play to done in the page with every sweep on the main
// thread (workers=0) at full speed, against the WebAssembly CLI's compute for the same run on one thread (`bench`),
// alternating rounds (this machine is shared), the median of each. The page's clock: state().run_ms, the frames'
// time from Play until done; with it the frames drawn and the training time of a frame at full speed.
//   node --test tests/e2e/page-cost.bench.mjs        (prints a table; docs/speed.md)
//   MOE_BENCH_LABS="token-routing" node --test tests/e2e/page-cost.bench.mjs    (some labs only)
import { test } from "node:test";
import assert from "node:assert";
import { execFileSync } from "node:child_process";
import { openPage, state, nativeCli, wasmCli, cliRun } from "./harness.mjs";

const ROUNDS = 3;
const LABS = process.env.MOE_BENCH_LABS ? process.env.MOE_BENCH_LABS.split(" ") :
  JSON.parse(execFileSync(nativeCli, ["list", "--json"], { encoding: "utf8" })).labs.map((l) => l.id);
const wasm = ["node", "--no-experimental-fetch", wasmCli];

async function page(lab) {
  const { page } = await openPage(`?lab=${lab}&workers=0`);
  await page.evaluate(() => moeLab.command("play"));
  await page.waitForFunction(() => moeLab.state().done, null, { timeout: 600000, polling: 250 });
  const s = await state(page);
  await page.close();
  return s;
}

// The CLI's compute for the run: bench's "total" line (seconds), on one thread.
function engine(lab) {
  const text = execFileSync(wasm[0], [...wasm.slice(1), "bench", "--lab", lab, "--jobs", "1"], { encoding: "utf8" });
  return 1000 * Number(/^\s*total\s+([0-9.]+)/m.exec(text)[1]);
}

const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

test("the page's Play to done against the engine's compute, every lab's default preset", { timeout: 3600000 }, async () => {
  const rows = [];
  for (const lab of LABS) {
    const p = [], e = [];
    let last;
    for (let r = 0; r < ROUNDS; ++r) {
      last = await page(lab);
      p.push(last.run_ms);
      e.push(engine(lab));
    }
    // the same run: the page's metrics are the CLI's
    const cli = cliRun(wasm, ["--lab", lab]).metrics;
    for (const [k, v] of Object.entries(cli))
      if (typeof v === "number" && Number.isFinite(v)) assert.strictEqual(last.metrics[k], v, `${lab} ${k}`);
    const P = median(p), E = median(e);
    rows.push(`| ${lab} | ${(P / 1000).toFixed(2)} s | ${(E / 1000).toFixed(2)} s | ${(P / E).toFixed(2)}× | ` +
              `${last.frames_while_running} | ${((P - E) / Math.max(1, last.frames_while_running)).toFixed(1)} ms |`);
    console.log(rows[rows.length - 1], JSON.stringify({ page: p, engine: e, longest_frame_ms: last.longest_frame_ms }));
  }
  console.log(["| lab (default preset) | page, Play to done | engine (WebAssembly CLI, 1 thread) | page / engine | " +
               "frames | the rest per frame |", "|---|---|---|---|---|---|", ...rows].join("\n"));
});
