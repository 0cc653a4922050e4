import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { getGame } from '../envs/index.js';
import { gymnasiumId, pythonGamesModule } from '../scripts/python-games.js';

test('python/agora/_games.py matches the games (after a change run npx tsx scripts/write-python-games.ts)', () => {
  expect(readFileSync('python/agora/_games.py', 'utf8')).toBe(pythonGamesModule());
});

test('Gymnasium ids: the title in CamelCase, versioned by the observation encoding', () => {
  expect(gymnasiumId(getGame('cityplan'))).toBe('agora/CityPlanDelta-v1');
  expect(gymnasiumId(getGame('tictactoe'))).toBe('agora/TicTacToe-v1');
  expect(gymnasiumId(getGame('perikles'))).toBe(`agora/Perikles-v${getGame('perikles').encodingVersion}`);
});
