import { normalizedReturns, type GameDefinition, type GameState, type Rng } from '../envs/index.js';

/**
 * A leaf's playout for AlphaGo's value mixing: uniformly random play to the end (the game's own cap
 * ends every game), or for `cutoff` moves and then the game's own evaluation of every seat, as
 * `mcts:cutoff=` scores its rollouts. Every seat's value in [-1, 1], by absolute seat. Plays on
 * `world`, which must be the caller's own copy.
 */
export function leafPlayout(game: GameDefinition, world: GameState, rng: Rng, cutoff = 0): number[] {
  for (let steps = 0; !world.isTerminal(); steps++) {
    if (cutoff > 0 && steps >= cutoff) return Array.from({ length: world.players }, (_, p) => game.evaluate(world, p));
    const legal = world.legalActions();
    world.applyAction(legal[rng.int(legal.length)]);
  }
  return normalizedReturns(world, game);
}
