// The table drawn as a table: a pure rendering of the table view the server sends.
//
// A view is what the client holds of one table, built from the protocol's frames
// (docs/protocol.md): {table, seq, hand, events, info, state, you}: `state` the table as
// everyone sees it now (seats, pots, board, the turn with its legal actions and clock),
// `events` the public events of the hand on show (the one being played, or the last one until
// the next deal), `you` what only this player sees (his cards). displayOf(view) derives what
// to draw; renderFelt(view, opts) returns a new element: seats around an oval (the viewer at
// the bottom), names, stacks, bets in front, the pots, the board, the cards, the dealer button,
// the blinds, ML/MS, sitting-out and disconnected players, whose turn it is with the clock.
// It reads nothing but its arguments: the same view draws the same table.
import { cardEl, cardsName } from "../cards.js";
import { h } from "../dom.js";
import { amount, t } from "../i18n.js";
import { bestFive } from "./best5.js";
import { handName } from "./handnames.js";

const STREETS = ["preflop", "flop", "turn", "river"];

/** The amounts' unit of a table: "cents" at a cash table, "chips" in a tournament. */
export function unitOf(view) {
  return view.info?.unit || (view.info?.tournament ? "chips" : "cents");
}

/** What to draw, derived from the state and the events of the hand on show: when a hand has
 * just ended the state has no hand any more, and its board, shown cards and winners come
 * from its events until the next deal. */
export function displayOf(view) {
  const state = view.state || {};
  const events = view.events || [];
  const live = state.hand != null;
  const board = [];
  const shown = {};
  const won = {};
  const winningHand = {};
  const forced = {};
  let ended = false;
  let voided = false;
  let button = state.button ?? null;
  for (const e of events) {
    if (e.type === "started") {
      for (const [seat, kind] of e.forced || []) forced[seat] = forced[seat] || kind;
      if (!live && e.button != null) button = e.button;
    } else if (e.type === "board") board.push(...(e.cards || []));
    else if ((e.type === "shown" || e.type === "revealed") && e.cards) shown[e.seat] = e.cards;
    else if (e.type === "awarded") {
      for (const [seat, chips] of e.shares || []) {
        won[seat] = (won[seat] || 0) + chips;
        if (e.hand) winningHand[seat] = handName(e.hand);
      }
    } else if (e.type === "ended") ended = true;
    else if (e.type === "voided") voided = true;
  }
  for (const r of view.you?.revealed || []) shown[r.seat] = r.cards;
  // A hand that is over is no longer in the state: who was dealt in, folded, went all-in or
  // mucked in it comes from its events, until the next deal.
  const dealt = new Set();
  const folded = new Set();
  const mucked = new Set();
  const allIn = new Set();
  const names = {}; // results by name, also once a player has left the table
  for (const e of events) {
    if (e.type === "started") for (const row of e.seats || []) {
      dealt.add(row[0]);
      if (row[1]) names[row[0]] = row[1];
    }
    else if (e.type === "acted" && e.kind === "fold") folded.add(e.seat);
    else if (e.type === "mucked") mucked.add(e.seat);
    if ((e.type === "acted" || e.type === "posted") && e.all_in) allIn.add(e.seat);
  }
  const seats = (state.seats || []).map((s) => {
    const seat = { ...s, cards: s.cards || shown[s.seat] || null };
    if (!live && events.length) {
      seat.dealt_in = dealt.has(s.seat);
      seat.folded = folded.has(s.seat);
      seat.mucked = mucked.has(s.seat);
      seat.all_in = allIn.has(s.seat) && seat.stack === 0;
      seat.in_hand = seat.dealt_in && !seat.folded;
    }
    return seat;
  });
  const handNumber = live ? state.hand : view.hand ?? null;
  let phase = "waiting";
  if (live) phase = state.phase === "showdown" ? "showdown" : "betting";
  else if (handNumber != null && events.length) phase = voided ? "voided" : ended ? "ended" : "betting";
  return {
    table: view.table,
    unit: unitOf(view),
    hand: handNumber,
    live,
    phase,
    street: live ? state.street || "preflop" : STREETS[Math.min(3, [0, 0, 0, 1, 2, 3][board.length] ?? 3)],
    board: live ? state.board || [] : board,
    pots: live ? state.pots || [] : [],
    seats,
    names: { ...Object.fromEntries((state.seats || []).map((s) => [s.seat, s.player])), ...names },
    button,
    forced,
    won,
    winningHand,
    turn: live ? state.to_act || null : null,
    me: view.you?.seat ?? null,
    myCards: view.you?.cards || null,
    maxSeats: Math.max(view.size || view.state?.size || view.info?.max_players || 2, ...seats.map((s) => s.seat)),
    nextHandIn: state.next_hand_in ?? null,
    lit: litCards(live ? state.board || [] : board, seats, won),
  };
}

