// The showdown, as the player sees it: the server shows at once what must be shown and what
// no shown hand beats (croupier.server.tables.showdown); the player is asked only when he has
// a real choice, and says whether his losing hands are mucked for him ("Muck losing hands",
// a setting kept in the browser and told to each table he sits at: `muck_losing`).
import { h, newId } from "../dom.js";
import { t } from "../i18n.js";
import { getPrefs, setPrefs } from "../prefs.js";
import { connection } from "../ws.js";

/** The player's setting (on unless he turned it off, as in the rooms he knows). */
export function mucksLosers() {
  const value = getPrefs().muckLosing;
  return value == null ? true : Boolean(value);
}

/** Tell the table the setting when its view says otherwise (once per difference). */
export function syncMuckLosing(tab) {
  const you = tab.view.you;
  const want = mucksLosers();
  if (!you || you.muck_losing == null || you.muck_losing === want) {
    tab.muckSent = null;
    return;
  }
  if (tab.muckSent === want) return;
  tab.muckSent = want;
  connection.send("muck_losing", { table: tab.name, on: want }).catch(() => {
    tab.muckSent = null;
  });
}

/** The showdown's line for a seated player: the setting, and why he is asked (if he is). */
export function showdownEl(tab, d) {
  const you = tab.view.you;
  if (!you || d.me == null) return null;
  const id = newId("muck");
  const box = h("input", { type: "checkbox", id, "data-pref": "muck-losing", "aria-describedby": `${id}-help` });
  box.checked = mucksLosers();
  box.addEventListener("change", () => {
    // told at once, whatever the view says: the view may not yet show an earlier change
    // (the table's answer to the setting told at sitting down is still on its way)
    const want = box.checked;
    setPrefs({ muckLosing: want });
    if (!tab.view.you) return;
    tab.muckSent = want;
    connection.send("muck_losing", { table: tab.name, on: want }).catch(() => {
      tab.muckSent = null;
    });
  });
  const mine = d.turn && d.turn.seat === d.me && d.phase === "showdown";
  const why = mine ? h("p", { class: "hint showdown-why", "data-showdown": you.beaten ? "beaten" : "first" }, t(you.beaten ? "sd.beaten" : "sd.first")) : null;
  return h(
    "div",
    { class: "showdown-pref" },
    why,
    h("div", { class: "check" }, box, h("label", { for: id }, t("sd.muck_losing"))),
    h("span", { id: `${id}-help`, class: "sr-only" }, t("sd.muck_losing_help")),
  );
}
