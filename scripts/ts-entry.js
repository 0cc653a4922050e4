// Runs a TypeScript script from its cached bundle (envs/core/source-bundle.js), or under tsx where
// none can be built: `node scripts/ts-entry.js <script.ts> [args...]`. The script sees the same
// process.argv as under `node --import tsx <script.ts> [args...]`. Python's tests run their
// TypeScript references this way, dozens of times a run.
import { resolve } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { runSource } from '../envs/core/source-bundle.js';

const script = process.argv[2];
if (!script) {
  process.stderr.write('usage: node scripts/ts-entry.js <script.ts> [args...]\n');
  process.exit(2);
}
process.argv.splice(1, 2, resolve(script));
await runSource(pathToFileURL(resolve(script)));