/** The winning five cards to light once a hand is over: for each winner whose cards are
 * shown, his best five of them and the board (an empty set before the river). */
function litCards(board, seats, won) {
  const lit = new Set();
  if (board.length < 5) return lit;
  for (const s of seats) {
    if (!won[s.seat] || !s.cards || s.cards.length < 2) continue;
    for (const c of bestFive(s.cards.concat(board)) || []) lit.add(c);
  }
  return lit;
}

/** A stack of chips for an amount: one disc per big blind (at least one, at most five),
 * in the colours of the chips' values. */
export function chipStack(chips, bigBlind) {
  const n = Math.max(1, Math.min(5, Math.ceil(chips / Math.max(1, bigBlind || 1))));
  return h("span", { class: "chip-stack", "aria-hidden": "true" }, Array.from({ length: n }, (_, i) => h("i", { class: `c${(i % 5) + 1}` })));
}

function lightUp(el, c, d) {
  if (!d.lit.size || !el.dataset.card) return el;
  el.classList.add(d.lit.has(c) ? "lit" : "unlit");
  return el;
}

/** Where seat `seat` sits, in percent of the felt's box, the viewer's seat at the bottom
 * and the others clockwise from it (seat numbers go clockwise, like the action). */
export function seatPlace(seat, { numbers, bottom, narrow }) {
  const n = numbers.length;
  const k = (numbers.indexOf(seat) - numbers.indexOf(bottom) + n) % n;
  const angle = ((90 + (k * 360) / n) * Math.PI) / 180;
  const rx = narrow ? 35 : 42;
  const ry = narrow ? 39 : 37;
  // a narrow (portrait) felt: the seats at the sides drawn nearer the top and the bottom,
  // leaving the band across the middle to the board and the pots
  const sin = Math.sin(angle);
  const dy = narrow ? Math.sign(sin) * Math.abs(sin) ** 0.6 : sin;
  return { x: 50 + rx * Math.cos(angle), y: 50 + ry * dy, angle };
}

/** The chips in the middle and in front of the players. */
export function potTotal(d) {
  const pots = d.pots.reduce((sum, p) => sum + p.amount, 0);
  return pots + d.seats.reduce((sum, s) => sum + (s.bet || 0), 0);
}

function at(x, y) {
  return { left: `${x.toFixed(2)}%`, top: `${y.toFixed(2)}%` };
}

/** A clock element that the page's ticker keeps counting (data-ends-at: epoch ms): the
 * seconds to the deadline once the clock is called, else to the end of the free time. */
export function clockEl(clock, receivedAt) {
  if (!clock) return null;
  const left = clock.ends_in ?? (clock.phase === "thinking" ? clock.next_in : null);
  if (left == null) return null;
  const endsAt = receivedAt + left * 1000;
  const seconds = Math.max(0, Math.ceil(left));
  const called = clock.phase === "on-the-clock" || clock.phase === "countdown";
  const bank = clock.phase === "time-bank";
  // on the seat, the time bank said short ("Riserva: 33 s"; the whole words are its label)
  const key = bank ? "table.clock_bank_short" : called ? "table.clock_called" : "table.clock";
  return h(
    "span",
    {
      class: `clock${seconds <= 10 && clock.ends_in != null ? " low" : ""}`,
      role: "timer",
      "aria-label": t(bank ? "table.clock_bank" : "table.clock_label", { seconds }),
      "data-ends-at": String(Math.round(endsAt)),
      "data-key": key,
      "data-called": called ? "1" : "",
    },
    t(key, { seconds }),
  );
}

