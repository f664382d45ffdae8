// Register (identity CAS-3, adult POK-1-2, the room's rules POK-1-1) and log in, with clear
// errors next to the field they are about, and the server's own words otherwise.
import { ApiError, get, post } from "../api.js";
import { h, newId, toast } from "../dom.js";
import { lang, money, t } from "../i18n.js";
import { loggedIn } from "../session.js";
import { RULES_TRANSLATIONS } from "./rules_text.js";

function field({ name, label, type = "text", help = "", autocomplete = "", extra = {} }) {
  const id = newId(name);
  const helpId = help ? `${id}-help` : null;
  const errId = `${id}-err`;
  const input = h("input", {
    id,
    name,
    type,
    autocomplete,
    "aria-describedby": [helpId, errId].filter(Boolean).join(" "),
    ...extra,
  });
  const error = h("span", { id: errId, class: "error", hidden: true });
  const box = h(
    "div",
    { class: "field" },
    h("label", { for: id }, label),
    input,
    help ? h("span", { id: helpId, class: "help" }, help) : null,
    error,
  );
  return { box, input, error };
}

function showError(f, text) {
  f.error.textContent = text;
  f.error.hidden = !text;
  f.input.setAttribute("aria-invalid", text ? "true" : "false");
}

function formError(box, text) {
  box.textContent = text;
  box.hidden = !text;
  if (text) box.focus();
}

function go(path) {
  location.hash = path;
}

/** The registration page. */
export async function renderRegister(main) {
  const rules = await get("/api/rules");
  const fullName = field({ name: "full_name", label: t("auth.full_name"), help: t("auth.full_name_help"), autocomplete: "name", extra: { required: true, maxlength: 100 } });
  const screen = field({ name: "screen_name", label: t("auth.screen_name"), help: t("auth.screen_name_help"), autocomplete: "username", extra: { required: true, maxlength: 32, pattern: "[A-Za-z0-9_.\\-]+" } });
  const password = field({ name: "password", label: t("auth.password"), type: "password", help: t("auth.password_help"), autocomplete: "new-password", extra: { required: true, minlength: 8 } });
  const birth = field({ name: "date_of_birth", label: t("auth.date_of_birth"), type: "date", autocomplete: "bday" });
  const adultId = newId("adult");
  const adult = h("input", { type: "checkbox", id: adultId, name: "adult", required: true });
  const acceptId = newId("accept");
  const accept = h("input", { type: "checkbox", id: acceptId, name: "accept_rules", required: true });
  const rulesTitle = newId("rules");
  const translated = RULES_TRANSLATIONS[rules.version]?.[lang()];
  const problem = h("p", { class: "error", role: "alert", tabindex: "-1", hidden: true, id: "form-error" });
  const submit = h("button", { type: "submit", class: "primary" }, t("auth.submit_register"));
  const form = h(
    "form",
    { class: "stack", novalidate: true, "aria-labelledby": "register-title" },
    fullName.box,
    screen.box,
    password.box,
    birth.box,
    h("div", { class: "check" }, adult, h("label", { for: adultId }, t("auth.adult", { age: rules.adult_age }))),
    h(
      "section",
      { "aria-labelledby": rulesTitle },
      h("h2", { id: rulesTitle }, t("auth.rules", { version: rules.version })),
      translated ? h("div", { class: "rules-text", lang: lang() }, reflow(translated)) : null,
      translated ? h("p", { class: "muted" }, t("auth.rules_translated")) : null,
      h("div", { class: "rules-text", tabindex: "0", lang: "en", "aria-label": t("auth.rules", { version: rules.version }) }, reflow(rules.text)),
    ),
    h("div", { class: "check" }, accept, h("label", { for: acceptId }, t("auth.accept"))),
    problem,
    h("div", { class: "row" }, submit, h("a", { href: "#/login" }, t("auth.have_account"))),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    for (const f of [fullName, screen, password, birth]) showError(f, "");
    formError(problem, "");
    let bad = null;
    for (const [f, label] of [[fullName, t("auth.full_name")], [screen, t("auth.screen_name")], [password, t("auth.password")]]) {
      if (!f.input.value.trim()) {
        showError(f, t("auth.need_field", { field: label }));
        bad = bad || f.input;
      }
    }
    if (password.input.value && password.input.value.length < 8) {
      showError(password, t("auth.short_password"));
      bad = bad || password.input;
    }
    if (!adult.checked && !bad) {
      formError(problem, t("auth.need_adult"));
      adult.focus();
      return;
    }
    if (!accept.checked && !bad) {
      formError(problem, t("auth.need_rules"));
      accept.focus();
      return;
    }
    if (bad) {
      bad.focus();
      return;
    }
    const body = {
      full_name: fullName.input.value.trim(),
      screen_name: screen.input.value.trim(),
      password: password.input.value,
      accept_rules: true,
      rules_version: rules.version,
    };
    if (birth.input.value) body.date_of_birth = birth.input.value;
    else body.adult = true;
    submit.disabled = true;
    try {
      const data = await post("/api/register", body);
      loggedIn(data);
      toast(t("auth.welcome", { name: data.user.screen_name, amount: money(data.balance) }), "ok");
      go("#/lobby");
    } catch (error) {
      const message = error instanceof ApiError ? error.message : String(error);
      const fields = { full_name: fullName, screen_name: screen, password, date_of_birth: birth };
      const key = Object.keys(fields).find((k) => message.startsWith(k));
      if (key) showError(fields[key], message);
      formError(problem, t("auth.failed", { message }));
    } finally {
      submit.disabled = false;
    }
  });
  main.append(h("h1", { id: "register-title" }, t("auth.register")), h("div", { class: "panel" }, form));
  fullName.input.focus();
}

