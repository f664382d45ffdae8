// A hand replayed on a drawn table, step by step (forward, back, play), from the events of the
// hand's history as the player saw them (the `/api/hands/{id}` answer's `events`: other
// players' cards only where they were shown, so nothing hidden can ever be drawn).
import { cardEl, cardsName } from "../cards.js";
import { h, newId, replace } from "../dom.js";
import { amount, t } from "../i18n.js";
import { eventLine } from "../table/panels.js";

const PLAY_EVERY_MS = 900;

/** The table after each event: frames[0] is the deal's start, one more per event. */
export function replayFrames(found) {
  const events = (found.events || []).filter((e) => e && e.type);
  const names = {};
  for (const [seat, player] of Object.entries(found.players || {})) names[seat] = player;
  const started = events.find((e) => e.type === "started");
  for (const row of started?.seats || []) names[row[0]] = row[1];
  let state = { seats: {}, board: [], pot: 0, button: started?.button ?? null, acting: null };
  for (const [seat, player, stack] of started?.seats || []) {
    state.seats[seat] = { seat, player, stack, bet: 0, cards: [], folded: false, won: 0 };
  }
  const frames = [{ ...clone(state), line: "" }];
  const seatOf = (n) => state.seats[n] || (state.seats[n] = { seat: n, player: names[n] ?? `#${n}`, stack: 0, bet: 0, cards: [], folded: false, won: 0 });
  for (const e of events) {
    state = clone(state);
    state.acting = e.seat ?? null;
    const s = e.seat != null ? seatOf(e.seat) : null;
    switch (e.type) {
      case "posted":
      case "acted":
        if (e.type === "acted" && e.kind === "fold") s.folded = true;
        {
          const put = e.type === "posted" ? e.amount : e.put || 0;
          s.stack -= put;
          s.bet += put;
        }
        break;
      case "dealt":
        s.cards = e.cards && e.cards.length ? [...e.cards] : [null, null];
        break;
      case "returned":
        s.stack += e.amount;
        s.bet -= e.amount;
        break;
      case "gathered":
        state.pot = (e.pots || []).reduce((x, p) => x + p.amount, 0);
        for (const one of Object.values(state.seats)) one.bet = 0;
        break;
      case "board":
        state.board = [...state.board, ...(e.cards || [])];
        break;
      case "shown":
      case "revealed":
        if (e.cards && e.cards.length) s.cards = [...e.cards];
        break;
      case "mucked":
        s.folded = true;
        break;
      case "raked":
        state.pot -= e.amount || 0;
        break;
      case "awarded":
        for (const [seat, chips] of e.shares || []) {
          const w = seatOf(seat);
          w.stack += chips;
          w.won += chips;
        }
        state.pot = Math.max(0, state.pot - (e.amount || 0));
        break;
      case "voided":
      case "ended":
        for (const [seat, stack] of e.stacks || []) seatOf(seat).stack = stack;
        for (const one of Object.values(state.seats)) one.bet = 0;
        state.pot = 0;
        state.acting = null;
        break;
      default:
        break;
    }
    let line = eventLine(e, names, found.unit === "chips" ? "chips" : "cents") || "";
    if (e.type === "dealt" && e.cards && e.cards.length) line = `${t("hist.dealt", { name: names[e.seat] ?? `#${e.seat}`, cards: cardsName(e.cards) })}`;
    if (e.type === "voided") line = t("hist.voided");
    if (e.type === "ended") line = t("rp.ended");
    frames.push({ ...state, line });
  }
  return frames;
}

function clone(state) {
  const seats = {};
  for (const [k, v] of Object.entries(state.seats)) seats[k] = { ...v, cards: [...v.cards] };
  return { ...state, seats, board: [...state.board] };
}

function seatEl(s, i, count, frame, unit, me) {
  // seats around an ellipse, the player's own at the bottom
  const angle = Math.PI / 2 + (2 * Math.PI * i) / count;
  const x = 50 + 42 * Math.cos(angle);
  const y = 50 + 40 * Math.sin(angle);
  const classes = ["rp-seat"];
  if (s.folded) classes.push("rp-folded");
  if (frame.acting === s.seat) classes.push("rp-acting");
  if (s.player === me) classes.push("rp-me");
  return h(
    "div",
    { class: classes.join(" "), style: { left: `${x.toFixed(1)}%`, top: `${y.toFixed(1)}%` }, "data-seat": String(s.seat) },
    h("div", { class: "rp-name" }, s.player, frame.button === s.seat ? h("span", { class: "rp-button", title: t("rp.button"), "aria-label": t("rp.button") }, t("table.button_short")) : null),
    h("div", { class: "rp-stack" }, amount(s.stack, unit)),
    h("div", { class: "rp-cards" }, s.cards.map((c) => cardEl(c, { small: true }))),
    s.bet ? h("div", { class: "rp-bet" }, amount(s.bet, unit)) : null,
    s.folded ? h("div", { class: "rp-tag" }, t("rp.folded")) : s.won ? h("div", { class: "rp-tag rp-won" }, t("rp.won", { amount: amount(s.won, unit) })) : null,
  );
}

