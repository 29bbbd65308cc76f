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
   shows what `intlscore odds --play` shows, from the same odds/2 document: the move to
   make, R22's "keeping everything" beside it, whether it is exact or a lower bound, and
   for 15 tiles every first move. */
const Advice = (() => {
  const section = document.querySelector("[aria-label='play advice']");
  const box = section.querySelector(".advice-result");
  const message = section.querySelector("[aria-label='advice message']");
  let asked = 0;

  function pct(chance) {
    return chance >= 1 ? "100%" : `${(100 * chance).toFixed(1)}%`;
  }

  function drawsText(n) {
    return `${n} draw${n === 1 ? "" : "s"}`;
  }

  function keeping(data, best) {
    if (!best) return data.any.chance[data.any.chance.length - 1];
    if (best.discard === null) return null;
    const row = (data.discards || []).find((r) => r.discard === best.discard);
    return row ? row.chance : null;
  }

  function headline(data) {
    const play = data.play;
    const best = play.discards ? play.discards[0] : null;
    const line = best || { chance: play.any.chance[play.any.chance.length - 1], expected_score: play.any.expected_score, top_type: play.top_type };
    const within = `within ${drawsText(data.draws)}`;
    const first = best && best.discard !== null ? `Discard ${best.discard}: ` : "";
    let text;
    if (best && best.discard === null) text = `Win now: ${Math.round(line.expected_score)}`;
    else if (play.exact) text = `${first}${pct(line.chance)} closed win ${within}, expected ${Math.round(line.expected_score)}`;
    else text = `${first}expected at least ${Math.round(line.expected_score)} (the policy below wins ${pct(line.chance)} ${within})`;
    if (line.top_type) text += `; ends most often in ${line.top_type}`;
    const bound = keeping(data, best);
    if (bound !== null) text += `; keeping everything would give at most ${pct(bound)} (R22)`;
    return text;
  }

  function render(data) {
    const play = data.play;
    box.replaceChildren();
    box.append(element("p", headline(data), "advice-move"));
    box.append(element("p", play.exact
      ? `Exact: the best play over every policy within ${drawsText(data.draws)} (R23).`
      : `A lower bound, not the optimum: ${play.policy} (exact within ${drawsText(play.exact_draws)} of ${data.draws}).`));
    if (!play.discards) return;
    const table = element("table");
    table.append(element("caption", "each first move"));
    const head = element("tr");
    for (const name of ["first move", "win", play.exact ? "expected" : "at least", "ends most often in"]) {
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
    box.append(wrap);
  }

  async function advise() {
    const hand = board.tiles("hand");
    if (hand.length !== 14 && hand.length !== 15) {
      message.textContent = `${hand.length} tiles chosen; the advice needs 14 or 15`;
      return;
    }
    const root = document.getElementById("board");
    const body = { ...rackBody(board, root), draws: Number(section.querySelector("#advice-draws").value), play: true };
    const ticket = ++asked;
    message.textContent = "working it out…";
    const reply = await callApi("/api/odds", body);
    if (ticket !== asked) return; // a newer tap or a changed rack overtook it
    message.textContent = reply.ok ? "" : reply.data.error;
    if (reply.ok) render(reply.data);
  }

  function clear() {
    asked += 1;
    if (box.childElementCount) box.replaceChildren();
    message.textContent = "";
  }

  section.querySelector("#advise").addEventListener("click", advise);
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
  Advice.clear(); // a changed rack makes the advice stale
  const hand = board.tiles("hand");
  if (hand.length !== 14 && hand.length !== 15) {
    if (explicit) board.say(`${hand.length} tiles chosen; reach needs 14 or 15`);
    return null;
  }
  return { path: "/api/reach", body: rackBody(board, root), render: renderReach, ready: loadTable() };
});

