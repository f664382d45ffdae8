// The panels beside the table: what a player may ask before acting (ITA-50), the table's
// information (CAS-28), the log of the hand in words, the last hands, the chat.
import { cardsText } from "../cards.js";
import { h } from "../dom.js";
import { amount, has, money, t } from "../i18n.js";
import { handName } from "./handnames.js";

/** ITA-50: who is still in the hand with their stacks, what the viewer faces, and whether
 * the betting is reopened for him (the legal actions say so on his turn). */
export function ita50Panel(d, legal) {
  const inHand = d.seats.filter((s) => s.dealt_in && !s.folded && d.hand != null && d.live);
  const items = inHand.map((s) =>
    h(
      "li",
      { "data-seat": String(s.seat) },
      h("span", {}, s.seat === d.me ? `${s.player} (${t("table.you")})` : s.player, s.all_in ? ` — ${t("table.all_in")}` : ""),
      h("span", {}, amount(s.stack, d.unit)),
    ),
  );
  const notes = [];
  if (legal && !(legal.show || legal.muck)) {
    if (legal.call) notes.push(h("p", {}, t("ita50.facing", { amount: amount(legal.call, d.unit) })));
    if (legal.min_raise_to != null) notes.push(h("p", { class: "reopen" }, t("ita50.reopens")));
    else if (legal.why_no_raise) notes.push(h("p", { class: "reopen" }, t("ita50.not_reopened", { why: legal.why_no_raise })));
  }
  return h(
    "section",
    { class: "panel ita50", "aria-labelledby": `ita50-${d.table}` },
    h("h2", { id: `ita50-${d.table}` }, t("ita50.title")),
    items.length ? [h("p", { class: "muted" }, t("ita50.in_hand")), h("ul", { class: "plain" }, items)] : h("p", { class: "muted" }, t("ita50.nobody")),
    notes,
  );
}

function gameName(version) {
  const key = `game.${version}`;
  return has(key) ? t(key) : version;
}

/** CAS-28: the table's information, always on display (game, version, stakes, limits,
 * buy-ins, rake), from the server's `info`. */
export function infoPanel(info, table, size = null) {
  if (!info) return h("section", { class: "panel" }, h("h2", {}, t("info.title")));
  const m = (v) => (info.unit === "chips" ? amount(v, "chips") : money(v));
  const rows = [];
  const row = (label, value) => rows.push(h("dt", {}, label), h("dd", {}, value));
  if (info.game) row(t("info.rules"), info.game);
  if (info.version) row(t("info.version"), gameName(info.version));
  if (info.small_blind != null) row(t("info.blinds"), `${m(info.small_blind)} / ${m(info.big_blind)}${info.option ? ` + ${m(info.option)}` : ""}`);
  // a fixed-limit game's bets alone (a no-limit or pot-limit table has no limits to show)
  if (info.small_bet && /^(fixed-)?limit$|^fl$/.test(info.version || "")) row(t("info.limits"), `${m(info.small_bet)} / ${m(info.big_bet)}`);
  // A tournament sells its chips itself (buy-in, rebuys, add-on: on its page), not its tables.
  if (info.min_buy_in != null && !info.tournament) row(t("info.buy_in"), `${m(info.min_buy_in)} – ${m(info.max_buy_in)}`);
  if (info.max_rebuy != null && !info.tournament) row(t("info.rebuy"), m(info.max_rebuy));
  if (info.rake_rate != null) {
    row(t("info.rake"), info.rake_rate === "0%" ? t("info.no_rake") : `${info.rake_rate}${info.rake_cap != null ? ` (${t("info.rake_max", { amount: m(info.rake_cap) })})` : ""}`);
  }
  if (size || info.max_players) row(t("info.max_players"), String(size || info.max_players));
  if (info.session != null) {
    const status = has(`info.status.${info.status}`) ? t(`info.status.${info.status}`) : info.status || "";
    row(t("info.session"), `${info.session} (${status})`);
  }
  return h(
    "section",
    { class: "panel info", "aria-labelledby": `info-${table}` },
    h("h2", { id: `info-${table}` }, t("info.title")),
    h("dl", { class: "info" }, rows),
    info.hands_left != null ? h("p", { class: "notice" }, t("info.hands_left", { n: info.hands_left })) : null,
  );
}

const POSTED = { "small-blind": "table.sb", "big-blind": "table.bb", ante: "table.ante", straddle: "table.straddle", "live-blind": "table.bb", "dead-blind": "table.sb" };

/** The names of the seats of a hand, from its "started" event ([seat, player, stack]). */
export function namesOf(events, seats) {
  const names = {};
  for (const s of seats || []) names[s.seat] = s.player;
  const started = (events || []).find((e) => e.type === "started");
  for (const row of started?.seats || []) names[row[0]] = row[1];
  return names;
}

/** One event of a hand in words, in the player's language (null for events not told). */
export function eventLine(e, names, unit) {
  const name = names[e.seat] ?? `#${e.seat}`;
  const a = (v) => amount(v, unit);
  switch (e.type) {
    case "started":
      return null;
    case "posted":
      return t("log.posted", { name, kind: t(POSTED[e.kind] || "table.bet").toLowerCase().replace(/: .*/, ""), amount: a(e.amount) });
    case "acted": {
      const why = e.reason === "timeout" ? ` ${t("log.timeout")}` : "";
      if (e.kind === "fold") return t("log.fold", { name }) + why;
      if (e.kind === "check") return t("log.check", { name }) + why;
      if (e.all_in) return t("log.all_in", { name, amount: a(e.to || e.put) });
      if (e.kind === "call") return t("log.call", { name, amount: a(e.put) });
      if (e.kind === "bet") return t("log.bet", { name, amount: a(e.to) });
      if (e.kind === "raise") return t("log.raise", { name, amount: a(e.to) });
      return `${name}: ${e.kind}`;
    }
    case "board":
      return t("log.board", { street: t(`table.street.${["preflop", "flop", "turn", "river"][e.street] || "flop"}`), cards: cardsText(e.cards) });
    case "shown":
      return t("log.shown", { name, cards: cardsText(e.cards) });
    case "revealed":
      return e.cards ? t("show.revealed", { name, cards: cardsText(e.cards) }) : null;
    case "mucked":
      return t("log.mucked", { name });
    case "awarded":
      return (e.shares || [])
        .map(([seat, chips]) => t("log.awarded", { name: names[seat] ?? `#${seat}`, amount: a(chips) }) + (e.hand ? ` (${handName(e.hand)})` : ""))
        .join("; ");
    default:
      return null;
  }
}

/** The log of the hand on show, newest last. */
export function logPanel(lines, table) {
  // A scroll box the keyboard can reach (and scroll), named by its heading.
  const list = h("ul", { class: "log plain", "aria-live": "off", tabindex: "0", "aria-labelledby": `log-${table}` }, lines.map((l) => h("li", {}, l)));
  queueMicrotask(() => {
    list.scrollTop = list.scrollHeight;
  });
  return h("section", { class: "panel", "aria-labelledby": `log-${table}` }, h("h2", { id: `log-${table}` }, t("log.title")), list);
}
