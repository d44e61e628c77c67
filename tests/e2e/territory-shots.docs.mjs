// docs/using.md's territory screenshots (not a test: node --test runs *.test.mjs only). For each lab, its routing
// territory view in presentation mode at UI scale 1.6 (1280×720): early (the first frames in which the field is
// drawn, stepping there) and at the end of the run. Writes docs/territory-LAB-early.png and -late.png.
//   node --test tests/e2e/territory-shots.docs.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage, state, root } from "./harness.mjs";

test("territory screenshots for the README", { timeout: 3600000 }, async () => {
  const { page, errors } = await openPage("?scale=1.6");
  for (const lab of (await state(page)).labs) {
    await page.evaluate((l) => moeLab.command(`query=lab=${l}&present=1&scale=1.6&view=territory`), lab);
    // step by step until the field is first drawn
    for (let k = 0; k < 400; ++k) {
      const drawn = await page.evaluate(() => {
        moeLab.command("step");
        const s = moeLab.state();
        return s.done || s.view_reports.some((r) => r.field && r.field.samples.length > 0);
      });
      if (drawn) break;
    }
    await page.screenshot({ path: join(root, "docs", `territory-${lab}-early.png`) });
    await page.evaluate(() => moeLab.command("play"));
    await page.waitForFunction(() => moeLab.state().done, null, { timeout: 600000, polling: 500 });
    await page.screenshot({ path: join(root, "docs", `territory-${lab}-late.png`) });
  }
  assert.deepEqual(errors, []);
  await page.close();
});
