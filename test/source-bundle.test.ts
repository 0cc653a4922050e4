import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { sourceBundle } from '../envs/index.js';

/**
 * The `agora` bin and the worker threads run from esbuild bundles of their TypeScript entries cached
 * in node_modules/.cache/agora (envs/core/source-bundle.js). These tests build bundles of a scratch
 * checkout with a two-file CLI and a command loaded on demand, and run the real bin both ways.
 */
function scratchCheckout(depValue: string): string {
  const root = mkdtempSync(join(tmpdir(), 'agora-source-bundle-'));
  mkdirSync(join(root, 'cli'));
  writeFileSync(
    join(root, 'cli', 'main.ts'),
    [
      "import { value } from './dep.js';",
      'const here: string = import.meta.url;',
      "const literal = 'import.meta.url'; // a string that names it is left as it is",
      "const { command } = await import('./command.js');",
      'console.log(JSON.stringify({ value, here, literal, command: command() }));',
    ].join('\n'),
  );
  writeFileSync(
    join(root, 'cli', 'command.ts'),
    "export const command = (): string => new URL('./x', import.meta.url).href;",
  );
  writeFileSync(join(root, 'cli', 'dep.ts'), `export const value: string = ${JSON.stringify(depValue)};`);
  return root;
}

/** The one pointer file of a checkout that is alone in its cache. */
function pointerFile(root: string): string {
  const dir = join(root, 'node_modules', '.cache', 'agora');
  const pointers = readdirSync(dir).filter((f) => f.startsWith('bundle-pointer-'));
  expect(pointers).toHaveLength(1);
  return join(dir, pointers[0]);
}

function runBundle(url: string): { value: string; here: string; literal: string; command: string } {
  const run = spawnSync(process.execPath, [fileURLToPath(url)], { encoding: 'utf8', timeout: 30_000 });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout);
}

describe('the source bundle cache', () => {
  test('a bundle runs the sources with their own import.meta.url and is reused until one changes', async () => {
    const root = scratchCheckout('first');
    const url = await sourceBundle(join(root, 'cli', 'main.ts'), root);
    expect(url).toBeDefined();
    expect(fileURLToPath(url!).startsWith(join(root, 'node_modules', '.cache', 'agora', 'bundle-main-'))).toBe(true);
    expect(runBundle(url!)).toEqual({
      value: 'first',
      here: pathToFileURL(join(root, 'cli', 'main.ts')).href,
      literal: 'import.meta.url',
      command: pathToFileURL(join(root, 'cli', 'x')).href,
    });
    const pointer = readFileSync(pointerFile(root), 'utf8');
    expect(
      JSON.parse(pointer)
        .inputs.map((i: [string]) => i[0])
        .sort(),
    ).toEqual(['cli/command.ts', 'cli/dep.ts', 'cli/main.ts']);

    expect(await sourceBundle(join(root, 'cli', 'main.ts'), root)).toBe(url);
    expect(readFileSync(pointerFile(root), 'utf8')).toBe(pointer);

    // A changed source (here a command's dependency) gives a new bundle with the change in it.
    writeFileSync(join(root, 'cli', 'dep.ts'), "export const value: string = 'second';");
    const next = await sourceBundle(join(root, 'cli', 'main.ts'), root);
    expect(next).toBeDefined();
    expect(next).not.toBe(url);
    expect(runBundle(next!).value).toBe('second');
  });

  test('a source that does not compile gives no bundle (the bin then runs tsx, which reports it)', async () => {
    const root = scratchCheckout('first');
    expect(await sourceBundle(join(root, 'cli', 'main.ts'), root)).toBeDefined();
    writeFileSync(join(root, 'cli', 'dep.ts'), 'export const value: string = ;');
    expect(await sourceBundle(join(root, 'cli', 'main.ts'), root)).toBeUndefined();
  });

  test('a lock left by a killed start is taken over; a live one is waited for', async () => {
    const root = scratchCheckout('locked');
    const cache = join(root, 'node_modules', '.cache', 'agora');
    mkdirSync(cache, { recursive: true });
    // The lock's name follows the pointer's: build once to learn it, then change a source.
    await sourceBundle(join(root, 'cli', 'main.ts'), root);
    const lock = pointerFile(root).replace(/\.json$/, '.lock');
    writeFileSync(join(root, 'cli', 'dep.ts'), "export const value: string = 'after';");
    writeFileSync(lock, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    const url = await sourceBundle(join(root, 'cli', 'main.ts'), root);
    expect(runBundle(url!).value).toBe('after');
    expect(existsSync(lock)).toBe(false);

    // A fresh lock: this start waits, and builds once the holder lets go without building.
    writeFileSync(join(root, 'cli', 'dep.ts'), "export const value: string = 'waited';");
    writeFileSync(lock, '');
    let settled = false;
    const waiting = sourceBundle(join(root, 'cli', 'main.ts'), root).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    rmSync(lock);
    expect(runBundle((await waiting)!).value).toBe('waited');
  });

  test('two checkouts sharing one node_modules (git worktrees) each run their own sources', async () => {
    const first = scratchCheckout('first');
    const second = scratchCheckout('second');
    mkdirSync(join(first, 'node_modules'));
    symlinkSync(join(first, 'node_modules'), join(second, 'node_modules'));
    // Each keeps its own bundle: the second round reuses both instead of rebuilding one over the other.
    const built = new Map<string, string>();
    for (let round = 0; round < 2; round++) {
      for (const [root, value] of [
        [first, 'first'],
        [second, 'second'],
      ]) {
        const url = await sourceBundle(join(root, 'cli', 'main.ts'), root);
        expect(url).toBeDefined();
        expect(runBundle(url!)).toMatchObject({ value, here: pathToFileURL(join(root, 'cli', 'main.ts')).href });
        if (round === 0) built.set(root, url!);
        else expect(url).toBe(built.get(root));
      }
    }
  });

  test('starts racing to build the first bundle all get one that runs', async () => {
    const root = scratchCheckout('raced');
    const moduleUrl = new URL('../envs/core/source-bundle.js', import.meta.url).href;
    const script =
      `const { sourceBundle } = await import(${JSON.stringify(moduleUrl)});` +
      `console.log(await sourceBundle(${JSON.stringify(join(root, 'cli', 'main.ts'))}, ${JSON.stringify(root)}));`;
    const urls = await Promise.all(
      Array.from({ length: 4 }, () => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d));
        return new Promise<string>((resolve) => child.on('close', () => resolve(out.trim())));
      }),
    );
    for (const url of urls) expect(runBundle(url).value).toBe('raced');
    // One bundle, whichever start built it (the others wait on its lock), and no lock left behind.
    const cache = join(root, 'node_modules', '.cache', 'agora');
    expect(readdirSync(cache).filter((name) => name.startsWith('bundle-main-'))).toHaveLength(1);
    expect(readdirSync(cache).filter((name) => name.endsWith('.lock'))).toEqual([]);
  });

  test('the bin and its game threads play the same from their bundles as from the sources under tsx', () => {
    const run = (env: Record<string, string>) =>
      spawnSync(
        process.execPath,
        ['cli/agora.js', 'tournament', 'tictactoe', '-a', 'random,greedy,mcts:iterations=30', '-n', '6', '-t', '2'],
        { encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } },
      );
    const bundled = run({});
    const sources = run({ AGORA_BUNDLE: '0' });
    expect(bundled.status).toBe(0);
    expect(bundled.stdout).toMatch(/^mcts:iterations=30\s+4\s/m); // the table: each agent seated in 4 games
    expect(sources.status).toBe(0);
    expect(bundled.stdout).toBe(sources.stdout);
  });
});
