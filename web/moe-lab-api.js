// Glue between the page and the WebAssembly module: canvas set-up, sizing, and window.moeLab,
// the small API the browser test (and a curious lecturer's console) uses:
//   moeLab.state()            -> {lab, phase, done, metrics: {...}, run_ms, ...}
//   moeLab.command("play")    -> same actions as the buttons: play, pause, step, next-phase, reset,
//                                lab=ID, preset=ID, seed=N, scale=F, view=N, query=... (src/app/commands.cpp);
//                                returns "" when applied, otherwise why not (also shown on the page)
var Module = {
  canvas: (function () {
    const c = document.getElementById("canvas");
    c.addEventListener("webglcontextlost", (e) => { e.preventDefault(); showFatal("The WebGL context was lost: reload the page."); });
    return c;
  })(),
  print: (t) => console.log(t),
  printErr: (t) => console.warn(t),
  onRuntimeInitialized: () => {
    document.getElementById("loading").style.display = "none";
    window.moeLab.ready = true;
  },
  onAbort: (what) => showFatal("MoE Lab stopped: " + what),
};

function showFatal(msg) {
  const el = document.getElementById("fatal");
  el.textContent = msg;
  el.style.display = "block";
}

window.moeLab = {
  ready: false,   // true once the WebAssembly module runs; before that state() is null
  state: () => (window.moeLab.ready ? JSON.parse(Module.UTF8ToString(Module._moe_state())) : null),
  command: (cmd) => {
    if (!window.moeLab.ready) return "the page is still loading";
    cmd = String(cmd);
    const n = Module.lengthBytesUTF8(cmd) + 1, p = Module._malloc(n);
    Module.stringToUTF8(cmd, p, n);
    const why = Module.UTF8ToString(Module._moe_command(p));
    Module._free(p);
    return why;
  },
};
