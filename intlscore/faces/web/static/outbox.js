/* The page's writes, kept until the server has them (issue 18).

   Every write gets a fresh Idempotency-Key, and every retry of it sends the same key, so
   the ledger stores it once however often it is sent (docs/web.md). A write that cannot
   reach the server (offline, a dropped answer, a busy ledger) stays in the browser's
   storage, "waiting to send", across reloads, and is sent again when the connection
   returns. A write the server refuses (400 bad input, 404 no such session, 409 a ledger
   that cannot be written, e.g. on a read-only disk, 413 too large, 422 a key reused for
   another request) is kept with the server's one-line reason, for correction; it is never
   dropped unless the player discards it. Every other answer keeps it waiting and sends it
   again with the same key: 503 (the ledger was busy) and 507 (its disk is full: the
   reason is kept and shown) after the server's Retry-After, 401 and 403 once the phone
   has joined again, any 5xx, no answer at all (docs/web.md, "Retries"). */
"use strict";

const Outbox = (() => {
  const STORE = "intlscore.outbox";
  const RETRY_MS = 2000;
  /* The answers that refuse a write: sending it again as it is cannot help. */
  const REFUSALS = new Set([400, 404, 409, 413, 422]);
  /* A full disk: the write waits, and the page says why, until the disk has room. */
  const FULL = 507;
  let timer = null;
  const listeners = new Set();

  function load() {
    try {
      const items = JSON.parse(localStorage.getItem(STORE) || "[]");
      return Array.isArray(items) ? items : [];
    } catch (error) {
      return [];
    }
  }

  function save(items) {
    localStorage.setItem(STORE, JSON.stringify(items));
    for (const listener of listeners) listener();
  }

  function update(key, change) {
    const items = load();
    const item = items.find((i) => i.key === key);
    if (item) {
      change(item);
      save(items);
    }
  }

  function remove(key) {
    save(load().filter((i) => i.key !== key));
  }

  /* A fresh key: a random UUID, also where crypto.randomUUID is missing (plain http). */
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  }

  /* One try: "sent" (2xx), "refused" (its content, with the reason) or "waiting" (any other
     answer, or none; `after` is the server's Retry-After in milliseconds). */
  async function attempt(item) {
    let response;
    try {
      response = await fetch(item.path, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "Idempotency-Key": `"${item.key}"` },
        body: JSON.stringify(item.body),
      });
    } catch (error) {
      return { state: "waiting", data: { error: "the server cannot be reached; it will be sent when the connection returns" } };
    }
    let data;
    try {
      data = await response.json();
    } catch (error) {
      data = { error: `the server answered ${response.status}` };
    }
    if (response.ok) return { state: "sent", data, status: response.status };
    if (REFUSALS.has(response.status)) return { state: "refused", data, status: response.status };
    const seconds = Number(response.headers.get("Retry-After"));
    const after = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : RETRY_MS;
    return { state: "waiting", data, status: response.status, after };
  }

  /* A waiting write keeps the server's reason while the ledger's disk is full. */
  function waitingBecause(key, result) {
    const why = result.status === FULL ? result.data.error : undefined;
    const item = load().find((i) => i.key === key);
    if (item && item.why !== why) update(key, (i) => { i.why = why; });
  }

  function schedule(after = RETRY_MS) {
    if (timer === null && load().some((i) => i.state === "waiting")) {
      timer = setTimeout(() => {
        timer = null;
        flush();
      }, Math.max(after, RETRY_MS / 4));
    }
  }

  let flushing = false;

  /* Send every waiting write, oldest first, each with its own key. */
  async function flush() {
    if (flushing) return;
    flushing = true;
    let after = RETRY_MS;
    try {
      for (const item of load()) {
        if (item.state !== "waiting") continue;
        const result = await attempt(item);
        if (result.state === "sent") {
          remove(item.key);
          for (const listener of listeners) listener({ sent: item, data: result.data });
        } else if (result.state === "refused") {
          update(item.key, (i) => {
            i.state = "refused";
            i.error = result.data.error;
          });
        } else {
          after = result.after || RETRY_MS;
          waitingBecause(item.key, result);
          break; // still no connection, a busy ledger or a full disk: keep the order
        }
      }
    } finally {
      flushing = false;
      schedule(after);
    }
  }

  /* Send a write now. `keep` writes (deals) stay in storage until sent; the answer:
     {state: "sent", data} | {state: "waiting", key} | {state: "refused", data}. A refusal
     of a write sent now is left to the caller (the form still holds it). */
  async function send(path, body, { label = "", session = "", keep = true, key = newKey() } = {}) {
    const item = { key, path, body, label, session, state: "waiting", created: Date.now() };
    if (keep) save([...load().filter((i) => i.key !== key), item]);
    for (let tries = keep ? 1 : 3; ; tries -= 1) {
      const result = await attempt(item);
      if (result.state !== "waiting" || tries <= 1) {
        if (result.state !== "waiting") remove(key);
        else {
          if (keep) waitingBecause(key, result);
          schedule(result.after);
        }
        return { ...result, key };
      }
      await new Promise((resolve) => setTimeout(resolve, result.after || RETRY_MS / 2));
    }
  }

  function pending(session) {
    return load().filter((i) => i.session === session);
  }

  function subscribe(listener) {
    listeners.add(listener);
  }

  window.addEventListener("online", flush);
  window.addEventListener("storage", (event) => {
    if (event.key === STORE) for (const listener of listeners) listener();
  });
  /* The first flush waits for the page's own scripts (they come after this one), so that
     the page has subscribed before a kept write is sent and can say it was stored. */
  function start() {
    schedule();
    if (navigator.onLine) flush();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else setTimeout(start, 0);

  return { send, flush, pending, remove, subscribe, newKey };
})();
