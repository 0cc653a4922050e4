/**
 * The Python package's suite (python/tests: Gymnasium's check_env and PettingZoo's api_test on every
 * game, exactness against the TypeScript envs) run from npm test, so its result counts here.
 * It needs python3 with numpy, pytest, gymnasium, pettingzoo and torch (.ci/run installs the last three;
 * torch for agora.export's tests, which compare an exported policy's logits in node with PyTorch's).
 */
import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';

test('python/tests pass (pytest): the Gymnasium and PettingZoo envs over agora serve, the export', () => {
  const probe = spawnSync('python3', ['-c', 'import numpy, pytest, gymnasium, pettingzoo, torch'], {
    encoding: 'utf8',
  });
  expect(
    probe.status,
    `python3 lacks a package the Python suite needs: ${probe.stderr.trim()}\n` +
      'install them with: python3 -m pip install numpy pytest gymnasium pettingzoo torch',
  ).toBe(0);
  const run = spawnSync('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'python/tests'], {
    encoding: 'utf8',
    timeout: 600_000,
  });
  const summary = run.stdout.trim().split('\n').pop() ?? '';
  expect(run.status, `${run.stdout.slice(-4000)}\n${run.stderr.slice(-2000)}`).toBe(0);
  expect(summary).toMatch(/^\d+ passed/);
  expect(summary).not.toMatch(/skipped|failed|error/);
}, 620_000);
