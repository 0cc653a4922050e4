/**
 * Records the golden playthroughs (OpenSpiel's playthrough files): for every game, every seat count
 * it allows and PLAYTHROUGHS_PER_COUNT seeds, one seeded random game, written to
 * test/playthroughs/<game>.json. test/playthroughs.test.ts replays every one of them and demands
 * identical results, so action numbers, draw order, observation encodings, views, saved states and
 * results cannot change by accident (test/playthroughs/README.md).
 *
 *   npx tsx scripts/record-playthroughs.ts [game ...]     (default: every game)
 *
 * Re-record only when a rules or encoding change is intended, and say why in the commit message.
 *
 * Hashing scheme (FORMAT 1). h(x) = the first 16 hex digits of sha256(x). One game:
 *   - the game is newGame({ players, seed: 'playthrough:<game>:<players>:<k>' }); the action at each
 *     decision is legal[rng.int(legal.length)] with rng = Rng.fromSeed('<seed>:actions'), until
 *     isTerminal() (the rules' own end, turn cap included; maxGameLength is only a safety bound);
 *   - `steps` has one entry per position, the start and the terminal position included (so
 *     actions.length + 1 entries), each 'T O V' (three hashes joined by spaces):
 *       T = h('<currentPlayer>|<legal actions joined by ,>')           the turn: seat to act, legal set
 *       O = h(observation(0) bytes ++ ... ++ observation(n-1) bytes)  every seat's Float32Array, raw
 *           little-endian bytes, in seat order, in one hash
 *       V = h(canon(view(0)) '\n' ... canon(view(n-1)) '\n' canon(view(-1)))  every seat's view and the
 *           spectator's, in one hash
 *     Every step is stored in full (no hash chain: the largest file is well under 1 MB), so the test
 *     names the first position that differs and which of T, O, V differed;
 *   - `final` holds ranking(), scores(), isTruncated() and stateHash = full sha256 of canon(toJSON()).
 * canon(x) is JSON.stringify with every object's keys sorted: values, array order and key names are
 * the contract, the order in which code happens to build an object's keys is not.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getGame, listGames, playerCounts, Rng, type GameDefinition } from '../envs/index.js';

export const PLAYTHROUGH_DIR = join('test', 'playthroughs');
export const PLAYTHROUGHS_PER_COUNT = 2;
export const FORMAT = 1;

export interface PlaythroughFinal {
  ranking: number[];
  scores: number[];
  truncated: boolean;
  /** Full sha256 (hex) of canon(toJSON()) of the terminal state. */
  stateHash: string;
}

export interface Playthrough {
  game: string;
  players: number;
  /** The game's seed (newGame). */
  seed: string;
  /** Seed of the Rng that chooses legal[rng.int(legal.length)] at every decision. */
  actionSeed: string;
  actions: number[];
  /** One 'T O V' entry per position, start and terminal included (see the header). */
  steps: string[];
  final: PlaythroughFinal;
}

export interface PlaythroughFile {
  about: string;
  format: number;
  recordedWith: string;
  game: string;
  playthroughs: Playthrough[];
}

const ABOUT =
  'Golden playthroughs (test/playthroughs/README.md): seeded random games replayed by test/playthroughs.test.ts, ' +
  'which must pass unchanged through refactors. Hashing (scripts/record-playthroughs.ts header): ' +
  'every step stored in full, no hash chain; ' +
  "steps[i] = 'T O V' before action i (last entry: the terminal position), h = first 16 hex of sha256; " +
  "T = h('<currentPlayer>|<legal,...>'), O = h(every seat's observation bytes, seat order), " +
  'V = h(key-sorted JSON of view(0..n-1) and view(-1), joined by newlines); ' +
  'final.stateHash = sha256 of key-sorted JSON of toJSON().';

export function playthroughSeed(game: string, players: number, k: number): string {
  return `playthrough:${game}:${players}:${k}`;
}

/** JSON.stringify with every object's keys sorted (after toJSON methods ran, undefined dropped as usual). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
    return sorted;
  });
}

function shortHash(h: ReturnType<typeof createHash>): string {
  return h.digest('hex').slice(0, 16);
}

/**
 * How the replay chooses: the recorded rule is legal[rng.int(legal.length)]. Tests swap it to
 * prove a change is caught.
 */
export type Chooser = (legal: number[], rng: Rng, step: number) => number;
export const seededChoice: Chooser = (legal, rng) => legal[rng.int(legal.length)];

/**
 * Plays one seeded game and records it. `def` is usually getGame(game); tests pass a wrapped one to
 * prove a changed game is caught.
 */
