import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';

const REMOTES = ['mfe-settings', 'mfe-ai', 'mfe-lead-search', 'mfe-whitelabel', 'mfe-admin'];

/**
 * File names, per dialect (style.md "one casing for files"): everywhere a file is named after its main
 * export, camelCase or PascalCase (components, classes, page objects); the settings remote still writes
 * its modules in kebab-case (get-x.ts) beside PascalCase components; test files are `<area>-<feature>`
 * (leadSearch-searches.test.ts). The part before the first dot counts (x.test.ts, openapi.gen.ts).
 */
const CAMEL = '+([a-z])*([a-z0-9])*([A-Z]*([a-z0-9]))';
const PASCAL = '*([A-Z]*([a-z0-9]))';
const KEBAB = '+([a-z])*([a-z0-9])*(-+([a-z0-9]))';
const CAMEL_OR_PASCAL = `@(${CAMEL}|${PASCAL})`;
const AREA_FEATURE = `${CAMEL}*(-${CAMEL})`;
const fileNames = (conventions) => ({
  plugins: { 'check-file': checkFile },
  rules: {
    'check-file/filename-naming-convention': [
      'error',
      conventions,
      {
        ignoreMiddleExtensions: true,
        errorMessage:
          'The file name "{{ target }}" breaks its folder\'s naming: camelCase or PascalCase after the main export; kebab-case modules in mfe-settings; <area>-<feature> for test files (eslint.config.mjs)',
      },
    ],
  },
});

/**
 * Every toast goes through the shared queue (`toast` of @leadsmith/shared: spec §9's 250 ms between the
 * toasts of a burst). react-toastify's own `toast` is for the queue itself and the page's container
 * (shared/src/toast); its other exports (the container, types) stay importable.
 */
const DIRECT_TOAST = {
  name: 'react-toastify',
  importNames: ['toast'],
  message: "Show toasts with `toast` from '@leadsmith/shared' (the page's toast queue, spec §9), not react-toastify's.",
};

/** ADR 058: the layers of api/src/modules. */
const SQL_OUTSIDE_REPOSITORY = {
  selector: "CallExpression[callee.property.name='query']",
  message: 'SQL lives in <feature>.repository.ts (ADR 058): call a repository function here.',
};
const TRANSACTION_OUTSIDE_SERVICE = {
  selector: "CallExpression[callee.property.name='transaction']",
  message: 'Transactions are opened in <feature>.service.ts (ADR 058); a repository takes the transaction it is given.',
};

/**
 * ADR 016: a route's types come from its TypeBox schemas through the type provider
 * (`api.withTypeProvider<TypeBoxTypeProvider>()`), so the compiler checks a handler against its schemas.
 */
const UNTYPED_ROUTE = {
  selector: 'CallExpression[callee.property.name=/^(get|post|put|patch|delete|route)$/][typeArguments]',
  message:
    "Register routes on `api.withTypeProvider<TypeBoxTypeProvider>()` with TypeBox schemas (ADR 016): the handler's types come from them, not from a hand-written generic.",
};
const CAST_REQUEST = {
  selector:
    "TSAsExpression > MemberExpression.expression[object.name='request'][property.name=/^(body|query|params)$/]",
  message:
    "A request's body, query and params are typed by the route's schemas (ADR 016): declare them there instead of casting.",
};
const PLAIN_REQUEST_SCHEMA = {
  selector: 'ImportSpecifier[imported.name=/^(objectSchema|emptyObjectSchema)$/]',
  message:
    'Request schemas are TypeBox (ADR 016): Type.Object(…, { additionalProperties: false }) or Empty from http/contract.ts.',
};
const ROUTE_TYPES = [UNTYPED_ROUTE, CAST_REQUEST, PLAIN_REQUEST_SCHEMA];

