import type { Db } from '../db';
import { addSuppressions, emailSha256 } from '../modules/leadSearch/suppressions.repository';
import { writeAudit } from '../modules/admin/audit.repository';

/**
 * A person (a lead, not an account) asks to be erased by email address: every tenant's results with
 * that email go, and a platform-wide do-not-contact entry (issue 29's `suppressions`, account_id NULL)
 * keeps the address's SHA-256 — not the address — so no search stores it again (searchJobs' reveal
 * drops a record matching it before it is stored or charged). Audited without the address.
 */
export interface PersonErasure {
  email_sha256: string;
  results_removed: number;
  accounts: number;
}

/** SQL condition on a result row `r` still "looking": its pending email belongs to a person erased platform-wide. */
export const erasedPersonSql = (r: string): string =>
  `EXISTS (SELECT 1 FROM suppressions s WHERE s.account_id IS NULL AND s.kind IN ('email', 'email_sha256') AND s.value = ANY(suppression_keys(${r}.pending->>'email', NULL)))`;

export async function erasePerson(db: Db, email: string, actorId: number, at: Date): Promise<PersonErasure> {
  const address = email.trim().toLowerCase();
  const sha = emailSha256(address);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ campaign_id: number; user_id: number; n: number }>(
      `WITH gone AS (
         DELETE FROM campaign_results WHERE lower(btrim(email)) = $1 OR lower(btrim(pending->>'email')) = $1 RETURNING campaign_id, user_id
       )
       SELECT campaign_id, user_id, count(*)::int AS n FROM gone GROUP BY campaign_id, user_id`,
      [address],
    );
    for (const row of rows)
      await tx.query('UPDATE campaigns SET result_count = GREATEST(result_count - $2, 0) WHERE id = $1', [
        row.campaign_id,
        row.n,
      ]);
    await addSuppressions(tx, null, [{ kind: 'email_sha256', value: sha, reason: 'erased on request' }], {
      source: 'erasure',
      createdBy: actorId,
    });
    const erasure: PersonErasure = {
      email_sha256: sha,
      results_removed: rows.reduce((sum, r) => sum + r.n, 0),
      accounts: new Set(rows.map((r) => r.user_id)).size,
    };
    await writeAudit(tx, {
      actorId,
      action: 'person_erased',
      entity: 'person',
      entityId: 0,
      after: { ...erasure },
      at,
    });
    return erasure;
  });
}
