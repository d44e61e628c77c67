// docs/using.md's screenshots of a tour question, its reveal, and a rewound view (not a test: node --test runs
// *.test.mjs only), in presentation mode at UI scale 1.6 (1280×720). Writes docs/question-*.png, docs/reveal-*.png
// and docs/rewind-*.png.
//   node --test tests/e2e/lecture-shots.docs.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage, state, root } from "./harness.mjs";

const shot = (page, name) => page.screenshot({ path: join(root, "docs", name) });

test("question, reveal and rewind screenshots for the README", { timeout: 600000 }, async () => {
  const { page, errors } = await openPage("?lab=latent-clusters&present=1&scale=1.6");
  const k = (await state(page)).tour.steps.findIndex((t) => t.question) + 1;
  await page.evaluate((k) => moeLab.command(`tour=${k}`), k);
  await shot(page, "question-latent-clusters.png");
  await page.evaluate(() => moeLab.command("answer=a"));
  await page.waitForFunction(() => moeLab.state().tour.question.revealed && !moeLab.state().playing, null, { timeout: 300000, polling: 250 });
  await shot(page, "reveal-latent-clusters.png");
  await page.evaluate(() => moeLab.command("query=lab=cluster-experts&present=1&scale=1.6&view=dispatch&rewind=0.25"));
  await page.waitForFunction(() => moeLab.state().rewind.shown !== null && moeLab.state().done, null, { timeout: 300000, polling: 250 });
  await shot(page, "rewind-cluster-experts.png");
  assert.deepEqual(errors, []);
  await page.close();
});
