/**
 * vitest globalSetup: PostgreSQL and Redis for the storage and queue suites. With
 * AGORA_TEST_DATABASE_URL and AGORA_TEST_REDIS_URL set (.ci/run starts the servers and sets them)
 * those are used; otherwise, where the binaries are installed, scripts/test-services.sh starts
 * throwaway servers on other loopback ports and stops them after the run. Without the binaries the
 * suites that need them report themselves skipped, naming why.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port.js';

const SCRIPT = new URL('../scripts/test-services.sh', import.meta.url).pathname;
let started = false;

function haveBinaries(): boolean {
  try {
    execFileSync('bash', [
      '-c',
      'ls /usr/lib/postgresql/*/bin/initdb >/dev/null && command -v redis-server >/dev/null',
    ]);
    return true;
  } catch {
    return false;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  // A directory and ports of this run's own: a second run (another worktree, a helper's run of
  // one file) starts its own servers instead of stopping this run's at its teardown.
  const LOCAL = {
    AGORA_SERVICES_DIR: `/tmp/agora-vitest-services-${process.pid}`,
    AGORA_PG_PORT: String(await freePort()),
    AGORA_REDIS_PORT: String(await freePort()),
  };
  let pgUrl = process.env.AGORA_TEST_DATABASE_URL ?? '';
  let redisUrl = process.env.AGORA_TEST_REDIS_URL ?? '';
  let reason = '';
  if ((!pgUrl || !redisUrl) && existsSync(SCRIPT) && haveBinaries()) {
    const out = execFileSync(
      'bash',
      ['-c', `source "${SCRIPT}" start >/dev/null && echo "$AGORA_TEST_DATABASE_URL $AGORA_TEST_REDIS_URL"`],
      {
        env: { ...process.env, ...LOCAL },
        encoding: 'utf8',
      },
    )
      .trim()
      .split(' ');
    pgUrl ||= out[0];
    redisUrl ||= out[1];
    started = true;
  } else if (!pgUrl || !redisUrl) {
    reason =
      'PostgreSQL (Debian postgresql) or redis-server is not installed ' +
      'and AGORA_TEST_DATABASE_URL / AGORA_TEST_REDIS_URL are not set';
  }
  project.provide('pgUrl', pgUrl);
  project.provide('redisUrl', redisUrl);
  project.provide('servicesReason', reason);
  return () => {
    if (started) execFileSync('bash', [SCRIPT, 'stop'], { env: { ...process.env, ...LOCAL } });
  };
}
