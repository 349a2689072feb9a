import { spawn } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/**
 * Backups of the database, and their restore (`npm run backup`, `npm run restore`; api/README.md
 * "Operating"). The embedded PGlite is saved with PGlite's own `dumpDataDir()` (a gzipped tarball
 * of its data folder, the whole cluster: the app's tables and the job queue) and restored with its
 * `loadDataDir` option; PostgreSQL with `pg_dump --format=custom` and `pg_restore`, run as a
 * non-root OS user. Each backup has a manifest beside it (`<file>.json`) with every table's row
 * count and the credit ledger's sums; a restore recounts and fails when anything differs.
 */

export type BackupFormat = 'pglite-datadir' | 'pg_dump-custom';

export interface DatabaseFigures {
  /** `schema.table` → rows, for every table of the app (`public`) and of the job queue (`pgboss`). */
  tables: Record<string, number>;
  /** The credit ledger: entries, and the sum of their deltas per bucket. */
  ledger: { entries: number; sums: Record<string, number> };
  /** The wallets' balances per bucket: equal to the ledger's sums in a sound database. */
  wallets: Record<string, number>;
  /** Applied migration ids, in order. */
  migrations: string[];
}

export interface BackupManifest extends DatabaseFigures {
  format: BackupFormat;
  created_at: string;
  file: string;
}

/** Where backups go unless BACKUP_DIR says otherwise: `.data/backups` beside the PGlite folder. */
export const BACKUP_FILE_PREFIX = 'leadsmith-';
/** How many backups `npm run backup` keeps in its folder (older ones are deleted after a good backup). */
export const DEFAULT_BACKUP_KEEP = 14;

type Query = <T>(sql: string) => Promise<T[]>;

/** Row counts and ledger sums, read the same way from PGlite and PostgreSQL. */
export async function databaseFigures(query: Query): Promise<DatabaseFigures> {
  const tables = await query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname IN ('public', 'pgboss') ORDER BY 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await query<{ n: number | string }>(`SELECT count(*) AS n FROM "${t.schema}"."${t.name}"`);
    counts[`${t.schema}.${t.name}`] = Number(row?.n ?? 0);
  }
  const sums: Record<string, number> = {};
  let entries = 0;
  if (counts['public.credit_ledger'] !== undefined) {
    for (const row of await query<{ bucket: string; entries: number | string; total: number | string }>(
      'SELECT bucket, count(*) AS entries, COALESCE(sum(delta), 0) AS total FROM credit_ledger GROUP BY bucket ORDER BY bucket',
    )) {
      sums[row.bucket] = Number(row.total);
      entries += Number(row.entries);
    }
  }
  const wallets: Record<string, number> = {};
  if (counts['public.credit_wallets'] !== undefined) {
    const [w] = await query<Record<string, number | string>>(
      'SELECT COALESCE(sum(monthly), 0) AS monthly, COALESCE(sum(additional), 0) AS additional, COALESCE(sum(rolled_over), 0) AS rolled_over FROM credit_wallets',
    );
    for (const [bucket, total] of Object.entries(w ?? {})) wallets[bucket] = Number(total);
  }
  const migrations =
    counts['public.schema_migrations'] !== undefined
      ? (await query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY applied_at, id')).map((r) => r.id)
      : [];
  return { tables: counts, ledger: { entries, sums }, wallets, migrations };
}

