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

  /* Follow the ledger's changes (of one session, or all); `onChange` runs on each. */
  function follow(session, onChange) {
    if (!window.EventSource) return null;
    const query = session === null ? "" : `?session=${encodeURIComponent(session)}`;
    const source = new EventSource(`/api/events${query}`);
    let first = true;
    source.addEventListener("hello", () => {
      if (!first) onChange(); // a reconnect: catch up on what was missed
      first = false;
      document.documentElement.dataset.live = "on";
    });
    source.addEventListener("ledger", () => onChange());
    source.addEventListener("error", () => {
      document.documentElement.dataset.live = "off";
    });
    return source;
  }

  return { refresh, follow };
})();
