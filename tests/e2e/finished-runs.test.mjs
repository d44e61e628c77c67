// Every lab's default preset played once to its end in the page (seed 3, started with the page's own Play
// button, on to the end with skip=end once five frames were drawn), and every check that needs a finished run made
// on that one page:
// - the numbers: the page's metrics and end-of-run line equal the native CLI's and the WebAssembly CLI's, and the
//   page kept drawing while it trained;
// - (the room every view gets, in the grid and enlarged at UI scale 1.0 and 1.6, is the app's layout with the page's
//   font: checked natively, tests/app/test_app_room.cpp, where it is the same to the pixel)
// - the colours: the pixels the page drew at cell centres well inside a territory
//   (state().view_reports[].field.samples) have the winning channel's colour (blended with the background by its
//   confidence), and those inside heatmap cells (view_reports[].heat) the colour scale's colour for the cell, in
//   the light and the dark theme, drawn by the shaders (shaders/field.frag, heatmap.frag) and by the CPU (gpu=0).
// Screenshots go to tests/e2e/out/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { openPage, state, cliRun, out, nativeCli, wasmCli } from "./harness.mjs";

const rgb = (v) => [(v >> 16) & 255, (v >> 8) & 255, v & 255];

// How far a pixel is from the segment background → colour (every saturation the shader may use).
function distanceToBlend(px, bg, c) {
  let best = Infinity;
  for (let t = 0.2; t <= 0.85; t += 0.01) {
    const d = Math.hypot(...[0, 1, 2].map((i) => px[i] - (bg[i] + (c[i] - bg[i]) * t)));
    best = Math.min(best, d);
  }
  return best;
}

// The pixels at points of one screenshot (a PNG), read by the page's own decoder.
function pixels(page, png, points) {
  return page.evaluate(async ({ png, points }) => {
    const img = new Image();
    img.src = "data:image/png;base64," + png;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    return points.map(([x, y]) => Array.from(g.getImageData(Math.round(x), Math.round(y), 1, 1).data).slice(0, 3));
  }, { png: png.toString("base64"), points });
}

// Each field sample's pixel against the territory colours; each heatmap sample's pixel against its cell's colour,
// in the screenshot of the view that drew them.
async function checkDrawn(page, png, r, where) {
  let checked = 0;
  if (r.field) {
    assert.ok(r.field.samples.length >= 2, `${where}: samples inside territories`);
    const colors = r.field.colors.map(rgb), bg = colors.pop();
    const px = await pixels(page, png, r.field.samples.map(([x, y]) => [x, y]));
    r.field.samples.forEach(([x, y, winner], i) => {
      const d = colors.map((c) => distanceToBlend(px[i], bg, c));
      const nearest = d.indexOf(Math.min(...d));
      assert.equal(nearest, winner, `${where} at (${x}, ${y}): pixel ${px[i]} is nearest channel ${nearest}'s colour, not ${winner}'s (${d.map((v) => v.toFixed(0))})`);
      assert.ok(d[winner] < 40, `${where}: pixel ${px[i]} far from channel ${winner}'s colour (${d[winner].toFixed(0)})`);
    });
    checked += r.field.samples.length;
  }
  if (r.heat) {
    const px = await pixels(page, png, r.heat.map(([x, y]) => [x, y]));
    r.heat.forEach(([x, y, want], i) => {
      const off = Math.max(...rgb(want).map((c, k) => Math.abs(c - px[i][k])));
      assert.ok(off <= 6, `${where} heatmap at (${x}, ${y}): pixel ${px[i]}, the scale gives ${rgb(want)}`);
    });
    checked += r.heat.length;
  }
  return checked;
}

const LABS = JSON.parse(execFileSync(nativeCli, ["list", "--json"], { encoding: "utf8" })).labs.map((l) => l.id);
let fields = 0, heatmaps = 0;

// Every lab's fields and heatmaps in the light theme, drawn by the shaders. The dark theme and the CPU's drawing
// (gpu=0) change only the background or the drawing path, the same shaders and code for every lab: they are checked
// in the first lab that shows a field and in the first that shows a heatmap, on every view of that kind there.
const VARIANTS = [["light", 1], ["dark", 1], ["light", 0]];
const variantLab = new Map();   // "field dark 1" → the lab whose views check it
const kindOf = (r) => (r.field ? "field" : "heat");
function checksHere(lab, kind, theme, gpu) {
  if (theme === VARIANTS[0][0] && gpu === VARIANTS[0][1]) return true;
  const key = `${kind} ${theme} ${gpu}`;
  if (!variantLab.has(key)) variantLab.set(key, lab);
  return variantLab.get(key) === lab;
}

