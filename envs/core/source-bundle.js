/**
 * Runs a TypeScript entry file (the `agora` CLI, a worker thread) from an esbuild bundle of it, kept
 * in node_modules/.cache/agora and rebuilt when a source file it was built from changed.
 *
 * Why: under tsx every start resolves and compiles the entry's modules through its hooks, one call
 * to the hooks thread at a time: about 1.5 s of CPU for the CLI's 170 modules before the command
 * does anything, against about 0.4 s from a bundle, and the same again for every worker thread (an
 * arena starts game, bot and rating threads; a tournament one game thread per core). The test suite
 * starts the CLI about a hundred times and threads several hundred times; people start the CLI for
 * every command, and Python's envs start `agora serve` for every env.
 *
 * Plain JavaScript: it runs before anything can compile TypeScript.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  openSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import process from 'node:process';
import { setInterval, setTimeout } from 'node:timers';
import { fileURLToPath, pathToFileURL } from 'node:url';

const CHECKOUT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Files that change a bundle without being in it: this builder and the compiler's settings. */
const BUILD_INPUTS = ['envs/core/source-bundle.js', 'tsconfig.json', 'node_modules/esbuild/package.json'];
/** How long a start waits for another's build of the same bundle, and when a lock counts as left behind. */
const LOCK_WAIT_MS = 60_000;
const LOCK_STALE_MS = 30_000;
/** Bundles no start has used for this long go: a long run may still load a command's chunk from one. */
const KEEP_OLD_MS = 24 * 3600 * 1000;

/**
 * `import.meta.url` as code: not inside a string (this file's own mentions are in strings and in this
 * pattern, so a bundle holding it still rewrites other files).
 */
