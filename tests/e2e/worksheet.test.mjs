// The worksheet and the teacher's key (src/session/worksheet.hpp), for every lab of the registry: the page makes the
// sheet (worksheet=sheet) and opens it, and the first lab's key (worksheet=key; the others' keys come from the
// WebAssembly CLI, the page's numbers); the bytes are the native CLI's (`moe-lab worksheet`) for the same lab, seed,
// language and kind; printed by the browser to PDF (every sheet, the first lab's key) it has the paper's size (A4 and
// Letter), and every QR code on it decodes (zbarimg) to its step's link, which opens that step as an exercise with the
// step's locks (the first lab's links here; every lab's natively: tests/app/test_app_sheet_links.cpp); axe-core and
// IBM's checker find nothing in it; in the pseudo-language nothing on it is plain English. Then a phone (Pixel 7,
// touch) opens two steps from their codes, answers each, and finds both answers in its summary after a reload.
// The first pages of one sheet and one key go to tests/e2e/out (the README's pictures: docs/worksheet-*.png).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { writeFileSync, readdirSync, rmSync, mkdirSync, copyFileSync } from "node:fs";
import { join } from "node:path";
import { openPage, openDevice, blankPage, state, frames, nativeCli, wasmCli, baseUrl, devices, out, axe, ibm } from "./harness.mjs";

const LABS = JSON.parse(execFileSync(nativeCli, ["list", "--json"], { encoding: "utf8" })).labs;
const SIZES = { A4: [595, 842], Letter: [612, 792] };   // points

// The page makes the sheet; its HTML once it has opened (moeLab.lastSheet, src/platform/browser.cpp). The key runs in
// the frames' slices beside their drawing, which software WebGL makes slow at 1280×720: a small window meanwhile.
// The sheet opens in a new tab, which is closed at once: behind it, the page would be a tab in the background, whose
// frames the browser slows to one a second (the next key would take minutes).
async function pageSheet(page, kind) {
  const made = (await state(page)).worksheet.made, size = page.viewportSize();
  await page.setViewportSize({ width: 480, height: 320 });
  const opened = page.waitForEvent("popup", { timeout: 180000 });
  assert.equal(await page.evaluate((k) => moeLab.command(`worksheet=${k}`), kind), "");
  await page.waitForFunction((n) => moeLab.state().worksheet.made > n, made, { timeout: 180000, polling: 200 });
  await (await opened).close();
  await page.bringToFront();
  await page.setViewportSize(size);
  return page.evaluate(() => moeLab.lastSheet.html);
}

const cliSheet = (lab, kind, lang = "en", cli = [nativeCli]) =>
  execFileSync(cli[0], [...cli.slice(1), "worksheet", "--lab", lab, "--seed", "1", "--lang", lang, "--page", baseUrl(),
                        ...(kind === "key" ? ["--key"] : [])], { encoding: "utf8", maxBuffer: 1 << 26 });

// The key runs the tour's steps: the page makes it for the first lab (its maker's slices are the same for every lab,
// and the same bytes for any slicing: tests/core/test_worksheet.cpp); for the others the WebAssembly CLI's key (the
// page's numbers) is the native CLI's, byte for byte.
async function keyOf(page, lab) {
  if (lab === LABS[0]) return pageSheet(page, "key");
  return cliSheet(lab.id, "key", "en", ["node", "--no-experimental-fetch", wasmCli]);
}

