/** The SQL of the account's ideal customer profiles (ai_icp_suggestions). */
import type { Queryable } from '../../db';
import type { IcpDraft, IcpSuggestion } from './icp.schemas';
import type { PageWindow } from '../../http/contract';

const SUGGESTION_COLUMNS =
  'id, position, title, description, search_type, location, filters, provider, language, created_at';

/** One page of the account's suggestions, in their order, and how many there are. */
export async function listSuggestions(
  db: Queryable,
  accountId: number,
  { limit, offset }: PageWindow,
): Promise<{ rows: IcpSuggestion[]; total: number }> {
  const { rows } = await db.query<IcpSuggestion>(
    `SELECT ${SUGGESTION_COLUMNS} FROM ai_icp_suggestions WHERE user_id = $1 ORDER BY position, id LIMIT $2 OFFSET $3`,
    [accountId, limit, offset],
  );
  const total = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM ai_icp_suggestions WHERE user_id = $1',
    [accountId],
  );
  return { rows, total: total.rows[0]?.total ?? 0 };
}

/** Replaces the account's suggestions with `drafts` (positions from 1); answers them as stored. */
export async function replaceSuggestions(
  tx: Queryable,
  accountId: number,
  drafts: readonly IcpDraft[],
  { provider, language, now }: { provider: string; language: string; now: Date },
): Promise<IcpSuggestion[]> {
  await tx.query('DELETE FROM ai_icp_suggestions WHERE user_id = $1', [accountId]);
  const saved: IcpSuggestion[] = [];
  for (const [i, d] of drafts.entries()) {
    const inserted = await tx.query<IcpSuggestion>(
      `INSERT INTO ai_icp_suggestions (user_id, position, title, description, search_type, location, filters, provider, language, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10) RETURNING ${SUGGESTION_COLUMNS}`,
      [
        accountId,
        i + 1,
        d.title,
        d.description,
        d.search_type,
        d.location,
        JSON.stringify(d.filters),
        provider,
        language,
        now,
      ],
    );
    saved.push(inserted.rows[0]!);
  }
  return saved;
}
