// Offline: a page opened once reloads with no server at all and plays a lab to the end, every response coming
// from its service worker (web/sw.js), its Web Workers included (cached when the first visit loaded them). The
// manifest and icon make it installable.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openDevice, serveFolder, site } from "./harness.mjs";

test("offline: once opened, the page reloads from its service worker with no server and plays to the end", async () => {
  const served = await serveFolder(site);
  const { context, page, problems } = await openDevice({ viewport: { width: 1280, height: 720 } },
                                                       "?lab=patch-routing&preset=minimal&workers=1", served.url);
  try {
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector('link[rel="manifest"]');
      return link ? (await fetch(link.href)).json() : null;
    });
    assert.ok(manifest && manifest.name && manifest.start_url && manifest.icons.length > 0, "a web app manifest");
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
    // a visit through the service worker that loads the Web Workers' files (the first may have loaded them before
    // the service worker took over): they are cached then
    await page.reload();
    await page.waitForFunction(() => window.moeLab && moeLab.ready && moeLab.state().workers.ready > 0, null,
                               { timeout: 30000 });
    await served.close();   // no network from here on

    const responses = [];
    page.on("response", (r) => responses.push({ url: r.url(), sw: r.fromServiceWorker() }));
    await page.reload();
    await page.waitForFunction(() => window.moeLab && moeLab.ready && moeLab.state().views > 0, null, { timeout: 30000 });
    // the Web Workers' script and module come from the cache too (web/site-files.txt)
    await page.waitForFunction(() => moeLab.state().workers.ready > 0, null, { timeout: 30000 });
    assert.equal(await page.evaluate(() => moeLab.command("play")), "");
    await page.waitForFunction(() => moeLab.state().done, null, { timeout: 120000 });
    const s = await page.evaluate(() => moeLab.state());
    assert.equal(s.failure, "");
    assert.ok(s.progress >= 1);
    assert.ok(responses.length >= 4, `the reload fetched its files (${responses.length})`);
    for (const r of responses) assert.ok(r.sw, `${r.url} came from the service worker`);
    assert.deepEqual(problems, [], "no console errors or warnings");
  } finally {
    await context.close();
  }
});
