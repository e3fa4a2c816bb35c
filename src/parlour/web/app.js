// The parlour client: a lobby and a table view, drawn from the server's JSON alone.
// A table is rendered from the observation's generic keys (zones, legal, log, scores,
// last_hand, status, recent), so a new game needs no change here: `status` is the panel of
// headline facts, `recent` the row of the last public event. Optional keys a game may add
// are used when present: `actions` (the public actions of the hand, [seat, text]) and, for
// an observation without `recent`, `tricks` (resolved tricks with their plays and
// explanation).
"use strict";

const $app = document.getElementById("app");
const $toast = document.getElementById("toast");
const $conn = document.getElementById("conn");

// Names and seat tokens live in localStorage (they survive closing the browser). The seat
// a window plays is also kept in sessionStorage, which each window has of its own: a second
// window opening the same link (a friend at the same computer) starts as a watcher with
// the choice of an open seat or of returning to the stored one.
const store = {
  get(key) {
    try { return JSON.parse(localStorage.getItem("parlour:" + key)); } catch (e) { return null; }
  },
  set(key, value) { localStorage.setItem("parlour:" + key, JSON.stringify(value)); },
  drop(key) { localStorage.removeItem("parlour:" + key); sessionStorage.removeItem("parlour:" + key); },
  getHere(key) {
    try { return JSON.parse(sessionStorage.getItem("parlour:" + key)); } catch (e) { return null; }
  },
  setHere(key, value) {
    sessionStorage.setItem("parlour:" + key, JSON.stringify(value));
    this.set(key, value);
  },
};

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

let toastTimer = null;
function toast(message, kind) {
  $toast.textContent = message;
  $toast.className = "toast " + (kind || "error");
  $toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { $toast.hidden = true; }, 4500);
}

async function api(path, body) {
  const init = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const res = await fetch(path, init);
  const data = await res.json();
  if (!res.ok) throw new Error(data.message || res.statusText);
  return data;
}

