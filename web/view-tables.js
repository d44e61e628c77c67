// A view's data as HTML tables (moeLab.table(n): src/app/parts/views.cpp), for the page's HTML document
// (web/pdom.js): each table with its caption, column and row headers, then its notes, as specs for
// moeLabDom.patch (web/dom-patch.js), which changes the tables already shown in place.
window.moeLabTableSpecs = (() => {
  const t = (s) => (globalThis.moeLabWords ? globalThis.moeLabWords(s) : s);   // the page's string table
  const fill = (s, values) => s.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
  return (tables) => {
    const specs = [];
    for (const tb of tables) {
      if (!tb.columns.length) {   // nothing to tabulate yet: a table without headers is no table
        specs.push({ tag: "p", text: fill(t("{caption}: no data yet."), { caption: tb.caption }) });
        continue;
      }
      // (a painted text's tokens are the model's data: a browser's translation leaves them as they are)
      const head = tb.data_first ? { scope: "row", translate: "no" } : { scope: "row" };
      const rows = tb.rows.map((r) => ({ tag: "tr", kids: [{ tag: "th", attrs: head, text: r[0] }].concat(r.slice(1).map((c) => ({ tag: "td", text: c }))) }));
      if (!tb.rows.length) rows.push({ tag: "tr", kids: [{ tag: "td", attrs: { colspan: tb.columns.length }, text: t("no data yet") }] });
      specs.push({ tag: "table", kids: [
        { tag: "caption", text: tb.rows.length < tb.total_rows
          ? fill(t("{caption} ({n} of {total} rows)"), { caption: tb.caption, n: tb.rows.length, total: tb.total_rows }) : tb.caption },
        { tag: "thead", kids: [{ tag: "tr", kids: tb.columns.map((c) => ({ tag: "th", attrs: { scope: "col" }, text: c })) }] },
        { tag: "tbody", kids: rows }] });
      for (const n of tb.notes) specs.push({ tag: "p", text: n });
    }
    return specs;
  };
})();
