/* A shared deal (issue 18): every player fills in their own rack from their own phone;
   every phone sees it fill in live; one tap stores it once (the server keys the write by
   the shared deal's id, so a second tap on any phone stores nothing more).
   Issue 29: the card shows at the top of every phone of the session with a banner saying
   what this phone is to do ("bob won: send your rack"), and the news line says so
   wherever the phone is scrolled; each phone remembers who holds it; a loser taps their
   rack (or types it); the winner gets no rack controls;
   discarding a deal others have filled in asks first; and when a phone discards it, every
   other phone says so in the news line, naming who did.
   Issue 41: the phone that shared the deal is not asked who it is (it is most often the
   winner's): it waits for the others; a rack is tapped on the page's tile keyboard; once
   a rack is sent (or "not melded" said), the news line says so. */
"use strict";

const SharedDeal = (() => {
  const part = document.getElementById("shared");
  const name = part.dataset.session;
  const base = `/api${sessionPath(name)}/draft`;
  const banner = part.querySelector(".banner");
  const summary = part.querySelector(".summary");
  const parts = part.querySelector(".parts");
  const message = part.querySelector("[aria-label='shared deal message']");
  const me = part.querySelector("select[name=me]");
  const mine = part.querySelector(".mine");
  const store = part.querySelector(".store");
  const confirm = part.querySelector(".confirm");
  const board = new Board(mine);
  const ME = `intlscore.me.${name}`;
  const ME_ANYWHERE = "intlscore.me"; // the name last chosen in any session, as a first guess
  const SHARED_HERE = `intlscore.shared.${name}`; // the id of the deal this phone shared
  let current = null;
  let announced = null;
  const listeners = [];

  const remembered = [localStorage.getItem(ME), localStorage.getItem(ME_ANYWHERE)].find(
    (who) => who && [...me.options].some((option) => option.value === who),
  );
  me.value = remembered || "";
  me.addEventListener("change", () => {
    localStorage.setItem(ME, me.value);
    if (me.value) localStorage.setItem(ME_ANYWHERE, me.value);
    show(current);
  });

  /* What this phone is to do, in a few words. */
  function sharedHere(draft) {
    return localStorage.getItem(SHARED_HERE) === String(draft.id);
  }

  function bannerText(draft) {
    const waiting = draft.missing.length ? `waiting for ${draft.missing.join(", ")}` : "everyone is in: store it";
    if (!me.value && sharedHere(draft)) return `${draft.winner} won, shared from this phone: ${waiting}`;
    if (!me.value) return `${draft.winner} won: say who you are (I am), then send your rack`;
    if (me.value === draft.winner) return `you won: ${waiting}`;
    const said = draft.players.find((player) => player.name === me.value);
    if (said && said.in) return `${draft.winner} won: your rack is in; ${waiting}`;
    return `${draft.winner} won: send your rack`;
  }

  function show(draft) {
    current = draft;
    part.hidden = !draft;
    confirm.hidden = true;
    for (const listener of listeners) listener(draft);
    if (!draft) return;
    const hand = draft.kind === "closed" ? `: ${draft.closed}${draft.discard ? `, discard ${draft.discard}` : ""}` : "";
    summary.textContent = `${draft.winner} wins (${draft.kind})${hand}`;
    parts.replaceChildren();
    for (const player of draft.players) {
      const said = player.not_melded ? "has not melded" : player.rack ? `rack ${player.rack}` : "waiting…";
      parts.append(element("li", `${player.name}: ${said}`));
    }
    banner.textContent = bannerText(draft);
    mine.hidden = !me.value || me.value === draft.winner; // the winner has no rack
    board.refresh();
    store.disabled = draft.missing.length > 0;
    store.textContent = draft.missing.length
      ? `store the shared deal (waiting for ${draft.missing.join(", ")})`
      : "store the shared deal";
    if (draft.id !== announced) {
      announced = draft.id;
      const others = me.value === draft.winner || (!me.value && sharedHere(draft));
      News.say(`${draft.winner} won (${draft.kind}): ${others ? "the others send their racks" : "send your rack"}`,
        { label: "go to the shared deal", run: () => News.reveal(part) });
    }
  }

  async function load() {
    const reply = await callApi(base);
    if (!reply.ok) return;
    const gone = reply.data.discarded;
    if (!reply.data.draft && current && gone && gone.id === current.id) {
      const who = gone.by ? `${gone.by} discarded` : "another phone discarded";
      News.say(`${who} the shared deal (${gone.winner} won, ${gone.kind}): nothing was stored`);
    }
    show(reply.data.draft);
  }

  /* One player's part; a refusal is said beside the rack's buttons. */
  async function fill(body) {
    if (!current) return;
    const reply = await callApi(`${base}/player`, { id: current.id, player: me.value, ...body });
    if (!reply.ok) {
      board.say(reply.data.error);
      return;
    }
    board.clear();
    show(reply.data.draft);
    const left = reply.data.draft.missing;
    const waiting = left.length ? `waiting for ${left.join(", ")}` : "everyone is in: it can be stored";
    News.say(body.not_melded
      ? `you said you have not melded (${current.winner}'s deal); ${waiting}`
      : `your rack was sent (${body.rack}); ${waiting}`);
  }

  part.querySelector(".send-rack").addEventListener("click", async () => {
    if (!(await board.useAllText())) return;
    const rack = board.text("shared-rack");
    if (!rack) {
      board.say("tap your tiles (or type them, like r5 b7 *), or tap \"I have not melded\"");
      return;
    }
    fill({ rack });
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
    message.textContent = "";
    show(null); // the session's refresh then says "deal N saved"
  });

  async function discard() {
    if (!current) return;
    const reply = await callApi(`${base}/discard`, { id: current.id, ...(me.value ? { player: me.value } : {}) });
    message.textContent = reply.ok ? "" : reply.data.error;
    if (reply.ok) {
      show(null);
      News.say("the shared deal was discarded: nothing was stored");
    }
  }

  /* Discarding wipes what the others entered: ask first when anyone else has. */
  part.querySelector(".drop").addEventListener("click", () => {
    if (!current) return;
    const others = current.players.filter((player) => player.in && player.name !== me.value);
    if (!others.length) {
      discard();
      return;
    }
    const names = others.map((player) => player.name).join(", ");
    confirm.querySelector("p").textContent = `Discard the shared deal? What ${names} entered goes with it.`;
    confirm.hidden = false;
    confirm.querySelector(".keep").focus();
  });
  confirm.querySelector(".confirm-drop").addEventListener("click", discard);
  confirm.querySelector(".keep").addEventListener("click", () => {
    confirm.hidden = true;
  });

  /* This phone shared `draft` (session.js): it is remembered as the sharer's. */
  function shared(draft) {
    localStorage.setItem(SHARED_HERE, String(draft.id));
    show(draft);
  }

  /* `listener(draft)` now and whenever the shared deal changes (null: none is open). */
  function subscribe(listener) {
    listeners.push(listener);
    listener(current);
  }

  Live.on("draft", load);
  Live.on("reconnect", load);
  load();
  return { show, shared, subscribe };
})();
