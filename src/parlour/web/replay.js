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
    if (this.analysisTimer) clearTimeout(this.analysisTimer);
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
      this.analysisEl = h("section", { class: "panel replay-analysis", id: "replay-analysis", hidden: true }),
      this.boardEl));
    this.offerAnalysis();
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
    this.analysisAt(at);
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

// "Analyse my play" (docs/protocol.md, "Analyse my play"): once a table's match is over,
// the seat's decisions judged by the server as a background job; while it works, a
// progress bar; then an evaluation strip along the match (the seat's expected hand score
// after each of its decisions), its faults marked, and beside the move shown the better
// move with its figures. Everything shown is in the table's words: the server's labels.
const FAULTS = {
  inaccuracy: { symbol: "?!", name: "Inaccuracy" },
  mistake: { symbol: "?", name: "Mistake" },
  blunder: { symbol: "??", name: "Blunder" },
};
const ANALYSIS_POLL_MS = 700;

// A figure with its unit: "1 point", "2.5 penalty points".
function points(v, noun) {
  return `${figure(v)} ${Math.abs(v) === 1 ? noun.replace(/s$/, "") : noun}`;
}

function figure(v) {
  if (v === null || v === undefined) return "\u2013";
  const r = Math.abs(v) < 10 ? Math.round(v * 100) / 100 : Math.round(v * 10) / 10;
  return String(r).replace("-", "\u2212");
}

