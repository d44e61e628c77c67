// Every state a lecturer can reach is a link (issue 23): a named comparison, the theme, the view shown large, a
// rewound moment, a tour step with the class's answer. The link the page writes holds each, and opening it
// restores the same state. (Exercise links: exercise.test.mjs; the tour's answer: questions.test.mjs.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, state } from "./harness.mjs";

const command = (page, c) => page.evaluate((c) => moeLab.command(c), c);

test("a comparison, the theme, the view shown large and a rewound moment: written in the link, restored from it", async () => {
  const { page, errors } = await openPage("?lab=cluster-experts&preset=fast&compare=noise-off");
  let s = await state(page);
  assert.deepEqual(s.messages, [], "compare=ID opens the named comparison");
  assert.ok(s.compare && s.compare.title, "compare mode is on");
  assert.equal(await command(page, "theme=dark"), "");
  assert.equal(await command(page, "view=2"), "");
  await command(page, "play");
  await page.waitForFunction(() => moeLab.state().done, null, { timeout: 180000, polling: 250 });
  assert.equal(await command(page, "rewind=0.5"), "");
  s = await state(page);
  const query = page.url().slice(page.url().indexOf("?"));
  for (const key of ["compare=noise-off", "theme=dark", "view=2", "rewind="])
    assert.ok(query.includes(key), `${key} in ${query}`);
  const { page: copy, errors: copyErrors } = await openPage(query);
  await copy.waitForFunction(() => moeLab.state().done && moeLab.state().rewind.shown !== null, null, { timeout: 180000, polling: 250 });
  const c = await state(copy);
  assert.deepEqual(c.messages, []);
  assert.equal(c.compare.title, s.compare.title);
  assert.equal(c.theme_choice, "dark");
  assert.deepEqual(c.focused, s.focused);
  assert.equal(c.rewind.shown, s.rewind.shown);
  assert.equal(c.rewind.clock, s.rewind.clock);
  const table = (p) => p.evaluate(() => JSON.stringify(moeLab.table(2)));
  assert.equal(await table(copy), await table(page), "the rewound view shows the same data");
  assert.deepEqual([...errors, ...copyErrors], []);
  await copy.close();
  await page.close();
});
