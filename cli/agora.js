#!/usr/bin/env node
// The `agora` command. It runs the TypeScript CLI from an esbuild bundle of it, kept in
// node_modules/.cache/agora and rebuilt whenever a source changed (cli/cli-bundle.js): a start
// through tsx costs about 1.5 s of CPU more. With AGORA_CLI_BUNDLE=0, or where no bundle can be
// built, tsx runs the sources directly.
import { cliBundle } from './cli-bundle.js';

const bundle = process.env.AGORA_CLI_BUNDLE === '0' ? undefined : await cliBundle();
if (bundle) {
  // Stack traces name the TypeScript sources' lines, not the bundle's.
  process.setSourceMapsEnabled(true);
  await import(bundle);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./main.ts');
}
