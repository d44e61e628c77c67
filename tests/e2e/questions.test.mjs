// Predict, then reveal, in the page and its HTML document: a tour step with a question waits, shows
// the question and its answers on the canvas and as buttons in the document (no WCAG violation, a twin for every
// answer), an answer runs the step, and the reveal names the answer the run's metrics support and the class's;
// the link holds the answer and opens the same reveal; bad answers are refused with a reason. Every lab's
// questions are played by lecture.test.mjs; their keys are checked natively in tests/core/test_tour_questions.cpp.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, state, axe, missingTwins } from "./harness.mjs";

const command = (page, c) => page.evaluate((c) => moeLab.command(c), c);
const visible = (page, id) => page.evaluate((id) => { const e = document.getElementById(id); return !!e && !e.hidden; }, id);
const text = (page, id) => page.evaluate((id) => document.getElementById(id).textContent, id);

test("a question in the HTML document: answered by a button, revealed, kept in the link, bad answers refused", async () => {
  const { page, errors } = await openPage("?lab=latent-clusters");
  assert.match(await command(page, "answer=a"), /no question is asked now/);
  const doc = await page.evaluate(() => moeLab.state().tour.steps);
  const k = doc.findIndex((t) => t.question) + 1;
  assert.ok(k > 0, "latent-clusters' tour asks a question");
  assert.equal(await command(page, `tour=${k}`), "");
  await page.evaluate(() => window.moeLabDocument.sync());   // (the document follows the app every 250 ms)
  let s = await state(page);
  const q = s.tour.question;
  assert.equal(s.playing, false, "the step waits for the answer");
  assert.ok(q.answers.length >= 2 && !q.revealed);
  assert.ok(await visible(page, "tour-question"));
  assert.match(await text(page, "tour-question"), new RegExp(q.prompt.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  for (let i = 0; i < 4; ++i)
    assert.equal(await visible(page, "answer-" + "abcd"[i]), i < q.answers.length, `answer ${"abcd"[i]} shown iff it exists`);
  assert.deepEqual(await axe(page), [], "the question step");
  assert.deepEqual(await missingTwins(page), [], "every answer on the canvas has its button in the document");
  assert.match(await command(page, "answer=e"), new RegExp(`give a letter from a to ${"abcd"[q.answers.length - 1]}`));
  assert.ok(await visible(page, "answer-none"), "“I don't know” is a button of the document too");
  assert.match(await command(page, "play"), /waits for the class's answer/, "the step does not run before an answer");
  assert.match(await command(page, "answer=xyz"), /give a letter/);
  await page.focus("#answer-b");   // the document's button, as a keyboard or screen-reader user presses it
  await page.keyboard.press("Enter");
  s = await state(page);
  assert.equal(s.tour.question.chosen, 1);
  await page.waitForFunction(() => moeLab.state().tour.question.revealed && !moeLab.state().playing, null, { timeout: 120000, polling: 200 });
  s = await state(page);
  const r = s.tour.question;
  assert.equal(r.supported, r.key);
  assert.match(r.reveal, /The class said \(b\)/);
  await page.evaluate(() => window.moeLabDocument.sync());
  assert.equal(await text(page, "tour-reveal"), r.reveal);
  assert.equal(await visible(page, "answer-a"), false, "the answers go once the run has answered");
  assert.match(await command(page, "answer=a"), /already answered/);
  assert.match(page.url(), /answer=b/);
  // the link opens the step with the same answer, runs it, and reveals the same
  const { page: copy } = await openPage(page.url().slice(page.url().indexOf("?")));
  await copy.waitForFunction(() => moeLab.state().tour.question && moeLab.state().tour.question.revealed && !moeLab.state().playing, null, { timeout: 120000, polling: 200 });
  assert.equal((await state(copy)).tour.question.reveal, r.reveal);
  assert.deepEqual(errors, []);
  await copy.close();
  await page.close();
});
