/**
 * The self-play vector env: the caller plays every seat. Each env must play the very game the AEC
 * env plays on its seed, seat for seat and reward for reward; endings, resets and masks follow the
 * rules in docs/environments.md ("Self-play"); threads change nothing.
 */
import { afterAll, describe, expect, test } from 'vitest';
import {
  AECEnv,
  IllegalActionError,
  Rng,
  getGame,
  makeSelfPlayVectorEnv,
  returnsFromRanking,
  type AutoresetMode,
  type SelfPlayVectorEnvOptions,
  type SyncVectorEnv,
  type VectorEnv,
  type VectorStep,
} from '../index.js';
import { trajectory } from '../../test/vector-trajectory.js';

const opened: VectorEnv[] = [];
afterAll(() => Promise.all(opened.map((e) => e.close())));

function open(game: string, options: SelfPlayVectorEnvOptions): VectorEnv {
  const env = makeSelfPlayVectorEnv(game, options);
  opened.push(env);
  return env;
}

const row = (a: ArrayLike<number>, i: number, width: number) => Array.from(a).slice(i * width, (i + 1) * width);

/** A masked random action for every env (all-one rows included). */
const sample = (env: VectorEnv, out: VectorStep, rng: Rng) => env.actionSpace.sample(rng, out.actionMasks);

