// Friends at a table: the waiting room, the chat panel, names asked in the page, the
// seat marks of stand-ins and away players, and buttons that ask before they act.
// Everything people wrote (names, chat) is put in the page as text (textContent through
// `h`), never as markup. Needs `h`, `store`, `toast` and `api` from app.js.
"use strict";

const Friends = (() => {
  const NAME_LIMIT = 24;
  const CHAT_LIMIT = 300;

  // A button that asks first: a click shows the question with "yes" and "no" in its place.
  function confirmButton(label, question, yes, action, attrs) {
    const box = h("span", { class: "confirm" });
    const ask = () => box.replaceChildren(
      h("span", { class: "small question" }, question + " "),
      h("button", { class: "small danger", dataset: { key: "yes-" + label }, onclick: () => { box.replaceChildren(first()); action(); } }, yes),
      h("button", { class: "small", dataset: { key: "no-" + label }, onclick: () => box.replaceChildren(first()) }, "No"));
    const first = () => h("button", Object.assign({ class: "small", onclick: ask }, attrs || {}), label);
    box.append(first());
    return box;
  }

  // The name field of the page (no pop-up): its value, or an error shown beside it.
  function nameField(id) {
    const input = h("input", { id, maxlength: String(NAME_LIMIT), placeholder: "Your name", value: store.get("name") || "",
      autocomplete: "nickname", dataset: { key: id }, "aria-describedby": id + "-error" });
    const error = h("span", { class: "field-error", id: id + "-error", role: "alert" });
    const wrap = h("span", { class: "name-field" }, h("label", { for: id }, "Name "), input, error);
    wrap.value = () => {
      const name = input.value.trim();
      if (!name) {
        error.textContent = "Write your name first: it is how the others see you.";
        input.focus();
        return null;
      }
      error.textContent = "";
      store.set("name", name);
      return name;
    };
    return wrap;
  }

  // Seconds shown counting down: any element with data-deadline (ms since the epoch).
  setInterval(() => {
    for (const el of document.querySelectorAll("[data-deadline]")) {
      const left = Math.max(0, Math.ceil((Number(el.dataset.deadline) - Date.now()) / 1000));
      el.textContent = `away \u00b7 a bot in ${left} s`;
    }
  }, 500);

  // The marks of a seat: host, away (with the countdown), a bot standing in, resigned.
  function seatMarks(info, receivedAt) {
    const out = [];
    if (info.host) out.push(h("span", { class: "tag host" }, "host"));
    if (info.stand_in) out.push(h("span", { class: "tag stand-in", title: `${info.stand_in} plays until ${info.name} is back` }, "bot standing in"));
    else if (typeof info.stand_in_in === "number") {
      out.push(h("span", { class: "tag away", dataset: { deadline: String(receivedAt + info.stand_in_in * 1000) } },
        `away \u00b7 a bot in ${Math.ceil(info.stand_in_in)} s`));
    } else if (info.kind === "person" && info.taken && !info.connected) out.push(h("span", { class: "tag away" }, "away"));
    if (info.stand_in_for) out.push(h("span", { class: "tag stand-in", title: `${info.stand_in_for} left; this bot plays the seat` }, `for ${info.stand_in_for}`));
    if (info.resigned) out.push(h("span", { class: "tag" }, "resigned"));
    return out;
  }

  // The chat panel: one element kept across renders, so what is being typed stays.
  class Chat {
    constructor(view) {
      this.view = view;
      this.lines = [];
      this.muted = new Set(store.get("muted") || []);
      this.list = h("ol", { class: "chat-lines scroll-y", id: "chat-lines", "aria-live": "polite" });
      this.input = h("input", { id: "chat-input", maxlength: String(CHAT_LIMIT), placeholder: "Say something\u2026",
        dataset: { key: "chat-input" }, "aria-label": "Chat message" });
      this.nameBox = h("span", { class: "chat-name" });
      const form = h("form", { class: "chat-form", onsubmit: (ev) => { ev.preventDefault(); this.send(); } },
        this.nameBox, this.input, h("button", { type: "submit", class: "small", id: "chat-send" }, "Send"));
      this.el = h("section", { class: "panel chat", id: "chat", "aria-label": "Chat" }, h("h3", {}, "Chat"), this.list, form);
    }

    // Who a line is from, for muting: a seat's name, or a watcher's.
    key(line) { return (line.watcher ? "watcher:" : "seat:") + line.name; }

    reset(lines) { this.lines = (lines || []).slice(); this.draw(); }
    add(line) { this.lines.push(line); if (this.lines.length > 200) this.lines.shift(); this.draw(); }

    toggleMute(line) {
      const k = this.key(line);
      if (this.muted.has(k)) this.muted.delete(k); else this.muted.add(k);
      store.set("muted", [...this.muted]);
      this.draw();
    }

    draw() {
      const me = this.view.msg ? this.view.msg.seat : null;
      const hidden = this.lines.filter((l) => this.muted.has(this.key(l))).length;
      const shown = this.lines.filter((l) => !this.muted.has(this.key(l)));
      this.list.replaceChildren(...shown.map((l) => h("li", { class: "chat-line" + (l.watcher ? " watcher" : "") },
        h("b", { class: "who" }, l.seat !== null && l.seat === me ? "You" : l.name),
        l.watcher ? h("span", { class: "tag" }, "watching") : null,
        ": ", h("span", { class: "text" }, l.text), " ",
        l.seat !== null && l.seat === me ? null
          : h("button", { class: "link small mute", title: "Hide what " + l.name + " says", onclick: () => this.toggleMute(l) }, "mute"))),
        ...(hidden ? [h("li", { class: "muted small" }, `${hidden} line${hidden > 1 ? "s" : ""} from muted people hidden `,
          h("button", { class: "link small", onclick: () => { this.muted.clear(); store.set("muted", []); this.draw(); } }, "unmute all"))] : []));
      const watcher = !this.view.msg || this.view.msg.seat === null;
      this.nameBox.replaceChildren(watcher ? h("span", { class: "muted small" }, (store.get("name") || "A watcher") + " (watching): ") : "");
      requestAnimationFrame(() => { this.list.scrollTop = this.list.scrollHeight; });
    }

    send() {
      const text = this.input.value.trim();
      if (!text) return;
      const ws = this.view.ws;
      if (!ws || ws.readyState !== WebSocket.OPEN) { toast("Not connected to the table; reconnecting\u2026"); return; }
      const message = { type: "chat", text };
      if (!this.view.msg || this.view.msg.seat === null) message.name = store.get("name") || "";
      ws.send(JSON.stringify(message));
      this.input.value = "";
    }
  }

  // The waiting room: who has come, the host's controls, a name field to sit down.
  function waitingRoom(view) {
    const m = view.msg;
    const me = m.seat;
    const seats = m.seats;
    const host = !!view.isHost;
    const levels = view.levels || [];
    const title = (view.summary && view.summary.title) || "";
    const closed = m.table_state === "closed";
    const send = (message) => view.request(message);
    const levelSelect = (id) => h("select", { id, dataset: { key: id }, "aria-label": "Bot level" },
      levels.map((lv) => h("option", { value: lv.level, selected: lv.level === "normal" }, lv.name)));
    const rows = seats.map((info) => {
      const s = info.seat;
      const controls = [];
      if (host && !closed) {
        const others = seats.filter((o) => o.seat !== s).map((o) => h("option", { value: o.seat }, `seat ${o.seat}`));
        const to = h("select", { id: `move-to-${s}`, "aria-label": `Move seat ${s} to`, dataset: { key: `move-to-${s}` } }, others);
        controls.push(h("span", { class: "move" }, to, h("button", { class: "small", id: `move-${s}`,
          onclick: () => send({ type: "move", seat: s, to: Number(to.value) }) }, "Swap")));
        if (info.kind === "person" && !info.taken) {
          const level = levelSelect(`fill-level-${s}`);
          controls.push(h("span", {}, level, h("button", { class: "small", id: `fill-${s}`,
            onclick: () => send({ type: "fill", seat: s, level: level.value }) }, "Put a bot here")));
        } else if (info.kind === "bot") {
          controls.push(h("button", { class: "small", id: `open-${s}`, onclick: () => send({ type: "open", seat: s }) }, "Open for a friend"));
        } else if (info.taken && s !== me) {
          controls.push(confirmButton("Remove", `Remove ${info.name}?`, "Yes, remove", () => send({ type: "remove", seat: s }), { id: `remove-${s}` }));
        }
      }
      const name = s === me ? `You (${info.name})` : info.kind === "bot" ? view.seatName(s) : info.taken ? info.name : "Open seat";
      return h("li", { class: "wait-seat" + (info.taken ? "" : " open"), dataset: { seat: s } },
        h("span", { class: "seat-no" }, String(s)), h("span", { class: "seat-name" }, name),
        info.kind === "person" && info.taken && info.connected ? h("span", { class: "tag here" }, "here") : null,
        seatMarks(info, view.receivedAt), h("span", { class: "seat-controls" }, controls));
    });
    const open = seats.filter((s) => s.kind === "person" && !s.taken);
    let sitting = null;
    if (me === null && !closed) {
      const field = nameField("sit-name");
      sitting = h("div", { class: "sit-down" }, field,
        view.elsewhere ? h("button", { class: "primary small", onclick: () => view.returnToSeat() }, `Back to my seat ${view.elsewhere.seat}`) : null,
        open.map((s) => h("button", { class: "primary small", dataset: { seat: s.seat }, onclick: () => {
          const name = field.value();
          if (name !== null) view.takeSeat(s.seat, name);
        } }, `Sit at seat ${s.seat}`)));
    }
    let start = null;
    if (host && !closed) {
      const level = levelSelect("start-level");
      start = h("div", { class: "start-row" },
        open.length ? h("span", { class: "small" }, "Empty seats get ", level, " ") : null,
        h("button", { class: "primary", id: "start", onclick: () => send({ type: "start", level: level.value }) }, "Start now"));
    }
    const waitingFor = open.length ? `Waiting for ${open.length} more player${open.length > 1 ? "s" : ""}.` : "";
    return h("section", { class: "panel waiting-room", id: "waiting" },
      h("h1", {}, closed ? `${title}: this table is closed` : `${title}: waiting room`),
      closed ? h("p", {}, "Everyone left, so the table was closed. ", h("a", { href: "#/" }, "Back to the lobby"))
        : h("p", { class: "muted" }, waitingFor, " ",
          host ? "Send the link to your friends; start when you like, with bots in the empty seats."
            : "The host starts the match; it starts by itself when every seat is taken."),
      closed ? null : h("div", { class: "invite" }, h("button", { class: "small", onclick: () => view.copyLink() }, "Copy invite link"),
        h("code", { class: "link" }, `${location.origin}/#/t/${view.id}`)),
      h("ol", { class: "wait-seats" }, rows),
      sitting, start,
      me !== null && !closed ? h("div", { class: "leave-row" }, confirmButton("Leave the table", "Leave this table?", "Yes, leave",
        () => view.leave(), { id: "leave" })) : null);
  }

  // A table row of the lobby: title, age, who is there, state, and the way in.
  function ago(seconds) {
    if (seconds < 60) return "just now";
    if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
    if (seconds < 86400) return `${Math.round(seconds / 3600)} h ago`;
    return `${Math.round(seconds / 86400)} days ago`;
  }

  function tableRow(t, mine) {
    const names = t.seats.filter((s) => s.kind === "person" && s.taken).map((s) => s.name || "?");
    const bots = new Map();
    for (const s of t.seats) if (s.kind === "bot") bots.set(s.name, (bots.get(s.name) || 0) + 1);
    const open = t.open_seats.length;
    const people = [...names, ...[...bots].map(([b, k]) => (k > 1 ? `${k} \u00d7 ${b}` : b)), open ? `${open} open` : null]
      .filter(Boolean).join(" \u00b7 ");
    const state = t.state === "waiting" ? `waiting for ${open} player${open === 1 ? "" : "s"}` : t.state;
    return h("div", { class: "table-row", dataset: { table: t.id, state: t.state } },
      h("div", {}, h("b", {}, t.title), " \u00b7 ", `${t.players} players`, " \u00b7 ", h("span", { class: "state" }, state),
        " \u00b7 ", h("span", { class: "muted small" }, "opened " + ago(t.age)),
        h("div", { class: "muted small" }, people)),
      h("a", { class: "button" + (mine || open ? " primary" : ""), href: "#/t/" + t.id,
        onclick: () => { if (mine) store.setHere("seat:" + t.id, mine); } },
        mine ? "Return" : open ? "Join" : "Watch"),
      t.state === "finished" ? h("a", { class: "button", href: "#/replay/" + t.id }, "Replay") : null);
  }

  // The tables this browser holds a seat at (tokens in localStorage), newest first.
  function heldTables() {
    const out = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith("parlour:seat:")) out.push(key.slice("parlour:seat:".length));
    }
    return out;
  }

  async function yourTables(box) {
    const ids = heldTables().slice(0, 20);
    const found = [];
    for (const id of ids) {
      try {
        const t = await api(`/api/tables/${encodeURIComponent(id)}`);
        if (t.state === "closed") store.drop("seat:" + id); else found.push(t);
      } catch (e) {
        if (/no table/.test(e.message)) store.drop("seat:" + id);
      }
    }
    found.sort((a, b) => b.created - a.created);
    box.hidden = !found.length;
    box.replaceChildren(h("h2", {}, "Your tables"), ...found.map((t) => tableRow(t, store.get("seat:" + t.id))));
  }

  return { Chat, confirmButton, nameField, seatMarks, waitingRoom, tableRow, yourTables };
})();
