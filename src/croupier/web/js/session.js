// Who is logged in, and his balance: from GET /api/me; listeners re-render on change.
import { get, post } from "./api.js";

/** The roles that may use the floor's console. */
export const FLOOR_ROLES = ["floor", "admin"];

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

/** Ask the server who we are (null user when not logged in: /api/session answers 200). */
export async function refreshMe() {
  const data = await get("/api/session");
  set({ user: data.user, balance: data.balance });
  return state;
}

/** Whether the logged-in user may use the floor's console (its code is loaded only then). */
export function isFloor() {
  const user = state.user;
  return Boolean(user && FLOOR_ROLES.includes(user.role));
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
