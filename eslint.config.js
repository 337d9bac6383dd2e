// One lint configuration for every workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/lib/**', '.cache/**', 'tests/e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['hosting/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Components must go through features/<f>/api, never fetch directly (ARCHITECTURE.md data-flow rules).
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use lib/http-client through a feature api module.' },
      ],
    },
  },
  {
    files: ['hosting/src/lib/http-client.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
);
