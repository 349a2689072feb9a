import type { Queryable } from '../../db';
import type { PageWindow } from '../../http/contract';

/** A row of whitelabel_partners as the partner routes answer it. */
export interface PartnerRow {
  id: number;
  name: string;
  email: string | null;
  company: string | null;
  referral_code: string;
  commission_percent: number;
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

/** What a partner form writes, cleaned. */
export interface PartnerValues {
  name: string;
  email: string | null;
  company: string | null;
  referral_code: string;
  commission_percent: number;
  active: boolean;
}

const COLUMNS = 'id, name, email, company, referral_code, commission_percent, active, created_at, updated_at';

const valuesOf = (v: PartnerValues) => [v.name, v.email, v.company, v.referral_code, v.commission_percent, v.active];

export async function listPartners(
  q: Queryable,
  ownerId: number,
  { limit, offset }: PageWindow,
): Promise<PartnerRow[]> {
  const { rows } = await q.query<PartnerRow>(
    `SELECT ${COLUMNS} FROM whitelabel_partners WHERE owner_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [ownerId, limit, offset],
  );
  return rows;
}

export async function countPartners(q: Queryable, ownerId: number): Promise<number> {
  const count = await q.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM whitelabel_partners WHERE owner_id = $1',
    [ownerId],
  );
  return count.rows[0]?.total ?? 0;
}

export async function partnerOf(q: Queryable, id: number, ownerId: number): Promise<PartnerRow | null> {
  const { rows } = await q.query<PartnerRow>(
    `SELECT ${COLUMNS} FROM whitelabel_partners WHERE id = $1 AND owner_id = $2`,
    [id, ownerId],
  );
  return rows[0] ?? null;
}

/** Throws the database's unique violation (23505) when the referral code is taken. */
export async function insertPartner(q: Queryable, ownerId: number, v: PartnerValues, now: Date): Promise<PartnerRow> {
  const { rows } = await q.query<PartnerRow>(
    `INSERT INTO whitelabel_partners (owner_id, name, email, company, referral_code, commission_percent, active, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING ${COLUMNS}`,
    [ownerId, ...valuesOf(v), now],
  );
  return rows[0]!;
}

/** Null when the partner is not the owner's; throws the unique violation (23505) when the referral code is taken. */
export async function updatePartner(
  q: Queryable,
  id: number,
  ownerId: number,
  v: PartnerValues,
  now: Date,
): Promise<PartnerRow | null> {
  const { rows } = await q.query<PartnerRow>(
    `UPDATE whitelabel_partners SET name = $3, email = $4, company = $5, referral_code = $6, commission_percent = $7, active = $8, updated_at = $9
          WHERE id = $1 AND owner_id = $2 RETURNING ${COLUMNS}`,
    [id, ownerId, ...valuesOf(v), now],
  );
  return rows[0] ?? null;
}

/** Whether a partner of the owner was deleted. */
export async function deletePartner(q: Queryable, id: number, ownerId: number): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM whitelabel_partners WHERE id = $1 AND owner_id = $2', [id, ownerId]);
  return rowCount !== 0;
}
