/**
 * Perikles (3-5 players): influence over six Greek cities, elections, and battles for Location
 * tiles fought with the cities' armies and the Persians. Rules: shared/rules/perikles.md.
 * Config: none ({}). Transitions live in influence.ts, military.ts and battle.ts, action numbers
 * (§9) in actions.ts, the saved-state format in saved-state.ts, determinize in hidden.ts.
 */
import { AgoraError, IllegalActionError } from '../core/errors.js';
import type { GameState, NewGameOptions } from '../core/game.js';
import { assertPlayerCount } from '../core/registry.js';
import { rankByKeys, returnsFromRanking } from '../core/returns.js';
import { Rng } from '../core/rng.js';
import { ACTION_SIZE, applyLegal, isLegal, legalActions } from './actions.js';
import { CITY_COUNT, statueValue } from './cards.js';
import { endGame, score, statueCount } from './battle.js';
import { encodePerikles } from './encode.js';
import { determinizeTable } from './hidden.js';
import { newTable } from './influence.js';
import { actionLabel } from './labels.js';
import { tableFromJson, tableToJson, type PeriklesJson } from './saved-state.js';
import {
  DECISIONS,
  GAME,
  MAX_PLAYERS,
  MIN_PLAYERS,
  PH_OVER,
  STEP_CAP,
  cloneTable,
  type DecisionName,
  type Table,
} from './table.js';
import { buildView, type PeriklesView } from './view.js';

export { ACTION_SIZE } from './actions.js';
export { positionJson, type PositionSpec } from './position.js';
export type { PeriklesJson } from './saved-state.js';
export { DEFAULT_PLAYERS, GAME, MAX_PLAYERS, MIN_PLAYERS, STEP_CAP } from './table.js';
export type { PeriklesView } from './view.js';

/** The config object; Perikles has no options. */
export type PeriklesConfig = Record<string, never>;

/** What the seat to act decides, by decision kind (neutral wording for messages and renderers). */
export const DECISION_TEXT: Readonly<Record<DecisionName, string>> = {
  initialCube: 'place an initial cube in a city',
  takeTile: 'take an Influence tile (or use a Special tile first)',
  anyCity: 'choose the city for the Any tile’s cube',
  nominate: 'nominate a candidate',
  assassinate: 'choose the cube or candidate to assassinate',
  postSpecial: 'use the Special tile now, or not',
  plagueCity: 'choose the city the Plague strikes',
  alkibiadesSource: 'Alkibiades: choose a cube to move',
  alkibiadesDestination: 'Alkibiades: choose where the cube goes',
  deadPool: 'choose the type of counter to recover from the dead pool',
  firstCommit: 'choose the first player to commit forces',
  slaveRevolt: 'use Slave Revolt, or not',
  selectCounter: 'choose a counter to commit, or stop',
  target: 'choose where the counter goes (attack or defend)',
  permission: 'grant or deny permission to defend',
  spendCube: 'spend a cube for extra counters, or not',
  battleSpecial: 'use the Special tile in this battle round, or not',
  casualty: 'choose which tied counter is lost',
  none: 'nothing: the game is over',
};

export class PeriklesState implements GameState<PeriklesView> {
  readonly players: number;

  private constructor(private t: Table) {
    this.players = t.players;
  }

  static newGame(options: NewGameOptions<PeriklesConfig>): PeriklesState {
    assertPlayerCount({ name: GAME, minPlayers: MIN_PLAYERS, maxPlayers: MAX_PLAYERS }, options.players);
    const config: unknown = options.config;
    if (config !== undefined && (typeof config !== 'object' || config === null || Object.keys(config).length > 0)) {
      throw new AgoraError('bad_request', `${GAME}: the game has no config options; got ${JSON.stringify(config)}`);
    }
    return new PeriklesState(newTable(options.players, Rng.fromSeed(options.seed).state()));
  }

  static fromJSON(json: unknown): PeriklesState {
    return new PeriklesState(tableFromJson(json, (t) => legalActions(t).length));
  }

