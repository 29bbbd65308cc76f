/* A night's table (issue 43, item 5): the table's line stays the ledger's own (it is one of
   the page's live parts, read again whenever the session changes, as session.js reads
   its own), and one phone placed on the table runs the turn timer.

   The timer: a tap on it ("start", then "next player") passes the turn to the next seat in
   seat order, from the deal's starter. Each turn counts down a move's seconds (60 unless
   set); each player has extra seconds (30) once a deal, used by themselves when their
   move's time runs out. At 10 s left and at zero the phone vibrates and plays a short tone
   where it can (navigator.vibrate; Web Audio, after the first tap). It pauses and resumes;
   its settings are kept on the phone (localStorage); a new deal recorded at the table sets
   it back to wait for that deal's starter. It folds away and never stands in the way of
   the scoring.

   TurnTimer is the timer's logic alone, its clock given (`now`, in milliseconds), so that
   a test drives it without time passing; the page's part below puts it on the screen. */
"use strict";

class TurnTimer {
  /* `seats`: the players in seat order; `starter`: who starts the deal; `move` and
     `bank`: a move's seconds and each player's extra seconds once a deal; `now`: the clock. */
  constructor({ seats, starter, move = 60, bank = 30, now = () => Date.now() }) {
    this.now = now;
    this.move = move;
    this.bank = bank;
    this.newDeal(seats, starter);
  }

  /* A new deal: nobody's turn yet (the first tap starts the starter's), every extra time
     whole again. */
  newDeal(seats, starter) {
    this.seats = [...seats];
    this.starter = starter;
    this.turn = null;
    this.used = new Set(); // who has used their extra time this deal
    this.fired = new Set(); // the marks of this turn already signalled
  }

  get running() {
    return this.turn !== null;
  }

  get paused() {
    return this.turn !== null && this.turn.pausedAt !== null;
  }

  /* The player after the one whose turn it is (the starter before the first tap). */
  get upNext() {
    if (this.turn === null) return this.starter;
    const at = this.seats.indexOf(this.turn.player);
    return this.seats[(at + 1) % this.seats.length];
  }

  /* The tap: the starter's turn begins, or the turn passes to the next seat. The turn
     keeps the settings it starts with. Answers whose turn it is. */
  next() {
    const player = this.upNext;
    this.signals(); // the turn that ends: its extra time counts as used if it began
    this.turn = {
      player,
      move: this.move,
      bank: this.used.has(player) ? 0 : this.bank,
      started: this.now(),
      pausedAt: null,
      pausedFor: 0,
    };
    this.fired = new Set();
    return player;
  }

  pause() {
    if (this.turn !== null && this.turn.pausedAt === null) this.turn.pausedAt = this.now();
  }

  resume() {
    if (this.paused) {
      this.turn.pausedFor += this.now() - this.turn.pausedAt;
      this.turn.pausedAt = null;
    }
  }

  /* Milliseconds of the turn so far, pauses left out. */
  elapsed() {
    const turn = this.turn;
    if (turn === null) return 0;
    const until = turn.pausedAt === null ? this.now() : turn.pausedAt;
    return Math.max(0, until - turn.started - turn.pausedFor);
  }

  /* Where the turn stands: `phase` is "idle" (no turn yet), "move", "extra" (the move's
     time is over, the extra seconds run) or "up"; `left` the whole seconds left (rounded
     up); `extra` whether the player still has their extra seconds after this move. */
  status() {
    if (this.turn === null) {
      return { phase: "idle", player: this.starter, left: this.move, extra: this.bank > 0, paused: false };
    }
    const { player, move, bank } = this.turn;
    const ms = this.elapsed();
    const moveMs = move * 1000;
    const allMs = moveMs + bank * 1000;
    const paused = this.paused;
    if (ms < moveMs) {
      return { phase: "move", player, left: Math.ceil((moveMs - ms) / 1000), extra: bank > 0, paused };
    }
    if (ms < allMs) {
      return { phase: "extra", player, left: Math.ceil((allMs - ms) / 1000), extra: false, paused };
    }
    return { phase: "up", player, left: 0, extra: false, paused };
  }

