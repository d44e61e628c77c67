// Field views drawn by the GPU (shaders/field.frag): for every lab that shows one, at the end of its run, the
// pixels the page drew at cell centres well inside a territory (state().view_reports[].field.samples) have the
// winning channel's colour (blended with the background by its confidence), in the light and the dark theme.
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

test("every field view: the drawn territories have the winning channel's colour", async () => {
  const { page, errors } = await openPage("");
  let fields = 0;
  for (const lab of (await state(page)).labs) {
    await page.evaluate((l) => moeLab.command("query=lab=" + l), lab);
    const doc = await page.evaluate(() => moeLab.document());
    await page.evaluate(() => moeLab.command("play"));
    await page.waitForFunction(() => moeLab.state().done, null, { timeout: 300000, polling: 500 });
    for (const theme of ["light", "dark"]) {
      await page.evaluate((t) => moeLab.command("theme=" + t), theme);
      for (let k = 0; k < doc.views.length; ++k) {
        await page.evaluate((k) => moeLab.command("view=" + k), k);
        const r = (await state(page)).view_reports.find((v) => v.field);
        if (!r) continue;
        ++fields;
        const where = `${lab} ${r.id} (${theme})`;
        assert.ok(r.field.samples.length >= 2, `${where}: samples inside territories`);
        const colors = r.field.colors.map(rgb), bg = colors.pop();
        const px = await pixels(page, r.field.samples.map(([x, y]) => [x, y]));
        r.field.samples.forEach(([x, y, winner], i) => {
          const d = colors.map((c) => distanceToBlend(px[i], bg, c));
          const nearest = d.indexOf(Math.min(...d));
          assert.equal(nearest, winner, `${where} at (${x}, ${y}): pixel ${px[i]} is nearest channel ${nearest}'s colour, not ${winner}'s (${d.map((v) => v.toFixed(0))})`);
          assert.ok(d[winner] < 40, `${where}: pixel ${px[i]} far from channel ${winner}'s colour (${d[winner].toFixed(0)})`);
        });
        if (theme === "light") await page.screenshot({ path: join(out, `field-${lab}-${r.id}.png`) });
      }
    }
  }
  assert.ok(fields >= 1, "at least one lab shows a field");
  assert.deepEqual(errors, []);
  await page.close();
});
