/**
 * The layer rule of eslint.config.js (docs/development.md, "Layers"): imports run one way,
 * envs <- agents <- play <- {training, arena} <- cli, and reach another top-level folder through
 * its index.ts only. ESLint's own API lints snippets as if they sat in the named files.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('the layer rule', () => {
  test('an import against the direction is reported', async () => {
    const upward = await layerErrors('envs/core/x.ts', "export { makeAgent } from '../../agents/index.js';\n");
    expect(upward).toHaveLength(1);
    expect(upward[0]).toMatch(/envs\/ must not import agents\//);
    expect(
      await layerErrors('play/x.ts', "import { trainPpo } from '../training/index.js';\nvoid trainPpo;\n"),
    ).toEqual([expect.stringMatching(/play\/ must not import training\//)]);
    // Siblings of one layer do not import each other.
    expect(await layerErrors('training/x.ts', "export { createApp } from '../arena/index.js';\n")).toHaveLength(1);
    expect(
      await layerErrors('arena/services/x.ts', "export { trainPpo } from '../../training/index.js';\n"),
    ).toHaveLength(1);
  });

  test("a deep import into another folder is reported; the folder's index.ts is not", async () => {
    const deep = await layerErrors('arena/x.ts', "export { MctsAgent } from '../agents/mcts-agent.js';\n");
    expect(deep).toEqual([expect.stringMatching(/through its door, agents\/index.js/)]);
    expect(await layerErrors('arena/x.ts', "export { MctsAgent } from '../agents/index.js';\n")).toEqual([]);
    expect(await layerErrors('cli/commands/x.ts', "export { runTournament } from '../../arena/index.js';\n")).toEqual(
      [],
    );
    // Inside a folder, files import each other directly.
    expect(await layerErrors('agents/neural/x.ts', "export { MctsAgent } from '../mcts-agent.js';\n")).toEqual([]);
  });

  test('dynamic import() follows the same rule', async () => {
    const code = (path: string) => `export const load = () => import('${path}');\n`;
    expect(await layerErrors('arena/x.ts', code('../training/index.js'))).toEqual([
      expect.stringMatching(/arena\/ must not import that folder/),
    ]);
    expect(await layerErrors('cli/commands/x.ts', code('../../training/model-io.js'))).toEqual([
      expect.stringMatching(/through its door/),
    ]);
    expect(await layerErrors('cli/commands/x.ts', code('../../training/index.js'))).toEqual([]);
    expect(await layerErrors('play/game-thread-entry.js', code('./game-thread.ts'))).toEqual([]);
  });

  test('test/ helpers are for tests only', async () => {
    const code = "export { redisTestUrl } from '../test/services.js';\n";
    expect(await layerErrors('play/x.ts', code)).toHaveLength(1);
    expect(await layerErrors('play/x.test.ts', code)).toEqual([]);
  });
});
