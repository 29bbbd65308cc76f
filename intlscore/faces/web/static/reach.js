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

answerPage((board, root, explicit) => {
  const hand = board.tiles("hand");
  if (hand.length !== 14 && hand.length !== 15) {
    if (explicit) board.say(`${hand.length} tiles chosen; reach needs 14 or 15`);
    return null;
  }
  const body = { tiles: hand.join(" "), ...contextFlags(root) };
  const seen = board.tiles("seen");
  const trump = board.tiles("trump");
  if (seen.length) body.seen = seen.join(" ");
  if (trump.length) body.trump = trump[0];
  return { path: "/api/reach", body, render: renderReach, ready: loadTable() };
});
