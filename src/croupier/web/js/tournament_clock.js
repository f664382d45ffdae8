// The small clock of a tournament online for any page (the tournament's lobby page): the
// clock's public face (GET /api/tournaments/<id>/clock, what /clock/<id> shows) drawn by
// clock_widget.js, read again every few seconds (pauses, added time, breaks) while the
// element is on the page.
import { get } from "./api.js";
import { h, replace } from "./dom.js";
import { clockWidget } from "./clock_widget.js";
import { styles } from "./styles.js";

const POLL_MS = 3000;

/** A box holding the tournament's small clock, kept up to date while it is on the page. */
export function tournamentClock(id) {
  styles("floor_live"); // the widget's looks
  const box = h("div", { class: "tournament-clock", id: "tournament-clock", "data-tournament": id });
  let started = false;
  async function poll() {
    if (started && !box.isConnected) return;
    started = true;
    try {
      replace(box, clockWidget(await get(`/api/tournaments/${encodeURIComponent(id)}/clock`)));
    } catch {
      /* no such tournament (or offline): the next reading tries again */
    }
    setTimeout(poll, POLL_MS);
  }
  poll();
  return box;
}