  /* What the turn's time has crossed since last asked, in order: "warn" (10 s left on the
     clock), "extra" (the move's time is over: the extra seconds start) and "up" (time is
     up). Once a turn is into its extra seconds, they count as used for the deal. */
  signals() {
    const turn = this.turn;
    if (turn === null) return [];
    const ms = this.elapsed();
    const moveMs = turn.move * 1000;
    const allMs = moveMs + turn.bank * 1000;
    const marks = [];
    if (turn.move > 10) marks.push(["warn-move", moveMs - 10000, "warn"]);
    if (turn.bank > 0) {
      marks.push(["extra", moveMs, "extra"]);
      if (turn.bank > 10) marks.push(["warn-extra", allMs - 10000, "warn"]);
    }
    marks.push(["up", allMs, "up"]);
    if (turn.bank > 0 && ms >= moveMs) this.used.add(turn.player);
    const crossed = [];
    for (const [mark, at, kind] of marks) {
      if (ms >= at && !this.fired.has(mark)) {
        this.fired.add(mark);
        crossed.push(kind);
      }
    }
    return crossed;
  }
}

(function () {
  const section = document.getElementById("night-table");
  if (!section) return;
  const STORE = "intlscore.timer";
  const box = section.querySelector("#turn-timer");
  const face = box.querySelector(".timer-face");
  const who = face.querySelector(".timer-who");
  const clock = face.querySelector(".timer-clock");
  const note = face.querySelector(".timer-note");
  const nextButton = face.querySelector(".timer-next");
  const said = box.querySelector(".timer-said");
  const brief = box.querySelector(".timer-brief");
  const pauseButton = box.querySelector(".timer-pause");
  const resetButton = box.querySelector(".timer-reset");
  const moveInput = box.querySelector("input[name=move]");
  const bankInput = box.querySelector("input[name=bank]");
  const soundBox = box.querySelector("input[name=sound]");
  const settingsMessage = box.querySelector(".timer-form .message");

  const LIMITS = {
    move: { low: 5, high: 600, words: "seconds a move" },
    bank: { low: 0, high: 300, words: "extra seconds" },
  };
  const settings = load();
  let table = readLine();
  const timer = new TurnTimer({ seats: table.seats, starter: table.starter, move: settings.move, bank: settings.bank });

  function load() {
    const kept = { move: 60, bank: 30, sound: true, open: false };
    try {
      const stored = JSON.parse(localStorage.getItem(STORE) || "{}");
      for (const key of ["move", "bank"]) {
        const value = stored[key];
        if (Number.isInteger(value) && value >= LIMITS[key].low && value <= LIMITS[key].high) kept[key] = value;
      }
      for (const key of ["sound", "open"]) if (typeof stored[key] === "boolean") kept[key] = stored[key];
    } catch (error) {
      // nothing kept, or not readable: the defaults
    }
    return kept;
  }

  function save() {
    try {
      localStorage.setItem(STORE, JSON.stringify(settings));
    } catch (error) {
      // a phone that keeps nothing (private browsing): the settings last until the page closes
    }
  }

  /* The table as the line (the ledger's rendering) says now. */
  function readLine() {
    const line = section.querySelector("[data-live=table-line]");
    return { seats: JSON.parse(line.dataset.seats), starter: line.dataset.starter, deal: Number(line.dataset.deal) };
  }

  function put(element, text) {
    if (element.textContent !== text) element.textContent = text;
  }

  function clockText(seconds) {
    return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  }

  function render() {
    const now = timer.status();
    const extra = `+${timer.bank} s once a deal`;
    face.dataset.phase = now.phase;
    face.classList.toggle("paused", now.paused);
    if (now.phase === "idle") {
      put(who, `${now.player} starts deal ${table.deal}`);
      put(note, timer.bank > 0 ? `${timer.move} s a move, then ${extra}` : `${timer.move} s a move`);
      put(nextButton, `start: ${now.player}'s turn`);
      put(brief, "");
    } else {
      put(who, `${now.player}'s turn`);
      const words = {
        move: now.extra ? `then their extra ${timer.turn.bank} s (once a deal)` : "no extra time left this deal",
        extra: `extra time: their +${timer.turn.bank} s, once a deal`,
        up: "time is up",
      }[now.phase];
      put(note, now.paused ? `paused · ${words}` : words);
      put(nextButton, `next player: ${timer.upNext}`);
      put(brief, now.phase === "up" ? `· ${now.player}: time is up` : `· ${now.player} ${clockText(now.left)}`);
    }
    put(clock, clockText(now.left));
    pauseButton.disabled = now.phase === "idle";
    put(pauseButton, now.paused ? "resume" : "pause");
  }

  // -- what the phone does at 10 s and at zero ---------------------------------------------

  let audio = null;

  /* Web Audio may start only after a tap: the first one makes it. */
  function wakeAudio() {
    if (!settings.sound) return;
    try {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!audio && Context) audio = new Context();
      if (audio && audio.state === "suspended") audio.resume();
    } catch (error) {
      audio = null; // no sound on this phone: the words and the vibration remain
    }
  }

  function tone(frequency, seconds) {
    if (!audio || !settings.sound) return;
    try {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      const start = audio.currentTime;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.25, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + seconds);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start);
      oscillator.stop(start + seconds);
    } catch (error) {
      // the tone is a help, not the message: the words say it
    }
  }

  function buzz(pattern) {
    if (!settings.sound || typeof navigator.vibrate !== "function") return;
    try {
      navigator.vibrate(pattern);
    } catch (error) {
      // not allowed here: the words and the tone remain
    }
  }

  const SIGNALS = {
    warn: { pattern: [150], frequency: 880, seconds: 0.15 },
    extra: { pattern: [300, 100, 300], frequency: 520, seconds: 0.4 },
    up: { pattern: [600, 150, 600], frequency: 330, seconds: 0.7 },
  };

  function signal(kind) {
    const player = timer.turn.player;
    const words = {
      warn: `${player}: 10 seconds left`,
      extra: `${player}: the move's time is up; their extra ${timer.turn.bank} s are in use (once a deal)`,
      up: `${player}: time is up`,
    }[kind];
    put(said, words);
    const how = SIGNALS[kind];
    buzz(how.pattern);
    tone(how.frequency, how.seconds);
    section.dispatchEvent(new CustomEvent("timer-signal", { bubbles: true, detail: { kind, player } }));
  }

  // -- keeping the screen on while a turn runs ------------------------------------------------

  let wake = null;

  async function keepAwake(on) {
    try {
      if (on && !wake && navigator.wakeLock) {
        wake = await navigator.wakeLock.request("screen");
        wake.addEventListener("release", () => {
          wake = null;
        });
      } else if (!on && wake) {
        await wake.release();
      }
    } catch (error) {
      wake = null; // not allowed here (no secure context, low battery): the screen may sleep
    }
  }

  // -- the taps ---------------------------------------------------------------------------------

  function tick() {
    const crossed = timer.signals();
    if (crossed.length) signal(crossed[crossed.length - 1]); // after a long sleep, the latest only
    render();
  }

  face.addEventListener("click", () => {
    wakeAudio();
    const player = timer.next();
    put(said, `${player}'s turn`);
    keepAwake(true);
    render();
  });

  pauseButton.addEventListener("click", () => {
    if (timer.paused) {
      timer.resume();
      put(said, `${timer.turn.player}'s turn goes on`);
      keepAwake(true);
    } else {
      timer.pause();
      put(said, `paused: ${timer.turn.player}'s turn`);
      keepAwake(false);
    }
    render();
  });

  function startDeal(words) {
    timer.newDeal(table.seats, table.starter);
    put(said, words);
    keepAwake(false);
    render();
  }

  resetButton.addEventListener("click", () => {
    startDeal(`deal ${table.deal} from the start: ${table.starter} starts with the first tap`);
  });

  // -- the settings, kept on the phone --------------------------------------------------------

  moveInput.value = String(settings.move);
  bankInput.value = String(settings.bank);
  soundBox.checked = settings.sound;
  box.open = settings.open;

  for (const [key, input] of [["move", moveInput], ["bank", bankInput]]) {
    input.addEventListener("change", () => {
      const limit = LIMITS[key];
      const text = input.value.trim();
      const value = Number(text);
      if (!/^\d+$/.test(text) || value < limit.low || value > limit.high) {
        settingsMessage.textContent = `${limit.words}: a whole number from ${limit.low} to ${limit.high}, not "${text}"`;
        input.value = String(settings[key]);
        return;
      }
      settingsMessage.textContent = "";
      settings[key] = value;
      timer[key] = value;
      save();
      render();
    });
  }
  soundBox.addEventListener("change", () => {
    settings.sound = soundBox.checked;
    save();
    if (settings.sound) wakeAudio();
  });
  box.addEventListener("toggle", () => {
    settings.open = box.open;
    save();
  });

  // -- a deal recorded at the table: the line again, and the timer waits for its starter -----

  async function follow() {
    const changed = await Live.refresh(["table-line"]);
    if (!changed.includes("table-line")) return;
    const before = table;
    table = readLine();
    if (table.deal !== before.deal || table.starter !== before.starter) {
      startDeal(`deal ${table.deal}: ${table.starter} starts`);
    }
  }

  if (typeof Live !== "undefined") {
    Live.on("ledger", follow);
    Live.on("reconnect", follow);
    // the stream may have opened before this script ran (it is deferred): catch up once,
    // from what the stream's last event told (no read when it made the line current)
    Live.late(follow);
  }

  render();
  setInterval(tick, 250);
})();
