// The club's championship, public (#/standings, #/standings/<season>): the season's
// standings (points by place and knock-out points, POK-6-3), each player's results, the
// events played and the CSV export.
import { get } from "../api.js";
import { styles } from "../styles.js";
import { h } from "../dom.js";
import { addWords, money, num, t } from "../i18n.js";
import { WORDS as LIVE } from "../words/live_public.js";

addWords(LIVE);

/** #/standings: the seasons. */
export async function renderList(main) {
  styles("floor_live");
  const data = await get("/api/standings");
  main.append(
    h("h1", {}, t("live.championship")),
    data.seasons.length
      ? h(
          "ul",
          { id: "seasons" },
          data.seasons.map((s) => h("li", {}, h("a", { href: `#/standings/${encodeURIComponent(s.name)}` }, s.name), " · ", t("live.season_events", { count: s.events }))),
        )
      : h("p", { class: "muted" }, t("live.no_seasons")),
  );
}

function formulaText(f, ko) {
  const base = f.kind === "table" ? t("live.formula_table", { table: f.table.join(", ") }) : t(`live.formula_kind.${f.kind}`);
  const played = f.played ? ` · ${t("live.formula_played", { points: f.played })}` : "";
  const bonus = ko ? ` · ${t("live.formula_ko", { points: ko })}` : "";
  return `${base}${played}${bonus}`;
}

/** #/standings/<season>: one season's standings. */
export async function render(main, season) {
  styles("floor_live");
  const data = await get(`/api/standings/${encodeURIComponent(season)}`);
  const detail = h("section", { class: "panel", id: "player-results", hidden: true, "aria-live": "polite" });
  function showPlayer(player) {
    const rows = data.results[player] || [];
    detail.hidden = false;
    detail.replaceChildren(
      h("h2", {}, t("live.results_of", { player })),
      h(
        "div",
        { class: "scroll" },
        h(
          "table",
          { class: "data" },
          h("thead", {}, h("tr", {}, ["live.event", "live.date", "live.place", "live.entries", "live.place_points", "live.ko_points_col", "live.points", "live.prize"].map((k) => h("th", { scope: "col" }, t(k))))),
          h(
            "tbody",
            {},
            rows.map((r) =>
              h(
                "tr",
                {},
                h("td", {}, r.event),
                h("td", {}, r.date),
                h("td", { class: "num" }, r.shared > 1 ? `${r.place}=` : r.place),
                h("td", { class: "num" }, num(r.entrants)),
                h("td", { class: "num" }, num(r.place_points)),
                h("td", { class: "num" }, num(r.knockout_points)),
                h("td", { class: "num" }, h("strong", {}, num(r.points))),
                h("td", { class: "num" }, r.prize ? money(r.prize) : ""),
              ),
            ),
          ),
        ),
      ),
    );
    detail.scrollIntoView({ block: "nearest" });
  }
  main.append(
    h("h1", {}, t("live.standings_of", { season: data.name })),
    h("p", { class: "muted", id: "season-formula" }, formulaText(data.formula, data.knockout_points), " · ", t(data.events === 1 ? "live.season_events_one" : "live.season_events", { count: data.events })),
    h(
      "section",
      { class: "panel", "aria-labelledby": "standings-title" },
      h("h2", { id: "standings-title", class: "sr-only" }, t("live.standings")),
      data.standings.length
        ? h(
            "div",
            { class: "scroll" },
            h(
              "table",
              { class: "data standings", id: "standings" },
              h(
                "thead",
                {},
                h(
                  "tr",
                  {},
                  [
                    ["live.rank", "num"],
                    ["live.player", ""],
                    ["live.points", "num"],
                    ["live.place_points", "num opt"],
                    ["live.ko_points_col", "num opt"],
                    ["live.events_played", "num opt"],
                    ["live.wins", "num opt"],
                    ["live.best", "num opt"],
                    ["live.prizes", "num"],
                  ].map(([k, c]) => h("th", { scope: "col", class: c }, t(k))),
                ),
              ),
              h(
                "tbody",
                {},
                data.standings.map((s) =>
                  h(
                    "tr",
                    { "data-player": s.player },
                    h("td", { class: "num", "data-label": t("live.rank") }, s.rank),
                    h("th", { scope: "row" }, h("button", { type: "button", class: "linklike", onclick: () => showPlayer(s.player) }, s.player)),
                    h("td", { class: "num", "data-label": t("live.points") }, h("strong", {}, num(s.points))),
                    h("td", { class: "num opt", "data-label": t("live.place_points") }, num(s.place_points)),
                    h("td", { class: "num opt", "data-label": t("live.ko_points_col") }, num(s.knockout_points)),
                    h("td", { class: "num opt", "data-label": t("live.events_played") }, num(s.events)),
                    h("td", { class: "num opt", "data-label": t("live.wins") }, num(s.wins)),
                    h("td", { class: "num opt", "data-label": t("live.best") }, num(s.best)),
                    h("td", { class: "num", "data-label": t("live.prizes") }, s.prizes ? money(s.prizes) : ""),
                  ),
                ),
              ),
            ),
          )
        : h("p", { class: "muted" }, t("live.no_results")),
      h("p", {}, h("a", { href: `/api/standings/${encodeURIComponent(data.name)}/csv`, download: "", id: "standings-csv" }, t("live.export_csv"))),
    ),
    detail,
    h(
      "section",
      { class: "panel", "aria-labelledby": "events-title" },
      h("h2", { id: "events-title" }, t("live.events_of_season")),
      h("ul", {}, data.event_list.map((e) => h("li", {}, `${e.date} · ${e.event} · ${t("live.entries_n", { count: e.entrants })}`))),
    ),
  );
}
