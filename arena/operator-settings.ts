import { isIP } from 'node:net';
import { AgoraError } from '../envs/index.js';
import type { ArenaDeps } from './deps.js';

/** A positive integer from the environment, or the default; anything else stops the start with the variable named. */
function positive(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^[1-9][0-9]{0,8}$/.test(raw))
    throw new AgoraError('bad_request', `${name}: must be a positive integer; got '${raw}'`);
  return Number(raw);
}

/** A nice value (0-19) from the environment, or the default; anything else stops the start with the variable named. */
function niceValue(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^(1?[0-9])$/.test(raw) || Number(raw) > 19)
    throw new AgoraError('bad_request', `${name}: an integer from 0 (normal priority) to 19 (lowest); got '${raw}'`);
  return Number(raw);
}

/**
 * AGORA_TRUST_PROXY: how many proxies stand before the arena (a number of hops), or express's
 * address list ('loopback', '10.0.0.0/8, 127.0.0.1'); true-for-all is refused, since then anyone
 * could claim any address in X-Forwarded-For and escape the per-address limits.
 */
function trustProxy(env: NodeJS.ProcessEnv): number | string | undefined {
  const raw = env.AGORA_TRUST_PROXY;
  if (raw === undefined || raw === '') return undefined;
  if (/^[1-9]$/.test(raw)) return Number(raw);
  if (raw.split(',').every((entry) => trustedEntry(entry.trim()))) return raw;
  throw new AgoraError(
    'bad_request',
    `AGORA_TRUST_PROXY: the number of proxies in front (1-9), or addresses/subnets such as 'loopback' or ` +
      `'10.0.0.0/8'; got '${raw}'`,
  );
}

