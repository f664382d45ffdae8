// The lobby's tournaments: structure, buy-in, entrants, start, state, prize pool; live (the
// lobby's frames bring the whole list), sortable by any column, filtered by words, state and
// "only mine"; register and unregister from the row, details on the tournament's page.
import { h, newId, replace, toast } from "../dom.js";
import { has, money, num, t, when } from "../i18n.js";
import { me } from "../session.js";
import { learnEntries, register, unregister } from "./store.js";

/** The structure of a lobby entry in words, in the language. */
export function structureText(x) {
  const minutes = x.levels && x.levels.length ? num(x.levels[0].minutes) : "?";
  const kind = [x.rebuys ? t("tn.with_rebuys") : null, x.add_on ? t("tn.with_add_on") : null].filter(Boolean);
  const parts = [t("tn.structure", { stack: num(x.starting_stack), minutes })];
  parts.push(kind.length ? kind.join(", ") : t("tn.freezeout"));
  // a money knock-out: the part of the buy-in on each head (words/penalties.js)
  if (x.bounty) parts.push(t(x.progressive ? "lobby.bounty_progressive" : "lobby.bounty", { amount: money(x.bounty) }));
  return parts.join(" · ");
}

/** A buy-in and its fee: "€20.00 + €2.00" (the buy-in alone without a fee). */
export function buyInText(x) {
  return x.fee ? t("tn.buy_in_fee", { buy_in: money(x.buy_in), fee: money(x.fee) }) : money(x.buy_in);
}

/** When a lobby entry starts, in words. */
export function startText(x) {
  if (x.starts_when != null && x.starts_at == null) return t("tn.start_when", { n: x.starts_when });
  if (x.starts_at != null) return when(new Date(x.starts_at * 1000).toISOString());
  return x.start || "";
}

/** A tournament state in words. */
export function stateText(state) {
  return has(`tn.state.${state}`) ? t(`tn.state.${state}`) : state || "";
}

const STATE_ORDER = { running: 0, registering: 1, finished: 2, cancelled: 3 };

const COLUMNS = [
  { key: "name", label: "tn.col.name", value: (x) => (x.name || x.id).toLowerCase() },
  { key: "structure", label: "lobby.structure", value: (x) => x.starting_stack ?? 0, show: (x) => structureText(x) },
  { key: "buy_in", label: "lobby.buy_in", value: (x) => (x.buy_in ?? 0) + (x.fee ?? 0), show: (x) => buyInText(x), num: true },
  { key: "entrants", label: "lobby.entrants", value: (x) => x.entrants ?? 0, show: (x) => t("tn.of", { n: num(x.entrants ?? 0), max: num(x.max_players ?? 0) }), num: true },
  { key: "start", label: "lobby.start", value: (x) => x.starts_at ?? x.starts_when ?? 0, show: (x) => startText(x) },
  { key: "state", label: "lobby.state", value: (x) => STATE_ORDER[x.state] ?? 9, show: (x) => stateText(x.state) },
  { key: "prize_pool", label: "lobby.prize_pool", value: (x) => x.prize_pool ?? 0, show: (x) => money(x.prize_pool ?? 0), num: true },
];

function mine(x) {
  const user = me().user?.screen_name;
  return Boolean(user && (x.registered || []).includes(user));
}

