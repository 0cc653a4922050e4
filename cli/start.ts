/**
 * `npm run demo`: plays one game in the terminal between random bots, shown from seat 0's point
 * of view (only what seat 0 may see), prints each seat's place, score and return, and says how to
 * play yourself (`npx agora play`). The arena itself is `npm start` (arena/server.ts).
 * Usage: npm run demo [-- <game> [seed]]
 */
import { makeAgent } from '../agents/index.js';
import { Rng, decisionContext, getGame, listGames } from '../envs/index.js';

const name = process.argv[2] ?? (listGames() as string[]).find((g) => g === 'promotion') ?? 'tictactoe';
const game = getGame(name);
const seed = process.argv[3] ?? 'demo';
const players = game.defaultPlayers;
const bot = makeAgent('random', game);
const rngs = Array.from({ length: players }, (_, seat) => Rng.fromSeed(`${seed}:seat${seat}`));
const observer = 0;

console.log(`Agora demo: ${game.title}, ${players} random bots, seed '${seed}', seen from seat ${observer}'s chair.`);
const state = game.newGame({ players, seed });
while (!state.isTerminal()) {
  const seat = state.currentPlayer();
  const ctx = decisionContext(game, state, rngs[seat]);
  const action = await bot.act(ctx);
  if (seat === observer) {
    console.log(
      `\n${game.renderText(state.view(observer))}\n` +
        `-> seat ${observer} (random) chooses: ${state.actionToString(action)}`,
    );
  }
  state.applyAction(action);
}
console.log(`\n${game.renderText(state.view(observer))}\n`);
const returns = state.returns();
const unit = game.returnUnit === 'rank' ? '' : ` ${game.returnUnit}`;
state
  .ranking()
  .forEach((place, seat) =>
    console.log(
      `seat ${seat}: place ${place + 1}, score ${state.scores()[seat]}, return ${returns[seat].toFixed(2)}${unit}`,
    ),
  );
console.log(`\nPlay yourself: npx agora play ${name}    (all games: npx agora games)`);
