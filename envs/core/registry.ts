import { PlayerCountError, UnknownGameError } from './errors.js';
import type { GameDefinition } from './game.js';

/**
 * Generic registry helpers. The one concrete list of games lives in envs/games.ts, which keeps
 * core free of imports from game folders (no core -> game -> core cycle).
 */
export type GameRegistry = Readonly<Record<string, GameDefinition<never>>>;

export function lookupGame(registry: GameRegistry, name: string): GameDefinition {
  if (typeof name !== 'string' || !Object.hasOwn(registry, name)) {
    throw new UnknownGameError(String(name), Object.keys(registry));
  }
  return registry[name] as unknown as GameDefinition;
}

/** Throws PlayerCountError unless `players` is an integer in the game's range. */
export function assertPlayerCount(
  def: Pick<GameDefinition, 'name' | 'minPlayers' | 'maxPlayers'>,
  players: unknown,
): asserts players is number {
  if (
    typeof players !== 'number' ||
    !Number.isInteger(players) ||
    players < def.minPlayers ||
    players > def.maxPlayers
  ) {
    throw new PlayerCountError(def.name, players, def.minPlayers, def.maxPlayers);
  }
}

/** Every allowed seat count of a game, ascending. */
export function playerCounts(def: Pick<GameDefinition, 'minPlayers' | 'maxPlayers'>): number[] {
  return Array.from({ length: def.maxPlayers - def.minPlayers + 1 }, (_, i) => def.minPlayers + i);
}