/** What differs between two sets of figures, one line per difference (empty: the same). */
export function figureDifferences(expected: DatabaseFigures, actual: DatabaseFigures): string[] {
  const out: string[] = [];
  for (const name of new Set([...Object.keys(expected.tables), ...Object.keys(actual.tables)])) {
    if (expected.tables[name] !== actual.tables[name])
      out.push(
        `${name}: ${expected.tables[name] ?? 'missing'} rows in the backup, ${actual.tables[name] ?? 'missing'} restored`,
      );
  }
  if (JSON.stringify(expected.ledger) !== JSON.stringify(actual.ledger))
    out.push(
      `credit ledger: ${JSON.stringify(expected.ledger)} in the backup, ${JSON.stringify(actual.ledger)} restored`,
    );
  if (JSON.stringify(expected.wallets) !== JSON.stringify(actual.wallets))
    out.push(
      `credit wallets: ${JSON.stringify(expected.wallets)} in the backup, ${JSON.stringify(actual.wallets)} restored`,
    );
  if (expected.migrations.join() !== actual.migrations.join()) out.push('applied migrations differ');
  return out;
}

const PGLITE_OPTIONS = { extensions: { pg_trgm } };

function pgliteQuery(db: PGlite): Query {
  return async <T>(sql: string) => (await db.query<T>(sql)).rows;
}

/** A timestamped file name: `leadsmith-pglite-20261126T091500Z.tar.gz`. */
export function backupFileName(format: BackupFormat, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return format === 'pglite-datadir'
    ? `${BACKUP_FILE_PREFIX}pglite-${stamp}.tar.gz`
    : `${BACKUP_FILE_PREFIX}postgres-${stamp}.dump`;
}

