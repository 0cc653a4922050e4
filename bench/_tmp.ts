import { Rng, decisionContext, getGame } from '../envs/index.js';
import { AzAgent, loadPolicyFolder } from '../agents/index.js';
const name = process.argv[2];
const def = getGame(name); const net = loadPolicyFolder(`models/${name}/az`, def);
const state = def.newGame({ players: net.players, seed: 'q' }); const rng = Rng.fromSeed('q');
for (let i = 0; i < 8; i++) { const l = state.legalActions(); state.applyAction(l[rng.int(l.length)]); }
while (state.legalActions().length < 2) state.applyAction(state.legalActions()[0]);
const options = { iterations: 300, cPuct: net.searchC ?? 1.5, noise: 0, alpha: 0.3, mix: net.searchMix ?? 0 };
for (let rep = 0; rep < 3; rep++) for (const [batch, cache] of [[1, 0], [1, 1 << 14], [16, 0], [16, 1 << 14]]) {
  const agent = new AzAgent(net, options, 'az', 0, batch, cache);
  const t = performance.now();
  for (let k = 0; k < 3; k++) agent.act(decisionContext(def, state, Rng.fromSeed('s' + k)));
  console.log(rep, batch, cache, ((performance.now() - t) / 3).toFixed(1), 'ms per 300-iteration decision', agent.cacheStats);
}
