import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * Runs the real `agora` bin (cli/agora.js) as a person would, with optional typed input and extra
 * environment variables. Its stdout and stderr are pipes, not a terminal, as in a script or CI job.
 */
function agora(args: string[], input = '', env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, ['cli/agora.js', ...args], {
    input,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, ...env },
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

describe('agora CLI', () => {
  test('games lists every game with player counts and sizes', () => {
    const { code, out } = agora(['games']);
    expect(code).toBe(0);
    expect(out).toMatch(/^tictactoe\s+Tic-tac-toe\s+2\s+2\s+9\s+27\s/m);
  });

  test('play: a person at seat 0 picks numbered moves and sees the result and a replay line', () => {
    // Enough answers for any game: '1' always picks the first legal move.
    const { code, out } = agora(['play', 'tictactoe', '--seats', 'human,random', '--seed', '4'], '1\n'.repeat(9));
    expect(code).toBe(0);
    expect(out).toContain('You are X (seat 0). Your move.');
    expect(out).toMatch(/ 1\) x\(0,0\)/);
    expect(out).toMatch(/Game over: seat 0's view/);
    expect(out).toMatch(/Replay: seed 4, actions 0,/);
  });

  test('play re-asks on an answer that is not a choice', () => {
    const { out } = agora(
      ['play', 'tictactoe', '--seats', 'human,random', '--seed', '4'],
      'banana\n' + '1\n'.repeat(9),
    );
    expect(out).toContain("'banana' is not a choice: type a number from 1 to 9.");
  });

  test('simulate prints a results table and writes JSON', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'agora-')), 'sim.json');
    const { code, out } = agora([
      'simulate',
      'tictactoe',
      '--games',
      '20',
      '--agents',
      'random,random',
      '--json',
      file,
    ]);
    expect(code).toBe(0);
    expect(out).toMatch(/^agent\s+seats\s+wins\s+win share\s+avg return\s+avg score/m);
    expect(out).toMatch(/^random#0\s+20\s/m);
    expect(out).toMatch(/20 games of tictactoe; average length/);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.games).toHaveLength(20);
    // Seats rotate: random#0 sits at seat 0 in even games and seat 1 in odd ones.
    expect(saved.games[0].seats).toEqual(['random#0', 'random#1']);
    expect(saved.games[1].seats).toEqual(['random#1', 'random#0']);
  });

  test('bad input exits 2 with a message naming what is allowed', () => {
    const unknown = agora(['play', 'chess']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/unknown game 'chess'; known games: tictactoe/);
    const count = agora(['simulate', 'tictactoe', '--players', '3']);
    expect(count.code).toBe(2);
    expect(count.err).toMatch(/players must be exactly 2/);
    const spec = agora(['simulate', 'tictactoe', '--agents', 'random,wizard']);
    expect(spec.code).toBe(2);
    expect(spec.err).toMatch(/unknown agent kind 'wizard'; known kinds: random, greedy, mcts, neural/);
  });

  test("commander's usage errors exit 2 too: a bad value, a missing required option, an unknown option", () => {
    const games = agora(['simulate', 'tictactoe', '--games', 'many']);
    expect(games.code).toBe(2);
    expect(games.err).toMatch(/'many' is not a positive integer/);
    const missing = agora(['tournament', 'tictactoe']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/required option '-a, --agents <specs>' not specified/);
    const unknown = agora(['games', '--colour']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/unknown option '--colour'/);
    expect(agora(['games', '--help']).code).toBe(0);
  });

  test('a failure exits 1: a --json file that cannot be written, checked before any game is played', () => {
    const run = agora(['tournament', 'tictactoe', '-a', 'random,greedy', '-n', '2', '--json', '/nonexistent/t.json']);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/--json \/nonexistent\/t.json: cannot write to the folder \/nonexistent/);
    expect(run.out).toBe('');
  });

  test('without a terminal, a tournament prints plain progress lines on stderr before its table on stdout', () => {
    const args = ['tournament', 'tictactoe', '-a', 'random,greedy', '-n', '6', '-t', '1'];
    const run = agora(args, '', { AGORA_PROGRESS_INTERVAL_MS: '0' });
    expect(run.code).toBe(0);
    expect(run.err).toMatch(/^tournament: 1\/6 games, [\d.]+ games\/s, ETA /m);
    expect(run.err).toMatch(/^tournament: 6\/6 games after \d+ s$/m);
    expect(run.out).toMatch(/^tictactoe, 2 players, round-robin, 6 games/);
    expect(run.out).not.toMatch(/games\/s/);
    // --quiet: the same results, no progress.
    const quiet = agora([...args, '--quiet'], '', { AGORA_PROGRESS_INTERVAL_MS: '0' });
    expect(quiet.code).toBe(0);
    expect(quiet.err).toBe('');
    expect(quiet.out).toBe(run.out);
  });

  test('--json - puts one JSON document on stdout instead of the tables; --json <file> keeps the tables', () => {
    const run = agora(['tournament', 'tictactoe', '-a', 'random,greedy', '-n', '4', '-t', '1', '--json', '-']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out);
    expect(report.standings.map((s: { agent: string }) => s.agent).sort()).toEqual(['greedy', 'random']);
    expect(report.results).toHaveLength(4);
    const games = JSON.parse(agora(['games', '--json', '-']).out);
    expect(games.find((g: { name: string }) => g.name === 'tictactoe')).toMatchObject({ players: [2], actionSize: 9 });
  });

  test('--others seats the listed agents first and the default everywhere else', () => {
    const run = agora(['simulate', 'promotion', '-n', '4', '--agents', 'greedy', '--others', 'random', '--json', '-']);
    expect(run.code).toBe(0);
    const saved = JSON.parse(run.out);
    // The lineup is greedy then three randoms; the seats rotate each game, so greedy plays all four.
    expect(saved.games[0].seats).toEqual(['greedy', 'random#1', 'random#2', 'random#3']);
    expect(saved.games[1].seats).toEqual(['random#1', 'random#2', 'random#3', 'greedy']);
    expect(saved.tallies.map((t: { agent: string; games: number }) => [t.agent, t.games])).toEqual([
      ['greedy', 4],
      ['random#1', 4],
      ['random#2', 4],
      ['random#3', 4],
    ]);
    const play = agora(['play', 'tictactoe', '--seats', 'greedy', '--others', 'random', '--seed', '3', '--json', '-']);
    expect(play.code).toBe(0);
    expect(JSON.parse(play.out).seats).toEqual(['greedy', 'random']);
  });

  test('--others is refused when the list already fills every seat, or names more than one agent', () => {
    const full = agora(['simulate', 'tictactoe', '--agents', 'random,greedy', '--others', 'random']);
    expect(full.code).toBe(2);
    expect(full.err).toMatch(
      /--agents already names 2 agents for 2 seats; .* list fewer than 2 agents or drop --others/,
    );
    const two = agora(['play', 'promotion', '--seats', 'greedy', '--others', 'random,greedy']);
    expect(two.code).toBe(2);
    expect(two.err).toMatch(/--others takes one agent spec, the one for every seat --seats leaves out/);
  });

  test('train: a short az run writes the model, meta, metrics and curves, and prints its evaluation tables', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'agora-train-')), 'm');
    const args = [
      'train',
      'tictactoe',
      '--minutes',
      '0.05',
      '--games',
      '2',
      '--workers',
      '1',
      '--width',
      '8',
      '--blocks',
      '1',
      '--iterations',
      '8',
      '--seed',
      'cli',
      '--out',
      out,
    ];
    const run = agora(args);
    expect(run.code).toBe(0);
    expect(run.err).toMatch(/agora train tictactoe: az, 2 players, 0.05 min, backend (tensorflow|wasm|cpu)/);
    expect(run.out).toMatch(/\d+ generations, \d+ gradient steps, \d+ games/);
    expect(run.out).toMatch(
      /^search guided by the network \(az:\):\nopponent\s+games\s+score\s+score 95% CI\s+win rate\s+Elo diff/m,
    );
    // 98 games per baseline by default with two seats: a score interval within ±0.1.
    expect(run.out).toMatch(/^random\s+98\s+\d\.\d{3}\s+\[\d\.\d{3}, \d\.\d{3}\]/m);
    expect(run.out).toMatch(/^mcts:iterations=8\s+\d+\s/m);
    expect(run.out).toMatch(/^the policy alone \(neural:\):/m);
    const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8'));
    expect(meta).toMatchObject({
      game: 'tictactoe',
      players: 2,
      network: { width: 8, blocks: 1 },
      training: { algorithm: 'az', config: { iterations: 8, mix: 0 } },
    });
    const rows = readFileSync(join(out, 'metrics.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.at(-1)).toHaveProperty('eval');
    expect(Object.keys(rows[0])).toEqual(
      expect.arrayContaining(['generation', 'step', 'policyLoss', 'valueLoss', 'entropy', 'gate']),
    );
    expect(readFileSync(join(out, 'curves.svg'), 'utf8')).toMatch(/^<svg[^>]*>/);
    // A new run warm-started from that model records where its first network came from.
    const next = join(out, '..', 'next');
    const warm = agora([
      ...args.slice(0, -2),
      '--init',
      out,
      '--mix',
      '0.5',
      '--full-iterations',
      '24',
      '--full-share',
      '0.5',
      '--out',
      next,
    ]);
    expect(warm.code).toBe(0);
    const nextMeta = JSON.parse(readFileSync(join(next, 'meta.json'), 'utf8'));
    expect(nextMeta.training).toMatchObject({
      config: { mix: 0.5, iterations: 8, fullIterations: 24, fullShare: 0.5 },
      initFrom: { folder: out, training: { generation: meta.training.generation } },
    });
  }, 60_000);

  test('train: bad options are refused before anything is written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agora-train-bad-'));
    const algo = agora(['train', 'tictactoe', '--algo', 'dqn', '--minutes', '1', '--out', join(dir, 'a')]);
    expect(algo.code).toBe(2);
    expect(algo.err).toMatch(/--algo must be az or ppo \(CFR\+: agora cfr\); got 'dqn'/);
    const mix = agora(['train', 'tictactoe', '--minutes', '1', '--mix', '2', '--out', join(dir, 'b')]);
    expect(mix.code).toBe(2);
    expect(mix.err).toMatch(/'2' is not a number from 0 to 1/);
    const ppoMix = agora([
      'train',
      'tictactoe',
      '--algo',
      'ppo',
      '--minutes',
      '1',
      '--mix',
      '0.5',
      '--out',
      join(dir, 'c'),
    ]);
    expect(ppoMix.err).toMatch(/--mix applies to --algo az only/);
    const ppoFull = agora([
      'train',
      'tictactoe',
      '--algo',
      'ppo',
      '--minutes',
      '1',
      '--full-iterations',
      '64',
      '--out',
      join(dir, 'c'),
    ]);
    expect(ppoFull.code).toBe(2);
    expect(ppoFull.err).toMatch(/--full-iterations applies to --algo az only/);
    const shareAlone = agora(['train', 'tictactoe', '--minutes', '1', '--full-share', '0.5', '--out', join(dir, 'f')]);
    expect(shareAlone.code).toBe(2);
    expect(shareAlone.err).toMatch(/--full-share needs --full-iterations or --teacher/);
    // One tic-tac-toe training command of a minute with these flags, its output in dir/<out>.
    const trainWith = (out: string, ...flags: string[]) =>
      agora(['train', 'tictactoe', '--minutes', '1', ...flags, '--out', join(dir, out)]);
    const teacherAndFull = trainWith('h', '--teacher', '500', '--full-iterations', '64');
    expect(teacherAndFull.code).toBe(2);
    expect(teacherAndFull.err).toMatch(
      /--teacher and --full-iterations both choose the search of the recorded decisions; give one/,
    );
    const teacherGumbel = trainWith('i', '--teacher', '500', '--search', 'gumbel');
    expect(teacherGumbel.code).toBe(2);
    expect(teacherGumbel.err).toMatch(/--teacher .* does not go with --search gumbel/);
    const teacherPpo = trainWith('j', '--algo', 'ppo', '--teacher', '500');
    expect(teacherPpo.code).toBe(2);
    expect(teacherPpo.err).toMatch(/--teacher applies to --algo az only/);
    const shareZero = agora([
      'train',
      'tictactoe',
      '--minutes',
      '1',
      '--full-iterations',
      '64',
      '--full-share',
      '0',
      '--out',
      join(dir, 'g'),
    ]);
    expect(shareZero.code).toBe(2);
    expect(shareZero.err).toMatch(/--full-share must be above 0 and at most 1; got 0/);
    const init = agora([
      'train',
      'tictactoe',
      '--minutes',
      '1',
      '--init',
      'models/promotion/az',
      '--out',
      join(dir, 'd'),
    ]);
    expect(init.code).toBe(2);
    expect(init.err).toMatch(/models\/promotion\/az was trained for promotion, not tictactoe/);
    const width = agora([
      'train',
      'tictactoe',
      '--minutes',
      '1',
      '--init',
      'models/tictactoe/az',
      '--width',
      '32',
      '--out',
      join(dir, 'e'),
    ]);
    expect(width.err).toMatch(
      /--init models\/tictactoe\/az has width \d+ and \d+ blocks; this run has width 32 and 2 blocks/,
    );
    const train = (...flags: string[]) => agora(['train', 'tictactoe', '--minutes', '1', ...flags]);
    const search = train('--search', 'alphabeta', '--out', join(dir, 'h'));
    expect(search.code).toBe(2);
    expect(search.err).toMatch(/--search must be puct or gumbel; got 'alphabeta'/);
    const considered = train('--considered', '4', '--out', join(dir, 'i'));
    expect(considered.code).toBe(2);
    expect(considered.err).toMatch(/--considered needs --search gumbel/);
    const ppoSearch = train('--algo', 'ppo', '--search', 'gumbel', '--cutoff', '30', '--out', join(dir, 'j'));
    expect(ppoSearch.err).toMatch(/--cutoff, --search apply to --algo az only/);
    const resumeNothing = train('--resume', '--out', join(dir, 'k'));
    expect(resumeNothing.code).toBe(2);
    expect(resumeNothing.err).toMatch(/--resume: .*k holds no checkpoint \(checkpoint\/state\.json\) to go on from/);
    const resumeFresh = train('--resume', '--fresh', '--out', join(dir, 'l'));
    expect(resumeFresh.err).toMatch(
      /--resume goes on with the checkpoint in --out; it cannot go with --fresh or --init/,
    );
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);
});

