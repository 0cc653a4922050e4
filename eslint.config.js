// Lint rules that the type checker cannot enforce: type-only imports (style G11), the ban on
// unseeded randomness (style G6), the layers (docs/development.md, "Layers") and lines of at most 120
// characters (Prettier's printWidth, which Prettier itself cannot enforce on strings and comments).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The layers: each top-level folder and the folders it may import. envs <- agents <- play <-
 * {training, arena} <- cli; bench/, scripts/ and test/ sit on top and may import any of them.
 */
export const LAYERS = {
  envs: [],
  agents: ['envs'],
  play: ['envs', 'agents'],
  training: ['envs', 'agents', 'play'],
  arena: ['envs', 'agents', 'play'],
  cli: ['envs', 'agents', 'play', 'training', 'arena'],
  bench: ['envs', 'agents', 'play', 'training', 'arena'],
  scripts: ['envs', 'agents', 'play', 'training', 'arena'],
  test: ['envs', 'agents', 'play', 'training', 'arena', 'cli', 'scripts'],
};
/** Folders imported only through their index.ts from outside. */
const DOORS = ['envs', 'agents', 'play', 'training', 'arena'];
const TOP = [...Object.keys(LAYERS)];
const DIAGRAM = 'envs <- agents <- play <- {training, arena} <- cli';
/**
 * Worker threads' entry files (*-entry.js) are plain-JavaScript bootstraps that run before TypeScript
 * can load: they import the runner of the TypeScript worker, this JavaScript file, directly.
 */
const BOOTSTRAP = 'envs/core/source-bundle.js';

/**
 * no-restricted-imports patterns for the files of one folder. Import paths are relative, so a
 * pattern names the folder at any depth (`**\/arena/**`); no folder has a subfolder of a top-level
 * folder's name. Tests (*.test.ts) may also use the helpers of test/.
 */
function layerPatterns(folder, { tests = false, bootstrap = false } = {}) {
  const allowed = new Set(LAYERS[folder]);
  if (tests) allowed.add('test');
  const patterns = [];
  for (const other of TOP) {
    if (other === folder) continue;
    if (!allowed.has(other)) {
      patterns.push({
        group: [`**/${other}/**`],
        message: `${folder}/ must not import ${other}/: the layers run ${DIAGRAM} (docs/development.md, "Layers").`,
      });
    } else if (DOORS.includes(other)) {
      const through = [
        `!**/${other}/index.js`,
        ...(bootstrap && other === 'envs' ? ['!**/envs/core', `!**/${BOOTSTRAP}`] : []),
      ];
      patterns.push({
        group: [`**/${other}/**`, ...through],
        message: `import ${other}/ through its door, ${other}/index.js (export what you need there).`,
      });
    }
  }
  return patterns;
}

/**
 * The same rule for dynamic import() of a literal path (no-restricted-imports sees only static
 * imports). esquery's regular expressions cannot hold a slash, so `.` stands for it.
 */
function dynamicImportRules(folder, { tests = false } = {}) {
  const allowed = new Set(LAYERS[folder]);
  if (tests) allowed.add('test');
  const forbidden = TOP.filter((other) => other !== folder && !allowed.has(other));
  const doors = DOORS.filter((other) => other !== folder && allowed.has(other));
  const rules = [];
  if (forbidden.length > 0)
    rules.push({
      selector: `ImportExpression[source.value=/(^|[.][.].)(${forbidden.join('|')})[^a-zA-Z0-9_-]/]`,
      message: `${folder}/ must not import that folder: the layers run ${DIAGRAM} (docs/development.md, "Layers").`,
    });
  if (doors.length > 0)
    rules.push({
      selector: `ImportExpression[source.value=/(^|[.][.].)(${doors.join('|')}).(?!index[.]js$)/]`,
      message: 'import another top-level folder through its door, <folder>/index.js.',
    });
  return rules;
}

const layerConfigs = Object.keys(LAYERS).flatMap((folder) => [
  {
    files: [`${folder}/**/*.ts`, `${folder}/**/*.js`],
    rules: {
      'no-restricted-imports': ['error', { patterns: layerPatterns(folder) }],
      'no-restricted-syntax': ['error', ...dynamicImportRules(folder)],
    },
  },
  {
    files: [`${folder}/**/*.test.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: layerPatterns(folder, { tests: true }) }],
      'no-restricted-syntax': ['error', ...dynamicImportRules(folder, { tests: true })],
    },
  },
  {
    files: [`${folder}/**/*-entry.js`],
    rules: { 'no-restricted-imports': ['error', { patterns: layerPatterns(folder, { bootstrap: true }) }] },
  },
]);

export default tseslint.config(
  { ignores: ['scratch/**', 'node_modules/**', 'data/**', 'models/**', 'cli/agora.js', 'python/build/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the seeded Rng passed in (envs/core/rng.ts).' },
      ],
    },
  },
  {
    rules: {
      'max-len': [
        'error',
        {
          code: 120,
          tabWidth: 2,
          // Only a line that is one unbreakable URL (in a comment or not) or an import may be longer.
          ignorePattern: String.raw`^\s*(?:(?:\/\/|\*)\s*)?(?:https?:\/\/\S+|import\s.*)$`,
        },
      ],
    },
  },
  ...layerConfigs,
);
