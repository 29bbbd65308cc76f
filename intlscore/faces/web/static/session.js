/* One session: record a deal with taps, undo, settle. After its own write the page fetches
   its live parts again (live.js), so the history, the totals and the chart are the
   ledger's own, and what is being typed elsewhere on the page stays; a write from another
   phone or the laptop comes with the stream's event, rendered, and is applied in place. Writes
   go through the Outbox (outbox.js): a deal saved offline waits on the phone.
   Issue 29: "new deal" at the top brings the form into view; the form previews the
   scores before "save deal"; and every change to the history, from this phone or
   another, is said in the news line (news.js): "deal 12 saved", "deal 11 undone" with
   "redo deal 11" beside it.
   Issue 41: the winner and the kind are one tap each (radios); a closed win opens the tile
   keyboard on the hand, and once the hand is complete the losers come into view; while a
   deal is entered ("entering") the news line does not stay stuck at the top. */
"use strict";

(function () {
  const form = document.getElementById("deal");
  const name = form.dataset.session;
  const base = `/api${sessionPath(name)}`;
  const winner = choice(form, "winner");
  const kind = choice(form, "kind");
  const losers = [...form.querySelectorAll(".loser")];
  const board = new Board(form, () => {
    entering(true);
    remember();
    schedulePreview();
  }, nextStep);
  const FORM_STORE = `intlscore.form.${name}`;
  const settleForm = document.getElementById("settle");
  const settleMessage = settleForm.querySelector(".message");
  const settlement = settleForm.querySelector(".result");

  function layout() {
    const closed = kind.value === "closed";
    const none = kind.value === "none";
    form.querySelector(".closed-only").hidden = !closed;
    form.querySelector(".open-only").hidden = closed || none;
    for (const loser of losers) {
      loser.hidden = !none && loser.dataset.player === winner.value;
      const notMelded = loser.querySelector("input[name=not_melded]").checked;
      loser.querySelector(".field").hidden = notMelded;
    }
    board.refresh();
  }

  winner.addEventListener("change", () => {
    if (winner.value === "") kind.value = "none";
    else if (kind.value === "none") kind.value = "open";
    layout();
  });
  kind.addEventListener("change", () => {
    if (kind.value === "none") winner.value = "";
    layout();
    if (kind.value === "closed") board.open("closed"); // the winner's hand comes first
  });
  for (const box of form.querySelectorAll("input[name=not_melded]")) box.addEventListener("change", layout);
  if (winner.value === "") kind.value = "none";
  layout();

  /* While a deal is entered, the news line scrolls away with the top of the page (it is
     said again in view once the deal is saved), so that the screen is the form's. */
  function entering(on) {
    document.documentElement.classList.toggle("entering", on);
  }
  form.addEventListener("change", () => entering(true));

  /* The closed hand (or its discard) is complete and the keyboard has closed: the next
     thing to say is who pays, so the first loser still to fill comes into view. */
  function nextStep(key) {
    if (key !== "closed" && key !== "discard") return;
    const next = losers.find((loser) => !loser.hidden
      && !loser.querySelector("input[name=not_melded]").checked
      && !board.text(`rack-${loser.dataset.seat}`));
    if (next) News.reveal(next);
  }

  /* "new deal": the form comes into view, ready for the winner. */
  document.getElementById("new-deal").addEventListener("click", () => {
    entering(true);
    News.reveal(form);
    winner.focus({ preventScroll: true });
  });

  /* The preview: the deal as it would be stored (the closed hand's type and score, and
     every player's delta), scored by the server under the session's rules and stored
     nowhere; or what is still missing. An answer overtaken by a newer change is dropped. */
  const preview = form.querySelector(".preview");
  let previewTicket = 0;
  let previewTimer = null;

  function schedulePreview() {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(showPreview, 150);
  }

  function pending(words) {
    preview.replaceChildren(element("p", words, "pending"));
  }

  /* A problem is said once (issue 41): in the preview while entering, in the message
     (an alert) once "save deal" was pressed; then the preview only points to it, and the
     message goes as soon as the problem does. */
  let told = null; // the problem "save deal" put in the message
  let toldFor = null; // the deal the form described then
  function described() {
    return JSON.stringify(dealBody());
  }
  function tell(problem) {
    told = problem;
    toldFor = described();
    previewTicket += 1; // a preview still on its way is of the form before "save deal"
    board.say(problem);
    pending("Not saved: the line below says why.");
  }
  /* Whether the problem "save deal" was told still stands: the same problem, or a form
     unchanged since (a refusal by the server, a read-only ledger say, is not undone by a
     preview that goes through). */
  function problemInPreview(problem) {
    if (told !== null && (problem === told || described() === toldFor)) {
      pending("Not saved: the line below says why.");
      return true;
    }
    if (told !== null) {
      told = null;
      board.say("");
    }
    if (problem) pending(`Preview: ${problem}`);
    return false;
  }

  async function showPreview() {
    const ticket = ++previewTicket;
    const untouched = !winner.value && ![...board.fields.values()].some((f) => f.tiles.length)
      && !form.querySelector("input[type=checkbox]:checked");
    if (untouched) {
      if (problemInPreview(null)) return;
      pending("Pick the winner and the kind: the scores show here before you save.");
      return;
    }
    if (kind.value !== "none" && !winner.value) {
      problemInPreview(NO_WINNER);
      return;
    }
    if (kind.value === "closed" && board.tiles("closed").length < 14) {
      problemInPreview(`tap the winner's closed hand (${board.tiles("closed").length} of 14 or 15 tiles)`);
      return;
    }
    const { body, problem } = dealBody();
    if (problem) {
      problemInPreview(problem);
      return;
    }
    const reply = await callApi(`${base}/deal/preview`, body);
    if (ticket !== previewTicket) return;
    if (!reply.ok) {
      problemInPreview(reply.data.error);
      return;
    }
    if (problemInPreview(null)) return;
    const result = reply.data;
    const lines = [element("p", `Not saved yet: ${result.summary}`)];
    const best = result.closed && result.closed.best;
    if (best) lines.push(element("p", `type ${best.number} ${best.name}: ${best.score} points`));
    lines.push(element("p", result.players.map((p) => `${p.name}\u00a0${signed(p.delta)}`).join(" · "), "deltas"));
    preview.replaceChildren(...lines);
  }

  const NO_WINNER = "pick the winner, or choose no winner";

  function signed(number) {
    return number > 0 ? `+${number}` : String(number);
  }

  form.addEventListener("change", schedulePreview);

  function dealBody() {
    const body = { kind: kind.value, ...contextFlags(form) };
    if (kind.value !== "none") body.winner = winner.value;
    if (kind.value === "closed") {
      body.closed = board.text("closed");
      const discard = board.tiles("discard");
      if (discard.length) body.discard = discard[0];
    } else if (kind.value !== "none" && form.elements.joker_discard.checked) {
      body.discard = "*";
    }
    const trump = board.tiles("trump");
    if (trump.length) body.trump = trump[0];
    body.trump_holders = [...form.querySelectorAll("input[name=trump_holder]:checked")].map((box) => box.value);
    body.racks = {};
    body.not_melded = [];
    for (const loser of losers) {
      if (loser.hidden) continue;
      const player = loser.dataset.player;
      if (loser.querySelector("input[name=not_melded]").checked) {
        body.not_melded.push(player);
        continue;
      }
      const rack = board.text(`rack-${loser.dataset.seat}`);
      if (!rack && kind.value !== "none") {
        return { problem: `say what ${player} held, or tick "${player} has not melded"` };
      }
      if (rack) body.racks[player] = rack;
    }
    return { body };
  }

  takeOver(form, async () => {
    if (!(await board.useAllText())) return; // the board says what is wrong with the text
    if (kind.value !== "none" && !winner.value) {
      tell(NO_WINNER);
      return;
    }
    const { body, problem } = dealBody();
    if (problem) {
      tell(problem);
      return;
    }
    const save = form.querySelector("button[type=submit]");
    save.disabled = true;
    const label = amending ? `amendment of deal ${amending}` : describe(body);
    const path = amending ? `${base}/deal/${amending}` : `${base}/deal`;
    const reply = await Outbox.send(path, body, { label, session: name });
    save.disabled = false;
    if (reply.state === "refused") {
      tell(reply.data.error);
      return;
    }
    told = null;
    forget();
    stopAmending();
    clearForm();
    if (reply.state === "sent") {
      await refreshSession();
      return;
    }
    board.say(reply.status === 503
      ? "saved on this phone: the ledger is busy, it is sent again in a moment"
      : reply.status === 507
        ? "saved on this phone: the ledger's disk is full, it is sent once the disk has room"
        : "saved on this phone: waiting to send (it is sent once the connection returns)");
  });

  function describe(body) {
    if (body.kind === "none") return "deal with no winner";
    return `deal: ${body.winner} wins (${body.kind})`;
  }

  /* What the player has entered survives a reload: it is kept in the browser's storage
     until the deal is saved. */
  function remember() {
    const state = {
      winner: winner.value,
      kind: kind.value,
      amending,
      boxes: [...form.querySelectorAll("input[type=checkbox]")].map((box) => [box.name, box.value, box.checked]),
      tiles: [...board.fields.values()].map((field) => [field.key, field.tiles]),
    };
    localStorage.setItem(FORM_STORE, JSON.stringify(state));
  }

  function forget() {
    localStorage.removeItem(FORM_STORE);
  }

  /* A fresh form for the next deal, as the page first shows it. */
  function clearForm() {
    form.reset();
    board.clear();
    if (winner.value === "") kind.value = "none";
    layout();
    entering(false);
  }

  function restore() {
    let state;
    try {
      state = JSON.parse(localStorage.getItem(FORM_STORE) || "null");
    } catch (error) {
      state = null;
    }
    if (!state) return;
    if (winner.has(state.winner)) winner.value = state.winner;
    if (kind.has(state.kind)) kind.value = state.kind;
    for (const [boxName, value, checked] of state.boxes || []) {
      const box = [...form.querySelectorAll(`input[type=checkbox]`)].find((b) => b.name === boxName && b.value === value);
      if (box) box.checked = Boolean(checked);
    }
    layout();
    for (const [key, tiles] of state.tiles || []) {
      if (board.fields.has(key) && Array.isArray(tiles)) board.set(key, tiles.filter((t) => typeof t === "string"));
    }
    if (Number.isInteger(state.amending)) showAmending(state.amending);
  }

  form.addEventListener("change", remember);

  const historyMessage = () => document.querySelector("[aria-label='history message']");

  /* Undo or redo; a refusal is said beside the button that asked (`tell`). */
  async function moveLastDeal(action, tell = (words) => { historyMessage().textContent = words; }) {
    const reply = await Outbox.send(`${base}/${action}`, {}, { keep: false });
    if (reply.state !== "sent") {
      tell(reply.data.error);
      return;
    }
    tell("");
    await refreshSession();
  }

  /* Every change to the history is said, from this phone or another: the page compares
     the deals it showed with those it shows now (by number, and by the time each version
     was stored). An undone deal is named, with "redo deal N" beside it while the ledger
     can redo it. */
  function shownDeals() {
    const deals = new Map();
    for (const item of document.querySelectorAll("[data-live=history] li[data-number]")) {
      deals.set(Number(item.dataset.number), {
        key: item.dataset.key,
        summary: item.querySelector(".summary").textContent,
        // "ann -24" never splits over two lines
        deltas: unbroken(item.querySelector(".deltas").textContent),
        // an amended deal's "was → now" (issue 41)
        was: item.querySelector(".was") ? unbroken(item.querySelector(".was").textContent) : null,
      });
    }
    return deals;
  }

  /* "ann -24" and "ann -15 → -100" kept whole: no line break inside them. */
  function unbroken(text) {
    return text.replace(/\s+/g, " ").trim()
      .replace(/(\d) → ([+-]?\d)/g, "$1\u00a0→\u00a0$2").replace(/(\S) ([+-]?\d)/g, "$1\u00a0$2");
  }

  let known = shownDeals();
  const undone = new Set();

  function announce() {
    const now = shownDeals();
    const said = [];
    let removed = null;
    for (const [number, deal] of [...now].sort((a, b) => a[0] - b[0])) {
      const before = known.get(number);
      if (!before) {
        const how = undone.has(deal.key) ? "restored" : "saved";
        said.push(`deal ${number} ${how} (${deal.summary}): ${deal.deltas}`);
      } else if (before.key !== deal.key) {
        said.push(deal.was ? `deal ${number} amended, ${deal.was}` : `deal ${number} amended (${deal.summary}): ${deal.deltas}`);
      }
    }
    for (const [number, deal] of known) {
      if (now.has(number)) continue;
      undone.add(deal.key);
      said.push(`deal ${number} undone (${deal.summary}: ${deal.deltas})`);
      removed = number;
    }
    known = now;
    if (!said.length) return;
    if (said.length > 3) said.splice(0, said.length, `${said.length} deals changed (a re-scoring, or many writes at once): see the history`);
    const redo = removed !== null && document.getElementById("redo")
      ? { label: `redo deal ${removed}`, run: () => moveLastDeal("redo", News.fail) }
      : null;
    News.say(said.join("; "), redo);
  }

  /* The history's buttons, also after a live refresh replaced the history. */
  document.querySelector("main").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !button.closest("[aria-label='history']")) return;
    if (button.id === "undo" || button.id === "redo") moveLastDeal(button.id);
    else if (button.classList.contains("amend")) startAmending(Number(button.dataset.number));
  });

  /* Another phone or the laptop changed this session: show the ledger's new state, read
     whole (after this phone's own write, or when the page cannot apply what it was told). */
  const LIVE_PARTS = ["summary", "totals", "chart", "history-actions", "history", "stake"];
  let reading = 0;
  let waiting = [];
  async function refreshSession() {
    reading += 1;
    let changed;
    try {
      changed = await Live.refresh(LIVE_PARTS);
    } finally {
      reading -= 1;
    }
    // a settlement worked out from the old totals is no longer the session's
    if (changed.includes("totals")) settlement.replaceChildren();
    announce();
    if (reading === 0 && waiting.length) {
      const told = waiting;
      waiting = [];
      for (const news of told) apply(news);
    }
  }

  /* Issue 43: the stream tells what changed (the deals written, the totals after them,
     the page's other live parts, all rendered by the server) and the page applies it in
     place, with no request. It applies only to the moment its history shows (`before`);
     a page that missed something, or news it cannot apply (a re-scoring), reads itself. */
  const historyPart = () => document.querySelector("[data-live=history]");

  function apply(news) {
    if (!news || news.whole) {
      refreshSession();
      return;
    }
    if (reading > 0) {
      waiting.push(news); // applied once the page's own read is in
      return;
    }
    const history = historyPart();
    if (history.dataset.head === news.head) {
      // shown already (this phone's own write, read back): the other parts of the same
      // moment (a night's table line) may still be new
      swapParts(news, ["history"]);
      return;
    }
    if (history.dataset.head !== news.before) {
      refreshSession();
      return;
    }
    const list = history.querySelector("ol.history");
    if (!list) {
      refreshSession(); // a page kept from before issue 43 (offline): read it whole
      return;
    }
    const row = (number) => list.querySelector(`:scope > li[data-number="${number}"]`);
    for (const number of news.removed) {
      const gone = row(number);
      if (gone) gone.remove();
    }
    for (const deal of news.deals) {
      const fresh = Live.fromHtml(deal.row);
      const old = row(deal.number);
      if (old) {
        old.replaceWith(fresh);
        continue;
      }
      // newest first: before the first row of a smaller number
      const next = [...list.children].find((item) => Number(item.dataset.number) < deal.number);
      list.insertBefore(fresh, next || null);
    }
    list.hidden = news.count === 0;
    history.querySelector(".no-deals").hidden = news.count !== 0;
    history.dataset.head = news.head;
    swapParts(news, ["history"]);
    announce();
  }

  /* The news's parts in place of the page's; then every part of this moment is current,
     so a script that refreshes one of them for this event reads nothing (live.js). */
  function swapParts(news, changed) {
    for (const [part, html] of Object.entries(news.parts)) {
      if (!Live.swap(part, html)) continue;
      changed.push(part);
      if (part === "totals") settlement.replaceChildren();
    }
    Live.current([...LIVE_PARTS, ...Object.keys(news.parts)], changed);
  }

  Live.on("ledger", (data) => apply(data.news));
  // on the first connection, the page is read again only if it shows another moment than
  // the stream starts from; after a drop, always (it may have missed anything)
  Live.on("reconnect", (data, first) => {
    if (!first || data.head !== historyPart().dataset.head) refreshSession();
    else Live.current([...LIVE_PARTS, "table-line"], []); // the page is the stream's moment
  });
  Live.follow(name);

  /* Share the deal: the winner, the kind (and a closed hand) from this form; each player
     then fills in their own rack on their own phone (draft.js). */
  document.getElementById("share").addEventListener("click", async () => {
    if (!(await board.useAllText())) return;
    if (kind.value === "none" || !winner.value) {
      board.say("pick the winner and the kind of win, then share the deal");
      return;
    }
    const body = { winner: winner.value, kind: kind.value };
    if (kind.value === "closed") {
      body.closed = board.text("closed");
      const discard = board.tiles("discard");
      if (discard.length) body.discard = discard[0];
    }
    const reply = await callApi(`${base}/draft`, body);
    board.say(reply.ok ? "" : reply.data.error);
    if (reply.ok) {
      // the deal now lives on the shared card, stored from there once: this form is
      // emptied, so that "save deal" is not a second way to store it (issue 41)
      forget();
      stopAmending();
      clearForm();
      SharedDeal.shared(reply.data.draft);
      News.reveal(document.getElementById("shared"));
    }
  });

  /* While a shared deal is open, it is stored from its card, once: "save deal" and "share
     this deal" wait, on every phone, so that the form is not a second way to store it. */
  const lock = form.querySelector(".shared-lock");
  SharedDeal.subscribe((draft) => {
    const open = Boolean(draft);
    lock.hidden = !open;
    if (open) lock.textContent = `A shared deal is open (${draft.winner} won): it is stored from its card above, or discarded there.`;
    form.querySelector("button[type=submit]").disabled = open;
    document.getElementById("share").disabled = open;
  });

  /* Amend: load a stored deal's description into the form; "save deal" then replaces it. */
  let amending = null;
  const banner = form.querySelector(".amending");

  async function fill(field, text) {
    const entry = board.fields.get(field);
    if (!entry) return;
    entry.input.value = text || "";
    await board.useText(field);
  }

  async function startAmending(number) {
    const reply = await callApi(base);
    if (!reply.ok) {
      historyMessage().textContent = reply.data.error;
      return;
    }
    const deal = reply.data.deals.find((d) => d.number === number);
    if (!deal) return;
    await fillForm(deal.input);
    showAmending(number);
    News.reveal(form);
  }

  function showAmending(number) {
    amending = number;
    banner.querySelector("span").textContent = `Amending deal ${number}: change it, then save deal.`;
    banner.hidden = false;
    remember();
  }

  function stopAmending() {
    amending = null;
    banner.hidden = true;
  }

  /* Load a deal's description (a stored deal's input, or a request body) into the form. */
  async function fillForm(input) {
    board.clear();
    winner.value = input.winner || "";
    kind.value = input.kind;
    for (const box of form.querySelectorAll("input[name=not_melded]")) {
      box.checked = (input.not_melded || []).includes(box.value);
    }
    for (const box of form.querySelectorAll("input[name=trump_holder]")) {
      box.checked = (input.trump_holders || []).includes(box.value);
    }
    for (const flag of ["first_turn", "original_hand", "starting_player"]) {
      const box = form.querySelector(`input[name=${flag}]`);
      if (box) box.checked = Boolean(input[flag]);
    }
    form.elements.joker_discard.checked = input.kind !== "closed" && input.discard === "*";
    layout();
    if (input.kind === "closed") {
      await fill("closed", input.closed);
      await fill("discard", input.discard);
    }
    await fill("trump", input.trump);
    const racks = Array.isArray(input.racks) ? input.racks : Object.entries(input.racks || {});
    for (const loser of losers) {
      const rack = racks.find(([player]) => player === loser.dataset.player);
      await fill(`rack-${loser.dataset.seat}`, rack ? rack[1] : "");
    }
  }

  document.getElementById("cancel-amend").addEventListener("click", () => {
    stopAmending();
    board.clear();
    forget();
    entering(false);
  });

  /* The deals kept on this phone: waiting to send, or refused with the server's reason. */
  const outbox = document.getElementById("outbox");
  const outboxList = outbox.querySelector("ul");

  function showOutbox() {
    const items = Outbox.pending(name);
    outbox.hidden = items.length === 0;
    outboxList.replaceChildren();
    for (const item of items) {
      const row = element("li", item.state === "refused"
        ? `${item.label}: refused: ${item.error}`
        : `${item.label}: waiting to send${item.why ? ` (${item.why})` : ""}`);
      if (item.state === "refused") {
        const edit = element("button", `correct ${item.label}`);
        edit.type = "button";
        edit.addEventListener("click", async () => {
          Outbox.remove(item.key);
          await fillForm(item.body);
          const amended = /\/deal\/(\d+)$/.exec(item.path);
          if (amended) showAmending(Number(amended[1]));
          else stopAmending();
          board.say(item.error);
          remember();
          News.reveal(form);
        });
        const drop = element("button", `discard ${item.label}`);
        drop.type = "button";
        drop.addEventListener("click", () => Outbox.remove(item.key));
        row.append(" ", edit, " ", drop);
      }
      outboxList.append(row);
    }
  }

  Outbox.subscribe((event) => {
    if (event && event.sent && event.sent.session === name) {
      const stored = event.data.deal ? ` as deal ${event.data.deal.number}` : "";
      historyMessage().textContent = `sent from this phone: ${event.sent.label}, stored${stored}`;
      showOutbox();
      refreshSession();
      return;
    }
    showOutbox();
  });
  showOutbox();
  restore();
  schedulePreview();

  takeOver(settleForm, async () => {
    // no stake given: the session's kept one (the first one given is kept)
    const body = {};
    const stake = settleForm.elements.stake.value.trim();
    if (stake) body.stake = stake;
    const unit = settleForm.elements.unit.value.trim();
    if (unit) body.unit = unit;
    const reply = await callApi(`${base}/settle`, body);
    settlement.replaceChildren();
    if (!reply.ok) {
      settleMessage.textContent = reply.data.error;
      return;
    }
    settleMessage.textContent = "";
    const data = reply.data;
    settlement.append(element("h3", `Fewest transfers${data.fewest_transfers_proven ? "" : " (greedy)"}`));
    const transfers = element("ul");
    for (const p of data.transfers) transfers.append(element("li", `${p.from} pays ${p.to} ${p.amount}`));
    if (!data.transfers.length) transfers.append(element("li", "nobody pays anybody"));
    settlement.append(transfers);
    settlement.append(element("h3", "Nets"));
    const nets = element("ul");
    for (const [player, net] of Object.entries(data.nets)) nets.append(element("li", `${player} ${net}`));
    settlement.append(nets);
    settlement.append(element("h3", "Pairwise"));
    const pairs = element("ul");
    for (const p of data.pairwise) pairs.append(element("li", `${p.from} pays ${p.to} ${p.amount}`));
    settlement.append(pairs);
    // the rounding in words, as `session settle` says it (the JSON names it ROUND_HALF_EVEN)
    settlement.append(element("p", `stake ${data.stake} per point; each payment rounded to ${data.unit}, an exact half to the even amount`));
  });
})();
