import { describe, expect, test } from 'vitest';
import { IllegalActionError, PlayerCountError, UnknownGameError } from './errors.js';

describe('error messages say what was given and what is allowed', () => {
  test.each([
    [
      new IllegalActionError('g', 1, 7, 'cell taken', ['0=a', '1=b']),
      'illegal_action',
      'g: seat 1 cannot take action 7 (cell taken). Legal now: 0=a, 1=b',
    ],
    [
      new IllegalActionError('g', -1, 7, 'over', []),
      'illegal_action',
      'g: action 7 cannot be taken: the game is over (no action is legal)',
    ],
    [
      new PlayerCountError('promotion', 3, 4, 4),
      'bad_player_count',
      'promotion: players must be exactly 4 (an integer); got 3',
    ],
    [new PlayerCountError('x', 9, 2, 5), 'bad_player_count', 'x: players must be 2 to 5 (an integer); got 9'],
    [new UnknownGameError('chess', ['a', 'b']), 'unknown_game', "unknown game 'chess'; known games: a, b"],
  ])('%s', (err, code, message) => {
    expect(err.code).toBe(code);
    expect(err.message).toBe(message);
    expect(err.name).toBe(err.constructor.name);
  });

  test('a long list of legal actions is cut to 12 with a count', () => {
    const legal = Array.from({ length: 20 }, (_, i) => String(i));
    expect(new IllegalActionError('g', 0, 99, 'r', legal).message).toMatch(/10, 11, \.\.\. 8 more$/);
  });
});
