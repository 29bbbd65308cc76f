/* The round's clock on the night's pages (issue 43): the server renders the seconds since
   the round in play was seated, as it read them; the page counts on from the moment that
   part arrived (a refresh brings a fresh reading), so a phone's or a projector's own
   clock never matters. */
"use strict";

const NightClock = (() => {
  const arrived = new WeakMap();

  function shown(seconds) {
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = String(seconds % 60).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
  }

  function tick() {
    for (const clock of document.querySelectorAll(".clock[data-elapsed]")) {
      if (!arrived.has(clock)) arrived.set(clock, performance.now());
      const passed = Math.floor((performance.now() - arrived.get(clock)) / 1000);
      const time = clock.querySelector(".clock-time");
      const text = shown(Number(clock.dataset.elapsed) + passed);
      if (time.textContent !== text) time.textContent = text;
    }
  }

  setInterval(tick, 1000);
  tick();
  return { tick };
})();
