// "How to play": one dialog, opened from the lobby (beside each game) and from a table's
// bar, showing the server's rules text for a game and the options chosen
// (GET /api/games/<game>/howto?options=<JSON>). The server renders and escapes the HTML.
"use strict";

const HowTo = (() => {
  let dialog = null;

  function build() {
    dialog = document.createElement("dialog");
    dialog.className = "howto";
    dialog.id = "howto";
    dialog.setAttribute("aria-labelledby", "howto-title");
    dialog.innerHTML =
      '<div class="howto-head"><h2 id="howto-title">How to play</h2>' +
      '<button type="button" class="close" aria-label="Close how to play">\u00d7</button></div>' +
      '<div class="howto-body" tabindex="0"></div>';
    dialog.querySelector(".close").addEventListener("click", () => dialog.close());
    // A click on the backdrop (outside the box) closes it, as Escape does.
    dialog.addEventListener("click", (ev) => { if (ev.target === dialog) dialog.close(); });
    document.body.append(dialog);
  }

  // Open the rules of `game` ("ribs"); `options` are the table's (omitted in the lobby).
  async function open(game, title, options, opener) {
    if (!dialog) build();
    const head = dialog.querySelector("#howto-title");
    const body = dialog.querySelector(".howto-body");
    head.textContent = "How to play " + (title || game);
    body.replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: "Loading\u2026" }));
    dialog.dataset.game = game;
    dialog.dataset.ready = "0";
    if (!dialog.open) dialog.showModal();
    const back = opener || document.activeElement;
    dialog.addEventListener("close", () => { if (back && back.isConnected) back.focus(); }, { once: true });
    const query = options && Object.keys(options).length ? "?options=" + encodeURIComponent(JSON.stringify(options)) : "";
    try {
      const res = await fetch(`/api/games/${encodeURIComponent(game)}/howto${query}`);
      const data = await res.json();
      if (!res.ok) throw new Error(data.message || res.statusText);
      head.textContent = data.title ? "How to play " + data.title : head.textContent;
      body.innerHTML = data.html;  // rendered and escaped by the server (parlour.howto)
    } catch (e) {
      body.replaceChildren(Object.assign(document.createElement("p"), { textContent: "The rules could not be loaded: " + e.message }));
    }
    dialog.dataset.ready = "1";
    body.scrollTop = 0;
  }

  return { open };
})();
