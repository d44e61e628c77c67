// The page's Web Workers (issue 22): a pool that runs whole sweep repetitions of the page's run, each worker with
// its own instance of moe-lab-worker.wasm (compiled once here and handed to every worker). The app calls start,
// open, assign, fill and play (src/app/worker_pool.cpp through src/platform/web_workers.cpp); what the workers
// send goes back to it. No SharedArrayBuffer: messages carry the run's link in and results out as text, so the
// page works on any static host (GitHub Pages, python3 -m http.server) without COOP/COEP headers.
window.moeWorkers = (() => {
  const MAX = 16;
  let pool = [];        // the current start's workers, by index (the app's worker numbers)
  let generation = 0;   // each start() begins a new one: an earlier one's messages are dropped
  let compiled = null;  // the module, fetched and compiled once

  const withText = (text, f) => {
    const n = Module.lengthBytesUTF8(text) + 1, p = Module._malloc(n);
    Module.stringToUTF8(text, p, n);
    try { f(p); } finally { Module._free(p); }
  };
  // (later, never inside the app's call to start(): the app may still be under construction)
  const report = (g, ready, why) => Promise.resolve().then(() => {
    if (g === generation) withText(why, (p) => Module._moe_workers_ready(ready, p));
  });
  const stop = () => {
    for (const w of pool) w.terminate();
    pool = [];
  };

  function start(count) {
    const g = ++generation;
    stop();
    const n = count < 0 ? Math.min(MAX, Math.max(1, (navigator.hardwareConcurrency || 2) - 1)) : Math.min(MAX, count);
    if (n === 0) return;
    if (typeof Worker === "undefined" || typeof WebAssembly === "undefined")
      return report(g, 0, "this browser has no Web Workers: every sweep runs on the page's main thread");
    compiled = compiled || fetch("moe-lab-worker.wasm")
      .then((r) => { if (!r.ok) throw new Error("HTTP " + r.status); return r.arrayBuffer(); })
      .then((bytes) => WebAssembly.compile(bytes));
    compiled.then((module) => {
      if (g !== generation) return;
      let waiting = n;
      for (let i = 0; i < n; ++i) {
        const w = new Worker("sweep-worker.js");
        w.onmessage = (e) => receive(g, i, e.data, () => {
          if (--waiting === 0) report(g, n, n + (n === 1 ? " worker" : " workers") + " (" + (count < 0 ? "one per spare core" : "workers=" + count) + ")");
        });
        w.onerror = (e) => { e.preventDefault(); receive(g, i, { type: "failed", why: e.message || "an error" }); };
        w.postMessage({ type: "init", module });
        pool.push(w);
      }
    }).catch((err) => {   // the module did not load, or a worker could not be made (CSP, file://)
      if (g !== generation) return;
      stop();
      compiled = null;
      report(g, 0, "the workers did not load (" + err.message + "): every sweep runs on the page's main thread");
    });
  }

  function receive(g, i, m, onReady) {
    if (g !== generation) return;
    if (m.type === "ready") {
      if (onReady) onReady();
    } else if (m.type === "results") {
      withText(m.text, (p) => Module._moe_worker_results(i, m.run, p));
    } else if (m.type === "failed") {
      withText(String(m.why), (p) => Module._moe_worker_failed(i, p));
    }
  }

  const post = (m) => { for (const w of pool) w.postMessage(m); };
  return {
    start,
    open: (run, query) => post({ type: "open", run, query }),
    assign: (worker, run, sweep, rep) => pool[worker] && pool[worker].postMessage({ type: "assign", run, sweep, rep }),
    fill: (run, sweep, text) => post({ type: "fill", run, sweep, text }),
    play: (on) => post({ type: "play", on }),
    size: () => pool.length,
  };
})();
