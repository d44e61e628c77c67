// Field and heatmap views drawn by the GPU (shaders/field.frag, heatmap.frag) and, with gpu=0, by the CPU: for
// every lab, at the end of its run, the pixels the page drew at cell centres well inside a territory
// (state().view_reports[].field.samples) have the winning channel's colour (blended with the background by its
// confidence), and the pixels inside heatmap cells (view_reports[].heat) the colour scale's colour for the cell,
// in the light and the dark theme.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage, state, out } from "./harness.mjs";

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

async function pixels(page, points) {
  const png = (await page.screenshot()).toString("base64");
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
  }, { png, points });
}

// Each field sample's pixel against the territory colours; each heatmap sample's pixel against its cell's colour.
async function checkDrawn(page, r, where) {
  let checked = 0;
  if (r.field) {
    assert.ok(r.field.samples.length >= 2, `${where}: samples inside territories`);
    const colors = r.field.colors.map(rgb), bg = colors.pop();
    const px = await pixels(page, r.field.samples.map(([x, y]) => [x, y]));
    r.field.samples.forEach(([x, y, winner], i) => {
      const d = colors.map((c) => distanceToBlend(px[i], bg, c));
      const nearest = d.indexOf(Math.min(...d));
      assert.equal(nearest, winner, `${where} at (${x}, ${y}): pixel ${px[i]} is nearest channel ${nearest}'s colour, not ${winner}'s (${d.map((v) => v.toFixed(0))})`);
      assert.ok(d[winner] < 40, `${where}: pixel ${px[i]} far from channel ${winner}'s colour (${d[winner].toFixed(0)})`);
    });
    checked += r.field.samples.length;
  }
  if (r.heat) {
    const px = await pixels(page, r.heat.map(([x, y]) => [x, y]));
    r.heat.forEach(([x, y, want], i) => {
      const off = Math.max(...rgb(want).map((c, k) => Math.abs(c - px[i][k])));
      assert.ok(off <= 6, `${where} heatmap at (${x}, ${y}): pixel ${px[i]}, the scale gives ${rgb(want)}`);
    });
    checked += r.heat.length;
  }
  return checked;
}

test("every field and heatmap: the drawn pixels have the territory's or the scale's colour, by shader and by CPU", async () => {
  const { page, errors } = await openPage("");
  let fields = 0, heatmaps = 0;
  for (const lab of (await state(page)).labs) {
    await page.evaluate((l) => moeLab.command("query=lab=" + l), lab);
    const doc = await page.evaluate(() => moeLab.document());
    await page.evaluate(() => moeLab.command("play"));
    await page.waitForFunction(() => moeLab.state().done, null, { timeout: 300000, polling: 500 });
    for (const [theme, gpu] of [["light", 1], ["dark", 1], ["light", 0]]) {
      await page.evaluate(([t, g]) => { moeLab.command("theme=" + t); moeLab.command("gpu=" + g); }, [theme, gpu]);
      assert.equal((await state(page)).gpu_drawing, gpu === 1);
      for (let k = 0; k < doc.views.length; ++k) {
        await page.evaluate((k) => moeLab.command("view=" + k), k);
        for (const r of (await state(page)).view_reports) {
          if (!r.field && !r.heat) continue;
          fields += r.field ? 1 : 0;
          heatmaps += r.heat ? 1 : 0;
          assert.ok(await checkDrawn(page, r, `${lab} ${r.id} (${theme}, gpu=${gpu})`) > 0);
          if (theme === "light" && gpu && r.field) await page.screenshot({ path: join(out, `field-${lab}-${r.id}.png`) });
        }
      }
    }
  }
  await page.evaluate(() => moeLab.command("gpu=1"));
  assert.ok(fields >= 3 * (await state(page)).labs.length, "every lab shows a field");
  assert.ok(heatmaps >= 1, "some lab shows a heatmap");
  assert.equal((await state(page)).gpu_error, "");
  assert.deepEqual(errors, []);
  await page.close();
});
