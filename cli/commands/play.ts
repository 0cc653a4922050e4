import { createInterface } from 'node:readline';
import { HumanAgent, makeAgent, playMatch, splitAgentList, type Agent, type HumanIo } from '../../agents/index.js';
import { AgoraError, getGame } from '../../envs/index.js';
import { formatTable } from '../table.js';

/** Terminal IO that also works with piped input: lines are buffered until asked for. */
function terminalIo(): HumanIo & { close(): void } {
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  return {
    write: (text) => void process.stdout.write(text),
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

export async function playCommand(
  name: string,
  opts: { players?: number; seats?: string; seed?: string },
): Promise<void> {
  const game = getGame(name);
  const specs = opts.seats === undefined ? undefined : splitAgentList(opts.seats);
  const players = opts.players ?? specs?.length ?? game.defaultPlayers;
  const seats = specs ?? ['human', ...Array.from({ length: players - 1 }, () => 'random')];
  if (seats.length !== players) {
    throw new AgoraError('bad_request', `--seats names ${seats.length} agents but the game has ${players} players`);
  }
  const seed = opts.seed ?? String(Date.now());
  const io = terminalIo();
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
  } finally {
    io.close();
  }
}