/** A copy of the shipped tic-tac-toe model in a new temporary folder (tuning rewrites its meta.json). */
function tttModelCopy(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'agora-tune-')), 'ttt');
  cpSync('models/tictactoe/az', dir, { recursive: true });
  return dir;
}

describe('agora tune-search', () => {
  test('plays az at each c against mcts, saves the best c and its figures; weights and other meta stay', () => {
    const dir = tttModelCopy();
    const weights = readFileSync(join(dir, 'weights.bin'));
    const { code, out, err } = agora([
      'tune-search',
      dir,
      '--c',
      '0.5,3',
      '--iterations',
      '8',
      '--games',
      '12',
      '--seed',
      't',
      '--threads',
      '1',
    ]);
    expect(err).not.toMatch(/Error/);
    expect(code).toBe(0);
    expect(out).toMatch(new RegExp(`^az:${dir},iterations=8,c=0.5\\s`, 'm'));
    expect(out).toMatch(/^mcts:iterations=8\s/m);
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
    const best = meta.search.c as number;
    expect([0.5, 3]).toContain(best);
    expect(out).toContain(`best: c=${best} `);
    const standings = meta.search.chosenBy.standings as { agent: string; bt: number }[];
    expect(standings.map((s) => s.agent)).toEqual([
      `az:${dir},iterations=8,c=0.5`,
      `az:${dir},iterations=8,c=3`,
      'mcts:iterations=8',
    ]);
    // The written c is the better-rated of the two.
    expect(standings.find((s) => s.agent.endsWith(`c=${best}`))!.bt).toBe(Math.max(standings[0].bt, standings[1].bt));
    expect(meta.search.chosenBy).toMatchObject({ iterations: 8, games: 12, seed: 't', opponent: 'mcts:iterations=8' });
    // The weights are untouched, and the rest of meta.json is as it was.
    expect(readFileSync(join(dir, 'weights.bin')).equals(weights)).toBe(true);
    const original = JSON.parse(readFileSync('models/tictactoe/az/meta.json', 'utf8'));
    expect({ ...meta, search: undefined }).toEqual({ ...original, search: undefined });
  });

  test('refuses a bad --c list or a model folder that is not one, before writing anything', () => {
    const dir = tttModelCopy();
    const before = readFileSync(join(dir, 'meta.json'), 'utf8');
    const one = agora(['tune-search', dir, '--c', '1']);
    expect(one.code).not.toBe(0);
    expect(one.err).toContain("--c needs at least two values to compare; got '1'");
    const bad = agora(['tune-search', dir, '--c', '0.5,x,-1']);
    expect(bad.err).toContain("--c must list numbers from 0 to 100 separated by commas; got 'x', '-1' in '0.5,x,-1'");
    const twice = agora(['tune-search', dir, '--c', '1,1']);
    expect(twice.err).toContain("--c lists a value twice: '1,1'");
    const missing = agora(['tune-search', join(dir, 'nothing'), '--c', '1,2']);
    expect(missing.err).toMatch(/meta\.json is missing/);
    for (const [args, count] of [
      [[], 0],
      [['--c', '1,2', '--mix', '0,1'], 2],
      [['--mix', '0,1', '--expand', '1,2'], 2],
    ] as const) {
      const both = agora(['tune-search', dir, ...args]);
      expect(both.code).toBe(2);
      expect(both.err).toContain(
        `give one of --c, --mix or --expand: the values of one search setting to compare (got ${count})`,
      );
    }
    expect(agora(['tune-search', dir, '--mix', '0,2']).err).toContain("--mix values are shares from 0 to 1; got '0,2'");
    expect(agora(['tune-search', dir, '--expand', '1,2.5']).err).toContain(
      "--expand values are whole visit counts from 1 to 1000; got '1,2.5'",
    );
    expect(agora(['tune-search', dir, '--expand', '1,2000']).err).toContain(
      "--expand must list numbers from 0 to 1000 separated by commas; got '2000' in '1,2000'",
    );
    expect(readFileSync(join(dir, 'meta.json'), 'utf8')).toBe(before);
  });

  test('tune-search --mix at equal time: az at each mix against mcts with the same ms, the best mix saved', () => {
    const dir = tttModelCopy();
    const run = agora([
      'tune-search',
      dir,
      '--mix',
      '0,1',
      '--ms',
      '5',
      '-n',
      '8',
      '--seed',
      'm',
      '-t',
      '1',
      '--quiet',
    ]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(new RegExp(`^az:${dir},ms=5,mix=0\\s`, 'm'));
    expect(run.out).toMatch(/^mcts:ms=5\s/m);
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
    expect([0, 1]).toContain(meta.search.mix);
    expect(meta.search.c).toBe(1.5); // tic-tac-toe's model had no tuned c: the default is kept
    expect(meta.search.chosenBy).toMatchObject({ setting: 'mix', ms: 5, games: 8, opponent: 'mcts:ms=5' });
    expect(run.out).toContain(`wrote search.mix = ${meta.search.mix} to ${dir}/meta.json`);
  });

  test('tune-search --expand saves the best expansion threshold, keeping the c, mix and cutoff meta.search had', () => {
    const dir = tttModelCopy();
    const path = join(dir, 'meta.json');
    const tuned = {
      ...JSON.parse(readFileSync(path, 'utf8')),
      search: { c: 0.7, mix: 1, cutoff: 3, chosenBy: { x: 1 } },
    };
    writeFileSync(path, JSON.stringify(tuned));
    const run = agora([
      'tune-search',
      dir,
      '--expand',
      '1,3',
      '--iterations',
      '12',
      '-n',
      '8',
      '--seed',
      'x',
      '-t',
      '1',
    ]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(new RegExp(`^az:${dir},iterations=12,expand=3\\s`, 'm'));
    const meta = JSON.parse(readFileSync(path, 'utf8'));
    expect([1, 3]).toContain(meta.search.expand);
    expect(meta.search).toMatchObject({ c: 0.7, mix: 1, cutoff: 3 });
    expect(meta.search.chosenBy).toMatchObject({ setting: 'expand', iterations: 12, games: 8, seed: 'x' });
    expect(run.out).toContain(`wrote search.expand = ${meta.search.expand} to ${dir}/meta.json`);
  });

  test('tune-policy plays the policy at each temperature against random and greedy and saves the best', () => {
    const dir = tttModelCopy();
    const weights = readFileSync(join(dir, 'weights.bin'));
    const { code, out, err } = agora([
      'tune-policy',
      dir,
      '--temperature',
      '0,5',
      '--games',
      '24',
      '--seed',
      't',
      '--threads',
      '1',
    ]);
    expect(err).not.toMatch(/Error/);
    expect(code).toBe(0);
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
    const standings = meta.policy.chosenBy.standings as { agent: string; bt: number }[];
    expect(standings.map((s) => s.agent)).toEqual([
      `neural:${dir},temperature=0`,
      `neural:${dir},temperature=5`,
      'random',
      'greedy',
    ]);
    const best = meta.policy.temperature as number;
    expect(standings.find((s) => s.agent.endsWith(`temperature=${best}`))!.bt).toBe(
      Math.max(standings[0].bt, standings[1].bt),
    );
    expect(out).toContain(`best: temperature=${best} (BT `);
    expect(meta.policy.chosenBy).toMatchObject({ games: 24, seed: 't', opponents: ['random', 'greedy'] });
    expect(readFileSync(join(dir, 'weights.bin')).equals(weights)).toBe(true);
    const original = JSON.parse(readFileSync('models/tictactoe/az/meta.json', 'utf8'));
    expect({ ...meta, policy: undefined }).toEqual({ ...original, policy: undefined });
    // A bad list is refused before anything is played or written.
    const bad = agora(['tune-policy', dir, '--temperature', '1']);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain("--temperature needs at least two values to compare; got '1'");
    expect(JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'))).toEqual(meta);
  });

  test('evaluate prints its tables with intervals, a verdict and a command that reproduces each one', () => {
    const run = agora([
      'evaluate',
      'models/tictactoe/az',
      '-n',
      '8',
      '--iterations',
      '4',
      '--tables',
      'policy,iterations',
      '-t',
      '1',
    ]);
    // Nothing on stderr but progress: without a terminal, each table's last progress line.
    expect(run.err).toMatch(/^evaluate policy: 8\/8 games after \d+ s\nevaluate iterations: 8\/8 games after \d+ s\n$/);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^policy: the policy alone against random and greedy$/m);
    expect(run.out).toMatch(/^iterations: az at 4 iterations against MCTS at 16$/m);
    expect(run.out).not.toMatch(/^time:/m);
    expect(run.out.match(/^goal (NOT )?met: /gm)).toHaveLength(2);
    // The command under a table plays the same games: its standings are the table's.
    const command = /reproduce: npx agora (tournament .*'evaluate:iterations' -t 1)$/m.exec(run.out)![1];
    const args = command.match(/'[^']*'|\S+/g)!.map((a) => a.replace(/^'|'$/g, ''));
    const again = agora(args);
    expect(again.code).toBe(0);
    const rows = (text: string) =>
      text
        .split('\n')
        .filter((l) => /^(az|mcts):/.test(l))
        .map((l) => l.split(/\s{2,}/));
    const table = run.out.slice(run.out.indexOf('iterations: az'));
    // agent, seats, win share, avg return, BT and its interval (the tournament adds an Elo column).
    expect(rows(again.out).map((r) => [r[0], r[1], r[2], r[3], r[5], r[6]])).toEqual(rows(table));
    const bad = agora(['evaluate', 'models/tictactoe/az', '--tables', 'speed']);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toMatch(
      /--tables: 'speed' is not a table; the tables are policy, time, iterations, policy-mcts, compute/,
    );
    // The policy against the arena's MCTS, and the search against MCTS at a fixed iteration count.
    const mcts = agora([
      'evaluate',
      'models/tictactoe/az',
      ...['-n', '4', '--ms', '5', '--tables', 'policy-mcts,compute', '--mcts-iterations', '16', '-t', '1'],
    ]);
    expect(mcts.code).toBe(0);
    expect(mcts.out).toMatch(/^policy-mcts: the policy alone against MCTS at 5 ms a decision$/m);
    expect(mcts.out).toMatch(/^compute: search at 5 ms a decision against MCTS with ten times the compute$/m);
    expect(mcts.out).toMatch(/-a 'neural:models\/tictactoe\/az,mcts:ms=5,cutoff=30' -n 4/);
    expect(mcts.out).toMatch(/-a 'az:models\/tictactoe\/az,ms=5,mcts:iterations=16,cutoff=30' -n 4/);
    expect(mcts.out.match(/^goal (NOT )?met: /gm)).toHaveLength(2);
    const badCount = agora(['evaluate', 'models/tictactoe/az', '--tables', 'compute', '--mcts-iterations', 'many']);
    expect(badCount.code).not.toBe(0);
    expect(badCount.err).toMatch(/--mcts-iterations must be a whole number above 0 or 'auto'; got 'many'/);
  }, 120_000);

  test('evaluate a policy exported from PyTorch: its policy tables by default, its search tables refused', () => {
    const model = 'models/promotion/ppo-python';
    const run = agora(['evaluate', model, '-n', '4', '--ms', '5', '-t', '1']);
    expect(run.code).toBe(0);
    expect(run.out.match(/^[a-z-]+: the policy alone against .*$/gm)).toEqual([
      'policy: the policy alone against random and greedy',
      'policy-mcts: the policy alone against MCTS at 5 ms a decision',
    ]);
    expect(run.out).toContain(`-a 'neural:${model},random,greedy' -n 4 -p 4`);
    const search = agora(['evaluate', model, '--tables', 'policy,iterations']);
    expect(search.code).not.toBe(0);
    expect(search.err).toContain(
      `--tables: 'iterations' plays the model's search (az:), and ${model} is a policy alone (exported, no ` +
        'value head); its tables are policy, policy-mcts',
    );
    const values = agora(['value-check', model]);
    expect(values.code).not.toBe(0);
    expect(values.err).toContain(`model ${model}: is a policy exported from PyTorch (a layers graph, no value head)`);
  }, 120_000);
});
