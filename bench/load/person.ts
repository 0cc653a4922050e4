/**
 * One simulated person: starts a match as a guest against bots through the JSON API, plays random
 * legal moves from the responses with a think time before each, and when the game ends starts
 * another, until told to stop. A failed request abandons the match (the error is counted).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Rng } from '../../envs/index.js';
import type { Recorder } from './recorder.js';

/** A game people play, with the bot ids to seat against them. */
export interface Table {
  game: string;
  players: number;
  opponent: string;
}

interface SeatPage {
  isYourTurn: boolean;
  decisions: number;
  legalActions: { action: number; label: string }[];
  result?: unknown;
}

export interface PersonOptions {
  tables: readonly Table[];
  /** Mean think time before a move, ms: each is drawn from 0.5 to 1.5 times it. */
  thinkMs: number;
  rng: Rng;
  recorder: Recorder;
  stopped: () => boolean;
  /** Called with the id of each match played to its end (replay views pick among them). */
  finished: (matchId: string) => void;
}

/** The route of a person's move, whose latency the goals are about. */
export const MOVE_ROUTE = 'POST /api/matches/:id/actions';

/** How long to wait before asking again when a response came back before the person's turn, ms. */
const POLL_MS = 100;

export async function person(o: PersonOptions): Promise<void> {
  while (!o.stopped()) {
    await playMatch(o, o.rng.pick(o.tables));
    await sleep(o.thinkMs * (0.5 + o.rng.next()));
  }
}

/** Plays one match at `table` to its end (or until stopped, or a request fails). */
export async function playMatch(o: PersonOptions, table: Table): Promise<void> {
  const created = await o.recorder.request<{ id: string; token: string }>('POST /api/matches', '/api/matches', {
    method: 'POST',
    body: { game: table.game, players: table.players, opponents: new Array(table.players - 1).fill(table.opponent) },
  });
  if (!created) return;
  const { id, token } = created.body;
  const url = `/api/matches/${encodeURIComponent(id)}`;
  const seatPage = () =>
    o.recorder.request<SeatPage>('GET /api/matches/:id', `${url}?token=${encodeURIComponent(token)}`);
  let page = (await seatPage())?.body;
  while (page && !page.result && !o.stopped()) {
    if (!page.isYourTurn) {
      await sleep(POLL_MS);
      page = (await seatPage())?.body;
      continue;
    }
    const action = o.rng.pick(page.legalActions).action;
    await sleep(o.thinkMs * (0.5 + o.rng.next()));
    if (o.stopped()) return;
    const decisions = page.decisions;
    page = (
      await o.recorder.request<SeatPage>(MOVE_ROUTE, `${url}/actions`, {
        method: 'POST',
        body: { token, action, decisions },
      })
    )?.body;
  }
  if (page?.result) o.finished(id);
}
