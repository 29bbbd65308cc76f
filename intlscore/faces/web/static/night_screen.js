/* The projector's page of a night (issue 43): the round's tables, the standings and the
   round clock, in large type for a room. It follows the ledger live (live.js): a deal at
   any table moves the starter and the standings; a round accepted shows its tables. The
   standings show as many rows as fit the screen, from the top. */
"use strict";

(function () {
  function fit() {
    const box = document.querySelector(".screen-standings");
    if (!box) return;
    const bottom = box.getBoundingClientRect().bottom;
    for (const row of box.querySelectorAll("tbody tr")) {
      row.hidden = false;
    }
    for (const row of box.querySelectorAll("tbody tr")) {
      if (row.getBoundingClientRect().bottom > bottom) row.hidden = true;
    }
  }

  function two(n) {
    return String(n).padStart(2, "0");
  }

  /* The time since the round was accepted, as m:ss (h:mm:ss past an hour). */
  function tick() {
    const clock = document.querySelector(".clock[data-since]");
    if (!clock) return;
    const since = Date.parse(clock.dataset.since);
    if (Number.isNaN(since)) return;
    const seconds = Math.max(0, Math.floor((Date.now() - since) / 1000));
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = seconds % 60;
    clock.querySelector(".clock-time").textContent = h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
  }

  async function refresh() {
    await Live.refresh(["screen"]);
    fit();
    tick();
  }

  Live.on("ledger", refresh);
  Live.on("reconnect", refresh);
  window.addEventListener("resize", fit);
  setInterval(tick, 1000);
  fit();
  tick();
  Live.follow(null);
})();
