/**
 * The public door to the environments: other modules, scripts and users import from here only.
 */
import { AECEnv, type AECEnvOptions } from './core/aec-env.js';
import { checkGame, type CheckOptions, type CheckReport } from './core/checker.js';
import type { GameState } from './core/game.js';
import { SingleAgentEnv, type SingleAgentEnvOptions } from './core/single-agent-env.js';
import {
  SyncVectorEnv,
  type SelfPlayVectorEnvOptions,
  type VectorEnv,
  type VectorEnvOptions,
} from './core/vector-env.js';
import { ThreadedVectorEnv, type ThreadedOptions } from './core/threaded-vector-env.js';
import { getGame, listGames, GAMES, type GameName } from './games.js';

export { listGames, getGame, GAMES, type GameName };
export { CHANCE } from './core/game.js';
export type {
  ChanceMode,
  ChanceOutcome,
  GameDefinition,
  GameState,
  LoadOptions,
  NewGameOptions,
  PlayerView,
} from './core/game.js';
export { Rng, makeRng, type RngState } from './core/rng.js';
export { returnsFromRanking, normalizedReturns, rankByKeys, isCompetitionRanking } from './core/returns.js';
export { Discrete, Box, MultiDiscrete } from './core/spaces.js';
export { AECEnv, type AECEnvOptions, type AECInfo, type AgentObservation } from './core/aec-env.js';
export { SingleAgentEnv, type SingleAgentEnvOptions, type StepInfo, type StepResult } from './core/single-agent-env.js';
export { VectorEnv, SyncVectorEnv, type VectorEnvOptions, type SelfPlayVectorEnvOptions } from './core/vector-env.js';
export { ThreadedVectorEnv, type ThreadedOptions } from './core/threaded-vector-env.js';
export type { AutoresetMode, VectorInfos, VectorStep } from './core/vector-buffers.js';
export { ENV_METADATA, type RenderMode } from './core/single-agent-env.js';
export { LearnerGame, type LearnerOptions } from './core/learner-game.js';
export { checkGame, ConformanceError, type CheckOptions, type CheckReport } from './core/checker.js';
export {
  decisionContext,
  checkAgentAction,
  actSync,
  DecisionSlot,
  type Agent,
  type AgentRecipe,
  type DecisionContext,
} from './core/agent.js';
export { playerCounts, assertPlayerCount } from './core/registry.js';
export { actionNamed, playNamed } from './core/testing.js';
export { escapeHtml } from './core/html.js';
export { lookupGame, type GameRegistry } from './core/registry.js';
export { rulesMarkdown, observationMarkdown } from './core/rules-markdown.js';
export { svgMarkupProblem } from './core/svg-check.js';
// The game kit (docs/adding-a-game.md): what a game folder is written with.
export {
  definePosition,
  field,
  type Field,
  type Fields,
  type Length,
  type Position,
  type PositionKit,
  type PositionSpec,
} from './core/position.js';
export { defineEvents, EventKinds, EventLog, type EntryConverter, type EventEntry } from './core/event-log.js';
export { defineGame, type ActionRange, type GameRules, type KitGame } from './core/define-game.js';
export {
  defineLayout,
  SegmentWriter,
  type ObservationSegment,
  type Segment,
  type SegmentLayout,
} from './core/segments.js';
export { referenceMarkdown } from './core/rules-markdown.js';
export {
  SEAT_COLORS,
  cardBack,
  svgBoard,
  svgText,
  type GlossaryEntry,
  type RulesDoc,
  type RulesTable,
} from './core/board.js';
export {
  AgoraError,
  IllegalActionError,
  UnknownGameError,
  PlayerCountError,
  InvalidStateError,
  AgentSpecError,
  ModelVersionError,
  type ErrorCode,
} from './core/errors.js';

/** A new game of a registered game: makeGame('promotion', { players: 4, seed: 1 }). */
export function makeGame(
  name: string,
  options: { players?: number; seed: number | string; config?: unknown },
): GameState {
  const def = getGame(name);
  return def.newGame({ players: options.players ?? def.defaultPlayers, seed: options.seed, config: options.config });
}

/**
 * An environment of a registered game: with `opponents`, Gymnasium's single-agent env (the other
 * seats played by those agents); without, PettingZoo's AEC env over every seat.
 */
export function makeEnv(name: string, options: SingleAgentEnvOptions): SingleAgentEnv;
export function makeEnv(name: string, options?: AECEnvOptions): AECEnv;
export function makeEnv(name: string, options: AECEnvOptions | SingleAgentEnvOptions = {}): AECEnv | SingleAgentEnv {
  const def = getGame(name);
  return 'opponents' in options ? new SingleAgentEnv(def, options) : new AECEnv(def, options);
}

/**
 * `num` single-agent envs of a registered game stepped as one batch: in this thread, or with
 * `workers: n` on n worker threads over shared memory (same results for the same seeds).
 */
export function makeVectorEnv(name: string, options: VectorEnvOptions & ThreadedOptions): VectorEnv {
  const def = getGame(name);
  return (options.workers ?? 0) > 0 ? new ThreadedVectorEnv(def, options) : new SyncVectorEnv(def, options);
}

/**
 * `num` self-play envs of a registered game stepped as one batch: the caller plays every seat.
 * Each step takes one action per env for its seat to act (infos.seat); rewards are every seat's,
 * [num x players], non-zero only on the step a game ends. Threads as in makeVectorEnv.
 */
export function makeSelfPlayVectorEnv(name: string, options: SelfPlayVectorEnvOptions & ThreadedOptions): VectorEnv {
  const def = getGame(name);
  const setup = { ...options, selfPlay: true as const };
  return (options.workers ?? 0) > 0 ? new ThreadedVectorEnv(def, setup) : new SyncVectorEnv(def, setup);
}

/** The conformance checker over a registered game (see envs/core/checker.ts for what it asserts). */
export function checkEnv(name: string, options: CheckOptions = {}): CheckReport {
  return checkGame(getGame(name), options);
}

/**
 * TypeScript entry files run from cached esbuild bundles: the `agora` bin and every worker thread
 * (envs/core/source-bundle.js; the thread entries import it directly, as plain JavaScript).
 */
export { sourceBundle } from './core/source-bundle.js';
