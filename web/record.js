// Recording a clip of the canvas for slides (the app's record= command, src/app/parts/recording.cpp). The app hands over each
// frame right after drawing it, cropped to the canvas or to the views shown large; a 2D canvas keeps the latest,
// and a timer sends it to MediaRecorder 30 times a second, so the clip has a steady frame rate and lasts as long as
// the recording did, however fast training runs and however often the page draws. Stopping downloads the clip in
// the first format MediaRecorder records: WebM (VP8, else VP9; Chromium, Firefox), else MP4 (a Safari without
// WebM); window.moeLab.lastClip {file, type, bytes, ms, frames} keeps it for the browser test.
(function () {
  "use strict";   // words: not shown
  // Why a clip cannot be recorded reaches the page's messages: through the page's string table (core/words.hpp)
  const t = (s) => (globalThis.moeLabWords ? globalThis.moeLabWords(s) : s);
  const FPS = 30;
  const TYPES = ["video/webm;codecs=vp8", "video/webm;codecs=vp9", "video/webm", "video/mp4"];   // VP8: the cheapest to encode live
  let rec = null;   // {canvas, ctx, track, recorder, chunks, timer, t0, frames, type}

  function start(w, h) {
    if (rec) return t("a clip is being recorded already");
    if (typeof MediaRecorder === "undefined") return t("this browser has no MediaRecorder (record the screen instead)");
    const type = TYPES.find((ty) => MediaRecorder.isTypeSupported(ty));
    if (!type) return t("this browser records none of WebM and MP4");
    const canvas = document.createElement("canvas");
    canvas.width = w;
    canvas.height = h;
    if (!canvas.captureStream) return t("this browser cannot capture a canvas as video");
    const ctx = canvas.getContext("2d", { alpha: false });
    const stream = canvas.captureStream(0);   // frames only when asked: the timer below asks 30 times a second
    const track = stream.getVideoTracks()[0];
    let recorder;
    try {
      recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 8e6 });
    } catch (e) {
      return t("the recorder did not start: {why}").replace("{why}", () => e.message);
    }
    rec = { canvas, ctx, track, recorder, chunks: [], t0: null, frames: 0, type, started: false };
    const r = rec;
    recorder.ondataavailable = (e) => { if (e.data && e.data.size) r.chunks.push(e.data); };
    recorder.onstart = () => {   // the clip's time starts here (frames sent before would be lost)
      r.started = true;
      r.t0 = performance.now();
    };
    recorder.onstop = () => save(r);
    recorder.start(1000);
    r.timer = setInterval(() => {   // the latest frame drawn, 30 times a second
      if (r.started && r.frames > 0) r.track.requestFrame();
    }, 1000 / FPS);
    return "";
  }

  // The frame just drawn, inside the animation frame that drew it (the WebGL canvas is blank after it).
  function frame(x, y, w, h) {
    if (!rec) return;
    const src = document.getElementById("canvas");
    rec.ctx.drawImage(src, x, y, w, h, 0, 0, rec.canvas.width, rec.canvas.height);
    rec.frames++;
  }

  // The last frame shown stays on for TAIL_MS more (the timer goes on sending it) before the recorder stops: the
  // encoder, behind by a few frames under load, would otherwise lose the clip's end.
  const TAIL_MS = 500;
  function stop() {
    if (!rec) return;
    const r = rec;
    rec = null;
    setTimeout(() => {
      clearInterval(r.timer);
      r.ms = r.t0 === null ? 0 : performance.now() - r.t0;
      r.recorder.stop();
    }, TAIL_MS);
  }

  async function save(r) {
    const blob = new Blob(r.chunks, { type: r.type.split(";")[0] });
    const ext = r.type.startsWith("video/mp4") ? "mp4" : "webm";
    const lab = (window.moeLab && window.moeLab.state && window.moeLab.state().lab) || "moe-lab";
    const file = `moe-lab-${lab}-${new Date().toISOString().replace(/[:.]/g, "-")}.${ext}`;
    const bytes = new Uint8Array(await blob.arrayBuffer());
    if (window.moeLab) window.moeLab.lastClip = { file, type: r.type, bytes, ms: r.ms, frames: r.frames };
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = file;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }

  window.moeRecorder = { start, frame, stop };
})();
