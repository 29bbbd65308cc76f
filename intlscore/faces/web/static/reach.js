/* The reach page: the compact view (closest, most valuable within reach, outs). */
"use strict";

let typeScores = null;

async function loadTable() {
  if (typeScores) return typeScores;
  const reply = await callApi("/api/table");
  typeScores = new Map();
  if (reply.ok) for (const t of reply.data.types) typeScores.set(t.number, t.scores);
  return typeScores;
}

function scoreOf(entry) {
  const scores = typeScores.get(entry.number) || [0, 0, 0];
  const jokers = entry.keep.filter((t) => t === "*").length;
  return scores[Math.min(jokers, 2)];
}

function draws(distance) {
  return distance === 0 ? "formed now" : `${distance} draw${distance === 1 ? "" : "s"} away`;
}

function outsLine(entry) {
  const line = element("span", "", "tiles");
  for (const out of entry.outs) {
    const part = element("span");
    part.append(tileSpan(out.tile), document.createTextNode(` x${out.unseen} `));
    line.append(part);
  }
  return line;
}

function renderReach(box, data) {
  box.replaceChildren();
  const reachable = data.types.filter((t) => t.distance !== null);
  reachable.sort((a, b) => a.distance - b.distance || scoreOf(b) - scoreOf(a));
  if (!reachable.length) {
    box.append(element("h2", "No type is reachable"));
  } else {
    const nearest = reachable[0].distance;
    const closest = data.types.filter((t) => t.distance === nearest).map((t) => t.name);
    box.append(element("h2", `Closest: ${closest.join(", ")} (${draws(nearest)})`));
    const top = reachable.reduce((a, b) => (scoreOf(b) > scoreOf(a) || (scoreOf(b) === scoreOf(a) && b.distance < a.distance) ? b : a));
    box.append(element("p", `Most valuable reachable: ${top.name}, ${scoreOf(top)} (${draws(top.distance)})`));
  }
  const list = element("ul");
  for (const entry of reachable.slice(0, 8)) {
    const item = element("li", `${entry.name} ${scoreOf(entry)}, ${draws(entry.distance)}`);
    if (entry.outs.length) {
      item.append(document.createTextNode(": outs "));
      item.append(outsLine(entry));
    }
    list.append(item);
  }
  box.append(list);
  const more = element("details");
  more.append(element("summary", `All ${data.types.length} types`));
  const all = element("ul");
  for (const entry of data.types) {
    all.append(element("li", entry.distance === null
      ? `${entry.number} ${entry.name}: unreachable, ${entry.reason}`
      : `${entry.number} ${entry.name}: ${scoreOf(entry)}, ${draws(entry.distance)}; keep ${entry.keep.join(" ")}`));
  }
  more.append(all);
  box.append(more);
}

/* The play advice (R23): asked for with "advise", since the search takes a moment. It
   leads with the server's plain words (the lines `intlscore odds --play` leads with: the
   move, the chance to win, the points on average) and, for 15 tiles, every first move;
   how that is worked out (exact or a lower bound, R22's "keeping everything") waits
   behind "how this is worked out". After two seconds it says it is still working and
   offers "cancel", which drops the request. */
