/* The projector's page of a night (issue 43): the round's tables, the standings and the
   round clock (night_clock.js), in large type for a room. It follows the ledger live
   (live.js): a deal at any table moves the starter and the standings; a round accepted
   shows its tables. The standings show as many rows as fit the screen, from the top. */
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

  async function refresh() {
    await Live.refresh(["screen"]);
    fit();
    NightClock.tick();
  }

  Live.on("ledger", refresh);
  Live.on("reconnect", refresh);
  window.addEventListener("resize", fit);
  fit();
  Live.follow(null);
})();
