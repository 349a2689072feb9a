/**
 * Start-up after the Node check (server.ts): config → database → migrations → demo seed → listen.
 */
import { API_VERSION, buildApp } from './app';
import { createErrorTracker } from './ops/errorTracking';
import { loadConfig, REPO_ROOT } from './config';
import { openDb, type Db } from './db';
import { loadLeadSourcesConfig } from './providers/leads';
import { secondsFromEnv } from './effects/externalEffects';
import { refreshLeadSourcesEvery, reloadLeadSources } from './providers/leads/sourceSettings';
import { seed } from './seed';
import { migrateSealingGoogleApiKeys } from './users/googleApiKeys';

export async function main(): Promise<void> {
  const config = loadConfig(process.env, REPO_ROOT);
  // Fails loudly on a bad lead-source variable before anything starts.
  loadLeadSourcesConfig(process.env);
  const db: Db = await openDb(config);
  // Google API keys still stored in plain text are sealed before the migration that drops their column.
  const applied = await migrateSealingGoogleApiKeys(db, config.appSecret);
  if (config.seedDemo) await seed(db);
  // Real lead sources: keyless engines by default, vendors by key, the super admin's settings on top (see providers/leads/README.md).
  await reloadLeadSources({ db, secret: config.appSecret });

  const errorTracker = createErrorTracker({
    dsn: config.sentryDsn,
    environment: config.nodeEnv,
    release: `leadsmith-api@${API_VERSION}`,
  });
  const app = buildApp({ db, config, errorTracker });
  // Admin → Searchers changes made through another API process reach this one at its first use of a source after this interval.
  refreshLeadSourcesEvery(secondsFromEnv('LEAD_SOURCES_REFRESH_SECONDS', 5, 1, 3600) * 1000);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await db.close();
      await errorTracker?.flush();
      process.exit(0);
    } catch (error) {
      console.error('[api] shutdown failed', error);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`;
  console.log(`[api] Leadsmith API listening on ${address.replace('0.0.0.0', 'localhost')}`);
  console.log(`[api] database: ${where}; migrations applied now: ${applied.length ? applied.join(', ') : 'none'}`);
  if (config.webRoot) console.log(`[api] serving web files from ${config.webRoot}`);
}
