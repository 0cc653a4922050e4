/** An agent recipe target for the threaded vector env's test: an opponent that answers an illegal action. */
import type { Agent } from '../envs/index.js';

export function makeFailing(args: unknown): Agent {
  return { name: `failing-${String(args)}`, act: () => 99 };
}
