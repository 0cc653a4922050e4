// Lint rules that the type checker cannot enforce: type-only imports (style G11) and
// the ban on unseeded randomness (style G6).
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
);
