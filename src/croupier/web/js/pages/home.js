// The front page: what croupier is, and the newcomer's path (register, chips, lobby, play).
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { me } from "../session.js";

/** Draw the front page into main. */
export function render(main) {
  const { user } = me();
  const parts = [
    h("h1", {}, t("home.title")),
    h("p", { class: "lead" }, t("home.lead")),
    user ? h("p", {}, t("home.hello", { name: user.screen_name })) : null,
    h(
      "section",
      { class: "panel", "aria-labelledby": "steps-title" },
      h("h2", { id: "steps-title" }, t("home.steps")),
      h(
        "ol",
        { class: "steps" },
        h("li", {}, t("home.step1")),
        h("li", {}, t("home.step2")),
        h("li", {}, t("home.step3")),
        h("li", {}, t("home.step4")),
      ),
      h(
        "div",
        { class: "cta" },
        user
          ? h("a", { class: "button primary", href: "#/lobby", id: "go-lobby" }, t("home.lobby"))
          : [
              h("a", { class: "button primary", href: "#/register", id: "go-register" }, t("home.register")),
              h("a", { class: "button", href: "#/login", id: "go-login" }, t("home.login")),
            ],
      ),
      h("p", { class: "muted" }, t("home.playmoney")),
    ),
  ];
  main.append(...parts.filter(Boolean));
}
