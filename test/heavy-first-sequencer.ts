import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take minutes, longest first. Vitest orders files by their last run's durations
 * when it has them and by file size otherwise, so on a fresh clone (CI) the short search-agents
 * file ran last and alone while the other workers sat idle. Starting these first lets the short
 * files fill every worker at the end.
 */
const HEAVY = [
  'test/python.test.ts',
  'test/conformance.test.ts',
  'test/search-agents.test.ts',
  'test/cli.test.ts',
  'test/arena-privacy.test.ts',
  'test/browser-games.test.ts',
  'envs/filthyrich/playout.test.ts',
  'test/queue.test.ts',
];

export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = HEAVY.findIndex((h) => f.moduleId.endsWith(`/${h}`));
      return i < 0 ? HEAVY.length : i;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
