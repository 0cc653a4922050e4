/**
 * What a running bot knows of its matches and how it answers the arena's events (BOT-API §2-3).
 * The same for the stream and for polling; the connection is run-bot.ts's. Events may come more
 * than once (the arena announces live matches and waiting turns again on every connect), so every
 * handler is idempotent: a decision is answered once, a match ends once.
 */
import { AgoraError } from '../../envs/index.js';
import { sleep } from './backoff.js';
import { ArenaUnreachable, type BotHttp } from './bot-http.js';
import {
  parseMatchPage,
  type BotEvent,
  type MatchEnd,
  type MatchPage,
  type MatchStart,
  type YourTurn,
} from './bot-events.js';

/**
 * Chooses one of `turn.legalActions` for a decision. `match` is the match's matchStart when the
 * bot has seen it (always on the stream; polling gets none).
 */
export type BotPolicy = (turn: YourTurn, match: MatchStart | undefined) => number | Promise<number>;

/** Sending a move: tries, and the pause before the n-th retry (n times this). */
const POST_TRIES = 3;
const POST_RETRY_MS = 500;

export interface SessionOptions {
  log: (line: string) => void;
  onMatchEnd?: (end: MatchEnd) => void;
  /** Polling: no matchEnd comes, so a move's answer that holds the result ends the match. */
  endFromMoveAnswer: boolean;
  signal: AbortSignal;
}

export class BotSession {
  /** Live matches by id, with their matchStart when seen. */
  private readonly live = new Map<string, MatchStart | undefined>();
  /** `${match}:${decisions}` of the decisions the arena has an answer to. */
  private readonly answered = new Set<string>();
  private readonly ended = new Set<string>();
  /** Matches finished while running (matchEnd events, or results learnt from match pages). */
  finished = 0;

  constructor(
    private readonly http: BotHttp,
    private readonly policy: BotPolicy,
    private readonly options: SessionOptions,
  ) {}

  /** The ids of the matches the bot is known to be playing. */
  liveMatches(): string[] {
    return [...this.live.keys()];
  }

  async handle(event: BotEvent): Promise<void> {
    if (event.type === 'matchStart') this.matchStart(event);
    else if (event.type === 'yourTurn') await this.yourTurn(event);
    else this.matchEnd(event);
  }

  private matchStart(event: MatchStart): void {
    if (this.ended.has(event.match)) return;
    const known = this.live.get(event.match) !== undefined;
    this.live.set(event.match, event);
    if (!known)
      this.options.log(
        `match ${event.match}: ${event.game}, seat ${event.seat} of ${event.players}, ` +
          `${event.timeLimitMs / 1000} s a decision`,
      );
  }

  /** Answers the turn unless it was answered before; false when it was (nothing to do). */
  async yourTurn(turn: YourTurn): Promise<boolean> {
    const key = `${turn.match}:${turn.decisions}`;
    if (this.answered.has(key) || this.ended.has(turn.match)) return false;
    if (!this.live.has(turn.match)) this.live.set(turn.match, undefined);
    const action = await this.policy(turn, this.live.get(turn.match));
    const legal = turn.legalActions.map((l) => l.action);
    if (!Number.isInteger(action) || !legal.includes(action))
      throw new AgoraError(
        'illegal_action',
        `the policy chose action ${action} in match ${turn.match}; the legal actions are ${legal.join(', ')}`,
      );
    if (!this.options.signal.aborted) await this.send(turn, action, key);
    return true;
  }

