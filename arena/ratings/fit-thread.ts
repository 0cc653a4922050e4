/**
 * The rating fitter's worker thread: keeps every game's results (so each refit sends only the new
 * ones) and runs the Bradley-Terry fit and its bootstrap, which take seconds over tens of
 * thousands of games, away from the thread that answers requests.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { setThreadNice } from '../../play/index.js';
import type { ResultRow } from '../store/store.js';
import type { FitReply, FitRequest } from './fit-messages.js';
import { fitResults } from './snapshot.js';

const results = new Map<string, ResultRow[]>();
const { nice } = (workerData ?? { nice: 0 }) as { nice: number };
if (nice > 0) setThreadNice(nice);

parentPort!.on('message', (req: FitRequest) => {
  let reply: FitReply;
  try {
    const list = req.reset ? [] : (results.get(req.game) ?? []);
    for (const row of req.rows) list.push(row);
    results.set(req.game, list);
    reply = { id: req.id, ok: true, games: list.length, fit: fitResults(req.game, list, req.rated, req.bootstrap) };
  } catch (err) {
    reply = { id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(reply);
});
