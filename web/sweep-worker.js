// One of the page's Web Workers (web/workers.js): its own instance of the module the page compiled
// (moe-lab-worker.wasm, src/platform/worker_main.cpp). Either it opens the page's run from its link, runs it to
// its sweeps and runs the repetitions the page hands it, or (open-b) it runs compare mode's run B up to the pace
// the page sets and sends B's snapshots back (text-b: the class's text typed meanwhile). It works in slices of ~25 ms so that pause, pace and a new run
// arrive between them; every message carries its run, and one from an earlier run is dropped.
importScripts("moe-lab-worker.js");

// Why this worker stopped reaches the page's messages (src/app/frame/worker_pool.cpp, run_b_worker.cpp). A worker has no
// string table, so it sends the text's key (core/words.hpp) and what goes into its {why}; the page translates both
// (web/workers.js). t() names a key here and leaves it as it is.
const t = (s) => s;

let M = null, run = -1, playing = false, timer = 0;
let runB = false;    // this worker runs compare mode's run B
const early = [];    // messages that came before the module was ready
const reason = (why) => String(why && why.message ? why.message : why);
const fail = (why, key = "{why}") => postMessage({ type: "failed", key, why: reason(why) });

// The next slice after the messages already queued (a MessageChannel: setTimeout(0) would wait 4 ms each time).
const tick = new MessageChannel();
tick.port1.onmessage = () => slice();

function busy() {
  return runB ? !M._moe_run_b_idle() : playing && !M._moe_worker_idle();
}

function schedule() {
  if (!timer && M && busy()) {
    timer = 1;
    tick.port2.postMessage(0);
  }
}

// Steps B for a slice and sends its snapshot if it changed (as bytes, transferred).
function sliceB() {
  const n = M._moe_run_b_advance(25);
  if (n > 0) {
    const p = M._moe_run_b_bytes(), bytes = M.HEAPU8.slice(p, p + n);
    postMessage({ type: "b", run, bytes: bytes.buffer }, [bytes.buffer]);
  }
}

function slice() {
  timer = 0;
  if (M && runB) {
    try { sliceB(); } catch (err) { return fail(err); }
    return schedule();
  }
  if (!M || !playing) return;
  try {
    const text = M.ccall("moe_worker_run", "string", ["number"], [25]);
    if (text) postMessage({ type: "results", run, text });
  } catch (err) {
    return fail(err);
  }
  schedule();
}

onmessage = (e) => {
  const m = e.data;
  if (m.type === "init") {
    MoeLabWorker({
      instantiateWasm: (imports, done) => {   // the page's compiled module: no second download or compile
        WebAssembly.instantiate(m.module, imports).then((instance) => done(instance, m.module), fail);
        return {};
      },
      print: (line) => console.log(line),
      printErr: (line) => console.warn(line),
      onAbort: (what) => fail(what, t("stopped: {why}")),
    }).then((mod) => {
      M = mod;
      postMessage({ type: "ready" });
      for (const e of early.splice(0)) onmessage(e);
    }, fail);
    return;
  }
  if (!M) return early.push(e);
  try {
    if (m.type === "open-b") {
      runB = true;
      run = m.run;
      const why = M.ccall("moe_run_b_open", "string", ["string", "string"], [m.query, m.text || ""]);
      if (why) return fail(why, t("it could not open run B: {why}"));
      sliceB();   // B at its start: the page shows it at once
    } else if (m.type === "pace-b") {
      if (m.run !== run) return;
      M._moe_run_b_limit(m.limit);
    } else if (m.type === "text-b") {
      if (m.run !== run) return;
      M.ccall("moe_run_b_text", null, ["string"], [m.text]);
      sliceB();   // B where it is, with the text: the page shows it at once (a paused or ended B too)
    } else if (m.type === "open") {
      run = m.run;
      playing = false;   // until the page plays this run
      const why = M.ccall("moe_worker_open", "string", ["string"], [m.query]);
      if (why) return fail(why, t("it could not open the run: {why}"));
    } else if (m.type === "play") {
      playing = m.on;
    } else if (m.run !== run) {
      return;   // an earlier run's
    } else if (m.type === "assign") {
      M.ccall("moe_worker_assign", null, ["number", "number"], [m.sweep, m.rep]);
    } else if (m.type === "fill") {
      if (!M.ccall("moe_worker_fill", "number", ["number", "string"], [m.sweep, m.text])) return fail("", t("a malformed fill"));
    }
  } catch (err) {
    return fail(err);
  }
  schedule();
};
