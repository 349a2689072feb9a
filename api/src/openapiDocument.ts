/**
 * The OpenAPI document without a server: builds the app on a fresh in-memory database (migrated,
 * no demo data, no listener, web role so no worker runs), reads what @fastify/swagger collected from the route schemas, closes.
 * `npm run gen:api` turns it into the front end's types (shared/src/api/openapi.gen.ts).
 */
import { buildApp } from './app';
import { loadConfig, REPO_ROOT } from './config';
import { migrate, openDb } from './db';

export async function openApiDocument(): Promise<unknown> {
  const config = loadConfig({ DATA_DIR: ':memory:', SERVE_WEB: 'false', LOG_LEVEL: 'silent', PROCESS_ROLE: 'web' }, REPO_ROOT);
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
