/** The load test's settings: each from a flag, else an environment variable, else its default. */
import { parseArgs } from 'node:util';
import { GAMES } from '../../envs/index.js';
import { checkNice } from '../../play/index.js';

export interface LoadConfig {
  /** Simulated people playing at once (--people, PEOPLE). */
  people: number;
  /** Length of the measured window, s (--seconds, SECONDS). */
  seconds: number;
  /**
   * People arrive evenly over this many seconds before the window opens (--ramp-seconds,
   * RAMP_SECONDS); the arrivals' own figures are reported apart. 0: all arrive within the first
   * think time of the window.
   */
  rampSeconds: number;
  /** Finished games stored before the server starts, spread over every game (--stored, STORED_GAMES). */
  stored: number;
  /** Mean think time before a move, ms; each is 0.5 to 1.5 times it (--think-ms, THINK_MS). */
  thinkMs: number;
  /** Games people play, comma-separated (--games, LOAD_GAMES). */
  games: string[];
  /** The roster bot people play against, by spec (--opponent, OPPONENT). */
  opponent: string;
  /** Leaderboard and replay views a second (--leaderboards, --replays; LEADERBOARD_RATE, REPLAY_RATE). */
  leaderboardRate: number;
  replayRate: number;
  /**
   * The background tournament's game, or 'none', and its length (--tournament, --tournament-games;
   * TOURNAMENT, TOURNAMENT_GAMES). Above an account's 500 games the bench raises the server's
   * AGORA_TOURNAMENT_MAX_GAMES, an operator setting.
   */
  tournament: string;
  tournamentGames: number;
  /** Where the JSON report goes (--out, LOAD_OUT). */
  out: string;
  /**
   * 'sqlite' (a temporary file, removed at the end) or 'postgres': the database at DATABASE_URL, which
   * must hold no games and keeps what the bench stored (--store, LOAD_STORE). DATABASE_URL alone
   * does not switch, so a shell set up for the tests never fills their database by accident.
   */
  store: 'sqlite' | 'postgres';
  /**
   * The load generator's nice value once the server runs, 0 (the server's) to 19 (--client-nice,
   * CLIENT_NICE; bench/load/client-nice.ts).
   */
  clientNice: number;
}

const OPTIONS = {
  people: { env: 'PEOPLE', default: '200' },
  seconds: { env: 'SECONDS', default: '60' },
  'ramp-seconds': { env: 'RAMP_SECONDS', default: '10' },
  stored: { env: 'STORED_GAMES', default: '50000' },
  'think-ms': { env: 'THINK_MS', default: '1000' },
  games: { env: 'LOAD_GAMES', default: 'tictactoe,promotion' },
  opponent: { env: 'OPPONENT', default: 'random' },
  leaderboards: { env: 'LEADERBOARD_RATE', default: '10' },
  replays: { env: 'REPLAY_RATE', default: '5' },
  tournament: { env: 'TOURNAMENT', default: 'promotion' },
  'tournament-games': { env: 'TOURNAMENT_GAMES', default: '2000' },
  out: { env: 'LOAD_OUT', default: 'test-output/load.json' },
  store: { env: 'LOAD_STORE', default: 'sqlite' },
  'client-nice': { env: 'CLIENT_NICE', default: '0' },
} as const;

type Name = keyof typeof OPTIONS;

export function loadConfig(argv: string[], env: NodeJS.ProcessEnv): LoadConfig {
  const { values } = parseArgs({
    args: argv,
    options: Object.fromEntries(Object.keys(OPTIONS).map((k) => [k, { type: 'string' }])) as Record<
      Name,
      { type: 'string' }
    >,
  });
  const text = (name: Name) => values[name] ?? env[OPTIONS[name].env] ?? OPTIONS[name].default;
  const number = (name: Name, min: number) => {
    const x = Number(text(name));
    if (!Number.isFinite(x) || x < min)
      throw new Error(`--${name} (${OPTIONS[name].env}): a number ≥ ${min}; got '${text(name)}'`);
    return x;
  };
  const games = text('games').split(',');
  for (const g of [...games, text('tournament')]) {
    if (!(g in GAMES) && g !== 'none') throw new Error(`no game '${g}'`);
  }
  const store = text('store');
  if (store !== 'sqlite' && store !== 'postgres')
    throw new Error(`--store (LOAD_STORE): sqlite or postgres; got '${store}'`);
  if (store === 'postgres' && !env.DATABASE_URL) throw new Error('--store postgres: set DATABASE_URL');
  return {
    people: number('people', 0),
    seconds: number('seconds', 1),
    rampSeconds: number('ramp-seconds', 0),
    stored: number('stored', Object.keys(GAMES).length),
    thinkMs: number('think-ms', 0),
    games,
    opponent: text('opponent'),
    leaderboardRate: number('leaderboards', 0),
    replayRate: number('replays', 0),
    tournament: text('tournament'),
    tournamentGames: number('tournament-games', 1),
    out: text('out'),
    store,
    clientNice: checkNice(number('client-nice', 0), '--client-nice (CLIENT_NICE)'),
  };
}
