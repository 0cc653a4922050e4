import type { GameDefinition, Rng } from '../envs/index.js';
import type { GameRecord } from './self-play.js';

/** One training position: what the deciding seat saw, what it could do, the search's answer, the outcome. */
export interface Sample {
  observation: Float32Array;
  legal: number[];
  /** Visit shares over `legal` (sharpened), or the search's own policy target when it gives one. */
  policy: Float32Array;
  /** Final returns rotated to the deciding seat (index 0 = that seat), as the value head predicts them. */
  value: Float32Array;
}

/**
 * Rebuilds a record's positions by replaying its seed and actions. The policy target is the visit
 * shares raised to 1 / targetTemperature (1 = the visit shares themselves; below 1 sharpens them,
 * which matters with the few iterations affordable here, where visits stay close to the priors).
 */
export function samplesOf(def: GameDefinition, record: GameRecord, targetTemperature = 1): Sample[] {
  const state = def.newGame({ players: record.players, seed: record.seed });
  const out: Sample[] = [];
  const n = record.players;
  record.actions.forEach((action, i) => {
    const target = record.targets[i];
    if (target) {
      const player = state.currentPlayer();
      // A search's own target (Gumbel's improved policy) is already the policy to learn.
      const weights = target.policy ?? target.visits.map((v) => v ** (1 / targetTemperature));
      const total = weights.reduce((s, v) => s + v, 0) || 1;
      const value = new Float32Array(n);
      for (let k = 0; k < n; k++) value[k] = record.returns[(player + k) % n];
      out.push({
        observation: def.encode(state.view(player)),
        legal: target.legal,
        policy: Float32Array.from(weights, (v) => v / total),
        value,
      });
    }
    state.applyAction(action);
  });
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
    private readonly targetTemperature = 1,
  ) {}

  get size(): number {
    return this.positions;
  }

  get records(): GameRecord[] {
    return this.games.map((g) => g.record);
  }

  add(record: GameRecord): void {
    const samples = samplesOf(this.def, record, this.targetTemperature);
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
