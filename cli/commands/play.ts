import { createInterface } from 'node:readline';
import {
  HumanAgent,
  fillSeats,
  makeAgent,
  playMatch,
  splitAgentList,
  type Agent,
  type HumanIo,
} from '../../agents/index.js';
import { AgoraError, getGame } from '../../envs/index.js';
import { Output, type OutputOptions } from '../output.js';
import { formatTable } from '../table.js';

export interface PlayCliOptions extends OutputOptions {
  players?: number;
  /** One agent spec per seat, 'human' for a person. */
  seats?: string;
  /** The agent for every seat --seats leaves out (without --seats, seat 0 is a person). */
  others?: string;
  seed?: string;
}

/**
 * Terminal IO that also works with piped input: lines are buffered until asked for. `write` is
 * where the game's text goes (nowhere when stdout carries only the JSON result).
 */
function terminalIo(write: (text: string) => void): HumanIo & { close(): void } {
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  return {
    write,
    ask: async (question) => {
      process.stdout.write(question);
      const next = await lines.next();
      if (next.done) throw new AgoraError('bad_request', 'input closed before the game ended; game abandoned');
      if (!process.stdin.isTTY) process.stdout.write(`${next.value}\n`);
      return next.value;
    },
    close: () => rl.close(),
  };
}

/** The agent spec at each seat, from --seats, --others and --players. */
function lineup(game: ReturnType<typeof getGame>, opts: PlayCliOptions): string[] {
  const specs = opts.seats === undefined ? undefined : splitAgentList(opts.seats);
  if (opts.others !== undefined) {
    // The list names the first seats only, so the player count is --players or the game's default.
    const players = opts.players ?? game.defaultPlayers;
    return fillSeats(specs ?? ['human'], opts.others, players, { list: '--seats', others: '--others' });
  }
  const players = opts.players ?? specs?.length ?? game.defaultPlayers;
  const seats = specs ?? ['human', ...Array.from({ length: players - 1 }, () => 'random')];
  if (seats.length !== players) {
    throw new AgoraError(
      'bad_request',
      `--seats names ${seats.length} agents but the game has ${players} players; ` +
        `name one per seat, or the first seats and --others <spec> for the rest`,
    );
  }
  return seats;
}

export async function playCommand(name: string, opts: PlayCliOptions): Promise<void> {
  const game = getGame(name);
  const seats = lineup(game, opts);
  const players = seats.length;
  const output = new Output(opts);
  if (output.jsonOnStdout && seats.includes('human'))
    throw new AgoraError(
      'bad_request',
      '--json - needs stdout for the JSON result, but a human seat needs it for the game; ' +
        'give --json a file, or seat only agents',
    );
  const seed = opts.seed ?? String(Date.now());
  // The game's text as it comes (prompts end mid-line), unless stdout carries only the JSON result.
  const io = terminalIo((text) => {
    if (!output.jsonOnStdout) process.stdout.write(text);
  });
  const agents: Agent[] = seats.map((spec) => (spec === 'human' ? new HumanAgent(io) : makeAgent(spec, game)));
  const humans = seats.flatMap((spec, seat) => (spec === 'human' ? [seat] : []));
  io.write(`${game.title}, ${players} players, seed ${seed}. Seats: ${seats.map((s, i) => `${i}=${s}`).join(', ')}\n`);
  try {
    let finalState: Parameters<NonNullable<Parameters<typeof playMatch>[2]['onAction']>>[0] | undefined;
    const result = await playMatch(game, agents, {
      seed,
      onAction: (state) => {
        finalState = state;
      },
    });
    for (const seat of humans) {
      io.write(`\n=== Game over: seat ${seat}'s view ===\n${game.renderText(finalState!.view(seat))}\n`);
    }
    const rows = result.seats.map((agent, seat) => [
      String(seat),
      agent,
      String(result.ranking[seat] + 1),
      String(result.scores[seat]),
      result.returns[seat].toFixed(2),
    ]);
    io.write(`\n${formatTable(['seat', 'agent', 'place', 'score', 'return'], rows)}\n`);
    io.write(
      `${result.truncated ? 'Ended by the turn cap. ' : ''}${result.actions.length} decisions. ` +
        `Replay: seed ${seed}, actions ${result.actions.join(',')}\n`,
    );
    output.json(result);
  } finally {
    io.close();
  }
}
