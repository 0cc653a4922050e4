import type { GameDefinition, Rng } from '../envs/index.js';
import type { GameRecord } from './self-play.js';
import { mixedValue, scoreTargets } from './value-targets.js';

/** One training position: what the deciding seat saw, what it could do, the search's answer, the outcome. */
export interface Sample {
  observation: Float32Array;
  legal: number[];
  /** Visit shares over `legal` (sharpened), or the search's own policy target when it gives one. */
  policy: Float32Array;
  /**
   * Final returns (mixed with the search's root value when TargetSettings.valueMix > 0) rotated to
   * the deciding seat (index 0 = that seat), as the value head predicts them.
   */
  value: Float32Array;
  /** Final score margins over the game's scale, rotated like `value` (only with TargetSettings.scoreScale). */
  score?: Float32Array;
}

/** How a record's decisions become targets (AzConfig's fields of the same meaning). */
export interface TargetSettings {
  /**
   * Policy target = visit shares ^ (1 / this), renormalised (default 1 = the visit shares
   * themselves; below 1 sharpens them, which matters with the few iterations affordable here,
   * where visits stay close to the priors).
   */
  targetTemperature?: number;
  /** Value target = (1 - this) * final returns + this * root value (default 0: the returns). */
  valueMix?: number;
  /** With it, samples carry score-margin targets on this scale (value-targets.ts). */
  scoreScale?: number;
}

/** `values` per absolute seat, rotated so index 0 is `player`. */
function rotated(values: readonly number[], player: number): Float32Array {
  const n = values.length;
  return Float32Array.from({ length: n }, (_, k) => values[(player + k) % n]);
}

/**
 * Rebuilds a record's positions by replaying its seed and actions, with the targets `settings` asks
 * for. The score targets come from the replayed game's final scores, so records need not keep them.
 */
export function samplesOf(def: GameDefinition, record: GameRecord, settings: TargetSettings = {}): Sample[] {
  const { targetTemperature = 1, valueMix = 0, scoreScale } = settings;
  const state = def.newGame({ players: record.players, seed: record.seed });
  const out: Sample[] = [];
  const deciders: number[] = [];
  record.actions.forEach((action, i) => {
    const target = record.targets[i];
    if (target) {
      const player = state.currentPlayer();
      // A search's own target (Gumbel's improved policy) is already the policy to learn.
      const weights = target.policy ?? target.visits.map((v) => v ** (1 / targetTemperature));
      const total = weights.reduce((s, v) => s + v, 0) || 1;
      out.push({
        observation: def.encode(state.view(player)),
        legal: target.legal,
        policy: Float32Array.from(weights, (v) => v / total),
        value: rotated(mixedValue(record.returns, target.rootValue, valueMix), player),
      });
      deciders.push(player);
    }
    state.applyAction(action);
  });
  if (scoreScale !== undefined) {
    const scores = scoreTargets(state.scores(), scoreScale);
    out.forEach((sample, i) => (sample.score = rotated(scores, deciders[i])));
  }
  return out;
}

/**
 * The last `capacity` positions of self-play, kept as whole games (records for checkpoints,
 * positions for training); the oldest games leave first.
 */
export class ReplayBuffer {
  private games: { record: GameRecord; samples: Sample[] }[] = [];
  private positions = 0;

  constructor(
    private readonly def: GameDefinition,
    readonly capacity: number,
    private readonly targets: TargetSettings = {},
  ) {}

  get size(): number {
    return this.positions;
  }

  get records(): GameRecord[] {
    return this.games.map((g) => g.record);
  }

  add(record: GameRecord): void {
    const samples = samplesOf(this.def, record, this.targets);
    this.games.push({ record, samples });
    this.positions += samples.length;
    while (this.positions - this.games[0].samples.length >= this.capacity && this.games.length > 1) {
      this.positions -= this.games.shift()!.samples.length;
    }
  }

  /** `count` positions drawn uniformly with replacement. */
  sample(count: number, rng: Rng): Sample[] {
    const flat = this.games.flatMap((g) => g.samples);
    return Array.from({ length: count }, () => flat[rng.int(flat.length)]);
  }
}
