/* Live pages (issue 18): the server streams every change to the ledger (/api/events,
   Server-Sent Events), whichever phone or command wrote it. The page then fetches itself
   again and swaps in the parts marked data-live="NAME", so what it shows is always the
   server's own rendering; what a player is typing elsewhere on the page is left alone.
   EventSource reconnects by itself after a drop; every (re)connect refreshes too, so a
   phone that was cut off catches up. */
"use strict";

const Live = (() => {
  /* Swap the page's parts `parts` (data-live names) for their fresh rendering. */
  async function refresh(parts, after) {
    let response;
    try {
      response = await fetch(window.location.href, { credentials: "same-origin" });
    } catch (error) {
      return; // offline: the stream's reconnect will bring the page up to date
    }
    if (!response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const part of parts) {
      const selector = `[data-live="${part}"]`;
      const now = document.querySelector(selector);
      const next = fresh.querySelector(selector);
      if (now && next) now.replaceWith(document.importNode(next, true));
    }
    if (after) after();
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
