/**
 * Every game's drawn board, over seeded random games: a drawing (not an empty frame), a title and a
 * plain-text description for screen readers, the same for any world the seat cannot tell apart,
 * and a decision sentence exactly when the seat is to act.
 */
import { describe, expect, test } from 'vitest';
import { Rng, getGame, listGames, svgMarkupProblem } from '../envs/index.js';

describe.each(listGames())('%s: the drawn board', (name) => {
  test('is a drawing with a plain description, private to the seat, over 3 seeded games', () => {
    const def = getGame(name);
    for (let g = 0; g < 3; g++) {
      const rng = Rng.fromSeed(`boards:${name}:${g}`);
      const state = def.newGame({ players: def.defaultPlayers, seed: `boards:${name}:${g}` });
      for (let step = 0; !state.isTerminal() && step < 400; step++) {
        if (step % 25 === 0) {
          for (let seat = -1; seat < state.players; seat++) {
            const view = state.view(seat);
            const svg = def.renderSvg(view);
            expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" class="board"/);
            expect(svgMarkupProblem(svg)).toBe('');
            expect(
              (svg.match(/<(rect|circle|path|line|polygon|text)\b/g) ?? []).length,
              'drawing elements',
            ).toBeGreaterThan(8);
            const desc = /<desc[^>]*>([\s\S]*?)<\/desc>/.exec(svg)?.[1] ?? '';
            expect(desc, 'the description is text, not escaped markup').not.toMatch(/&lt;|</);
            if (seat >= 0) {
              const world = state.determinize(seat, rng.fork('world'));
              expect(def.renderSvg(world.view(seat))).toBe(svg);
              expect(def.describeDecision(view) !== '').toBe(state.currentPlayer() === seat);
            }
          }
        }
        const legal = state.legalActions();
        state.applyAction(legal[rng.int(legal.length)]);
      }
    }
  });
});