/** The time bar of the seat to act, from the first second of the turn: the stretch of the
 * turn running now (free time, the clock called, the time bank, the countdown), full at its
 * start and empty at its end; the page's ticker shrinks it (data-ends-at, data-span). */
export function timeBarEl(clock, receivedAt) {
  if (!clock) return null;
  const left = clock.next_in ?? clock.ends_in;
  const span = clock.span ?? (clock.ends_in != null ? Math.max(clock.ends_in, 1) : null);
  const phase = clock.phase || "thinking";
  const attrs = { class: `timebar phase-${phase}`, "aria-hidden": "true", "data-phase": phase };
  const fill = h("span", { class: "timebar-fill" });
  if (left != null && span) {
    attrs["data-ends-at"] = String(Math.round(receivedAt + left * 1000));
    attrs["data-span"] = String(span);
    fill.style.transform = `scaleX(${Math.max(0, Math.min(1, left / span)).toFixed(3)})`;
  }
  return h("span", attrs, fill);
}

function tag(text, kind = "", title = null) {
  return h("span", { class: `tag ${kind}`.trim(), title }, text);
}

function seatTags(s, d) {
  const tags = [];
  const unit = d.unit;
  if (d.turn && d.turn.seat === s.seat) tags.push(tag(t("table.to_act"), "turn"));
  const kind = d.forced[s.seat];
  if (kind === "small-blind") tags.push(tag(t("table.sb_short"), "", t("table.sb")));
  if (kind === "big-blind" || kind === "live-blind") tags.push(tag(t("table.bb_short"), "", t("table.bb")));
  if (kind === "straddle") tags.push(tag(t("table.straddle")));
  if (s.all_in) tags.push(tag(t("table.all_in"), "warn"));
  if (s.folded) tags.push(tag(t("table.folded"), "off"));
  if (s.mucked) tags.push(tag(t("table.mucked"), "off"));
  if (s.sitting_out) tags.push(tag(t("table.sitting_out"), "off"));
  if (s.bot) tags.push(tag(t("table.bot"), "bot"));
  if (s.connected === false) tags.push(tag(t("table.disconnected"), "warn"));
  if (s.leaving) tags.push(tag(t("table.leaving"), "off"));
  if (s.missed === "ML") tags.push(tag(t("table.ml"), "warn", t("table.ml_long")));
  if (s.missed === "MS") tags.push(tag(t("table.ms"), "warn", t("table.ms_long")));
  if (d.won[s.seat]) tags.push(tag(t("table.winner", { amount: amount(d.won[s.seat], unit) }), "win"));
  return tags;
}

