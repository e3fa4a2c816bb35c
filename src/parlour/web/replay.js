// The replay viewer: a finished table's game (#/replay/<id>) or a record file loaded in the
// lobby (#/replay/file), stepped through frame by frame as the server's replay endpoints give
// it (docs/protocol.md, "Records and replays"): a frame for each deal and one after every
// action, each with the observation of the chosen seat or of every hand shown.
// The table is drawn by the table view's own drawing methods (zones, facts, last event,
// scores, log) on an object that has them but no connection, so a replay looks like the
// table it came from. Loaded before app.js; app.js routes #/replay/ here and puts
// `replayLoader()` in the lobby.
"use strict";

const REPLAY_FILE_KEY = "parlour:replay-record";  // the loaded record, kept in sessionStorage
const REPLAY_PAGE = 100;  // frames asked for at a time (the most the server sends)

// The lobby's "Load a record" entry: a file input that opens the viewer on the file.
function replayLoader() {
  const input = h("input", { type: "file", id: "load-record", class: "sr-only", accept: ".json,application/json",
    onchange: () => { if (input.files && input.files[0]) openRecordFile(input.files[0]); } });
  return h("section", { class: "panel lobby-replay" }, h("h2", {}, "Replays"),
    h("p", { class: "muted small" }, "Step through a saved game: a finished table's downloaded record, or one saved by parlour play in a terminal."),
    h("label", { class: "button", for: "load-record" }, "Load a record\u2026"), input);
}

async function openRecordFile(file) {
  const text = await file.text();
  try {
    sessionStorage.setItem(REPLAY_FILE_KEY, text);
  } catch (e) {
    toast("This record is too large to open here.");
    return;
  }
  if (location.hash === "#/replay/file") route(); else location.hash = "#/replay/file";
}

class ReplayView {
  // `id`: a table's id, or "file" for the record loaded from the lobby.
  constructor(id) {
    this.id = id;
    this.data = null;
    this.at = 0;
    this.pending = new Map();  // page start -> its request in flight
    this.view = "all";
    this.closed = false;
    // The table view's drawing methods, without its constructor (no websocket).
    this.draw = Object.create(TableView.prototype);
    this.draw.selected = new Set();
    this.onKey = (ev) => this.key(ev);
    document.addEventListener("keydown", this.onKey);
    window.__replay = this;  // for the browser tests and the curious
    document.title = "Replay \u00b7 parlour";
    $conn.textContent = "";
    $app.replaceChildren(h("p", { class: "muted pad" }, "Loading the replay\u2026"));
    this.load();
  }

  close() {
    this.closed = true;
    document.removeEventListener("keydown", this.onKey);
  }

  token() {
    const cred = this.id === "file" ? null : store.get("seat:" + this.id);
    return cred && cred.token ? cred : null;
  }

  // One page of the replay seen from `view`: the frames from `start` (the server sends
  // REPLAY_PAGE at most), with what the whole replay holds (total, moves, deals).
  async fetchPage(view, start) {
    const query = `?seat=${encodeURIComponent(view)}&from=${start}&count=${REPLAY_PAGE}`;
    let res;
    if (this.id === "file") {
      const body = sessionStorage.getItem(REPLAY_FILE_KEY);
      if (body === null) throw Object.assign(new Error("No record is loaded: load one in the lobby."), { code: "no_record" });
      res = await fetch("/api/replay" + query, { method: "POST", headers: { "Content-Type": "application/json" }, body });
    } else {
      const cred = this.token();
      res = await fetch(`/api/tables/${encodeURIComponent(this.id)}/replay` + query,
        { headers: cred && String(cred.seat) === String(view) ? { "X-Parlour-Token": cred.token } : {} });
    }
    const data = await res.json();
    if (!res.ok) throw Object.assign(new Error(data.message || res.statusText), { code: data.code });
    return data;
  }

  pageStart(index) {
    return Math.floor(index / REPLAY_PAGE) * REPLAY_PAGE;
  }

  fill(data, page) {
    for (const f of page.frames) if (f.index < data.frames.length) data.frames[f.index] = f;
  }

  // Frame `index`, its page fetched first if it has not come yet (null if it cannot be).
  async frame(index) {
    const data = this.data;
    if (data.frames[index]) return data.frames[index];
    const start = this.pageStart(index);
    let pending = this.pending.get(start);
    if (!pending) {
      pending = this.fetchPage(this.view, start);
      this.pending.set(start, pending);
    }
    try {
      this.fill(data, await pending);
    } catch (e) {
      if (!this.closed && data === this.data) toast(e.message);
    } finally {
      if (this.pending.get(start) === pending) this.pending.delete(start);
    }
    return data.frames[index] || null;
  }