// ---------------------------------------------------------------- routing
let view = null;
function route() {
  if (view && view.close) view.close();
  const m = location.hash.match(/^#\/t\/([\w-]+)/);
  const replay = location.hash.match(/^#\/replay\/([\w-]+)/);
  view = replay ? new ReplayView(replay[1]) : m ? new TableView(m[1]) : new LobbyView();
}
window.addEventListener("hashchange", route);

// ---------------------------------------------------------------- lobby
class LobbyView {
  constructor() {
    this.games = [];
    this.timer = null;
    document.title = "parlour";
    $conn.textContent = "";
    $app.replaceChildren(h("p", { class: "muted pad" }, "Loading\u2026"));
    this.load();
  }
  close() { clearInterval(this.timer); }

  async load() {
    try {
      this.games = (await api("/api/games")).games;
    } catch (e) {
      $app.replaceChildren(h("p", { class: "pad" }, "The server cannot be reached: " + e.message));
      return;
    }
    this.render();
    this.refreshTables();
    this.timer = setInterval(() => this.refreshTables(), 4000);
  }

  render() {
    const gameSel = h("select", { id: "game", name: "game", onchange: () => this.renderForm() },
      this.games.map((g) => h("option", { value: g.name }, g.title)));
    const saved = store.get("name") || "";
    this.nameInput = h("input", { id: "name", maxlength: "24", placeholder: "Your name", value: saved, autocomplete: "nickname" });
    this.form = h("div", { class: "form-body" });
    this.tablesBox = h("div", { class: "tables" }, h("p", { class: "muted" }, "Loading tables\u2026"));
    this.yoursBox = h("section", { class: "panel lobby-yours", id: "your-tables", hidden: true });
    $app.replaceChildren(
      h("section", { class: "panel lobby-new" },
        h("h1", {}, "Start a table"),
        h("div", { class: "row" }, h("label", { for: "game" }, "Game"), gameSel,
          h("button", { type: "button", class: "small howto-open", id: "lobby-howto",
            onclick: (ev) => { const g = this.game(); HowTo.open(g.name, g.title, null, ev.currentTarget); } }, "How to play")),
        h("div", { class: "row" }, h("label", { for: "name" }, "Name"), this.nameInput,
          this.nameError = h("span", { class: "field-error", id: "name-error", role: "alert" })),
        this.form),
      this.yoursBox,
      h("section", { class: "panel lobby-tables" }, h("h2", {}, "Open tables"), this.tablesBox),
      this.playingBox = h("section", { class: "panel lobby-playing", id: "playing-tables", hidden: true }),
      this.finishedBox = h("section", { class: "panel lobby-finished", id: "finished-tables", hidden: true }),
      replayLoader(),
    );
    Friends.yourTables(this.yoursBox);
    this.gameSel = gameSel;
    this.renderForm();
  }

  game() { return this.games.find((g) => g.name === this.gameSel.value) || this.games[0]; }

  renderForm() {
    const g = this.game();
    // The counts the game is played by (Paks not by five), four where it may be.
    const counts = g.player_counts;
    const usual = counts.includes(4) ? 4 : counts.find((n) => n > 4) || counts[counts.length - 1];
    const playersSel = h("select", { id: "players", onchange: () => this.renderSeats() },
      counts.map((n) => h("option", { value: n, selected: n === usual }, String(n))));
    this.playersSel = playersSel;
    this.seatsBox = h("div", { class: "seats-form" });
    const opts = h("details", { class: "options" }, h("summary", {}, "Rule options"),
      g.options.map((o) => this.optionInput(o)));
    this.form.replaceChildren(
      g.about ? h("p", { class: "muted about" }, g.about) : null,
      h("div", { class: "row" }, h("label", { for: "players" }, "Players"), playersSel),
      this.seatsBox,
      opts,
      h("button", { class: "primary big", id: "create", onclick: () => this.create() }, "Create table"),
    );
    this.renderSeats();
  }

  optionInput(o) {
    const id = "opt-" + o.name;
    let input;
    if (o.type === "bool") {
      input = h("input", { type: "checkbox", id, checked: !!o.default });
    } else if (o.choices) {
      input = h("select", { id }, o.choices.map((c) => h("option", { value: c, selected: c === o.default }, String(c).replace(/_/g, " "))));
    } else if (o.type === "int") {
      input = h("input", { type: "number", id, value: o.default, step: "1" });
    } else {
      const d = o.default === null ? "" : Array.isArray(o.default) ? o.default.join("/") : o.default;
      input = h("input", { type: "text", id, value: d, placeholder: o.type.endsWith("?") ? "none" : "" });
    }
    input.dataset.option = o.name;
    input.dataset.type = o.type;
    return h("div", { class: "row opt" }, h("label", { for: id, title: o.doc }, o.name.replace(/_/g, " ")), input,
      h("small", { class: "muted doc" }, o.doc));
  }

  renderSeats() {
    const g = this.game();
    const n = Number(this.playersSel.value);
    const rows = [];
    for (let s = 0; s < n; s++) {
      const choices = s === 0 ? [h("option", { value: "me" }, "You")] : [];
      choices.push(h("option", { value: "person", selected: s === 1 && n > 0 && false }, "A friend (open seat)"));
      for (const lv of g.levels) {
        choices.push(h("option", { value: "level:" + lv.level, selected: s > 0 && lv.level === "normal" }, lv.name));
      }
      if (!g.levels.some((lv) => lv.bot === "random")) choices.push(h("option", { value: "bot:random" }, `${g.title} bot (random moves)`));
      rows.push(h("div", { class: "row seat-row" }, h("label", { for: "seat-" + s }, "Seat " + s),
        h("select", { id: "seat-" + s, dataset: { seat: s } }, choices)));
    }
    this.seatsBox.replaceChildren(h("p", { class: "muted small" }, "Fill seats with bots, or leave them open and send the table's link to friends."), ...rows);
  }

  async create() {
    const g = this.game();
    const n = Number(this.playersSel.value);
    const seats = [];
    let sit = null;
    for (let s = 0; s < n; s++) {
      const v = document.getElementById("seat-" + s).value;
      if (v.startsWith("level:")) seats.push({ level: v.slice(6) });
      else if (v.startsWith("bot:")) seats.push({ bot: v.slice(4) });
      else { seats.push({}); if (v === "me") sit = s; }
    }
    const options = {};
    for (const el of this.form.querySelectorAll("[data-option]")) {
      const o = g.options.find((x) => x.name === el.dataset.option);
      let v = el.type === "checkbox" ? el.checked : el.value;
      if (el.dataset.type === "int") {
        v = Number(v);
        if (el.value.trim() === "" || !Number.isInteger(v)) {
          el.closest("details").open = true;
          el.focus();
          toast(`Write a whole number for \u201c${o.name.replace(/_/g, " ")}\u201d.`);
          return;
        }
      }
      const def = Array.isArray(o.default) ? o.default.join("/") : o.default;
      if (v === def || (v === "" && o.default === null)) continue;
      options[o.name] = v;
    }
    const name = this.nameInput.value.trim();
    if (sit !== null && !name) {
      this.nameError.textContent = "Write your name first: it is how the others see you.";
      this.nameInput.focus();
      return;
    }
    this.nameError.textContent = "";
    store.set("name", name);
    try {
      const res = await api("/api/tables", { game: g.name, players: n, options, seats, sit, name });
      if (res.token) store.setHere("seat:" + res.table.id, { seat: res.seat, token: res.token });
      location.hash = "#/t/" + res.table.id;
    } catch (e) {
      toast(e.message);
    }
  }

  async refreshTables() {
    let tables;
    let finished;
    try { ({ tables, finished } = await api("/api/tables")); } catch (e) { return; }
    this.finishedBox.hidden = !(finished && finished.length);
    if (finished && finished.length) {
      this.finishedBox.replaceChildren(h("h2", {}, "Finished tables: watch their replays"),
        ...finished.map((t) => Friends.tableRow(t, store.get("seat:" + t.id))));
    }
    // Open tables are the ones a person can sit down at before the deal; tables already
    // dealt are listed apart, to watch (an open seat there is offered at the table).
    const open = tables.filter((t) => t.state === "waiting" && t.open_seats.length);
    const playing = tables.filter((t) => t.state === "playing");
    this.playingBox.hidden = !playing.length;
    this.playingBox.replaceChildren(h("h2", {}, "Tables in play"),
      ...playing.map((t) => Friends.tableRow(t, store.get("seat:" + t.id))));
    this.tablesBox.replaceChildren(...(open.length ? open.map((t) => Friends.tableRow(t, store.get("seat:" + t.id)))
      : [h("p", { class: "muted" }, "No table is waiting for players: start one.")]));
  }
}

// ---------------------------------------------------------------- table
// The bot speed control: how long a bot's move stays in view before the next state is
// drawn, how long a finished trick stays (a click on it moves on at once), and how long its
// cards take to gather toward the winner afterwards, in ms.
const SPEEDS = {
  slow: { bot: 1600, trick: 3000, gather: 650 },
  normal: { bot: 800, trick: 1600, gather: 450 },
  fast: { bot: 0, trick: 0, gather: 250 },
};
const STILL = window.matchMedia("(prefers-reduced-motion: reduce)");

// Custom properties set through the CSSOM (the page's policy refuses style attributes).
function styled(el, props) {
  for (const [k, v] of Object.entries(props || {})) el.style.setProperty(k, v);
  return el;
}

// Which event an observation's `recent` is: a new key is a new event.
const recentKey = (o) => (o && o.recent ? JSON.stringify([o.recent.label, o.hand_number]) : "");

// A finished trick in `recent` (a "Trick" event with two plays or more) and where its cards
// go: the seat of the play marked true (the trick's winner), else of the mark that takes
// the cards (a Ribs cracker or bidder), else null (the middle of the table).
function trickTaker(ev) {
  if (!ev || typeof ev !== "object" || !/\btrick\b/i.test(String(ev.label || ""))) return undefined;
  const plays = (Array.isArray(ev.plays) ? ev.plays : []).filter((p) => p && typeof p === "object");
  if (plays.length < 2) return undefined;
  const won = plays.find((p) => p.mark === true) || plays.find((p) => typeof p.mark === "string" && /\btakes\b/.test(p.mark));
  return won && typeof won.seat === "number" ? won.seat : null;
}

// The turn sound: a short beep made by WebAudio (no sound file), for a player whose tab is
// in the background when their turn comes. Off unless the player turns it on (remembered).
// A browser lets a page make sound only after the person has used it: the sound is
// readied by the click that turns it on, or by the first click or key on a later visit.
const TurnSound = {
  audio: null,
  on() { return store.get("sound") === true; },
  set(on) { store.set("sound", !!on); if (on) this.ready(); },
  ready() {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return null;
    try {
      if (!this.audio) this.audio = new Audio();
      if (this.audio.state === "suspended") this.audio.resume();
    } catch (e) { return null; }
    return this.audio;
  },
  play() {
    const audio = this.ready();
    if (!audio) return;
    const now = audio.currentTime;
    const tone = audio.createOscillator();
    const level = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = 880;
    level.gain.setValueAtTime(0.0001, now);
    level.gain.exponentialRampToValueAtTime(0.25, now + 0.02);
    level.gain.exponentialRampToValueAtTime(0.0001, now + 0.3);
    tone.connect(level);
    level.connect(audio.destination);
    tone.start(now);
    tone.stop(now + 0.32);
  },
};
for (const kind of ["pointerdown", "keydown"]) {
  document.addEventListener(kind, () => { if (TurnSound.on()) TurnSound.ready(); }, { once: true, capture: true });
}

// Below this width the side panels scroll with the table (style.css has the same width).
const NARROW = window.matchMedia("(max-width: 860px)");
NARROW.addEventListener("change", () => { if (view instanceof TableView) view.render(); });

class TableView {
  constructor(id) {
    this.id = id;
    this.ws = null;
    this.closed = false;
    this.retry = 500;
    this.msg = null;          // the last state message
    this.base = null;         // the last state received (its own copy): a delta applies to it
    this.behind = false;      // a delta did not follow `base`: the whole state is asked for
    this.deltas = 0;          // deltas applied (for the browser tests)
    this.prev = null;         // the observation before it
    this.history = [];        // finished hands (last_hand of each), as this seat sees them
    this.historyAt = null;    // hand shown in the history panel
    this.selected = new Set();
    this.sending = false;
    this.seatInfo = [];
    this.queue = [];          // state messages not shown yet: bots' moves are paced by the speed
    this.drainTimer = null;
    this.shownAt = 0;         // when the last state was drawn
    this.pauseAfter = 0;      // extra wait after it (a finished trick stays in view)
    this.heldTrick = null;    // the finished trick in view, until its cards are gathered
    this.gathered = null;     // the trick gathered last: drawn without its cards
    this.gatherTimer = null;
    this.gathering = null;    // {key, ms, start, moves: [[dx, dy] per play]} while the cards move
    this.holding = false;     // a finished hand's summary waits for the player's "Next hand"
    this.hint = null;         // {version, pending} while asked, then the server's hint
    this.hintOpen = null;     // whether the hint's why is shown, once the player chose
    this.menuOpen = false;    // the bar's menu on a phone
    this.pick = null;         // the first word pair of a two-step move ("call AS") picked
    this.cred = store.getHere("seat:" + id);
    this.elsewhere = this.cred ? null : store.get("seat:" + id);  // a seat this browser holds
    this.chat = new Friends.Chat(this);
    this.isHost = false;
    this.levels = [];
    this.receivedAt = Date.now();  // when the seats (and their countdowns) last came
    $app.replaceChildren(h("p", { class: "muted pad" }, "Connecting to the table\u2026"));
    this.connect();
    window.__parlour = this;  // for the browser tests and the curious
  }

  close() { this.closed = true; if (this.ws) this.ws.close(); }

  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws?table=${encodeURIComponent(this.id)}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 500;
      this.base = null;
      this.behind = false;
      $conn.textContent = "\u25cf connected";
      $conn.className = "conn ok";
      const hello = { type: "hello", table: this.id };
      if (this.cred) hello.token = this.cred.token;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (ev) => this.receive(JSON.parse(ev.data));
    ws.onclose = () => {
      if (this.closed) return;
      $conn.textContent = "\u25cf reconnecting\u2026";
      $conn.className = "conn bad";
      setTimeout(() => { if (!this.closed) this.connect(); }, this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    };
  }

  receive(m) {
    if (m.type === "delta" || m.type === "state") {
      m = this.rebuild(m);
      if (!m) return;
    }
    if (this.msg && this.msg.seat !== null && Array.isArray(m.seats || (m.summary && m.summary.seats))) {
      const me = this.msg.seat;
      const seats = m.seats || m.summary.seats;
      if (seats[me] && seats[me].resigned && !(this.seatInfo[me] || {}).resigned) {
        toast("You resigned: a bot plays your seat to the end of this match. You may watch it here.", "info");
      }
    }
    if (m.type === "welcome") {
      if (this.summary && m.summary.match !== this.summary.match) {  // another match at this table
        this.msg = null;
        this.queue = [];
        this.holding = false;
        this.bannerHand = null;
      }
      this.history = m.history || [];
      this.seatInfo = m.summary.seats;
      this.summary = m.summary;
      this.isHost = !!m.host;
      this.otherTab = m.other_tabs > 0;
      this.chat.reset(m.chat);
      if (!this.levels.length) {
        api("/api/games").then((r) => { const g = r.games.find((x) => x.name === m.summary.game); this.levels = g ? g.levels : []; if (this.msg) this.render(); }, () => {});
      }
    } else if (m.type === "state" && (m.observation === null || (this.msg && this.msg.observation === null))) {
      this.receivedAt = Date.now();
      this.msg = null;  // the waiting room is drawn at once; the dealt table starts afresh
      this.seatInfo = m.seats;
      if (m.observation === null) { this.msg = m; this.render(); } else { this.queue.push(m); this.drain(); }
    } else if (m.type === "chat") {
      this.chat.add(m);
    } else if (m.type === "notice") {
      if (m.code === "other_tab") { this.otherTab = true; if (this.msg) this.render(); }
      toast(m.message, "info");
    } else if (m.type === "state") {
      this.receivedAt = Date.now();
      this.queue.push(m);
      this.drain();
    } else if (m.type === "hint") {
      if (this.hint && this.msg && m.version === this.msg.version) {
        this.hint = m;
        this.render();
        this.reveal(document.getElementById("hint-box"));
      }
    } else if (m.type === "seats") {
      this.receivedAt = Date.now();
      this.seatInfo = m.seats;
      if (this.msg) { this.msg.seats = m.seats; this.render(); }
    } else if (m.type === "error" && this.hint && this.hint.pending && (m.in_reply_to === "hint" || m.code === "no_hint" || m.code === "not_your_turn")) {
      this.hint = { version: this.hint.version, error: m.message || "No hint here." };
      this.render();
    } else if (m.type === "error") {
      this.failed(m);
    }
  }

  // The whole state a `state` or `delta` message gives (null for a delta that does not
  // follow the last state: the whole state is asked for, and deltas wait for it). The
  // page is handed a copy, so what it changes never changes the state deltas apply to.
  rebuild(m) {
    if (m.type === "delta") {
      let after = null;
      try { after = this.behind ? null : Delta.following(this.base, m); } catch (e) { after = null; }
      if (!after) {
        if (!this.behind && this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: "sync" }));
        this.behind = true;
        return null;
      }
      this.deltas += 1;
      this.base = after;
    } else {
      this.base = m;
      this.behind = false;
    }
    return structuredClone(this.base);
  }

  // Show queued states one by one: a bot's move waits until the speed's pause since the
  // last one drawn has passed (the server may send several at once), and a finished hand
  // waits for the player (`holding`) before the next deal is drawn.
  drain() {
    clearTimeout(this.drainTimer);
    this.drainTimer = null;
    while (this.queue.length && !this.holding) {
      const m = this.queue[0];
      if (this.gathering || (this.heldTrick && this.follows(m))) return;  // gather() drains when the trick is taken
      const wait = this.paceOf(m) - (Date.now() - this.shownAt);
      if (wait > 0) {
        this.drainTimer = setTimeout(() => this.drain(), wait);
        return;
      }
      this.queue.shift();
      this.show(m);
    }
  }

  // How long after the last drawn state `m` may be drawn (ms).
  paceOf(m) {
    if (!this.follows(m)) return 0;
    const speed = SPEEDS[this.speed()] || SPEEDS.normal;
    const acts = m.observation.actions || [];
    const last = acts.length ? acts[acts.length - 1] : null;
    const actor = last ? last[0] : null;
    const bot = actor !== null && actor !== m.seat && (this.seatInfo[actor] || {}).kind === "bot";
    return Math.max(bot ? speed.bot : 0, this.pauseAfter);
  }

  // Whether `m` is the next move of the play in view, to be paced (not a new seat, a reload
  // or a backlog to catch up on).
  follows(m) {
    return !!this.msg && m.seat === this.msg.seat && m.version > this.msg.version && this.queue.length <= 40;
  }

  speed() { return store.get("speed") || "normal"; }

  // Skip what is left of a pause (a click on the finished trick).
  hurry() {
    this.shownAt = 0;
    this.pauseAfter = 0;
    this.gather();
    this.drain();
  }

  // The held trick is taken: its cards move together toward the winner's seat (or the
  // middle) and vanish, then the next state may be drawn. Without motion they just vanish.
  gather() {
    clearTimeout(this.gatherTimer);
    const key = this.heldTrick;
    if (!key || this.gathering || this.closed) return;
    const done = () => {
      if (this.heldTrick !== key || this.closed) return;
      this.gathering = null;
      this.heldTrick = null;
      this.gathered = key;
      this.render();
      this.drain();
    };
    const box = document.getElementById("recent");
    if (STILL.matches || !box || recentKey(this.msg.observation) !== key) { done(); return; }
    const taker = trickTaker(this.msg.observation.recent);
    const target = taker === null || taker === undefined ? null
      : document.querySelector(`.seat[data-seat="${taker}"]`) || document.querySelector(`#mine[data-seat="${taker}"]`);
    const to = (target || box).getBoundingClientRect();
    const moves = [...box.querySelectorAll(".play .cards")].map((el) => {
      const from = el.getBoundingClientRect();
      return [to.left + to.width / 2 - (from.left + from.width / 2), to.top + to.height / 2 - (from.top + from.height / 2)];
    });
    const ms = (SPEEDS[this.speed()] || SPEEDS.normal).gather;
    this.gathering = { key, ms, start: Date.now(), moves };
    this.render();
    setTimeout(done, ms);
  }

  show(m) {
    {
      if (this.msg && this.msg.version === m.version && this.msg.seat === m.seat) {
        this.msg.seats = m.seats;
      } else {
        this.prev = this.msg ? this.msg.observation : null;
        this.selected.clear();
      }
      const before = this.history.length;
      if (m.hands_finished > this.history.length && m.observation.last_hand) {
        this.history.push(m.observation.last_hand);
      }
      const live = !!this.msg && this.msg.seat === m.seat;
      if (this.history.length > before) {
        this.historyAt = this.history.length - 1;
        if (before > 0 || this.msg) this.bannerHand = this.history.length;  // not on first load
        if (live && !m.observation.match_over) this.holding = true;
      }
      const old = live ? this.msg.observation : null;
      const oldVersion = live ? this.msg.version : null;
      if (this.hint && this.hint.version !== m.version) this.hint = null;
      if (!this.msg || this.msg.version !== m.version) this.pick = null;
      this.msg = m;
      this.seatInfo = m.seats;
      this.sending = false;
      const speed = SPEEDS[this.speed()] || SPEEDS.normal;
      const newEvent = !!old && recentKey(old) !== recentKey(m.observation) && !!m.observation.recent;
      this.pauseAfter = newEvent ? speed.trick : 0;
      this.shownAt = Date.now();
      this.fresh = { recent: newEvent, deal: !!old && old.hand_number !== m.observation.hand_number };
      const dealt = !!old && old.hand_number !== m.observation.hand_number;
      if (dealt && !m.observation.match_over) {
        // The last hand's trick is in its summary: it is not gathered across the new deal.
        clearTimeout(this.gatherTimer);
        this.gathering = null;
        this.heldTrick = null;
        this.gathered = recentKey(m.observation);
      } else if (newEvent && trickTaker(m.observation.recent) !== undefined) {
        clearTimeout(this.gatherTimer);
        this.gathering = null;
        this.heldTrick = recentKey(m.observation);
        this.gatherTimer = setTimeout(() => this.gather(), this.pauseAfter);
      } else if (!old) {
        this.gathered = recentKey(m.observation);  // a trick already taken when we came in
      }
      if (old) this.announce(old, m, oldVersion);
      if (live && m.version !== oldVersion && (this.holding || this.myTurn(m)) && document.hidden && TurnSound.on()) TurnSound.play();
      this.render();
    }
  }

  // Tell a screen reader what happened since `old`: each other seat's move, the new log
  // lines, then "Your turn". The live region keeps the last few, so quick moves are not lost.
  announce(old, m, oldVersion) {
    const obs = m.observation;
    const same = obs.hand_number === old.hand_number;
    const moves = same ? (obs.actions || []).slice((old.actions || []).length) : [];
    const lines = same ? (obs.log || []).slice((old.log || []).length) : (obs.log || []).slice(-1);
    const said = moves.filter(([seat]) => seat !== m.seat).map(([seat, text]) => `${this.seatName(seat)}: ${Words.symbols(text)}.`)
      .concat(lines.slice(-3).map((l) => this.say(l)));
    if (this.holding) said.push(this.heldTitle() + ".");
    else if (this.myTurn(m) && m.version !== oldVersion) said.push("Your turn.");
    const region = document.getElementById("announce");
    for (const text of said) region.append(h("p", {}, text));
    while (region.childNodes.length > 6) region.firstChild.remove();
  }

  failed(m) {
    {
      this.sending = false;
      if (m.code === "bad_token") {
        store.drop("seat:" + this.id);
        this.cred = null;
        this.elsewhere = null;
        toast("Your seat token is not valid here any more; you are watching.");
        this.ws.close();
        return;
      }
      if (m.code === "unknown_table") {
        this.closed = true;
        $app.replaceChildren(h("section", { class: "panel" }, h("h1", {}, "No such table"),
          h("p", {}, "This table does not exist (any more). "), h("a", { class: "button primary", href: "#/" }, "Back to the lobby")));
        return;
      }
      toast(m.code === "stale" ? "The table moved on before your move arrived: look again." : m.message);
      if (this.msg) this.render();
    }
  }

  send(action) {
    if (this.sending || !this.msg) return;
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      toast("Not connected to the table; reconnecting\u2026");
      return;
    }
    this.sending = true;
    this.bannerHand = null;
    this.gather();  // the player has seen the trick: it is taken now
    this.ws.send(JSON.stringify({ type: "act", action, version: this.msg.version }));
    this.render();
  }

  async takeSeat(seat, name) {
    try {
      const res = await api(`/api/tables/${this.id}/join`, { seat, name });
      this.cred = { seat: res.seat, token: res.token };
      this.elsewhere = null;
      store.setHere("seat:" + this.id, this.cred);
      this.msg = null;
      this.ws.close();
    } catch (e) {
      toast(e.message);
    }
  }

  // A request other than a move (chat, the host's, leave, resign, again).
  request(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      toast("Not connected to the table; reconnecting\u2026");
      return;
    }
    this.ws.send(JSON.stringify(message));
  }

  leave() {
    this.request({ type: "leave" });
    store.drop("seat:" + this.id);
    this.cred = null;
    location.hash = "#/";
  }

  returnToSeat() {
    this.cred = this.elsewhere;
    this.elsewhere = null;
    store.setHere("seat:" + this.id, this.cred);
    this.msg = null;
    this.ws.close();
  }

  // A seat's name for people (convention 1): "You", a player's name, a bot as "Ribs bot
  // (normal)"; where two bots would read the same, the seat number tells them apart.
  seatName(s) {
    const me = this.msg && this.msg.seat === s;
    if (me) return "You";
    const name = this.baseName(s);
    const twins = this.seatInfo.filter((_, t) => t !== s && this.baseName(t) === name).length;
    if (!twins) return name;
    const info = this.seatInfo[s] || {};
    return info.kind === "bot" ? name.replace(/ bot /, ` bot ${s} `) : `${name} (seat ${s})`;
  }

  baseName(s) {
    const info = this.seatInfo[s];
    if (!info) return "Seat " + s;
    if (info.kind === "bot") {
      const title = (this.summary && this.summary.title) || "Game";
      return `${title} bot (${info.level || botLevel(info.bot)})`;
    }
    return info.name || "Open seat";
  }

  // The text a person reads: seats named, card codes as suit symbols.
  say(text) {
    return Words.people(text, (s) => (s >= 0 && s < this.seatInfo.length ? this.seatName(s) : "Seat " + s));
  }

  // ------------------------------------------------------------ rendering
  render() {
    if (!this.msg) return;
    if (this.msg.observation === null) {
      $app.replaceChildren(h("div", { class: "table-view waiting" }, Friends.waitingRoom(this), this.chat.el));
      this.chat.draw();
      return;
    }
    const obs = this.msg.observation;
    const me = this.msg.seat;
    // While a finished hand's summary waits, the bar and the status speak of that hand:
    // the next deal is not shown until the player moves on.
    const held = this.holding;
    const myTurn = !held && this.myTurn(this.msg);
    const resigned = me !== null && !obs.match_over && !!(this.seatInfo[me] || {}).resigned;
    document.title = (myTurn ? "\u25b6 Your turn \u00b7 " : held ? "\u25b6 " + this.heldTitle() + " \u00b7 " : "") + "parlour";
    const n = obs.players;
    const zones = obs.zones || [];
    const open = this.seatInfo.filter((s) => s.kind === "person" && !s.taken);

    // On a phone the bar is one row: the title and a menu holding the rest (style.css).
    const bar = h("div", { class: "tablebar" + (this.menuOpen ? " menu-open" : "") },
      h("div", { class: "title" }, h("b", {}, (this.summary && this.summary.title) || obs.game),
        h("span", { class: "muted" }, held ? ` \u00b7 hand ${this.heldNumber()} \u00b7 over`
          : ` \u00b7 hand ${obs.hand_number + 1} \u00b7 ${String(obs.phase).replace(/_/g, " ")}`)),
      h("button", { class: "small menu-toggle", id: "bar-menu", "aria-expanded": this.menuOpen ? "true" : "false", "aria-controls": "bar-actions",
        dataset: { key: "bar-menu" }, onclick: () => { this.menuOpen = !this.menuOpen; this.render(); } },
      "Menu \u25be"),
      // Where this window sits: never folded into the menu.
      me === null || this.otherTab ? h("div", { class: "bar-seat" },
        me === null && this.elsewhere ? h("button", { class: "primary small", onclick: () => this.returnToSeat() }, `Back to my seat ${this.elsewhere.seat}`) : null,
        me === null && open.length ? this.sitDown(open) : null,
        me === null ? h("span", { class: "badge" }, "watching") : null,
        me !== null && this.otherTab ? h("span", { class: "badge", id: "other-tab" }, "also open in another tab") : null) : null,
      h("div", { class: "invite", id: "bar-actions" },
        h("button", { class: "small howto-open", id: "table-howto", dataset: { key: "howto" },
          onclick: (ev) => HowTo.open(obs.game, this.summary && this.summary.title, this.tableOptions(), ev.currentTarget) }, "How to play"),
        this.speedControl(),
        h("label", { class: "sound small", title: "A short beep when your turn comes while this tab is in the background" },
          h("input", { type: "checkbox", id: "turn-sound", dataset: { key: "turn-sound" }, checked: TurnSound.on(),
            onchange: (ev) => TurnSound.set(ev.currentTarget.checked) }), "Turn sound"),
        h("button", { class: "small", onclick: () => this.copyLink() }, "Copy invite link"),
        me !== null && !obs.match_over && !(this.seatInfo[me] || {}).resigned ? Friends.confirmButton("Resign", "Let a bot play your seat to the end of this match?", "Yes, resign", () => this.request({ type: "resign" }), { id: "resign" }) : null,
        me !== null ? Friends.confirmButton("Leave", "Leave this table for good? A bot takes your seat.", "Yes, leave", () => this.leave(), { id: "leave" }) : null,
        this.msg.table_state === "closed" ? h("span", { class: "badge" }, "closed") : null));

    const status = h("div", { class: "status" + (myTurn ? " yours" : ""), id: "status", dataset: { myturn: myTurn ? "1" : "0" }, role: "status" },
      obs.match_over ? this.overText(obs)
        : resigned ? "You resigned: a bot plays your seat to the end of this match."
        : held ? this.heldTitle() + ": its summary is below; Next hand deals the next one."
        : myTurn ? "Your turn" + (this.sending ? "\u2026" : "")
        : obs.to_act === null || obs.to_act === undefined ? ""
        : `Waiting for ${this.fullName(obs.to_act)}`);

    // seats, in clockwise order starting after mine so that mine comes last
    const order = [];
    const start = me === null ? 0 : (me + 1) % n;
    for (let i = 0; i < n; i++) order.push((start + i) % n);
    const lastActs = this.lastActions(obs);
    const seatsBox = h("div", { class: "seats" + (n > 6 ? " many" : "") }, order.filter((s) => s !== me).map((s) => this.seatPanel(obs, s, zones, lastActs)));

    const centre = h("div", { class: "centre" },
      this.banner(obs),
      zones.filter((z) => z.owner === null || z.owner === undefined).map((z) => this.zoneBox(z, "centre-zone")),
      "recent" in obs ? this.recentBox(obs) : this.lastTrick(obs));

    const mine = me === null || this.holding ? null : this.myArea(obs, me, zones, myTurn, lastActs);
    const side = h("div", { class: "side" }, this.scoresBox(obs), this.chat.el, this.logBox(obs), this.historyBox(obs));

    // The hand panel comes last and never lies over the rest: on a phone the middle (seats,
    // table, scores) scrolls between the facts and the hand (style.css).
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
    const mineBefore = document.getElementById("mine");  // a hand panel scrolled by the player stays so
    const mineScroll = mineBefore ? mineBefore.scrollTop : 0;
    $app.replaceChildren(h("div", { class: "table-view" + (myTurn ? " my-turn" : "") + (this.holding ? " holding" : "") },
      bar, status, held ? null : this.factsPanel(obs),
      h("div", { class: "middle" }, this.holding ? this.banner(obs) : [seatsBox, centre], NARROW.matches ? side : null),
      mine, NARROW.matches ? null : side));
    this.fresh = {};
    this.chat.draw();
    if (mine && mineScroll) mine.scrollTop = mineScroll;
    if (focused) {
      const again = $app.querySelector(`[data-key="${CSS.escape(focused)}"]`);
      if (again) again.focus();
    }
  }

  // The options of this table (for its How to play), without the player count.
  tableOptions() {
    const options = Object.assign({}, (this.summary && this.summary.options) || {});
    delete options.players;
    return options;
  }

  speedControl() {
    const sel = h("select", { id: "speed", "aria-label": "Bot speed", dataset: { key: "speed" },
      onchange: (ev) => { store.set("speed", ev.target.value); this.hurry(); } },
      Object.keys(SPEEDS).map((k) => h("option", { value: k, selected: k === this.speed() }, k)));
    return h("label", { class: "speed small" }, "Bots ", sel);
  }

  // The end of a hand (while the next one is just dealt) or of the match.
  banner(obs) {
    const last = obs.last_hand;
    if (obs.match_over) {
      return h("div", { class: "banner", id: "banner" },
        h("div", { class: "banner-title" }, this.overText(obs)),
        Array.isArray(this.msg.match_summary) && this.msg.match_summary.length
          ? h("div", { class: "match-summary", id: "match-summary" }, this.msg.match_summary.map((l) => h("p", {}, this.say(l))))
          : last && last.log && last.log.length ? h("div", {}, this.say(last.log[last.log.length - 1])) : null,
        this.scoreSheet(),
        h("div", { class: "banner-actions" },
          this.msg.seat !== null ? h("button", { class: "primary", id: "again", onclick: () => this.request({ type: "again" }) }, "Play again") : null,
          h("a", { class: "button", id: "watch-replay", href: "#/replay/" + this.id }, "Watch the replay"),
          h("a", { class: "button", href: "#/" }, "Lobby")));
    }
    if (!last || this.bannerHand !== this.history.length) return null;
    const lines = last.log || [];
    const winners = Array.isArray(last.winners) ? last.winners : [];
    const title = this.heldTitle();
    if (this.holding) {
      const next = () => {
        this.holding = false;
        this.bannerHand = null;
        this.fresh = { deal: true };
        this.render();
        if (this.myTurn(this.msg)) document.getElementById("announce").append(h("p", {}, "Your turn."));
        this.drain();
      };
      return h("section", { class: "banner summary-wait", id: "banner", "aria-label": title },
        h("div", { class: "banner-title" }, title),
        this.handSummary(last, obs.players),
        h("div", { class: "banner-actions" },
          h("button", { class: "primary", id: "next-hand", dataset: { key: "next-hand" }, onclick: next }, "Next hand")));
    }
    return h("div", { class: "banner", id: "banner" },
      h("div", { class: "banner-title" }, title),
      lines.length ? h("div", {}, this.say(lines[lines.length - 1]))
        : winners.length ? h("div", {}, "Won by " + winners.map((s) => this.fullName(s)).join(" and ")) : null,
      h("div", { class: "banner-actions" },
        h("span", { class: "muted small" }, "The hand history shows the whole hand."),
        h("button", { class: "small", onclick: () => { this.bannerHand = null; this.render(); } }, "OK")));
  }

  // The name field and a button per open seat, for a watcher (no pop-up).
  sitDown(open) {
    const field = Friends.nameField("sit-name");
    return h("span", { class: "sit-down" }, field, open.map((s) => h("button", { class: "primary small", dataset: { seat: s.seat },
      onclick: () => { const name = field.value(); if (name !== null) this.takeSeat(s.seat, name); } }, `Sit at seat ${s.seat}`)));
  }

  // Whether the seat of `m` is to move itself (not a bot playing it for a resigned player).
  myTurn(m) {
    const me = m ? m.seat : null;
    return me !== null && me !== undefined && !!m.observation && m.observation.to_act === me && !(this.seatInfo[me] || {}).resigned;
  }

  // The number of the hand that just ended (1 for the first).
  heldNumber() {
    const obs = this.msg.observation;
    const last = obs.last_hand || {};
    return (last.hand_number !== undefined ? last.hand_number : obs.hand_number - 1) + 1;
  }

  heldTitle() { return `Hand ${this.heldNumber()} is over`; }

  overText(obs) {
    const w = (obs.winners || []).map((s) => this.fullName(s));
    return "The match is over" + (w.length ? ": " + w.join(" and ") + (w.length > 1 || w[0] === "you" ? " win." : " wins.") : ".");
  }

  lastActions(obs) {
    const out = {};
    for (const [seat, text] of obs.actions || []) out[seat] = text;
    return out;
  }

  seatPanel(obs, s, zones, lastActs) {
    const info = this.seatInfo[s] || {};
    const own = zones.filter((z) => z.owner === s);
    const cls = ["seat"];
    if (obs.to_act === s) cls.push("to-act");
    if (info.kind === "person" && !info.connected && info.taken) cls.push("away");
    return h("div", { class: cls.join(" "), dataset: { seat: s } },
      h("div", { class: "seat-head" },
        h("span", { class: "seat-no" }, String(s)),
        h("span", { class: "seat-name", title: this.seatName(s) }, this.seatName(s)),
        obs.dealer === s ? h("span", { class: "chip", title: "dealer" }, "D") : null,
        info.kind === "person" && !info.taken ? h("span", { class: "chip open" }, "open") : null,
        Friends.seatMarks(info, this.receivedAt)),
      lastActs[s] ? h("div", { class: "said" }, Words.symbols(lastActs[s])) : null,
      own.map((z) => this.zoneBox(z, "seat-zone")));
  }

  zoneBox(z, cls) {
    const cards = z.cards || [];
    const hidden = z.hidden || 0;
    const big = z.kind === "table";
    const many = cards.length + hidden > 10;
    const fan = z.kind === "hand" && !cards.length && hidden > 1;  // backs only: fanned
    const faceUp = z.kind === "hand" && cards.length > 0;  // another seat's open hand (Ridge): cards to read
    const row = h("div", { class: "cards" + (big || faceUp ? " mid" : " mini") + (many ? " stacked" : "") + (fan ? " fan" : "") });
    if (fan) row.style.setProperty("--fan-step", String(Math.min(0.55, 4 / (hidden - 1))));  // at most 5 cards wide
    if (many && !fan && z.kind !== "table" && !faceUp) {
      row.append(...this.groupedCards(cards));
      if (hidden) row.append(Cards.el(null, "mini"), h("span", { class: "count" }, "\u00d7" + hidden));
    } else {
      for (const c of cards) row.append(Cards.el(c));
      for (let i = 0; i < hidden; i++) row.append(Cards.el(null));
    }
    const label = z.kind === "hand" && !cards.length ? `${hidden} card${hidden === 1 ? "" : "s"} in hand` : z.label;
    if (!cards.length && !hidden && z.kind !== "table") {
      return h("div", { class: "zone empty " + cls, dataset: { zone: z.id } }, h("div", { class: "zone-label" }, this.say(label)));
    }
    return h("div", { class: "zone " + z.kind + " " + cls, dataset: { zone: z.id } }, h("div", { class: "zone-label" }, this.say(label)), row);
  }

  groupedCards(cards) {
    const counts = new Map();
    for (const c of cards) counts.set(c, (counts.get(c) || 0) + 1);
    const out = [];
    for (const [c, k] of counts) {
      out.push(h("span", { class: "group" }, Cards.el(c), k > 1 ? h("span", { class: "count" }, "\u00d7" + k) : null));
    }
    return out;
  }

  // The table's headline facts, from the observation's `status` ([{label, value}]): a
  // definition list, so a screen reader reads each label with its value.
  factsPanel(obs) {
    const facts = (Array.isArray(obs.status) ? obs.status : []).filter((f) => f && typeof f === "object");
    if (!facts.length) return null;
    return h("section", { class: "facts", id: "facts", "aria-label": "Table facts" },
      h("dl", {}, facts.map((f) => h("div", { class: "fact" },
        h("dt", {}, this.say(f.label === undefined ? "" : f.label)),
        h("dd", {}, this.say(f.value === undefined || f.value === null ? "" : f.value))))));
  }

  // The last public event, from the observation's `recent`: {label, plays: [{seat, cards,
  // face_down, mark}], explanation}. A face-down play shows the faces to a seat that may
  // see them (its own) and backs otherwise (`count` of them where the game says, else one);
  // a play may name the `hand` it came from (a declarer playing dummy). Before any event
  // (`recent` null) the hand's last log line stands in.
  recentBox(obs) {
    const ev = obs.recent;
    const log = obs.log || [];
    if (!ev || typeof ev !== "object") return log.length ? h("div", { class: "news", id: "news" }, this.say(log[log.length - 1])) : null;
    const plays = (Array.isArray(ev.plays) ? ev.plays : []).filter((p) => p && typeof p === "object");
    const title = this.say(ev.label || "Last event");
    const key = recentKey(obs);
    const moving = this.gathering && this.gathering.key === key ? this.gathering : null;
    const cls = "last-trick recent" + (moving ? " gather" : "") + (this.gathered === key ? " gathered" : "");
    return styled(h("section", { class: cls, id: "recent", "aria-label": title, onclick: () => this.hurry() },
      h("div", { class: "zone-label" }, title),
      plays.length ? h("div", { class: "plays", role: "list" }, plays.map((p, i) => this.recentPlay(p, moving && moving.moves[i]))) : null,
      ev.explanation ? h("div", { class: "explain" }, this.say(ev.explanation)) : null),
    moving ? { "--gather-ms": `${moving.ms}ms`, "--gather-at": `${moving.start - Date.now()}ms` } : null);
  }

  // `move` is [dx, dy] in px while the trick is gathered: where this play's cards go.
  recentPlay(p, move) {
    const cards = (Array.isArray(p.cards) ? p.cards : []).map(String);
    const down = !!p.face_down;
    const faces = cards.length ? cards.map((c) => Cards.el(c, down ? "face-down" : ""))
      : down ? Array.from({ length: Math.max(1, Number(p.count) || 1) }, () => Cards.el(null)) : [];
    const who = (typeof p.seat === "number" ? this.shortName(p.seat) : p.seat === null || p.seat === undefined ? "" : String(p.seat))
      + (p.hand ? ` (${p.hand})` : "");
    const whoName = h("span", { class: "who-name", title: who }, who);
    const tag = typeof p.mark === "string" && p.mark ? this.say(p.mark) : "";
    return h("div", { class: "play" + (p.mark ? " marked" : "") + (down ? " down" : ""), role: "listitem",
      dataset: typeof p.seat === "number" ? { seat: p.seat } : null },
      styled(h("div", { class: "cards mini" }, this.fresh && this.fresh.recent && !move ? faces.map((f, i) => { f.classList.add("arrive"); f.style.animationDelay = `${i * 90}ms`; return f; }) : faces),
        move ? { "--gx": `${move[0]}px`, "--gy": `${move[1]}px` } : null),
      h("div", { class: "small who" }, whoName,
        down ? h("span", { class: "sr-only" }, " (face down)") : null,
        p.mark ? h("span", { class: "mark", title: tag || "marked", "aria-hidden": tag ? null : "true" }, tag || "\u2605") : null,
        p.mark && !tag ? h("span", { class: "sr-only" }, " (marked)") : null));
  }

  // Observations without `recent` (games not yet on engine v2):
  // the trick just resolved, from the game's optional `tricks` list. Two shapes are read:
  // {plays: [{seat, cards, folded}], bidder, ribs, explanation} (Ribs) and
  // {leader, cards: [card, ...] or [[seat, card], ...], winner, explanation?}.
  lastTrick(obs) {
    let trick = null;
    if (Array.isArray(obs.tricks) && obs.tricks.length) trick = obs.tricks[obs.tricks.length - 1];
    else if (obs.last_hand && Array.isArray(obs.last_hand.tricks) && obs.last_hand.tricks.length && Array.isArray(obs.tricks)) {
      trick = obs.last_hand.tricks[obs.last_hand.tricks.length - 1];
    }
    const log = obs.log || [];
    const plays = trick && typeof trick === "object" ? this.trickPlays(trick, obs.players) : [];
    if (!plays.length) {
      return log.length ? h("div", { class: "news" }, this.say(log[log.length - 1])) : null;
    }
    const trickLine = [...log].reverse().find((l) => /^trick\b/i.test(l));
    const explanation = trick.explanation || trickLine || (log.length ? log[log.length - 1] : "");
    return h("div", { class: "last-trick", id: "last-trick" },
      h("div", { class: "zone-label" }, trick.trick ? `Trick ${trick.trick} just played` : "Last trick"),
      h("div", { class: "plays" }, plays.map((p) => h("div", { class: "play" + (p.mark ? " ribs" : "") },
        h("div", { class: "cards mini" }, p.folded ? [Cards.el(null), Cards.el(null)] : p.cards.map((c) => Cards.el(c))),
        h("div", { class: "small" }, p.label)))),
      h("div", { class: "explain" }, this.say(explanation)));
  }

  trickPlays(trick, n) {
    const split = (x) => (typeof x === "string" ? x.split(/\s+/).filter(Boolean) : Array.isArray(x) ? x : []);
    const name = (seat) => (typeof seat === "number" ? this.shortName(seat) : seat === null || seat === undefined ? "" : String(seat));
    if (Array.isArray(trick.plays)) {
      return trick.plays.filter((p) => p && typeof p === "object").map((p) => {
        const ribs = trick.bidder !== undefined && trick.bidder === p.seat;
        return { cards: split(ribs && trick.ribs ? trick.ribs : p.cards), folded: !!p.folded, mark: ribs,
          label: name(p.seat) + (ribs ? " (ribs)" : p.folded ? " (folded)" : "") };
      });
    }
    if (Array.isArray(trick.cards)) {
      return trick.cards.map((c, i) => {
        const pair = Array.isArray(c);
        const seat = pair ? c[0] : typeof trick.leader === "number" ? (trick.leader + i) % n : i === 0 ? trick.leader : null;
        const won = trick.winner !== undefined && trick.winner === seat;
        return { cards: split(pair ? c[1] : c), folded: false, mark: won, label: name(seat) + (won ? " (wins)" : "") };
      });
    }
    return [];
  }

  myArea(obs, me, zones, myTurn, lastActs) {
    // Every hand of mine with visible cards is clickable (a game may give a seat two,
    // like a declarer's own hand and dummy); picked cards are keys "zone:index".
    const hands = zones.filter((z) => z.owner === me && z.kind === "hand" && (z.cards || []).length);
    const otherMine = zones.filter((z) => z.owner === me && !hands.includes(z));
    const allCards = hands.flatMap((z) => z.cards);
    const legal = myTurn ? obs.legal || [] : [];
    // Moves whose cards all come from my hands are made by picking the cards; any other
    // move (no cards, or cards from elsewhere) is a button of its own.
    const cardMoves = legal.filter((e) => e.cards && e.cards.length && fits(allCards, e.cards));
    const plain = legal.filter((e) => !cardMoves.includes(e));
    const cardAt = (key) => { const [zi, i] = key.split(":").map(Number); return hands[zi] ? hands[zi].cards[i] : undefined; };
    const keys = [...this.selected].filter((k) => cardAt(k) !== undefined);
    const sel = keys.map(cardAt);
    const matches = cardMoves.filter((e) => sameCards(e.cards, sel));
    const hinted = this.hint && this.hint.action ? legal.find((e) => e.text === this.hint.action) : null;
    const hintCards = countOf(hinted && cardMoves.includes(hinted) ? hinted.cards : []);
    const rows = hands.map((z, zi) => {
      const row = h("div", { class: "cards hand", dataset: { zone: z.id }, role: "group", "aria-label": z.label || "Your hand" });
      row.style.setProperty("--n", String(Math.max(2, z.cards.length)));  // overlap to fit one row
      z.cards.forEach((c, i) => {
        const key = zi + ":" + i;
        const chosen = this.selected.has(key);
        const usable = myTurn && cardMoves.some((e) => fits(e.cards, chosen ? sel : [...sel, c]));
        const tip = (hintCards.get(c) || 0) > 0;
        if (tip) hintCards.set(c, hintCards.get(c) - 1);
        const el = Cards.el(c, (chosen ? "selected" : "") + (myTurn && cardMoves.length && !usable && !chosen ? " dim" : "")
          + (usable || chosen ? " clickable" : "") + (tip ? " hinted" : ""));
        el.dataset.index = i;
        if (this.fresh && this.fresh.deal) { el.classList.add("dealt"); el.style.setProperty("--i", String(i)); }
        if (usable || chosen) {
          el.tabIndex = 0;
          el.setAttribute("role", "button");
          el.setAttribute("aria-pressed", chosen ? "true" : "false");
          el.dataset.key = "card:" + key;
          el.addEventListener("click", () => this.toggle(key));
          el.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); this.toggle(key); } });
        }
        row.append(el);
      });
      return hands.length > 1 ? h("div", { class: "hand-zone" }, h("div", { class: "zone-label" }, z.label), row) : row;
    });
    const buttons = h("div", { class: "actions", id: "actions" }, this.moveButtons(plain, hinted), matches.map((e) => this.moveButton(e, hinted)));
    let pickHint = "";
    if (myTurn && cardMoves.length && !matches.length) {
      const sizes = [...new Set(cardMoves.map((e) => e.cards.length))].sort();
      const most = sizes[sizes.length - 1];
      const verb = commonVerb(cardMoves.map((e) => this.label(e)));
      pickHint = sel.length ? "Those cards make no move; pick others."
        : `Pick ${sizes.join(" or ")} ${most === 1 ? "card" : "cards"} from your hand${verb ? " to " + verb : ""}${plain.length ? ", or:" : ""}`;
    }
    return h("section", { class: "mine" + (myTurn ? " to-act" : ""), id: "mine", dataset: { seat: me }, "aria-label": "Your hand" },
      h("div", { class: "seat-head" }, h("span", { class: "seat-no" }, String(me)), h("span", { class: "seat-name" }, this.seatName(me)),
        obs.dealer === me ? h("span", { class: "chip", title: "dealer" }, "D") : null,
        lastActs[me] ? h("span", { class: "said inline" }, Words.symbols(lastActs[me])) : null,
        myTurn ? h("button", { class: "small hint-ask", id: "hint", dataset: { key: "hint" }, disabled: !!(this.hint && this.hint.pending) || this.sending,
          "aria-describedby": "hint-box", onclick: () => this.askHint() }, "Hint") : null),
      h("div", { class: "mine-body" },
        h("div", { class: "mine-main" },
          rows,
          pickHint ? h("div", { class: "hint" }, pickHint) : null,
          buttons,
          otherMine.length ? h("div", { class: "my-zones" }, otherMine.map((z) => this.zoneBox(z, "seat-zone"))) : null),
        this.hintBox(legal)));
  }

  // One move's button: the engine's label (text as a fallback), the text kept for the wire.
  moveButton(e, hinted, content, cls) {
    return h("button", { class: "act" + (cls === undefined ? (/^pass/.test(e.text) ? "" : " primary") : cls) + (e === hinted ? " hinted" : ""),
      disabled: this.sending, dataset: { action: e.text, key: "act:" + e.text }, "aria-label": content ? this.label(e) : null,
      onclick: () => this.send(e.text) }, content || this.label(e));
  }

  label(e) { return e.label || Words.symbols(e.text); }

  // The buttons of the moves made without picking cards. Many calls are laid out as a grid:
  // "bid 13 S" .. "bid 20 NT" as levels x suits; "call AS hint D" (a card, then what goes
  // with it) first as cards by suit, then the second word for the card picked.
  moveButtons(plain, hinted) {
    if (plain.length < 10) return plain.map((e) => this.moveButton(e, hinted));
    const bids = plain.map((e) => e.text.match(/^(\S+) (\d+) (S|H|D|C|NT|N)$/));
    const rest = plain.filter((e, i) => !bids[i]);
    if (rest.length <= 2 && bids.filter(Boolean).length >= 8) {
      const levels = [...new Set(bids.filter(Boolean).map((b) => b[2]))];
      const suits = [...new Set(bids.filter(Boolean).map((b) => b[3]))];
      const at = new Map(plain.map((e, i) => [bids[i] ? bids[i][2] + " " + bids[i][3] : "", e]));
      return [rest.map((e) => this.moveButton(e, hinted)),
        h("table", { class: "bid-grid", id: "bid-grid", role: "grid", "aria-label": "Bids: level by suit" },
          h("thead", {}, h("tr", {}, h("th", {}, ""), suits.map((s) => h("th", { scope: "col", class: "suit-" + s }, Words.suit(s))))),
          h("tbody", {}, levels.map((l) => h("tr", {}, h("th", { scope: "row" }, l),
            suits.map((s) => { const e = at.get(l + " " + s); return h("td", {}, e ? this.moveButton(e, hinted, Words.suit(s), " suit-" + s) : null); })))))];
    }
    const split = plain.map((e) => e.text.match(/^(\S+ \S+)( .+)?$/));
    const lone = plain.filter((e, i) => !split[i]);
    const verbs = new Set(plain.filter((e, i) => split[i]).map((e) => e.text.split(" ")[0]));
    if (lone.length > 2 || verbs.size > 1) return plain.map((e) => this.moveButton(e, hinted));
    const groups = new Map();
    plain.forEach((e, i) => { if (split[i]) { if (!groups.has(split[i][1])) groups.set(split[i][1], []); groups.get(split[i][1]).push(e); } });
    const firsts = [...groups.keys()];
    if (firsts.every((g) => groups.get(g).length === 1) && !firsts.every((g) => /^\S+ (10|[2-9TJQKA])[SHDC]$/.test(g))) {
      return plain.map((e) => this.moveButton(e, hinted));
    }
    const picked = this.pick && groups.has(this.pick) ? groups.get(this.pick) : null;
    const cardish = firsts.filter((g) => !/^(10|[2-9TJQKA])[SHDC]$|^JK$/.test(g.split(" ")[1])).length <= 2;
    const bySuit = new Map();  // cards in rows by suit; any other first word in one row
    for (const g of firsts) {
      const suit = cardish && /[SHDC]$/.test(g) ? g[g.length - 1] : "";
      if (!bySuit.has(suit)) bySuit.set(suit, []);
      bySuit.get(suit).push(g);
    }
    const groupButton = (g) => {
      const list = groups.get(g);
      const only = list.length === 1 ? list[0] : null;
      if (only) return this.moveButton(only, hinted, Words.symbols(g.split(" ")[1]), " card-pick");
      const tip = hinted && list.includes(hinted);
      return h("button", { class: "act card-pick" + (g === this.pick ? " chosen" : "") + (tip ? " hinted" : ""), dataset: { group: g, key: "group:" + g },
        "aria-pressed": g === this.pick ? "true" : "false", "aria-label": Words.symbols(g),
        onclick: () => { this.pick = this.pick === g ? null : g; this.render(); } }, Words.symbols(g.split(" ")[1]));
    };
    return [lone.map((e) => this.moveButton(e, hinted)),
      h("div", { class: "pick-grid", id: "pick-grid" },
        h("div", { class: "muted small" }, `${firsts[0].split(" ")[0]}: pick ${cardish ? "a card" : "the first"}, then what goes with it`),
        [...bySuit].map(([suit, gs]) => h("div", { class: "pick-row suit-" + suit }, gs.map(groupButton)))),
      picked ? h("div", { class: "pick-then" }, picked.map((e) => this.moveButton(e, hinted))) : null];
  }

  askHint() {
    if (!this.msg || !this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    this.hint = { version: this.msg.version, pending: true };
    this.ws.send(JSON.stringify({ type: "hint" }));
    this.render();
  }

  // The hint for this move: "thinking" while the server searches, then the move with why
  // and the candidates it weighed.
  hintBox(legal) {
    const hint = this.hint;
    if (!hint || !this.msg || hint.version !== this.msg.version) return h("div", { id: "hint-box", class: "hint-box", "aria-live": "polite", hidden: true });
    if (hint.pending) {
      return h("div", { id: "hint-box", class: "hint-box thinking", "aria-live": "polite", "aria-busy": "true" },
        h("span", { class: "spinner", "aria-hidden": "true" }), "Thinking\u2026");
    }
    if (hint.error) return h("div", { id: "hint-box", class: "hint-box", "aria-live": "polite" }, this.say(hint.error));
    const entry = legal.find((e) => e.text === hint.action);
    const move = hint.label || (entry ? this.label(entry) : Words.symbols(hint.action));
    const cands = Array.isArray(hint.candidates) ? hint.candidates.slice(0, 5) : [];
    const fmt = (v) => (typeof v === "number" ? (Math.abs(v) < 1 && v !== 0 ? v.toFixed(2) : (Math.round(v * 10) / 10).toString()) : v === null || v === undefined ? "" : String(v));
    // The move stays in view; why, and the moves weighed, fold away (open by default
    // where they sit beside the hand, folded on a phone), so the hint never pushes the
    // table out of view.
    const open = this.hintOpen === null ? !NARROW.matches : this.hintOpen;
    const why = h("details", { class: "hint-why", open },
    h("summary", { dataset: { key: "hint-why" }, onclick: (ev) => { this.hintOpen = !ev.currentTarget.parentElement.open; } }, h("span", { class: "hint-line" }, h("b", {}, "Hint: "), h("span", { class: "hint-move" }, move)),
      hint.why || cands.length > 1 ? h("span", { class: "hint-more" }, "Why") : null),
    hint.why ? h("div", { class: "why" }, this.say(hint.why)) : null,
    cands.length > 1 ? h("table", { class: "candidates" },
      hint.unit ? h("caption", {}, "Value: " + hint.unit) : null,
      h("thead", {}, h("tr", {}, h("th", {}, "Move"), h("th", {}, "Value"))),
      h("tbody", {}, cands.map((c) => h("tr", { class: c.action === hint.action ? "best" : "" },
        h("td", {}, c.label || Words.symbols(c.action)), h("td", {}, fmt(c.value)))))) : null);
    return h("div", { id: "hint-box", class: "hint-box", "aria-live": "polite", dataset: { action: hint.action } }, why);
  }

  toggle(key) {
    if (this.selected.has(key)) this.selected.delete(key); else this.selected.add(key);
    this.render();
    this.reveal(document.getElementById("actions"));
  }

  // Scroll the hand panel (never the page) so that `el`, within it, is in view: the move
  // the picked cards make, a hint.
  reveal(el) {
    const mine = document.getElementById("mine");
    if (!el || !mine || !mine.contains(el)) return;
    const r = el.getBoundingClientRect();
    const p = mine.getBoundingClientRect();
    if (r.bottom > p.bottom) mine.scrollTop += Math.min(r.bottom - p.bottom + 8, r.top - p.top);
    else if (r.top < p.top) mine.scrollTop -= p.top - r.top + 8;
  }

  scoresBox(obs) {
    const n = obs.players;
    let rows = [];
    const sc = obs.scores;
    const names = { hand: "This hand", match: "Match", total: "Total", points: "Points" };
    if (Array.isArray(sc)) rows = [["Score", sc]];
    else if (sc && typeof sc === "object") rows = Object.entries(sc).filter(([, v]) => Array.isArray(v)).map(([k, v]) => [names[k] || k.replace(/_/g, " "), v]);
    const head = h("tr", {}, h("th", {}, ""), Array.from({ length: n }, (_, s) => h("th", { class: obs.to_act === s ? "hot" : "", title: this.seatName(s) }, this.msg.seat === s ? "You" : String(s))));
    const body = rows.map(([label, vals]) => h("tr", { dataset: { row: label } }, h("th", {}, label), vals.map((v, s) => h("td", { dataset: { seat: s } }, String(v)))));
    const target = obs.hands_to_win ? h("div", { class: "muted small" }, `First to ${obs.hands_to_win} hands wins the match.`) : null;
    return h("div", { class: "panel scores", id: "scores" }, h("h3", {}, "Scores"),
      h("div", { class: "scroll" }, h("table", {}, h("thead", {}, head), h("tbody", {}, body))), target);
  }

  fullName(s) {
    return this.msg && this.msg.seat === s ? "you" : this.seatName(s);
  }

  shortName(s) {
    return this.seatName(s);
  }

  logBox(obs) {
    const log = obs.log || [];
    const box = h("div", { class: "panel log" }, h("h3", {}, "This hand"),
      log.length ? h("ol", { class: "scroll-y" }, log.map((line) => h("li", {}, this.say(line)))) : h("p", { class: "muted" }, "Nothing yet."));
    requestAnimationFrame(() => { const ol = box.querySelector("ol"); if (ol) ol.scrollTop = ol.scrollHeight; });
    return box;
  }

  historyBox(obs) {
    if (!this.history.length) return h("div", { class: "panel history", id: "history" }, h("h3", {}, "Hand history"), h("p", { class: "muted" }, "Finished hands appear here."));
    const k = Math.min(this.historyAt === null ? this.history.length - 1 : this.historyAt, this.history.length - 1);
    const hand = this.history[k] || {};
    const step = (d) => { this.historyAt = Math.max(0, Math.min(this.history.length - 1, k + d)); this.render(); };
    return h("div", { class: "panel history", id: "history", dataset: { hand: k } },
      this.scoreSheet(),
      h("div", { class: "stepper" },
        h("button", { class: "small", disabled: k === 0, onclick: () => step(-1), "aria-label": "previous hand" }, "\u25c0"),
        h("h3", {}, `Hand ${k + 1} of ${this.history.length}`),
        h("button", { class: "small", disabled: k >= this.history.length - 1, onclick: () => step(1), "aria-label": "next hand" }, "\u25b6")),
      this.handSummary(hand, obs.players));
  }

  // The score sheet across the hands finished so far: a row per hand (its scores, then
  // why, in words), a column per seat or team, the standing at the foot. It scrolls inside
  // its own box when the columns are wider than the panel.
  scoreSheet() {
    const hands = this.history.filter((x) => x && x.sheet);
    if (!hands.length) return null;
    const last = hands[hands.length - 1].sheet;
    const cols = last.columns.length;
    let running = null;
    const rows = [];
    for (const [k, hand] of hands.entries()) {
      const sh = hand.sheet;
      if (Array.isArray(sh.totals)) running = sh.totals.slice();
      else running = (sh.adds || sh.points).map((x, i) => Number(x) + (running ? Number(running[i]) : 0));
      const number = typeof hand.hand_number === "number" ? hand.hand_number + 1 : k + 1;
      rows.push(h("tr", { class: "hand-row", dataset: { hand: number } }, h("th", {}, String(number)),
        sh.points.map((x, i) => h("td", { dataset: { col: i } }, String(x)))));
      if (Array.isArray(hand.why) && hand.why.length) {
        rows.push(h("tr", { class: "why-row" }, h("td", { colspan: cols + 1, class: "why" },
          hand.why.map((l) => h("span", { class: "reason" }, this.say(l) + " ")))));
      }
    }
    const unit = last.unit || "points";
    const label = "Total (" + unit + (last.lower ? ", fewer is better" : "") + ")";
    return h("div", { class: "sheet-box score-sheet" },
      h("table", { class: "sheet" },
        h("caption", {}, "Score sheet"),
        h("thead", {}, h("tr", {}, h("th", {}, "Hand"), last.columns.map((c) => h("th", {}, this.say(c))))),
        h("tbody", {}, rows),
        h("tfoot", {}, h("tr", { class: "total-row" }, h("th", {}, label), running.map((x) => h("td", {}, String(x)))))));
  }

  // A finished hand: why it scored and its line of the score sheet where the game gives
  // them, else drawn from whatever its summary holds.
  handSummary(hand, n) {
    if (hand && hand.sheet) return this.reasonedSummary(hand);
    const out = [];
    const perSeat = [];
    const cardsPerSeat = [];
    const cardLists = [];
    const number = (x) => typeof x === "number" || (typeof x === "string" && /^-?\d+(\/\d+)?$/.test(x));
    for (const [k, v] of Object.entries(hand)) {
      if (k === "log" || k === "tricks" || k === "hand_number" || k === "dealer" || !Array.isArray(v)) continue;
      if (v.length === n && v.every(number)) perSeat.push([k, v]);
      else if (v.length === n && v.every((x) => Array.isArray(x) && x.every(Cards.looksLikeCard))) cardsPerSeat.push([k, v]);
      else if (v.length && v.every(Cards.looksLikeCard)) cardLists.push([k, v]);
    }
    if (perSeat.length) {
      out.push(h("table", { class: "summary" },
        h("thead", {}, h("tr", {}, h("th", {}, ""), Array.from({ length: n }, (_, s) => h("th", {}, this.shortName(s))))),
        h("tbody", {}, perSeat.map(([k, v]) => h("tr", { dataset: { row: k } }, h("th", {}, k.replace(/_/g, " ")),
          v.map((x, s) => h("td", { class: (hand.winners || []).includes(s) ? "win" : "", dataset: { seat: s } }, String(x))))))));
    }
    if (Array.isArray(hand.winners) && hand.winners.length) {
      out.push(h("p", { class: "winners" }, "Won by " + hand.winners.map((s) => this.fullName(s)).join(" and ")));
    }
    const tricks = (hand.tricks || []).filter((t) => t && t.explanation);
    if (tricks.length) out.push(h("ol", { class: "hand-log" }, tricks.map((t) => h("li", {}, this.say(t.explanation)))));
    const lines = hand.log || [];
    if (lines.length) {
      if (!tricks.length) out.push(h("p", { class: "small" }, this.say(lines[lines.length - 1])));
      out.push(h("details", {}, h("summary", {}, `Every event (${lines.length})`),
        h("ol", { class: "hand-log" }, lines.map((l) => h("li", {}, this.say(l))))));
    }
    for (const [k, list] of cardLists) {
      out.push(h("details", {}, h("summary", {}, k.replace(/_/g, " ")), h("div", { class: "cards mini" }, this.groupedCards(list))));
    }
    for (const [k, piles] of cardsPerSeat) {
      out.push(h("details", {}, h("summary", {}, k.replace(/_/g, " ")),
        piles.map((p, s) => h("div", { class: "pile-row" }, h("span", { class: "small" }, this.shortName(s) + ": "),
          h("span", { class: "cards mini" }, this.groupedCards(p))))));
    }
    return out;
  }

  reasonedSummary(hand) {
    const sh = hand.sheet;
    const out = [];
    if (Array.isArray(hand.why) && hand.why.length) out.push(h("ul", { class: "why" }, hand.why.map((l) => h("li", {}, this.say(l)))));
    out.push(h("div", { class: "sheet-box" }, h("table", { class: "summary" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), sh.columns.map((c) => h("th", {}, this.say(c))))),
      h("tbody", {}, h("tr", { dataset: { row: "points" } }, h("th", {}, "This hand"),
        sh.points.map((x, i) => h("td", { dataset: { col: i } }, String(x))))))));
    const tricks = (hand.tricks || []).filter((t) => t && t.explanation);
    if (tricks.length) out.push(h("details", {}, h("summary", {}, `Every trick (${tricks.length})`),
      h("ol", { class: "hand-log" }, tricks.map((t) => h("li", {}, this.say(t.explanation))))));
    const lines = hand.log || [];
    if (lines.length) out.push(h("details", {}, h("summary", {}, `Every event (${lines.length})`),
      h("ol", { class: "hand-log" }, lines.map((l) => h("li", {}, this.say(l))))));
    return out;
  }

  async copyLink() {
    const url = `${location.origin}/#/t/${this.id}`;
    try {
      await navigator.clipboard.writeText(url);
      toast("Link copied: send it to a friend. " + url, "info");
    } catch (e) {
      prompt("Send this link to a friend:", url);
    }
  }
}