/** The list: {el, update(list)}; the rows redraw on every update and every filter. */
export function tournamentList() {
  let list = [];
  let shown = "";
  let sort = { key: "state", dir: 1 };
  const filterId = newId("tfilter");
  const stateId = newId("tstate");
  const mineId = newId("tmine");
  const filter = h("input", { type: "search", id: filterId, placeholder: t("tn.filter_help") });
  const state = h(
    "select",
    { id: stateId },
    h("option", { value: "" }, t("tn.state_all")),
    ["registering", "running", "finished", "cancelled"].map((s) => h("option", { value: s }, stateText(s))),
  );
  const onlyMine = h("input", { type: "checkbox", id: mineId });
  const head = h("tr");
  const body = h("tbody");
  const el = h(
    "div",
    { id: "tournament-list" },
    h(
      "div",
      { class: "filters", role: "search", "aria-label": t("lobby.tournaments") },
      h("div", { class: "field" }, h("label", { for: filterId }, t("tn.filter")), filter),
      h("div", { class: "field" }, h("label", { for: stateId }, t("tn.state_filter")), state),
      h("div", { class: "check" }, onlyMine, h("label", { for: mineId }, t("tn.mine_only"))),
    ),
    h("div", { class: "scroll" }, h("table", { class: "data stacked", id: "tournaments" }, h("thead", {}, head), body)),
  );

  function visible() {
    const text = filter.value.trim().toLowerCase();
    const col = COLUMNS.find((c) => c.key === sort.key);
    return list
      .filter((x) => !text || [x.name, x.id, x.game, x.preset, structureText(x)].join(" ").toLowerCase().includes(text))
      .filter((x) => !state.value || x.state === state.value)
      .filter((x) => !onlyMine.checked || mine(x))
      .sort((a, b) => {
        const p = col.value(a);
        const q = col.value(b);
        return (p < q ? -1 : p > q ? 1 : 0) * sort.dir || String(a.id).localeCompare(String(b.id));
      });
  }

  function drawHead() {
    replace(
      head,
      COLUMNS.map((c) => {
        const active = sort.key === c.key;
        return h(
          "th",
          { scope: "col", class: c.num ? "num" : "", "aria-sort": active ? (sort.dir > 0 ? "ascending" : "descending") : "none" },
          h(
            "button",
            {
              type: "button",
              class: "sort",
              "data-tsort": c.key,
              "aria-label": `${t(c.label)}: ${t("tn.sort_by", { column: t(c.label) })}`,
              onclick: () => {
                sort = { key: c.key, dir: active ? -sort.dir : 1 };
                draw();
              },
            },
            t(c.label),
            active ? (sort.dir > 0 ? " ▲" : " ▼") : "",
          ),
        );
      }),
      h("th", { scope: "col" }, t("tn.col.actions")),
    );
  }

  function actions(x) {
    const name = x.name || x.id;
    const items = [h("a", { class: "button", href: `#/tournament/${encodeURIComponent(x.id)}`, "data-details": x.id, "aria-label": `${t("lobby.details")}: ${name}` }, t("lobby.details"))];
    if (x.state === "registering" || (x.state === "running" && x.late_registration_level != null)) {
      if (mine(x)) {
        if (x.state === "registering") {
          items.push(
            h(
              "button",
              {
                type: "button",
                "data-unregister": x.id,
                "aria-label": `${t("tn.unregister")}: ${name}`,
                onclick: async () => {
                  try {
                    const result = await unregister(x.id);
                    toast(t("tn.unregistered_ok", { name, amount: money(result.refund ?? 0) }), "ok");
                  } catch (error) {
                    toast(t("act.refused", { message: error.message }), "error");
                  }
                },
              },
              t("tn.unregister"),
            ),
          );
        }
      } else if ((x.entrants ?? 0) < (x.max_players ?? Infinity)) {
        items.push(
          h(
            "button",
            {
              type: "button",
              class: "primary",
              "data-register": x.id,
              "aria-label": `${t("tn.register")}: ${name} (${buyInText(x)})`,
              onclick: async () => {
                try {
                  const result = await register(x.id);
                  toast(t("tn.registered_ok", { name, balance: money(result.balance) }), "ok");
                } catch (error) {
                  toast(t("act.refused", { message: error.message }), "error");
                }
              },
            },
            t("tn.register"),
          ),
        );
      }
    }
    return h("div", { class: "row" }, items);
  }

  function draw() {
    drawHead();
    const rows = visible();
    replace(
      body,
      rows.length
        ? rows.map((x) =>
            h(
              "tr",
              { "data-tournament": x.id, class: mine(x) ? "mine" : "" },
              h(
                "th",
                { scope: "row" },
                h("a", { href: `#/tournament/${encodeURIComponent(x.id)}` }, x.name || x.id),
                " ",
                h("span", { class: "muted" }, `(${has(`tn.kind.${x.kind}`) ? t(`tn.kind.${x.kind}`) : x.kind || ""})`),
                mine(x) ? h("span", { class: "tag", title: t("tn.registered") }, ` ✔ ${t("tn.registered")}`) : null,
              ),
              COLUMNS.slice(1).map((c) => h("td", { class: c.num ? "num" : "", "data-label": t(c.label), "data-col": c.key }, c.show ? c.show(x) : c.value(x))),
              h("td", { class: "row-actions" }, actions(x)),
            ),
          )
        : h("tr", {}, h("td", { colspan: COLUMNS.length + 1 }, list.length ? t("tn.none_match") : t("lobby.no_tournaments"))),
    );
  }

  for (const input of [filter, state, onlyMine]) input.addEventListener("input", draw);
  draw();
  return {
    el,
    update(next) {
      // The lobby redraws on every frame: the rows only when the list changed (a button is
      // not taken from under the pointer for nothing).
      const key = JSON.stringify(next || []);
      if (key === shown) return;
      shown = key;
      list = next || [];
      learnEntries(list);
      draw();
    },
  };
}
