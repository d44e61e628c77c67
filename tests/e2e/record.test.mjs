// Recording a clip for slides. In the page: record=1 while a run plays, then a pause, then record=0 gives a
// video whose length matches the recording time and whose last decoded frame matches a screenshot of the canvas
// taken at that moment, while its first frame differs (a blank or frozen video fails); record=view records only
// the view shown large; the page stays awake while it records; bad input is refused. On the desktop, --record DIR
// writes PNG frames at 30 per second of wall time and the last one is the window's last frame, byte for byte.
// browser-tests.sh: alone (a clip's length is checked against the wall clock: a file played beside it skews it)
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { execFileSync } from "node:child_process";
import { openPage, state, root, decodePng } from "./harness.mjs";

const command = (page, c) => page.evaluate((c) => moeLab.command(c), c);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The clip the page saved (moeLab.lastClip), decoded by the browser's own <video>: its duration, its size, and
// the mean absolute RGB difference of its frames at `times` (seconds; negative: from the end) from a PNG.
async function decodeClip(page, pngBase64, times) {
  return page.evaluate(async ({ pngBase64, times }) => {
    const clip = moeLab.lastClip;
    const video = document.createElement("video");
    video.muted = true;
    video.src = URL.createObjectURL(new Blob([clip.bytes], { type: clip.type.split(";")[0] }));
    await new Promise((r, e) => { video.onloadeddata = r; video.onerror = () => e(new Error("the clip does not decode")); });
    if (!Number.isFinite(video.duration)) {   // MediaRecorder's WebM has no duration: seeking far makes one
      video.currentTime = 1e9;
      await new Promise((r) => { video.ondurationchange = () => Number.isFinite(video.duration) && r(); });
    }
    const seek = (t) => new Promise((r) => { video.onseeked = r; video.currentTime = t; });
    const W = video.videoWidth, H = video.videoHeight;
    const pixels = (source) => {
      const c = document.createElement("canvas");
      c.width = W;
      c.height = H;
      const g = c.getContext("2d");
      g.drawImage(source, 0, 0, W, H);
      return g.getImageData(0, 0, W, H).data;
    };
    const img = new Image();
    img.src = "data:image/png;base64," + pngBase64;
    await img.decode();
    const shot = pixels(img);
    const diff = (a, b) => { let s = 0; for (let i = 0; i < a.length; i += 4) s += Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]); return s / (a.length / 4) / 3; };
    const grey = shot.map((v, i) => (i % 4 === 3 ? 255 : 128));   // a blank frame, for scale
    const frames = [];
    await seek(0);   // (the first seek after the duration's can show the frame before it: a seek of its own)
    for (const t of times) {
      await seek(t < 0 ? Math.max(0, video.duration + t) : t);
      frames.push(diff(pixels(video), shot));
    }
    return { duration: video.duration, width: W, height: H, diffs: frames, blank: diff(grey, shot), ms: clip.ms, type: clip.type,
             bytes: clip.bytes.length, head: Array.from(clip.bytes.slice(0, 4)) };
  }, { pngBase64, times });
}

