// Words and numbers in the player's language: English, French, Italian.
// t(key, params) gives the text; money(cents) and chips(n) format amounts by the language
// (fr: "1 234,50 €", it: "1.234,50 €", en: "€1,234.50"). The game's own words in each
// language: bouton, blinde, tapis, relance, parole, suivre; bottone, buio, piatto, rilancio.

import { WORDS as FR } from "./i18n_fr.js";
import { WORDS as IT } from "./i18n_it.js";
import { WORDS as EN } from "./i18n_en.js";
import { PARTS } from "./words/index.js";

export const LANGUAGES = { en: EN, fr: FR, it: IT };

/** Add a part's words ({en: {...}, fr: {...}, it: {...}}) to every language. */
export function addWords(part) {
  for (const [code, words] of Object.entries(part)) Object.assign(LANGUAGES[code], words);
}

for (const part of PARTS) addWords(part);
const LOCALES = { en: "en-GB", fr: "fr-FR", it: "it-IT" };
const listeners = new Set();
let current = "en";

/** The language in use: "en", "fr" or "it". */
export function lang() {
  return current;
}

/** The BCP 47 locale of the language in use (for Intl). */
export function locale() {
  return LOCALES[current];
}

/** Choose the language; remembered in the browser; every listener re-renders. */
export function setLang(code) {
  if (!(code in LANGUAGES)) code = "en";
  current = code;
  try {
    localStorage.setItem("croupier.lang", code);
  } catch {
    /* private mode: the choice lasts for the page */
  }
  document.documentElement.lang = code;
  for (const fn of listeners) fn(code);
}

/** The language remembered, or the browser's, or English. */
export function initialLang() {
  let saved = null;
  try {
    saved = localStorage.getItem("croupier.lang");
  } catch {
    saved = null;
  }
  if (saved && saved in LANGUAGES) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (code in LANGUAGES) return code;
  }
  return "en";
}

/** Call fn(code) whenever the language changes; returns a function that stops it. */
export function onLang(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The text of `key` in the language in use, with {name} replaced by params.name. */
export function t(key, params = {}) {
  const words = LANGUAGES[current];
  let text = words[key];
  if (text === undefined) text = EN[key];
  if (text === undefined) return key;
  // {count:entry|entries}: the word for the number, by the language's plural rules
  // (French says "1 main", "0 main"; English "1 hand", "0 hands")
  text = text.replace(/\{(\w+):([^|{}]*)\|([^{}]*)\}/g, (whole, name, one, other) =>
    name in params ? (plural(params[name]) === "one" ? one : other) : whole,
  );
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    name in params ? String(params[name]) : whole,
  );
}

const pluralRules = new Map();

/** The plural category of a number in the language in use ("one", "other" ...). */
export function plural(n) {
  const loc = locale();
  if (!pluralRules.has(loc)) pluralRules.set(loc, new Intl.PluralRules(loc));
  return pluralRules.get(loc).select(Number(n));
}

/** Whether a key exists (in English, the reference). */
export function has(key) {
  return key in EN;
}

const moneyFormats = new Map();
const numberFormats = new Map();

/** Cents as euros in the language: money(123450) is "1 234,50 €" in French. */
export function money(cents) {
  if (cents === null || cents === undefined) return "";
  const loc = locale();
  let fmt = moneyFormats.get(loc);
  if (!fmt) {
    fmt = new Intl.NumberFormat(loc, { style: "currency", currency: "EUR" });
    moneyFormats.set(loc, fmt);
  }
  return fmt.format(Number(cents) / 100);
}

/** A whole number (tournament chips, counts) in the language: 12 500 / 12.500 / 12,500. */
export function num(n) {
  if (n === null || n === undefined) return "";
  const loc = locale();
  let fmt = numberFormats.get(loc);
  if (!fmt) {
    fmt = new Intl.NumberFormat(loc, { maximumFractionDigits: 2 });
    numberFormats.set(loc, fmt);
  }
  return fmt.format(n);
}

/** An amount of a table: euros (cents) at a cash table, chips in a tournament. */
export function amount(value, unit) {
  return unit === "chips" ? num(value) : money(value);
}

/** A date and time in the language. */
export function when(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  return d.toLocaleString(locale(), { dateStyle: "short", timeStyle: "short" });
}
