// Cards: "As" is the ace of spades. Drawn with the rank and the suit's symbol (colour is never
// the only cue), read aloud by name ("ace of spades", "as de pique", "asso di picche").
import { h } from "./dom.js";
import { t } from "./i18n.js";

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const RANKS = { T: "10" };

/** Whether text is a card ("As", "Td"). */
export function isCard(text) {
  return typeof text === "string" && /^[2-9TJQKA][shdc]$/.test(text);
}

/** A card's name in the language in use: cardName("As") is "ace of spades". */
export function cardName(text) {
  if (!isCard(text)) return t("card.unknown");
  return t("card.of", { rank: t(`rank.${text[0]}`), suit: t(`suit.${text[1]}`) });
}

/** The names of several cards, joined: "ace of spades, king of hearts". */
export function cardsName(cards) {
  return (cards || []).map(cardName).join(", ");
}

/** A card face up (role img, labelled with its name), or face down when text is null. */
export function cardEl(text, { small = false } = {}) {
  const size = small ? " card-small" : "";
  if (!isCard(text)) {
    return h("span", { class: `card card-back${size}`, role: "img", "aria-label": t("card.back") });
  }
  const rank = RANKS[text[0]] || text[0];
  const suit = text[1];
  return h(
    "span",
    {
      class: `card suit-${suit}${size}`,
      role: "img",
      "aria-label": cardName(text),
      "data-card": text,
    },
    h("span", { class: "card-rank", "aria-hidden": "true" }, rank),
    h("span", { class: "card-suit", "aria-hidden": "true" }, SUITS[suit]),
  );
}

/** Cards as short text with symbols, for logs: "A♠ K♥". */
export function cardsText(cards) {
  return (cards || []).map((c) => (isCard(c) ? (RANKS[c[0]] || c[0]) + SUITS[c[1]] : "?")).join(" ");
}
