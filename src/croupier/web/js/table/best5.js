// The five cards that make a hand (to light the winning five at the showdown): the best
// five of a player's cards and the board, ranked as the engine ranks them (high card to
// straight flush, the wheel A-2-3-4-5 the lowest straight).
const RANKS = "23456789TJQKA";

/** The score of five cards: a category 0-8 then the ranks that break ties, comparable as
 * arrays. */
export function score5(cards) {
  const ranks = cards.map((c) => RANKS.indexOf(c[0])).sort((a, b) => b - a);
  const flush = cards.every((c) => c[1] === cards[0][1]);
  const distinct = [...new Set(ranks)];
  let straight = -1;
  if (distinct.length === 5) {
    if (ranks[0] - ranks[4] === 4) straight = ranks[0];
    else if (ranks[0] === 12 && ranks[1] === 3) straight = 3; // the wheel
  }
  const counts = distinct.map((r) => [ranks.filter((x) => x === r).length, r]).sort((a, b) => b[0] - a[0] || b[1] - a[1]);
  const byCount = counts.map(([, r]) => r);
  if (straight >= 0 && flush) return [8, straight];
  if (counts[0][0] === 4) return [7, ...byCount];
  if (counts[0][0] === 3 && counts[1][0] === 2) return [6, ...byCount];
  if (flush) return [5, ...ranks];
  if (straight >= 0) return [4, straight];
  if (counts[0][0] === 3) return [3, ...byCount];
  if (counts[0][0] === 2 && counts[1][0] === 2) return [2, ...byCount];
  if (counts[0][0] === 2) return [1, ...byCount];
  return [0, ...ranks];
}

function better(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if ((a[i] ?? -1) !== (b[i] ?? -1)) return (a[i] ?? -1) > (b[i] ?? -1);
  }
  return false;
}

/** The best five of `cards` (five to seven card codes like "Ah"), or null with fewer. */
export function bestFive(cards) {
  if (!cards || cards.length < 5) return null;
  let best = null;
  let bestScore = null;
  const n = cards.length;
  const pick = (start, chosen) => {
    if (chosen.length === 5) {
      const s = score5(chosen);
      if (!bestScore || better(s, bestScore)) {
        best = chosen.slice();
        bestScore = s;
      }
      return;
    }
    for (let i = start; i <= n - (5 - chosen.length); i += 1) pick(i + 1, chosen.concat([cards[i]]));
  };
  pick(0, []);
  return best;
}