function seatEl(s, d, place, receivedAt, dealing) {
  const isMe = s.seat === d.me;
  const cards = isMe ? d.myCards || s.cards : s.cards;
  const holding = d.hand != null && s.dealt_in && !s.folded && !s.mucked;
  let cardsEl = null;
  if (cards && cards.length) {
    cardsEl = h("span", { class: "cards", role: "group", "aria-label": cardsName(cards) }, cards.map((c) => lightUp(cardEl(c, { small: true }), c, d)));
  } else if (holding) {
    cardsEl = h("span", { class: "cards", "aria-hidden": "true" }, cardEl(null, { small: true }), cardEl(null, { small: true }));
  }
  if (cardsEl && dealing && dealing.has(s.seat)) {
    // Dealt just now: each card comes from the middle of the felt to the seat (CSS only:
    // a keyframe from the centre, in the felt's container units; staggered by the deal's order).
    const order = dealing.get(s.seat);
    [...cardsEl.children].forEach((c, i) => {
      c.classList.add("dealing");
      c.style.setProperty("--dx", `${(50 - place.x).toFixed(1)}cqw`);
      c.style.setProperty("--dy", `${(50 - place.y).toFixed(1)}cqh`);
      c.style.setProperty("--deal-i", String(order + i * dealing.size));
    });
  }
  const classes = ["seat"];
  if (isMe) classes.push("me");
  if (d.turn && d.turn.seat === s.seat) classes.push("to-act");
  if (s.folded) classes.push("folded");
  if (s.sitting_out || s.connected === false) classes.push("out");
  const name = isMe ? `${s.player} (${t("table.you")})` : s.player;
  // the seat at the bottom grows upwards from the felt's edge (the player's cards, his turn's
  // tags and time bar: never below the felt), the seat at the top downwards from its top edge
  // (never above it, however many lines it has); the others are centred on their place
  const low = place.y > 80;
  const high = place.y < 20;
  const spot = low ? { left: `${place.x.toFixed(2)}%`, top: "99%" } : high ? { left: `${place.x.toFixed(2)}%`, top: "1%" } : at(place.x, place.y);
  if (low) classes.push("low");
  if (high) classes.push("high");
  const label = [t("table.seat", { n: s.seat }), name, t("table.stack", { amount: amount(s.stack, d.unit) })];
  if (d.winningHand[s.seat]) label.push(d.winningHand[s.seat]);
  const myTurn = d.turn && d.turn.seat === s.seat;
  return h(
    "div",
    {
      class: classes.join(" "),
      style: spot,
      role: "group",
      "aria-label": label.join(", "),
      "data-seat": String(s.seat),
      "data-player": s.player,
    },
    h("span", { class: "name" }, isMe ? [s.player, " ", h("span", { class: "you" }, `(${t("table.you")})`)] : name),
    h("span", { class: "stack" }, amount(s.stack, d.unit)),
    cardsEl,
    // the clock in the tags' row (it wraps there, never cut); the time bank left is told
    // in the player's own action bar, not on the seat
    h("span", { class: "tags" }, seatTags(s, d), myTurn ? clockEl(d.turn.clock, receivedAt) : null),
    myTurn ? timeBarEl(d.turn.clock, receivedAt) : null,
  );
}

function emptySeatEl(seat, place) {
  return h(
    "div",
    { class: "seat empty", style: at(place.x, place.y), "data-seat": String(seat), role: "group", "aria-label": t("table.empty_seat", { n: seat }) },
    h("span", { class: "name" }, t("table.seat", { n: seat })),
  );
}

function phaseText(d) {
  if (d.phase === "showdown") return t("table.phase.showdown");
  if (d.phase === "ended" || d.phase === "voided") return t(d.phase === "voided" ? "nt.phase_voided" : "table.phase.ended");
  if (d.phase === "waiting") return "";
  return t(`table.street.${d.street}`);
}

function centreEl(d, fresh) {
  // the hand's number and its street on one line; the total pot above the board, the main
  // and side pots under it (the middle kept short: clear of the bets in front of the seats)
  const phase = phaseText(d);
  const head = h("span", { class: "hand-no" }, d.hand != null ? t("table.hand", { n: d.hand }) : t("table.waiting_hand"));
  const children = [h("span", { class: "centre-head" }, head, phase ? h("span", { class: "street-name" }, phase) : null)];
  if (d.live) children.push(h("span", { class: "pot total", "data-total": String(potTotal(d)) }, t("table.total_pot", { amount: amount(potTotal(d), d.unit) })));
  children.push(
    h(
      "div",
      { class: "board", role: "group", "aria-label": d.board.length ? `${t("table.board")}: ${cardsName(d.board)}` : t("table.board_empty") },
      d.board.length
        ? d.board.map((c) => {
            const el = lightUp(cardEl(c), c, d);
            if (fresh.has(c)) el.classList.add("turning");
            return el;
          })
        : h("span", { class: "board-empty" }, d.hand != null ? t("table.board_empty") : ""),
    ),
  );
  if (!d.live && Object.keys(d.won).length) {
    const names = d.names;
    children.push(
      h(
        "ul",
        { class: "winners" },
        Object.entries(d.won).map(([seat, chips]) =>
          h("li", {}, d.winningHand[seat] ? t("table.winner_with_name", { name: names[seat] ?? seat, amount: amount(chips, d.unit), hand: d.winningHand[seat] }) : t("table.winner_name", { name: names[seat] ?? seat, amount: amount(chips, d.unit) })),
        ),
      ),
    );
  }
  if (d.live) {
    const pots = d.pots.map((p, i) =>
      h(
        "span",
        { class: `pot${i === 0 ? " main" : ""}`, "data-pot": String(i) },
        t("table.pot_line", { name: i === 0 ? t("table.main_pot") : t("table.side_pot", { n: i }), amount: amount(p.amount, d.unit) }),
      ),
    );
    children.push(h("div", { class: "pots" }, pots));
  }
  return h("div", { class: "centre" }, children);
}

