import type { Queryable } from '../../db';
import type { PageWindow } from '../../http/contract';
import { labelsOf } from './resultLabels.repository';
import { containing } from '../../db/like';

import { LABEL_COLORS } from '@leadsmith/shared/constants';

export { LABEL_COLORS };
/** Counts per label stop here (a bounded count on big accounts). */
export const LABEL_COUNT_CAP = 10_000;

export interface LabelRow {
  id: number;
  name: string;
  color: (typeof LABEL_COLORS)[number];
  result_count: number;
  created_at: Date | string;
}

/** Results of the account carrying the label name, counted up to the cap (index on result_labels (user_id, label)). */
const COUNT_SQL = (nameExpr: string, userExpr: string) =>
  `(SELECT count(*)::int FROM (SELECT 1 FROM result_labels k WHERE k.user_id = ${userExpr} AND k.label = ${nameExpr} LIMIT ${LABEL_COUNT_CAP}) x)`;

/** One label of the account with its (capped) result count. */
export async function findLabel(db: Queryable, userId: number, id: number): Promise<LabelRow | undefined> {
  return (
    await db.query<LabelRow>(
      `SELECT l.id, l.name, l.color, ${COUNT_SQL('l.name', 'l.user_id')} AS result_count, l.created_at FROM lead_labels l WHERE l.id = $1 AND l.user_id = $2`,
      [id, userId],
    )
  ).rows[0];
}

/** One page of the account's labels (by name), a name search optional, and how many match. */
export async function labelPage(
  db: Queryable,
  userId: number,
  { limit, offset, search }: PageWindow & { search?: string },
): Promise<{ rows: LabelRow[]; total: number }> {
  const params: (string | number)[] = [userId];
  let where = 'l.user_id = $1';
  if (search?.trim()) {
    params.push(containing(search.trim()));
    where += ` AND l.name ILIKE $${params.length}`;
  }
  // An account's labels are few: an exact count is cheap.
  const total =
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM lead_labels l WHERE ${where}`, params)).rows[0]?.n ??
    0;
  const rows = (
    await db.query<LabelRow>(
      `SELECT l.id, l.name, l.color, ${COUNT_SQL('l.name', 'l.user_id')} AS result_count, l.created_at FROM lead_labels l
          WHERE ${where} ORDER BY lower(l.name), l.id LIMIT ${limit} OFFSET ${offset}`,
      params,
    )
  ).rows;
  return { rows, total };
}

/** Adds a label to the account's catalogue; answers its id (a name taken without regard to case is a unique violation). */
export async function insertLabel(db: Queryable, userId: number, name: string, color: string): Promise<number> {
  return (
    await db.query<{ id: number }>('INSERT INTO lead_labels (user_id, name, color) VALUES ($1, $2, $3) RETURNING id', [
      userId,
      name,
      color,
    ])
  ).rows[0]!.id;
}

/** The label's current name, its row locked for the caller's transaction (undefined: not the account's). */
export async function lockLabelName(db: Queryable, userId: number, id: number): Promise<string | undefined> {
  return (
    await db.query<{ name: string }>('SELECT name FROM lead_labels WHERE id = $1 AND user_id = $2 FOR UPDATE', [
      id,
      userId,
    ])
  ).rows[0]?.name;
}

/** Sets the label's name and/or colour (null keeps the current one). */
export async function updateLabel(db: Queryable, id: number, name: string | null, color: string | null): Promise<void> {
  await db.query(
    'UPDATE lead_labels SET name = COALESCE($2, name), color = COALESCE($3, color), updated_at = now() WHERE id = $1',
    [id, name, color],
  );
}

/** Deletes the account's label; answers the name it had (undefined: not the account's). */
export async function deleteLabel(db: Queryable, userId: number, id: number): Promise<string | undefined> {
  return (
    await db.query<{ name: string }>('DELETE FROM lead_labels WHERE id = $1 AND user_id = $2 RETURNING name', [
      id,
      userId,
    ])
  ).rows[0]?.name;
}

/** A result carrying a label, with the list it is in. */
export interface LabelledResultRow {
  id: number;
  name: string;
  company: string | null;
  email: string | null;
  email_status: string;
  labels: string[];
  campaign_id: number;
  campaign_name: string;
  list_type: string;
}

/** One page of the account's results carrying the label name, across every list (newest first). */
export async function labelledResults(
  db: Queryable,
  userId: number,
  name: string,
  { limit, offset }: PageWindow,
): Promise<LabelledResultRow[]> {
  return (
    await db.query<LabelledResultRow>(
      `SELECT r.id::int AS id, r.name, r.company, r.email, r.email_status, ${labelsOf('r')} AS labels, c.id AS campaign_id, c.name AS campaign_name, c.list_type
             FROM result_labels k JOIN campaign_results r ON r.id = k.result_id JOIN campaigns c ON c.id = r.campaign_id
            WHERE k.user_id = $1 AND k.label = $2::text
            ORDER BY k.result_id DESC LIMIT ${limit} OFFSET ${offset}`,
      [userId, name],
    )
  ).rows;
}
