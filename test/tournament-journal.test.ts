import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runTournament, type TournamentOptions } from '../play/index.js';

const base: TournamentOptions = {
  game: 'promotion',
  agents: ['random', 'greedy', 'mcts:iterations=8'],
  players: 4,
  games: 12,
  seed: 'journal',
  threads: 2,
  bootstrap: 20,
};

/** A literal text as a regular expression matching it. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'agora-journal-'));
}

describe('tournament journal (resume a stopped tournament)', () => {
  test('a run stopped part-way, with a torn last line, goes on to end as a run never stopped', async () => {
    const whole = await runTournament(base);
    const journal = join(folder(), 'sub', 't.jsonl');
    const first = await runTournament({ ...base, journal });
    expect(first.results).toEqual(whole.results);
    const lines = readFileSync(journal, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(1 + 12);
    expect(JSON.parse(lines[0])).toMatchObject({ journal: 'agora-tournament-1', seed: 'journal', games: 12 });

    // Keep five games (in the order they finished) and half of a sixth line, as a killed run leaves it.
    writeFileSync(journal, `${lines.slice(0, 6).join('\n')}\n${lines[6].slice(0, 40)}`);
    const kept = lines.slice(1, 6).map((l) => (JSON.parse(l) as { index: number }).index);
    const played: number[] = [];
    let resumed = -1;
    const second = await runTournament({
      ...base,
      journal,
      onResume: (n) => (resumed = n),
      onResult: (_r, index) => played.push(index),
    });
    expect(resumed).toBe(5);
    expect(played.sort((a, b) => a - b)).toEqual([...Array(12).keys()].filter((i) => !kept.includes(i)));
    expect(second.results).toEqual(whole.results);
    expect(second.standings.map((s) => [s.agent, s.games, s.winShare, s.elo])).toEqual(
      whole.standings.map((s) => [s.agent, s.games, s.winShare, s.elo]),
    );
    expect(readFileSync(journal, 'utf8').trimEnd().split('\n')).toHaveLength(13);

    // A finished journal plays nothing.
    const calls: number[] = [];
    const third = await runTournament({ ...base, journal, onResult: (_r, i) => calls.push(i) });
    expect(calls).toEqual([]);
    expect(third.results).toEqual(whole.results);
  }, 120_000);

  test("another tournament's journal is refused by name and left as it was", async () => {
    const journal = join(folder(), 't.jsonl');
    await runTournament({ ...base, games: 3, journal });
    const before = readFileSync(journal, 'utf8');
    await expect(runTournament({ ...base, games: 3, seed: 'other', journal })).rejects.toThrow(
      /belongs to another tournament: its seed is "journal", this run's is "other"/,
    );
    await expect(runTournament({ ...base, games: 4, journal })).rejects.toThrow(/its games is 3, this run's is 4/);
    await expect(runTournament({ ...base, agents: ['random', 'greedy'], games: 3, journal })).rejects.toThrow(
      /its agents is \["random","greedy","mcts:iterations=8"\]/,
    );
    expect(readFileSync(journal, 'utf8')).toBe(before);

    // A line whose seats are not its game's in this schedule is not this tournament's.
    const line = JSON.parse(before.split('\n')[1]) as { index: number; result: { seats: string[] } };
    line.result.seats = [...line.result.seats].reverse();
    const forged = join(folder(), 'forged.jsonl');
    writeFileSync(forged, `${before.split('\n')[0]}\n${JSON.stringify(line)}\n`);
    await expect(runTournament({ ...base, games: 3, journal: forged })).rejects.toThrow(
      /line 2 \(game \d\) is not a game of this tournament's schedule/,
    );
    const notJson = join(folder(), 'x.jsonl');
    writeFileSync(notJson, 'hello\n');
    await expect(runTournament({ ...base, games: 3, journal: notJson })).rejects.toThrow(/not a tournament journal/);
  }, 60_000);

  test('a journal of a model changed in place since is refused; an old journal without hashes resumes', async () => {
    const model = join(folder(), 'az');
    cpSync('models/tictactoe/az', model, { recursive: true });
    const run = { ...base, game: 'tictactoe', players: 2, agents: [`neural:${model}`, 'random'], games: 4 };
    const journal = join(folder(), 't.jsonl');
    const first = await runTournament({ ...run, journal });
    const header = JSON.parse(readFileSync(journal, 'utf8').split('\n')[0]) as { models: Record<string, string> };
    expect(Object.keys(header.models)).toEqual([model]);
    expect(header.models[model]).toMatch(/^[0-9a-f]{16}$/);
    const before = readFileSync(journal, 'utf8');

    // Retrained in place: other weights under the same folder name, so the same agent spec.
    const weights = readFileSync(join(model, 'weights.bin'));
    weights[0] ^= 0xff;
    writeFileSync(join(model, 'weights.bin'), weights);
    await expect(runTournament({ ...run, journal })).rejects.toThrow(
      new RegExp(
        `was played with other files in ${escape(model)} \\(model hash ${header.models[model]}; now [0-9a-f]{16}\\)`,
      ),
    );
    expect(readFileSync(journal, 'utf8')).toBe(before);

    // Put back, it resumes (and plays nothing: every game is in the journal).
    weights[0] ^= 0xff;
    writeFileSync(join(model, 'weights.bin'), weights);
    const played: number[] = [];
    const again = await runTournament({ ...run, journal, onResult: (_r, i) => played.push(i) });
    expect(played).toEqual([]);
    expect(again.results).toEqual(first.results);

    // A journal written before model hashes were recorded has none to check, and resumes.
    const lines = before.split('\n');
    const old = JSON.parse(lines[0]) as Record<string, unknown>;
    delete old.models;
    const oldJournal = join(folder(), 'old.jsonl');
    writeFileSync(oldJournal, [JSON.stringify(old), ...lines.slice(1)].join('\n'));
    expect((await runTournament({ ...run, journal: oldJournal })).results).toEqual(first.results);
  }, 60_000);

  test('the CLI: --journal on tournament and evaluate, resumed runs say how many games they found', () => {
    const dir = folder();
    const agora = (args: string[]) =>
      spawnSync(process.execPath, ['cli/agora.js', ...args], { encoding: 'utf8', timeout: 60_000 });
    const args = ['tournament', 'tictactoe', '-a', 'random,greedy', '-n', '6', '-t', '1', '--seed', 's'];
    const once = agora([...args, '--journal', join(dir, 't.jsonl')]);
    expect(once.status).toBe(0);
    const again = agora([...args, '--journal', join(dir, 't.jsonl')]);
    expect(again.status).toBe(0);
    expect(again.stderr).toContain(`journal ${join(dir, 't.jsonl')}: 6 of 6 games already played`);
    expect(again.stdout).toBe(once.stdout);

    const evaluate = ['evaluate', 'models/tictactoe/az', '--tables', 'policy', '-n', '4', '-t', '1'];
    const e1 = agora([...evaluate, '--journal', join(dir, 'eval')]);
    expect(e1.status).toBe(0);
    expect(
      readFileSync(join(dir, 'eval', 'policy.jsonl'), 'utf8')
        .trimEnd()
        .split('\n'),
    ).toHaveLength(5);
    const e2 = agora([...evaluate, '--journal', join(dir, 'eval')]);
    expect(e2.stdout).toBe(e1.stdout);

    // A resumed compute table keeps the MCTS iteration count its journal was started with.
    const header = {
      journal: 'agora-tournament-1',
      game: 'tictactoe',
      players: 2,
      format: 'round-robin',
      seed: 'evaluate:compute',
      agents: ['az:models/tictactoe/az,ms=5', 'mcts:iterations=7,cutoff=30'],
      games: 2,
    };
    writeFileSync(join(dir, 'eval', 'compute.jsonl'), `${JSON.stringify(header)}\n`);
    const compute = ['evaluate', 'models/tictactoe/az', '--tables', 'compute', '--ms', '5', '-n', '2', '-t', '1'];
    const e3 = agora([...compute, '--mcts-iterations', 'auto', '--journal', join(dir, 'eval')]);
    expect(e3.status).toBe(0);
    expect(e3.stderr).toContain('compute table: MCTS as mcts:iterations=7,cutoff=30');
    expect(
      readFileSync(join(dir, 'eval', 'compute.jsonl'), 'utf8')
        .trimEnd()
        .split('\n'),
    ).toHaveLength(3);
  }, 120_000);
});