  private async send(turn: YourTurn, action: number, key: string): Promise<void> {
    const path = `/api/bot/matches/${encodeURIComponent(turn.match)}/actions`;
    const where = `match ${turn.match}: action ${action} at decision ${turn.decisions}`;
    for (let attempt = 1; attempt <= POST_TRIES; attempt++) {
      let answer;
      try {
        answer = await this.http.request('POST', path, {
          body: { action, decisions: turn.decisions },
          signal: this.options.signal,
        });
      } catch (err) {
        if (!(err instanceof ArenaUnreachable) || this.options.signal.aborted) throw err;
        this.options.log(`${where}: ${err.message}; try ${attempt} of ${POST_TRIES}`);
        await sleep(POST_RETRY_MS * attempt, this.options.signal);
        continue;
      }
      // The arena says 409 for illegal_action where the draft says 400: the code decides.
      if (answer.code === 'illegal_action')
        throw new AgoraError('illegal_action', `${where} refused: ${answer.message ?? 'illegal'}`);
      if (answer.status === 200) {
        this.answered.add(key);
        if (this.options.endFromMoveAnswer) this.endFromPage(turn.match, parseMatchPage(answer.body, turn.match));
        return;
      }
      if (answer.status === 409) {
        // stale: played already (a retry, or the time ran out and the arena played at random);
        // conflict: not the bot's turn any more, or the match is over. Normal; nothing to do.
        this.answered.add(key);
        this.options.log(`${where} not played (${answer.code ?? 409}: ${answer.message ?? 'no message'})`);
        return;
      }
      this.options.log(`${where} refused (${answer.status} ${answer.code ?? ''}: ${answer.message ?? 'no message'})`);
      return;
    }
    this.options.log(`${where}: gave up sending it; the arena plays at random when the time runs out`);
  }

  matchEnd(event: MatchEnd): void {
    if (this.ended.has(event.match)) return;
    const start = this.live.get(event.match);
    this.live.delete(event.match);
    this.ended.add(event.match);
    for (const key of this.answered) if (key.startsWith(`${event.match}:`)) this.answered.delete(key);
    this.finished++;
    this.options.log(describeEnd(event, start));
    this.options.onMatchEnd?.(event);
  }

  /**
   * Asks the arena whether the given live matches are over (GET /api/bot/matches/:id): polling
   * gets no matchEnd, and a match can end while the stream is down. Unreadable pages are skipped
   * (asked again next time).
   */
  async checkEnded(matches: Iterable<string>): Promise<void> {
    for (const match of matches) {
      if (this.options.signal.aborted) return;
      let answer;
      try {
        answer = await this.http.request('GET', `/api/bot/matches/${encodeURIComponent(match)}`, {
          signal: this.options.signal,
        });
      } catch (err) {
        if (!(err instanceof ArenaUnreachable)) throw err;
        this.options.log(`match ${match}: could not read its page (${err.message})`);
        continue;
      }
      if (answer.status === 200) this.endFromPage(match, parseMatchPage(answer.body, match));
      else this.options.log(`match ${match}: its page answered ${answer.status} ${answer.message ?? ''}`.trimEnd());
    }
  }

  private endFromPage(match: string, page: MatchPage): void {
    if (!page.result) return;
    const { gameId, ...result } = page.result;
    const seat = page.seat ?? this.live.get(match)?.seat ?? 0;
    const game = page.game === undefined ? {} : { game: page.game };
    this.matchEnd({ type: 'matchEnd', match, seat, result, gameId, eloChange: undefined, ...game });
  }
}

/** 'match k3x (promotion) over: place 1 of 4, Elo +12.5'. */
function describeEnd(event: MatchEnd, start: MatchStart | undefined): string {
  const { ranking, truncated } = event.result;
  const parts: string[] = [];
  const place = ranking[event.seat];
  if (place !== undefined) {
    const tied = ranking.filter((r) => r === place).length > 1;
    parts.push(`place ${place + 1} of ${ranking.length}${tied ? ' (tied)' : ''}`);
  }
  if (truncated) parts.push('truncated');
  if (event.eloChange !== undefined) parts.push(`Elo ${event.eloChange >= 0 ? '+' : ''}${event.eloChange.toFixed(1)}`);
  // The arena names the game in matchEnd and match pages too, beyond the draft.
  const name = start?.game ?? (typeof event.game === 'string' ? event.game : undefined);
  const game = name ? ` (${name})` : '';
  return `match ${event.match}${game} over: ${parts.join(', ') || 'no result given'}`;
}
