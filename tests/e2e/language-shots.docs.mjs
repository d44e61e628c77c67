// docs/languages.md's screenshots of the page in German and in Chinese (not a test: node --test runs *.test.mjs only):
// the playground's tour step 2 (collapse without balancing) answered and played to its end, in presentation mode at
// UI scale 1.6 (1280×720). Writes docs/language-de.png and docs/language-zh-Hans.png.
//   node --test tests/e2e/language-shots.docs.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage, root } from "./harness.mjs";

for (const lang of ["de", "zh-Hans"]) {
  test(`the playground's tour step 2 in ${lang}`, { timeout: 300000 }, async () => {
    const { page, errors } = await openPage(`?lab=playground&present=1&scale=1.6&lang=${lang}&tour=2&answer=a`);
    await page.waitForFunction((l) => moeLab.state().lang === l && moeLab.state().tour.question.revealed &&
      !moeLab.state().playing, lang, { timeout: 120000, polling: 250 });
    assert.deepEqual((await page.evaluate(() => moeLab.state())).messages, []);
    await page.screenshot({ path: join(root, "docs", `language-${lang}.png`) });
    assert.deepEqual(errors, []);
    await page.close();
  });
}
