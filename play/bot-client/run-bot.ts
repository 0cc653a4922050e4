/**
 * Playing on an arena as an external bot (BOT-API.md), Lichess-style: the event stream (or
 * polling) in, one POST per move out, until enough matches have finished or the caller stops.
 *
 *   await runBot((turn) => turn.legalActions[0].action, { url: 'http://localhost:3000', token: 'agb_...' });
 */
import { Backoff, sleep } from './backoff.js';
import { parseBotEvent, parseTurns, type MatchEnd } from './bot-events.js';
import { ArenaUnreachable, BotHttp } from './bot-http.js';
import { BotSession, type BotPolicy } from './bot-session.js';
import { ndjsonLines } from './ndjson-lines.js';
import { AgoraError } from '../../envs/index.js';

export interface RunBotOptions {
  /** The arena, e.g. http://localhost:3000. */
  url: string;
  /** The bot's token (agb_...). */
  token: string;
  /** Poll GET /api/bot/turns instead of reading the stream (for networks that cut long responses). */
  poll?: boolean;
  /** Stops the bot: runBot resolves once the decision in hand, if any, is answered. */
  signal?: AbortSignal;
  /** Resolve after this many matches have finished. */
  matches?: number;
  /** Each finished match; when learnt from the match page (polling), gameId and eloChange are undefined. */
  onMatchEnd?: (end: MatchEnd) => void;
  /** The bot's lines (connects, match starts and ends, moves not played); console.log unless set. */
  log?: (line: string) => void;
  /** The first pause before reconnecting, doubled after each failure up to maxBackoffMs (1 s, 30 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** The stream is taken for dead after this long without a line (the arena sends one every 5 s); 30 s. */
  idleTimeoutMs?: number;
}

/** How long a poll asks the arena to wait for a turn (the arena waits at most 30 s). */
const POLL_WAIT_MS = 25_000;
/** Polling: the pause when every turn of an answer was answered already. */
const REPEAT_PAUSE_MS = 250;
/** Polling: how often live matches without a turn are asked whether they ended. */
const END_CHECK_MS = 5_000;

/**
 * Plays `policy` as the bot of `token` until `matches` matches have finished or `signal` aborts;
 * resolves with the number of matches finished meanwhile. Rejects with an AgoraError on a wrong or
 * revoked token ('unauthorized'), a malformed event ('bad_request'), or an action that is not legal
 * ('illegal_action'), and with what the policy throws: bugs to see at once. A dropped connection
 * or an arena that answers 5xx is retried with capped exponential backoff.
 */
export async function runBot(policy: BotPolicy, options: RunBotOptions): Promise<{ matches: number }> {
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  if (options.signal?.aborted) return { matches: 0 };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const log = options.log ?? ((line: string) => console.log(line));
  const http = new BotHttp(options.url, options.token);
  const session = new BotSession(http, policy, {
    log,
    onMatchEnd: options.onMatchEnd,
    endFromMoveAnswer: options.poll === true,
    signal: stop.signal,
  });
  const run: BotRun = {
    http,
    session,
    log,
    stop: stop.signal,
    backoff: new Backoff(options.backoffMs ?? 1_000, options.maxBackoffMs ?? 30_000),
    done: () => stop.signal.aborted || (options.matches !== undefined && session.finished >= options.matches),
  };
  try {
    if (options.poll) await pollLoop(run);
    else await streamLoop(run, options.idleTimeoutMs ?? 30_000);
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    stop.abort(); // ends any request still open
  }
  return { matches: session.finished };
}

interface BotRun {
  http: BotHttp;
  session: BotSession;
  log: (line: string) => void;
  stop: AbortSignal;
  backoff: Backoff;
  done: () => boolean;
}

/** Reconnecting after `reason`, unless stopped meanwhile. */
async function pauseAfter(run: BotRun, reason: string): Promise<void> {
  const delay = run.backoff.next();
  run.log(`${reason}; trying again in ${delay / 1000} s`);
  await sleep(delay, run.stop);
}

async function streamLoop(run: BotRun, idleTimeoutMs: number): Promise<void> {
  let connectedBefore = false;
  while (!run.done()) {
    const connection = new AbortController();
    const close = () => connection.abort();
    run.stop.addEventListener('abort', close, { once: true });
    let reason: string;
    try {
      reason = await readStream(run, connection, idleTimeoutMs, connectedBefore);
    } finally {
      run.stop.removeEventListener('abort', close);
      connection.abort();
    }
    if (reason === '' || run.done()) return;
    connectedBefore = true;
    await pauseAfter(run, reason);
  }
}

