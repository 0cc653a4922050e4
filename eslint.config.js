// Lint rules that the type checker cannot enforce: type-only imports (style G11), the ban on
// unseeded randomness (style G6) and lines of at most 120 characters (Prettier's printWidth, which
// Prettier itself cannot enforce on strings and comments).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['scratch/**', 'node_modules/**', 'data/**', 'models/**', 'cli/agora.js'] },
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
    // The game folders are switched on as each lands on the game kit.
    ignores: [
      'envs/promotion/**',
      'envs/philadelphia/**',
      'envs/cityplan/**',
      'envs/filthyrich/**',
      'envs/perikles/**',
    ],
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
);
