/* The round's clock on the night's pages (issue 43): under a time limit the time left
   (then "time is up"), else the time since the round in play was seated. The server
   renders its reading in seconds; the page counts on from the moment that part arrived
   (a live refresh brings a fresh reading), so a phone's or a projector's own clock never
   matters. */
"use strict";

const NightClock = (() => {
  const arrived = new WeakMap();
  const UP = "time is up: finish the deal in play";

  function shown(seconds) {
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = String(seconds % 60).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
  }

  function tick() {
    for (const clock of document.querySelectorAll(".clock[data-elapsed], .clock[data-left]")) {
      if (!arrived.has(clock)) arrived.set(clock, performance.now());
      const passed = Math.floor((performance.now() - arrived.get(clock)) / 1000);
      let seconds = Number(clock.dataset.elapsed) + passed;
      if (clock.dataset.left !== undefined) {
        seconds = Math.max(0, Number(clock.dataset.left) - passed);
        if (seconds === 0 && !clock.classList.contains("over")) {
          clock.classList.add("over");
          clock.querySelector(".clock-left").textContent = UP;
        }
      }
      const time = clock.querySelector(".clock-time");
      const text = shown(seconds);
      if (time.textContent !== text) time.textContent = text;
    }
  }

  setInterval(tick, 1000);
  tick();
  return { tick };
})();
