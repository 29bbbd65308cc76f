/* A shared deal (issue 18): every player fills in their own rack from their own phone;
   every phone sees it fill in live; one tap stores it once (the server keys the write by
   the shared deal's id, so a second tap on any phone stores nothing more). */
"use strict";

const SharedDeal = (() => {
  const part = document.getElementById("shared");
  const name = part.dataset.session;
  const base = `/api${sessionPath(name)}/draft`;
  const summary = part.querySelector(".summary");
  const parts = part.querySelector(".parts");
  const message = part.querySelector(".message");
  const me = part.querySelector("select[name=me]");
  const rack = part.querySelector("input[name=rack]");
  const store = part.querySelector(".store");
  const ME = `intlscore.me.${name}`;
  let current = null;

  me.value = localStorage.getItem(ME) || "";
  me.addEventListener("change", () => localStorage.setItem(ME, me.value));

  function show(draft) {
    current = draft;
    part.querySelector(".open").hidden = !draft;
    if (!draft) return;
    const hand = draft.kind === "closed" ? `: ${draft.closed}${draft.discard ? `, discard ${draft.discard}` : ""}` : "";
    summary.textContent = `${draft.winner} wins (${draft.kind})${hand}`;
    parts.replaceChildren();
    for (const player of draft.players) {
      const said = player.not_melded ? "has not melded" : player.rack ? `rack ${player.rack}` : "waiting…";
      parts.append(element("li", `${player.name}: ${said}`));
    }
    store.disabled = draft.missing.length > 0;
    store.textContent = draft.missing.length
      ? `store the shared deal (waiting for ${draft.missing.join(", ")})`
      : "store the shared deal";
  }

  async function load() {
    const reply = await callApi(base);
    if (reply.ok) show(reply.data.draft);
  }

  async function send(path, body) {
    const reply = await callApi(`${base}${path}`, body);
    message.textContent = reply.ok ? "" : reply.data.error;
    return reply;
  }

  async function fill(body) {
    if (!current) return;
    if (!me.value) {
      message.textContent = "say who you are first (I am …)";
      return;
    }
    const reply = await send("/player", { id: current.id, player: me.value, ...body });
    if (reply.ok) {
      rack.value = "";
      show(reply.data.draft);
    }
  }

  part.querySelector(".send-rack").addEventListener("click", () => {
    if (!rack.value.trim()) {
      message.textContent = "type your rack, like r5 b7 *, or tap \"I have not melded\"";
      return;
    }
    fill({ rack: rack.value });
  });
  part.querySelector(".not-melded").addEventListener("click", () => fill({ not_melded: true }));
  store.addEventListener("click", async () => {
    if (!current) return;
    store.disabled = true;
    const reply = await Outbox.send(`${base}/store`, { id: current.id }, { keep: false });
    if (reply.state !== "sent") {
      message.textContent = reply.data.error;
      store.disabled = false;
      return;
    }
    show(null);
    message.textContent = `stored as deal ${reply.data.deal.number}`;
  });
  part.querySelector(".drop").addEventListener("click", async () => {
    if (!current) return;
    const reply = await send("/discard", { id: current.id });
    if (reply.ok) show(null);
  });

  Live.on("draft", load);
  Live.on("reconnect", load);
  load();
  return { show };
})();
