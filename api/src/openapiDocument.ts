/**
 * The OpenAPI document without a server: builds the app on a fresh in-memory database (migrated,
 * no demo data, no listener, web role so no worker runs), reads what @fastify/swagger collected from the route schemas, closes.
 * `npm run gen:api` turns it into the front end's types (shared/src/api/openapi.gen.ts).
 *
 * `devRoutes`: the app as the end-to-end tests run it (DEV_MAILBOX, TEST_CLOCK), so the document also holds the
 * development-only routes under /api/dev/ (which production never registers); `npm run gen:api` types the e2e
 * specs' calls to them from it (e2e/support/devRoutes.gen.ts), keeping them out of the screens' contract.
 */
import { buildApp } from './app';
import { loadConfig, REPO_ROOT } from './config';
import { migrate, openDb } from './db';

export async function openApiDocument({ devRoutes = false }: { devRoutes?: boolean } = {}): Promise<unknown> {
  const dev = devRoutes ? { DEV_MAILBOX: 'true', TEST_CLOCK: 'true' } : {};
  const config = loadConfig(
    { DATA_DIR: ':memory:', SERVE_WEB: 'false', LOG_LEVEL: 'silent', PROCESS_ROLE: 'web', ...dev },
    REPO_ROOT,
  );
  const db = await openDb(config);
  await migrate(db);
  const app = buildApp({ db, config });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await db.close();
  }
}
