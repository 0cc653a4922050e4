// The TypeScript side of the model test: plays one match of <game> (the model's seat count) with
// the shipped model's policy at temperature 0 (`neural:models/<game>/az,temperature=0`) in even
// seats and random in odd ones, and prints every decision as JSON: the seat's observation and legal
// actions, loadPolicyFolder(...).evaluate's logits and values, the actions sharing the top legal
// logit and the neural agent's choice.
import { loadPolicyFolder, makeAgent, playMatch, type Agent, type DecisionContext } from '../../agents/index.js';
import { getGame } from '../../envs/index.js';

const [game, seed, folder = `models/${game}/az`] = process.argv.slice(2);
const def = getGame(game);
const net = loadPolicyFolder(folder, def);
// Temperature 0 whatever the model's default (Perikles' samples at 1): best_action is that agent.
const neural = makeAgent(`neural:${folder},temperature=0`, def);
const random = makeAgent('random', def);
const out: unknown[] = [];

const recording = (inner: Agent): Agent => ({
  name: inner.name,
  act(ctx: DecisionContext) {
    const { logits, value } = net.evaluate(ctx.observation);
    const top = Math.max(...ctx.legalActions.map((a) => logits[a]));
    const chosen = neural.act(ctx);
    out.push({
      observation: Array.from(ctx.observation),
      legalActions: ctx.legalActions,
      logits: Array.from(logits),
      values: Array.from(value),
      best: ctx.legalActions.filter((a) => logits[a] === top),
      chosen,
    });
    return inner === neural ? chosen : inner.act(ctx);
  },
});

const agents = Array.from({ length: net.players }, (_, seat) => recording(seat % 2 === 0 ? neural : random));
await playMatch(def, agents, { seed });
console.log(JSON.stringify(out));
