// A benchmark, not a test (node --test runs *.test.mjs only): the page's frame time with fields and heatmaps
// drawn by the shaders (gpu=1) against one ImGui rectangle per cell (gpu=0), under the browser tests' software
// WebGL (SwiftShader). For each lab, at the end of its lecture run, for each view that shows a field or a
// heatmap (enlarged, UI scale 1.6, at density 1 and 2): the mean time of a frame drawn by a command and read
// back (gl.readPixels waits for the GPU), after warm-up frames, the best of alternating rounds.
//   node --test tests/e2e/drawing-speed.bench.mjs        (prints a table; docs/speed.md, "Drawing fields and heatmaps")
import { test } from "node:test";
import { openDevice, state } from "./harness.mjs";

const FRAMES = 8, ROUNDS = 3;   // the best of 3 alternating rounds of 8 frames each: this machine is shared

async function frameMs(page, view, gpu) {
  return page.evaluate(([view, gpu, n]) => {
    moeLab.command("gpu=" + gpu);
    const gl = document.querySelector("canvas").getContext("webgl2");
    const px = new Uint8Array(4);
    const one = () => { moeLab.command("view=" + view); gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px); };
    for (let i = 0; i < 3; ++i) one();   // warm-up: the texture and programs exist, the fonts are cached
    const t0 = performance.now();
    for (let i = 0; i < n; ++i) one();
    return (performance.now() - t0) / n;
  }, [view, gpu, FRAMES]);
}

test("frame time: shaders against rectangles", { timeout: 3600000 }, async () => {
  const rows = [];
  for (const density of [1, 2]) {
    const { context, page } = await openDevice({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: density }, "?scale=1.6");
    for (const lab of (await state(page)).labs) {
      await page.evaluate((l) => moeLab.command("query=lab=" + l + "&scale=1.6"), lab);
      await page.evaluate(() => moeLab.command("play"));
      await page.waitForFunction(() => moeLab.state().done, null, { timeout: 600000, polling: 1000 });
      const views = (await page.evaluate(() => moeLab.document())).views;
      for (let k = 0; k < views.length; ++k) {
        await page.evaluate((k) => moeLab.command("view=" + k), k);
        const kinds = (await state(page)).view_reports.filter((r) => r.field || r.heat).map((r) => (r.field ? "field" : "heatmap"));
        if (!kinds.length) continue;
        let shader = Infinity, cells = Infinity;
        for (let round = 0; round < ROUNDS; ++round) {
          shader = Math.min(shader, await frameMs(page, k, 1));
          cells = Math.min(cells, await frameMs(page, k, 0));
        }
        rows.push({ density, lab, view: views[k].id, kind: [...new Set(kinds)].join("+"), shader, cells });
        console.log(`${density}x ${lab} ${views[k].id}: shader ${shader.toFixed(1)} ms, rectangles ${cells.toFixed(1)} ms`);
      }
    }
    await page.evaluate(() => moeLab.command("gpu=1"));
    await context.close();
  }
  console.log("\n| density | lab | view | kind | shader (ms/frame) | rectangles (ms/frame) |\n|---|---|---|---|---|---|");
  for (const r of rows)
    console.log(`| ${r.density}× | ${r.lab} | ${r.view} | ${r.kind} | ${r.shader.toFixed(1)} | ${r.cells.toFixed(1)} |`);
});
