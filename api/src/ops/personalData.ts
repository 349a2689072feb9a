import { zipSync, strToU8 } from 'fflate';
import type { Db, Queryable } from '../db';
import type { ObjectStorageConfig } from '../storage/config';
import { s3ObjectStore } from '../storage/objectStore';
import { writeAudit } from '../modules/admin/audit.repository';

/**
 * Personal-data rights (issue 34, GDPR/CCPA): an account's export archive, its deletion after a
 * grace period, results older than the account's retention removed. Each action is audited in
 * admin_audit_log (entity `account`), which keeps no personal data of its own beyond the account id.
 */

/** Days between an owner's deletion request and the erasure (the owner can cancel until then). */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;
/** How long a ready export archive can be downloaded. */
export const EXPORT_ARCHIVE_DAYS = 7;
/** Retention settings an account can choose (months), or none (keep results). */
export const RETENTION_MONTHS_MAX = 120;

const DAY_MS = 86_400_000;

/** The account's users: the owner and its team members (they work on the owner's data). */
export async function accountUserIds(db: Queryable, ownerId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM users WHERE id = $1 OR team_owner_id = $1 ORDER BY id',
    [ownerId],
  );
  return rows.map((r) => r.id);
}

/** Tables an export never carries: credentials, sign-in traces, one-time codes, payment-provider internals. */
const NOT_EXPORTED = new Set([
  'auth_tokens',
  'email_codes',
  'login_attempts',
  'oidc_logins',
  'settings_crm_states',
  'settings_mail_changes',
  'settings_sandbox_payment_methods',
  'settings_sandbox_setup_intents',
  'settings_sandbox_charges',
  'rate_limit_counters',
  'account_exports',
  'list_export_chunks',
]);
/** Columns an export never carries (secrets, sealed ones too, and stored files' bytes, which go in files/). */
const SECRET_COLUMN =
  /(^|_)(hash|secret|password|token|tokens|code_verifier|key_hash|access_token|refresh_token|content|archive|sealed)$/;

type Row = Record<string, unknown>;

/**
 * The archive of everything the account holds: `account.json` (the users, without secrets), one JSON
 * file per table holding rows of the account (lists, results, settings, credits, webhooks, …), and
 * the uploaded training files under `files/`. A zip (fflate), built in memory.
 */
export async function buildExportArchive(
  db: Db,
  ownerId: number,
  objectStorage: ObjectStorageConfig | null | undefined,
  at: Date,
): Promise<Uint8Array> {
  const ids = await accountUserIds(db, ownerId);
  const entries: Record<string, Uint8Array> = {};
  const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
  const clean = (rows: Row[]) =>
    rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !SECRET_COLUMN.test(column))));

  const users = (
    await db.query<Row>('SELECT * FROM users WHERE id = ANY($1::int[]) ORDER BY id', [`{${ids.join(',')}}`])
  ).rows;
  entries['account.json'] = json({ exported_at: at.toISOString(), account_id: ownerId, users: clean(users) });

  const { rows: tables } = await db.query<{ table_name: string }>(
    `SELECT DISTINCT c.table_name FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND c.column_name = 'user_id' AND t.table_type = 'BASE TABLE' ORDER BY 1`,
  );
  for (const { table_name: table } of tables) {
    if (NOT_EXPORTED.has(table)) continue;
    const { rows } = await db.query<Row>(`SELECT * FROM "${table}" WHERE user_id = ANY($1::int[]) ORDER BY 1`, [
      `{${ids.join(',')}}`,
    ]);
    if (rows.length) entries[`data/${table}.json`] = json(clean(rows));
  }

  const { rows: files } = await db.query<{
    id: number;
    name: string;
    content: Uint8Array | null;
    storage_key: string | null;
  }>('SELECT id, name, content, storage_key FROM settings_training_files WHERE user_id = ANY($1::int[]) ORDER BY id', [
    `{${ids.join(',')}}`,
  ]);
  const store = objectStorage ? s3ObjectStore(objectStorage) : null;
  try {
    for (const file of files) {
      const bytes = file.content ?? (file.storage_key && store ? await store.get(file.storage_key) : null);
      if (bytes) entries[`files/${file.id}-${file.name.replace(/[^\w.-]+/g, '_')}`] = new Uint8Array(bytes);
    }
  } finally {
    store?.close();
  }
  entries['README.txt'] = strToU8(
    'Your account data, exported on request.\n' +
      'account.json: the account and its team members; data/<table>.json: every row the account holds (lists in campaigns, ' +
      'their results in campaign_results, settings, credits, webhooks, ...); files/: uploaded training files.\n' +
      'Secrets (password hashes, tokens, keys) are never exported.\n',
  );
  return zipSync(entries, { level: 6, mtime: at });
}