/** The replayer of one hand: {el, stop()}; `me` is the player's name (his seat is lit). */
export function replayer(found, me, title) {
  const frames = replayFrames(found);
  const unit = found.unit === "chips" ? "chips" : "cents";
  const order = Object.keys(frames[0].seats).map(Number).sort((a, b) => a - b);
  const mine = order.findIndex((n) => frames[0].seats[n].player === me);
  const rotated = mine > 0 ? [...order.slice(mine), ...order.slice(0, mine)] : order;
  let at = 0;
  let timer = null;
  const felt = h("div", { class: "rp-felt", role: "img" });
  const caption = h("p", { class: "rp-line", "aria-live": "polite", "aria-atomic": "true" });
  const stepText = h("span", { class: "rp-step muted" });
  const btn = (cls, label, text, fn) => h("button", { type: "button", class: cls, "aria-label": label, title: label, onclick: fn }, text);
  const playBtn = btn("rp-play", t("rp.play"), "▶", () => (timer ? pause() : play()));
  const controls = h(
    "div",
    { class: "rp-controls row", role: "toolbar", "aria-label": t("rp.controls") },
    btn("rp-start", t("rp.start"), "«", () => go(0)),
    btn("rp-back", t("rp.back"), "‹", () => go(at - 1)),
    playBtn,
    btn("rp-forward", t("rp.forward"), "›", () => go(at + 1)),
    btn("rp-end", t("rp.end"), "»", () => go(frames.length - 1)),
    stepText,
  );
  const headId = newId("rp");
  const el = h(
    "section",
    { class: "replayer panel", "aria-labelledby": headId, tabindex: "-1" },
    h("h2", { id: headId }, t("rp.title", { title, n: found.hand })),
    felt,
    caption,
    controls,
  );
  el.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowRight") go(at + 1);
    else if (ev.key === "ArrowLeft") go(at - 1);
    else if (ev.key === "Home") go(0);
    else if (ev.key === "End") go(frames.length - 1);
    else return;
    ev.preventDefault();
  });
  function draw() {
    const frame = frames[at];
    const seats = rotated.map((n, i) => seatEl(frame.seats[n], i, rotated.length, frame, unit, me));
    felt.setAttribute("aria-label", `${t("rp.board")}: ${frame.board.length ? cardsName(frame.board) : "—"}; ${t("rp.pot", { amount: amount(frame.pot, unit) })}`);
    replace(
      felt,
      h(
        "div",
        { class: "rp-centre" },
        h("div", { class: "rp-board" }, frame.board.map((c) => cardEl(c, { small: true }))),
        h("div", { class: "rp-pot" }, t("rp.pot", { amount: amount(frame.pot, unit) })),
      ),
      seats,
    );
    caption.textContent = frame.line || (at === 0 ? t("rp.ready") : "");
    stepText.textContent = t("rp.step", { n: at, total: frames.length - 1 });
    controls.querySelector(".rp-start").disabled = at === 0;
    controls.querySelector(".rp-back").disabled = at === 0;
    controls.querySelector(".rp-forward").disabled = at === frames.length - 1;
    controls.querySelector(".rp-end").disabled = at === frames.length - 1;
  }
  function go(n) {
    if (!el.isConnected && timer) return pause();
    at = Math.max(0, Math.min(frames.length - 1, n));
    if (at === frames.length - 1) pause();
    draw();
  }
  function play() {
    if (at === frames.length - 1) at = 0;
    playBtn.textContent = "❚❚";
    playBtn.setAttribute("aria-label", t("rp.pause"));
    playBtn.title = t("rp.pause");
    timer = setInterval(() => go(at + 1), PLAY_EVERY_MS);
    draw();
  }
  function pause() {
    if (timer) clearInterval(timer);
    timer = null;
    playBtn.textContent = "▶";
    playBtn.setAttribute("aria-label", t("rp.play"));
    playBtn.title = t("rp.play");
  }
  draw();
  return { el, stop: pause, frames };
}
