// The HTTP API (JSON under /api): the session's CSRF token goes with every change.

let csrf = "";

/** An error answered by the server: .status, .code, .message (its words). */
export class ApiError extends Error {
  constructor(status, code, message, retryAfter) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

/** Remember the CSRF token the server gave (login, register, me, csrf). */
export function setCsrf(token) {
  if (token) csrf = token;
}

async function answer(response) {
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const code = (data && data.error) || "http_error";
    const message = (data && data.message) || `${response.status} ${response.statusText}`;
    const retry = Number(response.headers.get("Retry-After")) || null;
    if (code === "database_unavailable") window.dispatchEvent(new Event("croupier:database-unavailable"));
    throw new ApiError(response.status, code, message, retry);
  }
  if (data && data.csrf_token) setCsrf(data.csrf_token);
  return data;
}

/** GET /api/...: the JSON answer, or an ApiError. */
export async function get(path) {
  const response = await fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } });
  return answer(response);
}

/** POST a JSON body with the CSRF token (fetched first when there is none yet). */
export async function post(path, body = {}) {
  if (!csrf) await get("/api/csrf");
  const response = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": csrf },
    body: JSON.stringify(body),
  });
  return answer(response);
}

/** A text download (a hand history): its body as text. */
export async function text(path) {
  const response = await fetch(path, { credentials: "same-origin" });
  if (!response.ok) {
    await answer(response);
  }
  return response.text();
}
