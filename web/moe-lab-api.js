// Glue between the page and the WebAssembly module: canvas set-up, input, wake-ups, and window.moeLab,
// the small API the browser test (and a curious lecturer's console) uses:
//   moeLab.state()            -> {lab, phase, done, metrics: {...}, run_ms, ...}
//   moeLab.command("play")    -> same actions as the buttons: play, pause, step, next-phase, reset,
//                                lab=ID, preset=ID, seed=N, set=NAME=VALUE, speed=N, ... (each key's declaration, src/app/controls/page_key.hpp);
//                                returns "" when applied, otherwise why not (also shown on the page)
//   moeLab.document()         -> the declarations the HTML document is built from (web/pdom.js)
//   moeLab.table(n)           -> view n's data as tables
const t = (s) => (globalThis.moeLabWords ? globalThis.moeLabWords(s) : s);   // the page's texts (core/words.hpp)
// An element of the page's HTML document (web/pdom.js), which takes its own keys
const inDocument = (t) => t instanceof Element && t.closest("#pdom") !== null;
var Module = {
  canvas: (function () {
    const c = document.getElementById("canvas");
    c.addEventListener("webglcontextlost", (e) => { e.preventDefault(); showFatal(t("The WebGL context was lost: reload the page.")); });
    return c;
  })(),
  print: (t) => console.log(t),
  printErr: (t) => console.warn(t),
  onRuntimeInitialized: () => {
    document.getElementById("loading").remove();   // (the page speaks through the app from here on)
    window.moeLab.ready = true;
    for (const f of window.moeLab.onReady) f();
  },
  // A link's lang= (src/app/parts/language.cpp): its table is read before the app starts, so that what the app says
  // about the link (a bad value) is in that language already. A language with a font of its own gets it later.
  preRun: [() => {
    const code = pageLanguage(new URLSearchParams(location.search).get("lang"));
    if (!code || code === "en") return;   // (no table: English)
    Module.addRunDependency("words");
    fetch("words/" + code + ".json").then((r) => (r.ok ? r.text() : "")).catch(() => "").then((text) => {
      if (text) {
        Module.FS.mkdir("/words");
        Module.FS.writeFile("/words/" + code + ".json", text);
      }
      Module.removeRunDependency("words");
    });
  }],
  onAbort: (what) => showFatal(t("MoE Lab stopped: {why}").replace("{why}", what)),
};

// The page's language a tag names, as a link writes it ("DE", "pt" → de, pt-BR), by core::match_language's rule:
// the exact code in any case, else the first language of its primary subtag; null when none (nothing is fetched).
function pageLanguage(tag) {
  if (!tag) return null;
  const want = tag.toLowerCase(), primary = want.split("-")[0], all = globalThis.moeLabLanguages || [];
  return all.find((c) => c.toLowerCase() === want) ||
    all.find((c) => c.toLowerCase().split("-")[0] === primary && c !== "en-XA") || null;
}

// The shell (web/index.html: the tab's title, "Loading…") in the language the link or the browser asks for, before
// the module runs: languages.js holds these texts of every table (scripts/words.py js), and index.html the text
// shown without scripts in every language (scripts/words.py page).
(function shellWords() {
  const asked = [new URLSearchParams(location.search).get("lang"), ...(navigator.languages || [navigator.language])];
  const code = asked.map(pageLanguage).find((c) => c), words = (globalThis.moeLabShell || {})[code] || {};
  const t = (s) => words[s] || s;
  document.title = t("MoE Lab: mixture-of-experts theory, live");
  document.getElementById("loading").textContent = t("Loading MoE Lab…");
  if (code && Object.keys(words).length) {
    document.documentElement.lang = code;
    document.querySelector('link[rel="manifest"]').href = "manifest." + code + ".webmanifest";   // words.py page
  }
  t("Five theory papers on mixture-of-experts models, trained live in the browser.");   // (the manifest's description)
  t("MoE Lab needs JavaScript and WebGL2.");   // (its key: index.html's <noscript>)
})();