  currentPlayer(): number {
    return this.t.actor;
  }

  legalActions(): number[] {
    return this.t.phase === PH_OVER ? [] : legalActions(this.t);
  }

  isTerminal(): boolean {
    return this.t.phase === PH_OVER;
  }

  isTruncated(): boolean {
    return this.t.truncated;
  }

  /** §7: by score, then Location VP, then statues; equal in all three share a place. */
  ranking(): number[] {
    const t = this.t;
    return rankByKeys(Array.from({ length: t.players }, (_, s) => [score(t, s), t.tileVp[s], statueCount(t, s)]));
  }

  /** §7: Location VP + statues at the current defeat counts + cubes on the board. */
  scores(): number[] {
    return Array.from({ length: this.t.players }, (_, s) => score(this.t, s));
  }

  applyAction(action: number): void {
    const reason = this.whyIllegal(action);
    if (reason !== undefined) {
      throw new IllegalActionError(
        GAME,
        this.currentPlayer(),
        action,
        reason,
        this.legalActions().map((a) => `${a}=${this.actionToString(a)}`),
      );
    }
    this.applyUnchecked(action);
  }

  /** Applies an action known to be legal (search fast path; applyAction validates first). */
  applyUnchecked(action: number): void {
    const t = this.t;
    t.lastMove[t.actor] = t.logCount;
    applyLegal(t, action);
    t.steps++;
    // §7 Decision: the environment's hard cap.
    if (t.steps >= STEP_CAP && t.phase !== PH_OVER) {
      t.truncated = true;
      endGame(t, 3);
    }
  }

  /** Why `action` is not legal now, or undefined if it is. Reads only. */
  private whyIllegal(action: number): string | undefined {
    const t = this.t;
    if (!Number.isInteger(action) || action < 0 || action >= ACTION_SIZE)
      return `actions are integers 0..${ACTION_SIZE - 1}`;
    if (t.phase === PH_OVER) return 'the game is over';
    if (!isLegal(t, action)) {
      return `'${this.actionToString(action)}' is not among seat ${t.actor}'s choices now: it must ${DECISION_TEXT[DECISIONS[t.dec]]}`;
    }
    return undefined;
  }

  view(player: number): PeriklesView {
    return buildView(this.t, player, this.t.phase === PH_OVER ? this.ranking() : []);
  }

  observation(player: number): Float32Array {
    return encodePerikles(this.view(player));
  }

  determinize(player: number, rng: Rng): PeriklesState {
    return new PeriklesState(determinizeTable(this.t, player, rng));
  }

  clone(): PeriklesState {
    return new PeriklesState(cloneTable(this.t));
  }

  actionToString(action: number): string {
    return actionLabel(this.t, action);
  }

  toJSON(): PeriklesJson {
    return tableToJson(this.t);
  }

  /** Read-only access to the position for evaluators and tests in this folder. */
  get table(): Readonly<Table> {
    return this.t;
  }
}

/**
 * Heuristic value for search and greedy play: the return once the game is over; before, my
 * projected score (current score plus the statues my current Leaderships will become at the end
 * of the turn) against the best and the average of the others, squashed strictly inside (-1, 1).
 */
export function evaluatePosition(state: PeriklesState, player: number): number {
  if (state.isTerminal()) return returnsFromRanking(state.ranking())[player];
  const t = state.table;
  const scores = state.scores();
  for (let c = 0; c < CITY_COUNT; c++) if (t.leader[c] >= 0) scores[t.leader[c]] += statueValue(c, t.defeats[c]);
  let best = -Infinity;
  let sum = 0;
  for (let s = 0; s < scores.length; s++) {
    if (s === player) continue;
    best = Math.max(best, scores[s]);
    sum += scores[s];
  }
  const average = sum / (scores.length - 1);
  const margin = 0.6 * (scores[player] - best) + 0.4 * (scores[player] - average);
  return 0.95 * Math.tanh(margin / 15);
}