/** The login page. */
export function renderLogin(main, params) {
  const screen = field({ name: "screen_name", label: t("auth.screen_name"), autocomplete: "username", extra: { required: true } });
  const password = field({ name: "password", label: t("auth.password"), type: "password", autocomplete: "current-password", extra: { required: true } });
  const problem = h("p", { class: "error", role: "alert", tabindex: "-1", hidden: true, id: "form-error" });
  const submit = h("button", { type: "submit", class: "primary" }, t("auth.submit_login"));
  const form = h(
    "form",
    { class: "stack", novalidate: true, "aria-labelledby": "login-title" },
    params.need ? h("p", { class: "notice" }, t("auth.need_login")) : null,
    screen.box,
    password.box,
    problem,
    h("div", { class: "row" }, submit, h("a", { href: "#/register" }, t("auth.no_account"))),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    formError(problem, "");
    for (const [f, label] of [[screen, t("auth.screen_name")], [password, t("auth.password")]]) {
      showError(f, f.input.value ? "" : t("auth.need_field", { field: label }));
    }
    if (!screen.input.value || !password.input.value) {
      (screen.input.value ? password.input : screen.input).focus();
      return;
    }
    submit.disabled = true;
    try {
      const data = await post("/api/login", { screen_name: screen.input.value.trim(), password: password.input.value });
      loggedIn(data);
      go(params.next || "#/lobby");
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        formError(problem, t("auth.locked", { seconds: error.retryAfter || "?" }));
      } else {
        formError(problem, t("auth.login_failed", { message: error.message }));
      }
    } finally {
      submit.disabled = false;
    }
  });
  main.append(h("h1", { id: "login-title" }, t("auth.login")), h("div", { class: "panel" }, form));
  screen.input.focus();
}

/** The rules' text as paragraphs the box wraps itself: the lines a paragraph was cut into
 * are joined (a blank line, a list's item or a numbered line still starts a new one). */
function reflow(text) {
  return String(text).replace(/([^\n])\n(?!\n|\s*(?:[-*•]|\d+[.)])\s)/g, "$1 ");
}
