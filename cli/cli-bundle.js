/**
 * The CLI as one esbuild bundle (with lazily loaded chunks, one per command), kept in
 * node_modules/.cache/agora and rebuilt when a source file it was built from changed.
 *
 * Why: under tsx every start resolves and compiles about 170 modules through its hooks, one call to
 * the hooks thread at a time: about 1.5 s of CPU before the command does anything, against about
 * 0.4 s from a bundle. The test suite starts the CLI about a hundred times, people start it for every
 * command, and Python's envs start `agora serve` for every env.
 *
 * Plain JavaScript: it runs before anything can compile TypeScript.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, sep } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const CHECKOUT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Files that change the bundle without being in it: this builder and the compiler's settings. */
const BUILD_INPUTS = ['cli/cli-bundle.js', 'tsconfig.json', 'node_modules/esbuild/package.json'];
/** Bundles no start has used for this long go: a long run may still load a command's chunk from one. */
const KEEP_OLD_MS = 24 * 3600 * 1000;

/**
 * A bundled module sees its own source file's URL as import.meta.url, not the bundle's: the sources
 * find files beside them that way (worker entries, the arena's ladder, agents' recipe modules that
 * worker threads import), and those files are where they always were.
 * @type {import('esbuild').Plugin}
 */
const sourceUrls = {
  name: 'source-urls',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js',
      };
    });
  },
};

/** @typedef {[file: string, size: number, mtimeMs: number]} Input */

/** @param {string} root @param {string} file relative to root @returns {Input | undefined} */
function stamp(root, file) {
  try {
    const s = statSync(join(root, file));
    return [file, s.size, s.mtimeMs];
  } catch {
    return undefined;
  }
}

/** @param {string} root @param {Input[]} inputs */
function unchanged(root, inputs) {
  return inputs.every(([file, size, mtimeMs]) => {
    const now = stamp(root, file);
    return now !== undefined && now[1] === size && now[2] === mtimeMs;
  });
}

/**
 * Where a checkout keeps its bundles. Its pointer file (one per checkout: worktrees may share one
 * node_modules) names its current bundle and the files that bundle was built from.
 * @param {string} root
 */
function cacheOf(root) {
  const dir = join(root, 'node_modules', '.cache', 'agora');
  const checkout = createHash('sha256').update(root).digest('hex').slice(0, 12);
  return { dir, pointer: join(dir, `cli-pointer-${checkout}.json`) };
}

/**
 * The bundle's entry file URL when the cached one was built from the files as they are now.
 * @param {string} root
 */
function cached(root) {
  const cache = cacheOf(root);
  try {
    const pointer = JSON.parse(readFileSync(cache.pointer, 'utf8'));
    if (pointer.node !== process.versions.node || !unchanged(root, pointer.inputs)) return undefined;
    const main = join(cache.dir, pointer.dir, 'main.mjs');
    if (!existsSync(main)) return undefined; // pruned by another checkout sharing the cache
    const now = new Date();
    utimesSync(join(cache.dir, pointer.dir), now, now); // in use: pruneOld keeps it
    return pathToFileURL(main).href;
  } catch {
    return undefined;
  }
}

/**
 * Builds the bundle into a folder named by its inputs and points the checkout's pointer file at it.
 * @param {string} root
 */
async function rebuild(root) {
  const { build } = await import('esbuild');
  const cache = cacheOf(root);
  mkdirSync(cache.dir, { recursive: true });
  // Concurrent starts (the test suite, Python's envs) each build into their own folder; the
  // renames below leave one complete bundle, whichever start wins.
  const tmp = join(cache.dir, `cli-building-${randomBytes(6).toString('hex')}`);
  const result = await build({
    entryPoints: { main: join(root, 'cli', 'main.ts') },
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node}`,
    packages: 'external',
    outdir: tmp,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'silent',
    plugins: [sourceUrls],
  });
  // The metafile names inputs relative to absWorkingDir; a namespaced one ('x:...') is no file.
  const files = [...Object.keys(result.metafile.inputs).filter((f) => !f.includes(':')), ...BUILD_INPUTS];
  const inputs = files.map((f) => stamp(root, f)).filter((i) => i !== undefined);
  const dir = `cli-${createHash('sha256')
    .update(JSON.stringify([root, inputs]))
    .digest('hex')
    .slice(0, 16)}`;
  try {
    renameSync(tmp, join(cache.dir, dir));
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another start built the same bundle first
  }
  const pointerTmp = `${cache.pointer}.${randomBytes(6).toString('hex')}`;
  writeFileSync(pointerTmp, JSON.stringify({ node: process.versions.node, dir, inputs }));
  renameSync(pointerTmp, cache.pointer);
  pruneOld(cache.dir, dir);
  return pathToFileURL(join(cache.dir, dir, 'main.mjs')).href;
}

/** @param {string} cacheDir @param {string} current */
function pruneOld(cacheDir, current) {
  const now = Date.now();
  for (const name of readdirSync(cacheDir)) {
    if (!name.startsWith('cli-') || name.startsWith('cli-pointer-') || name === current) continue;
    try {
      if (now - statSync(join(cacheDir, name)).mtimeMs > KEEP_OLD_MS) rmSync(join(cacheDir, name), { recursive: true });
    } catch {
      // another start pruned it first
    }
  }
}

/**
 * The file URL of the CLI's bundle, built now if the sources changed since the last one; undefined
 * where it cannot be built or kept (no esbuild, a read-only install, a syntax error that tsx will
 * then report with its own message).
 * @param {string} [root] the checkout whose cli/main.ts is bundled (tests use a scratch one)
 * @returns {Promise<string | undefined>}
 */
export async function cliBundle(root = CHECKOUT) {
  const url = cached(root);
  if (url) return url;
  try {
    return await rebuild(root);
  } catch {
    return undefined;
  }
}
