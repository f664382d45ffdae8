// The clock on the wall (/clock/<id>): a full-screen page for a TV in the room, readable
// across it at 1920x1080 and fine on a phone. It reads the server's clock every two seconds
// (GET /api/clock/<id>, no login: nothing hidden in it) and counts down in between; a new
// level is announced in large letters, with a tone when the sound is on (a button: browsers
// play sound only after a touch or a click). ?lang=fr|it|en chooses the language.
import { get } from "../api.js";
import { h, replace } from "../dom.js";
import { initialLang, locale, money, num, setLang, t } from "../i18n.js";
import { ClockReading, blindsText, clockText, upcomingText } from "../clock_widget.js";

const POLL_MS = 2000;
const id = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const root = document.getElementById("clock");
let reading = null;
let lastPeriod = null;
let sound = false;
let audio = null;
let failures = 0;

function tone() {
  if (!sound) return;
  try {
    audio = audio || new AudioContext();
    [0, 0.35, 0.7].forEach((at, k) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = k === 2 ? 880 : 660;
      gain.gain.value = 0.15;
      osc.connect(gain).connect(audio.destination);
      osc.start(audio.currentTime + at);
      osc.stop(audio.currentTime + at + 0.25);
    });
  } catch {
    /* no audio here */
  }
}

function el(name) {
  return root.querySelector(`[data-f="${name}"]`);
}

function build() {
  const soundButton = h(
    "button",
    {
      type: "button",
      class: "wall-sound",
      id: "wall-sound",
      "aria-pressed": "false",
      onclick: () => {
        sound = !sound;
        soundButton.setAttribute("aria-pressed", String(sound));
        soundButton.textContent = sound ? t("live.sound_on") : t("live.sound_off");
        if (sound) tone();
      },
    },
    t("live.sound_off"),
  );
  replace(
    root,
    h(
      "header",
      { class: "wall-head" },
      h("h1", { class: "wall-title", "data-f": "title" }),
      h("p", { class: "wall-now" }, h("span", { class: "wall-label" }, t("live.time_now")), " ", h("time", { "data-f": "now" })),
      h("p", { class: "wall-message", "data-f": "message" }),
    ),
    h(
      "section",
      { class: "wall-main" },
      h("div", { class: "wall-level", "data-f": "level" }),
      h("div", { class: "wall-time", "data-f": "time", role: "timer" }),
      h(
        "div",
        { class: "wall-progress", "data-f": "progress", role: "progressbar", "aria-valuemin": "0", "aria-valuemax": "100", "aria-label": t("live.level_progress") },
        h("div", { class: "wall-progress-bar", "data-f": "bar" }),
      ),
      h("div", { class: "wall-state", "data-f": "state" }),
      h("div", { class: "wall-blinds", "data-f": "blinds" }),
    ),
    h(
      "section",
      { class: "wall-side" },
      stat("next", t("live.next_level")),
      stat("break", t("live.to_break")),
      stat("players", t("live.players")),
      stat("average", t("live.average_stack")),
      stat("pool", t("live.prize_pool")),
      stat("rebuys", t("live.rebuys")),
      stat("add_ons", t("live.add_ons")),
      stat("chips", t("live.chips_in_play")),
      h("div", { class: "wall-stat wall-payouts" }, h("span", { class: "wall-label" }, t("live.payouts")), h("ol", { "data-f": "payouts" })),
    ),
    h("div", { class: "wall-announce", "data-f": "announce", hidden: true, role: "alert" }),
    h("footer", { class: "wall-foot" }, soundButton, h("span", { class: "wall-link", "data-f": "link" })),
  );
}

function stat(name, label) {
  return h(
    "div",
    { class: `wall-stat wall-${name}` },
    h("span", { class: "wall-label" }, label),
    h("span", { class: "wall-value", "data-f": name }),
  );
}