/** One of express's trust-proxy names, an IP address, or a subnet as address/prefix length. */
function trustedEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^[0-9]{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** Positive integers from variables named prefix + a game's name in capitals, by game. */
function perGame(env: NodeJS.ProcessEnv, prefix: string): Record<string, number> | undefined {
  const out: Record<string, number> = {};
  for (const name of Object.keys(env)) {
    if (name.startsWith(prefix)) out[name.slice(prefix.length).toLowerCase()] = positive(env, name)!;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The operator's settings for `npm start`, from the environment (docs/security.md lists them):
 * AGORA_ADMIN_TOKEN, AGORA_BOT_BUDGET_MS, AGORA_USER_BOT_COST, AGORA_USER_BOT_MS,
 * AGORA_TOURNAMENT_MAX_GAMES, AGORA_TOURNAMENT_MAX_AGENTS, AGORA_TOURNAMENT_RUNNING,
 * AGORA_SECURE_COOKIES (1 behind HTTPS), AGORA_ORIGIN (the public origin behind a proxy),
 * AGORA_BOT_TIME_LIMIT_MS (and AGORA_BOT_TIME_LIMIT_MS_<GAME>) and AGORA_BOT_MISS_LIMIT for bots on the Bot API,
 * AGORA_TOURNAMENT_PROGRESS_MS (how often a tournament's progress is logged), AGORA_BACKGROUND_NICE (the
 * priority of tournament and rating threads, 0-19), AGORA_MATCH_ABORT_MS, AGORA_MATCH_IDLE_MS and
 * AGORA_LIVE_MATCHES(_PER_ACCOUNT, _PER_GUEST, _PER_ADDRESS) for live people's matches,
 * AGORA_TRUST_PROXY (behind a reverse proxy), AGORA_READS_PER_MINUTE (GETs per client address) and
 * AGORA_BOT_POLLS_PER_MINUTE (Bot API stream connects and polls per bot token), AGORA_ACCOUNT_MAX_BOTS (bots per
 * account), AGORA_TOURNAMENT_GAMES_AT_ONCE (tournament games in play at once, all tournaments
 * together). Seeds are deliberately
 * not among them. The log's (LOG_LEVEL, LOG_FORMAT) and the start-up check's (AGORA_CONNECT_TIMEOUT_MS)
 * are read by arena/server.ts.
 */
export function operatorSettings(env: NodeJS.ProcessEnv): Partial<ArenaDeps> {
  const admin = env.AGORA_ADMIN_TOKEN;
  if (admin !== undefined && admin !== '' && admin.length < 16)
    throw new AgoraError('bad_request', 'AGORA_ADMIN_TOKEN: use at least 16 characters (e.g. openssl rand -hex 32)');
  const secure = env.AGORA_SECURE_COOKIES;
  if (secure !== undefined && secure !== '' && secure !== '0' && secure !== '1')
    throw new AgoraError('bad_request', `AGORA_SECURE_COOKIES: 0 or 1; got '${secure}'`);
  const origin = env.AGORA_ORIGIN;
  if (origin !== undefined && origin !== '' && !/^https?:\/\/[^/\s]+$/.test(origin)) {
    throw new AgoraError(
      'bad_request',
      `AGORA_ORIGIN: scheme and host, like https://agora.example (no path); got '${origin}'`,
    );
  }
  // Replaced by the one cost rule (issue 33): a stricter iteration count must not silently loosen.
  if (env.AGORA_USER_BOT_ITERATIONS !== undefined && env.AGORA_USER_BOT_ITERATIONS !== '') {
    throw new AgoraError(
      'bad_request',
      "AGORA_USER_BOT_ITERATIONS is no longer read: accounts' bots are held to AGORA_USER_BOT_COST, " +
        'the steps one decision may cost whatever its knobs (default 60000; docs/security.md); set that instead',
    );
  }
  const defined = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
  return defined({
    adminToken: admin || undefined,
    botBudgetMs: positive(env, 'AGORA_BOT_BUDGET_MS'),
    userBots: defined({
      cost: positive(env, 'AGORA_USER_BOT_COST'),
      ms: positive(env, 'AGORA_USER_BOT_MS'),
    }),
    tournamentLimits: defined({
      games: positive(env, 'AGORA_TOURNAMENT_MAX_GAMES'),
      agents: positive(env, 'AGORA_TOURNAMENT_MAX_AGENTS'),
      running: positive(env, 'AGORA_TOURNAMENT_RUNNING'),
    }),
    externalBots: defined({
      timeLimitMs: positive(env, 'AGORA_BOT_TIME_LIMIT_MS'),
      missLimit: positive(env, 'AGORA_BOT_MISS_LIMIT'),
      timeLimitsMs: perGame(env, 'AGORA_BOT_TIME_LIMIT_MS_'),
    }),
    tournamentProgressMs: positive(env, 'AGORA_TOURNAMENT_PROGRESS_MS'),
    backgroundNice: niceValue(env, 'AGORA_BACKGROUND_NICE'),
    liveMatches: defined({
      abortAfterMs: positive(env, 'AGORA_MATCH_ABORT_MS'),
      loseAfterMs: positive(env, 'AGORA_MATCH_IDLE_MS'),
      total: positive(env, 'AGORA_LIVE_MATCHES'),
      perAccount: positive(env, 'AGORA_LIVE_MATCHES_PER_ACCOUNT'),
      perGuest: positive(env, 'AGORA_LIVE_MATCHES_PER_GUEST'),
      perAddress: positive(env, 'AGORA_LIVE_MATCHES_PER_ADDRESS'),
    }),
    trustProxy: trustProxy(env),
    readLimitPerMinute: positive(env, 'AGORA_READS_PER_MINUTE'),
    botPollLimitPerMinute: positive(env, 'AGORA_BOT_POLLS_PER_MINUTE'),
    accountMaxBots: positive(env, 'AGORA_ACCOUNT_MAX_BOTS'),
    tournamentGamesAtOnce: positive(env, 'AGORA_TOURNAMENT_GAMES_AT_ONCE'),
    secureCookies: secure === '1' ? true : undefined,
    origin: origin || undefined,
  });
}