  // Load the replay seen from `view` at the moment shown (a frame is the same moment in
  // every view); a table still playing has no all-seeing replay, so the viewer falls back
  // to this browser's own seat there, or a spectator's view.
  async load(view) {
    const want = view === undefined ? this.view : view;
    const at = this.data ? this.at : 0;
    let page;
    try {
      page = await this.fetchPage(want, this.pageStart(at));
      this.view = want;
    } catch (e) {
      if (e.code === "match_not_over" && want === "all") {
        toast(e.message, "info");
        const cred = this.token();
        return this.load(cred ? String(cred.seat) : "none");
      }
      if (this.closed) return;
      if (this.data) { toast(e.message); return; }
      $app.replaceChildren(h("section", { class: "panel" }, h("h1", {}, "No replay"), h("p", {}, e.message),
        h("a", { class: "button primary", href: "#/" }, "Back to the lobby")));
      return;
    }
    if (this.closed) return;
    const data = { game: page.game, title: page.title, view: page.view, players: page.players, seats: page.seats,
      moves: page.moves, deals: page.deals, frames: new Array(page.total).fill(null) };
    this.fill(data, page);
    this.data = data;
    this.pending = new Map();
    this.draw.seatInfo = data.seats.map((s) => Object.assign({ connected: true }, s));
    this.draw.summary = { title: data.title };
    this.hands = data.deals.map((index, hand) => ({ index, hand }));
    this.at = Math.min(at, data.frames.length - 1);
    this.build();
    this.go(this.at);
  }

  // The parts that stay while stepping: the bar and the controls.
  build() {
    const d = this.data;
    const views = [h("option", { value: "all" }, "Every hand shown"),
      ...d.seats.map((s) => h("option", { value: String(s.seat) }, `As seat ${s.seat}` + (s.name ? ` \u00b7 ${s.name}` : ""))),
      h("option", { value: "none" }, "As a spectator")];
    this.viewSel = h("select", { id: "replay-view", "aria-label": "Whose eyes", onchange: () => this.load(this.viewSel.value) }, views);
    this.viewSel.value = String(this.view === null ? "none" : this.view);
    this.slider = h("input", { type: "range", id: "replay-slider", min: "0", max: String(d.frames.length - 1), value: "0",
      "aria-label": "Position in the game", oninput: () => this.go(Number(this.slider.value)) });
    this.handSel = h("select", { id: "replay-hand", "aria-label": "Jump to hand", onchange: () => { this.go(Number(this.handSel.value)); this.handSel.blur(); } },
      this.hands.map((f) => h("option", { value: String(f.index) }, `Hand ${f.hand + 1}`)));
    const button = (id, label, text, fn) => h("button", { id, class: "step", "aria-label": label, title: label, onclick: fn }, text);
    this.buttons = {
      first: button("replay-prev-hand", "previous hand", "\u25c0\u25c0", () => this.jumpHand(-1)),
      back: button("replay-back", "step back", "\u25c0", () => this.go(this.at - 1)),
      next: button("replay-next", "step forward", "\u25b6", () => this.go(this.at + 1)),
      last: button("replay-next-hand", "next hand", "\u25b6\u25b6", () => this.jumpHand(1)),
    };
    this.position = h("span", { class: "replay-pos", id: "replay-pos", "aria-live": "polite" });
    this.boardEl = h("div", { class: "replay-board" });
    const download = this.id === "file" ? null
      : h("a", { class: "button small", href: `/api/tables/${encodeURIComponent(this.id)}/record`, download: "" }, "Download record");
    $app.replaceChildren(h("div", { class: "replay-view", id: "replay", dataset: { game: d.game } },
      h("div", { class: "tablebar" },
        h("div", { class: "title" }, h("b", {}, "Replay: " + d.title), h("span", { class: "muted" }, ` \u00b7 ${d.players} players`)),
        h("div", { class: "invite" }, this.viewSel, download,
          this.id === "file" ? null : h("a", { class: "button small", href: "#/t/" + this.id }, "Table"),
          h("a", { class: "button small", href: "#/" }, "Lobby"))),
      h("div", { class: "replay-controls panel" },
        h("div", { class: "replay-buttons" }, this.buttons.first, this.buttons.back, this.buttons.next, this.buttons.last, this.handSel),
        this.slider, this.position,
        h("div", { class: "muted small replay-keys" }, "Keys: \u2190 \u2192 step, Page Up/Down a hand, Home/End.")),
      this.boardEl));
  }

