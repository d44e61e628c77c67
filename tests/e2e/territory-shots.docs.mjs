// The README's territory screenshots (not a test: node --test runs *.test.mjs only). For each lab, its routing
// territory view in presentation mode at UI scale 1.6 (1280×720): early (the first frames in which the field is
// drawn, paused there) and at the end of the run. Writes docs/territory-LAB-early.png and -late.png.
//   node --test tests/e2e/territory-shots.docs.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage, state, root } from "./harness.mjs";

test("territory screenshots for the README", { timeout: 3600000 }, async () => {
  const { page, errors } = await openPage("?scale=1.6");
  for (const lab of (await state(page)).labs) {
    await page.evaluate((l) => moeLab.command(`query=lab=${l}&present=1&scale=1.6&view=territory`), lab);
    await page.evaluate(() => moeLab.command("speed=1"));   // slow motion: the early moment is caught
    await page.mouse.move(2, 2);   // no pointer read-out over the plot
    await page.evaluate(() => moeLab.command("play"));
    await page.waitForFunction(() => {
      const s = moeLab.state();
      return s.done || s.view_reports.some((r) => r.field && r.field.samples.length > 0);
    }, null, { timeout: 600000, polling: 50 });
    await page.evaluate(() => moeLab.command("pause"));
    await page.screenshot({ path: join(root, "docs", `territory-${lab}-early.png`) });
    await page.evaluate(() => moeLab.command("speed=4"));   // full speed to the end
    await page.evaluate(() => moeLab.command("play"));
    await page.waitForFunction(() => moeLab.state().done, null, { timeout: 600000, polling: 500 });
    await page.screenshot({ path: join(root, "docs", `territory-${lab}-late.png`) });
  }
  assert.deepEqual(errors, []);
  await page.close();
});