function draw() {
  if (!reading) return;
  const d = reading.data;
  document.title = `${d.title} · ${t("live.clock")}`;
  el("title").textContent = d.title;
  el("message").textContent = d.message || "";
  el("message").hidden = !d.message;
  el("level").textContent = d.on_break ? t("live.break") : t("live.level_n", { level: d.level });
  el("time").textContent = clockText(reading.left());
  const state = reading.state();
  el("state").textContent = state;
  el("state").hidden = !state;
  root.classList.toggle("stopped", !d.running);
  root.classList.toggle("finished", d.phase === "finished");
  root.classList.toggle("on-break", Boolean(d.on_break));
  el("blinds").textContent = d.on_break ? t("live.after_break", { blinds: upcomingText(d.next_level) }) : blindsText(d);
  el("next").textContent = upcomingText(d.upcoming);
  el("break").textContent = d.on_break ? t("live.now") : clockText(reading.toBreak());
  el("players").textContent = t("live.left_of", { left: num(d.players_left), entries: num(d.entries) });
  el("average").textContent = num(d.average_stack);
  el("pool").textContent = money(d.prize_pool);
  el("chips").textContent = num(d.chips || d.entries * d.average_stack);
  const progress = reading.progress();
  const bar = el("progress");
  bar.hidden = progress === null || d.phase !== "running";
  if (progress !== null) {
    const percent = Math.round(progress * 100);
    el("bar").style.width = `${(progress * 100).toFixed(1)}%`;
    bar.setAttribute("aria-valuenow", String(percent));
    bar.setAttribute("aria-label", t(d.on_break ? "live.break_progress" : "live.level_progress"));
  }
  el("now").textContent = new Intl.DateTimeFormat(locale(), { hour: "2-digit", minute: "2-digit" }).format(new Date());
  // rebuys and add-ons where the tournament has any
  el("rebuys").textContent = num(d.rebuys || 0);
  el("add_ons").textContent = num(d.add_ons || 0);
  el("rebuys").parentElement.hidden = !d.rebuys && !d.add_ons;
  el("add_ons").parentElement.hidden = !d.rebuys && !d.add_ons;
  fitAll();
  const list = el("payouts");
  const shown = d.payouts.slice(0, 9);
  replace(
    list,
    shown.map((amount, k) => h("li", {}, h("span", { class: "wall-place" }, t("live.place_n", { place: k + 1 })), h("span", {}, money(amount)))),
  );
  if (d.payouts.length > shown.length) list.append(h("li", { class: "wall-more" }, t("live.more_places", { count: d.payouts.length - shown.length })));
}

const fitted = new WeakMap();

/** Shrink a figure's letters until it fits its box (never cut: "12 sur 30", "280 000"). */
function fit(box) {
  const key = `${box.textContent}|${box.clientWidth}|${window.innerHeight}`;
  if (fitted.get(box) === key) return;
  box.style.fontSize = "";
  box.style.whiteSpace = "";
  const start = parseFloat(getComputedStyle(box).fontSize);
  let size = start;
  // smaller letters down to half their size, then onto two lines ("12 500/25 000" over
  // "ante 2 500") rather than figures too small to read across the room
  while (box.scrollWidth > box.clientWidth + 1 && size > Math.max(10, start * 0.5)) {
    size *= 0.92;
    box.style.fontSize = `${size.toFixed(1)}px`;
  }
  if (box.scrollWidth > box.clientWidth + 1) {
    box.style.whiteSpace = "normal";
    while (box.scrollWidth > box.clientWidth + 1 && size > 8) {
      size *= 0.92;
      box.style.fontSize = `${size.toFixed(1)}px`;
    }
  }
  fitted.set(box, `${box.textContent}|${box.clientWidth}|${window.innerHeight}`);
}

function fitAll() {
  for (const box of root.querySelectorAll(".wall-value, .wall-blinds, .wall-time, .wall-level, .wall-state, .wall-title")) {
    if (box.getClientRects().length) fit(box);
  }
}

function announce(d) {
  const box = el("announce");
  box.textContent = d.on_break ? t("live.announce_break") : `${t("live.level_n", { level: d.level })} · ${blindsText(d)}`;
  box.hidden = false;
  tone();
  setTimeout(() => {
    box.hidden = true;
  }, 8000);
}

async function poll() {
  try {
    const data = await get(`/api/clock/${encodeURIComponent(id)}`);
    reading = new ClockReading(data);
    failures = 0;
    el("link").textContent = "";
    if (lastPeriod !== null && data.period !== lastPeriod && data.phase === "running") announce(data);
    lastPeriod = data.period;
    draw();
  } catch (error) {
    failures += 1;
    if (error.status === 404) {
      replace(root, h("p", { class: "wall-missing" }, t("live.no_such_clock")));
      return;
    }
    if (failures > 1) el("link").textContent = t("live.link_lost");
  }
  setTimeout(poll, POLL_MS);
}

const params = new URLSearchParams(location.search);
setLang(params.get("lang") || initialLang());
build();
setInterval(draw, 250);
window.addEventListener("resize", () => draw());
poll();
