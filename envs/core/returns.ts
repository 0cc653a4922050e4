/**
 * Returns from a ranking: the one place in the project where rewards are defined (architecture).
 * A seat's return is (seats ranked below it - seats ranked above it) / (players - 1): in [-1, 1],
 * zero-sum, +1 for a sole winner, equal for seats that share a place.
 */
export function returnsFromRanking(ranking: readonly number[]): number[] {
  const n = ranking.length;
  if (n < 2) return ranking.map(() => 0);
  return ranking.map((place) => {
    let below = 0;
    let above = 0;
    for (const other of ranking) {
      if (other > place) below++;
      else if (other < place) above++;
    }
    return (below - above) / (n - 1);
  });
}

/**
 * Competition ranking ("1224") from per-seat sort keys compared lexicographically, higher better:
 * a seat's place is the number of seats with a strictly better key.
 */
export function rankByKeys(keys: readonly (readonly number[])[]): number[] {
  return keys.map((mine) => keys.filter((other) => compareKeys(other, mine) > 0).length);
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** True if `ranking` is a valid competition ranking (every place = number of seats strictly ahead). */
export function isCompetitionRanking(ranking: readonly number[]): boolean {
  return ranking.every((place) => Number.isInteger(place) && place === ranking.filter((other) => other < place).length);
}

/**
 * A terminal state's returns divided by the game's returnScale: in [-1, 1], zero-sum. Searches,
 * value targets and value heads work on this scale (for games whose returns come from the
 * ranking, returnScale is 1 and this is returns() unchanged).
 */
export function normalizedReturns(state: { returns(): number[] }, def: { readonly returnScale: number }): number[] {
  const returns = state.returns();
  if (def.returnScale === 1) return returns;
  return returns.map((r) => r / def.returnScale);
}
