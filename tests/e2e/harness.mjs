// The browser tests' shared harness: serves build/web/site on a free port (or uses MOE_BASE_URL, a page
// served elsewhere, e.g. scripts/package-site.sh's folder under python3 -m http.server), launches Debian's Chromium through playwright-core (installed by scripts/setup.sh into the
// git-ignored .cache/e2e), and opens the page at 1280x720 collecting console errors.
// Each *.test.mjs file in this folder imports it; node --test runs the files one after another.
import { before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { readFile, mkdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { extname, join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
// playwright-core is installed by scripts/setup.sh into the git-ignored .cache/e2e (from this folder's lockfile)
const { chromium, devices } = await import(pathToFileURL(join(root, ".cache", "e2e", "node_modules", "playwright-core", "index.mjs")).href);
export const site = join(root, "build", "web", "site");
export const out = join(root, "tests", "e2e", "out");
export const nativeCli = join(root, "build", "native", "moe-lab");
export const wasmCli = join(root, "build", "web", "moe-lab.js");
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".css": "text/css",
                ".svg": "image/svg+xml", ".webmanifest": "application/manifest+json" };

let server, browser, base;
export const baseUrl = () => base;

// Serves a folder on a free port of 127.0.0.1: {url, close()} (close() also ends open connections).
export async function serveFolder(dir) {
  const s = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const file = join(dir, path === "/" ? "index.html" : path);
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": types[extname(file)] || "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise((r) => s.listen(0, "127.0.0.1", r));
  return {
    server: s,
    url: `http://127.0.0.1:${s.address().port}/`,
    close: () => new Promise((r) => { s.closeAllConnections?.(); s.close(r); }),
  };
}

// Serves build/web/site; returns its address.
async function serveSite() {
  assert.ok(existsSync(join(site, "moe-lab.wasm")), "build the page first: scripts/build-web.sh");
  const served = await serveFolder(site);
  server = served.server;
  return served.url;
}

before(async () => {
  await mkdir(out, { recursive: true });
  base = process.env.MOE_BASE_URL ? process.env.MOE_BASE_URL.replace(/\/?$/, "/") : await serveSite();
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

// The page is open when the app draws its views and the HTML document beside the canvas is built.
const ready = () => window.moeLab && moeLab.ready && moeLab.state().views > 0 &&
  document.getElementById("pdom").childElementCount > 0;

// Pages are used again within a file: a page a test has closed opens the next test's link by navigating, after its
// storage, service worker and caches are cleared (what a new context would start without). Its renderer process and
// its compiled WebAssembly are kept: in software WebGL a new page cost 1.6 CPU s to open, a navigated one 0.8. A page
// a test changed in a way a navigation keeps (an init script, a route, emulated media, its own listeners) is closed
// for good instead.
const spare = [];
const KEPT_BY_NAVIGATION = ["addInitScript", "route", "routeFromHAR", "exposeFunction", "exposeBinding", "emulateMedia",
                            "setExtraHTTPHeaders", "on", "addListener", "once", "prependListener"];

async function newPage(viewport) {
  const page = await browser.newPage({ viewport });
  let reusable = true;
  const harness = { on: page.on.bind(page), off: page.off.bind(page) };
  for (const m of KEPT_BY_NAVIGATION) {
    const f = page[m].bind(page);
    page[m] = (...a) => { reusable = false; return f(...a); };
  }
  const close = page.close.bind(page);
  page.close = async (options) => {
    for (const [event, f] of page.harnessListeners) harness.off(event, f);
    if (reusable && !page.isClosed() && !options) spare.push(page);
    else await close(options);
  };
  page.harnessOn = (event, f) => { harness.on(event, f); page.harnessListeners.push([event, f]); };
  return page;
}

// A spare page back to a new context's state: nothing stored for the site, no service worker, no caches (cleared
// by the DevTools protocol once the page has left the site: a page of the site would fetch more than it clears).
async function cleared(page, viewport) {
  await page.goto("about:blank");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Storage.clearDataForOrigin",
                 { origin: new URL(base).origin, storageTypes: "local_storage,service_workers,cache_storage" });
  await cdp.detach();
  await page.setViewportSize(viewport);
  return page;
}

// (a smaller viewport where only numbers are checked: software WebGL draws every pixel of every frame on the CPU)
export async function openPage(query, viewport = { width: 1280, height: 720 }) {
  const page = spare.length ? await cleared(spare.pop(), viewport) : await newPage(viewport);
  page.harnessListeners = [];
  const errors = [];
  page.harnessOn("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.harnessOn("pageerror", (e) => errors.push(String(e)));
  await page.goto(base + query);
  await page.waitForFunction(ready, null, { timeout: 30000 });
  return { page, errors };
}

// A page of its own with nothing in it (a worksheet printed by the browser: worksheet.test.mjs).
export const blankPage = () => browser.newPage();

export const state = (page) => page.evaluate(() => moeLab.state());

// Lets the page draw `n` frames (the app lays out and reports what it drew inside a frame).
export const frames = (page, n = 3) =>
  page.evaluate((n) => new Promise((r) => { let k = 0; const f = () => (++k >= n ? r() : requestAnimationFrame(f)); requestAnimationFrame(f); }), n);

// A key pressed on the canvas as a hand presses it: ImGui 1.86 reads Space and the arrows as "down in this frame", so
// the key stays down for a frame (letters and digits come as typed characters and are queued).
export async function pressKey(page, key) {
  await page.keyboard.down(key);
  await frames(page, 2);
  await page.keyboard.up(key);
  await frames(page, 1);
}

// A command, then three frames drawn with it.
export async function drawnCommand(page, cmd) {
  await page.evaluate((c) => moeLab.command(c), cmd);
  await frames(page);
}

// The run trained to its end with skip=end: full speed, a frame drawn between long slices, the same numbers as Play (a
// run's numbers do not depend on how its work is sliced), at a fraction of the frames. A test of playing itself (the
// Play button, frames while running, moments taken per frame) presses Play instead.
export async function finish(page, timeout = 240000) {
  assert.equal(await page.evaluate(() => moeLab.command("skip=end")), "");
  await page.waitForFunction(() => moeLab.state().done || moeLab.state().failure !== "", null, { timeout, polling: 250 });
}

// Playwright's device descriptors: viewport, density, touch ("Pixel 7", "iPad Pro 11 landscape", ...).
export { devices };

// The page in a context of its own (a device's viewport, density and touch), collecting console errors and
// warnings; close the context when done. prepare(context), if given, runs before the page loads (routes).
export async function openDevice(options, query = "", at = base, prepare = null) {
  const context = await browser.newContext(options);
  if (prepare) await prepare(context);
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") problems.push(m.type() + ": " + m.text()); });
  page.on("pageerror", (e) => problems.push(String(e)));
  await page.goto(at + query);
  await page.waitForFunction(ready, null, { timeout: 30000 });
  return { context, page, problems };
}

export function cliMetrics(cmd, args) {
  return cliRun(cmd, args).metrics;
}

// The CLI's whole `run --json` report (metrics, failure, the end-of-run outcome line).
export function cliRun(cmd, args) {
  const text = execFileSync(cmd[0], [...cmd.slice(1), "run", ...args, "--json"], { encoding: "utf8", maxBuffer: 1 << 24 });
  return JSON.parse(text);
}

// What a view drew (state().view_reports) reads on a projector: a plot with room (large: ≥ 40 % of the
// canvas height), a legend entry for every named series, no label across a curve, on another label or cut.
export function checkReport(r, canvasH, large, where) {
  const [, , w, h] = r.plot;
  assert.ok(w > 0 && h > 0, `${where} ${r.id}: empty plot ${JSON.stringify(r.plot)}`);
  if (large) assert.ok(h >= 0.4 * canvasH, `${where} ${r.id}: plot height ${h} < 40 % of ${canvasH}`);
  for (const s of r.series) assert.ok(r.legend.includes(s), `${where} ${r.id}: series '${s}' has no legend entry (${JSON.stringify(r.legend)})`);
  assert.equal(r.crossings, 0, `${where} ${r.id}: a label crosses a curve (${JSON.stringify(r.labels)})`);
  assert.equal(r.overlaps, 0, `${where} ${r.id}: overlapping labels (${JSON.stringify(r.labels)})`);
  assert.equal(r.clipped, 0, `${where} ${r.id}: a label is cut by the view's box (${JSON.stringify(r.labels)})`);
}

// The canvas's controls (state().controls) read whole: none cut by the side of its window (a label too long for
// the sidebar) and no two on top of each other.
export function checkControls(s, where) {
  for (const c of s.controls) {
    const [x, , w] = c.rect, [wx, , ww] = c.window;
    assert.ok(x >= wx - 1 && x + w <= wx + ww + 1, `${where}: ${c.id} ('${c.label}') is cut by its window: ${JSON.stringify(c.rect)} in ${JSON.stringify(c.window)}`);
  }
  s.controls.forEach((a, i) => s.controls.slice(i + 1).forEach((b) => {
    const ox = Math.min(a.rect[0] + a.rect[2], b.rect[0] + b.rect[2]) - Math.max(a.rect[0], b.rect[0]);
    const oy = Math.min(a.rect[1] + a.rect[3], b.rect[1] + b.rect[3]) - Math.max(a.rect[1], b.rect[1]);
    assert.ok(ox <= 1 || oy <= 1, `${where}: ${a.id} and ${b.id} overlap`);
  }));
}

// A minimal PNG reader: signature, chunk CRCs, IHDR, and the inflated image data's size.
const CRC = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
const crc32 = (buf) => { let c = 0xffffffff; for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };

export function decodePng(buf) {
  assert.deepEqual([...buf.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], "PNG signature");
  let off = 8, width = 0, height = 0;
  const idat = [];
  while (off < buf.length) {
    const len = buf.readUInt32BE(off), type = buf.toString("latin1", off + 4, off + 8);
    const data = buf.subarray(off + 8, off + 8 + len);
    assert.equal(buf.readUInt32BE(off + 8 + len), crc32(buf.subarray(off + 4, off + 8 + len)), `CRC of ${type}`);
    if (type === "IHDR") { width = data.readUInt32BE(0); height = data.readUInt32BE(4); assert.equal(data[8], 8); }
    if (type === "IDAT") idat.push(data);
    off += 12 + len;
    if (type === "IEND") break;
  }
  return { width, height, raw: inflateSync(Buffer.concat(idat)) };
}

// axe-core's WCAG 2.0/2.1 A and AA violations on the page, with its HTML document in sync (npm's axe-core, set up by
// scripts/setup.sh).
const axeFile = join(root, ".cache", "e2e", "node_modules", "axe-core", "axe.min.js");
export async function axe(page) {
  if (!(await page.evaluate(() => typeof window.axe !== "undefined"))) await page.addScriptTag({ path: axeFile });
  await page.evaluate(() => window.moeLabDocument && window.moeLabDocument.sync());   // (a worksheet has none)
  const r = await page.evaluate(() => axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } }));
  // and WCAG 2.1's 4.1.1 (Parsing), which axe-core no longer tests: no id twice (a label, a focus or a skip link that
  // names it would reach the first only)
  const twice = await page.evaluate(() => {
    const ids = [...document.querySelectorAll("[id]")].map((e) => e.id);
    return [...new Set(ids.filter((id, k) => ids.indexOf(id) !== k))];
  });
  return [...r.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`),
          ...twice.map((id) => `duplicate id '${id}' (WCAG 4.1.1)`)];
}

// The canvas's controls that have no element in the HTML document (data-control).
export async function missingTwins(page) {
  await page.evaluate(() => window.moeLabDocument && window.moeLabDocument.sync());   // (a worksheet has none)
  return page.evaluate(() => moeLab.state().controls.map((c) => c.id)
    .filter((id) => !document.querySelector(`#pdom [data-control="${CSS.escape(id)}"]`)));
}

// The IBM Equal Access engine's WCAG 2.1 (A and AA) violations on the page: a second engine, independent of axe-core
// (npm's accessibility-checker-engine, set up by scripts/setup.sh). Its results are [VIOLATION|RECOMMENDATION|…,
// PASS|FAIL|POTENTIAL|MANUAL]; a violation (the checker tools' level "violation") is a VIOLATION rule that fails.
const aceFile = join(root, ".cache", "e2e", "node_modules", "accessibility-checker-engine", "ace.js");
export async function ibm(page) {
  if (!(await page.evaluate(() => typeof window.ace !== "undefined"))) await page.addScriptTag({ path: aceFile });
  await page.evaluate(() => window.moeLabDocument && window.moeLabDocument.sync());   // (a worksheet has none)
  return page.evaluate(async () => {
    const report = await new window.ace.Checker().check(document, ["WCAG_2_1"]);
    return report.results.filter((r) => r.value[0] === "VIOLATION" && r.value[1] === "FAIL")
      .map((r) => `${r.ruleId} (${r.reasonId}): ${r.message} at ${r.path.dom} ${(r.snippet || "").slice(0, 160)}`);
  });
}

// Every announcement the live region makes from now on (window.announced: its texts, in order).
export const recordAnnouncements = (page) => page.evaluate(() => {
  window.announced = [];
  const live = document.getElementById("announce");
  new MutationObserver(() => { if (live.textContent) window.announced.push(live.textContent); })
    .observe(live, { childList: true, characterData: true, subtree: true });
});
