/**
 * A shipped model as a bot policy: the policy network alone on the turn's observation, choosing as
 * `neural:<model>` does (NeuralAgent): the legal action with the highest logit, or a draw from the
 * softmax at the model's tuned temperature (meta.json policy.temperature) when it has one.
 */
import { randomBytes } from 'node:crypto';
import { chooseByLogits, loadPolicyFolder, readMeta, type PolicyNetwork } from '../../agents/index.js';
import { AgoraError, Rng, getGame } from '../../envs/index.js';
import type { MatchStart, YourTurn } from './bot-events.js';

/**
 * The legal action with the highest logit. NeuralAgent breaks ties with the decision's seeded rng;
 * a bot is given no rng, so the lowest tied action is played: the same choice whenever the
 * logits do not tie.
 */
export function bestLegalAction(logits: ArrayLike<number>, legalActions: readonly number[]): number {
  let best = legalActions[0];
  for (const a of legalActions) if (logits[a] > logits[best] || (logits[a] === logits[best] && a < best)) best = a;
  return best;
}

/** How the policy chooses: its temperature (0: the top logit) and, above 0, the rng of its draws. */
interface PolicyPlay {
  temperature: number;
  rng: Rng;
}

/** The model's choice for one turn; checks the observation fits the model (same game, same seat count). */
export function modelAction(net: PolicyNetwork, observationSize: number, turn: YourTurn, play?: PolicyPlay): number {
  if (turn.observation.length !== observationSize)
    throw new AgoraError(
      'model_version',
      `match ${turn.match}: the arena sent an observation of ${turn.observation.length} numbers; ` +
        `the model reads ${observationSize} (another game, seat count or encoding version)`,
    );
  const { logits } = net.evaluate(Float32Array.from(turn.observation));
  const legal = turn.legalActions.map((l) => l.action);
  return play && play.temperature > 0
    ? chooseByLogits(logits, legal, play.temperature, play.rng)
    : bestLegalAction(logits, legal);
}

/**
 * A model folder as a policy of its turns, for `game` (the model's own game, from its meta.json,
 * when not given). A match of another game or seat count is refused rather than played blind. It
 * plays at the model's temperature unless `options.temperature` is given; draws come from
 * `options.seed` (default: a random seed from node:crypto).
 */
export function loadModelPolicy(
  dir: string,
  game?: string,
  options: { temperature?: number; seed?: string } = {},
): (turn: YourTurn, match?: MatchStart) => number {
  const definition = getGame(game ?? readMeta(dir).game);
  const net = loadPolicyFolder(dir, definition);
  const play: PolicyPlay = {
    temperature: options.temperature ?? net.policyTemperature ?? 0,
    rng: Rng.fromSeed(options.seed ?? randomBytes(16).toString('hex')),
  };
  const size = definition.observationSize(net.players);
  return (turn, match) => {
    const played = match?.game ?? turn.game;
    if (played !== undefined && played !== definition.name)
      throw new AgoraError(
        'model_version',
        `match ${turn.match} is ${played}; the model ${dir} plays ${definition.name}`,
      );
    if (match && match.players !== net.players)
      throw new AgoraError(
        'model_version',
        `match ${match.match} has ${match.players} players; the model ${dir} was trained for ${net.players}`,
      );
    return modelAction(net, size, turn, play);
  };
}
