/**
 * The threaded vector env's worker code as one ES module file, bundled by esbuild from the
 * TypeScript sources with the agent modules the opponents' recipes name. A worker thread cannot
 * use tsx's ESM hook while its parent sleeps in Atomics.wait, and tsx's CommonJS hook reaches
 * every imported function through a getter (about 5x slower game steps); a bundle has neither
 * problem. Bundles are kept under node_modules/.cache/agora (bare imports resolve from there),
 * named by a hash of their text, and built once per process and recipe set.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';

const WORKER = fileURLToPath(new URL('../vector-worker.ts', import.meta.url));
const ROOT = join(dirname(WORKER), '..');
const built = new Map<string, URL>();

/** A file URL of the worker bundle that can rebuild agents from these recipe modules (file URLs). */
export function workerBundle(modules: readonly string[]): URL {
  const unique = [...new Set(modules)].sort();
  const key = unique.join('\n');
  const cached = built.get(key);
  if (cached) return cached;
  const lines = [`import { serve } from ${JSON.stringify(WORKER)};`];
  unique.forEach((m, i) => lines.push(`import * as m${i} from ${JSON.stringify(fileURLToPath(m))};`));
  lines.push(`serve({ ${unique.map((m, i) => `${JSON.stringify(m)}: m${i}`).join(', ')} });`);
  const result = buildSync({
    stdin: { contents: lines.join('\n'), resolveDir: ROOT, sourcefile: 'vector-worker-bundle.ts', loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  const text = result.outputFiles[0].text;
  const dir = join(ROOT, 'node_modules', '.cache', 'agora');
  const file = join(dir, `vector-worker-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Written whole under a temporary name first, so a thread never loads a half-written file.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, text);
    renameSync(partial, file);
  }
  const url = pathToFileURL(file);
  built.set(key, url);
  return url;
}
