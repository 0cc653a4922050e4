/**
 * Golden playthroughs (test/playthroughs/README.md): every recorded seeded game of every game and
 * seat count is replayed from newGame with the same seeded choices and must give the same actions,
 * the same per-step hashes, the same ranking and scores and the same final saved state.
 *
 * Hashing (scripts/record-playthroughs.ts header has the details): every step is stored in full, no
 * hash chain. steps[i] = 'T O V', three 16-hex sha256 prefixes of the position before action i (the
 * last entry is the terminal position): T the seat to act and the legal set, O every seat's
 * observation bytes in one hash, V every seat's view and the spectator's (key-sorted JSON) in one
 * hash; final.stateHash is the full sha256 of the key-sorted JSON of toJSON().
 *
 * The final saved state is compared in today's format (inTodaysFormat below); the recorded hash is of
 * the version-1 JSON kept in test/saved-states/v1.
 *
 * A failure names the first step that differs and what differed. Re-record only for an intended
 * rules change: npx tsx scripts/record-playthroughs.ts <game>, with the reason in the commit message.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { getGame, listGames, type GameDefinition, type GameState } from '../envs/index.js';
import { SAVED_STATES_DIR, type SavedStateSample } from '../scripts/record-saved-states.js';
import {
  canonicalJson,
  comparePlaythroughs,
  FORMAT,
  playThrough,
  PLAYTHROUGH_DIR,
  requiredPlaythroughs,
  type Playthrough,
  type PlaythroughFile,
} from '../scripts/record-playthroughs.js';

const files = new Map<string, PlaythroughFile>(
  readdirSync(PLAYTHROUGH_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const file = JSON.parse(readFileSync(join(PLAYTHROUGH_DIR, f), 'utf8')) as PlaythroughFile;
      return [f.slice(0, -'.json'.length), file];
    }),
);

function replay(recorded: Playthrough, def: GameDefinition = getGame(recorded.game)): Playthrough {
  return playThrough(def, recorded.players, recorded.seed, recorded.actionSeed);
}

describe('golden playthroughs: coverage', () => {
  test('every game and every seat count it allows has its recordings; no fixture of an unknown game', () => {
    for (const game of listGames()) {
      const file = files.get(game);
      expect(
        file,
        `test/playthroughs/${game}.json is missing: npx tsx scripts/record-playthroughs.ts ${game}`,
      ).toBeDefined();
      expect(file!.format).toBe(FORMAT);
      expect(file!.game).toBe(game);
      const recorded = file!.playthroughs.map((p) => `${p.players} ${p.seed}`);
      for (const r of requiredPlaythroughs(game)) {
        expect(
          recorded,
          `${game}: no recording of ${r.players} players, seed ${r.seed} ` +
            `(npx tsx scripts/record-playthroughs.ts ${game})`,
        ).toContain(`${r.players} ${r.seed}`);
      }
    }
    expect([...files.keys()].sort()).toEqual([...listGames()].sort());
  });

  test('every fixture file stays well under 1 MB', () => {
    for (const game of files.keys())
      expect(statSync(join(PLAYTHROUGH_DIR, `${game}.json`)).size).toBeLessThan(512 * 1024);
  });
});

/**
 * The recording with its final-state hash carried to today's saved-state format. The recorded hash
 * is of the version-1 JSON, which test/saved-states/v1 holds (its hash is checked here): loaded and
 * saved again by today's code, it must be exactly the replayed game's final state.
 */
function inTodaysFormat(recorded: Playthrough): Playthrough {
  const corpus = JSON.parse(readFileSync(join(SAVED_STATES_DIR, 'v1', `${recorded.game}.json`), 'utf8')) as {
    samples: SavedStateSample[];
  };
  const saved = corpus.samples.find((s) => s.seed === recorded.seed && s.step === recorded.actions.length);
  if (!saved) throw new Error(`${recorded.seed}: its final state is missing from test/saved-states/v1`);
  expect(createHash('sha256').update(canonicalJson(saved.json)).digest('hex')).toBe(recorded.final.stateHash);
  const today = getGame(recorded.game).fromJSON(saved.json).toJSON();
  const stateHash = createHash('sha256').update(canonicalJson(today)).digest('hex');
  return { ...recorded, final: { ...recorded.final, stateHash } };
}

describe.each(listGames())('%s: golden playthroughs replay identically', (game) => {
  const recordings = files.get(game)?.playthroughs ?? [];
  test.each(recordings.map((p) => [`${p.players} players, ${p.seed}`, p] as const))('%s', (_label, recorded) => {
    const replayed = replay(recorded);
    const expected = inTodaysFormat(recorded);
    expect(comparePlaythroughs(expected, replayed), `${recorded.seed} differs from its recording`).toEqual([]);
    expect(replayed).toStrictEqual(expected);
  });
});

// The comparison helper reports changes: each game below is changed in memory only (a wrapped
// definition or a swapped choice) and replayed against its recording.

function recording(game: string, players: number): Playthrough {
  const p = files.get(game)?.playthroughs.find((r) => r.players === players);
  if (!p) throw new Error(`no recording of ${game} with ${players} players`);
  return p;
}

