import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends every run with the plain line CI reads: `N passed, N failed, N skipped`. Vitest's own
 * summary has another format. A module that fails outside its tests counts as one failure.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      let failedIn = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedIn++;
        else skipped++;
      }
      failed += failedIn;
      // A module that failed outside its tests (an import error, a failing beforeAll hook, which
      // marks its tests skipped) counts as one failure, so the line never hides a red run.
      if (mod.state() === 'failed' && failedIn === 0) failed++;
    }
    failed += unhandledErrors.length;
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
