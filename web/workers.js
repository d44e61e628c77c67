// The page's Web Workers: a pool that runs whole sweep repetitions of the page's run, each worker with
// its own instance of moe-lab-worker.wasm (fetched and compiled at the first start(), which the app calls only for a
// run where workers pay, and handed to every worker). The app calls start,
// open, assign, fill and play (src/app/frame/worker_pool.cpp through src/platform/web_workers.cpp); what the workers
// send goes back to it. In compare mode one more worker runs run B (openB, paceB, textB, closeB; src/app/frame/run_b_worker.cpp)
// and sends B's snapshots back as bytes. No SharedArrayBuffer: messages carry the run's link in and results out,
// so the page works on any static host (GitHub Pages, python3 -m http.server) without COOP/COEP headers.
window.moeWorkers = (() => {
  // Why a worker or run B's worker stopped reaches the page's messages: through the page's string table
  // (core/words.hpp). What start() reports goes to state().workers.note only.
  const t = (s) => (globalThis.moeLabWords ? globalThis.moeLabWords(s) : s);
  const MAX = 16;
  let pool = [];        // the current start's workers, by index (the app's worker numbers)
  let generation = 0;   // each start() begins a new one: an earlier one's messages are dropped
  let compiled = null;  // the module, fetched and compiled once
  let module = null;    // and once compiled (the pool is ready)
  let runB = null;      // run B's worker (compare mode), of this generation

  const withText = (text, f) => {
    const n = Module.lengthBytesUTF8(text) + 1, p = Module._malloc(n);
    Module.stringToUTF8(text, p, n);
    try { f(p); } finally { Module._free(p); }
  };
  // (later, never inside the app's call to start(): the app may still be under construction)
  const report = (g, ready, why) => Promise.resolve().then(() => {
    if (g === generation) withText(why, (p) => Module._moe_workers_ready(ready, p));
  });
  const withBytes = (bytes, f) => {
    const p = Module._malloc(Math.max(1, bytes.length));
    Module.HEAPU8.set(bytes, p);
    try { f(p); } finally { Module._free(p); }
  };
  const closeB = () => {
    if (runB) runB.terminate();
    runB = null;
  };
  const stop = () => {
    for (const w of pool) w.terminate();
    pool = [];
    closeB();
    module = null;
  };
  // A worker of this generation, its messages to receive() as worker i; it starts on its script at once and
  // instantiates the module when init() hands it over.
  const spawn = (g, i, onReady) => {
    const w = new Worker("sweep-worker.js");
    w.onmessage = (e) => receive(g, i, e.data, onReady);
    w.onerror = (e) => { e.preventDefault(); receive(g, i, { type: "failed", why: e.message || t("an error") }); };
    return w;
  };
  const init = (w) => w.postMessage({ type: "init", module });

  function start(count) {
    const g = ++generation;
    stop();
    const n = count < 0 ? Math.min(MAX, Math.max(0, (navigator.hardwareConcurrency || 2) - 1)) : Math.min(MAX, count);
    if (n === 0 && count < 0) return report(g, 0, "this device has one core: every sweep runs on the page's main thread");   // words: not shown (state)
    if (n === 0) return;
    if (typeof Worker === "undefined" || typeof WebAssembly === "undefined")
      return report(g, 0, "this browser has no Web Workers: every sweep runs on the page's main thread");   // words: not shown (state)
    let waiting = n;
    try {   // the workers' threads and scripts load while the module downloads and compiles
      for (let i = 0; i < n; ++i)
        pool.push(spawn(g, i, () => {
          if (--waiting === 0) report(g, n, n + (n === 1 ? " worker" : " workers") + " (" + (count < 0 ? "one per spare core" : "workers=" + count) + ")");   // words: not shown (state)
        }));
    } catch (err) {   // a worker could not be made (CSP, file://)
      stop();
      return report(g, 0, "the workers did not load (" + err.message + "): every sweep runs on the page's main thread");   // words: not shown (state)
    }
    compiled = compiled || fetch("moe-lab-worker.wasm")
      .then((r) => {
        if (!r.ok) throw new Error("HTTP " + r.status);
        return r.headers.get("content-type") === "application/wasm" ? WebAssembly.compileStreaming(r)   // as it downloads
          : r.arrayBuffer().then((bytes) => WebAssembly.compile(bytes));
      });
    compiled.then((m) => {
      if (g !== generation) return;
      module = m;
      for (const w of pool) init(w);
    }).catch((err) => {   // the module did not load
      if (g !== generation) return;
      stop();
      compiled = null;
      report(g, 0, "the workers did not load (" + err.message + "): every sweep runs on the page's main thread");   // words: not shown (state)
    });
  }

  function receive(g, i, m, onReady) {
    if (g !== generation) return;
    if (m.type === "failed" && m.key) m.why = t(m.key).replace("{why}", () => t(m.why));   // a worker has no table
    if (m.type === "ready") {
      if (onReady) onReady();
    } else if (m.type === "results") {
      withText(m.text, (p) => Module._moe_worker_results(i, m.run, p));
    } else if (m.type === "b") {
      withBytes(new Uint8Array(m.bytes), (p) => Module._moe_run_b_snapshot(m.run, p, m.bytes.byteLength));
    } else if (m.type === "failed" && i === B) {
      closeB();
      withText(String(m.why), (p) => Module._moe_run_b_failed(p));
    } else if (m.type === "failed") {
      withText(String(m.why), (p) => Module._moe_worker_failed(i, p));
    }
  }

  // Run B opens in a worker of its own, made when first needed from the compiled module (it queues messages
  // until its instance is ready).
  const B = -1;
  function openB(run, query, text) {
    if (!module)   // (later: never inside the app's call)
      return Promise.resolve().then(() => withText(t("the page's workers are not ready"), (p) => Module._moe_run_b_failed(p)));
    if (!runB) init(runB = spawn(generation, B, null));
    runB.postMessage({ type: "open-b", run, query, text });
  }

  const post = (m) => { for (const w of pool) w.postMessage(m); };
  return {
    start,
    open: (run, query) => post({ type: "open", run, query }),
    assign: (worker, run, sweep, rep) => pool[worker] && pool[worker].postMessage({ type: "assign", run, sweep, rep }),
    fill: (run, sweep, text) => post({ type: "fill", run, sweep, text }),
    play: (on) => post({ type: "play", on }),
    openB,
    paceB: (run, limit) => runB && runB.postMessage({ type: "pace-b", run, limit }),
    textB: (run, text) => runB && runB.postMessage({ type: "text-b", run, text }),
    closeB,
    size: () => pool.length,
  };
})();
