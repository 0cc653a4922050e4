/**
 * Saved states of older format versions still load: test/saved-states/v1 holds states written by
 * the version-1 savers (scripts/record-saved-states.ts, recorded once and never re-recorded) at
 * four points of every golden playthrough. Each must load with today's fromJSON as the very
 * position the replayed game reaches at that step, and play on identically.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { getGame, listGames } from '../envs/index.js';
import { canonicalJson, PLAYTHROUGH_DIR, type PlaythroughFile } from '../scripts/record-playthroughs.js';
import { SAVED_STATES_DIR, type SavedStateSample } from '../scripts/record-saved-states.js';

function corpus(game: string): SavedStateSample[] {
  const file = JSON.parse(readFileSync(join(SAVED_STATES_DIR, 'v1', `${game}.json`), 'utf8')) as {
    samples: SavedStateSample[];
  };
  return file.samples;
}

function playthroughs(game: string): PlaythroughFile {
  return JSON.parse(readFileSync(join(PLAYTHROUGH_DIR, `${game}.json`), 'utf8')) as PlaythroughFile;
}

describe.each(listGames())('%s: version-1 saved states load as the same positions', (game) => {
  const def = getGame(game);
  const recorded = playthroughs(game).playthroughs;

  test('the corpus is what the version-1 saver wrote: its final states hash to the golden recordings', () => {
    for (const p of recorded) {
      const last = corpus(game).find((s) => s.seed === p.seed && s.step === p.actions.length);
      expect(last, `${p.seed}: no final state in the corpus`).toBeDefined();
      const hash = createHash('sha256').update(canonicalJson(last!.json)).digest('hex');
      expect(hash, `${p.seed}: corpus final state`).toBe(p.final.stateHash);
    }
  });

  test('every sample loads, equals the replayed position and plays on to the recorded end', () => {
    const samples = corpus(game);
    expect(samples.length).toBeGreaterThanOrEqual(recorded.length * 3);
    for (const sample of samples) {
      const p = recorded.find((r) => r.seed === sample.seed)!;
      const replayed = def.newGame({ players: p.players, seed: p.seed });
      for (let i = 0; i < sample.step; i++) replayed.applyAction(p.actions[i]);
      const loaded = def.fromJSON(sample.json);
      const where = `${sample.seed} after ${sample.step} actions`;
      expect(loaded.toJSON(), where).toEqual(replayed.toJSON());
      for (let i = sample.step; i < p.actions.length; i++) {
        expect(loaded.legalActions(), `${where}, action ${i}`).toEqual(replayed.legalActions());
        loaded.applyAction(p.actions[i]);
        replayed.applyAction(p.actions[i]);
      }
      expect(loaded.isTerminal()).toBe(true);
      expect(loaded.ranking()).toEqual(p.final.ranking);
    }
  });
});
