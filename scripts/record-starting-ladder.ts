/**
 * Records the starting ladder: for every game, one round-robin pass of the shipped roster (every mix
 * of bots in every seat rotation, at least 24 games; above 120, 120 of them evenly spread; a game
 * paid in chips: 600 games, the round-robin repeated), played with public seeds
 * `starting-ladder:<game>:<index>`, written to arena/ladder/<game>.json. A fresh arena imports these
 * games on its first start (arena/services/starting-ladder.ts), so every leaderboard ranks the whole
 * roster at once while its own ladder games go on in the background.
 *
 *   npx tsx scripts/record-starting-ladder.ts [game ...]     (default: every game; 2 threads)
 *
 * Progress is checkpointed game by game to data/ladder-progress/<game>.jsonl, so a stopped run
 * resumes where it was; a checkpointed game whose seats are not the schedule's (the roster changed
 * since), or whose models' files have changed since (a model retrained in place), is played again.
 * The same roster and seeds give the same games, except for the bots with a time budget (`ms=`),
 * whose moves depend on the machine: the file keeps every action, and the import replays those.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getGame, listGames } from '../envs/index.js';
import { rosterFor, LADDER_DIR, ladderSeed, type LadderFile, type LadderGame } from '../arena/index.js';
import { modelHashes, playOnWorkers, tournamentSlots } from '../play/index.js';

/**
 * Games a ladder holds at most: a full round-robin of 8 bots at 4 seats is 280 games, most of an
 * hour of thinking for Perikles' timed bots; 120 seat each bot about 60 times.
 */
const MAX_GAMES = 120;

/**
 * Games of a ladder of a game paid in its own unit (chips): a hand is over in a few decisions and
 * its result spreads widely (a hand of Kuhn poker is worth ±1 or ±2 whoever plays better), so one
 * pass of 30 hands ranked the equilibrium policy below random; 600 hands, 20 for each ordered pair
 * of 6 bots, cost a few minutes.
 */
const PAYOFF_GAMES = 600;

const games = process.argv.slice(2).length ? process.argv.slice(2) : listGames();
const progressDir = join('data', 'ladder-progress');
mkdirSync(progressDir, { recursive: true });
mkdirSync(LADDER_DIR, { recursive: true });

for (const name of games) {
  const def = getGame(name);
  const roster = rosterFor(def, 'models');
  const slots = tournamentSlots(roster, def.defaultPlayers, 'round-robin');
  const count =
    def.returnUnit === 'rank' ? Math.min(MAX_GAMES, Math.max(24, slots.length)) : Math.max(PAYOFF_GAMES, slots.length);
  // Past MAX_GAMES, slots evenly spread over the round-robin's (every bot seated about as often).
  const schedule = Array.from({ length: count }, (_, index) => ({
    index,
    seats: slots.length > count ? slots[Math.floor((index * slots.length) / count)] : slots[index % slots.length],
    seed: ladderSeed(name, index),
  }));
  const progress = join(progressDir, `${name}.jsonl`);
  // The same spec names another network once a model is retrained in place: its games are not this one's.
  const models = JSON.stringify(modelHashes(roster));
  const done = new Map<number, LadderGame>();
  if (existsSync(progress)) {
    for (const line of readFileSync(progress, 'utf8').split('\n').filter(Boolean)) {
      const { models: played, ...g } = JSON.parse(line) as LadderGame & { index: number; models?: string };
      const planned = schedule[g.index];
      if (planned && planned.seats.join('\n') === g.seats.join('\n') && played === models) done.set(g.index, g);
    }
  }
  const todo = schedule.filter((g) => !done.has(g.index));
  const started = performance.now();
  console.log(`${name}: ${roster.length} bots, ${count} games (${done.size} already played)`);
  await playOnWorkers(
    todo.map((g) => ({ index: g.index, game: name, seats: g.seats, seed: g.seed })),
    {
      threads: 2,
      onResult: (r, position) => {
        const index = todo[position].index;
        const g: LadderGame = {
          index,
          seed: todo[position].seed,
          seats: todo[position].seats,
          actions: r.actions,
          ranking: r.ranking,
          scores: r.scores,
          truncated: r.truncated,
        };
        done.set(index, g);
        appendFileSync(progress, `${JSON.stringify({ ...g, models })}\n`);
        if (done.size % 10 === 0)
          console.log(`  ${name}: ${done.size}/${count} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      },
    },
  );
  const file: LadderFile = {
    game: name,
    players: def.defaultPlayers,
    encodingVersion: def.encodingVersion,
    roster,
    recordedWith: 'npx tsx scripts/record-starting-ladder.ts',
    models: JSON.parse(models) as Record<string, string>,
    games: [...done.values()].sort((a, b) => a.index - b.index),
  };
  writeFileSync(join(LADDER_DIR, `${name}.json`), `${JSON.stringify(file)}\n`);
  console.log(`${name}: written, ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
