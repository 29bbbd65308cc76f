/* intlscore: the tile fields shared by every page (plain JS, no build).
   A "board" holds tile fields (the hand, the discard, racks...); choosing one to fill
   opens the page's tile keyboard (keyboard.js) on it, and a tap on a key adds the tile to
   that field. A third copy of a tile, or a third joker, anywhere on the board is refused
   at once, with the reason. */
"use strict";

const COLOUR_NAMES = { k: "black", r: "red", b: "blue", o: "orange" };
const COPIES = 2;

function tileLabel(tile) {
  return tile === "*" ? "* joker" : `${tile} (${COLOUR_NAMES[tile[0]]} ${tile.slice(1)})`;
}

/* A tile shown in a result: its notation as text, in its colour. */
function tileSpan(tile) {
  const span = document.createElement("span");
  span.className = `tile c-${tile === "*" ? "j" : tile[0]}`;
  span.textContent = tile;
  return span;
}

function tilesSpan(tiles) {
  const span = document.createElement("span");
  span.className = "tiles";
  for (const tile of tiles) span.append(tileSpan(tile));
  return span;
}

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/* A stored time (an ISO stamp) in plain words, as the phone's clock shows it: "21:14",
   with the day in front when it is not today ("20 Nov 09:05"). */
function plainTime(stamp) {
  const when = new Date(stamp);
  if (Number.isNaN(when.getTime())) return stamp;
  const two = (n) => String(n).padStart(2, "0");
  const time = `${two(when.getHours())}:${two(when.getMinutes())}`;
  if (when.toDateString() === new Date().toDateString()) return time;
  const month = when.toLocaleString("en", { month: "short" });
  return `${when.getDate()} ${month} ${time}`;
}

/* POST (or GET) JSON to the API; resolves to {ok, status, data}. */
async function callApi(path, body, signal) {
  const options = body === undefined
    ? { method: "GET", credentials: "same-origin" }
    : {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      };
  if (signal) options.signal = signal; // an aborted request answers as cancelled
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    if (signal && signal.aborted) return { ok: false, status: 0, data: { error: "cancelled" } };
    return { ok: false, status: 0, data: { error: "the server cannot be reached; try again" } };
  }
  let data;
  try {
    data = await response.json();
  } catch (error) {
    data = { error: `the server answered ${response.status}` };
  }
  return { ok: response.ok, status: response.status, data };
}