function showFatal(msg) {
  const el = document.getElementById("fatal");
  el.textContent = msg;
  el.style.display = "block";
}

window.moeLab = {
  ready: false,   // true once the WebAssembly module runs; before that state() is null
  onReady: [],    // called once it is
  state: () => (window.moeLab.ready ? JSON.parse(Module.UTF8ToString(Module._moe_state())) : null),
  // The declarations the HTML document is built from (web/pdom.js), and view n's data as tables.
  document: () => (window.moeLab.ready ? JSON.parse(Module.UTF8ToString(Module._moe_document())) : null),
  table: (n) => (window.moeLab.ready ? JSON.parse(Module.UTF8ToString(Module._moe_view_table(n))) : null),
  // The last frame's texts as the canvas shows them, read back from its glyphs (src/app/plot/screen_text.hpp):
  // [{text, box: [x0, y0, x1, y1], clip: its clip rectangle, cut}], cut when a text runs past the clip's side.
  screenText: () => (window.moeLab.ready ? JSON.parse(Module.UTF8ToString(Module._moe_screen_text())) : null),
  command: (cmd) => {
    if (!window.moeLab.ready) return "the page is still loading";   // words: not shown (the API's answer)
    cmd = String(cmd);
    const n = Module.lengthBytesUTF8(cmd) + 1, p = Module._malloc(n);
    Module.stringToUTF8(cmd, p, n);
    const why = Module.UTF8ToString(Module._moe_command(p));
    Module._free(p);
    return why;
  },
  // A language's table and the font it needs, for the app (src/platform/browser.cpp's load_words): the files
  // come from this site only when the language is chosen; the app gets them as the command words=.
  loadWords: (code, font) => {
    const get = (url, how) => fetch(url).then((r) => {
      if (!r.ok) throw new Error(url + ": " + r.status);
      return r[how]();
    });
    Promise.all([get("words/" + code + ".json", "text"), font ? get("fonts/" + font + ".ttf", "arrayBuffer") : null])
      .then(([table, bytes]) => {
        if (bytes) Module.FS.writeFile("/fonts/" + font + ".ttf", new Uint8Array(bytes));
        window.moeLab.command("words=" + code + "\n" + table);
      })
      .catch((e) => window.moeLab.command("words-failed=" + code + ": " + e.message));
  },
};

// The page's own texts through the app's table (core/words.hpp); English until the module runs.
// A count's form in the page's language (core::plural: its CLDR category): "{n} point" or "{n} points", translated.
globalThis.moeLabPlural = (n, one, other) => {
  if (!window.moeLab.ready) return n === 1 ? one : other;
  const put = (s) => { const k = Module.lengthBytesUTF8(s) + 1, p = Module._malloc(k); Module.stringToUTF8(s, p, k); return p; };
  const a = put(one), b = put(other);
  const out = Module.UTF8ToString(Module._moe_plural(n, a, b));
  Module._free(a);
  Module._free(b);
  return out;
};

globalThis.moeLabWords = (s) => {
  if (!window.moeLab.ready) return s;
  const n = Module.lengthBytesUTF8(s) + 1, p = Module._malloc(n);
  Module.stringToUTF8(s, p, n);
  const out = Module.UTF8ToString(Module._moe_tr(p));
  Module._free(p);
  return out;
};

// The offline copy (sw.js): once the page has been opened, it loads without a network. Browsers offer service
// workers on https and on localhost only; elsewhere the page works as before, online.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("sw.js").catch((e) => console.log("offline copy unavailable: " + e.message));
  });
}

