// The page's parallel HTML document: real buttons, selects, inputs, lists and tables beside the canvas, for screen
// readers and the keyboard (as PhET's simulations do). It is built from the lab's own declarations
// (moeLab.document(): labs, presets, parameters with their spoken names, phases, views, tour, comparisons, keys),
// acts only through the command table (moeLab.command), and follows moeLab.state(): a change on the canvas shows
// here, a change here shows on the canvas. Every element that has a twin on the canvas carries its id from the
// layout map (data-control = state().controls[].id); the canvas draws the focus ring around that twin, and an
// element without one on screen (a field being edited, a control the layout hides) is shown over the page while
// it has the focus. A polite live region announces phase changes, the end of a run, refusals, tour steps and
// comparisons: one message at a time, at most one a second. A select that restarts the run (lab, preset, compare,
// a parameter's choice) acts when its choice is committed (Enter, or leaving it after a change; a pick with the
// mouse), not on every arrow key. Values that change while a run plays are changed in place (the same nodes), so a
// screen reader keeps its reading position; an empty list is hidden; a control that goes away (disabled or hidden)
// while it has the focus hands the focus on to a sensible one and says so.
// Its parts of their own: web/dom-patch.js (elements made and changed in place), web/live-region.js (the
// announcements' queue), web/view-tables.js (a view's data as tables).
(function () {
  "use strict";   // words: not shown
  // The texts shown, through the page's string table (core/words.hpp; web/moe-lab-api.js): English until it runs.
  // A text with values is one template whose {name}s fill() replaces, so that a translation may reorder them.
  const t = (s) => (globalThis.moeLabWords ? globalThis.moeLabWords(s) : s);
  const tn = (n, one, other) => (globalThis.moeLabPlural ? globalThis.moeLabPlural(n, one, other) : n === 1 ? one : other);
  const fill = (s, values) => s.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
  const root = document.getElementById("pdom");
  let doc = null;          // moeLab.document()
  let last = null;         // the state the document shows
  let tablesAt = 0;        // when the view tables were last filled (ms)
  let building = false;    // the document is being rebuilt (its old elements' focusout must not sync)
  let systemSent = false;  // the system's theme was handed to the app
  let arrowed = null;      // the select an arrow (or a letter) key is moving through: its change waits for a commit
  let held = null;         // the element of the document that last had the focus

  const { el, setText, setList, patch, show, enable } = window.moeLabDom;   // (web/dom-patch.js)
  const say = window.moeLabSay;   // the live region (web/live-region.js)

  // --- building ------------------------------------------------------------------------------------------------
  const command = (cmd) => window.moeLab.command(cmd);
  const button = (control, text, cmd, attrs) =>
    el("button", Object.assign({ type: "button", "data-control": control, text, on: { click: () => act(typeof cmd === "function" ? cmd() : cmd) } }, attrs));
  const section = (id, title, ...children) =>
    el("section", { "aria-labelledby": "h-" + id, id: "s-" + id }, el("h2", { id: "h-" + id, text: title }), ...children);
  // A label and a description are texts, or lists of texts and elements (a symbol, a link's name as code).
  const field = (label, input, description) => {
    const id = input.id, parts = (x) => (Array.isArray(x) ? x : [x]);
    const desc = description && description.length ? el("span", { id: id + "-desc", class: "desc" }, ...parts(description)) : null;
    if (desc) input.setAttribute("aria-describedby", desc.id);
    return el("div", { class: "field" }, el("label", { for: id }, ...parts(label)), input, desc);
  };
  // A select. With commit (a select that restarts the run), a change made by the keys (arrows, letters) waits:
  // Enter, or leaving the select, commits it, Escape shows the running choice again; a choice from the open list
  // (mouse, touch) acts at once.
  const select = (id, control, options, onchange, commit) => {
    const s = el("select", { id, "data-control": control, on: {
      change: () => {
        if (commit && arrowed === s) s.dataset.pending = "1";
        else { delete s.dataset.pending; onchange(s.value); }
      },
      blur: () => { if (!building) setTimeout(() => commitSelect(s), 0); } } },   // once the focus has moved on
      ...options.map((o) => el("option", { value: o.value, "data-control": o.control, text: o.text, lang: o.lang })));
    s.commit = () => { delete s.dataset.pending; onchange(s.value); };
    return s;
  };
  function commitSelect(s) { if (s.dataset.pending) s.commit(); }

  // The page's own controls, made from their keys' declarations (moeLab.document().page_controls, src/app/controls/page_key.hpp):
  // nothing here knows a key by name. A control that follows the state says what it says now, sends what it sends
  // now, and shows, enables or presses itself from state().page_controls.
  const nowOf = (c) => (last && last.page_controls[c.id]) || null;
  // An exercise link (hide=…, lock=…): the same controls left out, or disabled, as on the canvas
  const ex = () => (doc && doc.exercise) || { hidden: [], locked: [] };
  const hiddenByExercise = (c) => !!c.hide_as && ex().hidden.includes(c.hide_as);
  const lockedByExercise = (c) => !!c.lock_as && ex().locked.includes(c.lock_as);
  // Its value now: what the control says it is, else the key's state() field.
  const valueOf = (c, s) => {
    const now = s && s.page_controls[c.id];
    return now && now.value !== "" ? now.value : s && s[c.state] !== undefined ? String(s[c.state]) : undefined;
  };
  function pageControl(c) {
    const id = c.id, change = (value) => act(c.name + "=" + value);
    if (c.kind === "button" || c.kind === "toggle")
      return button(c.canvas, c.label, () => (nowOf(c) && nowOf(c).command) || c.command,
                    { id, "aria-pressed": c.kind === "toggle" ? "false" : undefined, "aria-keyshortcuts": c.shortcut || undefined });
    if (c.kind === "choice")   // (a picker runs its command and shows its first choice again)
      return field(c.label, select(id, c.canvas, c.choices.map((o) =>
        ({ value: o.value, text: o.text, lang: o.lang || undefined, control: o.canvas || "option:" + id + ":" + o.value })),
        (v) => { if (v !== "" && v !== valueOf(c, last)) change(v); if (c.picker) byId(id).value = c.choices[0].value; }, c.commit),
        c.help);
    if (c.kind === "text")
      return field(c.label, el("input", { id, type: "text", "data-control": c.canvas,
                                         on: { change: (e) => change(e.target.value.trim()) } }), c.help);
    if (c.kind === "switch")
      return field(c.label, el("input", { id, type: "checkbox", role: "switch", "data-control": c.canvas,
                                         on: { change: (e) => change(e.target.checked ? 1 : 0) } }), c.help);
    return field(c.label, el("input", { id, type: c.kind === "slider" ? "range" : "number", min: c.lo, max: c.hi,
                                       step: c.step || "any", "data-control": c.canvas,
                                       on: { change: (e) => change(e.target.value) } }), c.help);
  }
  const pageControls = (group) => doc.page_controls.filter((c) => c.group === group).map(pageControl);
  function syncPageControls(s) {
    for (const c of doc.page_controls) {
      const e = byId(c.id), now = s.page_controls[c.id];
      if (!e) continue;
      if (now) {
        if (now.label && e.tagName === "BUTTON") setText(e, now.label);
        show(e.closest(".field") || e, now.shown && !hiddenByExercise(c));
        enable(e, now.enabled && !lockedByExercise(c));
        if (c.kind === "toggle") e.setAttribute("aria-pressed", now.pressed ? "true" : "false");
        if (now.canvas) e.dataset.control = now.canvas;
        if (now.value_text && c.kind === "slider") e.setAttribute("aria-valuetext", now.value_text);
      }
      const value = c.picker ? undefined : valueOf(c, s);
      if (value === undefined || c.kind === "button" || c.kind === "toggle") continue;
      if (c.kind === "switch") { if (e.checked !== (value === "true" || value === "1")) e.checked = value === "true" || value === "1"; }
      else setValue(e, value);
    }
  }

  // A command from the document; a refusal is announced at once (the page shows it too).
  function act(cmd) {
    if (!cmd) return;
    const why = command(cmd);
    if (why) say(why, true);
    sync();
  }

  function build() {
    const focused = document.activeElement && document.activeElement.closest("#pdom") ? document.activeElement.id : null;
    building = true;
    root.textContent = "";
    const d = doc;
    // the first stop of Tab: past the title and the summary, to the run's controls
    root.append(el("a", { href: "#play", id: "skip-link", class: "skip", text: t("Skip to the run controls"),
                          on: { click: (e) => { e.preventDefault(); runControl().focus(); } } }));
    root.append(el("h1", { id: "title", text: fill(t("MoE Lab: {lab}"), { lab: d.lab.title }) }),
                el("p", { text: d.lab.citation + ". " + d.lab.summary }));

    // Run
    root.append(section("run", t("Run"),
      ...pageControls("run"),
      el("p", { id: "progress" }),
      el("p", { id: "status" })));   // what to look for; at the end, what this run showed (state().status)

    // Lab and settings
    const settings = section("settings", t("Lab and settings"), ...pageControls("lab"), el("p", { id: "preset-note" }),
                             ...pageControls("seed"));
    const groups = [...new Set(d.params.map((p) => p.group))];
    for (const g of groups) {
      const set = el("fieldset", {}, el("legend", { text: g }));
      for (const p of d.params.filter((q) => q.group === g)) set.append(paramField(p));
      settings.append(set);
    }
    settings.append(el("ul", { id: "errors", hidden: true }), ...pageControls("settings-end"));
    root.append(settings);

    // Lecture
    root.append(section("lecture", t("Lecture"),
      ...pageControls("lecture"),
      ...pageControls("tour"),
      el("p", { id: "tour-caption" }),
      el("p", { id: "tour-question", hidden: true }),
      ...pageControls("answers"),
      el("p", { id: "tour-reveal", hidden: true })));

    // Compare
    const compare = section("compare", t("Compare"), ...pageControls("compare"),
      el("div", { id: "b-changes" }),
      ...pageControls("compare-end"),
      el("p", { id: "compare-result" }));
    root.append(compare);

    // Share and export
    root.append(section("share", t("Share and export"), ...pageControls("share")));

    // Timeline
    root.append(section("timeline", t("Timeline"),
      el("ol", { id: "phases" }, ...d.phases.map((p) =>
        el("li", { "data-control": "phase:" + p.id }, el("strong", { text: p.title }),
           el("span", { text: p.look_for ? " " + fill(t("Look for: {what}"), { what: p.look_for }) : "" }),
           el("span", { text: p.claim ? " " + fill(t("The paper: {claim}"), { claim: p.claim }) : "" })))),
      ...pageControls("timeline")));

    // Views
    const views = section("views", t("Views"));
    d.views.forEach((v, k) => {
      views.append(el("section", { "aria-labelledby": "v-" + k, class: "view" },
        el("h3", { id: "v-" + k, "data-control": "view:" + v.id, text: v.title }),
        el("p", { text: v.caption ? fill(t("Look for: {what}"), { what: v.caption }) : "" }),
        el("ul", { id: "readouts-" + k, "aria-label": fill(t("{view}: readout"), { view: v.title }), hidden: true }),
        ...pageControls("view:" + v.id),
        el("div", { id: "tables-" + k, class: "tables" })));
    });
    root.append(views);

    // Messages and keys
    root.append(section("messages", t("Messages"), el("ul", { id: "messages", hidden: true }), ...pageControls("messages")));
    const keys = el("dl", { id: "keys", "data-control": "dialog:keys" });
    for (const k of d.keys) keys.append(el("dt", { text: k.label }), el("dd", { text: k.help }));
    root.append(section("keys", t("Keys"), keys, ...pageControls("keys")));

    // An exercise link (hide=…, lock=…): the same controls left out, or disabled, as on the canvas
    // (an element hidden stays in the document, so that sync() finds it; a section left empty is hidden too)
    const fieldOf = (id) => { const e = byId(id); return e && (e.closest(".field") || e); };
    const { hidden, locked } = ex();
    for (const p of d.params)
      if (hidden.includes("params") || hidden.includes("params:" + p.name)) fieldOf("param-" + p.name).hidden = true;
    for (const c of d.page_controls) if (hiddenByExercise(c)) fieldOf(c.id).hidden = true;
    root.querySelectorAll("section").forEach((sec) => {
      const controls = [...sec.querySelectorAll("[data-control]")];
      if (controls.length && controls.every((e) => e.closest("[hidden]"))) sec.hidden = true;
    });
    const lockedOnes = d.params.filter((p) => locked.includes(p.name)).map((p) => byId("param-" + p.name))
      .concat(d.page_controls.filter(lockedByExercise).map((c) => byId(c.id)));
    // (described by one note: aria-description is not yet ARIA, and IBM's checker refuses it)
    if (lockedOnes.length) root.append(el("p", { id: "locked-note", text: t("locked in this exercise link") }));
    for (const e of lockedOnes) {
      e.disabled = true;
      e.setAttribute("aria-describedby", [e.getAttribute("aria-describedby"), "locked-note"].filter(Boolean).join(" "));
    }

    building = false;
    last = null;   // fill every value
    tablesAt = 0;
    sync();
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  }

  // A point set (a "points" parameter): how many, a point by its coordinates and class, the nearest removed, all
  // cleared; a CSV pasted or picked as a file, and downloaded. The points themselves: the data view as a table.
  function pointsField(p) {
    const id = "param-" + p.name;
    const num = (suffix, label) => field(label, el("input", { id: id + "-" + suffix, type: "number", min: -1, max: 1, step: "any", value: "0" }));
    const classes = [];
    for (let c = 0; c < p.classes; c++) classes.push({ value: String(c), text: fill(t("class {n}"), { n: c }), control: "button:pen:" + c });
    const xy = () => byId(id + "-x").value + "," + byId(id + "-y").value;
    const csv = el("textarea", { id: id + "-csv", rows: 4, "aria-describedby": id + "-csv-desc" });
    const file = el("input", { id: id + "-file", type: "file", accept: ".csv,.txt,text/csv,text/plain", "data-control": "button:load-points",
                               on: { change: (e) => { const f = e.target.files[0]; if (f) f.text().then((text) => act("points-csv=" + text)); } } });
    return el("fieldset", { class: "points", id, "aria-describedby": id + "-desc" },
      el("legend", { text: p.label + ": " }, el("span", { id: id + "-count", "aria-live": "polite" })),
      el("p", { class: "desc", id: id + "-desc" }, ...paramDescription(p)),
      num("x", t("x (from −1 to 1)")), num("y", t("y (from −1 to 1)")),
      field(t("class"), select(id + "-class", "pen", classes, (v) => act("pen=" + v))),
      button("button:add-point", t("Add the point"), () => "add-point=" + xy() + "," + byId(id + "-class").value),
      button("button:remove-point", t("Remove the nearest of your points"), () => "remove-point=" + xy()),
      ...pageControls("points").filter((c) => c.id === "clear-points"),
      el("div", { class: "field" }, el("label", { for: id + "-csv", text: t("CSV to load (x,y,class a line)") }), csv,
         el("span", { id: id + "-csv-desc", class: "desc", text: t("A bad line is refused with its number and nothing changes.") })),
      button("button:points-csv", t("Load the CSV above"), () => "points-csv=" + csv.value),
      field(t("or a CSV file"), file),
      ...pageControls("points").filter((c) => c.id !== "clear-points"));
  }

  function paramField(p) {
    const id = "param-" + p.name;
    if (p.type === "points") return pointsField(p);
    let input;
    if (p.type === "bool") {
      input = el("input", { id, type: "checkbox", "data-control": "param:" + p.name,
                            on: { change: (e) => act("set=" + p.name + "=" + (e.target.checked ? "1" : "0")) } });
      const desc = el("span", { id: id + "-desc", class: "desc" }, ...paramDescription(p));
      input.setAttribute("aria-describedby", desc.id);
      return el("div", { class: "field" }, input, el("label", { for: id }, ...[paramLabel(p)].flat()), desc);
    }
    if (p.type === "choice") {
      input = select(id, "param:" + p.name, p.choices.map((c, i) => ({ value: c, text: p.shown[i], control: "option:" + p.name + ":" + c })),
                     (v) => v !== (last && last.params[p.name]) && act("set=" + p.name + "=" + v), true);
    } else {
      input = el("input", { id, type: "number", min: p.min, max: p.max, step: p.type === "int" ? 1 : "any",
                            "data-control": "param:" + p.name,
                            on: { change: (e) => act("set=" + p.name + "=" + e.target.value) } });
    }
    return field(paramLabel(p), input, paramDescription(p));
  }
  // "alpha min, label-feature strength": the symbol read aloud is the paper's notation, not a word to translate.
  const paramLabel = (p) => (p.spoken && p.label.startsWith(p.spoken)
    ? [el("span", { translate: "no", text: p.spoken }), p.label.slice(p.spoken.length)] : p.label);
  // "… Range 0 to 1. Link name: alpha_lo.": the link's name as code, inside the sentence the table gives.
  const paramDescription = (p) => {
    const [before, after] = doc.link_name.split("%s");
    return [p.description ? p.description + " " : "", before, el("code", { text: p.name }), after || ""];
  };

  // --- following the state ---------------------------------------------------------------------------------------
  const byId = (id) => document.getElementById(id);
  let reverting = null;   // a select whose uncommitted change Escape takes back: it shows the state although focused
  const editing = (e) => e !== reverting && (e === document.activeElement || !!e.dataset.pending) && (e.tagName === "INPUT" || e.tagName === "SELECT");
  function setValue(e, v) { if (e && !editing(e) && e.value !== String(v)) e.value = String(v); }
  function sync() {
    if (!window.moeLab.ready || building) return;
    const s = window.moeLab.state();
    if (!s || !s.lab) return;   // the module runs, the app not yet
    if (!systemSent) {
      systemSent = true;
      systemTheme();
      // the browser's languages choose the page's unless the link or the menu does (lang=, src/app/parts/language.cpp)
      command("system-lang=" + (navigator.languages || [navigator.language || "en"]).join(","));
      return sync();
    }
    if (!doc || s.document !== doc.key) {
      doc = window.moeLab.document();
      if (doc) build();
      return;
    }
    const prev = last;
    last = s;
    document.documentElement.dataset.theme = s.theme || "light";
    // run
    const phase = doc.phases[Math.max(0, Math.min(s.phase, doc.phases.length - 1))];
    setText(byId("progress"), [fill(t("Progress {percent} %"), { percent: Math.round(100 * s.progress) }),
                               phase ? fill(t("phase {n} of {total}: {title}"), { n: s.phase + 1, total: doc.phases.length, title: phase.title }) : "",
                               s.clock, s.done ? t("finished") : "", s.failure ? fill(t("stopped: {why}"), { why: s.failure }) : ""]
                                .filter((part) => part).join(", "));
    setText(byId("status"), s.status || "");
    // settings
    const preset = doc.presets.find((p) => p.id === s.preset);
    setText(byId("preset-note"), preset ? preset.note + (preset.warning ? " " + fill(t("Note: {warning}"), { warning: preset.warning }) : "") : "");
    for (const p of doc.params) {
      const e = byId("param-" + p.name), v = s.params[p.name];
      if (p.type === "points") {
        setText(byId(e.id + "-count"), fill(tn(Number(v), "{n} point", "{n} points"), { n: v }));
        setValue(byId(e.id + "-class"), String(s.pen));
      }
      else if (p.type === "bool") { if (!editing(e)) e.checked = v === "true" || v === "1"; } else setValue(e, v);
    }
    setList(byId("errors"), s.errors);
    // lecture
    const touring = s.tour.step > 0;
    const q = touring ? s.tour.question : null, asking = !!q && !q.revealed;
    const stepOf = { n: s.tour.step, total: s.tour.steps.length };
    setText(byId("tour-caption"), !touring ? "" : asking ? fill(t("Tour step {n} of {total}: a question first."), stepOf)
            : fill(t("Tour step {n} of {total}: {caption}"), Object.assign({ caption: s.tour.steps[s.tour.step - 1].caption }, stepOf)));
    show(byId("tour-question"), asking);
    setText(byId("tour-question"), !asking ? ""
            : fill(q.chosen < 0 ? t("Question: {prompt} Answer with a button below (keys a to d); the step then runs.")
                                : t("Question: {prompt} The step runs; then the run answers."), { prompt: q.prompt }));
    show(byId("tour-reveal"), !!q && q.revealed);
    setText(byId("tour-reveal"), q && q.revealed ? q.reveal : "");
    // compare
    syncChanges(s);
    setText(byId("compare-result"), s.compare ? compareText(s) : "");
    syncPageControls(s);
    // timeline
    byId("phases").querySelectorAll("li").forEach((li, k) => {
      if (k === s.phase) li.setAttribute("aria-current", "step"); else li.removeAttribute("aria-current");
    });
    // views
    doc.views.forEach((v, k) => {
      setList(byId("readouts-" + k), s.readouts[v.id] || []);
    });
    const now = performance.now();
    if (!prev || !s.playing || now - tablesAt > 3000 || s.done !== prev.done) fillTables(s, now);
    // messages
    setList(byId("messages"), s.messages.slice().reverse());
    announce(prev, s);
    keepFocus(s);
    focusRing();
  }

  function syncChanges(s) {
    const box = byId("b-changes");
    const changes = s.compare ? Object.entries(s.compare.changes) : [];
    const key = JSON.stringify(changes);
    if (box.dataset.key === key) return;
    if (box.contains(document.activeElement) && document.activeElement.tagName === "INPUT") return;   // typing
    box.dataset.key = key;
    box.textContent = "";
    for (const [name, value] of changes) {
      const p = doc.params.find((q) => q.name === name);
      const input = el("input", { id: "b-" + name, type: "text", value, "data-control": "input:b:" + name,
                                  on: { change: (e) => act("b=" + name + "=" + e.target.value) } });
      // (the sentence from the table, the parameter's name in it as the HTML document names it: its symbol read
      // aloud is notation; a button's name is plain text, where the parameter is named by its words)
      const [before, after] = t("Run B's {parameter}").split("{parameter}");
      const named = p ? [before, ...[paramLabel(p)].flat(), after || ""] : fill(t("Run B's {parameter}"), { parameter: name });
      box.append(field(named, input),
                 button("button:drop-b:" + name, fill(t("Drop run B's change of {parameter}"), { parameter: p ? p.words : name }), "vs=" + name, { id: "drop-" + name }));
    }
  }

  // A number as the page's language writes it (0,5 where a decimal comma is usual: core::Language::decimal_comma).
  function localNumber(text) {
    const s = last || window.moeLab.state(), l = s.languages.find((x) => x.code === s.lang);
    return l && l.decimal_comma ? String(text).replace(/(\d)\.(\d)/g, "$1,$2") : String(text);
  }
  function metricText(key, value) {
    const m = doc.metrics.find((x) => x.key === key);
    const v = value === null ? t("not reached") : localNumber(Number(value).toPrecision(3).replace(/\.?0+$/, ""));
    return (m ? m.label : key) + " " + v;
  }
  function compareText(s) {
    return s.compare.headlines.map((h) => fill(t("{a} in run A, {b} in run B"),
      { a: metricText(h.key, h.a), b: h.b === null ? t("not reached") : localNumber(Number(h.b).toPrecision(3)) })).join("; ");
  }

  function fillTables(s, now) {
    tablesAt = now;
    doc.views.forEach((v, k) => {
      const box = byId("tables-" + k);
      const tables = window.moeLab.table(k) || [];
      const key = JSON.stringify(tables);
      if (box.dataset.key === key) return;
      box.dataset.key = key;
      patch(box, window.moeLabTableSpecs(tables));   // (web/view-tables.js)
    });
  }

  // --- what the live region says -----------------------------------------------------------------------------------
  function announce(prev, s) {
    if (!prev) return;
    if (s.lab !== prev.lab) return;   // a new document: its title says it
    if (s.phase !== prev.phase && doc.phases[s.phase]) {
      const p = doc.phases[s.phase];
      say(fill(t("Phase {n} of {total}: {title}."), { n: s.phase + 1, total: doc.phases.length, title: p.title }) +
          (p.look_for ? " " + fill(t("Look for: {what}"), { what: p.look_for }) : ""));
    }
    if (s.failure && !prev.failure) say(fill(t("The run stopped: {why}"), { why: s.failure }), true);
    if (s.done && !prev.done && !s.failure) {
      // what this run showed, in the words its own metrics decide (core/outcome.hpp); else its headline numbers
      const heads = doc.metrics.filter((m) => m.headline && s.metrics[m.key] !== undefined).map((m) => metricText(m.key, s.metrics[m.key]));
      say((s.phase_title ? fill(t("The run has finished, in phase {n}: {title}."), { n: s.phase + 1, title: s.phase_title })
                         : t("The run has finished.")) + " " + (s.outcome || heads.join("; ") + "."));
      if (s.compare) say(fill(t("Comparison: {result}."), { result: compareText(s) }));
    }
    const fresh = s.messages.filter((m) => !prev.messages.includes(m));
    for (const m of fresh) say(m, true);
    if (s.tour.step !== prev.tour.step && s.tour.step > 0) {
      const step = s.tour.steps[s.tour.step - 1], q = s.tour.question;
      const caption = q && !q.revealed
        ? fill(t("Question: {prompt} {answers}"), { prompt: q.prompt, answers: q.answers.map((a, i) => "(" + "abcd"[i] + ") " + a).join(" ") })
        : step.caption;
      say(fill(t("Tour step {n} of {total}: {caption}"), { n: s.tour.step, total: s.tour.steps.length, caption }));
    }
    const q = s.tour.question, pq = prev.tour.question;
    if (q && q.revealed && !(pq && pq.revealed && s.tour.step === prev.tour.step)) say(q.reveal);
  }

  // --- focus ---------------------------------------------------------------------------------------------------------
  const usable = (e) => !!e && e.isConnected && !e.disabled && !e.closest("[hidden]");
  // The first run control that can be pressed (Play, else Reset on a finished run).
  const runControls = () => doc.page_controls.filter((c) => c.group === "run" && c.kind === "button").map((c) => byId(c.id));
  const runControl = () => runControls().find(usable);
  // Where the focus goes when the control that has it is disabled or hidden: its heirs, as the control declares
  // them (Play's is Reset), else the nearest control before it that can take it.
  const heirsOf = (e) => ((doc.page_controls.find((c) => c.id === e.id) || {}).heirs || []);
  const nameOf = (e) => (e.labels && e.labels.length ? e.labels[0].textContent : e.textContent).trim();
  function keepFocus(s) {
    const e = held, now = document.activeElement;
    // (an element of a rebuilt document is gone: build() gives the focus back to its new twin)
    if (!e || !e.isConnected || usable(e) || !(now === e || now === document.body || now === null)) return;
    let to = heirsOf(e).map(byId).find(usable);
    if (!to) {   // the nearest control before it
      const all = [...root.querySelectorAll("a[href], button, input, select")].filter(usable);
      to = all.filter((x) => x.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING).pop();
    }
    if (!to) return;
    const was = nameOf(e);
    to.focus();
    say(runControls().includes(e) && s.done
        ? fill(t("The run has finished: the focus is on {control}."), { control: nameOf(to) })
        : fill(t("{control} is not available now: the focus is on {other}."), { control: was, other: nameOf(to) }));
  }
  // The canvas draws the ring around the focused element's twin; an element with no twin on screen, and a field
  // being edited, is shown over the page instead.
  function focusRing() {
    const e = document.activeElement;
    root.querySelectorAll(".reveal").forEach((r) => { if (!r.contains(e)) r.classList.remove("reveal"); });
    if (!e || !root.contains(e) || e === root) return;
    const twin = last && last.focus_drawn && last.focus === (e.dataset.control || "");
    const typed = e.tagName === "INPUT" || e.tagName === "SELECT";
    const box = e.closest(".field") || e;
    box.classList.toggle("reveal", !twin || typed);
  }
  root.addEventListener("focusin", (e) => {
    held = e.target;
    const id = (e.target.dataset && e.target.dataset.control) || "";
    if (last && last.focus !== id) command("focus=" + id);
    sync();
  });
  root.addEventListener("focusout", (e) => {
    if (!root.contains(e.relatedTarget)) { command("focus="); sync(); }
  });

  // Keys pressed in the document (web/moe-lab-api.js hands them over; they never reach the canvas): the element's
  // own keys stay its own; the canvas's single-key shortcuts (N, P, ?, …) work on buttons too.
  function key(e) {
    if (!doc || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target;
    if (target.tagName === "SELECT") {
      if (e.key === "Enter") { e.preventDefault(); commitSelect(target); return; }
      if (e.key === "Escape") {   // a change not committed: back to the running choice; else out of the select
        if (!target.dataset.pending) { target.blur(); return; }
        delete target.dataset.pending;
        reverting = target;
        last = null;
        sync();
        reverting = null;
        return;
      }
      if (e.key.startsWith("Arrow") || e.key === "Home" || e.key === "End" || e.key.startsWith("Page") || e.key.length === 1) {   // words: not shown
        arrowed = target;   // the change this key makes (fired before the key's event ends) waits for a commit
        setTimeout(() => { if (arrowed === target) arrowed = null; }, 0);
      }
      return;
    }
    if (target.tagName === "INPUT" || target.tagName === "TEXTAREA") {
      if (e.key === "Escape") target.blur();
      if (e.key === "Enter" && target.type === "text") target.blur();   // typed: sent (its change), the keyboard closed
      return;
    }
    if (e.key === " " || e.key === "Enter" || e.key === "Tab") return;   // a button's own keys
    if (doc.keys.some((k) => k.keys.split(" ").includes(e.key))) {
      e.preventDefault();
      act("key=" + e.key);
    }
  }
  // A tap on a text field of the canvas (Host::edit_text): its twin here takes the focus and shows over the page,
  // so that a phone's keyboard, an input method or a screen reader types into it.
  function edit(control) {
    sync();
    const e = [...root.querySelectorAll("input[data-control]")].find((x) => x.dataset.control === control);
    if (!usable(e)) return;
    e.focus({ preventScroll: true });
    e.select();
  }
  window.moeLabDocument = { key, sync, edit };

  // The system's preference (dark, more contrast) chooses the theme unless the user or the link chose one.
  function systemTheme() {
    const more = window.matchMedia("(prefers-contrast: more)").matches;   // words: not shown
    const dark = window.matchMedia("(prefers-color-scheme: dark)").matches;   // words: not shown
    command("system-theme=" + (more ? "contrast" : dark ? "dark" : "light"));
  }

  window.moeLab.onReady.push(() => {
    for (const q of ["(prefers-contrast: more)", "(prefers-color-scheme: dark)"])   // words: not shown
      window.matchMedia(q).addEventListener("change", () => { systemTheme(); sync(); });
    // the document as soon as the app has a state (a frame or two after the module is ready), so that the first
    // Tab finds the skip link; then every 250 ms
    let frames = 0;   // (at most ten seconds of frames: the interval below keeps trying)
    const first = () => { sync(); if (!doc && ++frames < 600) requestAnimationFrame(first); };
    first();
    setInterval(sync, 250);
  });
})();
