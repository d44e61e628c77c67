// docs/results.md's screenshots of the playground (not a test: node --test runs *.test.mjs only): five of its tour's
// questions answered and played to their end, in presentation mode at UI scale 1.6 (1280×720): collapse without
// balancing (step 2), the load-balancing loss (step 3), the collapse's cost on the moons (step 5), loss-free balancing
// (step 6), expert choice (step 7). Writes docs/playground-*.png.
//   node --test tests/e2e/playground-shots.docs.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage, root } from "./harness.mjs";

for (const [step, name] of [[2, "collapse"], [3, "balanced"], [5, "collapse-hurts"], [6, "bias"], [7, "expert-choice"]]) {
  test(`playground, tour step ${step}: ${name}`, { timeout: 300000 }, async () => {
    const { page, errors } = await openPage(`?lab=playground&present=1&scale=1.6&tour=${step}&answer=a`);
    await page.waitForFunction(() => moeLab.state().tour.question.revealed && !moeLab.state().playing, null, { timeout: 120000, polling: 250 });
    await page.screenshot({ path: join(root, "docs", `playground-${name}.png`) });
    assert.deepEqual(errors, []);
    await page.close();
  });
}
