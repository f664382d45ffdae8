// The player's hand histories (PKG-15): his own hands, newest first, to read on the page or
// download as text, with the deck commitment's proofs for `croupier verify`.
import { ApiError, get } from "../api.js";
import { h, replace } from "../dom.js";
import { has, t, when } from "../i18n.js";
import { historyEl } from "../table/history.js";

/** Draw the hand histories page. */
export async function render(main) {
  const reader = h("div", { hidden: true, id: "hand-text" });
  main.append(h("h1", {}, t("hands.title")));
  let data;
  try {
    data = await get("/api/hands?limit=100");
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      main.append(h("p", { class: "notice" }, t("hands.unavailable")));
      return;
    }
    throw error;
  }
  const list = data.hands || [];
  if (!list.length) {
    main.append(h("p", { class: "muted" }, t("hands.none")));
    return;
  }
  const rows = list.map((x) =>
    h(
      "tr",
      { "data-hand-id": String(x.id), "data-status": x.status },
      h("td", {}, x.table),
      h("td", { class: "num" }, String(x.number)),
      h("td", {}, when(x.started_at)),
      h("td", { class: "num" }, x.seat != null ? String(x.seat) : ""),
      h("td", {}, has(`hands.status.${x.status}`) ? t(`hands.status.${x.status}`) : x.status),
      h(
        "td",
        {},
        h(
          "div",
          { class: "row" },
          h(
            "button",
            {
              type: "button",
              "aria-label": `${t("hands.read")}: ${x.table} #${x.number}`,
              onclick: async () => {
                const found = await get(`/api/hands/${x.id}`);
                reader.hidden = false;
                const told = found.events ? historyEl(found, found.unit === "chips" ? "chips" : "cents") : null;
                replace(
                  reader,
                  told,
                  h("details", { class: "original", open: !told }, h("summary", {}, t("hist.original")), h("pre", { class: "rules-text history-text", tabindex: "0", lang: "en" }, found.text)),
                );
                (told || reader.querySelector("pre")).focus();
              },
            },
            t("hands.read"),
          ),
          h("a", { class: "button", href: `/api/hands/${x.id}?format=text`, download: `${x.table}-hand-${x.number}.txt` }, t("hands.download_text")),
          h("a", { class: "button", href: `/api/hands/${x.id}?format=proofs`, download: `${x.table}-hand-${x.number}-proofs.json` }, "proofs"),
        ),
      ),
    ),
  );
  main.append(
    h(
      "div",
      { class: "scroll" },
      h(
        "table",
        { class: "data", id: "hands" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            ["hands.table", "hands.number", "hands.started", "hands.seat", "hands.status"].map((k) => h("th", { scope: "col" }, t(k))),
            h("th", { scope: "col" }, t("common.download")),
          ),
        ),
        h("tbody", {}, rows),
      ),
    ),
    reader,
  );
}
