// A busted tournament player at his own table: his finish (place among the entrants, the prize
// it pays), or the rebuy still open to him, and what he may do next: rebuy while it is open,
// register again while the tournament takes entries (or find another), watch the table. From
// the server's `busted` frame, and from the tournament's view after a reload (`you`).
import { h } from "../dom.js";
import { amount, money, t } from "../i18n.js";
import { answer, placeText, register, viewOf } from "../tournaments/store.js";

/** What the player knows of his bust at `tab`'s table (null: he is not busted here). */
export function bustOf(tab) {
  const id = tab.view.info?.tournament;
  if (!id) return null;
  const frame = tab.busted && tab.busted.tournament === id ? tab.busted : null;
  const view = viewOf(id);
  const you = view?.you;
  // The frame says his bust; the tournament's view (after a reload) says it too, and whether
  // he rebought since (a pending player back in play).
  if (frame && (frame.place != null || !you || you.status !== "playing")) return frame;
  if (!you || (you.status !== "out" && you.status !== "pending")) return null;
  const place = you.status === "out" ? you.place : null;
  const paid = (view.payouts || []).find((p) => p.place === place)?.amount || 0;
  const offer = (view.offers || []).find((o) => o.kind === "rebuy");
  return { tournament: id, place, entrants: view.entrants, prize: you.prize || paid, may_rebuy: Boolean(offer), price: offer?.price ?? null, chips: offer?.chips ?? null, late_registration: Boolean(view.late_registration) };
}

/** The box of a busted player (null when there is nothing to tell). */
export function bustedEl(tab) {
  const bust = bustOf(tab);
  if (!bust) return null;
  if (tab.bustWatching === `${bust.tournament}|${bust.place}`) return h("p", { class: "muted busted-watching" }, t("bu.watching"));
  const id = bust.tournament;
  const lines = [];
  const actions = [];
  if (bust.place == null && bust.may_rebuy) {
    lines.push(t("bu.may_rebuy", { chips: amount(bust.chips, "chips"), price: money(bust.price) }));
    actions.push(
      h("button", { type: "button", class: "primary", "data-busted": "rebuy", onclick: () => answer(id, "rebuy", true).then(() => tab.render(), (e) => tab.note(e.message, "error")) }, t("bu.rebuy")),
      h("button", { type: "button", "data-busted": "decline", onclick: () => answer(id, "rebuy", false).then(() => tab.render(), (e) => tab.note(e.message, "error")) }, t("bu.decline")),
    );
  } else if (bust.place != null) {
    lines.push(t("bu.place", { place: placeText(bust.place), entrants: bust.entrants }));
    lines.push(bust.prize ? t("bu.prize", { prize: money(bust.prize) }) : t("bu.no_prize"));
  } else {
    return null;
  }
  if (bust.late_registration) {
    actions.push(h("button", { type: "button", "data-busted": "register", onclick: () => register(id).then(() => tab.render(), (e) => tab.note(e.message, "error")) }, t("bu.register")));
  } else {
    actions.push(h("a", { class: "button", href: "#/lobby", "data-busted": "lobby" }, t("bu.other")));
  }
  actions.push(
    h("button", { type: "button", "data-busted": "watch", onclick: () => {
      tab.bustWatching = `${bust.tournament}|${bust.place}`;
      tab.render();
    } }, t("bu.watch")),
  );
  return h(
    "section",
    { class: "busted", role: "status", "aria-live": "polite", "data-place": bust.place == null ? "" : String(bust.place) },
    h("h2", {}, t("bu.title")),
    lines.map((l) => h("p", {}, l)),
    h("div", { class: "row" }, actions),
  );
}
