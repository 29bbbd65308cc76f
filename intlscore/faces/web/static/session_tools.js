/* The session's records on the page (issue 18): the rules in force, a re-scoring shown
   before it is stored, the check of every record, and an amended deal's versions. Each
   reads the same JSON as the command line; user text is always set as text. */
"use strict";

(function () {
  const tools = document.getElementById("tools");
  const name = tools.dataset.session;
  const base = `/api${sessionPath(name)}`;

  const rulesPart = document.getElementById("rules-in-force");
  rulesPart.addEventListener("toggle", async () => {
    if (!rulesPart.open) return;
    const reply = await callApi(`${base}/rules`);
    rulesPart.querySelector(".message").textContent = reply.ok ? "" : reply.data.error;
    if (reply.ok) rulesPart.querySelector(".rules-text").textContent = reply.data.toml;
  });

  const rescore = document.querySelector("form[aria-label='rescore']");
  const confirm = rescore.querySelector(".confirm");
  const preview = rescore.querySelector(".result");
  const rescoreMessage = rescore.querySelector(".message");
  let asked = null; // the body previewed, which "store" sends

  function rescoreBody() {
    const body = {};
    const trump = rescore.elements.trump_bonus.value;
    if (trump) body.trump_bonus = trump === "on";
    const rules = rescore.elements.rules.value;
    if (rules.trim()) body.rules = rules;
    const joker = rescore.elements.joker_value.value.trim();
    if (joker) body.joker_value = joker;
    return body;
  }

  function showReport(data) {
    preview.replaceChildren();
    preview.append(element("h3", data.stored ? `Stored: now scored under ${data.rules}` : `Under ${data.rules}`));
    const totals = element("ul");
    for (const player of Object.keys(data.old)) {
      const change = data.change[player];
      totals.append(element("li", `${player}: ${data.old[player]} → ${data.new[player]} (${change > 0 ? "+" : ""}${change})`));
    }
    preview.append(totals);
    if (!data.changed_deals.length) {
      preview.append(element("p", "No deal's score changes."));
      return;
    }
    preview.append(element("h3", `Deals whose scores change (${data.changed_deals.length})`));
    const deals = element("ul");
    for (const deal of data.changed_deals) {
      const parts = Object.keys(deal.new.deltas).map((p) => `${p} ${deal.old.deltas[p]} → ${deal.new.deltas[p]}`);
      deals.append(element("li", `deal ${deal.number}: ${parts.join(", ")}`));
    }
    preview.append(deals);
  }

  takeOver(rescore, async () => {
    asked = rescoreBody();
    const reply = await callApi(`${base}/rescore/preview`, asked);
    confirm.hidden = !reply.ok;
    rescoreMessage.textContent = reply.ok ? "" : reply.data.error;
    if (reply.ok) showReport(reply.data);
    else preview.replaceChildren();
  });
  rescore.addEventListener("input", () => {
    confirm.hidden = true; // changed since the preview: preview again first
  });
  confirm.addEventListener("click", async () => {
    confirm.disabled = true;
    const reply = await Outbox.send(`${base}/rescore`, asked, { keep: false });
    confirm.disabled = false;
    if (reply.state !== "sent") {
      rescoreMessage.textContent = reply.data.error;
      return;
    }
    confirm.hidden = true;
    showReport(reply.data);
  });

  const check = document.getElementById("check");
  check.querySelector("button").addEventListener("click", async () => {
    const result = check.querySelector(".result");
    const reply = await callApi(`${base}/check`);
    if (!reply.ok) {
      result.textContent = reply.data.error;
      return;
    }
    const data = reply.data;
    const deals = data.ok ? data.sessions.reduce((sum, session) => sum + session.deals, 0) : 0;
    result.textContent = data.ok
      ? `${deals} deal${deals === 1 ? "" : "s"}: every record matches its checksum and re-scores to its stored deltas`
      : `problems: ${data.problems.join("; ")}`;
  });

  /* An amended deal's earlier versions, under it in the history (also after a live swap). */
  document.querySelector("main").addEventListener("click", async (event) => {
    const button = event.target.closest("button.versions");
    if (!button) return;
    const list = button.parentElement.querySelector(".versions-list");
    const open = button.getAttribute("aria-expanded") === "true";
    button.setAttribute("aria-expanded", String(!open));
    list.hidden = open;
    if (open) return;
    const reply = await callApi(`${base}/deal/${button.dataset.number}/versions`);
    list.replaceChildren();
    if (!reply.ok) {
      list.append(element("li", reply.data.error));
      return;
    }
    const versions = reply.data.versions;
    versions.forEach((deal, index) => {
      const state = index === versions.length - 1 ? "as it stands" : "replaced";
      const deltas = Object.entries(deal.deltas).map(([p, d]) => `${p} ${d > 0 ? "+" : ""}${d}`).join(", ");
      list.append(element("li", `${plainTime(deal.created)} (${state}): ${deal.summary}; ${deltas}`));
    });
  });
})();
