import type { AppDeps } from '../../http/context';
import { ApiError, unprocessable } from '../../http/errors';
import { ACCOUNT_DELETION_GRACE_DAYS } from '../../ops/personalData';
import { writeAudit } from '../admin/audit.repository';
import { ACCOUNT_EXPORT } from '../../workers/privacy';
import { passwordMatches } from './account.service';
import {
  clearDeletion,
  hasExportUnderWay,
  insertExport,
  readyExport,
  scheduleDeletion,
  setRetentionMonths,
  type ExportRow,
} from './privacy.repository';

const DAY_MS = 86_400_000;

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * The account owner's personal-data controls: each is audited under `actorId` (the impersonating admin's
 * id when an admin acts for the owner).
 */
export async function setRetention(
  { db, clock }: Deps,
  userId: number,
  actorId: number,
  months: number | null,
): Promise<void> {
  const at = clock.now();
  await db.transaction(async (tx) => {
    await setRetentionMonths(tx, userId, months);
    await writeAudit(tx, {
      actorId,
      action: 'retention_set',
      entity: 'account',
      entityId: userId,
      after: { retention_months: months },
      at,
    });
  });
}

/** Queues an export of all the user's data (one at a time: 409 while one is under way). */
export async function requestExport(
  { db, clock, queue }: Pick<AppDeps, 'db' | 'clock' | 'queue'>,
  userId: number,
  actorId: number,
): Promise<ExportRow> {
  const at = clock.now();
  return db.transaction(async (tx) => {
    if (await hasExportUnderWay(tx, userId)) throw new ApiError(409, 'privacy.export_running');
    const created = await insertExport(tx, userId, at);
    await queue.send(ACCOUNT_EXPORT, { exportId: created.id }, { tx });
    await writeAudit(tx, {
      actorId,
      action: 'export_requested',
      entity: 'account',
      entityId: userId,
      after: { export_id: created.id },
      at,
    });
    return created;
  });
}

/** A ready, unexpired export's archive (404 otherwise); the download is audited. */
export async function downloadExport(
  { db, clock }: Deps,
  userId: number,
  actorId: number,
  exportId: number,
): Promise<Uint8Array> {
  const row = await readyExport(db, exportId, userId);
  if (!row?.archive || (row.expires_at && row.expires_at <= clock.now())) throw new ApiError(404, 'not_found');
  await writeAudit(db, {
    actorId,
    action: 'export_downloaded',
    entity: 'account',
    entityId: userId,
    after: { export_id: exportId },
    at: clock.now(),
  });
  return row.archive;
}

/** Schedules the account's deletion after the grace period, once its password is confirmed; answers the date. */
export async function requestDeletion(
  { db, clock }: Deps,
  userId: number,
  actorId: number,
  password: string,
): Promise<Date> {
  if (!(await passwordMatches(db, userId, password))) throw unprocessable('privacy.wrong_password', 'password');
  const at = clock.now();
  const due = new Date(at.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
  await db.transaction(async (tx) => {
    await scheduleDeletion(tx, userId, at, due);
    await writeAudit(tx, {
      actorId,
      action: 'deletion_requested',
      entity: 'account',
      entityId: userId,
      after: { deletion_due_at: due.toISOString() },
      at,
    });
  });
  return due;
}

export async function cancelDeletion({ db, clock }: Deps, userId: number, actorId: number): Promise<void> {
  const at = clock.now();
  await db.transaction(async (tx) => {
    await clearDeletion(tx, userId);
    await writeAudit(tx, { actorId, action: 'deletion_cancelled', entity: 'account', entityId: userId, at });
  });
}
