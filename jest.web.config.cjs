// Component and unit tests of shared, shell and the remotes, in jsdom, transpiled by swc.
module.exports = {
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  // Alone most tests take well under a second; beside the API suite's servers on two cores a scroll-and-filter
  // test took over 15 s (a CI rehearsal). A timeout catches a hang, not a slow machine.
  testTimeout: 30_000,
  testMatch: ['<rootDir>/{shared,shell,mfe-*}/src/**/__tests__/**/*.test.{ts,tsx}'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  setupFiles: ['<rootDir>/shared/jest.polyfills.ts'],
  setupFilesAfterEnv: ['<rootDir>/shared/jest.setup.ts'],
  globals: { __APP_NAME__: 'test', __APP_VERSION__: '0.0.0-test' },
  moduleNameMapper: {
    '^@leadsmith/shared$': '<rootDir>/shared/src/index.ts',
    '^@leadsmith/shared/core$': '<rootDir>/shared/src/core.ts',
    '^@leadsmith/shared/resource$': '<rootDir>/shared/src/resource.ts',
    '^@leadsmith/shared/locales/(.*)$': '<rootDir>/shared/src/locales/$1',
    '^@leadsmith/shared/testing$': '<rootDir>/shared/src/testing/index.tsx',
  },
  testEnvironmentOptions: { customExportConditions: ['browser', 'require', 'default'] },
};