/** Runs an export job: builds the archive and stores it (ready for EXPORT_ARCHIVE_DAYS), or records the failure. */
export async function runAccountExport(
  db: Db,
  exportId: number,
  objectStorage: ObjectStorageConfig | null | undefined,
  now: () => Date,
): Promise<void> {
  const job = (
    await db.query<{ user_id: number; status: string }>('SELECT user_id, status FROM account_exports WHERE id = $1', [
      exportId,
    ])
  ).rows[0];
  if (!job || job.status === 'ready') return;
  await db.query("UPDATE account_exports SET status = 'running' WHERE id = $1", [exportId]);
  const archive = await buildExportArchive(db, job.user_id, objectStorage, now());
  const at = now();
  await db.query(
    "UPDATE account_exports SET status = 'ready', archive = decode($2, 'base64'), size_bytes = $3, finished_at = $4, expires_at = $5 WHERE id = $1",
    [
      exportId,
      Buffer.from(archive).toString('base64'),
      archive.byteLength,
      at,
      new Date(at.getTime() + EXPORT_ARCHIVE_DAYS * DAY_MS),
    ],
  );
}

/**
 * Erases an account for good: its stored files in the bucket first (a failure leaves the account to
 * the next sweep), then the owner's and team members' rows, which takes everything that belongs to
 * them (every table references users ON DELETE CASCADE), and the emails sent to them.
 */
export async function eraseAccount(
  db: Db,
  ownerId: number,
  objectStorage: ObjectStorageConfig | null | undefined,
  at: Date,
): Promise<void> {
  const ids = await accountUserIds(db, ownerId);
  const idList = `{${ids.join(',')}}`;
  if (objectStorage) {
    const { rows } = await db.query<{ key: string }>(
      `SELECT storage_key AS key FROM settings_training_files WHERE user_id = ANY($1::int[]) AND storage_key IS NOT NULL
       UNION ALL
       SELECT c.storage_key FROM list_export_chunks c JOIN list_exports e ON e.id = c.export_id WHERE e.user_id = ANY($1::int[]) AND c.storage_key IS NOT NULL`,
      [idList],
    );
    const store = s3ObjectStore(objectStorage);
    try {
      for (const row of rows) await store.delete(row.key);
    } finally {
      store.close();
    }
  }
  await db.transaction(async (tx) => {
    await tx.query(
      'DELETE FROM outbound_emails WHERE lower(to_email) IN (SELECT lower(email) FROM users WHERE id = ANY($1::int[]))',
      [idList],
    );
    await tx.query('DELETE FROM users WHERE id = ANY($1::int[])', [idList]);
    await writeAudit(tx, {
      actorId: null,
      action: 'account_erased',
      entity: 'account',
      entityId: ownerId,
      after: { users: ids.length },
      at,
    });
  });
}

/** Results older than each account's retention setting, removed (list counts follow). Returns how many went. */
export async function applyRetention(db: Db, at: Date): Promise<number> {
  const { rows: accounts } = await db.query<{ id: number; months: number }>(
    'SELECT id, retention_months AS months FROM users WHERE retention_months IS NOT NULL AND team_owner_id IS NULL',
  );
  let removed = 0;
  for (const account of accounts) {
    const cutoff = new Date(at.getTime());
    cutoff.setUTCMonth(cutoff.getUTCMonth() - account.months);
    const n = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ campaign_id: number; n: number }>(
        `WITH gone AS (
           DELETE FROM campaign_results WHERE user_id IN (SELECT id FROM users WHERE id = $1 OR team_owner_id = $1) AND created_at < $2 RETURNING campaign_id
         )
         SELECT campaign_id, count(*)::int AS n FROM gone GROUP BY campaign_id`,
        [account.id, cutoff],
      );
      for (const row of rows)
        await tx.query('UPDATE campaigns SET result_count = GREATEST(result_count - $2, 0) WHERE id = $1', [
          row.campaign_id,
          row.n,
        ]);
      const total = rows.reduce((sum, r) => sum + r.n, 0);
      if (total > 0)
        await writeAudit(tx, {
          actorId: null,
          action: 'retention_applied',
          entity: 'account',
          entityId: account.id,
          after: { results_removed: total, older_than: cutoff.toISOString() },
          at,
        });
      return total;
    });
    removed += n;
  }
  return removed;
}

/** The hourly sweep: accounts past their grace period erased, retention applied, expired export archives dropped. */
export async function privacySweep(
  db: Db,
  objectStorage: ObjectStorageConfig | null | undefined,
  at: Date,
): Promise<{ erased: number; resultsRemoved: number }> {
  const { rows: due } = await db.query<{ id: number }>(
    'SELECT id FROM users WHERE deletion_due_at IS NOT NULL AND deletion_due_at <= $1 ORDER BY id',
    [at],
  );
  for (const account of due) await eraseAccount(db, account.id, objectStorage, at);
  const resultsRemoved = await applyRetention(db, at);
  await db.query('DELETE FROM account_exports WHERE expires_at <= $1', [at]);
  return { erased: due.length, resultsRemoved };
}
