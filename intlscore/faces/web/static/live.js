/* Live pages (issues 18 and 43): the server streams every change to the ledger
   (/api/events, Server-Sent Events), whichever phone or command wrote it. A page that
   follows one session gets what changed in the event itself (its deals and totals,
   rendered by the server: session.js applies them in place); other pages, or a session
   page that missed something, fetch themselves again and swap in the parts marked
   data-live="NAME", so what they show is always the server's own rendering; what a player
   is typing elsewhere on the page is left alone.
   The stream is read with fetch (not EventSource, which gives up for good on an answer
   other than 200): a stream that drops or is refused (a 503 when the server holds as many
   pages as it serves) is opened again by itself after a growing, jittered delay (1 s, 2 s,
   4 s... at most 30 s, never sooner than the server's Retry-After), and the page says
   "reconnecting..." in one line until it is back. */
"use strict";

const Live = (() => {
  /* Swap the page's parts `parts` (data-live names) for their fresh rendering; answers
     the names of the parts that changed. Only the newest refresh of the same parts is
     applied, so a slow answer never puts back an older state over a newer one. */
  const newest = new Map();

  /* While the handlers of one event run (`during`), every part they ask for is read from
     one fetch of the page (a second refresh shares the first one's answer), or from none
     at all when the event's news brought the parts already (`told`). Any other refresh
     (after this phone's own write, say) fetches afresh. */
  let during = false;
  let shared = null; // the page's text, fetched once for this event
  let told = null; // { parts: Set, changed: Set }
  let lastTold = null; // what the last event made current, for a script that runs later

  function page() {
    if (during && shared) return shared;
    const text = fetch(window.location.href, { credentials: "same-origin", cache: "no-store" })
      .then((response) => (response.ok ? response.text() : null))
      .catch(() => null); // offline: the stream's reconnect will bring the page up to date
    if (during) shared = text;
    return text;
  }

  /* The parts `parts` are up to date for the event being handled (the page applied its
     news), and `changed` of them changed: a refresh of them for this event reads nothing. */
  function current(parts, changed) {
    if (during) told = { parts: new Set(parts), changed: new Set(changed) };
  }

  async function refresh(parts, after) {
    if (during && told && parts.every((part) => told.parts.has(part))) {
      if (after) after();
      return parts.filter((part) => told.changed.has(part));
    }
    const key = parts.join(" ");
    const ticket = (newest.get(key) || 0) + 1;
    newest.set(key, ticket);
    const text = await page();
    if (text === null || newest.get(key) !== ticket) return [];
    const fresh = new DOMParser().parseFromString(text, "text/html");
    const changed = [];
    for (const part of parts) {
      const next = fresh.querySelector(`[data-live="${part}"]`);
      if (next && swap(part, next)) changed.push(part);
    }
    if (after) after();
    return changed;
  }

  /* Put the part `part` given (an element, or the server's HTML holding it) in the place
     of the page's own; an unchanged part is left as it is (a tap on it is not lost). */
  function swap(part, next) {
    const now = document.querySelector(`[data-live="${part}"]`);
    const element = typeof next === "string" ? fromHtml(next, part) : next;
    if (!now || !element || now.outerHTML === element.outerHTML) return false;
    now.replaceWith(document.importNode(element, true));
    return true;
  }

  /* The element the server's (escaped) HTML holds: its part `part` (by its data-live
     name; null when it holds none), or without `part` its first element. */
  function fromHtml(html, part) {
    const holder = document.createElement("template");
    holder.innerHTML = html;
    if (part) return holder.content.querySelector(`[data-live="${part}"]`);
    return holder.content.firstElementChild;
  }

  /* Follow the changes of one session (or all): `on(kind, fn)` hears "ledger" (a write),
     "draft" (a shared deal being filled in) and "reconnect" (the stream is (re)opened:
     catch up on what was written before it). Each handler gets the event's data; a
     "reconnect" handler also whether it is the page's first connection. */
  const handlers = { ledger: [], draft: [], reconnect: [] };
  const FIRST_DELAY = 1000;
  const LONGEST_DELAY = 30000;
  let following = false;
  let url = null;
  let failures = 0;
  let greeted = false;
  let timer = null;
  let line = null;

  function on(kind, handler) {
    handlers[kind].push(handler);
  }

  /* A script that ran after the stream opened (timer.js is deferred: under load the hello
     may come first) catches up by `handler`, as if it had heard the last event: the parts
     that event made current read nothing, so the page is not fetched again for them.
     Before any event, it does nothing (the hello will come and call it). */
  function late(handler) {
    if (!greeted) return;
    during = true;
    told = lastTold;
    try {
      handler();
    } finally {
      during = false;
      shared = null;
      told = null;
    }
  }

  /* The one line that says the stream is down ("reconnecting..."), under the title. */
  function say(words) {
    if (!line) {
      line = document.createElement("p");
      line.className = "live-state";
      line.setAttribute("role", "status");
      line.setAttribute("aria-label", "connection");
      const title = document.querySelector("main h1");
      if (title) title.after(line);
      else document.body.prepend(line);
    }
    line.textContent = words;
    line.hidden = !words;
  }

  function follow(session) {
    if (following || !window.fetch || !window.TextDecoder) return;
    following = true;
    const query = session === null ? "" : `?session=${encodeURIComponent(session)}`;
    url = `/api/events${query}`;
    // back on screen (a phone woken up): a stream waiting to reconnect tries now
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && timer !== null) {
        clearTimeout(timer);
        timer = null;
        connect();
      }
    });
    connect();
  }

  /* The delay before the next try: 1 s, 2 s, 4 s... (at most 30 s), each within a fifth
     either way so that a room of phones does not come back at the same instant; never
     sooner than `retryAfter` seconds. */
  function delay(retryAfter) {
    const base = Math.min(LONGEST_DELAY, FIRST_DELAY * 2 ** Math.min(failures, 5));
    const wait = base * (0.8 + 0.4 * Math.random());
    const floor = retryAfter > 0 ? retryAfter * 1000 * (1 + 0.2 * Math.random()) : 0;
    return Math.max(wait, floor);
  }

  function down(retryAfter) {
    document.documentElement.dataset.live = "off";
    say("reconnecting…");
    const wait = delay(retryAfter);
    failures += 1;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      connect();
    }, wait);
  }

  /* The server sends a keep-alive comment every 15 s: a stream silent for 45 s is dead
     (a phone that slept, a network that dropped without a word), and is opened again. */
  const SILENCE = 45000;

  async function connect() {
    const abort = new AbortController();
    let silence = null;
    const alive = () => {
      clearTimeout(silence);
      silence = setTimeout(() => abort.abort(), SILENCE);
    };
    let response;
    try {
      alive();
      response = await fetch(url, {
        credentials: "same-origin",
        cache: "no-store",
        headers: { Accept: "text/event-stream" },
        signal: abort.signal,
      });
    } catch (error) {
      clearTimeout(silence);
      down(0); // no connection, or the server is away
      return;
    }
    if (!response.ok || !response.body) {
      clearTimeout(silence);
      const after = Number.parseInt(response.headers.get("Retry-After") || "", 10);
      down(Number.isFinite(after) ? after : 0);
      return;
    }
    try {
      await read(response.body, alive);
    } catch (error) {
      // the connection broke mid-stream, or fell silent: reconnect below
    }
    clearTimeout(silence);
    down(0);
  }

  /* Read the stream's events (the text/event-stream format: "event:" and "data:" lines,
     a blank line ends an event, ":" starts a comment) and hand each to its handlers. */
  async function read(body, alive) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    let kind = "message";
    let data = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      alive();
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split("\n");
      buffer = lines.pop();
      for (const raw of lines) {
        const text = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
        if (text === "") {
          if (data.length) dispatch(kind, data.join("\n"));
          kind = "message";
          data = [];
          continue;
        }
        if (text.startsWith(":")) continue; // a keep-alive comment
        const colon = text.indexOf(":");
        const field = colon < 0 ? text : text.slice(0, colon);
        let value = colon < 0 ? "" : text.slice(colon + 1);
        if (value.startsWith(" ")) value = value.slice(1);
        if (field === "event") kind = value;
        else if (field === "data") data.push(value);
      }
    }
  }

  function dispatch(kind, text) {
    let data;
    try {
      data = JSON.parse(text);
    } catch (error) {
      return;
    }
    during = true;
    lastTold = null;
    try {
      if (kind === "hello") {
        // on every (re)connect: whatever was written since the page was served, or while
        // the stream was down, is read now (session.js reads only what it missed)
        const first = !greeted;
        greeted = true;
        failures = 0;
        say("");
        document.documentElement.dataset.live = "on";
        for (const handler of handlers.reconnect) handler(data, first);
        return;
      }
      for (const handler of handlers[kind] || []) handler(data);
    } finally {
      during = false;
      shared = null;
      lastTold = told;
      told = null;
    }
  }

  return { refresh, current, swap, fromHtml, follow, on, late };
})();
