// The words of the card table: what a person reads is made from the engine's texts here, in
// one place. Seats become names ("seat 2" -> "Ribs bot (normal)", the viewer's seat "You"),
// card codes become suit symbols ("KS" -> "K♠"), counts get their plural.
"use strict";

const Words = (() => {
  const SUIT_SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  const SUIT_WORDS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs", NT: "no trump", N: "no trump" };
  const CARD = /\b(10|[2-9TJQKA])([SHDC])\b/g;

  // Card codes in a sentence as rank + symbol; "T" reads "10". Texts that already carry
  // symbols (the engine's labels) pass through unchanged.
  function symbols(text) {
    return String(text).replace(CARD, (_, r, s) => (r === "T" ? "10" : r) + SUIT_SYMBOLS[s]);
  }

  // A suit letter alone (a bid's "S", "NT") as its symbol or words.
  function suit(letter) {
    return SUIT_SYMBOLS[letter] || (letter === "NT" || letter === "N" ? "NT" : letter);
  }
  function suitName(letter) { return SUIT_WORDS[letter] || letter; }

  // "seat N" / "Seat N" (and "seats N and M", "seats N, M and K") replaced by `nameOf(N)`.
  // The viewer's own seat reads "You" at the start of a sentence and "you" inside one.
  function seats(text, nameOf) {
    const one = (n, capital) => {
      const name = nameOf(Number(n));
      return name === "You" && !capital ? "you" : name;
    };
    return String(text)
      .replace(/\b([Ss])eats (\d+(?:, \d+)*(?:,? and \d+))\b/g, (_, s, list) => {
        const names = list.split(/,? and |, /).map((n, i) => one(n, s === "S" && i === 0));
        return names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
      })
      .replace(/\b([Ss])eat (\d+)\b/g, (_, s, n) => one(n, s === "S"));
  }

  // The engine writes of a seat in the third person ("seat 0 wins"); named "you", the verb
  // and the possessive follow ("you win", "your hand").
  const IRREGULAR = { has: "have", is: "are", was: "were", does: "do" };
  function secondPerson(text) {
    return text
      .replace(/\b([Yy])ou's\b/g, (_, y) => y + "our")
      .replace(/\b([Yy]ou(?: \([^()]*\))?) ([a-z]+s)\b/g, (all, you, verb) => {
        if (IRREGULAR[verb]) return `${you} ${IRREGULAR[verb]}`;
        if (/(ss|us)$/.test(verb)) return all;
        const base = /(sh|ch|x|z|ss|o)es$/.test(verb) ? verb.slice(0, -2)
          : /[^aeiou]ies$/.test(verb) ? verb.slice(0, -3) + "y" : verb.slice(0, -1);
        return `${you} ${base}`;
      });
  }

  // Both rules at once: the text a person reads.
  function people(text, nameOf) {
    return symbols(secondPerson(seats(text, nameOf)));
  }

  function plural(n, one, many) {
    return `${n} ${n === 1 ? one : many || one + "s"}`;
  }

  return { symbols, suit, suitName, seats, people, plural, SUIT_SYMBOLS };
})();
