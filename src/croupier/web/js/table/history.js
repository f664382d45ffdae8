// A hand's history written in the player's language from the hand's events as he saw them
// (the `history` answer's `events`: other players' cards only where shown). The server's
// `text` stays the English original (and the download of record); this is the same hand
// told with the client's own words: the seats, the blinds, the player's cards, each
// street with its board, the actions, the hands shown and who won what.
import { cardsText } from "../cards.js";
import { h } from "../dom.js";
import { amount, t, when } from "../i18n.js";
import { eventLine } from "./panels.js";

const STREETS = ["preflop", "flop", "turn", "river"];

/** The history as lines of text: [{kind: "head"|"street"|"line", text}]. */
export function historyLines(found, unit = "cents") {
  const events = found.events || [];
  const a = (v) => amount(v, unit);
  const names = {};
  for (const [seat, player] of Object.entries(found.players || {})) names[seat] = player;
  const started = events.find((e) => e.type === "started");
  for (const row of started?.seats || []) names[row[0]] = row[1];
  const out = [];
  const head = (text) => out.push({ kind: "head", text });
  const street = (text) => out.push({ kind: "street", text });
  const line = (text) => out.push({ kind: "line", text });
  head(t("hist.head", { table: found.table, n: found.hand }) + (found.started_at ? ` — ${when(found.started_at)}` : ""));
  if (started) {
    if (started.button != null) head(t("hist.button", { name: names[started.button] ?? `#${started.button}` }));
    for (const [seat, player, stack] of started.seats || []) head(t("hist.seat", { n: seat, name: player, amount: a(stack) }));
  }
  let posted = false;
  let dealt = false;
  for (const e of events) {
    if (e.type === "posted") {
      posted = true;
    } else if (e.type === "dealt") {
      if (!dealt) street(t("hist.street", { street: t("table.street.preflop") }));
      dealt = true;
      if (e.cards && e.cards.length) line(t("hist.dealt", { name: names[e.seat] ?? `#${e.seat}`, cards: cardsText(e.cards) }));
      continue;
    } else if (e.type === "board") {
      street(t("hist.street_cards", { street: t(`table.street.${STREETS[e.street] || "flop"}`), cards: cardsText(e.cards) }));
      continue;
    } else if (e.type === "returned") {
      line(t("hist.returned", { name: names[e.seat] ?? `#${e.seat}`, amount: a(e.amount) }));
      continue;
    } else if (e.type === "raked") {
      if (e.amount) line(t("hist.raked", { amount: a(e.amount) }));
      continue;
    } else if (e.type === "voided") {
      line(t("hist.voided"));
      continue;
    } else if (e.type === "ended") {
      street(t("hist.summary"));
      for (const [seat, stack] of e.stacks || []) line(t("hist.final", { name: names[seat] ?? `#${seat}`, amount: a(stack) }));
      continue;
    } else if (e.type === "acted" && !dealt && posted) {
      street(t("hist.street", { street: t("table.street.preflop") }));
      dealt = true;
    }
    const text = eventLine(e, names, unit);
    if (text) line(text);
  }
  return out;
}

/** The history as plain text (for a download in the player's language). */
export function historyText(found, unit = "cents") {
  return historyLines(found, unit)
    .map((x) => (x.kind === "street" ? `\n${x.text}` : x.text))
    .join("\n")
    .concat("\n");
}

/** The history drawn on the page: a focusable block, in the page's language. */
export function historyEl(found, unit = "cents", attrs = {}) {
  const lines = historyLines(found, unit);
  return h(
    "div",
    { class: "hand-history", tabindex: "0", role: "region", "aria-label": t("hist.head", { table: found.table, n: found.hand }), ...attrs },
    lines.map((x) => h(x.kind === "street" ? "h3" : "p", { class: `hist-${x.kind}` }, x.text)),
  );
}