function writeManifest(file: string, format: BackupFormat, figures: DatabaseFigures, at: Date): BackupManifest {
  const manifest: BackupManifest = { format, created_at: at.toISOString(), file: path.basename(file), ...figures };
  writeFileSync(`${file}.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export function readManifest(file: string): BackupManifest | null {
  return existsSync(`${file}.json`) ? (JSON.parse(readFileSync(`${file}.json`, 'utf8')) as BackupManifest) : null;
}

/**
 * Saves the embedded database in `dataDir` to `file`. The API must not be running on that folder
 * (PGlite is one process's database; a second opener would see it mid-write).
 */
export async function backupPglite(dataDir: string, file: string, at = new Date()): Promise<BackupManifest> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`${dataDir} holds no PGlite database`);
  const db = await PGlite.create(dataDir, PGLITE_OPTIONS);
  try {
    const figures = await databaseFigures(pgliteQuery(db));
    const tarball = await db.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    return writeManifest(file, 'pglite-datadir', figures, at);
  } finally {
    await db.close();
  }
}

function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || (statSync(dir).isDirectory() && readdirSync(dir).length === 0);
}

/**
 * Restores a PGlite backup into `dataDir`, which must be empty or absent; with `replace`, a folder
 * holding a database is first moved aside to `<dataDir>.before-restore-<time>` (never deleted).
 */
export async function restorePglite(
  file: string,
  dataDir: string,
  options: { replace?: boolean; at?: Date } = {},
): Promise<{ figures: DatabaseFigures; movedAside: string | null }> {
  let movedAside: string | null = null;
  if (!isEmptyDir(dataDir)) {
    if (!options.replace)
      throw new Error(
        `${dataDir} is not empty: restore into an empty folder, or pass --replace to move the current database aside first`,
      );
    movedAside = `${dataDir}.before-restore-${(options.at ?? new Date()).toISOString().replace(/[-:.]/g, '')}`;
    renameSync(dataDir, movedAside);
  }
  mkdirSync(dataDir, { recursive: true });
  const tarball = new Blob([readFileSync(file)]);
  const db = await PGlite.create(dataDir, { ...PGLITE_OPTIONS, loadDataDir: tarball });
  try {
    return { figures: await databaseFigures(pgliteQuery(db)), movedAside };
  } finally {
    await db.close();
  }
}

/** The PostgreSQL client tools of the server's major version (15 here). */
export function postgresBin(tool: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv = process.env): string {
  const dirs = [env.PG_BIN_DIR, '/usr/lib/postgresql/15/bin'].filter((d): d is string => Boolean(d));
  for (const dir of dirs) if (existsSync(path.join(dir, tool))) return path.join(dir, tool);
  return tool;
}

/** The OS user the PostgreSQL tools run as when this process is root (the same one scripts/postgres.sh runs the server as). */
export const TOOLS_OS_USER = 'leadsmith-pg';

async function run(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; stdin?: string; stdout?: string },
): Promise<void> {
  const root = process.getuid?.() === 0;
  if (root) await ensureOsUser();
  const [cmd, argv] = root ? ['runuser', ['-u', TOOLS_OS_USER, '--', command, ...args]] : [command, args];
  const child = spawn(cmd, argv, {
    env: options.env,
    cwd: '/',
    stdio: [options.stdin ? 'pipe' : 'ignore', options.stdout ? 'pipe' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const streams: Promise<void>[] = [];
  if (options.stdin) streams.push(pipeline(createReadStream(options.stdin), child.stdin!));
  if (options.stdout) streams.push(pipeline(child.stdout!, createWriteStream(options.stdout)));
  const [code] = await Promise.all([exited, ...streams]);
  if (code !== 0) throw new Error(`${path.basename(command)} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`);
}

async function ensureOsUser(): Promise<void> {
  const exists = await new Promise<boolean>((resolve) =>
    spawn('id', ['-u', TOOLS_OS_USER], { stdio: 'ignore' }).on('close', (code) => resolve(code === 0)),
  );
  if (exists) return;
  await new Promise<void>((resolve, reject) =>
    spawn('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', TOOLS_OS_USER], {
      stdio: 'inherit',
    }).on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`useradd ${TOOLS_OS_USER} failed (exit ${code})`)),
    ),
  );
}

/** libpq's environment for a connection URL: the password travels in PGPASSWORD, never on a command line. */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    LANG: 'C.UTF-8',
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
    PGUSER: decodeURIComponent(u.username),
  };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

async function withClient<T>(url: string, fn: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(async <R>(sql: string) => (await client.query(sql)).rows as R[]);
  } finally {
    await client.end();
  }
}

/** pg_dump of the database at `url` (custom format: compressed, restorable table by table). */
export async function backupPostgres(url: string, file: string, at = new Date()): Promise<BackupManifest> {
  // Counted first, then dumped: on a live database the manifest's figures are a close guide; on a
  // quiet one (the CI test) they must match exactly.
  const figures = await withClient(url, databaseFigures);
  await run(postgresBin('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges'], {
    env: libpqEnv(url),
    stdout: file,
  });
  return writeManifest(file, 'pg_dump-custom', figures, at);
}

/**
 * pg_restore into the database at `url`, which must hold no table of the app yet; with `replace`,
 * what the backup holds is dropped first (`--clean --if-exists`). One transaction: all or nothing.
 */
export async function restorePostgres(
  file: string,
  url: string,
  options: { replace?: boolean } = {},
): Promise<DatabaseFigures> {
  const existing = await withClient(url, (query) =>
    query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname IN ('public', 'pgboss')"),
  );
  if ((existing[0]?.n ?? 0) > 0 && !options.replace)
    throw new Error(
      'the target database already holds tables: restore into an empty database, or pass --replace to drop what the backup holds first',
    );
  const args = [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${libpqEnv(url).PGDATABASE}`,
  ];
  if (options.replace) args.push('--clean', '--if-exists');
  await run(postgresBin('pg_restore'), args, { env: libpqEnv(url), stdin: file });
  return withClient(url, databaseFigures);
}

/** Deletes the oldest backups in `dir` beyond the newest `keep` (with their manifests). Returns the files removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  const backups = readdirSync(dir)
    .filter((name) => name.startsWith(BACKUP_FILE_PREFIX) && !name.endsWith('.json'))
    .sort()
    .reverse();
  const removed = backups.slice(keep);
  for (const name of removed) {
    rmSync(path.join(dir, name), { force: true });
    rmSync(path.join(dir, `${name}.json`), { force: true });
  }
  return removed;
}
