// The tournaments the page follows: the latest view of each (`tournament` and
// `tournament_update` frames: the whole view each time), the offers open to the player
// (`offer`), his result (`tournament_result`). Pages subscribe with follow(id, fn); the
// store asks the server to watch a tournament while anyone follows it, and again after a
// reconnection. One ticker counts down every tournament clock on the page.
import { toast } from "../dom.js";
import { locale, money, num, t } from "../i18n.js";
import { me, setBalance } from "../session.js";
import { connection } from "../ws.js";

const views = new Map();
const entries = new Map();
const results = new Map();
const followers = new Map();
const anyListeners = new Set();
const seatListeners = new Set();
const seatOf = new Map();
const own = new Map();

/** The latest view of tournament `id` (null before the first frame), with `receivedAt`. */
export function viewOf(id) {
  return views.get(id) || null;
}

/** The lobby's entries (structure, buy-in, fee, levels): remembered for the pages. */
export function learnEntries(list) {
  const user = me().user?.screen_name;
  for (const x of list || []) {
    entries.set(x.id, x);
    // The tournaments one is in are followed, so that their start takes him to his table.
    if (user && (x.registered || []).includes(user) && (x.state === "registering" || x.state === "running")) followOwn(x.id);
  }
}

function followOwn(id) {
  if (!own.has(id)) own.set(id, follow(id, () => {}));
}

/** Call fn(id, table, seat, view) when the player gets a seat in a tournament he is in (it
 * starts, or he is seated late). */
export function onSeated(fn) {
  seatListeners.add(fn);
  return () => seatListeners.delete(fn);
}

function seated(frame) {
  const you = frame.you;
  const table = you && (you.status === "playing" || you.status === "pending") ? you.table : null;
  const known = seatOf.has(frame.id);
  const before = seatOf.get(frame.id) ?? null;
  seatOf.set(frame.id, table);
  // Only a seat seen to come (the start, a late entry), not the first view of a tournament
  // already under way; moves between tables come as their own `moved` frames.
  if (known && table && before == null) for (const fn of seatListeners) fn(frame.id, table, you.seat, frame);
  if (frame.state === "finished" || frame.state === "cancelled") {
    const stop = own.get(frame.id);
    own.delete(frame.id);
    if (stop) setTimeout(stop, 0);
  }
}

/** The lobby's entry of tournament `id` (null when not seen yet). */
export function entryOf(id) {
  return entries.get(id) || null;
}

/** This player's result in tournament `id`, once over for him (the `tournament_result`). */
export function resultOf(id) {
  return results.get(id) || null;
}

function notify(id) {
  for (const fn of followers.get(id) || []) fn(viewOf(id));
  for (const fn of anyListeners) fn(id);
}

/** Follow tournament `id`: fn(view) at every change; returns a function that stops. */
export function follow(id, fn) {
  let set = followers.get(id);
  if (!set) {
    set = new Set();
    followers.set(id, set);
  }
  const first = set.size === 0;
  set.add(fn);
  if (first) watch(id);
  if (viewOf(id)) fn(viewOf(id));
  return () => {
    set.delete(fn);
    if (set.size === 0) {
      followers.delete(id);
      connection.send("tournament", { tournament: id, watch: false }).catch(() => {});
    }
  };
}

/** Call fn(id) when any tournament's view or result changes. */
export function onAny(fn) {
  anyListeners.add(fn);
  return () => anyListeners.delete(fn);
}

function watch(id) {
  connection.open();
  return connection.send("tournament", { tournament: id, watch: true }).catch((error) => {
    // A refusal (no such tournament, the connection lost) does not wipe a view already held.
    if (views.has(id) && !views.get(id).missing) return;
    views.set(id, { id, missing: true, error: error.message, code: error.code });
    notify(id);
  });
}

/** Register for tournament `id` (its buy-in and fee from the balance). */
export async function register(id) {
  const result = await connection.send("register", { tournament: id });
  if (result.balance != null) setBalance(result.balance);
  if (!seatOf.has(id)) seatOf.set(id, null);
  followOwn(id);
  return result;
}

