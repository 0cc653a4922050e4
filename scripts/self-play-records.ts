/**
 * Self-play records of a saved model, for offline experiments on the training targets (the value
 * head's learnability, docs/training.md "Value targets"): every game searched by the model's `az`
 * self-play settings from its meta.json (iterations, leaf mix, root noise), recorded as in a run's
 * replay buffer (root values included), written as one JSON array of GameRecords.
 *
 *   npx tsx scripts/self-play-records.ts <model dir> <games> <seed> <out.json> [threads]
 *
 * Seeds are '<seed>:<k>', so records of another seed never repeat a game.
 */
import { writeFileSync } from 'node:fs';
import { getGame } from '../envs/index.js';
import { readMeta } from '../agents/index.js';
import { TrainingPool, type GameRecord } from '../training/index.js';

const CHUNK = 4;

const [dir, gamesText, seed, out, threadsText = '1'] = process.argv.slice(2);
if (!dir || !gamesText || !seed || !out) {
  process.stderr.write('usage: npx tsx scripts/self-play-records.ts <model dir> <games> <seed> <out.json> [threads]\n');
  process.exit(2);
}
const meta = readMeta(dir);
const def = getGame(meta.game);
readMeta(dir, def);
const config = (meta.training as { config?: Record<string, number | undefined> } | undefined)?.config ?? {};
const options = {
  iterations: config.iterations ?? 64,
  cPuct: meta.search?.c ?? config.cPuct ?? 1.25,
  noise: config.noise ?? 0.25,
  alpha: config.alpha ?? 0.3,
  mix: meta.search?.mix ?? config.mix ?? 0,
  temperatureMoves: config.temperatureMoves ?? 6,
};
const seeds = Array.from({ length: Number(gamesText) }, (_, k) => `${seed}:${k}`);
const pool = new TrainingPool(Number(threadsText));
const started = Date.now();
const records: GameRecord[] = [];
// Written after every chunk of games, so a long run stopped early keeps what it played.
for (let from = 0; from < seeds.length; from += CHUNK) {
  const chunk = seeds.slice(from, from + CHUNK);
  records.push(...(await pool.selfPlay({ game: def.name, players: meta.players, modelDir: dir, options }, chunk)));
  writeFileSync(out, JSON.stringify(records));
  process.stderr.write(`${records.length}/${seeds.length} games, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}
await pool.close();
const positions = records.reduce((n, r) => n + r.targets.filter((t) => t !== null).length, 0);
process.stderr.write(`${out}: ${records.length} games, ${positions} positions, options ${JSON.stringify(options)}\n`);
