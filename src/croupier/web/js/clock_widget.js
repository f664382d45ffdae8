// The tournament clock: one face, fed by the server's clock_face (GET /api/clock/<id> for a
// live event; an online tournament's pages give it the same data). The time left counts
// down in the page between two readings; every reading puts it right again (pauses, time
// added or removed, breaks). `clockWidget(data)` is the small clock the tournament pages
// embed; the wall page (pages/clock.js) draws the same numbers in large figures.
import { h, replace } from "./dom.js";
import { addWords, money, num, t } from "./i18n.js";
import { WORDS as LIVE } from "./words/live_public.js";

addWords(LIVE);

/** "12:05" or "1:02:05" from seconds (never negative); "—" when there is no end. */
export function clockText(seconds) {
  if (seconds === null || seconds === undefined) return "—";
  const s = Math.max(0, Math.ceil(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return hh ? `${hh}:${String(mm).padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

/** "100/200 ante 25" in the language of the page. */
export function blindsText(level) {
  if (!level) return "—";
  const blinds = `${num(level.small_blind)}/${num(level.big_blind)}`;
  return level.ante ? t("live.blinds_ante", { blinds, ante: num(level.ante) }) : blinds;
}

/** What comes next: a level's blinds or a break's length. */
export function upcomingText(period) {
  if (!period) return t("live.last_level");
  if (period.kind === "break") return t("live.break_of", { minutes: num(period.minutes) });
  return blindsText(period);
}

/** A reading of the clock and the moment it was read: `left()` counts down from it. */
export class ClockReading {
  constructor(data) {
    this.data = data;
    this.at = performance.now();
  }

  /** Seconds left in the period now (null in the last level). */
  left() {
    const d = this.data;
    if (d.seconds_left === null || d.seconds_left === undefined) return null;
    if (!d.running) return d.seconds_left;
    return Math.max(0, d.seconds_left - (performance.now() - this.at) / 1000);
  }

  /** Seconds to the next break now (null when none is ahead). */
  toBreak() {
    const d = this.data;
    if (d.seconds_to_break === null || d.seconds_to_break === undefined) return null;
    if (!d.running) return d.seconds_to_break;
    return Math.max(0, d.seconds_to_break - (performance.now() - this.at) / 1000);
  }

  /** How much of the period has gone by, 0 to 1 (null in the last level). */
  progress() {
    const total = this.data.period_seconds;
    const left = this.left();
    if (left === null || !total || total === Infinity) return null;
    return Math.min(1, Math.max(0, 1 - left / total));
  }

  /** The state in words: paused, break, hand-for-hand, finished, not started. */
  state() {
    const d = this.data;
    if (d.phase === "finished") return t("live.state.finished", { winner: d.winner || "" });
    if (d.phase === "registration") return t("live.state.registration");
    // a clock stopped by the floor says so, during a break too
    if (!d.running && d.started !== false) return t("live.state.paused");
    if (d.hand_for_hand) return t("live.state.hand_for_hand");
    if (d.on_break) return t("live.state.break");
    return "";
  }
}

/** The small clock for a tournament page: level, blinds, time left, next level, players. */
export function clockWidget(data) {
  const reading = new ClockReading(data);
  const time = h("span", { class: "cw-time", "data-clock": "time" }, clockText(reading.left()));
  const state = h("span", { class: "cw-state" }, reading.state());
  const box = h(
    "div",
    { class: `clock-widget${data.running ? "" : " stopped"}${data.phase === "finished" ? " finished" : ""}`, role: "timer", "aria-label": t("live.clock") },
    h("div", { class: "cw-level" }, data.on_break ? t("live.break") : t("live.level_n", { level: data.level })),
    h("div", { class: "cw-blinds" }, data.on_break ? upcomingText(data.next_level) : blindsText(data)),
    time,
    state,
    h(
      "div",
      { class: "cw-next" },
      t("live.next"),
      " ",
      h("strong", {}, upcomingText(data.upcoming)),
    ),
    h(
      "div",
      { class: "cw-numbers" },
      t(data.players_left === 1 ? "live.players_of_one" : "live.players_of", { left: num(data.players_left), entries: num(data.entries) }),
      " · ",
      t("live.average", { chips: num(data.average_stack) }),
      " · ",
      t("live.pool", { amount: money(data.prize_pool) }),
    ),
  );
  const timer = setInterval(() => {
    if (!box.isConnected) {
      clearInterval(timer);
      return;
    }
    replace(time, clockText(reading.left()));
  }, 250);
  return box;
}
