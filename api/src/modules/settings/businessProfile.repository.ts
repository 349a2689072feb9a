import type { Queryable } from '../../db';
import type { BusinessProfile, ProfileInput } from './businessProfile.schemas';

const COLUMNS =
  'id, business_name, website, industry, description, target_audience, products_services, unique_selling_points, location, created_at, updated_at';

export async function profileOf(db: Queryable, accountId: number): Promise<BusinessProfile | undefined> {
  const { rows } = await db.query<BusinessProfile>(
    `SELECT ${COLUMNS} FROM settings_business_profiles WHERE user_id = $1`,
    [accountId],
  );
  return rows[0];
}

/** The account's first profile; undefined when it has one already. */
export async function insertProfile(
  db: Queryable,
  accountId: number,
  p: ProfileInput,
  now: Date,
): Promise<BusinessProfile | undefined> {
  const { rows } = await db.query<BusinessProfile>(
    `INSERT INTO settings_business_profiles (user_id, business_name, website, industry, description, target_audience, products_services, unique_selling_points, location, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
       ON CONFLICT (user_id) DO NOTHING
       RETURNING ${COLUMNS}`,
    [
      accountId,
      p.business_name,
      p.website,
      p.industry,
      p.description,
      p.target_audience,
      p.products_services,
      p.unique_selling_points,
      p.location,
      now,
    ],
  );
  return rows[0];
}

/** Undefined when the account has no profile of that id. */
export async function updateProfile(
  db: Queryable,
  id: number,
  accountId: number,
  p: ProfileInput,
  now: Date,
): Promise<BusinessProfile | undefined> {
  const { rows } = await db.query<BusinessProfile>(
    `UPDATE settings_business_profiles SET business_name = $3, website = $4, industry = $5, description = $6, target_audience = $7,
                products_services = $8, unique_selling_points = $9, location = $10, updated_at = $11
          WHERE id = $1 AND user_id = $2
          RETURNING ${COLUMNS}`,
    [
      id,
      accountId,
      p.business_name,
      p.website,
      p.industry,
      p.description,
      p.target_audience,
      p.products_services,
      p.unique_selling_points,
      p.location,
      now,
    ],
  );
  return rows[0];
}