// The sheet printed by the browser: the PDF's pages' sizes, and the links its QR codes hold.
async function printed(browserPage, html, format, name) {
  await browserPage.setContent(html);
  const pdf = await browserPage.pdf({ format, printBackground: true });
  const sizes = [...pdf.toString("latin1").matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)]
    .map((m) => [Number(m[1]), Number(m[2])]);
  const dir = join(out, `sheet-${name}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "sheet.pdf"), pdf);
  execFileSync("pdftoppm", ["-r", "150", "-png", join(dir, "sheet.pdf"), join(dir, "page")]);
  const pngs = readdirSync(dir).filter((f) => f.endsWith(".png")).sort().map((f) => join(dir, f));
  let codes = "";
  try {
    codes = execFileSync("zbarimg", ["--raw", "-q", ...pngs], { encoding: "utf8" });
  } catch (e) {
    codes = e.stdout || "";   // zbarimg exits 4 when a page has no code: the pages with codes still print them
  }
  return { sizes, links: codes.split("\n").filter(Boolean), pngs };
}

// The links printed under the codes, in order (the sheet's <code> under each step's code).
const printedLinks = (html) => [...html.matchAll(/<p class="link"><code>([^<]*)<\/code>/g)]
  .map((m) => m[1].replaceAll("&amp;", "&"));

for (const lab of LABS) {
  test(`${lab.id}: the worksheet and the key, the CLI's bytes, printed, every code a step's exercise`, async () => {
    const { page, errors } = await openPage(`?lab=${lab.id}`);
    const tour = (await state(page)).tour.steps, steps = tour.length;
    assert.ok(steps > 0, "the lab has a tour");
    const onPhones = tour.filter((s) => s.question).length;   // (the student's sheet: the codes of its phone steps)
    const print = await blankPage();
    const sheetLinks = [];
    for (const kind of ["sheet", "key"]) {
      const html = kind === "sheet" ? await pageSheet(page, kind) : await keyOf(page, lab);
      assert.equal(html, cliSheet(lab.id, kind), `${kind}: the page's (or the WebAssembly CLI's) bytes are the CLI's`);
      const links = printedLinks(html);
      assert.equal(links.length, kind === "key" ? steps : onPhones,
                   `${kind}: a code and a link for each ${kind === "key" ? "step" : "step on phones"}`);
      // A4 for every lab's sheet and the first lab's key, Letter for the first lab's sheet too (the sheet and the
      // key are one stylesheet and their codes the same links: the other labs' keys are checked by their bytes)
      const formats = lab !== LABS[0] ? (kind === "sheet" ? ["A4"] : []) : kind === "sheet" ? ["A4", "Letter"] : ["A4"];
      for (const format of formats) {
        const p = await printed(print, html, format, `${lab.id}-${kind}-${format}`);
        assert.ok(p.sizes.length > 0, "the PDF has pages");
        for (const [w, h] of p.sizes)
          assert.ok(Math.abs(w - SIZES[format][0]) < 2 && Math.abs(h - SIZES[format][1]) < 2, `${format}: page ${w}×${h}`);
        assert.deepEqual([...p.links].sort(), [...links].sort(), `${kind} on ${format}: every code decodes to its step's link`);
        if (lab.id === "cluster-experts" && format === "A4") copyFileSync(p.pngs[0], join(out, `worksheet-${kind}.png`));
      }
      await print.setContent(html);
      assert.deepEqual(await axe(print), [], `${kind}: axe-core finds nothing`);
      assert.deepEqual(await ibm(print), [], `${kind}: IBM's checker finds nothing`);
      if (kind === "sheet") sheetLinks.push(...links);
    }
    await print.close();
    // each code's link opens its step as an exercise: the lab, preset, seed and step's values locked (in Chromium for
    // the first lab; every lab's step links natively: tests/app/test_app_sheet_links.cpp)
    for (const [k, link] of (lab === LABS[0] ? sheetLinks : []).entries()) {   // (an exercise refuses another link: each opened as a page)
      await page.goto(link);
      await page.waitForFunction(() => window.moeLab && moeLab.ready && moeLab.state().views > 0, null, { timeout: 30000 });
      const s = await state(page), step = Number(new URL(link).searchParams.get("tour"));
      assert.ok(tour[step - 1].question, `${link}: the sheet's codes are its steps on phones`);
      assert.equal(s.tour.step, step, `${link}: step ${step} (code ${k + 1})`);
      const locked = new URL(link).searchParams.get("lock").split(",");
      assert.deepEqual([...s.exercise.locked].sort(), [...locked].sort(), `${link}: its locks`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test("the pseudo-language's key: no plain English word outside the citation and the links", async () => {
  const { page } = await openPage(`?lab=${LABS[0].id}&lang=en-XA`);
  await page.waitForFunction(() => moeLab.state().lang === "en-XA");
  const html = await pageSheet(page, "key");
  assert.equal(html, cliSheet(LABS[0].id, "key", "en-XA"), "the page's bytes are the CLI's in the pseudo-language too");
  await page.setContent(html);
  const texts = await page.evaluate(() => {
    const out = [document.title];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode())
      if (!n.parentElement.closest("code, cite, [lang]:not(html)")) out.push(n.textContent);
    for (const el of document.querySelectorAll("[aria-label]")) out.push(el.getAttribute("aria-label"));
    return out;
  });
  const plain = new Set();
  for (const t of texts)
    for (const w of t.match(/[\p{L}\p{N}_^*']+/gu) || []) if (/^[A-Za-z']{3,}$/.test(w) && w !== "QR") plain.add(w);
  assert.deepEqual([...plain], [], "plain English words on the key");
  await page.close();
});

test("a phone opens two steps from their codes, cannot run before it answers, answers each, finds both in its summary after a reload, and ten phones' lines are tallied", async () => {
  const lab = LABS.find((l) => l.id === "playground") || LABS[0];
  const { page: sheetPage } = await openPage(`?lab=${lab.id}`);
  const html = await pageSheet(sheetPage, "sheet");
  await sheetPage.close();
  const tour = await (async () => {
    const { page } = await openPage(`?lab=${lab.id}`);
    const steps = (await state(page)).tour.steps;
    await page.close();
    return steps;
  })();
  const asking = tour.map((s, k) => (s.question ? k : -1)).filter((k) => k >= 0);
  assert.ok(asking.length >= 2, "two steps ask a question");
  const codes = printedLinks(html), links = [];   // the student's sheet: a code for each step on phones
  asking.forEach((k, i) => { links[k] = codes[i]; });
  const { context, page, problems } = await openDevice(devices["Pixel 7"], links[asking[0]].slice(baseUrl().length));
  const tapAnswer = async (letter) => {
    await frames(page, 3);
    const c = (await state(page)).controls.find((x) => x.id === `button:answer-${letter}`);
    assert.ok(c, `the answer (${letter}) is on the phone's screen`);
    await page.touchscreen.tap(c.rect[0] + c.rect[2] / 2, c.rect[1] + c.rect[3] / 2);
    await page.waitForFunction(() => moeLab.state().tour.question && moeLab.state().tour.question.chosen >= 0,
                               null, { timeout: 20000 });
  };
  // the step waits for the answer: Play (and Skip, Step) is refused with a message, and nothing runs
  const before = await state(page);
  for (const c of ["play", "skip=end", "step"])
    assert.match(await page.evaluate((c) => moeLab.command(c), c), /Choose your answer first/, c);
  await frames(page, 3);
  const held = await state(page);
  assert.equal(held.progress, before.progress, "nothing ran before the answer");
  assert.equal(held.tour.question.revealed, false);
  assert.equal(held.tour.question.chosen, -1);
  await tapAnswer("a");
  assert.equal(await page.evaluate(() => moeLab.command("tour=next")).then((m) => /another exercise/.test(m)), true,
               "Next keeps the exercise's locks");
  await page.goto(links[asking[1]]);   // the next step's code
  await page.waitForFunction(() => window.moeLab && moeLab.ready && moeLab.state().views > 0, null, { timeout: 30000 });
  await tapAnswer("b");
  await page.reload();
  await page.waitForFunction(() => window.moeLab && moeLab.ready && moeLab.state().views > 0, null, { timeout: 30000 });
  const mine = (await state(page)).my_answers;
  assert.equal(mine.count, 2, "both answers are kept on the phone");
  const lines = mine.summary.split("\n");
  // each line whole: the lab, the seed, the step, its question and the answer
  for (const [i, letter] of [[0, "a"], [1, "b"]]) {
    const k = asking[i];
    assert.ok(lines[i].includes(`, seed 1, step ${k + 1}: ${tour[k].question} (${letter}) `), lines[i]);
  }
  assert.equal(mine.line, `moe-lab-answers\t${lab.id}\t1\t${asking[0] + 1}=a\t${asking[1] + 1}=b`);
  // ten phones' lines pasted into a file, counted by the CLI
  const ten = Array.from({ length: 10 }, (_, n) =>
    mine.line.replace(`${asking[1] + 1}=b`, `${asking[1] + 1}=${n < 6 ? "a" : n < 9 ? "b" : "?"}`)).join("\n");
  const tally = JSON.parse(execFileSync(nativeCli, ["tally", "--json"], { input: ten, encoding: "utf8" }));
  assert.equal(tally.lines, 10);
  const q = (step) => tally.labs[0].questions.find((x) => x.step === step).chose;
  assert.deepEqual(q(asking[0] + 1).slice(0, 1), [10]);
  assert.deepEqual([q(asking[1] + 1)[0], q(asking[1] + 1)[1], q(asking[1] + 1).at(-1)], [6, 3, 1]);
  const shown = (await state(page)).controls.map((c) => c.id);
  assert.ok(shown.includes("button:my-answers"), "the summary's button is on the screen");
  assert.equal(await page.evaluate(() => moeLab.command("my-answers=1")), "");
  await frames(page, 2);
  const onScreen = (await page.evaluate(() => moeLab.screenText().map((r) => r.text))).join(" ");
  for (const line of lines)
    assert.ok(onScreen.replace(/\s+/g, " ").includes(line), `the summary is on the phone's screen: ${line}`);
  // the student's name: a tap on the canvas's name field focuses the HTML document's field, labelled and shown in
  // the screen's upper half (above a phone's keyboard); what the keyboard types there is kept and copied in the line
  // (the field's place read again before each tap, and a tap tried up to three times: on fresh Debian the tap twice
  // did not focus the field with the browser files two at a time, and never here alone; a summary's window that still
  // moved after the place was read is one way a tap misses)
  const nameFocused = () => page.waitForFunction(
    () => document.activeElement && document.activeElement.dataset.control === "input:name", null, { timeout: 8000 })
    .then(() => true, () => false);
  await page.evaluate(() => {   // (what the page made of the taps, for the message of a failure)
    const edit = window.moeLabDocument.edit;
    window.testEdits = [];
    window.moeLabDocument.edit = (control) => { window.testEdits.push(control); return edit(control); };
  });
  let focused = false;
  for (let tap = 0; tap < 3 && !focused; ++tap) {
    await frames(page, 3);
    const nameField = (await state(page)).controls.find((x) => x.id === "input:name");
    assert.ok(nameField && nameField.rect[3] >= 24, "the name field is on the phone's screen, a finger's target");
    await page.touchscreen.tap(nameField.rect[0] + nameField.rect[2] / 2, nameField.rect[1] + nameField.rect[3] / 2);
    focused = await nameFocused();
  }
  assert.ok(focused, "a tap on the canvas's name field focuses the document's field: " + JSON.stringify(
    await page.evaluate(() => {
      const e = document.querySelector('input[data-control="input:name"]'), a = document.activeElement;
      return { edits: window.testEdits, field: e && { hidden: !!e.closest("[hidden]"), disabled: e.disabled },
               active: a && (a.dataset.control || a.tagName), playing: moeLab.state().playing };
    })));
  const typing = await page.evaluate(() => {
    const e = document.activeElement, r = e.getBoundingClientRect();
    return { label: e.labels[0].textContent, top: r.top, bottom: r.bottom, height: innerHeight };
  });
  assert.equal(typing.label, "Your name");
  assert.ok(typing.top >= 0 && typing.bottom <= typing.height / 2, `the field shows above a keyboard: ${JSON.stringify(typing)}`);
  await page.screenshot({ path: join(out, "worksheet-phone-name.png") });
  const name = "Zoë \"Z\" O'Neil, 李雷";
  await page.keyboard.type(name);
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => moeLab.state().my_name !== "", null, { timeout: 10000 });
  const named = (await state(page)).my_answers;
  assert.equal(named.name, name);
  assert.equal(named.line, mine.line.replace(`\t1\t`, `\t1\tname=Zoë %22Z%22 O'Neil%2C 李雷\t`));
  assert.ok(named.summary.startsWith(`Name: ${name}\n`), named.summary);
  await frames(page, 2);
  await page.screenshot({ path: join(out, "worksheet-phone-answers.png") });
  assert.deepEqual(problems.filter((p) => p.startsWith("error")), []);
  await context.close();
});