describe('self-play vector env', () => {
  test('tic-tac-toe, first legal action: seats alternate from 0, X wins at its 4th mark, the next step resets', () => {
    const env = open('tictactoe', { num: 1, seed: 1 });
    let out = env.reset();
    const seats: number[] = [];
    for (let t = 0; t < 7; t++) {
      expect([out.terminated[0], out.truncated[0], ...out.rewards]).toEqual([0, 0, 0, 0]);
      seats.push(out.infos.seat[0]);
      out = env.step([out.actionMasks.indexOf(1)]);
    }
    // X on cells 0, 2, 4, 6: the diagonal 2-4-6 wins for seat 0 at the game's 7th decision.
    expect(seats).toEqual([0, 1, 0, 1, 0, 1, 0]);
    expect([...out.rewards, out.terminated[0], out.truncated[0], out.infos.seat[0]]).toEqual([1, -1, 1, 0, 0]);
    expect([out.infos.episodeLength[0], ...out.infos.ranking, ...out.infos.returns]).toEqual([7, 0, 1, 1, -1]);
    // The ended row: every action allowed (and ignored), so a masked distribution stays defined.
    expect([...out.actionMasks]).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    out = env.step([8]);
    expect([...out.rewards, out.terminated[0], out.infos.reset[0], out.infos.seat[0]]).toEqual([0, 0, 0, 1, 0]);
    expect([out.infos.episodeLength[0], ...out.actionMasks]).toEqual([0, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  test.each([
    ['promotion', 4],
    ['cityplan', 3],
    ['filthyrich', 4],
  ])(
    '%s (%i seats): env i plays the AEC env seeded `${seed}:${i}`, seat, observation, mask and rewards',
    (game, players) => {
      const num = 3;
      const env = open(game, { num, players, seed: 'aec' });
      const size = env.singleObservationSpace.size;
      const actions = env.game.actionSize;
      const aecs = Array.from({ length: num }, (_, i) => new AECEnv(getGame(game), { players, seed: `aec:${i}` }));
      aecs.forEach((a) => a.reset());
      const rng = Rng.fromSeed('aec-actions');
      let out = env.reset();
      let ended = Array.from({ length: num }, () => false);
      const finished: number[][] = [];
      for (let t = 0; t < 400; t++) {
        for (let i = 0; i < num; i++) {
          if (ended[i]) continue;
          const seat = out.infos.seat[i];
          expect(seat).toBe(aecs[i].agentSelection);
          const seen = aecs[i].observe(seat);
          expect(row(out.observations, i, size)).toEqual(Array.from(seen.observation));
          expect(row(out.actionMasks, i, actions)).toEqual(Array.from(seen.actionMask));
        }
        const batch = sample(env, out, rng);
        const lastSeats = Array.from(out.infos.seat);
        out = env.step(batch);
        for (let i = 0; i < num; i++) {
          if (ended[i]) {
            aecs[i].reset();
            expect(out.infos.reset[i]).toBe(1);
            continue;
          }
          aecs[i].step(batch[i]);
          const over = aecs[i].terminations[0];
          expect(out.terminated[i]).toBe(over ? 1 : 0);
          expect(row(out.rewards, i, players)).toEqual(
            over ? aecs[i].rewards.map(Math.fround) : Array(players).fill(0),
          );
          if (!over) continue;
          // The ended row shows the last actor's view of the end, and every seat's return.
          expect(out.infos.seat[i]).toBe(lastSeats[i]);
          expect(row(out.observations, i, size)).toEqual(Array.from(aecs[i].state.observation(lastSeats[i])));
          expect(row(out.rewards, i, players)).toEqual(
            returnsFromRanking(row(out.infos.ranking, i, players)).map(Math.fround),
          );
          expect(row(out.infos.returns, i, players)).toEqual(row(out.rewards, i, players));
          expect(row(out.actionMasks, i, actions).every((m) => m === 1)).toBe(true);
          finished.push(row(out.rewards, i, players));
        }
        ended = Array.from({ length: num }, (_, i) => out.terminated[i] === 1);
      }
      expect(finished.length).toBeGreaterThan(0);
      for (const rewards of finished) expect(rewards.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 6);
    },
  );

  test("'same-step': the ending step gives every seat's return, the last actor's final view, the next game", () => {
    const env = open('tictactoe', { num: 4, seed: 3, autoresetMode: 'same-step' });
    const states = () => (env as SyncVectorEnv).states;
    const rng = Rng.fromSeed('same-step');
    let out = env.reset();
    let checked = 0;
    for (let t = 0; t < 60; t++) {
      const lastSeats = Array.from(out.infos.seat);
      const before = states().map((s) => s.clone());
      const batch = sample(env, out, rng);
      out = env.step(batch);
      for (let i = 0; i < 4; i++) {
        if (out.terminated[i] === 0) {
          expect(out.infos.reset[i]).toBe(0);
          continue;
        }
        checked++;
        before[i].applyAction(batch[i]);
        const returns = returnsFromRanking(before[i].ranking());
        expect([out.infos.reset[i], out.infos.episodeLength[i], out.infos.seat[i]]).toEqual([1, 0, 0]);
        expect(row(out.rewards, i, 2)).toEqual(returns.map(Math.fround));
        expect(row(out.infos.finalObservations, i, 27)).toEqual(Array.from(before[i].observation(lastSeats[i])));
        expect(row(out.observations, i, 27)).toEqual(Array.from(states()[i].observation(0)));
        expect(row(out.actionMasks, i, 9)).toEqual(Array(9).fill(1)); // a new, empty board
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  test('maxEpisodeSteps counts the decisions of every seat: truncated at the limit, no rewards', () => {
    const env = open('promotion', { num: 2, seed: 4, maxEpisodeSteps: 5 });
    const rng = Rng.fromSeed('limit');
    let out = env.reset();
    const lengths: number[] = [];
    for (let t = 0; t < 12; t++) {
      out = env.step(sample(env, out, rng));
      lengths.push(out.infos.episodeLength[0]);
      expect(out.truncated[0]).toBe(out.infos.episodeLength[0] === 5 ? 1 : 0);
      expect([...out.rewards, out.terminated[0], out.terminated[1]]).toEqual(Array(10).fill(0));
    }
    expect(lengths).toEqual([1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0]);
  });

  test('a bad batch is refused naming the env and the seat, and changes nothing', () => {
    const env = open('promotion', { num: 3, seed: 5 });
    const states = () => (env as SyncVectorEnv).states;
    const rng = Rng.fromSeed('bad');
    let out = env.reset();
    for (let t = 0; t < 6; t++) out = env.step(sample(env, out, rng));
    const size = env.game.actionSize;
    const illegal = out.actionMasks.subarray(size, 2 * size).indexOf(0);
    const good = sample(env, out, rng);
    const before = states().map((s) => JSON.stringify(s.toJSON()));
    const seat = out.infos.seat[1];
    expect(() => env.step([good[0], illegal, good[2]])).toThrow(IllegalActionError);
    expect(() => env.step([good[0], illegal, good[2]])).toThrow(
      new RegExp(`^promotion: seat ${seat} cannot take action ${illegal} \\(it is not legal now in env 1\\)`),
    );
    expect(() => env.step([good[0], good[1], size])).toThrow(
      new RegExp(
        `seat ${out.infos.seat[2]} cannot take action ${size} \\(actions are integers 0..${size - 1} \\(env 2\\)\\)`,
      ),
    );
    expect(() => env.step([0])).toThrow(/step needs 3 actions, one per env; got 1/);
    expect(states().map((s) => JSON.stringify(s.toJSON()))).toEqual(before);
  });

  test.each([
    ['perikles', 'next-step', 80],
    ['philadelphia', 'same-step', 150],
  ] as const)('%s, %s: 1 and 2 worker threads return exactly what this thread returns', (game, mode, steps) => {
    const options = (workers: number) => ({
      num: 5,
      workers,
      seed: 't',
      autoresetMode: mode as AutoresetMode,
      maxEpisodeSteps: 60,
    });
    const sync = trajectory(open(game, options(0)), steps);
    expect(trajectory(open(game, options(1)), steps)).toEqual(sync);
    expect(trajectory(open(game, options(2)), steps)).toEqual(sync);
  });

  test('the same seed replays the same run; another seed does not', () => {
    const env = open('cityplan', { num: 3 });
    const first = trajectory(env, 60, 'again');
    expect(trajectory(env, 60, 'again')).toEqual(first);
    expect(trajectory(open('cityplan', { num: 3 }), 60, 'again')).toEqual(first);
    expect(trajectory(env, 60, 'other')).not.toEqual(first);
  });

  test('options are checked: player count, step limit', () => {
    expect(() => makeSelfPlayVectorEnv('tictactoe', { num: 2, players: 3 })).toThrow(/players/);
    expect(() => makeSelfPlayVectorEnv('tictactoe', { num: 2, maxEpisodeSteps: 0 })).toThrow(
      /maxEpisodeSteps must be a positive integer; got 0/,
    );
    expect(() => makeSelfPlayVectorEnv('tictactoe', { num: 0 })).toThrow(/num must be a positive integer; got 0/);
  });
});
