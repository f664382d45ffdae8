// The player's display preferences, kept in the browser: four-colour deck, animations, sounds,
// Fold greyed when checking is free (else it asks once), the tab's title at one's turn.
// Sounds are off by default; animations follow the system's "reduce motion" unless chosen.

const KEY = "croupier.prefs";
const listeners = new Set();

function defaults() {
  const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  return { fourColour: false, animations: !reduce, sounds: false, greyFreeFold: false, turnTitle: true };
}

let prefs = load();

function load() {
  try {
    return { ...defaults(), ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return defaults();
  }
}

/** The current preferences (a copy). */
export function getPrefs() {
  return { ...prefs };
}

/** Change some preferences; remembered; the page's classes follow. */
export function setPrefs(changes) {
  prefs = { ...prefs, ...changes };
  try {
    localStorage.setItem(KEY, JSON.stringify(prefs));
  } catch {
    /* not kept */
  }
  applyPrefs();
  for (const fn of listeners) fn(getPrefs());
}

/** Put the preferences on <html> as classes (four-colour, no-animations). */
export function applyPrefs() {
  const root = document.documentElement;
  root.classList.toggle("four-colour", Boolean(prefs.fourColour));
  root.classList.toggle("no-animations", !prefs.animations);
}

/** Call fn(prefs) when they change. */
export function onPrefs(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