const Advice = (() => {
  const section = document.querySelector("[aria-label='play advice']");
  const box = section.querySelector(".advice-result");
  const message = section.querySelector("[aria-label='advice message']");
  const cancel = section.querySelector("#advice-cancel");
  const STILL_WORKING_MS = 2000;
  let asked = 0;
  let pending = null; // { controller, timer } of the request in flight
  let rackAsked = null; // the rack the advice in flight or shown is for

  function pct(chance) {
    return chance >= 1 ? "100%" : `${(100 * chance).toFixed(1)}%`;
  }

  function render(data) {
    const play = data.play;
    box.replaceChildren();
    const words = data.advice;
    box.append(element("p", words.say, "advice-move"));
    for (const line of [words.chance, words.points]) if (line) box.append(element("p", line));
    const how = element("details", null, "advice-how");
    how.append(element("summary", "how this is worked out"), element("p", words.method));
    if (words.keeping) how.append(element("p", words.keeping));
    if (!play.discards) {
      box.append(how);
      return;
    }
    const table = element("table");
    table.append(element("caption", "each first move"));
    const head = element("tr");
    for (const name of ["first move", "win", play.exact ? "points" : "points, at least", "most often"]) {
      const cell = element("th", name);
      cell.scope = "col";
      head.append(cell);
    }
    table.append(head);
    for (const move of play.discards) {
      const row = element("tr");
      const what = element("th", move.discard === null ? "win now" : `discard ${move.discard}`);
      what.scope = "row";
      row.append(what, element("td", pct(move.chance)), element("td", String(Math.round(move.expected_score))), element("td", move.top_type || "-"));
      table.append(row);
    }
    const wrap = element("div", null, "table-wrap");
    wrap.append(table);
    box.append(wrap, how);
  }

  function settle() {
    if (!pending) return;
    clearTimeout(pending.timer);
    pending = null;
    cancel.hidden = true;
  }

  async function advise() {
    const hand = board.tiles("hand");
    if (hand.length !== 14 && hand.length !== 15) {
      message.textContent = `${hand.length} tiles chosen; the advice needs 14 or 15`;
      return;
    }
    const root = document.getElementById("board");
    const rack = rackBody(board, root);
    const body = { ...rack, draws: Number(section.querySelector("#advice-draws").value), play: true };
    if (pending) pending.controller.abort();
    rackAsked = JSON.stringify(rack);
    settle();
    const ticket = ++asked;
    const controller = new AbortController();
    pending = {
      controller,
      timer: setTimeout(() => {
        if (ticket !== asked) return;
        message.textContent = "still working it out… (cancel stops it)";
        cancel.hidden = false;
      }, STILL_WORKING_MS),
    };
    message.textContent = "working it out…";
    const reply = await callApi("/api/odds", body, controller.signal);
    if (ticket !== asked) return; // a newer tap, a cancel or a changed rack overtook it
    settle();
    message.textContent = reply.ok ? "" : reply.data.error;
    if (reply.ok) render(reply.data);
  }

  function stop() {
    if (!pending) return;
    pending.controller.abort();
    asked += 1;
    settle();
    message.textContent = "advice cancelled";
  }

  /* The rack changed: advice asked for another rack goes. A change that leaves the rack as
     it was (its text used again, the keyboard closing) keeps it, even while it is worked
     out: on a slow phone that change can come after the tap on "advise". */
  function clear(rack) {
    if (rackAsked !== null && rackAsked === JSON.stringify(rack)) return;
    rackAsked = null;
    if (pending) pending.controller.abort();
    settle();
    asked += 1;
    if (box.childElementCount) box.replaceChildren();
    message.textContent = "";
  }

  section.querySelector("#advise").addEventListener("click", advise);
  cancel.addEventListener("click", stop);
  return { clear };
})();

/* The question both answers share: the rack, the seen tiles, the trump, the context. */
function rackBody(board, root) {
  const body = { tiles: board.tiles("hand").join(" "), ...contextFlags(root) };
  const seen = board.tiles("seen");
  const trump = board.tiles("trump");
  if (seen.length) body.seen = seen.join(" ");
  if (trump.length) body.trump = trump[0];
  return body;
}

const board = answerPage((board, root, explicit) => {
  Advice.clear(rackBody(board, root)); // a changed rack makes the advice stale
  const hand = board.tiles("hand");
  if (hand.length !== 14 && hand.length !== 15) {
    if (explicit) board.say(`${hand.length} tiles chosen; reach needs 14 or 15`);
    return null;
  }
  return { path: "/api/reach", body: rackBody(board, root), render: renderReach, ready: loadTable() };
});

