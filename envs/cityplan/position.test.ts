import { describe, expect, test } from 'vitest';
import { IllegalActionError, InvalidStateError, PlayerCountError } from '../core/errors.js';
import { Rng } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import { kindByName } from './components.js';
import { cityplan } from './index.js';
import {
  commitAll,
  load,
  positionJson,
  readable,
  saved,
  type CityPlanJson,
  type CityPlanState,
  type PositionSpec,
} from './test-helpers.js';

const K = kindByName;

describe('players and config', () => {
  test.each([0, 1, 6, 2.5, '3', undefined, null])('%s players are rejected with PlayerCountError', (players) => {
    expect(() => cityplan.newGame({ players: players as number, seed: 0 })).toThrow(PlayerCountError);
    expect(() => cityplan.newGame({ players: players as number, seed: 0 })).toThrow(/players must be 2 to 5/);
  });

  test.each([2, 3, 4, 5])('%i players start with 5 cards each, one Initial Power Plant and 18 chips', (players) => {
    const s = cityplan.newGame({ players, seed: 9 }) as CityPlanState;
    const v = s.view(-1);
    expect(v.handSizes).toEqual(new Array(players).fill(5));
    expect(v.deckSize).toBe(95 - 5 * players);
    expect(v.power).toEqual(new Array(players).fill(18));
    expect(cityplan.observationSize(players)).toBe(s.observation(0).length);
  });
});

describe('determinism and round trips', () => {
  test('same seed + same actions = same game; fromJSON(toJSON()) resumes exactly at every step', () => {
    const rng = Rng.fromSeed('replay');
    for (const players of [2, 3, 4, 5]) {
      const a = cityplan.newGame({ players, seed: `g${players}` }) as CityPlanState;
      const b = cityplan.newGame({ players, seed: `g${players}` }) as CityPlanState;
      while (!a.isTerminal()) {
        const legal = a.legalActions();
        const action = legal[rng.int(legal.length)];
        a.applyAction(action);
        b.applyAction(action);
        const text = saved(a);
        expect(saved(b)).toBe(text);
        const restored = cityplan.fromJSON(JSON.parse(text));
        expect(saved(restored)).toBe(text);
        expect(restored.legalActions()).toEqual(a.legalActions());
        expect(restored.view(players - 1)).toEqual(a.view(players - 1));
      }
      expect(b.scores()).toEqual(a.scores());
    }
  });

  test('clone is independent of the original', () => {
    const s = load({ players: 2, phase: 'build', hands: ['Apartments, Row Houses', ''] });
    const before = saved(s);
    const c = s.clone();
    playNamed(c, 'build Apartments (1 card, 2 power)', 'pay with Row Houses');
    expect(saved(s)).toBe(before);
    expect(saved(c)).not.toBe(before);
  });
});