/** Unregister from tournament `id` before its start (both refunded). */
export async function unregister(id) {
  const result = await connection.send("unregister", { tournament: id });
  if (result.balance != null) setBalance(result.balance);
  return result;
}

/** Answer an offer: kind "rebuy" or "add_on", accept or decline. */
export async function answer(id, kind, accept) {
  const type = kind === "rebuy" ? "tournament_rebuy" : "add_on";
  const result = await connection.send(type, { tournament: id, accept });
  if (result.balance != null) setBalance(result.balance);
  // Answered: the offer goes from the page now (the next view says what stands).
  const view = views.get(id);
  if (view && view.offers) {
    views.set(id, { ...view, offers: view.offers.filter((o) => o.kind !== kind) });
    notify(id);
  }
  return result;
}

/** The offers open to the player in a view, each with the epoch ms it ends at (or null). */
export function offersOf(view) {
  if (!view || !view.offers) return [];
  return view.offers.map((o) => ({ ...o, endsAt: o.expires_in != null ? view.receivedAt + o.expires_in * 1000 : null }));
}

/** A clock in minutes and seconds: 734.5 → "12:15". */
export function clockText(seconds) {
  if (seconds == null) return "";
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}

/** A level in words: "Level 2: blinds 50/100, ante 10". */
export function levelText(level) {
  if (!level) return "";
  const blinds = `${num(level.small_blind)}/${num(level.big_blind)}`;
  return level.ante ? t("tn.level_ante", { n: level.level, blinds, ante: num(level.ante) }) : t("tn.level", { n: level.level, blinds });
}

/** An ordinal place in the language: 1st / 1er / 1º. */
export function placeText(place) {
  if (place == null) return "";
  if (place <= 3) return t(`tn.place_${place}`);
  // 21st, 22nd, 23rd in English: the ending of 1st, 2nd, 3rd where the language's ordinal
  // rules say so (French: 21e; Italian: 21º)
  const rule = new Intl.PluralRules(locale(), { type: "ordinal" }).select(place);
  const like = { one: 1, two: 2, few: 3 }[rule];
  if (like) return `${place}${t(`tn.place_${like}`).replace(/^\d+/, "")}`;
  return t("tn.place_n", { n: place });
}

connection.onMessage((frame) => {
  if (frame.type === "tournament" || frame.type === "tournament_update") {
    // Each frame is the whole view: the last one received is the truth (one connection keeps
    // their order; a restarted server may count its seq again from the start).
    views.set(frame.id, { ...frame, receivedAt: Date.now() });
    if (frame.you && frame.you.balance != null) setBalance(frame.you.balance);
    notify(frame.id);
    seated(frame);
  } else if (frame.type === "offer") {
    const view = views.get(frame.tournament);
    const o = frame.offer;
    if (view) {
      const others = (view.offers || []).filter((x) => x.kind !== o.kind);
      views.set(frame.tournament, { ...view, offers: [...others, o], receivedAt: Date.now() });
    }
    const what = o.kind === "rebuy" ? "tn.offer_rebuy" : "tn.offer_add_on";
    toast(t(what, { chips: num(o.chips), price: money(o.price) }), "ok");
    notify(frame.tournament);
  } else if (frame.type === "tournament_result") {
    results.set(frame.tournament, frame);
    if (frame.balance != null) setBalance(frame.balance);
    toast(frame.prize ? t("tn.result_prize", { place: placeText(frame.place), entrants: frame.entrants, prize: money(frame.prize) }) : t("tn.result", { place: placeText(frame.place), entrants: frame.entrants }), "ok");
    notify(frame.tournament);
  }
});

connection.onOpen((welcome, again) => {
  if (!again) return;
  for (const id of followers.keys()) watch(id);
});

// One ticker for every tournament clock on the page (data-ends-at: epoch ms).
setInterval(() => {
  const now = Date.now();
  for (const el of document.querySelectorAll(".t-clock[data-ends-at]")) {
    const text = clockText((Number(el.dataset.endsAt) - now) / 1000);
    if (el.textContent !== text) el.textContent = text;
  }
}, 500);

/** What the page holds of the tournaments (for self-checks and tests). */
export function snapshot() {
  return { views: Object.fromEntries(views), results: Object.fromEntries(results) };
}
