/** What the tests of agents/neural share: real observations, and outputs compared number for number. */
import { expect } from 'vitest';
import { Rng, type GameDefinition } from '../../envs/index.js';
import type { NetworkOutput } from './policy.js';

/** Observations of the seat to act along a few random games: openings, middles and ends. */
export function observationsOf(def: GameDefinition, players: number, count: number, seed: string): Float32Array[] {
  const rng = Rng.fromSeed(seed);
  const out: Float32Array[] = [];
  let state = def.newGame({ players, seed });
  while (out.length < count) {
    if (state.isTerminal()) state = def.newGame({ players, seed: `${seed}:${out.length}` });
    out.push(state.observation(state.currentPlayer()));
    const legal = state.legalActions();
    state.applyAction(legal[rng.int(legal.length)]);
  }
  return out;
}

/** Every logit and value, number for number (Object.is: even the sign of a zero). */
export function expectSameOutput(got: NetworkOutput, want: NetworkOutput): void {
  expect(got.logits.length).toBe(want.logits.length);
  expect(got.value.length).toBe(want.value.length);
  for (let i = 0; i < want.logits.length; i++)
    if (!Object.is(got.logits[i], want.logits[i])) expect(got.logits[i]).toBe(want.logits[i]);
  for (let i = 0; i < want.value.length; i++)
    if (!Object.is(got.value[i], want.value[i])) expect(got.value[i]).toBe(want.value[i]);
}