describe('illegal actions', () => {
  const selecting = () => load({ players: 2, hands: ['Factory', 'Park'] });
  const building = () =>
    load({ players: 2, phase: 'build', power: [4, 18], hands: ['Steel Mill, Apartments, Row Houses', ''] });
  const paying = () => playNamed(building(), 'build Apartments (1 card, 2 power)');
  const exchanging = () => commitAll(load({ players: 2, hands: ['Factory', 'Park'] }), ['Exchange', 'Income']);
  const mandatory = () =>
    playNamed(
      load({
        players: 2,
        phase: 'build',
        cities: ['Construction Site', ''],
        hands: ['Shopping Mall, Row Houses', ''],
      }),
      'build Shopping Mall (4 cards or 1 with the site, 5 power)',
    );
  const over = () =>
    playNamed(
      load({
        players: 2,
        phase: 'build',
        turn: 40,
        hands: ['', ''],
      }),
      'draw 2 cards',
      'draw 2 cards',
    );
  test.each([
    [
      'a build during the action choice',
      selecting,
      3 + K('Factory'),
      /now seat 0 must choose an action card .*: actions 0\.\.2/,
    ],
    [
      'an action card during the build phase',
      building,
      0,
      /now seat 0 must build a building from hand, or draw 2 cards: actions 3\.\.53/,
    ],
    ['a kind not held', building, 3 + K('Factory'), /seat 0 holds no Factory/],
    ['an unpayable build', building, 3 + K('Steel Mill'), /cannot pay for Steel Mill \(2 cards, 5 power\)/],
    ['paying with a card not held', paying, 54 + K('Factory'), /seat 0 holds no Factory/],
    ['draw 2 while paying', paying, 53, /a discard \(actions 54\.\.103\)/],
    ['finish outside an exchange', paying, 104, /a discard/],
    ['exchanging a card not held', exchanging, 54 + K('Park'), /seat 0 holds no Park/],
    ['keeping the site when the sacrifice is mandatory', mandatory, 106, /the sacrifice is mandatory/],
    ['a number past the action space', selecting, 107, /actions are integers 0\.\.106/],
    ['a negative number', selecting, -1, /actions are integers 0\.\.106/],
    ['a fraction', selecting, 1.5, /actions are integers 0\.\.106/],
    ['NaN', selecting, Number.NaN, /actions are integers 0\.\.106/],
    ['anything after the end', over, 0, /action 0 cannot be taken: the game is over/],
  ])('%s is rejected and the state is byte-identical', (_name, make, action, message) => {
    const s = make();
    const before = saved(s);
    expect(() => s.applyAction(action)).toThrow(IllegalActionError);
    expect(() => s.applyAction(action)).toThrow(message);
    expect(saved(s)).toBe(before);
  });

  test('the error lists the legal actions by label', () => {
    expect(() => building().applyAction(0)).toThrow(
      /Legal now: 3=build Row Houses \(0 cards, 1 power\), 5=build Apartments \(1 card, 2 power\), 53=draw 2 cards/,
    );
  });
});

