/**
 * Node flags the arena server runs with (`npm start` passes them; so do the benches' server
 * processes, which import this list). Keep package.json's start script in step: a test compares them.
 *
 * `--v8-pool-size=1`: V8 runs garbage-collection and compilation jobs on a pool of helper threads
 * (4 by default) at the server's own priority, shared by every isolate in the process, the niced
 * tournament threads' included. On 2 cores those helpers took the core from the thread answering
 * requests: in a trace of it under `bench:load`, two of its three longest preemptions came right
 * after it woke one. With one helper a move's p99 was 16.2-21.9 ms over five runs (median 19.4),
 * against 20.3-36.0 with four (median 27.8; docs/benchmarks.md); the tournament played as many games.
 */
export const ARENA_NODE_FLAGS: readonly string[] = ['--v8-pool-size=1'];
