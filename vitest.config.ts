import { register } from 'tsx/esm/api';
import { defineConfig } from 'vitest/config';
import { HeavyFirstSequencer } from './test/heavy-first-sequencer.js';

// Tests import the project's TypeScript through Node's own loader (tsx registered) instead of
// Vite's module runner: the runner reaches every imported binding through a getter, which made
// the engines' hot loops (a move calling helpers across modules) 3x slower under test than in
// production. The main process loads the global setup and the reporter the same way.
register();

export default defineConfig({
  test: {
    include: [
      'envs/**/*.test.ts',
      'agents/**/*.test.ts',
      'play/**/*.test.ts',
      'arena/**/*.test.ts',
      'training/**/*.test.ts',
      'test/**/*.test.ts',
      'cli/**/*.test.ts',
    ],
    reporters: ['default', './test/summary-reporter.ts'],
    globalSetup: ['./test/global-services.ts'],
    testTimeout: 120_000,
    pool: 'forks',
    // Three workers on two cores: many files spend part of their time waiting (on child processes,
    // Chromium, PostgreSQL and Redis, timers): the run took 998 s with two workers and 858 s with
    // three, keeping 1.8 of the 2 cores busy (docs/development.md).
    maxWorkers: 3,
    sequence: { sequencer: HeavyFirstSequencer },
    // One process per worker for all its files: each file no longer loads the project's modules anew.
    isolate: false,
    execArgv: ['--import', 'tsx'],
    experimental: { viteModuleRunner: false, nodeLoader: false },
  },
});
