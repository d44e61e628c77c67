// Every state a lecturer can reach is a link: a named comparison, the theme, the view shown large, a
// rewound moment, a tour step with the class's answer. The link the page writes holds each, and opening it
// restores the same state. (Exercise links: exercise.test.mjs; the tour's answer: questions.test.mjs.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, state, finish } from "./harness.mjs";

const command = (page, c) => page.evaluate((c) => moeLab.command(c), c);

test("a comparison, the theme, the view shown large and a rewound moment: written in the link, restored from it", async () => {
  const { page, errors } = await openPage("?lab=cluster-experts&preset=fast&compare=noise-off");
  let s = await state(page);
  assert.deepEqual(s.messages, [], "compare=ID opens the named comparison");
  assert.ok(s.compare && s.compare.title, "compare mode is on");
  assert.equal(await command(page, "theme=dark"), "");
  assert.equal(await command(page, "view=2"), "");
  // a lecturer pauses at a moment, plays on to the end, rewinds to it
  assert.equal(await command(page, "to=0.5"), "");
  await page.waitForFunction(() => !moeLab.state().playing, null, { timeout: 180000, polling: 250 });
  const paused = (await state(page)).progress;
  await finish(page, 180000);
  assert.equal(await command(page, `rewind=${paused}`), "");
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
  // Run A's rewound data are the same. Run B's are where B was then: B steps in lockstep with A on the page, but in
  // a worker it is paced by A's progress, and the two labs' progress differs a little at the same step; which way
  // B runs depends on when the page's workers are ready, so only its table's shape is compared.
  const tables = (p) => p.evaluate(() => moeLab.table(2));
  const [a, b] = [await tables(page), await tables(copy)];
  assert.deepEqual(b[0], a[0], "the rewound view shows run A's data as they were");
  assert.equal(b.length, a.length);
  assert.deepEqual(b[1].columns.length, a[1].columns.length);
  assert.equal(b[1].caption, a[1].caption);
  assert.deepEqual([...errors, ...copyErrors], []);
  await copy.close();
  await page.close();
});

// A link a mail client or a shortener percent-encodes whole opens the same page: the page decodes every name and
// value once, before any key reads it (src/app/controls/page_keys.cpp); the language's table is fetched from the decoded
// lang= (web/moe-lab-api.js). Each key's own reading of a decoded link: tests/app/test_app_links.cpp.
test("a link percent-encoded whole, the page's keys and the run's, opens the same page as written plain", async () => {
  const plain = "lab=cluster-experts&preset=fast&seed=3&lang=de&scale=1.6&theme=dark&present=1&view=2&hide=compare&lock=seed";
  const bytes = (x) => [...new TextEncoder().encode(x)].map((b) => "%" + b.toString(16).toUpperCase().padStart(2, "0"));
  const whole = plain.split("&").map((kv) => kv.split("=").map((x) => bytes(x).join("")).join("=")).join("&");
  const opened = [];
  for (const query of [plain, whole]) {
    const { page, errors } = await openPage("?" + query);
    await page.waitForFunction(() => moeLab.state().lang === "de", null, { timeout: 30000 });
    opened.push({ page, errors, s: await state(page) });
  }
  const [a, b] = opened.map((o) => o.s);
  assert.deepEqual(a.messages, [], "the plain link is valid");
  for (const key of ["messages", "lang", "ui_scale", "theme_choice", "present", "lab", "preset", "seed", "focused",
                     "exercise", "query"])
    assert.deepEqual(b[key], a[key], `${key}: the encoded link opens what the plain one does`);
  assert.equal(a.ui_scale, 1.6);
  for (const o of opened) {
    assert.deepEqual(o.errors, []);
    await o.page.close();
  }
});

// Every key a link can carry, percent-encoded whole, opens the same page as written plain: each of the page's link
// keys (moeLab.document().link_keys: a key declared without a value below fails this test) and each of the run's
// (lab, preset, seed and every parameter of the lab, given at its preset's value), in five links that do not
// contradict one another. The same page: the link it writes back, its messages, its parameters.
test("every link key and every run key, percent-encoded whole, opens the same page as written plain", async () => {
  const bytes = (x) => [...new TextEncoder().encode(x)].map((b) => "%" + b.toString(16).toUpperCase().padStart(2, "0"));
  const encoded = (plain) => plain.split("&").map((kv) => kv.split("=").map((x) => bytes(x).join("")).join("=")).join("&");
  const { page: probe, errors: probeErrors } = await openPage("?lab=cluster-experts&preset=fast&seed=3");
  const doc = await probe.evaluate(() => moeLab.document());
  const { params, tour } = await state(probe);
  const asked = tour.steps.findIndex((s) => s.question);
  await probe.close();
  assert.ok(asked >= 0, "the first lab's tour asks a question");
  const everyParam = Object.entries(params).map(([k, v]) => `${k}=${v}`).join("&");
  const links = [
    `lab=cluster-experts&preset=fast&seed=3&${everyParam}&lang=de&scale=1.6&theme=dark&present=1&qr=1&view=2&` +
      "hide=compare&lock=seed&workers=0&history=0",
    `lab=cluster-experts&preset=fast&seed=3&tour=${asked + 1}&answer=b`,
    "lab=gated-regression&preset=minimal&seed=2&embed=1&compare=relaxed&rewind=0.5",
    "lab=gated-regression&preset=minimal&seed=2&b.d=5&view=1&record=view",
    "lab=token-routing&preset=own-text&seed=1&text=the(cat)sees[3]",
  ];
  const given = new Set(links.flatMap((l) => l.split("&").map((kv) => kv.split("=")[0].replace(/^b\..*/, "b."))));
  for (const k of doc.link_keys) assert.ok(given.has(k.name), `link key ${k.name}: a value in this test's links`);
  for (const k of ["lab", "preset", "seed", ...Object.keys(params)]) assert.ok(given.has(k), `run key ${k}`);
  for (const plain of links) {
    const opened = [];
    for (const query of [plain, encoded(plain)]) {
      const { page, errors } = await openPage("?" + query);
      await page.waitForFunction(() => !moeLab.state().playing || moeLab.state().done, null, { timeout: 60000 });
      if (query.includes("rewind")) await page.waitForFunction(() => moeLab.state().rewind.shown !== null, null, { timeout: 120000, polling: 250 });
      const s = await state(page);
      opened.push({ page, errors, s, url: page.url().slice(page.url().indexOf("?")) });
    }
    const [a, b] = opened;
    assert.deepEqual(a.s.messages, [], `${plain}: the plain link is valid`);
    // (the moment a rewound link shows is the kept moment nearest its progress: which moments a run keeps depends
    // on when the page drew its frames, so only that one was shown is compared)
    const moment = (url) => url.replace(/rewind=[^&]*/, "rewind=F");
    assert.equal(moment(b.url), moment(a.url), `${plain}: the encoded link writes back what the plain one does`);
    if (plain.includes("rewind")) assert.ok(a.s.rewind.shown !== null && b.s.rewind.shown !== null);
    for (const key of ["messages", "lang", "lab", "preset", "seed", "params", "present", "exercise", "query", "class_text"])
      assert.deepEqual(b.s[key], a.s[key], `${plain}: ${key}`);
    for (const o of opened) {
      assert.deepEqual(o.errors, []);
      await o.page.close();
    }
  }
  assert.deepEqual(probeErrors, []);
});

