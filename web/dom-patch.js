// Elements made, and changed in place, for the page's HTML document (web/pdom.js): a text, a list or a table
// that changes keeps its nodes where it can, so that a screen reader reading it keeps its place.
window.moeLabDom = (() => {
  // An element: attributes (text: its text; on: its listeners; false, null or undefined: left out), then children.
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "text") e.textContent = v;
      else if (k === "on") for (const [type, f] of Object.entries(v)) e.addEventListener(type, f);
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) if (c) e.append(c);
    return e;
  }
  // Text changed in place: an element holding one text node keeps it.
  function setText(e, text) {
    if (!e || e.textContent === text) return;
    const n = e.firstChild;
    if (text && n && n === e.lastChild && n.nodeType === Node.TEXT_NODE) n.data = text;
    else e.textContent = text;
  }
  // A list's items changed in place (items added or removed at its end); an empty list is hidden, out of the tree.
  function setList(e, items) {
    if (!e) return;
    patch(e, items.map((item) => ({ tag: "li", text: item })));
    show(e, items.length > 0);
  }
  // parent's element children made to match specs ({tag, attrs, text} or {tag, attrs, kids}) in place: a child of
  // the right tag is kept, its attributes and text changed; only the missing are made, only the extra removed.
  function patch(parent, specs) {
    specs.forEach((sp, i) => {
      let c = parent.children[i];
      if (!c || c.tagName !== sp.tag.toUpperCase()) {
        const made = el(sp.tag);
        if (c) parent.replaceChild(made, c); else parent.append(made);
        c = made;
      }
      for (const [k, v] of Object.entries(sp.attrs || {})) if (c.getAttribute(k) !== String(v)) c.setAttribute(k, v);
      if (sp.kids) patch(c, sp.kids); else setText(c, sp.text);
    });
    while (parent.children.length > specs.length) parent.lastElementChild.remove();
  }
  function show(e, on) { if (e && e.hidden === on) e.hidden = !on; }
  function enable(e, on) { if (e && e.disabled === on) e.disabled = !on; }
  return { el, setText, setList, patch, show, enable };
})();
