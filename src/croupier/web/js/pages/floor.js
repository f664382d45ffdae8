// The floor's console (#/floor): for the floor and the admin only. Its sections: the cash
// tables (floor_cash.js), the tournaments (floor_live.js, added by the live events' part: it
// exports render(el, params, rest)), and the floor's log (floor_cash.js).
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { FLOOR_ROLES, isFloor, me } from "../session.js";
import * as cash from "./floor_cash.js";

export { FLOOR_ROLES, isFloor };

const SECTIONS = [
  { id: "cash", href: "#/floor", key: "floor.section.cash" },
  { id: "tournaments", href: "#/floor/tournaments", key: "floor.section.tournaments" },
  { id: "log", href: "#/floor/log", key: "floor.section.log" },
];

async function tournaments(el, params, rest) {
  let mod = null;
  try {
    mod = await import("./floor_live.js");
  } catch {
    mod = null;
  }
  if (!mod || typeof mod.render !== "function") {
    el.append(h("p", { class: "muted", id: "floor-tournaments-missing" }, t("floor.tournaments_soon")));
    return null;
  }
  return mod.render(el, params, rest);
}

/** Draw the console at `section` ("cash", "tournaments", "log"); `rest`: the path after it. */
export async function render(main, params, section = "cash", rest = "") {
  const user = me().user;
  main.append(h("h1", { id: "floor-title" }, t("floor.title")));
  if (!isFloor()) {
    main.append(
      h("p", { class: "error", role: "alert", id: "floor-forbidden" },
        t("floor.forbidden", { name: user ? user.screen_name : "", role: user ? t(`floor.role.${user.role}`) : "" })),
    );
    return null;
  }
  const current = SECTIONS.some((s) => s.id === section) ? section : "cash";
  main.append(
    h(
      "nav",
      { class: "floor-sections", "aria-label": t("floor.sections") },
      SECTIONS.map((s) =>
        h("a", { href: s.href, id: `floor-nav-${s.id}`, "aria-current": s.id === current ? "page" : null }, t(s.key)),
      ),
    ),
  );
  const body = h("div", { class: "floor-body", id: `floor-section-${current}` });
  main.append(body);
  if (current === "tournaments") return tournaments(body, params, rest);
  if (current === "log") return cash.renderLog(body, params);
  return cash.renderCash(body, params);
}
