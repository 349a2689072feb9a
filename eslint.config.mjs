import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const REMOTES = ['mfe-settings', 'mfe-ai', 'mfe-lead-search', 'mfe-whitelabel', 'mfe-admin'];

/** Import boundaries: a remote imports only `@leadsmith/shared`, never the shell or another remote. */
const remoteBoundaries = (self) => ({
  files: [`${self}/src/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['shell', 'shell/*', '**/shell/**'], message: 'Remotes never import the shell: use @leadsmith/shared.' },
          ...REMOTES.filter((r) => r !== self).map((r) => ({ group: [r, `${r}/*`, `**/${r}/**`], message: `${self} may not import ${r}: cross-area links go through paths in @leadsmith/shared.` })),
          { group: ['@leadsmith/shared/src/*', '**/shared/src/**'], message: 'Import @leadsmith/shared through its public entry.' },
          { group: ['@leadsmith/api', '**/api/src/**'], message: 'Frontends talk to the API over HTTP only.' },
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'test-results/**', 'playwright-report/**', '.data/**', 'bench/tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node, __APP_NAME__: 'readonly', __APP_VERSION__: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // React rules for the frontends only (Playwright fixtures also have a `use`).
    files: ['{shared,shell,mfe-*}/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node }, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
  // Classic scripts the shell's index.html loads as they are (shell/public/boot-prefetch.js).
  { files: ['shell/public/**/*.js'], languageOptions: { globals: { ...globals.browser }, sourceType: 'script' } },
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['shell', 'shell/*', 'mfe-*', '**/mfe-*/**', '**/shell/**'], message: 'shared depends on no app.' }] }],
    },
  },
  ...REMOTES.map(remoteBoundaries),
);
