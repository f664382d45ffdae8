// Who is logged in, and his balance: from GET /api/me; listeners re-render on change.
import { ApiError, get, post } from "./api.js";

const listeners = new Set();
let state = { user: null, balance: null, known: false };

/** The current state: {user, balance, known} (known: /api/me has answered once). */
export function me() {
  return state;
}

function set(next) {
  state = { ...state, ...next, known: true };
  for (const fn of listeners) fn(state);
}

/** Ask the server who we are (null user when not logged in). */
export async function refreshMe() {
  try {
    const data = await get("/api/me");
    set({ user: data.user, balance: data.balance });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) set({ user: null, balance: null });
    else throw error;
  }
  return state;
}

/** After register or login: the answer's user and balance. */
export function loggedIn(data) {
  set({ user: data.user, balance: data.balance });
}

/** A new balance (cashier page, after a buy-in or a cash-out). */
export function setBalance(balance) {
  set({ balance });
}

/** Log out, then forget the user. */
export async function logout() {
  try {
    await post("/api/logout");
  } finally {
    set({ user: null, balance: null });
  }
}

/** Call fn(state) when who or the balance changes. */
export function onMe(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
