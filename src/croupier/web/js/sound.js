// Optional sounds (off by default): a short tone when it is the player's turn, a tick when
// the clock runs low. Made with WebAudio, no file to load.
import { getPrefs } from "./prefs.js";

let ctx = null;

function tone(freq, ms, volume = 0.08) {
  if (!getPrefs().sounds) return;
  try {
    ctx = ctx || new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = freq;
    gain.gain.value = volume;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + ms / 1000);
  } catch {
    /* no audio here */
  }
}

/** It is your turn. */
export function yourTurn() {
  tone(660, 120);
}

/** Your clock is running low. */
export function tick() {
  tone(990, 40, 0.05);
}

/** The sound of a table's event (off by default, as every sound): a card dealt, a check,
 * chips bet, a fold. */
export function forEvent(e) {
  if (e.type === "board" || e.type === "started") tone(520, 60, 0.05);
  else if (e.type === "acted" && e.kind === "check") tone(300, 50, 0.06);
  else if (e.type === "acted" && e.kind === "fold") tone(200, 80, 0.04);
  else if (e.type === "acted" || e.type === "posted") tone(760, 45, 0.05);
}
