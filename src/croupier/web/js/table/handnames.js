// A winning hand's name in the player's language. The server names hands in English, the
// way a dealer announces them ("Two pair, aces and fours", "Full house, kings full of
// sevens", "Royal flush": croupier.evaluate.describe); the client reads that phrase and
// says it again with its own words (fr "Double paire, as et quatre", it "Doppia coppia,
// assi e quattro"). A phrase it does not know is shown as it came.
import { lang, t } from "../i18n.js";

const RANKS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"];
const CODES = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"];
const PLURALS = RANKS.map((r) => r + (r.endsWith("x") ? "es" : "s"));

const PATTERNS = [
  [/^High card, (\w+)$/i, "hand.high", ["one"]],
  [/^Pair of (\w+)$/i, "hand.pair", ["many"]],
  [/^Two pair, (\w+) and (\w+)$/i, "hand.two_pair", ["many", "many"]],
  [/^Three of a kind, (\w+)$/i, "hand.trips", ["many"]],
  [/^Straight, (\w+) high$/i, "hand.straight", ["one"]],
  [/^Flush, (\w+) high$/i, "hand.flush", ["one"]],
  [/^Full house, (\w+) full of (\w+)$/i, "hand.full", ["many", "many"]],
  [/^Four of a kind, (\w+)$/i, "hand.quads", ["many"]],
  [/^Straight flush, (\w+) high$/i, "hand.straight_flush", ["one"]],
  [/^Royal flush$/i, "hand.royal", []],
];

function code(word, kind) {
  const i = (kind === "many" ? PLURALS : RANKS).indexOf(word.toLowerCase());
  return i < 0 ? null : CODES[i];
}

/** French "de"/"d'" before a rank: "Paire d'as", "Brelan de rois". */
function of(words) {
  return lang() === "fr" && /^[aeiouy]/i.test(words) ? `d'${words}` : `de ${words}`;
}

/** The hand's name in the language in use: handName("Pair of aces") in French is
 * "Paire d'as". */
export function handName(phrase) {
  if (!phrase || lang() === "en") return phrase || "";
  const text = String(phrase).replace(/^an? /i, "");
  for (const [pattern, key, kinds] of PATTERNS) {
    const found = text.match(pattern);
    if (!found) continue;
    const params = {};
    for (let i = 0; i < kinds.length; i += 1) {
      const c = code(found[i + 1], kinds[i]);
      if (c == null) return phrase;
      const name = t(kinds[i] === "many" ? `ranks.${c}` : `rank.${c}`);
      params[`r${i + 1}`] = name;
      params[`of${i + 1}`] = of(name);
      params[`al${i + 1}`] = /^[aeiou]/i.test(name) ? `all'${name}` : `al ${name}`;
    }
    return t(key, params);
  }
  return phrase;
}
