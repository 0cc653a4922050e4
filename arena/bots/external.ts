import type { AgentRecord } from '../store/store.js';

/** The spec of a bot played from outside the arena over the Bot API. No agent is built from it. */
export const EXTERNAL_SPEC = 'external';

/** Bot tokens start so, which tells them from account API keys at a glance (and in the guards). */
export const BOT_TOKEN_PREFIX = 'agb_';

export function isExternal(agent: Pick<AgentRecord, 'kind' | 'spec'>): boolean {
  return agent.kind === 'bot' && agent.spec === EXTERNAL_SPEC;
}
