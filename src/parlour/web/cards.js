// Cards drawn as SVG from their text: ranks alone ("K", "8": Ribs) or rank + suit
// ("AS", "TH"), jokers ("JK"), and backs for hidden cards. No images, no build step.
"use strict";

const Cards = (() => {
  const SUITS = {
    S: { sym: "\u2660", red: false, name: "spades" },
    H: { sym: "\u2665", red: true, name: "hearts" },
    D: { sym: "\u2666", red: true, name: "diamonds" },
    C: { sym: "\u2663", red: false, name: "clubs" },
  };
  const RANK_NAMES = { T: "10" };

  function esc(s) {
    return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  }

  // Split a card text into a rank to show and an optional suit.
  function parse(text) {
    const t = String(text).trim().toUpperCase();
    if (t === "JOKER" || /^JK\d?$/.test(t)) {
      return { rank: "\u2605", suit: null, joker: true };
    }
    if (t.length >= 2 && SUITS[t[t.length - 1]]) {
      const r = t.slice(0, -1);
      return { rank: RANK_NAMES[r] || r, suit: SUITS[t[t.length - 1]], joker: false };
    }
    return { rank: RANK_NAMES[t] || t, suit: null, joker: false };
  }

  // An SVG string for one card; `text` null draws a back.
  function svg(text) {
    if (text === null || text === undefined) {
      return (
        '<svg class="face" viewBox="0 0 60 84" aria-label="hidden card">' +
        '<rect x="1" y="1" width="58" height="82" rx="6" class="back"/>' +
        '<rect x="6" y="6" width="48" height="72" rx="3" class="back-inner"/>' +
        '<path d="M30 16 L44 42 L30 68 L16 42 Z" class="back-mark"/></svg>'
      );
    }
    const c = parse(text);
    const color = c.joker ? "joker" : c.suit && c.suit.red ? "red" : "black";
    const suit = c.suit ? c.suit.sym : "";
    const label = c.joker ? "joker" : c.rank + (c.suit ? " of " + c.suit.name : "");
    const small = c.rank.length > 1 ? 11 : 13;
    const big = c.rank.length > 1 ? 30 : 38;
    let centre;
    if (c.joker) {
      centre = '<text x="30" y="50" class="pip" font-size="30">\u2605</text><text x="30" y="68" class="tiny">JOKER</text>';
    } else if (c.suit) {
      // Rank and suit both large, so the card still reads when drawn small.
      centre = `<text x="30" y="45" class="pip" font-size="${c.rank.length > 1 ? 22 : 27}">${esc(c.rank)}</text>` +
        `<text x="30" y="70" class="pip" font-size="24">${esc(suit)}</text>`;
    } else {
      centre = `<text x="30" y="56" class="pip" font-size="${big}">${esc(c.rank)}</text>`;
    }
    return (
      `<svg class="face ${color}" viewBox="0 0 60 84" role="img" aria-label="${esc(label)}">` +
      '<rect x="1" y="1" width="58" height="82" rx="6" class="paper"/>' +
      `<text x="7" y="16" class="corner" font-size="${small}">${esc(c.rank)}</text>` +
      (suit ? `<text x="7" y="28" class="corner" font-size="11">${esc(suit)}</text>` : "") +
      centre +
      `<g transform="rotate(180 30 42)"><text x="7" y="16" class="corner" font-size="${small}">${esc(c.rank)}</text>` +
      (suit ? `<text x="7" y="28" class="corner" font-size="11">${esc(suit)}</text>` : "") +
      "</g></svg>"
    );
  }

  // A <div class="card"> holding the SVG, with the text in data-card.
  function el(text, cls) {
    const d = document.createElement("div");
    d.className = "card" + (cls ? " " + cls : "") + (text === null || text === undefined ? " down" : "");
    if (text !== null && text !== undefined) d.dataset.card = text;
    d.innerHTML = svg(text);
    return d;
  }

  // Does a string look like a card text of some game?
  function looksLikeCard(s) {
    return typeof s === "string" && /^(10|[2-9TJQKAX1])([SHDC])?$|^JK$/i.test(s.trim());
  }

  return { svg, el, parse, looksLikeCard, esc };
})();
