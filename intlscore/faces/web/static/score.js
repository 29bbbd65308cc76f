/* The scorer page: tap 14 tiles and a discard, or 15 tiles; the breakdown matches the CLI's.
   The score comes first (issue 41): the type and its points, then whether the discard
   doubles it, in view above the tile keyboard; the breakdown follows. */
"use strict";

const JOKER_WORDS = ["no joker", "one joker", "two jokers"];

/* Doubled or not, and by which discard (the one tapped, or the best one found). */
function doubling(data) {
  const line = element("p", "", "doubling");
  if (data.discard) {
    line.append("discard ", tileSpan(data.discard), data.doubled ? ": doubled (x2)" : ": not doubled");
  } else {
    line.append("not doubled: no discard tapped yet");
  }
  return line;
}

function renderScore(box, data) {
  box.replaceChildren();
  const best = data.best;
  if (best) {
    box.append(element("h2", `${best.name}: ${best.score}`));
    box.append(doubling(data));
    const sum = `type ${best.number}, ${best.name}: ${best.base} with ${JOKER_WORDS[data.jokers]} among the 14`;
    box.append(element("p", data.doubled ? `${sum}, x2 for the joker discard = ${best.score}` : `${sum} = ${best.score}`));
    box.append(element("h3", "Melds"));
    const melds = element("ul");
    best.melds.forEach((meld, index) => {
      const item = element("li");
      item.append(tilesSpan(meld));
      const stands = best.stands_for[index] || [];
      if (stands.length) item.append(element("span", ` (joker${stands.length > 1 ? "s" : ""} = ${stands.join(", ")})`));
      melds.append(item);
    });
    box.append(melds);
  } else {
    box.append(element("h2", "No type fits: 0"));
    const reasons = element("ul");
    for (const reason of data.reasons) reasons.append(element("li", reason));
    box.append(reasons);
  }
  if (!best && data.discard) box.append(doubling(data));
  const others = data.matches.filter((m) => !best || m.number !== best.number);
  if (others.length) {
    box.append(element("h3", "Also fits"));
    const list = element("ul");
    for (const m of others) list.append(element("li", `${m.number} ${m.name}: ${m.base}`));
    box.append(list);
  }
}

answerPage((board, root, explicit) => {
  const hand = board.tiles("hand");
  const discard = board.tiles("discard");
  if (hand.length !== 14 && !(hand.length === 15 && discard.length === 0)) {
    if (explicit) board.say(`${hand.length} tiles chosen; a closed hand is 14 tiles and the discard, or 15 tiles`);
    return null;
  }
  const body = { tiles: hand.join(" "), ...contextFlags(root) };
  if (discard.length) body.discard = discard[0];
  return { path: "/api/score", body, render: renderScore };
});