describe('fromJSON validation', () => {
  const spec: PositionSpec = { players: 3, hands: ['Apartments, Factory', 'Park', ''], cities: ['Station', '', ''] };
  const valid = () => positionJson(spec);
  const edit = (fn: (j: CityPlanJson) => void, base: PositionSpec = spec) => {
    const j = positionJson(base);
    fn(j);
    return j;
  };
  const building: PositionSpec = { players: 2, phase: 'build', hands: ['Apartments, Row Houses', 'Park'] };

  test('a hand-written position loads and plays on', () => {
    const s = cityplan.fromJSON(valid());
    expect(s.view(0).hand).toEqual([K('Apartments'), K('Factory')]);
    commitAll(s, ['Income', 'Income', 'Income']);
    expect(s.view(0).phase).toBe('build');
  });

  test.each([
    ['not an object', null, /a saved state is a JSON object, not null/],
    ['another game', { ...valid(), game: 'promotion' }, /game/],
    ['an unknown key', { ...valid(), extra: 1 }, /extra/],
    [
      'a kind past 49 in a hand',
      edit((j) => {
        j.hands[0].push(50);
      }),
      /hands/,
    ],
    [
      'one hand too few',
      edit((j) => {
        j.hands.pop();
      }),
      /hands has 2 entries; there are 3 players/,
    ],
    [
      'a card twice',
      edit((j) => {
        j.hands[1].push(K('Luxury Estate'));
      }),
      /holds 2 Luxury Estate card\(s\); a delta game of 3 has exactly 1/,
    ],
    [
      'a card missing',
      edit((j) => {
        j.deck.pop();
      }),
      /holds \d+ .* card\(s\); a delta game of 3 has exactly/,
    ],
    [
      'a city without its Initial Power Plant',
      edit((j) => {
        j.cities[2] = [];
      }),
      /seat 2's city must hold exactly one Initial Power Plant/,
    ],
    [
      'an Initial Power Plant too many',
      edit((j) => {
        j.cities[2].push(50);
      }),
      /exactly one Initial Power Plant/,
    ],
    [
      '11 buildings',
      edit((j) => {
        j.cities[1].push(...j.deck.splice(0, 10));
      }),
      /seat 1 has 11 buildings/,
    ],
    [
      'a free-build counter without the site',
      edit((j) => {
        j.freeBuilds[0] = 2;
      }),
      /free-build counter of 2 without a Planned Construction Site/,
    ],
    [
      'chips out before the council opens',
      edit((j) => {
        j.councilors[0] = 1;
      }),
      /the council is not open/,
    ],
    [
      'chips that do not add up to 3 per player',
      edit((j) => {
        j.incomeUsed = [1];
        j.assembly = 8;
      }),
      /0 chips held \+ 8 on the assembly must be 9/,
    ],
    [
      'commits out of mayor order',
      edit((j) => {
        j.commits = [null, 'Income', null];
      }),
      /seats commit in mayor order starting with seat 0/,
    ],
    [
      'every seat committed in actionSelect',
      edit((j) => {
        j.commits = ['Income', 'Income', 'Income'];
      }),
      /cannot still be actionSelect/,
    ],
    [
      'an exchange by a seat that played Income',
      edit((j) => {
        j.phase = 'exchange';
        j.commits = ['Income', 'Income', 'Income'];
      }),
      /seat 0 is asked to exchange but did not play Exchange/,
    ],
    [
      'set-aside cards outside an exchange',
      edit((j) => {
        j.setAside = [j.deck.pop()!];
      }),
      /cards are set aside .* outside an exchange/,
    ],
    [
      'a pending build outside sacrifice and pay',
      edit((j) => {
        j.pending = { kind: 0, cost: 0, due: 0, sacrificed: false };
        j.deck.splice(j.deck.indexOf(0), 1);
      }),
      /pending must be set exactly during 'sacrifice' and 'pay'/,
    ],
    [
      'a pay phase owing more than the cost',
      edit((j) => {
        j.phase = 'pay';
        j.hands[0] = [K('Row Houses')];
        j.pending = { kind: K('Apartments'), cost: 1, due: 2, sacrificed: false };
      }, building),
      /pending due 2 must lie in 1\.\.1/,
    ],
    [
      'a wrong cost',
      edit((j) => {
        j.phase = 'pay';
        j.hands[0] = [K('Row Houses')];
        j.pending = { kind: K('Apartments'), cost: 2, due: 1, sacrificed: false };
      }, building),
      /Apartments costs seat 0 1 card\(s\) here, not 2/,
    ],
    [
      'a hand limit for a seat with 8 cards',
      edit((j) => {
        j.phase = 'handLimit';
        j.hands[0].push(...j.deck.splice(0, 6));
      }, building),
      /seat 0 holds 8 cards, so it has no hand limit to discard/,
    ],
    [
      '10 buildings during the action choice',
      edit((j) => {
        j.cities[0].push(...j.deck.splice(0, 8));
      }),
      /seat 0 has 10 buildings, so the game would have ended/,
    ],
    [
      'a truncated game before turn 40',
      edit((j) => {
        j.phase = 'over';
        j.truncated = true;
        j.hands = [[], [], []];
        j.deck.push(K('Apartments'), K('Factory'), K('Park'));
      }),
      /a truncated game ends after turn 40/,
    ],
    [
      'City Bonus draws during play',
      edit((j) => {
        j.bonusDraws[0] = [1];
      }),
      /City Bonus cards are drawn only at the end/,
    ],
    [
      'a log event with the wrong arity',
      edit((j) => {
        j.log = [['commit', 1, 0, 2]];
      }),
      /a 'commit' event has 1 arguments, not 2/,
    ],
    [
      'a log event from a future turn',
      edit((j) => {
        j.log = [['commit', 2, 0]];
      }),
      /log\[0\] is from turn 2/,
    ],
    [
      'a bad RNG state',
      edit((j) => {
        (j.rng as unknown as { c: string }).c = 'x';
      }),
      /rng/,
    ],
  ])('rejects %s with a clear message', (_name, json, message) => {
    expect(() => cityplan.fromJSON(json)).toThrow(InvalidStateError);
    expect(() => cityplan.fromJSON(json)).toThrow(message);
  });

  test('a saved game in the middle of a build (sacrifice, then pay) resumes', () => {
    const s = playNamed(
      load({
        players: 2,
        phase: 'build',
        cities: ['Construction Site', ''],
        hands: ['Condominiums, Row Houses x2', ''],
      }),
      'build Condominiums (2 cards or 0 with the site, 2 power)',
    );
    const restored = cityplan.fromJSON(JSON.parse(JSON.stringify(s.toJSON())));
    expect(restored.legalActions()).toEqual([105, 106]);
    playNamed(restored, 'keep Construction Site', 'pay with Row Houses');
    const again = cityplan.fromJSON(restored.toJSON());
    expect(again.view(0)).toMatchObject({ phase: 'pay', pending: { kind: K('Condominiums'), cost: 2, due: 1 } });
  });
});

