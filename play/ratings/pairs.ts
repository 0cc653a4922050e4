/**
 * A multiplayer game seen as all its pairwise results (architecture "Tournaments"): every two
 * seats held by different agents give one result, 1 / 0.5 / 0 for the first by their places.
 */
export interface PairResult {
  a: string;
  b: string;
  /** a's score against b: 1 ahead, 0.5 same place, 0 behind. */
  score: number;
}

export function pairResults(seats: readonly string[], ranking: readonly number[]): PairResult[] {
  const out: PairResult[] = [];
  for (let i = 0; i < seats.length; i++) {
    for (let j = i + 1; j < seats.length; j++) {
      if (seats[i] === seats[j]) continue; // an agent against its own copy tells nothing about ratings
      const score = ranking[i] < ranking[j] ? 1 : ranking[i] === ranking[j] ? 0.5 : 0;
      out.push({ a: seats[i], b: seats[j], score });
    }
  }
  return out;
}