// Pointer input: mouse, touch and pen as pointer events, handed to the module (src/platform/pointer_gestures.hpp
// tells a tap, a drag, a swipe and a long press apart). Emscripten's GLFW listens to the canvas's own mouse and
// touch events in the capture phase; these capture listeners on the window run first and stop them, so that
// every press reaches ImGui once, through one path. GLFW keeps the keyboard and the wheel.
(function () {
  const canvas = Module.canvas;
  const kinds = { pointerdown: 0, pointermove: 1, pointerup: 2, pointercancel: 3, pointerleave: 4 };
  const wake = () => { if (window.moeLab.ready) Module._moe_wake(); };
  for (const type of Object.keys(kinds)) {
    canvas.addEventListener(type, (e) => {
      if (!window.moeLab.ready) return;
      if (type === "pointerdown") {
        canvas.focus({ preventScroll: true });   // keys go to the page (GLFW listens on the window)
        try { canvas.setPointerCapture(e.pointerId); } catch (err) { /* a pointer that already ended */ }
      }
      const r = canvas.getBoundingClientRect();
      // 0: a mouse (its left button), 1: a finger or a pen, 2: a mouse's right button
      Module._moe_pointer(kinds[type], e.clientX - r.left, e.clientY - r.top, e.timeStamp,
                          e.pointerType !== "mouse" ? 1 : e.button === 2 ? 2 : 0);
      if (type !== "pointermove") e.preventDefault();
    });
  }
  for (const type of ["mousedown", "mouseup", "mousemove", "touchstart", "touchmove", "touchend", "touchcancel"]) {
    window.addEventListener(type, (e) => { if (e.target === canvas) e.stopPropagation(); }, true);
  }
  canvas.addEventListener("contextmenu", (e) => e.preventDefault());   // a long press is hover, not a menu
  // CSV text pasted while the canvas has the focus (Ctrl+V): the lab's points, in a lab that has a point set.
  window.addEventListener("paste", (e) => {
    if (!window.moeLab.ready || document.activeElement !== canvas) return;
    const text = e.clipboardData && e.clipboardData.getData("text");
    if (!text || !window.moeLab.document().params.some((p) => p.type === "points")) return;
    e.preventDefault();
    window.moeLab.command("points-csv=" + text);
  });
  // A CSV file dropped on the page: the lab's points, if it has any (the command says why not otherwise).
  canvas.addEventListener("dragover", (e) => e.preventDefault());
  canvas.addEventListener("drop", (e) => {
    e.preventDefault();
    const f = e.dataTransfer && e.dataTransfer.files[0];
    if (f) f.text().then((t) => window.moeLab.command("points-csv=" + t));
  });
  // Input to the canvas wakes its loop for a while (hover, a click's after-effects). Keys and focus inside the HTML
  // document do not: what they change reaches the app as a command, which draws its own frame (a screen reader's user
  // tabbing through the controls would otherwise keep the canvas drawing all the time).
  for (const type of ["keydown", "keyup", "wheel", "resize", "focus"])
    window.addEventListener(type, (e) => { if (!inDocument(e.target)) wake(); }, true);
  // A change of density (browser zoom, another monitor) without a change of size.
  (function watchDensity() {
    const q = window.matchMedia("(resolution: " + window.devicePixelRatio + "dppx)");
    const changed = () => { wake(); watchDensity(); };
    if (q.addEventListener) q.addEventListener("change", changed, { once: true });
  })();
})();

// Keys. Emscripten's GLFW listens for keys on the window in the capture phase and cancels Tab and Backspace. This
// listener, registered before the module loads, runs first: keys typed into the page's HTML document (web/pdom.js)
// never reach the canvas (so Space on an HTML button presses it once, and typing into a field types), and Tab
// always moves the focus. Elsewhere GLFW reads the keys as the canvas's shortcuts.
(function () {
  for (const type of ["keydown", "keypress", "keyup"]) {
    window.addEventListener(type, (e) => {
      if (inDocument(e.target)) {
        e.stopImmediatePropagation();
        if (type === "keydown" && window.moeLabDocument) window.moeLabDocument.key(e);
      } else if (e.key === "Tab") {
        e.stopImmediatePropagation();
      }
    }, true);
  }
})();