/** Import boundaries: a remote imports only `@leadsmith/shared`, never the shell or another remote. */
const remoteBoundaries = (self) => ({
  files: [`${self}/src/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [DIRECT_TOAST],
        patterns: [
          {
            group: ['shell', 'shell/*', '**/shell/**'],
            message: 'Remotes never import the shell: use @leadsmith/shared.',
          },
          ...REMOTES.filter((r) => r !== self).map((r) => ({
            group: [r, `${r}/*`, `**/${r}/**`],
            message: `${self} may not import ${r}: cross-area links go through paths in @leadsmith/shared.`,
          })),
          {
            group: ['@leadsmith/shared/src/*', '**/shared/src/**'],
            message: 'Import @leadsmith/shared through its public entry.',
          },
          { group: ['@leadsmith/api', '**/api/src/**'], message: 'Frontends talk to the API over HTTP only.' },
        ],
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
      'bench/tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node, __APP_NAME__: 'readonly', __APP_VERSION__: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // No import cycles: a module that needs one from the other direction moves the shared part out (style.md "one-way imports").
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      // Cycles are ours to find: packages are not parsed (PGlite's bundled chunks overflow the parser's stack).
      'import-x/ignore': ['node_modules'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
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
  ...[
    { files: ['shared/src/**/*.{ts,tsx}'], paths: [DIRECT_TOAST] },
    // The queue itself and the container's configuration use react-toastify's own `toast`.
    { files: ['shared/src/toast/*.{ts,tsx}'], paths: [] },
  ].map(({ files, paths }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths,
          patterns: [
            {
              group: ['shell', 'shell/*', 'mfe-*', '**/mfe-*/**', '**/shell/**'],
              message: 'shared depends on no app.',
            },
          ],
        },
      ],
    },
  })),
  { files: ['shell/src/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { paths: [DIRECT_TOAST] }] } },
  {
    // The same for react-toastify loaded on demand (only the queue does that). Stripe.js too: importing
    // @stripe/stripe-js loads Stripe's script, so it comes only by `await import` where a card is entered (ADR 019).
    files: ['{shared,shell,mfe-*}/src/**/*.{ts,tsx}'],
    ignores: ['shared/src/toast/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportExpression[source.value='react-toastify']", message: DIRECT_TOAST.message },
        {
          selector: "ImportDeclaration[importKind='value'][source.value=/^@stripe/]",
          message:
            "Stripe.js loads only where a card is entered: `await import('@stripe/stripe-js')` there (types may be imported with `import type`).",
        },
      ],
    },
  },
  ...REMOTES.map(remoteBoundaries),
  // The API in layers (ADR 058): under api/src/modules, api/src/workers and api/src/providers, SQL is written in *.repository.ts
  // files only, and transactions are opened by services (a routes file calls a service; a repository takes the transaction).
  ...[
    { files: ['api/src/modules/**/*.ts'], ignores: ['**/*.{routes,repository}.ts'], bans: [SQL_OUTSIDE_REPOSITORY] },
    {
      files: ['api/src/modules/**/*.routes.ts'],
      bans: [SQL_OUTSIDE_REPOSITORY, TRANSACTION_OUTSIDE_SERVICE, ...ROUTE_TYPES],
    },
    // The routes outside the modules: the web files (shell, remotes), the metrics and the OpenAPI document.
    { files: ['api/src/{web,ops,http}/**/*.ts'], bans: ROUTE_TYPES },
    { files: ['api/src/modules/**/*.repository.ts'], bans: [TRANSACTION_OUTSIDE_SERVICE] },
    // Workers define jobs and call services and repositories; they open transactions, and write no SQL.
    { files: ['api/src/workers/**/*.ts'], bans: [SQL_OUTSIDE_REPOSITORY] },
    // Providers (payments, CRMs, lead sources, PayKickstart) keep their rules and call their repositories beside them.
    { files: ['api/src/providers/**/*.ts'], ignores: ['**/*.repository.ts'], bans: [SQL_OUTSIDE_REPOSITORY] },
  ].map(({ files, ignores = [], bans }) => ({ files, ignores, rules: { 'no-restricted-syntax': ['error', ...bans] } })),
  {
    files: ['**/*.{ts,tsx}'],
    ...fileNames({
      '{api,shared,shell,mfe-ai,mfe-lead-search,mfe-whitelabel,mfe-admin}/src/**/*.{ts,tsx}': CAMEL_OR_PASCAL,
      'mfe-settings/src/**/*.ts': KEBAB,
      'mfe-settings/src/**/*.tsx': `@(${PASCAL}|${KEBAB})`,
      '{api/test,e2e/tests}/**/*.{ts,tsx}': AREA_FEATURE,
      'e2e/support/**/*.ts': CAMEL_OR_PASCAL,
    }),
  },
);