export function playThrough(
  def: GameDefinition,
  players: number,
  seed: string,
  actionSeed = `${seed}:actions`,
  choose: Chooser = seededChoice,
): Playthrough {
  const state = def.newGame({ players, seed });
  const rng = Rng.fromSeed(actionSeed);
  const bound = def.maxGameLength(players);
  const actions: number[] = [];
  const steps: string[] = [];
  for (;;) {
    const legal = state.legalActions();
    const turn = createHash('sha256').update(`${state.currentPlayer()}|${legal.join(',')}`);
    const obs = createHash('sha256');
    const views = createHash('sha256');
    for (let p = 0; p < players; p++) {
      const o = state.observation(p);
      obs.update(new Uint8Array(o.buffer, o.byteOffset, o.byteLength));
      views.update(`${canonicalJson(state.view(p))}\n`);
    }
    views.update(canonicalJson(state.view(-1)));
    steps.push(`${shortHash(turn)} ${shortHash(obs)} ${shortHash(views)}`);
    if (state.isTerminal()) break;
    if (actions.length >= bound) throw new Error(`${def.name} ${seed}: no end after maxGameLength ${bound} decisions`);
    const action = choose(legal, rng, actions.length);
    state.applyAction(action);
    actions.push(action);
  }
  return {
    game: def.name,
    players,
    seed,
    actionSeed,
    actions,
    steps,
    final: {
      ranking: state.ranking(),
      scores: state.scores(),
      truncated: state.isTruncated(),
      stateHash: createHash('sha256').update(canonicalJson(state.toJSON())).digest('hex'),
    },
  };
}

/** The recordings a game must have: every seat count, PLAYTHROUGHS_PER_COUNT seeds each. */
export function requiredPlaythroughs(game: string): { players: number; seed: string }[] {
  return playerCounts(getGame(game)).flatMap((players) =>
    Array.from({ length: PLAYTHROUGHS_PER_COUNT }, (_, k) => ({ players, seed: playthroughSeed(game, players, k) })),
  );
}

export function recordGame(game: string): PlaythroughFile {
  const def = getGame(game);
  return {
    about: ABOUT,
    format: FORMAT,
    recordedWith: 'npx tsx scripts/record-playthroughs.ts',
    game,
    playthroughs: requiredPlaythroughs(game).map((r) => playThrough(def, r.players, r.seed)),
  };
}

/** Compact JSON, one playthrough per line (valid JSON; a re-recording diffs per game). */
export function formatPlaythroughFile(file: PlaythroughFile): string {
  const { playthroughs, ...head } = file;
  const headText = JSON.stringify(head).slice(0, -1);
  return `${headText},"playthroughs":[\n${playthroughs.map((p) => JSON.stringify(p)).join(',\n')}\n]}\n`;
}

const PARTS = ['turn (seat to act or legal set)', 'observations', 'views'] as const;

/**
 * Every way `actual` differs from `expected`, most useful first: the first position whose hashes
 * differ (naming which of turn, observations and views) or whose chosen action differs, then the
 * final results. Empty when identical.
 */
export function comparePlaythroughs(expected: Playthrough, actual: Playthrough): string[] {
  const diffs: string[] = [];
  for (const key of ['game', 'players', 'seed', 'actionSeed'] as const) {
    if (expected[key] !== actual[key]) diffs.push(`${key}: expected ${expected[key]}, got ${actual[key]}`);
  }
  const n = Math.max(expected.steps.length, actual.steps.length);
  for (let i = 0; i < n; i++) {
    const e = expected.steps[i];
    const a = actual.steps[i];
    if (e === undefined || a === undefined) {
      diffs.push(
        `step ${i}: the game ${e === undefined ? 'goes on past' : 'ends before'} the recorded end ` +
          `(recorded ${expected.actions.length} actions, now ${actual.actions.length})`,
      );
      break;
    }
    if (e !== a) {
      const ep = e.split(' ');
      const ap = a.split(' ');
      const what = PARTS.filter((_, j) => ep[j] !== ap[j]);
      diffs.push(
        `step ${i} (after ${i} actions, first difference): ${what.join(', ')} differ (expected '${e}', got '${a}')`,
      );
      break;
    }
    if (i < expected.actions.length && i < actual.actions.length && expected.actions[i] !== actual.actions[i]) {
      diffs.push(
        `action ${i} (first difference): expected ${expected.actions[i]}, got ${actual.actions[i]} ` +
          '(same position: the choice rule changed)',
      );
      break;
    }
  }
  if (diffs.length) {
    const differing =
      expected.steps.filter((e, i) => actual.steps[i] !== e).length +
      Math.max(0, actual.steps.length - expected.steps.length);
    if (differing) diffs.push(`positions: ${differing} of ${n} differ in all`);
  }
  if (expected.actions.length !== actual.actions.length) {
    diffs.push(`length: expected ${expected.actions.length} actions, got ${actual.actions.length}`);
  }
  const ef = expected.final;
  const af = actual.final;
  if (ef.ranking.join() !== af.ranking.join()) diffs.push(`ranking: expected [${ef.ranking}], got [${af.ranking}]`);
  if (ef.scores.join() !== af.scores.join()) diffs.push(`scores: expected [${ef.scores}], got [${af.scores}]`);
  if (ef.truncated !== af.truncated) diffs.push(`truncated: expected ${ef.truncated}, got ${af.truncated}`);
  if (ef.stateHash !== af.stateHash)
    diffs.push(`final toJSON hash: expected ${ef.stateHash.slice(0, 16)}…, got ${af.stateHash.slice(0, 16)}…`);
  return diffs;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const games = process.argv.slice(2).length ? process.argv.slice(2) : listGames();
  mkdirSync(PLAYTHROUGH_DIR, { recursive: true });
  for (const game of games) {
    const started = performance.now();
    const text = formatPlaythroughFile(recordGame(game));
    const path = join(PLAYTHROUGH_DIR, `${game}.json`);
    writeFileSync(path, text);
    console.log(
      `${path}: ${(text.length / 1024).toFixed(0)} KB, ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
}
