/**
 * `npm run backup` / `npm run restore -- <file> [--replace]` (root package.json): the database the
 * API's environment names (DATABASE_URL, else the PGlite folder DATA_DIR). See api/README.md "Operating".
 *
 *   backup                 writes <BACKUP_DIR>/leadsmith-<pglite|postgres>-<UTC time>.<tar.gz|dump> and its
 *                          manifest (.json), then keeps the newest BACKUP_KEEP backups of that folder
 *   restore <file>         into an empty PGlite folder / PostgreSQL database; --replace moves a PGlite
 *                          folder aside (never deletes it) or drops what the backup holds on PostgreSQL;
 *                          the restored rows are recounted against the manifest (exit 1 on a difference)
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, REPO_ROOT } from '../config';
import { ConfigError } from '../configError';
import {
  backupFileName,
  backupPglite,
  backupPostgres,
  DEFAULT_BACKUP_KEEP,
  figureDifferences,
  pruneBackups,
  readManifest,
  restorePglite,
  restorePostgres,
  type DatabaseFigures,
} from './backup';

function keepFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.BACKUP_KEEP?.trim();
  if (!raw) return DEFAULT_BACKUP_KEEP;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new ConfigError('BACKUP_KEEP', `expected a whole number of backups to keep (≥ 1), got "${raw}"`);
  return Number(raw);
}

const summary = (f: DatabaseFigures) =>
  `${Object.keys(f.tables).length} tables, ${Object.values(f.tables).reduce((a, b) => a + b, 0)} rows, ledger ${f.ledger.entries} entries ${JSON.stringify(f.ledger.sums)}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const config = loadConfig(process.env, REPO_ROOT);
  if (config.databaseUrl === null && config.dataDir === ':memory:')
    throw new ConfigError('DATA_DIR', 'an in-memory database has nothing to back up or restore into');
  if (command === 'backup') {
    const dir = path.resolve(process.env.BACKUP_DIR?.trim() || path.join(REPO_ROOT, '.data', 'backups'));
    const keep = keepFromEnv(process.env);
    mkdirSync(dir, { recursive: true });
    const at = new Date();
    const file = path.join(dir, backupFileName(config.databaseUrl ? 'pg_dump-custom' : 'pglite-datadir', at));
    const manifest = config.databaseUrl
      ? await backupPostgres(config.databaseUrl, file, at)
      : await backupPglite(config.dataDir, file, at);
    console.log(`[backup] wrote ${file} (${summary(manifest)})`);
    for (const removed of pruneBackups(dir, keep)) console.log(`[backup] removed ${removed} (BACKUP_KEEP=${keep})`);
    return 0;
  }
  if (command === 'restore') {
    const file = rest.find((a) => !a.startsWith('--'));
    const replace = rest.includes('--replace');
    if (!file) {
      console.error('usage: npm run restore -- <backup file> [--replace]');
      return 2;
    }
    const manifest = readManifest(file);
    const figures = config.databaseUrl
      ? await restorePostgres(file, config.databaseUrl, { replace })
      : (await restorePglite(file, config.dataDir, { replace })).figures;
    console.log(
      `[restore] restored ${file} into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir} (${summary(figures)})`,
    );
    if (!manifest) {
      console.log('[restore] no manifest beside the backup: nothing to compare the rows with');
      return 0;
    }
    const differences = figureDifferences(manifest, figures);
    for (const line of differences) console.error(`[restore] differs: ${line}`);
    if (differences.length) return 1;
    console.log("[restore] every table's row count and the ledger sums match the backup's manifest");
    return 0;
  }
  console.error('usage: backupCli.js backup | restore <file> [--replace]');
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[${process.argv[2] ?? 'backup'}] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