Object.assign(ReplayView.prototype, {
  // The offer, on a finished table's replay only: a seat to analyse (this browser's own
  // seat first) and the button.
  async offerAnalysis() {
    if (this.id === "file") return;
    let info = this.tableInfo;
    if (!info) {
      try {
        const res = await fetch(`/api/tables/${encodeURIComponent(this.id)}`);
        if (!res.ok) return;
        info = this.tableInfo = await res.json();
      } catch (e) { return; }
    }
    if (this.closed || !info.match_over) return;
    this.match = info.match;
    const cred = this.token();
    const own = cred ? Number(cred.seat) : null;
    const seats = this.data.seats.map((s) => s.seat);
    if (own !== null) seats.sort((a, b) => (b === own) - (a === own));
    const name = (s) => s === own ? "My play" : (this.draw.shortName(s) || "A seat") + "\u2019s play";
    this.analysisSeat = h("select", { id: "analysis-seat", "aria-label": "Whose play to analyse",
      onchange: () => { this.analysisButton.textContent = this.buttonText(); } },
    seats.map((s) => h("option", { value: String(s) }, name(s))));
    this.ownSeat = own;
    this.analysisButton = h("button", { id: "analyse", class: "primary", onclick: () => this.analyse() }, "");
    this.analysisButton.textContent = this.buttonText();
    this.analysisBody = h("div", { class: "analysis-body" });
    this.analysisEl.replaceChildren(
      h("div", { class: "analysis-offer" }, this.analysisSeat, this.analysisButton,
        h("span", { class: "muted small" }, "Each decision judged from what that seat could see.")),
      this.analysisBody);
    this.analysisEl.hidden = false;
    if (this.analysis) {  // the viewer was built again (another view): the analysis stays
      this.analysisSeat.value = String(this.analysis.seat);
      this.analysisButton.textContent = this.buttonText();
      this.showAnalysis(this.analysis);
    }
  },

  buttonText() {
    const seat = Number(this.analysisSeat.value);
    return seat === this.ownSeat ? "Analyse my play" : `Analyse ${this.draw.shortName(seat)}\u2019s play`;
  },

  async analysisCall(method, seat) {
    const url = `/api/tables/${encodeURIComponent(this.id)}/analysis`;
    const cred = this.token();
    const headers = cred && Number(cred.seat) === seat ? { "X-Parlour-Token": cred.token } : {};
    const res = method === "POST"
      ? await fetch(url, { method, headers: Object.assign({ "Content-Type": "application/json" }, headers),
        body: JSON.stringify({ seat, match: this.match }) })
      : await fetch(`${url}?seat=${seat}&match=${this.match}`, { headers });
    const data = await res.json();
    if (!res.ok) throw Object.assign(new Error(data.message || res.statusText), { code: data.code });
    return data;
  },

  async analyse() {
    const seat = Number(this.analysisSeat.value);
    this.analysis = null;
    this.analysisButton.disabled = true;
    this.analysisSeat.disabled = true;
    this.bar = h("progress", { id: "analysis-progress", max: "1", value: "0" });
    this.barText = h("span", { class: "small", "aria-live": "polite" }, "Waiting for a turn\u2026");
    this.analysisBody.replaceChildren(h("div", { class: "analysis-progress" }, this.bar, this.barText));
    let status;
    try {
      status = await this.analysisCall("POST", seat);
      while (!this.closed && (status.state === "queued" || status.state === "running")) {
        this.progress(status);
        await new Promise((ok) => { this.analysisTimer = setTimeout(ok, ANALYSIS_POLL_MS); });
        if (this.closed) return;
        status = await this.analysisCall("GET", seat);
      }
    } catch (e) {
      status = { state: "failed", message: e.message };
    }
    if (this.closed) return;
    this.analysisButton.disabled = false;
    this.analysisSeat.disabled = false;
    if (status.state !== "done") {
      this.analysisBody.replaceChildren(h("p", { class: "analysis-failed" }, status.message || "The analysis stopped."));
      return;
    }
    this.showAnalysis(status.analysis);
  },

  progress(status) {
    if (status.total) {
      this.bar.max = String(status.total);
      this.bar.value = String(status.done);
      this.barText.textContent = `Weighing the decisions: ${Math.round(100 * status.done / status.total)}%`;
    } else {
      this.barText.textContent = status.state === "queued" ? "Waiting for a turn\u2026" : "Starting\u2026";
    }
  },

  // The frame after the record's action `move` (a deal has a frame of its own).
  frameOf(move) {
    let f = move + 1;
    for (const d of this.data.deals.slice(1)) if (d <= f) f++;
    return f;
  },

  showAnalysis(report) {
    this.analysis = report;
    this.decisionAt = new Map();
    const decisions = [];
    for (const hand of report.hands) for (const d of hand.decisions) {
      d.frame = this.frameOf(d.index);
      this.decisionAt.set(d.frame, d);
      decisions.push(d);
    }
    const total = this.data.frames.length;
    const sense = report.score_sense;
    const x = (frame) => 20 + 960 * frame / Math.max(1, total - 1);  // a mark's room at either end
    const values = decisions.map((d) => sense * d.expected);
    const high = Math.max(0, ...values), low = Math.min(0, ...values);
    const span = high - low || 1;
    const y = (v) => 16 + 68 * (high - v) / span;  // better is higher; a mark keeps inside the strip
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 1000 100");
    svg.setAttribute("preserveAspectRatio", "none");
    svg.setAttribute("class", "strip-graph");
    svg.setAttribute("aria-hidden", "true");
    const line = (attrs) => {
      const el = document.createElementNS(ns, attrs.points ? "polyline" : "line");
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      el.setAttribute("vector-effect", "non-scaling-stroke");
      svg.appendChild(el);
      return el;
    };
    line({ x1: 0, x2: 1000, y1: y(0), y2: y(0), class: "strip-zero" });
    for (const d of this.data.deals.slice(1)) line({ x1: x(d), x2: x(d), y1: 0, y2: 100, class: "strip-deal" });
    for (const hand of report.hands) {
      const pts = hand.decisions.map((d) => `${x(d.frame).toFixed(1)},${y(sense * d.expected).toFixed(1)}`);
      if (pts.length === 1) pts.push(pts[0]);
      if (pts.length) line({ points: pts.join(" "), class: "strip-line" });
    }
    this.cursor = line({ x1: 0, x2: 0, y1: 0, y2: 100, class: "strip-now" });
    const marks = decisions.filter((d) => d.fault).map((d) => {
      const f = FAULTS[d.fault];
      const mark = h("button", { class: `strip-mark mark-${d.fault}`, title: `${f.name}: ${d.played_label}`,
        "aria-label": `${f.name}: ${d.played_label}, hand ${d.hand}`, dataset: { frame: d.frame, fault: d.fault },
        onclick: () => this.go(d.frame) }, f.symbol);
      mark.style.left = `${(x(d.frame) / 10).toFixed(2)}%`;  // CSSOM: the page's CSP allows no style attributes
      mark.style.top = `${y(sense * d.expected).toFixed(1)}%`;
      return mark;
    });
    const noun = sense < 0 ? "penalty points" : "points";
    const counts = Object.keys(FAULTS).map((k) => `${report.counts[k]} ${k === "inaccuracy" && report.counts[k] !== 1 ? "inaccuracies" : k + (report.counts[k] === 1 ? "" : "s")}`);
    this.detail = h("div", { class: "analysis-detail", id: "analysis-detail", "aria-live": "polite" });
    const who = report.names[report.seat];
    this.analysisBody.replaceChildren(
      h("div", { class: "analysis-head" },
        h("b", {}, who === "You" ? "Your play" : `${who}\u2019s play`),
        h("span", { class: "muted small" }, ` \u00b7 ${counts.join(", ")} \u00b7 the line: expected hand score (${noun}) after each decision, better higher`)),
      h("div", { class: "analysis-strip", id: "analysis-strip", dataset: { decisions: decisions.length } }, svg, ...marks),
      h("div", { class: "strip-legend small" }, Object.entries(FAULTS).map(([k, f]) =>
        h("span", { class: "legend-item" }, h("span", { class: `strip-mark static mark-${k}` }, f.symbol), " " + k))),
      this.detail);
    this.analysisAt(this.at);
  },

  // Beside the move shown: how the analysis judged it, or the hand's luck and skill.
  analysisAt(at) {
    const report = this.analysis;
    if (!report || !this.detail) return;
    const total = this.data.frames.length;
    if (this.cursor) {
      const cx = 20 + 960 * at / Math.max(1, total - 1);
      this.cursor.setAttribute("x1", cx);
      this.cursor.setAttribute("x2", cx);
    }
    for (const m of this.analysisEl.querySelectorAll(".strip-mark[data-frame]")) m.classList.toggle("now", Number(m.dataset.frame) === at);
    const noun = report.score_sense < 0 ? "penalty points" : "points";
    const d = this.decisionAt.get(at);
    const you = report.names[report.seat];
    if (d) {
      const f = d.fault ? FAULTS[d.fault] : null;
      const lines = [h("div", { class: "analysis-move" + (f ? ` fault-${d.fault}` : ""), dataset: { fault: d.fault || "" } },
        f ? h("span", { class: `strip-mark static mark-${d.fault}` }, f.symbol) : null,
        h("span", {}, f ? ` ${f.name}: ` : ""),
        h("b", {}, `${you === "You" ? "You played" : you + " played"} ${d.played_label}`),
        ` \u2014 ${points(d.expected, noun)} expected for the hand.`)];
      if (d.best !== d.played) {
        lines.push(h("div", { class: "analysis-better" }, h("b", {}, `Better: ${d.best_label}`),
          ` \u2014 ${points(d.best_expected, noun)}; the move played cost ${figure(d.cost)} \u00b1 ${figure(d.error || 0)}` +
          (d.fault ? "." : ", within the noise: no fault.")));
      } else {
        lines.push(h("div", { class: "analysis-better" }, "The best move weighed."));
      }
      if (d.why) lines.push(h("div", { class: "small" }, d.why));
      lines.push(h("div", { class: "small muted" }, `In hindsight, on the cards as they lay (the hand is over): ` +
        `${d.played_label} ${figure(d.hindsight.played)}, ${d.best_label} ${figure(d.hindsight.best)}.`));
      this.detail.replaceChildren(...lines);
      return;
    }
    const frame = this.data.frames[at];
    const handNo = frame ? frame.hand + 1 : (this.hands.filter((x) => x.index <= at).pop() || { hand: 0 }).hand + 1;
    const hand = report.hands.find((x) => x.hand === handNo);
    if (!hand) { this.detail.replaceChildren(); return; }
    const marked = hand.decisions.filter((x) => x.fault).length;
    this.detail.replaceChildren(h("div", {}, h("b", {}, `Hand ${hand.hand}: `),
      `${you === "You" ? "you" : you} scored ${figure(hand.score)}` +
      (hand.par !== null && hand.par !== undefined ? `; the deal gave ${figure(hand.par)} (the ${report.par_level} level playing every seat), the play cost ${figure(hand.cost)} \u00b1 ${points(hand.cost_error, noun)} more.` : ".")),
    h("div", { class: "small muted" }, `${hand.decisions.length} decisions weighed, ${marked} marked: click a mark to go to it.`));
  },
});
