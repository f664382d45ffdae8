// The client's entry: the header (navigation, balance, connection, language), the router of
// the pages (#/lobby, #/table/NAME ...) and the open tables' tabs.
import { h, replace, toast } from "./dom.js";
import { initialLang, money, onLang, setLang, t } from "./i18n.js";
import { applyPrefs } from "./prefs.js";
import { logout, me, onMe, refreshMe } from "./session.js";
import * as home from "./pages/home.js";
import * as auth from "./pages/auth.js";
import * as cashier from "./pages/cashier.js";
import * as settings from "./pages/settings.js";
import * as hands from "./pages/hands.js";
import * as lobby from "./pages/lobby.js";
import * as tournament from "./pages/tournament.js";
import * as floor from "./pages/floor.js";
import * as standings from "./pages/standings.js";
import * as tables from "./table/tables.js";
import { connection } from "./ws.js";

const ROUTES = [
  { path: /^$/, page: (m) => home.render(m), nav: "home" },
  { path: /^register$/, page: (m) => auth.renderRegister(m), nav: "register" },
  { path: /^login$/, page: (m, p) => auth.renderLogin(m, p), nav: "login" },
  { path: /^lobby$/, page: (m) => lobby.render(m), nav: "lobby", login: true },
  { path: /^cashier$/, page: (m) => cashier.render(m), nav: "cashier", login: true },
  { path: /^hands$/, page: (m) => hands.render(m), nav: "hands", login: true },
  { path: /^settings$/, page: (m) => settings.render(m), nav: "settings" },
  { path: /^tables$/, page: (m) => tables.renderTiles(m), nav: "tables", login: true, keep: true },
  { path: /^table\/(.+)$/, page: (m, p, g) => tables.renderTable(m, decodeURIComponent(g[1])), nav: "tables", login: true, keep: true },
  { path: /^standings$/, page: (m) => standings.renderList(m), nav: "standings" },
  { path: /^standings\/(.+)$/, page: (m, p, g) => standings.render(m, decodeURIComponent(g[1])), nav: "standings" },
  { path: /^tournament\/(.+)$/, page: (m, p, g) => tournament.render(m, decodeURIComponent(g[1])), nav: "lobby", login: true },
  { path: /^floor(?:\/([a-z]+)(?:\/(.*))?)?$/, page: (m, p, g) => floor.render(m, p, g[1] || "cash", g[2] || ""), nav: "floor", login: true },
];

let cleanup = null;
let currentNav = "";

function parseHash() {
  const raw = location.hash.replace(/^#\/?/, "");
  const [path, query = ""] = raw.split("?");
  return { path, params: Object.fromEntries(new URLSearchParams(query)) };
}

async function route() {
  const main = document.getElementById("main");
  const { path, params } = parseHash();
  const found = ROUTES.find((r) => r.path.test(path)) || ROUTES[0];
  const groups = path.match(found.path) || [];
  if (cleanup) {
    try {
      cleanup();
    } catch {
      /* a page that failed to clean up does not stop the next */
    }
    cleanup = null;
  }
  if (!me().known) {
    try {
      await refreshMe();
    } catch {
      /* the server may be down: the page says so below */
    }
  }
  if (found.login && !me().user) {
    location.replace(`#/login?need=1&next=${encodeURIComponent(location.hash)}`);
    return;
  }
  currentNav = found.nav;
  renderNav();
  main.replaceChildren();
  tables.renderTabs(path);
  try {
    const result = await found.page(main, params, groups);
    if (typeof result === "function") cleanup = result;
  } catch (error) {
    replace(main, h("p", { class: "error", role: "alert" }, t("common.error", { message: error.message || String(error) })));
  }
  document.title = `${document.querySelector("main h1")?.textContent || "croupier"} · croupier`;
}

function navLink(key, href, nav) {
  return h("a", { href, "aria-current": currentNav === nav ? "page" : null, id: `nav-${nav}` }, t(key));
}

function renderNav() {
  const { user, balance } = me();
  const nav = document.getElementById("nav");
  nav.setAttribute("aria-label", t("nav.main"));
  // the championship's standings are public: a link for everyone, logged in or not
  const items = [navLink("nav.home", "#/", "home"), navLink("nav.standings", "#/standings", "standings")];
  if (user) {
    items.push(
      navLink("nav.lobby", "#/lobby", "lobby"),
      navLink("nav.cashier", "#/cashier", "cashier"),
      navLink("nav.hands", "#/hands", "hands"),
      floor.isFloor() ? navLink("nav.floor", "#/floor", "floor") : null,
      navLink("nav.settings", "#/settings", "settings"),
      h(
        "button",
        {
          type: "button",
          class: "linklike",
          id: "nav-logout",
          onclick: async () => {
            await logout();
            tables.closeAll();
            connection.close();
            toast(t("auth.logged_out"));
            location.hash = "#/";
          },
        },
        t("nav.logout"),
      ),
    );
  } else {
    items.push(
      navLink("nav.register", "#/register", "register"),
      navLink("nav.login", "#/login", "login"),
      navLink("nav.settings", "#/settings", "settings"),
    );
  }
  replace(nav, ...items);
  const bal = document.getElementById("balance");
  bal.textContent = user && balance !== null ? t("nav.balance", { amount: money(balance) }) : "";
  document.getElementById("lang-label").textContent = t("app.language");
  document.getElementById("skip-link").textContent = t("app.skip");
  document.getElementById("tabs").setAttribute("aria-label", t("nav.tables"));
  renderLink();
}

function renderLink() {
  const el = document.getElementById("link");
  const state = connection.state;
  el.className = `link-state ${state.status}`;
  if (!me().user || state.status === "idle") {
    el.textContent = "";
    return;
  }
  if (state.status === "online") el.textContent = t("link.online");
  else if (state.status === "connecting") el.textContent = t("link.connecting");
  else if (state.status === "lost") el.textContent = t("link.lost", { seconds: state.retryIn });
  else el.textContent = t("link.offline");
}

function start() {
  applyPrefs();
  const select = document.getElementById("lang");
  setLang(initialLang());
  select.value = document.documentElement.lang;
  select.addEventListener("change", () => setLang(select.value));
  onLang(() => {
    select.value = document.documentElement.lang;
    route();
  });
  onMe(() => renderNav());
  connection.onState(() => renderLink());
  window.addEventListener("hashchange", route);
  route();
}

start();