/**
 * One connection of the stream, read until it ends, fails or the bot is done: '' when done, else
 * why the connection ended. Errors of the events and the policy propagate.
 */
async function readStream(
  run: BotRun,
  connection: AbortController,
  idleTimeoutMs: number,
  connectedBefore: boolean,
): Promise<string> {
  let body: AsyncIterable<Uint8Array>;
  try {
    body = await run.http.openStream(connection.signal);
  } catch (err) {
    if (run.stop.aborted) return '';
    if (err instanceof ArenaUnreachable) return `cannot reach the stream (${err.message})`;
    throw err;
  }
  run.log(`${connectedBefore ? 'reconnected' : 'connected'} to ${run.http.url} (stream)`);
  run.backoff.reset();
  let idle = setTimeout(() => connection.abort(), idleTimeoutMs);
  // Matches announced on connecting, until the first keep-alive: a match the bot was playing
  // that is not among them ended while the stream was down.
  let announced: Set<string> | undefined = new Set();
  const lines = ndjsonLines(body)[Symbol.asyncIterator]();
  try {
    while (!run.done()) {
      let next: IteratorResult<string>;
      try {
        next = await lines.next();
      } catch (err) {
        if (run.stop.aborted) return '';
        const idled = connection.signal.aborted;
        return idled ? `no line from the stream for ${idleTimeoutMs / 1000} s` : `stream lost (${errorText(err)})`;
      }
      if (next.done) return 'the arena closed the stream';
      clearTimeout(idle);
      idle = setTimeout(() => connection.abort(), idleTimeoutMs);
      if (next.value.trim() === '') {
        if (announced && connectedBefore)
          await run.session.checkEnded(run.session.liveMatches().filter((m) => !announced!.has(m)));
        announced = undefined;
        continue;
      }
      const event = parseBotEvent(next.value);
      if (!event) continue;
      if (announced && event.type === 'matchStart') announced.add(event.match);
      await run.session.handle(event);
    }
    return '';
  } finally {
    clearTimeout(idle);
  }
}

async function pollLoop(run: BotRun): Promise<void> {
  let connected = false;
  let lastEndCheck = 0;
  while (!run.done()) {
    let answer;
    try {
      answer = await run.http.request('GET', `/api/bot/turns?wait=${POLL_WAIT_MS}`, {
        signal: run.stop,
        timeoutMs: POLL_WAIT_MS + 30_000,
      });
    } catch (err) {
      if (run.stop.aborted) return;
      if (!(err instanceof ArenaUnreachable)) throw err;
      await pauseAfter(run, `polling failed (${err.message})`);
      continue;
    }
    if (answer.status !== 200)
      throw new AgoraError(
        'bad_request',
        `GET ${run.http.url}/api/bot/turns answered ${answer.status}: ${answer.message ?? 'no message'}`,
      );
    run.backoff.reset();
    if (!connected) run.log(`connected to ${run.http.url} (polling)`);
    connected = true;
    const turns = parseTurns(answer.body);
    let answered = 0;
    for (const turn of turns) {
      if (run.done()) return;
      if (await run.session.yourTurn(turn)) answered++;
    }
    // Turns the bot has answered can come again until the arena has applied the move: a pause
    // rather than asking again at once, over and over.
    if (turns.length > 0 && answered === 0) await sleep(REPEAT_PAUSE_MS, run.stop);
    // No matchEnd comes by polling. An answer without turns came after the wait: when matches
    // end, so all are asked at once; otherwise at most every END_CHECK_MS.
    if (turns.length > 0 && Date.now() - lastEndCheck < END_CHECK_MS) continue;
    lastEndCheck = Date.now();
    const waiting = new Set(turns.map((t) => t.match));
    await run.session.checkEnded(run.session.liveMatches().filter((m) => !waiting.has(m)));
  }
}

function errorText(err: unknown): string {
  const cause = (err as { cause?: { message?: unknown } }).cause?.message;
  const message = err instanceof Error ? err.message : String(err);
  return typeof cause === 'string' ? `${message}: ${cause}` : message;
}
