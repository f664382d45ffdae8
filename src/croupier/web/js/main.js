// The client's entry: the header (navigation, balance, connection, language), the router of
// the pages (#/lobby, #/table/NAME ...) and the open tables' tabs.
import { h, replace, toast } from "./dom.js";
import { initialLang, money, onLang, setLang, t } from "./i18n.js";
import { startOutageBanner } from "./outage.js";
import { applyPrefs } from "./prefs.js";
import { isFloor, logout, me, onMe, refreshMe } from "./session.js";
import * as tables from "./table/tables.js";
import { connection } from "./ws.js";

// Each page's module is loaded when the page is first opened (the build makes one file of
// each, and the floor's console is never downloaded by a player): see docs/web.md.
const home = () => import("./pages/home.js");
const auth = () => import("./pages/auth.js");
const cashier = () => import("./pages/cashier.js");
const settings = () => import("./pages/settings.js");
const hands = () => import("./pages/hands.js");
const lobby = () => import("./pages/lobby.js");
const tournament = () => import("./pages/tournament.js");
const floor = () => import("./pages/floor.js");
const standings = () => import("./pages/standings.js");

const ROUTES = [
  { path: /^$/, load: home, page: (x, m) => x.render(m), nav: "home" },
  { path: /^register$/, load: auth, page: (x, m) => x.renderRegister(m), nav: "register" },
  { path: /^login$/, load: auth, page: (x, m, p) => x.renderLogin(m, p), nav: "login" },
  { path: /^lobby$/, load: lobby, page: (x, m) => x.render(m), nav: "lobby", login: true },
  { path: /^cashier$/, load: cashier, page: (x, m) => x.render(m), nav: "cashier", login: true },
  { path: /^hands$/, load: hands, page: (x, m, p) => x.render(m, p), nav: "hands", login: true },
  { path: /^settings$/, load: settings, page: (x, m) => x.render(m), nav: "settings" },
  { path: /^tables$/, page: (x, m) => tables.renderTiles(m), nav: "tables", login: true, keep: true },
  { path: /^table\/(.+)$/, page: (x, m, p, g) => tables.renderTable(m, decodeURIComponent(g[1])), nav: "tables", login: true, keep: true },
  { path: /^standings$/, load: standings, page: (x, m) => x.renderList(m), nav: "standings" },
  { path: /^standings\/(.+)$/, load: standings, page: (x, m, p, g) => x.render(m, decodeURIComponent(g[1])), nav: "standings" },
  { path: /^tournament\/(.+)$/, load: tournament, page: (x, m, p, g) => x.render(m, decodeURIComponent(g[1])), nav: "lobby", login: true },
  { path: /^floor(?:\/([a-z]+)(?:\/(.*))?)?$/, load: floor, page: (x, m, p, g) => x.render(m, p, g[1] || "cash", g[2] || ""), nav: "floor", login: true },
];

let cleanup = null;
let routing = 0; // the latest route(): an older one still loading its page gives way
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
  const mine = ++routing;
  if (cleanup) {
    try {
      cleanup();
    } catch {
      /* a page that failed to clean up does not stop the next */
    }
    cleanup = null;
  }
  // the page's module comes while the server says who we are
  const loading = found.load ? found.load().then((x) => ({ x }), (error) => ({ error })) : Promise.resolve({ x: null });
  if (!me().known) {
    try {
      await refreshMe();
    } catch {
      /* the server may be down: the page says so below */
    }
  }
  if (mine !== routing) return;
  if (found.login && !me().user) {
    location.replace(`#/login?need=1&next=${encodeURIComponent(location.hash)}`);
    return;
  }
  const loaded = await loading;
  if (mine !== routing) return;
  currentNav = found.nav;
  renderNav();
  main.replaceChildren();
  window.scrollTo(0, 0); // a new page opens at its top, as a page loaded would
  tables.renderTabs(path);
  try {
    if (loaded.error) throw loaded.error;
    const result = await found.page(loaded.x, main, params, groups);
    if (typeof result === "function") {
      if (mine === routing) cleanup = result;
      else result(); // the player went on to another page meanwhile
    }
  } catch (error) {
    if (mine === routing) replace(main, h("p", { class: "error", role: "alert" }, t("common.error", { message: error.message || String(error) })));
  }
  if (mine === routing) document.title = `${document.querySelector("main h1")?.textContent || "croupier"} · croupier`;
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
      isFloor() ? navLink("nav.floor", "#/floor", "floor") : null,
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

// The tests' window on the page's own modules (the build bundles them: an import of a source
// file from a test would be another instance): the connection, beside table/tables.js's.
window.croupier = Object.freeze({ ...(window.croupier || {}), connection });

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
  startOutageBanner();
  route();
}

start();
