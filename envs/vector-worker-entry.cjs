// A threaded vector env's worker starts from plain JavaScript. tsx's CommonJS hook compiles the
// TypeScript inside this thread; its ESM hook would need the parent's event loop, which a parent
// blocked in a synchronous step() never runs.
require('tsx/cjs/api').register();
require('./vector-worker.ts');
