/* What just happened, said out loud (issue 29): one line at the top of the session page,
   in a live region (role status) that stays in view, with at most one action beside it
   ("redo deal 11"). An action that fails says why in the line beside it. */
"use strict";

const News = (() => {
  const line = document.querySelector(".news [role=status]");
  const action = document.querySelector(".news .news-action");
  const problem = document.querySelector(".news .message");
  let run = null;

  action.addEventListener("click", async () => {
    if (!run) return;
    action.disabled = true;
    try {
      await run();
    } finally {
      action.disabled = false;
    }
  });

  /* Say `words`; `act` ({label, run}) puts a button beside them. */
  function say(words, act) {
    line.textContent = words;
    problem.textContent = "";
    run = act ? act.run : null;
    action.hidden = !act;
    action.textContent = act ? act.label : "";
  }

  /* Scroll `part` of the page to just below the news line (which stays at the top, but
     for while a deal is entered). */
  function reveal(part) {
    const dock = line.closest(".dock");
    const stuck = dock && getComputedStyle(dock).position === "sticky";
    const below = stuck ? dock.getBoundingClientRect().height : 0;
    window.scrollTo({ top: part.getBoundingClientRect().top + window.scrollY - below - 4 });
  }

  /* Why the action beside the line failed. */
  function fail(words) {
    problem.textContent = words;
  }

  return { say, fail, reveal };
})();
