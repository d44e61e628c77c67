// Every word through the table, checked where a class reads it: in the pseudo-language (lang=en-XA) every text
// that passes through the table comes out accented, so a word of three or more plain letters (a–z only) on the
// screen, in the HTML document or in the tab's title slipped past it. For every lab: each preset as it opens,
// the default preset played to its end (at its declared quick size), a tour step, the presentation, and compare
// mode, at 1280×720 and UI scale 1.6; and no text on the canvas runs past its panel's side. The screen is read back from the glyphs the canvas drew
// (moeLab.screenText(), src/app/plot/screen_text.hpp). Names kept on purpose are not words to translate: in the HTML
// document a link's names are <code>, a paper's title <cite>, a symbol read aloud translate="no", and the language
// menu's names carry their own lang; on the screen, the file formats and the languages' own names; and the tokens a
// painted text shows (state().data_texts: the model's data, in the table translate="no"). The text shown
// without scripts (<noscript>) is in every language, each with its lang.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { openPage, state, frames, drawnCommand as command, nativeCli, finish } from "./harness.mjs";

const LABS = JSON.parse(execFileSync(nativeCli, ["list", "--json"], { encoding: "utf8" })).labs;
const FORMATS = ["CSV", "PNG", "JSON", "PDF", "SVG", "HTML", "URL", "QR"];

// What the page shows now: the canvas's texts, the HTML document's texts and accessible names (outside <code>,
// <cite> and parts in another language), and the tab's title.
const shown = (page) => page.evaluate(() => {
  const html = document.documentElement.lang, texts = [...moeLab.screenText().map((r) => r.text), document.title];
  const kept = (el) => !el || el.closest("code, cite, script, style, noscript, [translate=no]") ||
    (el.closest("[lang]") && el.closest("[lang]").lang !== html);
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) if (!kept(n.parentElement)) texts.push(n.textContent);
  for (const el of document.body.querySelectorAll("*")) {
    if (kept(el)) continue;
    for (const a of ["aria-label", "aria-description", "aria-valuetext", "title", "alt", "placeholder"])
      if (el.hasAttribute(a)) texts.push(el.getAttribute(a));
  }
  return texts;
});

// The plain words among the texts, each with where it was first seen and the text it was in. A word is read as the
// pseudo-language reads it (core::pseudo, src/core/words.cpp): letters, digits and _^*' together; one with a
// digit or _^* is a symbol of the papers (E_reg, w_g*, L4), kept as it is.
async function plainWords(page, where, found, kept) {
  // (and the tokens a painted text shows: the model's data, as they are in every language)
  const allowed = new Set([...kept, ...(await state(page)).data_texts]);
  for (const r of await page.evaluate(() => moeLab.screenText().filter((r) => r.cut)))   // and none cut at a side
    found.set(`(cut) ${r.text}`, `${where}: at ${r.box.map(Math.round)}, clip ${r.clip.map(Math.round)}`);
  for (const text of await shown(page))
    for (const w of text.match(/[\p{L}\p{N}_^*']+/gu) || [])
      if (/^[A-Za-z']{3,}$/.test(w) && !allowed.has(w) && !found.has(w)) found.set(w, `${where}: "${text.slice(0, 100)}"`);
}

for (const lab of LABS) {
  test(`${lab.id}: in the pseudo-language no plain English word reaches the screen, the HTML document or the tab`, async () => {
    const quick = Object.entries(lab.quick).map(([k, v]) => `${k}=${v}`).join("&");
    const { page, errors } = await openPage(`?lab=${lab.id}&lang=en-XA&scale=1.6`);
    await page.waitForFunction(() => moeLab.state().lang === "en-XA");
    await frames(page, 5);
    const s = await state(page);
    const allowed = new Set([...FORMATS, ...s.languages.flatMap((l) => l.name.match(/\p{L}+/gu))]);
    const found = new Map();
    for (const preset of lab.presets) {
      await command(page, `preset=${preset}`);
      await frames(page, 3);
      await plainWords(page, `preset ${preset}`, found, allowed);
    }
    // (another link opened in the same page: query=, as a lecturer's pasted link)
    assert.equal(await page.evaluate((q) => moeLab.command("query=" + q), `lab=${lab.id}&preset=${lab.presets[0]}&${quick}&lang=en-XA&scale=1.6`), "");
    await finish(page, 120000);
    await frames(page, 5);
    assert.equal((await state(page)).failure, "");
    await plainWords(page, "the default run, finished", found, allowed);
    await command(page, "tour=2");
    await frames(page, 5);
    await plainWords(page, "tour step 2", found, allowed);
    await command(page, "present=1");
    await frames(page, 5);
    await plainWords(page, "presentation", found, allowed);
    const named = lab.comparisons.find((c) => c.preset === "") || lab.comparisons[0];
    const b = Object.entries(named.b).map(([k, v]) => `&b.${k}=${v}`).join("");
    assert.equal(await page.evaluate((q) => moeLab.command("query=" + q),
      `lab=${lab.id}&preset=${named.preset || lab.presets[0]}&${quick}${b}&lang=en-XA&scale=1.6`), "");
    assert.ok((await state(page)).compare, "the link opened compare mode");
    await finish(page, 120000);
    await frames(page, 5);
    await plainWords(page, `compare ${named.id}`, found, allowed);
    assert.deepEqual([...found].map(([w, at]) => `${w} (${at})`), [], `${lab.id}: plain English words`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test("the text shown without scripts is there in every language, each marked with its lang", async () => {
  const { page } = await openPage("?lab=playground");
  const said = await page.evaluate(async () => {
    const html = await (await fetch("index.html")).text();
    const doc = new DOMParser().parseFromString(html.replace(/<\/?noscript>/g, ""), "text/html");
    return [...doc.querySelectorAll("p[lang]")].map((p) => [p.lang, p.textContent]);
  });
  const codes = (await state(page)).languages.map((l) => l.code).filter((c) => c !== "en-XA");
  assert.deepEqual(said.map(([l]) => l), codes);
  assert.equal(new Set(said.map(([, text]) => text)).size, codes.length, "each in its own words");
  await page.close();
});
