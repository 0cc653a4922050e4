// Worker threads start from plain JavaScript: this runs the TypeScript worker from its cached
// bundle, or under tsx where none can be built (envs/core/source-bundle.js).
import { URL } from 'node:url';
import { runSource } from '../envs/core/source-bundle.js';

await runSource(new URL('./ppo-rollout-worker.ts', import.meta.url));
