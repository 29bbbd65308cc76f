/* The organiser's page of a night (issue 43): the draft of the next round, two players
   swapped with two taps (the server swaps them and measures the flaws again), the round
   accepted with one more tap; the round in play, the standings and the roll call follow
   the ledger live (live.js), whoever wrote: a deal at a table, `intlscore night seat
   --accept` on the laptop, a latecomer. The draft is drawn again when the roll call or
   the round in play changes, never on a mere deal (a draft plans the later rounds). */
"use strict";

(function () {
  const root = document.getElementById("night");
  const api = root.dataset.api;
  const section = document.getElementById("draft");
  const title = section.querySelector(".draft-title");
  const tablesBox = section.querySelector(".draft-tables");
  const flawsBox = section.querySelector(".flaws");
  const message = section.querySelector("[aria-label='draft message']");
  const news = section.querySelector("[aria-label='draft news']");
  const acceptButton = section.querySelector(".accept");
  const force = section.querySelector(".force");
  const PARTS = ["night-head", "state", "clock", "round", "standings", "roll"];

  let draft = null; // the night-seat document shown
  let chosen = null; // the player tapped first
  let acceptKey = { text: null, key: null };

  const state = () => document.querySelector("[data-live=state]").dataset;

  function text(tag, content, className) {
    const node = document.createElement(tag);
    node.textContent = content;
    if (className) node.className = className;
    return node;
  }

  function startsOf(table, player) {
    const deals = [];
    table.starts.forEach((who, index) => { if (who === player) deals.push(index + 1); });
    return deals;
  }

  function show(doc, said) {
    draft = doc;
    chosen = null;
    title.textContent = `Round ${doc.round} draft`;
    acceptButton.textContent = `accept round ${doc.round}`;
    acceptButton.disabled = false;
    tablesBox.replaceChildren();
    for (const table of doc.tables) {
      const group = document.createElement("div");
      group.className = "draft-table";
      group.setAttribute("role", "group");
      group.setAttribute("aria-label", `draft table ${table.table}`);
      group.append(text("h3", `Table ${table.table}`));
      const seats = document.createElement("ol");
      table.players.forEach((player, index) => {
        const item = document.createElement("li");
        const button = text("button", player, "seat");
        button.type = "button";
        button.dataset.player = player;
        button.setAttribute("aria-pressed", "false");
        const deals = startsOf(table, player);
        const starts = deals.length ? ` · starts deal ${deals.join(", ")}` : "";
        item.append(button, text("span", `seat ${index + 1}${starts}`, "starts"));
        seats.append(item);
      });
      group.append(seats);
      tablesBox.append(group);
    }
    flawsBox.replaceChildren();
    const count = doc.flaws.length;
    const warned = count ? `${count} warning${count === 1 ? "" : "s"}` : "no warning";
    news.textContent = `${said ? `${said} ` : ""}Round ${doc.round}: ${warned}.`;
    if (doc.flaws.length) {
      const list = document.createElement("ul");
      for (const flaw of doc.flaws) list.append(text("li", flaw.text, `flaw ${flaw.kind}`));
      flawsBox.append(text("p", `${doc.flaws.length} warning${doc.flaws.length === 1 ? "" : "s"} in this round:`, "flaw-head"), list);
    } else {
      flawsBox.append(text("p", "No warning in this round: nobody meets anyone again, nobody kept apart sits together, and no one sits at a table of 3 again while others never have.", "ok"));
    }
    if (doc.later_flaws) flawsBox.append(text("p", `The plan of the later rounds has ${doc.later_flaws} warning${doc.later_flaws === 1 ? "" : "s"} so far.`, "hint"));
    for (const warning of doc.warnings) flawsBox.append(text("p", `Note: ${warning}.`, "hint"));
    force.hidden = !state().unfinished;
  }

  async function loadDraft() {
    if (!state().next) {
      section.hidden = true;
      draft = null;
      return;
    }
    section.hidden = false;
    acceptButton.disabled = true;
    message.textContent = "";
    news.textContent = "Working out the draft…";
    flawsBox.replaceChildren();
    let response;
    try {
      response = await fetch(`${api}/draft`, { credentials: "same-origin", cache: "no-store" });
    } catch (error) {
      message.textContent = "the server cannot be reached; try again when the connection returns";
      return;
    }
    const data = await response.json();
    if (!response.ok) {
      message.textContent = data.error;
      news.textContent = "";
      return;
    }
    show(data);
  }

  function seating() {
    return draft.tables.map((table) => table.players);
  }

  /* While a swap is being measured, taps wait for it: the next swap starts from its
     answer, and "accept" seats what is shown. */
  let busy = false;

  async function swap(a, b) {
    message.textContent = "";
    news.textContent = `Swapping ${a} and ${b}…`;
    busy = true;
    section.setAttribute("aria-busy", "true");
    acceptButton.disabled = true;
    let reply;
    try {
      reply = await Outbox.send(`${api}/preview`, { tables: seating(), swap: [a, b] }, { keep: false });
    } finally {
      busy = false;
      section.removeAttribute("aria-busy");
    }
    if (reply.state !== "sent") {
      message.textContent = reply.data.error;
      show(draft);
      return;
    }
    show(reply.data, `${a} and ${b} swapped.`);
  }

  tablesBox.addEventListener("click", (event) => {
    const button = event.target.closest("button.seat");
    if (!button || !draft || busy) return;
    const player = button.dataset.player;
    if (chosen === null) {
      chosen = player;
      button.setAttribute("aria-pressed", "true");
      message.textContent = "";
      news.textContent = `${player} chosen: tap the player to swap with (or ${player} again to let go).`;
    } else if (chosen === player) {
      chosen = null;
      button.setAttribute("aria-pressed", "false");
      news.textContent = "";
    } else {
      const first = chosen;
      chosen = null;
      swap(first, player);
    }
  });

  /* One key per seating shown: "accept" tapped again after a lost answer sends the same
     key, and the ledger seats the round once. */
  function keyFor(body) {
    const text = JSON.stringify(body);
    if (acceptKey.text !== text) acceptKey = { text, key: Outbox.newKey() };
    return acceptKey.key;
  }

  acceptButton.addEventListener("click", async () => {
    if (!draft) return;
    const body = { round: draft.round, tables: seating() };
    if (!force.hidden) {
      if (!force.querySelector("input").checked) {
        message.textContent = `The round in play is not finished: tick "seat it though the round in play is not finished" to seat round ${draft.round} now.`;
        return;
      }
      body.force = true;
    }
    acceptButton.disabled = true;
    message.textContent = "";
    const reply = await Outbox.send(`${api}/accept`, body, { keep: false, key: keyFor(body) });
    if (reply.state !== "sent") {
      message.textContent = reply.data.error;
      acceptButton.disabled = false;
      return;
    }
    draft = null;
    section.hidden = true;
    await refresh();
    document.querySelector("[aria-label='round in play']").scrollIntoView({ block: "start" });
  });

  section.querySelector(".redraw").addEventListener("click", loadDraft);

  /* The roll call: a player leaves or is back; a latecomer arrives. */
  const rollMessage = document.querySelector("[aria-label='roll call message']");
  async function roll(action, player) {
    rollMessage.textContent = "";
    const reply = await Outbox.send(`${api}/${action}`, { player }, { keep: false });
    if (reply.state !== "sent") {
      rollMessage.textContent = reply.data.error;
      return false;
    }
    await refresh();
    return true;
  }
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-roll]");
    if (button) roll(button.dataset.roll, button.dataset.player);
  });
  const arrive = document.getElementById("arrive");
  takeOver(arrive, async () => {
    const name = arrive.elements.player.value.trim();
    if (!name) {
      rollMessage.textContent = "type the latecomer's name first";
      return;
    }
    if (await roll("arrive", name)) arrive.elements.player.value = "";
  });

  /* Live: every change refreshes the rendered parts; the draft is drawn again only when
     the roll call or the rounds seated changed (not for a deal at a table). */
  let seen = null;
  function mark() {
    const s = state();
    return `${s.next}|${s.round}|${document.querySelector("[data-live=roll]").textContent}`;
  }
  async function refresh() {
    // a QR code the organiser opened stays open when its table's part is drawn again
    const open = [...document.querySelectorAll("details.qr[open] summary")].map((s) => s.textContent);
    await Live.refresh(PARTS);
    for (const summary of document.querySelectorAll("details.qr summary")) {
      if (open.includes(summary.textContent)) summary.parentElement.open = true;
    }
    const now = mark();
    if (now !== seen) {
      seen = now;
      loadDraft();
    } else if (draft) {
      force.hidden = !state().unfinished;
    }
  }
  Live.on("ledger", refresh);
  Live.on("reconnect", refresh);
  seen = mark();
  loadDraft();
  Live.follow(null);
})();
