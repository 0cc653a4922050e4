/**
 * workerBundle for the bundle the Python package ships (scripts/bundle-serve.ts puts this file in
 * place of worker-bundle.ts): the worker code was bundled ahead of time beside the server, since
 * there are no TypeScript sources or esbuild to build it from where the package is installed.
 */

/** The prebuilt worker beside the server bundle; it holds every agent makeAgent builds. */
export function workerBundle(_modules: readonly string[]): URL {
  return new URL('./agora-vector-worker.mjs', import.meta.url);
}
