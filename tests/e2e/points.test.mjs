// A lab's own points (a point-set parameter, the playground's data): drawn on the data view with a mouse (a click
// adds a point of the chosen class, a right click removes the nearest) and with a phone's finger (a tap adds, a long
// press removes), then the run trained; the link the page writes opens the same points and, played, the same
// metrics. A 2,000-point CSV loads; a malformed one is refused with its line number and changes nothing; the HTML
// document alone adds a point. The data view is found through state().view_reports (its data rectangle), never by
// coordinates written here. Screenshots go to tests/e2e/out.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage, openDevice, state, frames, devices, out, finish } from "./harness.mjs";

const LINK = "?lab=playground&preset=draw&seed=2&view=1";   // view 1: the data view, large

// Where (x, y) of the plane [-1, 1]² is on screen, from the data view's report.
async function plane(page) {
  await frames(page);
  const r = (await state(page)).view_reports.find((v) => v.id === "decision");
  assert.ok(r, "the data view is drawn");
  const [ax, ay, w, h] = r.data;
  return (x, y) => ({ x: ax + ((x + 1) / 2) * w, y: ay + h - ((y + 1) / 2) * h });
}

// 30 places in three groups, one class each: (x, y, class).
const places = Array.from({ length: 30 }, (_, k) => {
  const c = k % 3, a = (k / 30) * 2 * Math.PI;
  const centre = [[-0.5, -0.4], [0.5, -0.4], [0, 0.5]][c];
  return [centre[0] + 0.2 * Math.cos(a * 3), centre[1] + 0.2 * Math.sin(a * 3), c];
});

async function count(page) { return Number((await state(page)).params.points); }

async function playToEnd(page) {
  await finish(page, 60000);
  return (await state(page)).metrics;
}

// The link the page wrote, opened in a new page: the same points, the same metrics once played.
async function sameAgain(page, metrics) {
  const query = new URL(page.url()).search;
  assert.match(query, /&points=/);
  const again = await openPage(query);
  assert.equal(await count(again.page), await count(page));
  const m = await playToEnd(again.page);
  for (const k of ["acc", "acc_dense", "load_entropy"]) assert.equal(m[k], metrics[k], k);
  assert.deepEqual(again.errors, []);
  await again.page.close();
}

test("with a mouse: 30 points clicked on the data view, one removed by a right click, trained, and the link opens the same", async () => {
  const { page, errors } = await openPage(LINK + "&scale=1.6");
  let at = await plane(page);
  for (const [x, y, c] of places) {
    await page.evaluate((c) => moeLab.command("pen=" + c), c);
    const p = at(x, y);
    await page.mouse.click(p.x, p.y);
    await frames(page, 2);
  }
  assert.equal(await count(page), 30);
  at = await plane(page);
  const p = at(places[0][0], places[0][1]);
  await page.mouse.click(p.x, p.y, { button: "right" });
  await frames(page, 3);
  assert.equal(await count(page), 29, "the right click removed the nearest point");
  const metrics = await playToEnd(page);
  assert.ok(metrics.acc > 0.5, JSON.stringify(metrics));
  await page.screenshot({ path: join(out, "points-mouse.png") });
  await sameAgain(page, metrics);
  assert.deepEqual(errors, []);
  await page.close();
});

// (12 taps, 4 of each class: a frame at the phone's density takes ~0.4 s in software WebGL, and the mouse's test
// above draws the 30)
const tapped = places.filter((_, k) => k % 30 < 12);
test("on a phone (Pixel 7, touch): 12 points tapped, one removed by a long press, and the link opens the same", async () => {
  const { context, page, problems } = await openDevice(devices["Pixel 7"], LINK);
  try {
    const cdp = await context.newCDPSession(page);
    const touch = async (q, holdMs) => {
      let t = Date.now() / 1000;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: q.x, y: q.y, id: 1 }], timestamp: t });
      if (holdMs) await page.waitForTimeout(holdMs);
      t += (holdMs || 60) / 1000;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [], timestamp: t });
    };
    const at = await plane(page);
    for (const [k, [x, y, c]] of tapped.entries()) {
      await page.evaluate((c) => moeLab.command("pen=" + c), c);
      await touch(at(x, y));
      await page.waitForFunction((n) => Number(moeLab.state().params.points) >= n, k + 1);
    }
    assert.equal(await count(page), tapped.length);
    await touch(at(tapped[1][0], tapped[1][1]), 900);
    await page.waitForFunction((n) => Number(moeLab.state().params.points) === n, tapped.length - 1, { timeout: 10000 });
    const metrics = await playToEnd(page);
    await page.screenshot({ path: join(out, "points-phone.png") });
    await sameAgain(page, metrics);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("a 2,000-point CSV loads; a malformed one is refused with its line number and changes nothing; CSV pasted on the canvas loads; the HTML document alone adds a point", async () => {
  const { page, errors } = await openPage(LINK);
  const rows = ["x,y,class"];
  for (let k = 0; k < 2000; k++) rows.push(`${((k % 50) / 25 - 0.99).toFixed(3)},${(Math.floor(k / 50) / 20 - 0.99).toFixed(3)},${k % 3}`);
  assert.equal(await page.evaluate((t) => moeLab.command("points-csv=" + t), rows.join("\n")), "");
  assert.equal(await count(page), 2000);
  const link = page.url();
  const bad = rows.slice(0, 10).concat(["0.5,0.5,9"]).join("\n");   // line 11: no class 9
  assert.match(await page.evaluate((t) => moeLab.command("points-csv=" + t), bad), /line 11/);
  assert.equal(await count(page), 2000);
  assert.equal(page.url(), link, "nothing changed");
  // pasted with Ctrl+V while the canvas has the focus
  await page.evaluate(() => {
    const canvas = document.getElementById("canvas"), data = new DataTransfer();
    data.setData("text", "x,y,class\n0.1,0.2,0\n-0.3,0.4,1\n");
    canvas.focus();
    canvas.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true }));
  });
  assert.equal(await count(page), 2, "the pasted CSV replaced the points");
  assert.equal(await page.evaluate(() => moeLab.command("clear-points")), "");
  // the HTML document: coordinates, a class, the Add button
  await page.fill("#param-points-x", "0.25");
  await page.fill("#param-points-y", "-0.5");
  await page.selectOption("#param-points-class", "2");
  await page.focus("#param-points [data-control='button:add-point']");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => Number(moeLab.state().params.points) === 1);
  assert.equal(await page.evaluate(() => document.getElementById("param-points-count").textContent), "1 point");
  assert.deepEqual(errors, []);
  await page.close();
});
