/* Live pages (issue 18): the server streams every change to the ledger (/api/events,
   Server-Sent Events), whichever phone or command wrote it. The page then fetches itself
   again and swaps in the parts marked data-live="NAME", so what it shows is always the
   server's own rendering; what a player is typing elsewhere on the page is left alone.
   EventSource reconnects by itself after a drop; every (re)connect refreshes too, so a
   phone that was cut off catches up. */
"use strict";

const Live = (() => {
  /* Swap the page's parts `parts` (data-live names) for their fresh rendering; answers
     the names of the parts that changed. Only the newest refresh of the same parts is
     applied, so a slow answer never puts back an older state over a newer one. */
  const newest = new Map();

  async function refresh(parts, after) {
    const key = parts.join(" ");
    const ticket = (newest.get(key) || 0) + 1;
    newest.set(key, ticket);
    let response;
    try {
      response = await fetch(window.location.href, { credentials: "same-origin", cache: "no-store" });
    } catch (error) {
      return []; // offline: the stream's reconnect will bring the page up to date
    }
    if (!response.ok) return [];
    const text = await response.text();
    if (newest.get(key) !== ticket) return [];
    const fresh = new DOMParser().parseFromString(text, "text/html");
    const changed = [];
    for (const part of parts) {
      const selector = `[data-live="${part}"]`;
      const now = document.querySelector(selector);
      const next = fresh.querySelector(selector);
      // an unchanged part is left as it is (a tap on it is not lost)
      if (now && next && now.outerHTML !== next.outerHTML) {
        now.replaceWith(document.importNode(next, true));
        changed.push(part);
      }
    }
    if (after) after();
    return changed;
  }

  /* Follow the changes of one session (or all): `on(kind, fn)` hears "ledger" (a write),
     "draft" (a shared deal being filled in) and "reconnect" (the stream is (re)opened:
     catch up on what was written before it). */
  const handlers = { ledger: [], draft: [], reconnect: [] };
  let source = null;

  function on(kind, handler) {
    handlers[kind].push(handler);
  }

  function follow(session) {
    if (source || !window.EventSource) return;
    const query = session === null ? "" : `?session=${encodeURIComponent(session)}`;
    source = new EventSource(`/api/events${query}`);
    source.addEventListener("hello", () => {
      // on every (re)connect: whatever was written since the page was served, or while
      // the stream was down, is read now
      for (const handler of handlers.reconnect) handler();
      document.documentElement.dataset.live = "on";
    });
    for (const kind of ["ledger", "draft"]) {
      source.addEventListener(kind, () => {
        for (const handler of handlers[kind]) handler();
      });
    }
    source.addEventListener("error", () => {
      document.documentElement.dataset.live = "off";
    });
  }

  return { refresh, follow, on };
})();