  jumpHand(dir) {
    const starts = this.hands.map((f) => f.index);
    const current = starts.filter((i) => i <= this.at).pop() || 0;
    if (dir < 0) this.go(this.at > current ? current : starts.filter((i) => i < current).pop() || 0);
    else this.go(starts.find((i) => i > this.at) !== undefined ? starts.find((i) => i > this.at) : this.data.frames.length - 1);
  }

  key(ev) {
    if (!this.data || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    // The slider steps by itself with the arrows, Home and End; a hand is a key of ours.
    const slider = ev.target === this.slider;
    const tag = ev.target && ev.target.tagName;
    if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && !slider && ev.target.type !== "file")) return;
    if (slider && ev.key !== "PageUp" && ev.key !== "PageDown") return;
    const moves = { ArrowRight: () => this.go(this.at + 1), ArrowLeft: () => this.go(this.at - 1),
      PageDown: () => this.jumpHand(1), PageUp: () => this.jumpHand(-1),
      Home: () => this.go(0), End: () => this.go(this.data.frames.length - 1) };
    if (moves[ev.key]) { ev.preventDefault(); moves[ev.key](); }
  }

  async go(index) {
    const data = this.data;
    const last = data.frames.length - 1;
    const at = this.at = Math.max(0, Math.min(last, index));
    this.slider.value = String(at);
    const deal = this.hands.filter((x) => x.index <= at).pop();
    if (deal) this.handSel.value = String(deal.index);
    this.buttons.back.disabled = at === 0;
    this.buttons.first.disabled = at === 0;
    this.buttons.next.disabled = at === last;
    this.buttons.last.disabled = at === last;
    const f = await this.frame(at);
    if (!f || this.closed || data !== this.data || this.at !== at) return;
    this.position.textContent = f.move === null ? `Hand ${f.hand + 1}: the deal` : `Move ${f.move + 1} of ${data.moves} \u00b7 hand ${f.hand + 1}`;
    this.render(f);
    const next = this.pageStart(at) + REPLAY_PAGE;  // the next page, before it is stepped into
    if (next <= last && at >= next - 10 && !data.frames[next]) this.frame(next);
  }

  render(f) {
    const obs = f.observation;
    const draw = this.draw;
    const me = typeof obs.seat === "number" ? obs.seat : null;
    draw.msg = { seat: me, observation: obs };
    const n = obs.players;
    const zones = obs.zones || [];
    const lastActs = draw.lastActions(obs);
    const order = [];
    const start = me === null ? 0 : (me + 1) % n;
    for (let i = 0; i < n; i++) order.push((start + i) % n);
    const who = f.actor === null ? "" : draw.shortName(f.actor);
    const caption = h("div", { class: "replay-caption", id: "replay-action",
      dataset: { action: f.action === null ? "" : f.action, actor: f.actor === null ? "" : f.actor, frame: f.index } },
      f.move === null ? h("b", {}, `Hand ${f.hand + 1} is dealt`) : h("b", {}, `${who}: ${f.label || f.action}`),
      f.sentence ? h("div", { class: "replay-sentence" }, f.sentence) : null);
    const over = f.hand_over && obs.last_hand
      ? h("section", { class: "panel replay-hand-over", id: "replay-hand-over" },
        h("h3", {}, obs.match_over ? "The match is over" : `Hand ${f.hand + 1} is over`),
        draw.handSummary(obs.last_hand, n))
      : null;
    this.boardEl.replaceChildren(h("div", { class: "table-view replay-table", dataset: { frame: f.index } },
      h("div", { class: "board" },
        caption,
        draw.factsPanel(obs),
        h("div", { class: "seats" + (n > 6 ? " many" : "") }, order.map((s) => draw.seatPanel(obs, s, zones, lastActs))),
        h("div", { class: "centre" },
          zones.filter((z) => z.owner === null || z.owner === undefined).map((z) => draw.zoneBox(z, "centre-zone")),
          "recent" in obs ? draw.recentBox(obs) : draw.lastTrick(obs)),
        over),
      h("div", { class: "side" }, draw.scoresBox(obs), draw.logBox(obs))));
  }
}