test("the page records a clip: its length is the recording's, its last frame the screen's, its first another", async (t) => {
  const { page, errors } = await openPage("?lab=latent-clusters&present=1&scale=1.6");
  const none = await command(page, "record=2");
  assert.match(none, /record='2': give 1 \(the canvas\), view .* or 0/);
  assert.equal(await command(page, "record=1"), "");
  assert.match(await command(page, "record=1"), /being recorded already/);
  await command(page, "play");
  await sleep(2500);
  await command(page, "pause");
  await sleep(1500);   // paused, and no input for longer than the page's idle time: a recording keeps it drawing
  const s = await state(page);
  assert.equal(s.record.mode, "canvas");
  assert.equal(s.sleeping, false, "the page sleeps while it records");
  assert.ok(s.record.frames > 5, `${s.record.frames} frames`);
  const shot = await page.locator("#canvas").screenshot();
  assert.equal(await command(page, "record=0"), "");
  await page.waitForFunction(() => moeLab.lastClip, null, { timeout: 20000 });
  const c = await decodeClip(page, shot.toString("base64"), [0.05, -0.05]);
  assert.match(c.type, /^video\/webm/, "Chromium records WebM");
  assert.deepEqual(c.head, [0x1a, 0x45, 0xdf, 0xa3], "a WebM (EBML) file");
  assert.equal(c.width, 1280);
  assert.equal(c.height, 720);
  const seconds = c.ms / 1000;
  // (the recorder's start event and its first frame reach a busy page a few hundred ms apart under software
  // rendering on 2 cores: measured 0.15-0.5 s either way)
  assert.ok(Math.abs(c.duration - seconds) < Math.max(0.75, 0.1 * seconds), `clip ${c.duration} s, recorded ${seconds} s`);
  const [first, last] = c.diffs;
  t.diagnostic(`clip ${c.duration.toFixed(2)} s for ${seconds.toFixed(2)} s recorded, ${c.bytes} bytes; mean difference from the screenshot: last frame ${last.toFixed(2)}, first ${first.toFixed(2)}, blank ${c.blank.toFixed(2)}`);
  assert.ok(last < 8 && last < c.blank / 4, `the last frame matches the screenshot: mean difference ${last} (blank: ${c.blank})`);
  assert.ok(first > last + 2, `the first frame shows the run's start, not the end: ${first} vs ${last}`);
  assert.match((await state(page)).messages.join(" "), /Recorded \d+\.\d s/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("record=view records only the view shown large; without one it is refused", async () => {
  const { page, errors } = await openPage("?lab=cluster-experts&scale=1.6");
  assert.match(await command(page, "record=view"), /show a view large first/);
  await command(page, "view=0");
  assert.equal(await command(page, "record=view"), "");
  await command(page, "play");
  await sleep(1500);
  await command(page, "pause");
  await sleep(500);
  const shot = await page.locator("#canvas").screenshot();
  assert.equal((await state(page)).record.mode, "view");
  await command(page, "record=0");
  await page.waitForFunction(() => moeLab.lastClip, null, { timeout: 20000 });
  const c = await decodeClip(page, shot.toString("base64"), [-0.05]);
  assert.ok(c.width < 1280 * 0.9 && c.width > 400 && c.height > 300 && c.height < 720, `${c.width}×${c.height}: the view, not the canvas`);
  assert.equal(c.width % 2 + c.height % 2, 0, "even sizes for the encoder");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the desktop app records numbered PNG frames at 30 per second, ending on the window's last frame", { skip: !existsSync("/usr/bin/xvfb-run") }, () => {
  const desktop = join(root, "build", "native", "moe-lab-desktop");
  assert.ok(existsSync(desktop), "build the desktop app: cmake --preset native -DMOE_BUILD_UI=ON");
  const dir = mkdtempSync(join(tmpdir(), "moe-record-"));
  const t0 = Date.now();
  const out = execFileSync("xvfb-run", ["-a", "-s", "-screen 0 1280x720x24", desktop, "lab=latent-clusters&present=1", "--play",
                                        "--frames", "40", "--record", "clip", "--screenshot", "last.png"],
                           { cwd: dir, encoding: "utf8", timeout: 180000 });
  const seconds = (Date.now() - t0) / 1000;
  assert.match(out, /recorded \d+ frames \(1280×720, 30 per second\) in clip/);
  const files = readdirSync(join(dir, "clip")).sort();
  assert.ok(files.length >= 2 && files.length <= (seconds + 1) * 30, `${files.length} frames in ${seconds} s`);
  files.forEach((f, k) => assert.equal(f, `frame_${String(k).padStart(5, "0")}.png`));
  const last = readFileSync(join(dir, "clip", files[files.length - 1]));
  const png = decodePng(last);
  assert.deepEqual([png.width, png.height], [1280, 720]);
  assert.ok(last.equals(readFileSync(join(dir, "last.png"))), "the clip's last frame is the window's last frame");
  assert.ok(!readFileSync(join(dir, "clip", files[0])).equals(last), "the run moved between the first frame and the last");
});
