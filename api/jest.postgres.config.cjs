/**
 * The API suite again, on a PostgreSQL server instead of the embedded PGlite: `npm test` runs it
 * with API_TEST_DATABASE_URL set to the server of scripts/postgres.sh (each file creates and drops
 * its own database there). Files that never open the test database run the same on both, so they
 * run in the PGlite pass only.
 */
const base = require('./jest.config.cjs');

if (!process.env.API_TEST_DATABASE_URL) {
  throw new Error(
    'api/jest.postgres.config.cjs: set API_TEST_DATABASE_URL, e.g. API_TEST_DATABASE_URL="$(bash scripts/postgres.sh start)"',
  );
}

const WITHOUT_DATABASE = [
  'ai-provider',
  'leadSearch-catalogue',
  'mail',
  'ops-sharedServer',
  'postgres-support',
  'queue-crashRound',
  'queue-twoProcesses',
  'queue-twoProcessesWork',
  'runtime-node-version',
  'security-crash',
  'units',
  'whitelabel-sanitize',
];

module.exports = {
  ...base,
  displayName: 'api (PostgreSQL)',
  testPathIgnorePatterns: ['/node_modules/', ...WITHOUT_DATABASE.map((name) => `/test/${name}\\.test\\.ts$`)],
};