class Board {
  /* `onChange(key)` after every change of a field; `onFilled(key)` when a field of at most
     15 tiles was just filled by a tap (the keyboard has closed: the page may move on). */
  constructor(root, onChange, onFilled) {
    this.root = root;
    this.onChange = onChange || (() => {});
    this.onFilled = onFilled || (() => {});
    this.message = root.querySelector(".message");
    this.fields = new Map();
    for (const el of root.querySelectorAll(".field")) {
      const field = {
        key: el.dataset.field,
        label: el.dataset.label,
        max: Number(el.dataset.max),
        el,
        chosen: el.querySelector(".chosen"),
        count: el.querySelector(".count"),
        input: el.querySelector(".typed input"),
        radio: el.querySelector("input[name=target]"),
        tiles: [],
        counts: el.dataset.counts === "yes",
        counted: null, // a rack given as its counted value (R15): "42", "42+1j"
      };
      this.fields.set(field.key, field);
      field.radio.checked = false; // checked only while the keyboard is open on it
      // choosing the field opens the keyboard on it (a click: also when already chosen)
      field.radio.addEventListener("click", () => this.open(field.key));
      field.chosen.addEventListener("click", (event) => {
        if (event.target === field.chosen) this.open(field.key);
      });
      // typing: the phone's own keyboard takes the place of the tile keyboard
      field.input.addEventListener("focus", () => TileKeyboard.release(this));
      el.querySelector(".use-text").addEventListener("click", () => this.useText(field.key));
      field.input.addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          this.useText(field.key);
        }
      });
      this.render(field);
    }
    this.target = null;
    const first = [...this.fields.values()].find((f) => this.active(f));
    if (first) this.setTarget(first.key);
    // the keys and the "use" buttons are rendered disabled: a tap before this script ran
    // would have been lost; now each has its handler
    for (const button of root.querySelectorAll("button[data-script]:not([type=submit])")) {
      button.disabled = false;
    }
    TileKeyboard.attach();
  }

  /* Open the keyboard on a field (the first shown one when none is given). */
  open(key) {
    const field = this.fields.get(key) || [...this.fields.values()].find((f) => this.active(f));
    if (!field || !this.active(field)) return;
    this.setTarget(field.key);
    TileKeyboard.open(this, field);
  }

  /* A field's "tap to fill" radio is checked while the keyboard is open on it. */
  keyboardOpened(field) {
    field.el.classList.add("open");
    field.radio.checked = true;
  }

  keyboardClosed(field) {
    field.el.classList.remove("open");
    field.radio.checked = false;
  }

  /* A field inside a hidden part of the form does not count. */
  active(field) {
    return !field.el.closest("[hidden]");
  }

  say(text) {
    if (this.message) this.message.textContent = text || "";
  }

  setTarget(key) {
    this.target = key;
    for (const field of this.fields.values()) field.el.classList.toggle("active", field.key === key);
  }

  /* Make sure the target is a visible field (after parts of a form were hidden). */
  refresh() {
    const current = this.fields.get(this.target);
    if (!current || !this.active(current)) {
      TileKeyboard.release(this);
      const first = [...this.fields.values()].find((f) => this.active(f));
      if (first) this.setTarget(first.key);
    }
  }

  copies(tile, except) {
    let count = 0;
    for (const field of this.fields.values()) {
      if (!this.active(field) || field.key === except) continue;
      count += field.tiles.filter((t) => t === tile).length;
    }
    return count;
  }

  placed(except) {
    const tiles = [];
    for (const field of this.fields.values()) {
      if (this.active(field) && field.key !== except) tiles.push(...field.tiles);
    }
    return tiles;
  }

  add(tile) {
    const field = this.fields.get(this.target);
    if (!field) return;
    field.counted = null; // a tapped tile takes the place of a counted value
    if (field.tiles.length >= field.max) {
      this.say(`${tile}: the ${field.label} is full (${field.max} tile${field.max === 1 ? "" : "s"} at most); tap a chosen tile to take it back`);
      return;
    }
    if (this.copies(tile) >= COPIES) {
      this.say(tile === "*"
        ? "*: both jokers are placed already (the set has two)"
        : `${tile}: both copies are placed already (the set has two)`);
      return;
    }
    field.tiles.push(tile);
    this.say("");
    this.render(field);
    this.onChange(field.key);
    if (field.max <= 15 && field.tiles.length === field.max) {
      TileKeyboard.release(this); // a full hand, discard or trump: done by itself
      this.onFilled(field.key);
    }
  }

  /* A tap on an entered tile takes it back; on a closed field it also opens the keyboard
     there, for the tile that takes its place. */
  remove(key, index) {
    const field = this.fields.get(key);
    field.tiles.splice(index, 1);
    this.say("");
    this.render(field);
    this.onChange(key);
    if (!TileKeyboard.isOpen(this, field)) this.open(key);
  }

  set(key, tiles) {
    const field = this.fields.get(key);
    field.counted = null;
    field.tiles = tiles.slice();
    this.render(field);
    this.onChange(key);
  }

  clear() {
    TileKeyboard.release(this);
    for (const field of this.fields.values()) {
      field.tiles = [];
      field.counted = null;
      field.input.value = "";
      this.render(field);
    }
    this.say("");
    this.onChange(null);
  }

  tiles(key) {
    const field = this.fields.get(key);
    return field && this.active(field) ? field.tiles.slice() : [];
  }

  /* The field as the API takes it: its tiles, or a rack's counted value. */
  text(key) {
    const field = this.fields.get(key);
    if (field && this.active(field) && field.counted) return field.counted;
    return this.tiles(key).join(" ");
  }

  /* A rack typed as its count (R15): kept as typed, checked by the server. */
  count(field, text) {
    const counted = text.replace(/\s+/g, "").toLowerCase();
    if (!/^\d+(\+\d*j)?$/.test(counted)) {
      this.say(`${text}: a counted rack is its points, with +1j or +2j for its jokers (42, 42+1j)`);
      return false;
    }
    field.tiles = [];
    field.counted = counted;
    field.input.value = "";
    this.say("");
    this.render(field);
    this.onChange(field.key);
    return true;
  }

  render(field) {
    field.chosen.replaceChildren();
    if (field.counted) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "chip counted";
      button.textContent = `counted ${field.counted}`;
      button.setAttribute("aria-label", `counted ${field.counted}: take it back`);
      button.addEventListener("click", () => {
        field.counted = null;
        this.render(field);
        this.onChange(field.key);
      });
      field.chosen.append(button);
      field.count.textContent = "counted";
      TileKeyboard.update(this, field);
      return;
    }
    field.tiles.forEach((tile, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = `chip c-${tile === "*" ? "j" : tile[0]}`;
      button.setAttribute("aria-label", `${tileLabel(tile)}, in the ${field.label}: tap to take it back`);
      // the text in the order of the name ("k1 (black 1)", "* joker"); CSS draws the
      // number on top
      if (tile === "*") {
        button.append(element("span", "*", "n"), element("span", "joker", "l"));
      } else {
        button.append(element("span", tile[0], "l"), element("span", tile.slice(1), "n"));
      }
      button.addEventListener("click", () => this.remove(field.key, index));
      field.chosen.append(button);
    });
    field.count.textContent = field.max > 15
      ? `${field.tiles.length} tile${field.tiles.length === 1 ? "" : "s"}`
      : `${field.tiles.length} of ${field.max}`;
    TileKeyboard.update(this, field);
  }

  /* The text box: the server parses the notation (ranges and all) and counts copies.
     Answers whether the text was taken; a second tap while the first is being read
     waits for the same answer. */
  useText(key) {
    const field = this.fields.get(key);
    if (!field.reading) field.reading = this.readText(field).finally(() => { field.reading = null; });
    return field.reading;
  }

  async readText(field) {
    const text = field.input.value.trim();
    if (!text) {
      this.set(field.key, []);
      return true;
    }
    if (field.counts && /^\d/.test(text)) return this.count(field, text);
    const known = this.placed(field.key).join(" ");
    const reply = await callApi("/api/tiles", known ? { tiles: text, known } : { tiles: text });
    if (!reply.ok) {
      this.say(reply.data.error);
      return false;
    }
    if (reply.data.tiles.length > field.max) {
      this.say(`the ${field.label} holds at most ${field.max} tiles; ${reply.data.tiles.length} given`);
      return false;
    }
    this.say("");
    field.input.value = "";
    this.set(field.key, reply.data.tiles);
    return true;
  }

  /* Before a save: text typed (or being read) in a shown field is taken first, so a tap
     on "save" right after typing loses nothing. Answers whether all of it was taken. */
  async useAllText() {
    let taken = true;
    for (const field of this.fields.values()) {
      if (!this.active(field) || !(field.reading || field.input.value.trim())) continue;
      if (!(await this.useText(field.key))) taken = false;
    }
    return taken;
  }
}