describe('saved-state versions', () => {
  test('a saved game is version 2: counts per kind, the deck bottom first, numbers for names', () => {
    const s = load({ players: 2, phase: 'build', hands: ['Apartments, Row Houses x2', 'Park'], deck: 'Factory' });
    const json = s.toJSON() as Record<string, unknown>;
    expect(json).toMatchObject({ game: 'cityplan', version: 2, players: 2, variant: 'delta', phase: 'build' });
    const hands = json.hands as number[];
    expect(hands).toHaveLength(2 * 50);
    expect(hands[K('Row Houses')]).toBe(2);
    expect(hands[50 + K('Park')]).toBe(1);
    expect((json.deck as number[]).at(-1)).toBe(K('Factory'));
    expect(json.commits).toEqual([0, 0]);
    // Caches are not saved; fromJSON restores them.
    for (const cache of ['handSize', 'buildings', 'pileSize', 'commitCount']) expect(json).not.toHaveProperty(cache);
    expect(saved(cityplan.fromJSON(json))).toBe(saved(s));
  });

  test('a version-1 save (before the position kit) loads as the same position, at every step of a game', () => {
    const rng = Rng.fromSeed('versions');
    for (const players of [2, 5]) {
      const s = cityplan.newGame({ players, seed: `versions:${players}` });
      while (!s.isTerminal()) {
        const v1 = JSON.parse(JSON.stringify(readable(s))) as CityPlanJson;
        expect(v1).not.toHaveProperty('version');
        const loaded = cityplan.fromJSON(v1);
        expect(saved(loaded)).toBe(saved(s));
        expect(loaded.view(-1)).toEqual(s.view(-1));
        const legal = s.legalActions();
        s.applyAction(legal[rng.int(legal.length)]);
      }
    }
  });

  test.each([
    ['set-aside cards out of order', (j: Record<string, unknown>) => (j.setAside = [3, 1]), /ascending/],
    ['a pending cost without a pending build', (j: Record<string, unknown>) => (j.pendingCost = 2), /pendingCost/],
    ['a log argument past 127', (j: Record<string, unknown>) => (j.log = [['commit', 1, 200]]), /outside 0\.\.127/],
    ['lastMove past the log', (j: Record<string, unknown>) => (j.lastMove = [3, 0]), /lastMove\[0\] = 3/],
    ['a hand of 150 counts for 2 players', (j: Record<string, unknown>) => (j.hands = new Array(150).fill(0)), /hands/],
  ])('a version-2 save with %s is refused', (_name, edit, message) => {
    const json = load({ players: 2, hands: ['Factory', 'Park'] }).toJSON() as Record<string, unknown>;
    edit(json);
    expect(() => cityplan.fromJSON(json)).toThrow(InvalidStateError);
    expect(() => cityplan.fromJSON(json)).toThrow(message);
  });
});