/** `def` whose new states are changed by `patch` (given the state and a count of actions applied so far). */
function changed(def: GameDefinition, patch: (state: GameState, applied: () => number) => void): GameDefinition {
  const wrapped: GameDefinition = Object.create(def) as GameDefinition;
  return Object.assign(wrapped, {
    newGame: (options: Parameters<GameDefinition['newGame']>[0]) => {
      const state = def.newGame(options);
      let count = 0;
      const apply = state.applyAction.bind(state);
      state.applyAction = (a: number) => {
        apply(a);
        count++;
      };
      patch(state, () => count);
      return state;
    },
  });
}

describe('golden playthroughs: the comparison catches every kind of change', () => {
  test('one action swapped: the first differing action is named, and how many positions differ', () => {
    const recorded = recording('cityplan', 3);
    const replayed = playThrough(
      getGame('cityplan'),
      recorded.players,
      recorded.seed,
      recorded.actionSeed,
      (legal, rng, step) => {
        const i = rng.int(legal.length);
        return step === 5 && legal.length > 1 ? legal[(i + 1) % legal.length] : legal[i];
      },
    );
    const diffs = comparePlaythroughs(inTodaysFormat(recorded), replayed);
    expect(diffs[0]).toMatch(/^action 5 \(first difference\): expected \d+, got \d+/);
    // The position after it differs (this game reaches the recorded end by another order of moves).
    expect(diffs[1]).toMatch(new RegExp(`^positions: \\d+ of ${recorded.steps.length} differ in all$`));
    expect(replayed.steps[6]).not.toBe(recorded.steps[6]);
  });

  test('a changed observation encoding: the step and "observations" are named, nothing else at that step', () => {
    const recorded = recording('cityplan', 2);
    const def = changed(getGame('cityplan'), (state, applied) => {
      const observe = state.observation.bind(state);
      state.observation = (p: number) => {
        const o = observe(p);
        if (applied() >= 10 && p === 1) o[0] += 1;
        return o;
      };
    });
    const diffs = comparePlaythroughs(inTodaysFormat(recorded), replay(recorded, def));
    expect(diffs[0]).toMatch(/^step 10 \(after 10 actions, first difference\): observations differ \(/);
    expect(diffs.slice(1)).toEqual([
      `positions: ${recorded.steps.length - 10} of ${recorded.steps.length} differ in all`,
    ]);
  });

  test('a changed legal set: the step and "turn" are named', () => {
    const recorded = recording('promotion', 4);
    const def = changed(getGame('promotion'), (state, applied) => {
      const legalActions = state.legalActions.bind(state);
      state.legalActions = () => {
        const legal = legalActions();
        return applied() === 3 && legal.length > 1 ? legal.slice(1) : legal;
      };
    });
    expect(comparePlaythroughs(inTodaysFormat(recorded), replay(recorded, def))[0]).toMatch(
      /^step 3 .*turn \(seat to act or legal set\) differ/,
    );
  });

  test('a changed view (the spectator sees one more field): "views" are named', () => {
    const recorded = recording('tictactoe', 2);
    const def = changed(getGame('tictactoe'), (state) => {
      const view = state.view.bind(state);
      state.view = (p: number) => (p === -1 ? { ...view(p), extra: 1 } : view(p));
    });
    expect(comparePlaythroughs(inTodaysFormat(recorded), replay(recorded, def))[0]).toMatch(/^step 0 .*: views differ/);
  });

  test('a changed draw order (another game seed behind the same name): caught at the deal', () => {
    const recorded = recording('filthyrich', 4);
    const base = getGame('filthyrich');
    const def: GameDefinition = Object.assign(Object.create(base) as GameDefinition, {
      newGame: (o: Parameters<GameDefinition['newGame']>[0]) => base.newGame({ ...o, seed: `${o.seed}!` }),
    });
    expect(comparePlaythroughs(inTodaysFormat(recorded), replay(recorded, def))[0]).toMatch(
      /^step 0 .*observations.*views differ/,
    );
  });

  test('changed results alone: ranking, scores, truncation and saved state are each named', () => {
    const recorded = recording('tictactoe', 2);
    const replayed = replay(recorded);
    replayed.final = {
      ranking: [...replayed.final.ranking].reverse(),
      scores: replayed.final.scores.map((s) => s + 1),
      truncated: !replayed.final.truncated,
      stateHash: '0'.repeat(64),
    };
    expect(comparePlaythroughs(inTodaysFormat(recorded), replayed).map((d) => d.split(':')[0])).toEqual([
      'ranking',
      'scores',
      'truncated',
      'final toJSON hash',
    ]);
  });

  test('a game that ends earlier or later is named as such', () => {
    const recorded = recording('tictactoe', 2);
    const shorter: Playthrough = {
      ...recorded,
      actions: recorded.actions.slice(0, -1),
      steps: recorded.steps.slice(0, -1),
    };
    expect(comparePlaythroughs(recorded, shorter)[0]).toMatch(/^step \d+: the game ends before the recorded end/);
    expect(comparePlaythroughs(shorter, recorded)[0]).toMatch(/^step \d+: the game goes on past the recorded end/);
  });
});
