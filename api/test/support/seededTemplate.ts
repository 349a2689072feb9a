import { readFileSync } from 'node:fs';

/**
 * One migrated and seeded embedded database for the whole API run, its job queue's tables made: creating a
 * PGlite cluster, migrating, seeding it and making pg-boss's tables took 10–15 s a test app on this machine
 * (under load), loading a copy of one 2–4 s. The global setup (globalSetup.ts) writes the copy (PGlite's
 * dumpDataDir) to the file named in API_TEST_PGLITE_TEMPLATE, seeded at the default test clock's start (fakeClock()); test
 * apps whose clock starts there open that copy, any other clock a database made from scratch. The PostgreSQL
 * pass (API_TEST_DATABASE_URL) does the same on the server: the global setup makes one seeded database there, named
 * in API_TEST_PG_TEMPLATE, and a test app's database is a copy of it (CREATE DATABASE … TEMPLATE: a fraction of
 * a second, where migrating and seeding an empty one took seconds).
 */
export const TEMPLATE_CLOCK_START = '2026-03-15T12:00:00.000Z';
export const TEMPLATE_ENV = 'API_TEST_PGLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'API_TEST_PG_TEMPLATE';

let loaded: Blob | undefined;

/** The seeded copy for a database whose seed clock reads `now`, when the run has one for it. */
export function seededTemplateFor(now: Date): Blob | undefined {
  const file = process.env[TEMPLATE_ENV];
  if (!file || process.env.API_TEST_DATABASE_URL || now.toISOString() !== TEMPLATE_CLOCK_START) return undefined;
  loaded ??= new Blob([readFileSync(file)]);
  return loaded;
}

/** The seeded database on the PostgreSQL server to copy for a database whose seed clock reads `now`, if any. */
export function seededPostgresTemplateFor(now: Date): string | undefined {
  const name = process.env[PG_TEMPLATE_ENV];
  if (!name || !process.env.API_TEST_DATABASE_URL || now.toISOString() !== TEMPLATE_CLOCK_START) return undefined;
  return name;
}
