// The page's polite live region (#announce, web/index.html), which the HTML document (web/pdom.js) speaks through:
// one message per announcement, never joined; queued and said one a second; urgent ones (refusals) first; a
// message already waiting is not queued twice, and at most six wait (the oldest go: never a flood).
window.moeLabSay = (() => {
  const live = document.getElementById("announce");
  const queue = [];
  setInterval(() => {
    if (!queue.length) return;
    const text = queue.shift();
    if (live.textContent === text) {   // the same words again: empty the region first, so that they are said again
      live.textContent = "";
      setTimeout(() => { live.textContent = text; }, 100);
    } else {
      live.textContent = text;
    }
  }, 1000);
  return (text, urgent) => {
    if (!text || queue.includes(text)) return;
    if (urgent) queue.unshift(text); else queue.push(text);
    if (queue.length > 6) queue.splice(1, queue.length - 6);
  };
})();
