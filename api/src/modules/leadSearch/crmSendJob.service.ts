/**
 * CRM sends: a send job's rows and their pushes, batch by batch, which the `crm-send` worker
 * (api/src/workers/crmSend.ts) carries out. crmSend.service.ts queues the sends (queueCrmSend).
 */
import type { Db } from '../../db';
import { claimEffects, settleEffects } from '../../effects/externalEffects';
import {
  contactFromResult,
  crmAdapter,
  crmConnectionOwner,
  loadCrmConnection,
  loadFieldMappings,
  pushContacts,
  saveCrmTokens,
  serializedRefresh,
  type CrmErrorCode,
  type PushOutcome,
} from '../../providers/crm';
import {
  addAutopilotRunCrmCounts,
  addCrmSendJobCounts,
  crmSendingRows,
  crmSendJobHasSending,
  findRunningCrmSendJob,
  finishCrmSendJob,
  markCrmRestUnsent,
  markCrmSent,
  markCrmUnsent,
  type JobRow,
} from './crmSend.repository';
import { suppressedAmong, suppressionDetail, type SuppressedBy } from './suppressions.repository';

/** Most results one send queues (a bounded background job; send the rest with another). */
export const CRM_SEND_MAX_ROWS = 5000;
/** Results pushed per worker step and job (one CRM request each, or one request for a webhook CRM). */
export const CRM_SEND_BATCH = 25;
/** Errors that say the connection itself is unusable: the rest of the job fails at once with the same reason. */
const FATAL: ReadonlySet<CrmErrorCode> = new Set(['auth_failed', 'not_connected', 'not_configured', 'address_refused']);

/** Records a batch's outcomes in one transaction: results, the job's counters, and the autopilot run's when it has one. */
async function record(
  db: Db,
  job: JobRow,
  ids: number[],
  outcomes: PushOutcome[],
  now: Date,
  failRest: { code: CrmErrorCode; detail: string | null } | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await settleEffects(
      tx,
      ids.map((id, i) => {
        const o = outcomes[i];
        return {
          key: pushKey(job.id, id),
          ok: Boolean(o?.ok),
          outcome: o && !o.ok ? { code: o.code, detail: o.detail?.slice(0, 300) ?? null } : undefined,
        };
      }),
    );
    const sentIds = ids.filter((_, i) => outcomes[i]?.ok);
    let sent = 0;
    let unsent = 0;
    if (sentIds.length) sent = await markCrmSent(tx, job.id, sentIds);
    // One UPDATE per distinct error (a batch usually fails for one reason).
    const failed = new Map<string, { code: CrmErrorCode; detail: string | null; ids: number[] }>();
    ids.forEach((id, i) => {
      const o = outcomes[i];
      if (!o || o.ok) return;
      const key = `${o.code}\n${o.detail ?? ''}`;
      const group = failed.get(key) ?? { code: o.code, detail: o.detail, ids: [] };
      group.ids.push(id);
      failed.set(key, group);
    });
    for (const g of failed.values()) {
      unsent += await markCrmUnsent(tx, job.id, g.ids, g.code, g.detail?.slice(0, 300) ?? null);
    }
    if (failRest) {
      unsent += await markCrmRestUnsent(tx, job.id, failRest.code, failRest.detail?.slice(0, 300) ?? null);
    }
    await addCrmSendJobCounts(tx, job.id, sent, unsent);
    if (job.autopilot_run_id) await addAutopilotRunCrmCounts(tx, job.autopilot_run_id, sent, unsent);
    if (!(await crmSendJobHasSending(tx, job.id))) await finishCrmSendJob(tx, job.id, now);
  });
}

/**
 * One step of one send job: the next batch of its "sending" results goes to the CRM (no
 * transaction is held during the call), then each result becomes sent, or unsent with the CRM's
 * error. A dead connection (refused credentials, disconnected CRM) fails the rest of the job at once.
 * Returns whether the job still has results to send.
 */
export async function stepCrmSendJob(db: Db, appSecret: string, jobId: number, now: () => Date): Promise<boolean> {
  const job = await findRunningCrmSendJob(db, jobId);
  if (!job) return false;
  let rows = await crmSendingRows(db, job.id, CRM_SEND_BATCH);
  if (!rows.length) {
    await record(db, job, [], [], now(), null);
    return false;
  }
  // Each row's push is recorded before the call: a row another worker is pushing right now (or one a
  // dead worker left, until its lease ends) is not pushed again.
  const owned = await claimEffects(
    db,
    'crm_push',
    rows.map((r) => pushKey(job.id, r.id)),
  );
  if (!owned.size) throw new Error(`CRM send ${job.id}: its next rows are being pushed by another worker`);
  rows = rows.filter((r) => owned.has(pushKey(job.id, r.id)));
  const ids = rows.map((r) => r.id);
  // Rows on the do-not-contact list (checked now, not when queued: an entry added meanwhile counts) are refused with the reason.
  const suppressed = await suppressedAmong(db, ids);
  const refused = (by: SuppressedBy): PushOutcome => ({ ok: false, code: 'suppressed', detail: suppressionDetail(by) });
  const pushRows = rows.filter((r) => !suppressed.has(r.id));
  // The account's own connection, else the one its parent shares (ADR 053), decided per batch: a parent
  // that stops sharing stops the rest of the send (not_connected).
  const owner = await crmConnectionOwner(db, job.account_id, job.provider);
  const connection = owner === null ? null : await loadCrmConnection(db, owner, job.provider, appSecret);
  let pushed: PushOutcome[];
  if (!pushRows.length) {
    pushed = [];
  } else if (!connection || owner === null) {
    pushed = pushRows.map(() => ({ ok: false, code: 'not_connected', detail: null }));
  } else {
    // The field mapping goes with the connection: the CRM's fields are its owner's.
    const mappings = await loadFieldMappings(db, owner, job.provider);
    const contacts = pushRows.map((r) => contactFromResult(r, r.list_type, r.list_name));
    pushed = await pushContacts(connection, contacts, mappings, {
      onTokens: (tokens) => saveCrmTokens(db, owner, job.provider, tokens, appSecret),
      // One refresh at a time per connection, across workers: GoHighLevel and Keap rotate refresh tokens.
      refreshTokens: serializedRefresh(db, owner, job.provider, appSecret, (tokens) =>
        crmAdapter(job.provider).refresh(tokens),
      ),
    });
  }
  const byId = new Map(pushRows.map((r, i) => [r.id, pushed[i]!]));
  const outcomes = rows.map((r) => byId.get(r.id) ?? refused(suppressed.get(r.id)!));
  const fatal = outcomes.find((o): o is Extract<PushOutcome, { ok: false }> => !o.ok && FATAL.has(o.code));
  await record(db, job, ids, outcomes, now(), fatal ? { code: fatal.code, detail: fatal.detail } : null);
  return !fatal;
}

/** The idempotency key of one result's push in one send job. */
const pushKey = (jobId: number, resultId: number) => `crm:${jobId}:${resultId}`;