function contextFlags(root) {
  const flags = {};
  for (const name of ["first_turn", "original_hand", "starting_player"]) {
    const box = root.querySelector(`input[name=${name}]`);
    flags[name] = Boolean(box && box.checked && !box.closest("[hidden]"));
  }
  return flags;
}

/* A page with one answer (the scorer, reach): when the board changes, or "go" is tapped,
   request(board, explicit) says what to ask ({path, body, render}) or null when the
   board is not ready; an answer that a newer tap has overtaken is dropped. Answers the
   board, for a page that asks more of it (reach's play advice). */
function answerPage(request) {
  const root = document.getElementById("board");
  const result = root.querySelector(".result");
  let asked = 0;
  let board = null;

  async function ask(explicit) {
    const question = request(board, root, explicit);
    if (!question) {
      result.replaceChildren();
      return;
    }
    const ticket = ++asked;
    const [reply] = await Promise.all([callApi(question.path, question.body), question.ready]);
    if (ticket !== asked) return;
    if (!reply.ok) {
      result.replaceChildren();
      board.say(reply.data.error);
      return;
    }
    question.render(result, reply.data);
  }

  board = new Board(root, () => ask(false));
  document.getElementById("go").addEventListener("click", () => ask(true));
  document.getElementById("clear").addEventListener("click", () => {
    board.clear();
    board.open(); // the page is for entering tiles: the keyboard is ready for the next hand
  });
  board.open(); // the keyboard is shown from the start (keyboard.html): on the hand
  for (const box of root.querySelectorAll(".context input")) {
    box.addEventListener("change", () => ask(false));
  }
  return board;
}
