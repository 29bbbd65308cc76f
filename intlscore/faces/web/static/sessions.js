/* The sessions page: start a new session, then open it. */
"use strict";

(function () {
  const form = document.getElementById("new-session");
  const message = form.querySelector(".message");
  Live.on("ledger", () => Live.refresh(["sessions"]));
  Live.on("reconnect", () => Live.refresh(["sessions"]));
  Live.follow(null);
  /* One key per new session: pressing "start" again after a lost answer sends the same
     key, and the ledger makes the session once. Another name or players is another key. */
  let started = { text: null, key: null };
  function startKey(body) {
    const text = JSON.stringify(body);
    if (started.text !== text) started = { text, key: Outbox.newKey() };
    return started.key;
  }
  takeOver(form, async () => {
    const name = form.elements.name.value.trim();
    const players = [...form.querySelectorAll("input[name=player]")]
      .map((input) => input.value.trim())
      .filter((value) => value);
    const body = { name, players, trump_bonus: form.elements.trump_bonus.checked };
    const jokerValue = form.elements.joker_value.value.trim();
    if (jokerValue) body.joker_value = jokerValue;
    const stake = form.elements.stake.value.trim(); // kept for settle (R19), as --stake
    if (stake) body.stake = stake;
    const rules = form.elements.rules.value;
    if (rules.trim()) body.rules = rules;
    const reply = await Outbox.send("/api/sessions", body, { keep: false, key: startKey(body) });
    if (reply.state !== "sent") {
      message.textContent = reply.data.error;
      return;
    }
    const data = reply.data;
    window.location.href = sessionPath(data.session);
  });
})();
