// What a user typed or chose in a page that redraws itself (the floor's consoles refresh
// every few seconds): fields he edited are put back, by id, after each redraw, with the focus.

/** Mark the fields of `root` the user edits (one listener for all of them). */
export function watchEdits(root) {
  const mark = (event) => {
    if (event.target && event.target.dataset) event.target.dataset.edited = "1";
  };
  root.addEventListener("input", mark, true);
  root.addEventListener("change", mark, true);
}

/** Redraw `root` by calling draw() (it may return a promise), keeping what was typed or
 * chosen in its edited fields (matched by id) and the focus. */
export function keepTyped(root, draw) {
  const kept = new Map();
  for (const el of root.querySelectorAll("input[id][data-edited], select[id][data-edited], textarea[id][data-edited]")) {
    kept.set(el.id, el.type === "checkbox" || el.type === "radio" ? el.checked : el.value);
  }
  const active = document.activeElement;
  const focused = active && active !== document.body && root.contains(active) && active.id ? active.id : null;
  const restore = () => {
    for (const [id, value] of kept) {
      const el = root.querySelector(`#${CSS.escape(id)}`);
      if (!el || el.dataset.edited) continue; // the same field, not drawn again
      if (el.type === "checkbox" || el.type === "radio") el.checked = value;
      else el.value = value;
      el.dataset.edited = "1";
    }
    if (focused && document.activeElement !== root.querySelector(`#${CSS.escape(focused)}`)) {
      const again = root.querySelector(`#${CSS.escape(focused)}`);
      if (again && (!document.activeElement || document.activeElement === document.body)) again.focus({ preventScroll: true });
    }
  };
  const result = draw();
  if (result && typeof result.then === "function") return result.then((value) => (restore(), value));
  restore();
  return result;
}