const META_URL = /(?<!['"`])\bimport\.meta\.url\b(?!['"`])/g;

/**
 * A bundled module sees its own source file's URL as import.meta.url, not the bundle's: the sources
 * find files beside them that way (worker entries, the arena's ladder, agents' recipe modules that
 * worker threads import), and those files are where they always were. Each source is stamped
 * (size, time) before it is read: a file edited during the build then no longer matches the stamp
 * recorded for it, and the next start builds again instead of keeping the old text.
 * @param {string} root
 * @param {Map<string, Input>} stamps filled: the stamp of each source, by path relative to root
 * @returns {import('esbuild').Plugin}
 */
function sourceFiles(root, stamps) {
  return {
    name: 'source-files',
    setup(build) {
      build.onLoad({ filter: /.*/ }, (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const file = relative(root, args.path).split(sep).join('/'); // as the metafile names it
        const s = stamp(root, file);
        if (s) stamps.set(file, s);
        if (!/\.[cm]?[jt]s$/.test(args.path)) return undefined; // esbuild reads it (JSON, text), after the stamp
        const text = readFileSync(args.path, 'utf8');
        return {
          contents: text.replace(META_URL, JSON.stringify(pathToFileURL(args.path).href)),
          loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js',
        };
      });
    },
  };
}

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
 * Where a checkout keeps its bundles. An entry's pointer file (one per checkout and entry: worktrees
 * may share one node_modules) names its current bundle and the files that bundle was built from.
 * @param {string} root
 * @param {string} entry
 */
function cacheOf(root, entry) {
  const dir = join(root, 'node_modules', '.cache', 'agora');
  const key = createHash('sha256').update(`${root}\n${entry}`).digest('hex').slice(0, 12);
  return { dir, pointer: join(dir, `bundle-pointer-${key}.json`) };
}

/**
 * The bundle's entry file URL when the cached one was built from the files as they are now.
 * @param {string} root
 * @param {string} entry
 */
function cached(root, entry) {
  const cache = cacheOf(root, entry);
  try {
    const pointer = JSON.parse(readFileSync(cache.pointer, 'utf8'));
    if (pointer.node !== process.versions.node || !unchanged(root, pointer.inputs)) return undefined;
    const main = join(cache.dir, pointer.dir, 'main.mjs');
    if (!existsSync(main)) return undefined; // pruned by another checkout sharing the cache
    markInUse(join(cache.dir, pointer.dir));
    return pathToFileURL(main).href;
  } catch {
    return undefined;
  }
}

/**
 * Marks a bundle folder used now, and again every hour while this process runs: pruneOld removes
 * folders unused for a day, and a long run may load a chunk late (a tuning run's last write).
 * @param {string} dir
 */
function markInUse(dir) {
  const touch = () => {
    try {
      const now = new Date();
      utimesSync(dir, now, now);
    } catch {
      // a read-only install: nothing prunes it either
    }
  };
  touch();
  setInterval(touch, 3600 * 1000).unref();
}

/**
 * Builds the bundle into a folder named by its inputs and points the entry's pointer file at it.
 * @param {string} root
 * @param {string} entry
 */
async function rebuild(root, entry) {
  const { build } = await import('esbuild');
  const cache = cacheOf(root, entry);
  mkdirSync(cache.dir, { recursive: true });
  // Starts in other checkouts sharing this cache may build at the same time (the lock is per
  // checkout): each builds into its own folder, and the renames leave complete bundles.
  const tmp = join(cache.dir, `bundle-building-${randomBytes(6).toString('hex')}`);
  const buildInputs = BUILD_INPUTS.map((f) => stamp(root, f)).filter((i) => i !== undefined);
  /** @type {Map<string, Input>} */
  const stamps = new Map();
  const result = await build({
    entryPoints: { main: entry },
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
    plugins: [sourceFiles(root, stamps)],
  });
  // Every file the bundle holds was stamped as it was loaded (the metafile names the same files,
  // relative to absWorkingDir).
  const held = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/'));
  const missing = held.filter((f) => !stamps.has(f));
  if (missing.length > 0) throw new Error(`source-bundle: no stamp for ${missing.join(', ')}`);
  const inputs = [...stamps.values(), ...buildInputs];
  const name = basename(entry).replace(/\.[cm]?[jt]s$/, '');
  const hash = createHash('sha256')
    .update(JSON.stringify([root, entry, inputs]))
    .digest('hex')
    .slice(0, 16);
  const dir = `bundle-${name}-${hash}`;
  try {
    renameSync(tmp, join(cache.dir, dir));
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another start built the same bundle first
  }
  const pointerTmp = `${cache.pointer}.${randomBytes(6).toString('hex')}`;
  writeFileSync(pointerTmp, JSON.stringify({ node: process.versions.node, entry: relative(root, entry), dir, inputs }));
  renameSync(pointerTmp, cache.pointer);
  pruneOld(cache.dir, dir);
  markInUse(join(cache.dir, dir));
  return pathToFileURL(join(cache.dir, dir, 'main.mjs')).href;
}

/** @param {string} cacheDir @param {string} current */
function pruneOld(cacheDir, current) {
  const now = Date.now();
  for (const name of readdirSync(cacheDir)) {
    // Bundle folders and the temporary files of writes a killed start left; not pointers or locks.
    if (!name.startsWith('bundle-') || /^bundle-pointer-\w+\.(json|lock)$/.test(name) || name === current) continue;
    try {
      if (now - statSync(join(cacheDir, name)).mtimeMs > KEEP_OLD_MS) rmSync(join(cacheDir, name), { recursive: true });
    } catch {
      // another start pruned it first
    }
  }
}

/**
 * The file URL of a bundle of the TypeScript file `entry`, built now if its sources changed since
 * the last one; undefined where it cannot be built or kept (no esbuild, a read-only install, a
 * syntax error that tsx will then report with its own message).
 * @param {string} entry absolute path of the entry file
 * @param {string} [root] the checkout it belongs to (tests use a scratch one)
 * @returns {Promise<string | undefined>}
 */
export async function sourceBundle(entry, root = CHECKOUT) {
  const url = cached(root, entry);
  if (url) return url;
  try {
    return await buildOnce(root, entry);
  } catch {
    return undefined;
  }
}

/**
 * Builds the entry's bundle, or waits for the start already building it: a pool starting many
 * threads after a source changed would otherwise run as many builds at once. The lock is a file
 * created exclusively; one older than LOCK_STALE_MS was left by a killed start and is taken over.
 * @param {string} root
 * @param {string} entry
 */
async function buildOnce(root, entry) {
  const cache = cacheOf(root, entry);
  mkdirSync(cache.dir, { recursive: true });
  const lock = cache.pointer.replace(/\.json$/, '.lock');
  for (const started = Date.now(); Date.now() - started < LOCK_WAIT_MS;) {
    let fd;
    try {
      fd = openSync(lock, 'wx');
    } catch {
      const built = cached(root, entry);
      if (built) return built;
      try {
        if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { force: true });
      } catch {
        // released meanwhile
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    try {
      return cached(root, entry) ?? (await rebuild(root, entry)); // built while this start waited?
    } finally {
      closeSync(fd);
      rmSync(lock, { force: true });
    }
  }
  return rebuild(root, entry); // the lock never came free: build anyway
}

/**
 * Runs the TypeScript file at `entry` (a file URL): from its bundle, or under tsx with AGORA_BUNDLE=0
 * or where no bundle can be built.
 * @param {URL} entry
 * @returns {Promise<void>}
 */
export async function runSource(entry) {
  const bundle = process.env.AGORA_BUNDLE === '0' ? undefined : await sourceBundle(fileURLToPath(entry));
  if (bundle) {
    process.setSourceMapsEnabled(true); // stack traces name the TypeScript sources' lines
    await import(bundle);
    return;
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import(entry.href);
}