for (const lab of LABS) {
  test(`${lab}: the default preset played once to its end: numbers, room and colours`, async (t) => {
    const { page, errors } = await openPage(`?lab=${lab}&seed=3`);

    await t.test("plays to the end in the page, with the same numbers as the CLIs", async () => {
      const s0 = await state(page);
      assert.equal(s0.lab, lab);
      assert.equal(s0.done, false);
      // press the real Play button where the page drew it
      const [x, y, w, h] = s0.play_button;
      await page.mouse.click(x + w / 2, y + h / 2);
      await page.waitForFunction(() => moeLab.state().playing || moeLab.state().done, null, { timeout: 5000 });
      // the page draws while it trains: five frames of Play; then on to the end with skip=end (a frame every long
      // slice, the same numbers)
      await page.waitForFunction(() => moeLab.state().frames_while_running >= 5 || moeLab.state().done, null,
                                 { timeout: 60000, polling: 50 });
      // (skip=end only if the run has not ended meanwhile: a finished run refuses it, and says so on the page)
      await page.evaluate(() => { if (!moeLab.state().done) moeLab.command("skip=end"); });
      await page.waitForFunction(() => moeLab.state().done || moeLab.state().failure !== "", null,
                                 { timeout: 120000, polling: 250 });
      const s = await state(page);
      assert.equal(s.failure, "");
      await page.screenshot({ path: join(out, `${lab}.png`) });
      console.log(`${lab}: ${(s.run_ms / 1000).toFixed(2)} s wall in the page, ${s.frames_while_running} frames, ` +
                  `longest frame ${s.longest_frame_ms.toFixed(0)} ms`);
      // the page kept drawing while it trained: the run was cut into many frames, not done in one
      // (the wall time is printed above; timing goals belong to benchmarks, not to pass/fail)
      assert.ok(s.frames_while_running >= 5, `only ${s.frames_while_running} frames drawn during the run`);

      const args = ["--lab", lab, "--preset", s.preset, "--seed", "3"];
      const nativeRun = cliRun([nativeCli], args), wasmRun = cliRun(["node", "--no-experimental-fetch", wasmCli], args);
      const native = nativeRun.metrics, wasm = wasmRun.metrics;
      // the end-of-run line: the last phase reached and what this run showed, with its numbers, as the CLIs say it
      assert.ok(/\d/.test(s.outcome), `${lab}: the end-of-run line has no number: '${s.outcome}'`);
      assert.equal(s.outcome, nativeRun.outcome);
      assert.equal(wasmRun.outcome, nativeRun.outcome);
      assert.equal(s.status, `Finished (${s.phase_title}). ${s.outcome}`);
      assert.equal(await page.locator("#status").textContent(), s.status);   // the HTML document says it too
      assert.deepEqual(Object.keys(s.metrics).sort(), Object.keys(native).sort());
      for (const k of Object.keys(native)) {
        assert.equal(s.metrics[k], native[k], `${lab}.${k}: page ${s.metrics[k]} vs native CLI ${native[k]}`);
        assert.equal(wasm[k], native[k], `${lab}.${k}: WebAssembly CLI ${wasm[k]} vs native CLI ${native[k]}`);
      }
    });

    await t.test("every field and heatmap: the drawn pixels have the territory's or the scale's colour, by shader and by CPU", async () => {
      assert.ok((await state(page)).done, "the run above finished");
      const views = (await state(page)).views;
      const shown = new Map();   // view → the kinds it draws (found in the first variant's pass over every view)
      for (const [theme, gpu] of VARIANTS) {
        const first = theme === VARIANTS[0][0] && gpu === VARIANTS[0][1];
        const here = first ? [...Array(views).keys()]
                           : [...shown.keys()].filter((k) => shown.get(k).some((kind) => checksHere(lab, kind, theme, gpu)));
        if (here.length === 0) continue;
        await page.evaluate(([t, g]) => { moeLab.command("theme=" + t); moeLab.command("gpu=" + g); }, [theme, gpu]);
        assert.equal((await state(page)).gpu_drawing, gpu === 1);
        for (const k of here) {
          await page.evaluate((k) => moeLab.command("view=" + k), k);
          const drawn = (await state(page)).view_reports.filter((r) => (r.field || r.heat) &&
                                                                 checksHere(lab, kindOf(r), theme, gpu));
          if (drawn.length === 0) continue;
          if (first) shown.set(k, drawn.map(kindOf));
          const png = await page.screenshot();   // (one per view: every report's samples are read from it)
          for (const r of drawn) {
            fields += r.field ? 1 : 0;
            heatmaps += r.heat ? 1 : 0;
            assert.ok(await checkDrawn(page, png, r, `${lab} ${r.id} (${theme}, gpu=${gpu})`) > 0);
            if (first && r.field) writeFileSync(join(out, `field-${lab}-${r.id}.png`), png);
          }
        }
      }
      await page.evaluate(() => moeLab.command("gpu=1"));
      assert.equal((await state(page)).gpu_error, "");
    });

    assert.deepEqual(errors, []);
    await page.close();
  });
}

test("every lab shows a field, and some lab a heatmap, in every variant", () => {
  assert.ok(fields >= LABS.length + 2, `${fields} fields in ${LABS.length} labs`);
  assert.ok(heatmaps >= 3, "some lab shows a heatmap, in every variant");
  for (const [theme, gpu] of VARIANTS.slice(1))   // the dark theme and the CPU's drawing checked a field and a heatmap
    for (const kind of ["field", "heat"]) assert.ok(variantLab.has(`${kind} ${theme} ${gpu}`), `${kind} ${theme} ${gpu}`);
});
