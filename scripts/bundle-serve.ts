/**
 * The env server as the Python package ships it: `agora serve` in one esbuild file
 * (agora-serve.mjs), the threaded vector env's worker beside it (agora-vector-worker.mjs), and the
 * shipped models (models/<game>/<name>/ with model.json, weights.bin, meta.json), so an installed
 * package needs node and nothing else. python/setup.py runs it while building the wheel:
 *
 *   node --import tsx scripts/bundle-serve.ts <out-dir>
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** What a model folder needs to be played; its training curves and tournaments stay behind. */
const MODEL_FILES = ['model.json', 'weights.bin', 'policy.json', 'meta.json'];

/** worker-bundle.ts builds the worker with esbuild at run time; the bundle has it prebuilt. */
const prebuiltWorker: Plugin = {
  name: 'prebuilt-worker',
  setup(b) {
    b.onResolve({ filter: /\/worker-bundle\.js$/ }, () => ({
      path: join(ROOT, 'envs', 'core', 'worker-bundle-prebuilt.ts'),
    }));
  },
};

async function bundleServe(out: string): Promise<void> {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const common = {
    bundle: true,
    platform: 'node' as const,
    format: 'esm' as const,
    target: 'node20',
    logLevel: 'warning' as const,
    legalComments: 'none' as const,
    plugins: [prebuiltWorker],
    // CommonJS dependencies bundled into an ES module still call require() for node's own modules.
    banner: {
      js: "import { createRequire as agoraRequire } from 'node:module'; const require = agoraRequire(import.meta.url);",
    },
  };
  await build({
    ...common,
    entryPoints: [join(ROOT, 'cli', 'serve-standalone.ts')],
    outfile: join(out, 'agora-serve.mjs'),
  });
  // The worker holds makeAgent under the URL its recipes carry in the bundle: the server bundle's
  // own (makeAgent is bundled into agora-serve.mjs), as worker-bundle.ts maps recipe modules.
  const worker = [
    `import { serve } from ${JSON.stringify(join(ROOT, 'envs', 'vector-worker.ts'))};`,
    `import * as makeAgentModule from ${JSON.stringify(join(ROOT, 'agents', 'make-agent.ts'))};`,
    "serve({ [new URL('./agora-serve.mjs', import.meta.url).href]: makeAgentModule });",
  ].join('\n');
  await build({
    ...common,
    stdin: { contents: worker, resolveDir: ROOT, sourcefile: 'agora-vector-worker.ts', loader: 'ts' },
    outfile: join(out, 'agora-vector-worker.mjs'),
  });
  const models = join(ROOT, 'models');
  for (const game of readdirSync(models)) {
    if (!statSync(join(models, game)).isDirectory()) continue;
    for (const name of readdirSync(join(models, game))) {
      const from = join(models, game, name);
      if (!existsSync(join(from, 'meta.json'))) continue;
      const to = join(out, 'models', game, name);
      mkdirSync(to, { recursive: true });
      // A network folder (model.json, weights.bin) or a CFR+ policy table (policy.json): what it holds.
      for (const file of MODEL_FILES) if (existsSync(join(from, file))) copyFileSync(join(from, file), join(to, file));
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) {
    process.stderr.write('usage: node --import tsx scripts/bundle-serve.ts <out-dir>\n');
    process.exit(2);
  }
  await bundleServe(resolve(out));
  process.stdout.write(`bundled agora serve into ${resolve(out)}\n`);
}
