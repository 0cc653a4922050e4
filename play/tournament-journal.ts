import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { modelPathOf } from '../agents/index.js';
import { AgoraError } from '../envs/index.js';
import type { PlayedGame } from './messages.js';
import type { ScheduledGame, TournamentFormat } from './schedule.js';

/**
 * A tournament's journal: a JSON-lines file whose first line says which tournament it belongs to and
 * whose other lines are its finished games, one line each, written as each game ends. A run given a
 * journal that already holds games plays only the others, so a tournament of hours survives being
 * stopped (a session's end, Ctrl-C, a reboot) and goes on where it was.
 */
export interface JournalHeader {
  journal: 'agora-tournament-1';
  game: string;
  players: number;
  format: TournamentFormat;
  seed: string;
  agents: string[];
  games: number;
  /**
   * Each model folder the agents play, with a hash of the files that decide its moves (modelHashes).
   * The spec names a folder, not its contents: a model retrained in place between two runs would
   * otherwise mix two models' games in one table. Journals written before this field have none,
   * and are resumed unchecked.
   */
  models?: Record<string, string>;
}

interface JournalLine {
  index: number;
  result: PlayedGame;
}

const FIELDS = ['game', 'players', 'format', 'seed', 'agents', 'games'] as const;
/** A model folder's files that decide how it plays: the network, a policy table, search and policy settings. */
const PLAYING_FILES = ['model.json', 'weights.bin', 'policy.json', 'meta.json'];

/** For each model folder the agents name, a SHA-256 of its playing files (each file's name and bytes). */
export function modelHashes(agents: readonly string[]): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const spec of agents) {
    const folder = modelPathOf(spec);
    if (folder === undefined || folder in hashes) continue;
    const hash = createHash('sha256');
    for (const file of PLAYING_FILES) {
      const path = join(folder, file);
      if (!existsSync(path)) continue;
      hash.update(`${file}\n`);
      hash.update(readFileSync(path));
    }
    hashes[folder] = hash.digest('hex').slice(0, 16);
  }
  return hashes;
}

/** The header line of a journal file, or undefined when the file does not exist or is empty. */
export function readJournalHeader(path: string): JournalHeader | undefined {
  if (!existsSync(path)) return undefined;
  const first = readFileSync(path, 'utf8').split('\n', 1)[0];
  if (first.trim() === '') return undefined;
  return parseHeader(path, first);
}

function parseHeader(path: string, line: string): JournalHeader {
  let header: JournalHeader;
  try {
    header = JSON.parse(line) as JournalHeader;
  } catch {
    throw new AgoraError('bad_request', `journal ${path}: its first line is not JSON; it is not a tournament journal`);
  }
  if (header?.journal !== 'agora-tournament-1')
    throw new AgoraError(
      'bad_request',
      `journal ${path}: its first line is not a tournament journal's header (journal: 'agora-tournament-1')`,
    );
  return header;
}

/**
 * Opens a journal for a schedule: creates it with its header, or reads the games it holds. A journal
 * of another tournament (another game, seed, agent list, seat count, format or length, or a model
 * folder whose files changed) is refused, naming the field, and left as it is. A torn last line (the
 * process was killed while writing it) is dropped, and its game played again.
 */
export function openJournal(
  path: string,
  header: Omit<JournalHeader, 'journal'>,
  schedule: readonly ScheduledGame[],
): { done: Map<number, PlayedGame>; record: (index: number, result: PlayedGame) => void } {
  const want: JournalHeader = { journal: 'agora-tournament-1', ...header };
  const done = new Map<number, PlayedGame>();
  if (!existsSync(path) || readFileSync(path, 'utf8').trim() === '') {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify(want)}\n`);
  } else {
    const text = readFileSync(path, 'utf8');
    const lines = text.split('\n');
    const have = parseHeader(path, lines[0]);
    for (const field of FIELDS) {
      if (JSON.stringify(have[field]) !== JSON.stringify(want[field]))
        throw new AgoraError(
          'bad_request',
          `journal ${path} belongs to another tournament: its ${field} is ${JSON.stringify(have[field])}, ` +
            `this run's is ${JSON.stringify(want[field])} (use another journal file, or run it as it was)`,
        );
    }
    for (const [folder, hash] of Object.entries(have.models ?? {})) {
      if (want.models?.[folder] !== hash)
        throw new AgoraError(
          'bad_request',
          `journal ${path} was played with other files in ${folder} (model hash ${hash}; now ` +
            `${want.models?.[folder] ?? 'none'}): the model changed since, and its games would mix two models ` +
            '(use another journal file, or put the model back)',
        );
    }
    const body = lines.slice(1);
    // The text after the last newline is a line being written when the process stopped.
    const complete = body.slice(0, -1);
    complete.forEach((line, k) => {
      let entry: JournalLine;
      try {
        entry = JSON.parse(line) as JournalLine;
      } catch {
        throw new AgoraError('bad_request', `journal ${path}: line ${k + 2} is not JSON`);
      }
      const job = schedule[entry.index];
      if (!job || JSON.stringify(entry.result?.seats) !== JSON.stringify(job.seats))
        throw new AgoraError(
          'bad_request',
          `journal ${path}: line ${k + 2} (game ${entry.index}) is not a game of this tournament's schedule`,
        );
      done.set(entry.index, entry.result);
    });
    // Cut a torn line off, so the next game's line starts on a line of its own.
    if (!text.endsWith('\n')) writeFileSync(path, `${lines.slice(0, 1 + complete.length).join('\n')}\n`);
  }
  return {
    done,
    record: (index, result) => appendFileSync(path, `${JSON.stringify({ index, result } satisfies JournalLine)}\n`),
  };
}
