// How many seats each table has. The table's frames do not say it (their info's
// max_players is the rules' maximum, not the table's size): the lobby's entries do.
import { connection } from "../ws.js";

const sizes = new Map();

/** Remember the sizes of the lobby's tables ({table, seats} entries). */
export function learn(entries) {
  for (const e of entries || []) if (e && e.table && e.seats) sizes.set(e.table, e.seats);
}

/** The size of `table`, asking the lobby once when it is not known yet. */
export async function sizeOf(table) {
  if (!sizes.has(table)) {
    const result = await connection.send("lobby", { watch: false });
    learn(result.tables);
  }
  return sizes.get(table) ?? null;
}
