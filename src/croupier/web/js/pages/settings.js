// Display settings: four-colour deck, animations, sounds (off by default).
import { h, newId, toast } from "../dom.js";
import { t } from "../i18n.js";
import { getPrefs, setPrefs } from "../prefs.js";
import { cardEl } from "../cards.js";

function toggle(key, label, help) {
  const id = newId(key);
  const input = h("input", { type: "checkbox", id, checked: getPrefs()[key] });
  input.addEventListener("change", () => {
    setPrefs({ [key]: input.checked });
    toast(t("settings.saved"), "ok");
  });
  return h(
    "div",
    { class: "check" },
    input,
    h("label", { for: id }, label, help ? h("span", { class: "help muted" }, ` — ${help}`) : null),
  );
}

/** Draw the settings page. */
export function render(main) {
  main.append(
    h("h1", {}, t("settings.title")),
    h(
      "div",
      { class: "panel stack-gap" },
      toggle("fourColour", t("settings.four_colour")),
      h("p", { class: "cards", "aria-hidden": "true" }, ["As", "Kh", "Qd", "Jc"].map((c) => cardEl(c))),
      toggle("animations", t("settings.animations")),
      toggle("sounds", t("settings.sounds"), t("settings.sounds_help")),
      toggle("greyFreeFold", t("settings.fold_free_off")),
      toggle("turnTitle", t("settings.turn_title")),
    ),
  );
}
