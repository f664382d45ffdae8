// The floor's decisions at one table (`notice` frames, and a fresh view's `notices`): each one
// that concerns the player is shown to him at once in his language, in a banner over the
// action bar that stays until he dismisses it, said to screen readers, and kept in the
// table's list of decisions ("the table's log"). Words: words/notices.js.
import { h, replace } from "../dom.js";
import { has, t } from "../i18n.js";

const KEPT = 30;

function plural(n, one, many) {
  return t(Number(n) === 1 ? one : many);
}

/** A notice in words, for `me` (the player reading it; null: a spectator). */
export function noticeText(n, me) {
  const d = n.detail || {};
  const mine = n.player != null && n.player === me;
  const key = (base) => (n.player != null && !mine && has(`${base}_other`) ? `${base}_other` : base);
  const params = {
    name: n.player ?? "",
    hand: d.hand ?? "",
    hands: d.hands ?? "",
    orbits: d.orbits ?? "",
    orbits_word: plural(d.orbits, "nt.orbit", "nt.orbits"),
    hands_word: plural(d.hands, "nt.hand", "nt.hands"),
    from: d.from ?? "",
    to: d.to ?? "",
  };
  let text;
  switch (n.kind) {
    case "hand_voided":
      text = t(d.hand != null ? "nt.hand_voided" : "nt.hand_voided_no", params);
      break;
    case "disqualification_served":
      text = t(key("nt.disqualification"), params);
      break;
    case "warning":
    case "suspension":
    case "suspension_served":
    case "disqualification":
    case "penalty_lifted":
    case "moved":
      text = t(key(`nt.${n.kind}`), params);
      break;
    case "last_hands_announced":
    case "table_closed":
      text = t(`nt.${n.kind}`, params);
      break;
    default:
      text = n.kind;
  }
  return n.why ? `${text} ${t("nt.why", { why: n.why })}` : text;
}

/** The decisions told at one table, newest last. */
export class TableNotices {
  constructor(table) {
    this.table = table;
    this.list = [];
    this.dismissed = new Set();
    this.banner = h("div", { class: "floor-notice-slot", role: "alert", "aria-live": "assertive" });
    this.panel = h("section", { class: "panel floor-notices", "aria-labelledby": `nt-${table}` });
  }

  /** Take a `notice` frame; true when it is new. */
  add(frame) {
    if (!frame || !frame.id || this.list.some((n) => n.id === frame.id)) return false;
    this.list.push(frame);
    this.list = this.list.slice(-KEPT);
    return true;
  }

  /** Take a fresh view's `notices` (those already seen are not shown again). */
  load(notices) {
    for (const n of notices || []) this.add(n);
  }

  /** Whether the table was closed by the floor (and not opened again since). */
  closed() {
    const last = [...this.list].reverse().find((n) => n.kind === "table_closed" || n.kind === "last_hands_announced");
    return Boolean(last && last.kind === "table_closed");
  }

  /** Draw the banner (the newest decision not dismissed) and the table's list. */
  render(me) {
    const open = [...this.list].reverse().find((n) => !this.dismissed.has(n.id) && (n.player == null || n.player === me || n.to == null));
    if (open) {
      const text = noticeText(open, me);
      const mine = open.player != null && open.player === me;
      if (this.banner.dataset.id !== open.id || this.banner.dataset.lang !== t("nt.title")) {
        this.banner.dataset.id = open.id;
        this.banner.dataset.lang = t("nt.title");
        replace(
          this.banner,
          h(
            "div",
            { class: `floor-notice${mine ? " mine" : ""}`, "data-notice": open.kind },
            h("strong", {}, `${t("nt.title")}: `),
            h("span", { class: "floor-notice-text" }, text),
            h("button", { type: "button", class: "linklike", "data-dismiss": open.id, onclick: () => this.dismiss(open.id, me) }, t("nt.dismiss")),
          ),
        );
      }
    } else if (this.banner.firstChild) {
      delete this.banner.dataset.id;
      replace(this.banner);
    }
    const items = this.list.map((n) => h("li", { "data-notice": n.kind }, h("time", { datetime: n.at }, timeOf(n.at)), " ", noticeText(n, me)));
    replace(
      this.panel,
      h("h2", { id: `nt-${this.table}` }, t("nt.title")),
      items.length ? h("ul", { class: "plain notice-list", tabindex: "0", "aria-labelledby": `nt-${this.table}` }, items.reverse()) : h("p", { class: "muted" }, t("nt.none")),
    );
  }

  dismiss(id, me) {
    this.dismissed.add(id);
    this.render(me);
  }
}

function timeOf(at) {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}
