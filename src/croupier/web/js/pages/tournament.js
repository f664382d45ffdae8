// A tournament's page: its lobby (players, tables, chip counts, payouts, your place), the
// player's table, the moves by balancing, rebuy and add-on offers, the result. The server's
// protocol has no tournament messages yet: the page says so rather than pretend.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { tournamentClock } from "../tournament_clock.js";

/** Draw a tournament's page. */
export function render(main, id) {
  main.append(h("h1", {}, t("tour.title", { name: id })), tournamentClock(id), h("p", { class: "notice" }, t("tour.not_available")));
}
