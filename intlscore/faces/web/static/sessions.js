/* The sessions page: start a new session, then open it. */
"use strict";

(function () {
  const form = document.getElementById("new-session");
  const message = form.querySelector(".message");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = form.elements.name.value.trim();
    const players = [...form.querySelectorAll("input[name=player]")]
      .map((input) => input.value.trim())
      .filter((value) => value);
    const body = { name, players, trump_bonus: form.elements.trump_bonus.checked };
    const jokerValue = form.elements.joker_value.value.trim();
    if (jokerValue) body.joker_value = jokerValue;
    const rules = form.elements.rules.value;
    if (rules.trim()) body.rules = rules;
    const response = await fetch("/api/sessions", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }).catch(() => null);
    if (!response) {
      message.textContent = "the server cannot be reached; try again";
      return;
    }
    const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
    if (!response.ok) {
      message.textContent = data.error;
      return;
    }
    window.location.href = `/session/${encodeURIComponent(data.session)}`;
  });
})();
