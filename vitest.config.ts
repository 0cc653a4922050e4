import { defineConfig } from 'vitest/config';

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
    // Both cores: the two heaviest files (conformance, search agents) then run side by side.
    maxWorkers: 2,
  },
});
