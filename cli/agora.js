#!/usr/bin/env node
// The `agora` command. It runs the TypeScript CLI from an esbuild bundle of it, kept in
// node_modules/.cache/agora and rebuilt whenever a source changed (envs/core/source-bundle.js): a
// start through tsx costs about 1.5 s of CPU more. With AGORA_BUNDLE=0, or where no bundle can be
// built, tsx runs the sources directly.
import { runSource } from '../envs/core/source-bundle.js';

await runSource(new URL('./main.ts', import.meta.url));
