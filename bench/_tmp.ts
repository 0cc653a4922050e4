import { Rng, decisionContext, getGame, listGames } from '../envs/index.js';
import { PuctSearch, loadPolicyFolder, readMeta, evaluateAll } from '../agents/index.js';
for (const name of listGames()) {
  const def = getGame(name); const dir = `models/${name}/az`;
  const net = loadPolicyFolder(dir, def); const players = readMeta(dir, def).players;
  const state = def.newGame({ players, seed: 'q' }); const rng = Rng.fromSeed('q');
  for (let i = 0; i < (name === "tictactoe" ? 2 : 6); i++) { const l = state.legalActions(); state.applyAction(l[rng.int(l.length)]); }
  while (state.legalActions().length < 2) state.applyAction(state.legalActions()[0]);
  const out: string[] = [];
  for (const batch of [4, 8, 16]) {
    const ctx = decisionContext(def, state, Rng.fromSeed('x'));
    const s = new PuctSearch(def, players, (r) => ctx.sampleWorld(r), ctx.rng, { iterations: 400, cPuct: net.searchC ?? 1.5, noise: 0, alpha: 0.3 });
    let n = 0, sum = 0;
    while (!s.done) { const leaves = s.selectBatch(batch); n++; sum += leaves.length; const a = evaluateAll(net, leaves.map(l => l.observation)); leaves.forEach((l, i) => s.expand(l, a[i])); }
    out.push(`b${batch}: mean ${(sum / n).toFixed(1)}`);
  }
  console.log(name, out.join(' '));
}
