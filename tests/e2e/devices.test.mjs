// Every device: a phone in portrait, a tablet in landscape and a desktop at density 2, each with touch. The
// canvas fills the viewport at the device's density without wrappers; an idle page draws nothing; a tap plays;
// a sideways drag moves a slider (and the link follows); a swipe scrolls and changes no parameter; a long press
// shows a view's help; in presentation mode a tap on Next view shows the next view. Controls are found through
// state().controls (their ids), never by coordinates written here. Screenshots go to tests/e2e/out.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openDevice, state, devices, out } from "./harness.mjs";

const setups = [
  ["phone-portrait", devices["Pixel 7"]],
  ["tablet-landscape", devices["iPad Pro 11 landscape"]],
  ["desktop-density-2", { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 2, hasTouch: true }],
];

const control = async (page, id) => {
  const c = (await state(page)).controls.find((x) => x.id === id);
  assert.ok(c, `control ${id} is on screen`);
  return c;
};
const centre = (c) => ({ x: c.rect[0] + c.rect[2] / 2, y: c.rect[1] + c.rect[3] / 2 });

// A finger's path through Chromium's touch input (pointer events with pointerType "touch"), 20 ms between
// moves by the events' own times: under software WebGL at density 2 a frame takes ~0.4 s and holds each event
// back, and the page tells a long press from a tap or a drag by the events' times, as on a real device.
async function finger(cdp, page, points, holdMs = 0) {
  const at = (p) => [{ x: p.x, y: p.y, id: 1 }];
  let t = Date.now() / 1000;
  const send = (type, touchPoints) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints, timestamp: t });
  await send("touchStart", at(points[0]));
  if (holdMs) {
    await page.waitForTimeout(holdMs);
    t += holdMs / 1000;
  }
  for (const p of points.slice(1)) {
    t += 0.02;
    await send("touchMove", at(p));
  }
  t += 0.02;
  await send("touchEnd", []);
  await page.waitForTimeout(1500);   // the queued frames: hover, press, release (~0.4 s each here)
}
const path = (from, dx, dy, steps = 8) =>
  Array.from({ length: steps + 1 }, (_, k) => ({ x: from.x + (dx * k) / steps, y: from.y + (dy * k) / steps }));

for (const [name, options] of setups) {
  test(`${name}: fills the viewport sharply, sleeps when idle, and works by touch`, async () => {
    const { context, page, problems } = await openDevice(options);
    const cdp = await context.newCDPSession(page);
    try {
      const c = await page.evaluate(() => {
        const el = document.getElementById("canvas");
        return { w: el.width, h: el.height, direct: el.parentElement === document.body, dpr: devicePixelRatio,
                 vw: innerWidth, vh: innerHeight, rect: el.getBoundingClientRect().toJSON() };
      });
      const density = Math.min(c.dpr, 3);
      assert.equal(c.w, Math.round(c.vw * density), "backing width = viewport × density");
      assert.equal(c.h, Math.round(c.vh * density), "backing height = viewport × density");
      assert.ok(c.direct, "the canvas is a direct child of the body");
      assert.deepEqual([c.rect.width, c.rect.height], [c.vw, c.vh], "the canvas fills the viewport");

      await page.waitForTimeout(1500);   // the wake-up after loading ends
      const f0 = (await state(page)).frames;
      await page.waitForTimeout(3000);
      const idle = await state(page);
      assert.ok(idle.frames - f0 <= 1, `idle: ${idle.frames - f0} frames drawn in 3 s`);
      assert.equal(idle.sleeping, true);

      const phone = c.vw < 700;
      if (phone) {   // the controls live in a drawer
        await finger(cdp, page, [centre(await control(page, "button:controls"))]);
        assert.equal((await control(page, "button:controls")).value, "open");
      }
      // a swipe up over the parameters, starting on a slider: the list scrolls, no value changes
      const query0 = (await state(page)).query;
      const K0 = await control(page, "param:K");
      await finger(cdp, page, path(centre(K0), 3, -160));
      const K1 = await control(page, "param:K").catch(() => null);
      assert.ok(!K1 || K1.rect[1] < K0.rect[1] - 40, "the sidebar scrolled");
      assert.equal((await state(page)).query, query0, "a swipe changes no parameter");
      await finger(cdp, page, path(centre(K1 || K0), 0, 160));   // back down

      // a sideways drag on the d slider moves it (a slider takes the value under the finger), and the link follows
      const d = await control(page, "param:d");
      // (two moves: under software WebGL at density 2 a frame takes ~0.4 s and holds each event back, so slow
      // small moves would add up to a long press by the events' own times)
      await finger(cdp, page, path(centre(d), d.rect[2] * 0.15, 0, 2));
      assert.notEqual((await control(page, "param:d")).value, d.value, "the drag moved the slider");
      assert.match((await state(page)).query, /[?&]?d=/, "the link holds the new value");

      if (phone) await finger(cdp, page, [centre(await control(page, "button:controls"))]);   // close the drawer
      await finger(cdp, page, [centre(await control(page, "button:play"))]);
      await page.waitForFunction(() => moeLab.state().progress > 0, null, { timeout: 20000 });
      assert.equal(await page.evaluate(() => moeLab.command("pause")), "");   // the views stay where they are
      await page.waitForTimeout(500);
      const shot = await page.screenshot({ path: join(out, `device-${name}.png`) });
      // the canvas's corners, between and beside the panels, have the page's background (a frame's clear once painted
      // only the last scissor rectangle, and the rest stayed black)
      const corners = await page.evaluate(async (b64) => {
        const img = new Image();
        img.src = "data:image/png;base64," + b64;
        await img.decode();
        const c = document.createElement("canvas");
        c.width = img.width, c.height = img.height;
        const g = c.getContext("2d", { willReadFrequently: true });
        g.drawImage(img, 0, 0);
        return [[1, 1], [img.width - 2, 1], [1, img.height - 2], [img.width - 2, img.height - 2]]
          .map(([x, y]) => Array.from(g.getImageData(x, y, 1, 1).data).slice(0, 3));
      }, shot.toString("base64"));
      for (const px of corners) assert.ok(px[0] + px[1] + px[2] > 300, `a corner of the light page is dark: ${px}`);

      // a long press on a view's title shows its help, as hovering with a mouse does
      const title = (await state(page)).controls.find((x) => x.id.startsWith("view:"));
      assert.ok(title, "a view title is on screen");
      await finger(cdp, page, [centre(title)], 900);
      const held = await state(page);
      assert.ok(held.help.length > 0, `the long press on ${JSON.stringify(title)} shows its help (pointer ${held.pointer})`);

      // presentation mode: a tap on Next view shows the next view
      assert.equal(await page.evaluate(() => moeLab.command("present=1")), "");
      await page.waitForTimeout(500);
      const before = (await state(page)).focused.join(",");
      await finger(cdp, page, [centre(await control(page, "button:next-view"))]);
      assert.notEqual((await state(page)).focused.join(","), before, "Next view changed the view shown");
      await page.screenshot({ path: join(out, `device-${name}-present.png`) });
      assert.deepEqual(problems, [], "no console errors or warnings");
    } finally {
      await context.close();
    }
  });
}
