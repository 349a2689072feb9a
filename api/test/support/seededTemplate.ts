import { readFileSync } from 'node:fs';

/**
 * One migrated and seeded embedded database for the whole API run, its job queue's tables made: creating a
 * PGlite cluster, migrating, seeding it and making pg-boss's tables took 10–15 s a test app on this machine
 * (under load), loading a copy of one 2–4 s. The global setup (globalSetup.ts) writes the copy (PGlite's
 * dumpDataDir) to the file named in API_TEST_PGLITE_TEMPLATE, seeded at the default test clock's start (fakeClock()); test
 * apps whose clock starts there open that copy, any other clock a database made from scratch. The PostgreSQL
 * pass (API_TEST_DATABASE_URL) creates its databases on the server as before.
 */
export const TEMPLATE_CLOCK_START = '2026-03-15T12:00:00.000Z';
export const TEMPLATE_ENV = 'API_TEST_PGLITE_TEMPLATE';

let loaded: Blob | undefined;

/** The seeded copy for a database whose seed clock reads `now`, when the run has one for it. */
export function seededTemplateFor(now: Date): Blob | undefined {
  const file = process.env[TEMPLATE_ENV];
  if (!file || process.env.API_TEST_DATABASE_URL || now.toISOString() !== TEMPLATE_CLOCK_START) return undefined;
  loaded ??= new Blob([readFileSync(file)]);
  return loaded;
}