// A bot's level from its spec until the server names it (convention 6): the game's
// heuristic plays "normal", a search "strong".
function botLevel(spec) {
  const s = String(spec || "");
  if (/-heuristic$/.test(s)) return "normal";
  if (/mcts|search|strong/.test(s)) return "strong";
  if (/easy/.test(s)) return "easy";
  return s.replace(/^[a-z_]+-/, "") || "bot";
}

// The words every one of these move labels starts with, before any card ("play",
// "lay ribs face down"): what picking cards will do.
function commonVerb(labels) {
  const card = /^(10|[2-9TJQKA])[\u2660\u2665\u2666\u2663]?[,.:]?$|^(JK|joker)$/i;
  let prefix = null;
  for (const label of labels) {
    const words = [];
    for (const w of String(label).split(/\s+/)) { if (card.test(w)) break; words.push(w); }
    prefix = prefix === null ? words : prefix.slice(0, [...prefix, null].findIndex((w, i) => w !== words[i]));
  }
  return prefix && prefix.length ? prefix.join(" ").replace(/[,:]$/, "") : "";
}

function countOf(list) {
  const m = new Map();
  for (const x of list) m.set(x, (m.get(x) || 0) + 1);
  return m;
}
function sameCards(a, b) {
  if (a.length !== b.length) return false;
  return fits(a, b);
}
function fits(target, part) {  // is `part` a sub-multiset of `target`?
  const t = countOf(target);
  for (const [c, k] of countOf(part)) if ((t.get(c) || 0) < k) return false;
  return true;
}

route();
