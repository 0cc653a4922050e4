/**
 * Plays a shipped model on an arena as an external bot (BOT-API.md): its policy network alone, the
 * legal action with the highest logit, as `neural:<model>` plays at temperature 0.
 *
 *   node --import tsx examples/bot-model.ts --url http://localhost:3000 --token agb_... [--model models/promotion/az]
 *
 * Without --model, each match plays models/<game>/az for the game its matchStart names (when
 * polling, --poll, the game comes from the turn, if the arena names it there). --matches N stops
 * after N finished matches; Ctrl-C stops at once.
 */
import { parseArgs } from 'node:util';
import { loadModelPolicy, runBot, type MatchStart, type YourTurn } from '../play/index.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    token: { type: 'string' },
    model: { type: 'string' },
    poll: { type: 'boolean', default: false },
    matches: { type: 'string' },
  },
});
if (!values.url || !values.token) {
  console.error('usage: examples/bot-model.ts --url <arena> --token agb_... [--model <folder>] [--poll] [--matches N]');
  process.exit(2);
}

type Policy = ReturnType<typeof loadModelPolicy>;
// --model is loaded before connecting, so a wrong folder fails at once; the game is the model's.
const chosen = values.model === undefined ? undefined : loadModelPolicy(values.model);
/** Without --model: one model per game, loaded at its first turn (read in milliseconds, but not on every turn). */
const byGame = new Map<string, Policy>();

function policyFor(turn: YourTurn, match: MatchStart | undefined): Policy {
  if (chosen) return chosen;
  const game = match?.game ?? turn.game;
  if (!game) throw new Error(`match ${turn.match}: the arena did not say its game; pass --model`);
  let policy = byGame.get(game);
  if (!policy) {
    policy = loadModelPolicy(`models/${game}/az`, game);
    console.log(`${game}: playing models/${game}/az`);
    byGame.set(game, policy);
  }
  return policy;
}

const play = (turn: YourTurn, match: MatchStart | undefined): number => policyFor(turn, match)(turn, match);

const stop = new AbortController();
process.once('SIGINT', () => stop.abort());
const { matches } = await runBot(play, {
  url: values.url,
  token: values.token,
  poll: values.poll,
  matches: values.matches === undefined ? undefined : Number(values.matches),
  signal: stop.signal,
  onMatchEnd: (end) => console.log(JSON.stringify({ match: end.match, seat: end.seat, ...end.result })),
});
console.log(`${matches} match${matches === 1 ? '' : 'es'} finished`);
