import { describe, expect, test } from 'vitest';
import { InvalidStateError } from '../core/errors.js';
import { Rng } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import { promotion } from './index.js';
import { POSITION } from './position.js';
import { positionJson } from './test-helpers.js';

const S0 = ['S5 H7 D8 C6', 'S6 H8 D5 C7', 'S7 H5 D6 C8', 'S8 H6 D7 C5'];
const NINE_UP = 0b11111000000000;
const v2 = () => promotion.fromJSON(positionJson({ fields: S0, orientation: 0 })).toJSON() as Record<string, unknown>;

describe('promotion saved states (version 2)', () => {
  test('a saved game carries version 2 and four seats; fields, sets and the supply are numbers and bitmasks', () => {
    const s = playNamed(promotion.newGame({ players: 4, seed: 0 }), 'draft spades', 'draft clubs', 'draft hearts');
    const json = s.toJSON() as Record<string, unknown>;
    const rng = Rng.fromSeed(0);
    const parent = rng.int(4);
    expect(json).toEqual({
      game: 'promotion',
      version: 2,
      players: 4,
      phase: 'orient',
      round: 1,
      parent,
      orientation: -1,
      fields: [5, 7, 8, 6, 6, 8, 5, 7, 7, 5, 6, 8, 8, 6, 7, 5],
      supply: [NINE_UP, NINE_UP, NINE_UP, NINE_UP],
      rows: [0, 0, 0, 0],
      drafted: 15,
      activation: 1,
      done: 0,
      downIndex: 0,
      truncated: false,
      rng: rng.state(),
      log: [
        ['draft', 0, 0, 0, 0],
        ['draft', 0, 3, 3, 0],
        ['draft', 0, 2, 1, 0],
        ['draft', 0, 1, 2, 1],
        ['firstParent', 0, parent],
      ],
    });
    const loaded = promotion.fromJSON(json);
    expect(loaded.toJSON()).toEqual(json);
    expect(loaded.view(2)).toEqual(s.view(2));
    expect(loaded.legalActions()).toEqual(s.legalActions());
  });

  test('a version-1 save (before the kit) loads as the same position as its version-2 form', () => {
    const v1 = positionJson({ fields: S0, orientation: 0 });
    const loaded = promotion.fromJSON(v1);
    expect(promotion.fromJSON(loaded.toJSON()).toJSON()).toEqual(loaded.toJSON());
    expect(POSITION.toJSON(POSITION.fromJSON(v1))).toEqual(loaded.toJSON());
  });

  test('derived fields are restored on load: a Phase B save resumes with the next seat to place a row', () => {
    const s = playNamed(promotion.fromJSON(positionJson({ fields: S0, orientation: 0, parent: 2 })), 'row 3', 'row 1');
    const loaded = promotion.fromJSON(JSON.parse(JSON.stringify(s.toJSON())));
    expect(loaded.currentPlayer()).toBe(0);
    expect(loaded.view(1)).toEqual(s.view(1));
    playNamed(loaded, 'row 4', 'row 4');
    playNamed(s, 'row 4', 'row 4');
    expect(loaded.toJSON()).toEqual(s.toJSON());
  });

  test.each([
    ['version 3', (j: Record<string, unknown>) => ({ ...j, version: 3 }), /version 3 is not one this build reads/],
    ['three players', (j: Record<string, unknown>) => ({ ...j, players: 3 }), /players is 3; the game takes 4\.\.4/],
    ['a rank-4 field card', (j: Record<string, unknown>) => edit(j, 'fields', 0, 4), /seat 0 holds S4/],
    ['a rank 14', (j: Record<string, unknown>) => edit(j, 'fields', 0, 14), /fields/],
    [
      'a supply rank outside 5..13',
      (j: Record<string, unknown>) => edit(j, 'supply', 0, NINE_UP | 1),
      /spades supply holds a rank outside 5\.\.13/,
    ],
    [
      'a card held twice',
      (j: Record<string, unknown>) => edit(j, 'fields', 4, 5),
      /card S5 is held by seat 0 and seat 1/,
    ],
    [
      'done without row 1',
      (j: Record<string, unknown>) => ({ ...j, phase: 'change', activation: 3, rows: [2, 2, 2, 2], done: 1 }),
      /seat 0 is in done but did not choose row 1/,
    ],
    [
      'log rounds out of order',
      (j: Record<string, unknown>) => ({
        ...j,
        log: [
          ['commit', 1, 0],
          ['commit', 0, 1],
        ],
      }),
      /log\[1\] is from round 0; the log holds rounds 0\.\.1 in order/,
    ],
    [
      'a log argument past 15',
      (j: Record<string, unknown>) => ({ ...j, log: [['commit', 1, 16]] }),
      /log\[0\]: 'commit' arguments are 0\.\.15/,
    ],
    ['an unknown event', (j: Record<string, unknown>) => ({ ...j, log: [['shout', 1]] }), /log/],
  ])('a malformed version-2 save is refused, naming the problem: %s', (_name, change, message) => {
    const json = change(v2());
    expect(() => promotion.fromJSON(json)).toThrow(InvalidStateError);
    expect(() => promotion.fromJSON(json)).toThrow(message);
  });
});

function edit(json: Record<string, unknown>, key: string, index: number, value: number): Record<string, unknown> {
  const list = [...(json[key] as number[])];
  list[index] = value;
  return { ...json, [key]: list };
}