/** The table as a new element, drawn from `view` alone.
 * opts: {receivedAt: epoch ms of the frame, narrow: a portrait box, fresh: the board's
 * cards dealt since the last drawing (they turn over), dealing: a Map of the seats whose cards
 * were dealt since the last drawing to their place in the deal (the cards fly in)}. */
export function renderFelt(view, opts = {}) {
  const d = displayOf(view);
  const numbers = Array.from({ length: d.maxSeats }, (_, i) => i + 1);
  const bottom = d.me ?? numbers[0];
  const narrow = Boolean(opts.narrow);
  const bySeat = new Map(d.seats.map((s) => [s.seat, s]));
  const receivedAt = opts.receivedAt || Date.now();
  const wrap = h("div", { class: "felt-wrap", "data-table": d.table || "" });
  wrap.append(h("div", { class: "felt", "aria-hidden": "true" }), centreEl(d, opts.fresh || new Set()));
  const bigBlind = view.info?.big_blind || 0;
  for (const seat of numbers) {
    const place = seatPlace(seat, { numbers, bottom, narrow });
    const s = bySeat.get(seat);
    if (!s) {
      wrap.append(emptySeatEl(seat, place));
      continue;
    }
    wrap.append(seatEl(s, d, place, receivedAt, opts.dealing));
    if (s.bet) {
      // in front of the seat, clear of it, of the middle's lines and of the other bets: on a
      // wide felt the seats at the sides nearer their own height, the top and the bottom
      // seats' about halfway to the middle; on a narrow one the upper side seats' just inside
      // their inner edge at their height, the lower ones' a little above theirs
      const dy = place.y - 50;
      const side = Math.abs(dy) < (narrow ? 32 : 28);
      let bx = 50 + (place.x - 50) * 0.56;
      // (the top seat hangs from the felt's top edge: its bet under it, above the middle)
      let by = 50 + dy * (side ? 0.85 : place.y < 20 ? 0.51 : dy < 0 ? 0.6 : 0.42);
      if (narrow) {
        bx = side ? 50 + Math.sign(place.x - 50) * 8.8 : 50;
        by = 50 + dy * (side ? (dy < 0 ? 1 : 0.55) : dy < 0 ? 0.46 : 0.52);
      }
      wrap.append(
        h(
          "span",
          { class: "bet-chip", style: at(bx, by), "data-bet-seat": String(seat), role: "img", "aria-label": `${s.player}: ${t("table.bet", { amount: amount(s.bet, d.unit) })}` },
          chipStack(s.bet, bigBlind),
          h("span", { class: "bet-amount" }, amount(s.bet, d.unit)),
        ),
      );
    }
  }
  if (d.button != null && numbers.includes(d.button)) {
    // The dealer button on its seat, after the stack on its line (in the seat's box, in the
    // flow of its words: it never covers another seat, the seat's words, its bet or the middle).
    const owner = bySeat.get(d.button)?.player || t("table.seat", { n: d.button });
    const seatBox = [...wrap.children].find((e) => e.dataset.seat === String(d.button));
    seatBox?.classList.add("has-button");
    (seatBox?.querySelector(".stack") || seatBox)?.append(
      h(
        "span",
        { class: "marker button", role: "img", "aria-label": `${t("table.button")}: ${owner}`, "data-button": String(d.button) },
        t("table.button_short"),
      ),
    );
  }
  return wrap;
}
