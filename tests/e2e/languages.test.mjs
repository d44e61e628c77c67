// The page in every language (src/core/words.hpp) and in the pseudo-language (every text accented and 40 % longer):
// at 1280×720 and UI scale 1.6, the playground, the presentation mode and a tour step; then a phone (every lab's
// views in every language: natively, tests/app/test_app_languages.cpp). No control is cut by its window or lies on
// another, no plot label is cut or overlaps (the layout map's rectangles), no text runs past its panel's side (the
// glyphs drawn), axe-core finds no WCAG A/AA violation, and the HTML document's lang is the language's. Screenshots:
// tests/e2e/out/lang-*.png (docs/languages.md shows the German and Chinese ones).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage, openDevice, devices, state, frames, out, axe, checkReport, checkControls, drawnCommand as command } from "./harness.mjs";

const LANGS = ["es", "pt-BR", "de", "zh-Hans", "en-XA"];   // core::languages() but English (every other test)

// No text on the canvas runs past the side of its clip rectangle (read back from the glyphs drawn:
// moeLab.screenText(), src/app/plot/screen_text.hpp): a reader would lose its end.
async function noTextCut(page, where) {
  const cut = await page.evaluate(() => moeLab.screenText().filter((r) => r.cut));
  assert.deepEqual(cut.map((r) => `"${r.text}" at ${r.box.map(Math.round)} (clip ${r.clip.map(Math.round)})`), [],
                   `${where}: texts cut at their panel's side`);
}

const inLanguage = (page, lang) =>
  page.waitForFunction((l) => moeLab.state().lang === l && document.documentElement.lang === l, lang, { timeout: 30000 });

for (const lang of LANGS) {
  // (every lab's views, presentation and a tour step, read whole in every language: natively, with the page's fonts
  // and words, tests/app/test_app_languages.cpp; here what only a browser shows)
  test(`${lang}: the page at 1280×720 and UI scale 1.6, presentation and a tour step: axe, the document's lang, read whole`, async () => {
    const { page, errors } = await openPage(`?lab=playground&lang=${lang}&scale=1.6`);
    await inLanguage(page, lang);
    await frames(page, 5);
    let s = await state(page);
    assert.deepEqual(s.messages, [], "a clean link leaves nothing to say");
    assert.match(page.url(), new RegExp(`lang=${lang}`));
    checkControls(s, `${lang} ${s.lab}`);
    await noTextCut(page, `${lang} ${s.lab}`);
    assert.deepEqual(await axe(page), [], `${lang}: axe`);
    await command(page, "present=1");
    await command(page, "tour=2");
    await frames(page, 5);
    s = await state(page);
    checkControls(s, `${lang} presentation, tour step 2`);
    await noTextCut(page, `${lang} presentation, tour step 2`);
    for (const r of s.view_reports) checkReport(r, s.canvas[1], s.view_reports.length === 1, `${lang} tour step 2`);
    await page.screenshot({ path: join(out, `lang-${lang}-present.png`) });
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${lang}: a phone (Pixel 7, touch) reads whole, and axe finds nothing`, async () => {
    const { context, page, problems } = await openDevice(devices["Pixel 7"], `?lab=playground&lang=${lang}`);
    await inLanguage(page, lang);
    await frames(page, 3);
    checkControls(await state(page), `${lang} phone`);
    assert.deepEqual(await axe(page), [], `${lang} phone: axe`);
    await page.screenshot({ path: join(out, `lang-${lang}-phone.png`) });
    assert.deepEqual(problems.filter((p) => !/serviceWorker|offline/.test(p)), []);
    await context.close();
  });
}

test("numbers on the page take the language's decimal comma; the link keeps the one number grammar", async () => {
  const { page } = await openPage("?lab=playground&lang=de&seed=2");
  await inLanguage(page, "de");
  await command(page, "set=lr=0.03");
  await command(page, "play");
  await page.waitForFunction(() => moeLab.state().progress > 0.3, null, { timeout: 60000 });
  await command(page, "pause");
  const readouts = Object.values((await state(page)).readouts).flat().join(" | ");
  assert.match(readouts, /\d,\d\d/, `a decimal comma in the views' readouts: ${readouts}`);
  assert.match(page.url(), /lr=0\.03/, "the link writes 0.03");
  await page.close();
});

test("a link's lang= speaks first: what the page says about the rest of the link is in that language", async () => {
  const { page } = await openPage("?lab=playground&seed=x&lang=de");
  await inLanguage(page, "de");
  const words = await page.evaluate(() => fetch("words/de.json").then((r) => r.json()));
  const said = (await state(page)).messages.join(" | ");
  const german = words["%s: used seed 1"].replace("%s", "");
  assert.ok(said.includes(german.trim().split(" ").slice(-2).join(" ")), `${said} (expected: ${german})`);
  await page.close();
});

test("the browser's languages choose the page's; a link's lang= wins; a table that cannot load leaves a message", async () => {
  const { context, page } = await openDevice({ viewport: { width: 1280, height: 720 }, locale: "de-AT" }, "?lab=playground");
  await inLanguage(page, "de");
  assert.doesNotMatch(page.url(), /lang=/, "the browser's choice is not written into the link");
  await context.close();
  // (service workers blocked, so that the route below sees the page's fetch of the table)
  const { context: c2, page: p2 } = await openDevice({ viewport: { width: 1280, height: 720 }, serviceWorkers: "block" },
    "?lab=playground&lang=es", undefined,
    (c) => c.route("**/words/pt-BR.json", (r) => r.fulfill({ status: 404, body: "" })));
  await inLanguage(p2, "es");
  await command(p2, "lang=pt-BR");
  await p2.waitForFunction(() => moeLab.state().messages.some((m) => /pt-BR/.test(m)), null, { timeout: 10000 });
  assert.equal((await state(p2)).lang, "es", "the words shown stay");
  await c2.close();
});

test("a link's tag in any case or by its primary subtag opens its language; no tag asks for a file the site lacks", async () => {
  for (const [tag, lang] of [["pt", "pt-BR"], ["DE", "de"], ["zh-CN", "zh-Hans"], ["xx", "en"], ["en-xa", "en-XA"]]) {
    const asked = [], missing = [];
    const { context, page } = await openDevice({ viewport: { width: 1280, height: 720 }, serviceWorkers: "block" },
      `?lab=playground&lang=${tag}`, undefined, (c) => {
        c.on("request", (r) => { if (/\/(words|fonts)\//.test(r.url())) asked.push(new URL(r.url()).pathname); });
        c.on("response", (r) => { if (r.status() >= 400) missing.push(r.url()); });
      });
    await page.waitForFunction((l) => moeLab.state().lang === l, lang, { timeout: 30000 });
    const s = await state(page);
    if (lang === "en") assert.ok(s.messages.some((m) => m.includes("lang=xx")), `${tag}: a message says why`);
    else assert.match(page.url(), new RegExp(`lang=${lang}(&|$)`), `${tag}: the link keeps the code ${lang}`);
    assert.deepEqual(missing, [], `${tag}: nothing asked for that the site lacks`);
    for (const path of asked) assert.ok(path.includes(`/${lang}.`), `${tag}: only ${lang}'s files (${asked})`);
    await context.close();
  }
});
