// A tournament table's side panel (in place of the cash table's seat controls, which a
// tournament does not take): the tournament with a link to its lobby, the level and its
// clock, the player's place and chips, the rebuy and add-on offers when they open, and his
// result when it is over for him.
import { h, replace } from "../dom.js";
import { money, num, onLang, t } from "../i18n.js";
import { offersPanel } from "../pages/tournament.js";
import { clockText, follow, levelText, placeText, resultOf, viewOf } from "./store.js";

/** A tournament table's title: "Table 2 · Sit & Go pokcomm #3" (its name until the
 * tournament's view is known). */
export function tournamentTableTitle(id, table) {
  const view = viewOf(id);
  const number = view?.tables?.find((x) => x.table === table)?.number;
  if (!view || view.missing) return t("table.title", { name: table });
  return `${number != null ? t("tn.table_n", { n: number }) : t("table.title", { name: table })} · ${view.name || id}`;
}

/** A tournament's table as its players name it ("Table 3"), never its id: its number from
 * the tournament's view, else from the id's own ending (`…-t3`, `…@3`: a table broken up
 * is no longer in the view). */
export function tournamentTableLabel(id, table) {
  const number = viewOf(id)?.tables?.find((x) => x.table === table)?.number ?? Number((/(?:-t|@)(\d+)$/.exec(table) || [])[1] || NaN);
  return Number.isFinite(number) ? t("tn.table_n", { n: number }) : table;
}

/** The panel of tournament `id` at one of its tables: {id, el, stop()}. */
export function tournamentPanel(id) {
  const el = h("div", { class: "t-strip", "data-tournament": id });
  const draw = (view) => {
    if (!view || view.missing) {
      replace(el, h("h2", {}, t("tn.strip", { name: id })), h("a", { href: `#/tournament/${encodeURIComponent(id)}` }, t("tn.lobby_link")));
      return;
    }
    const you = view.you;
    const result = resultOf(id);
    const clock = [];
    if (view.level) {
      clock.push(h("p", { class: "t-level" }, view.on_break ? t("tn.on_break") : levelText(view.level)));
      if (view.time_left != null) {
        const attrs = { class: "t-clock", role: "timer" };
        if (!view.paused) attrs["data-ends-at"] = String(Math.round(view.receivedAt + view.time_left * 1000));
        clock.push(h("p", {}, h("span", { class: "muted" }, `${t(view.on_break ? "tn.break_left" : "tn.time_left")} `), h("span", attrs, clockText(view.time_left))));
      }
      if (view.next_level) clock.push(h("p", { class: "muted" }, t("tn.next_level", { level: levelText(view.next_level) })));
    }
    if (view.hand_for_hand) clock.push(h("p", { class: "tag warn" }, t("tn.hand_for_hand")));
    const standing = [];
    if (result) {
      standing.push(h("p", { class: "t-result", role: "status" }, result.prize ? t("tn.result_prize", { place: placeText(result.place), entrants: result.entrants, prize: money(result.prize) }) : t("tn.result", { place: placeText(result.place), entrants: result.entrants })));
    } else if (you && (you.status === "playing" || you.status === "pending") && you.place != null) {
      standing.push(h("p", { class: "t-place" }, t("tn.your_place", { place: placeText(you.place), left: num(view.remaining) })));
    }
    if (view.average_stack != null) standing.push(h("p", { class: "muted" }, t("common.labelled", { label: t("tn.average"), value: t("tn.chips_n", { n: num(view.average_stack) }) })));
    replace(
      el,
      h("h2", {}, t("tn.strip", { name: view.name || id })),
      clock,
      standing,
      offersPanel(view, id),
      h("a", { class: "button", href: `#/tournament/${encodeURIComponent(id)}`, "data-t-lobby": id }, t("tn.lobby_link")),
    );
  };
  draw(null);
  const unfollow = follow(id, draw);
  // Drawn again in the new language when the player switches.
  const unLang = onLang(() => draw(viewOf(id)));
  const stop = () => {
    unfollow();
    if (typeof unLang === "function") unLang();
  };
  return { id, el, stop };
}
