import type { Queryable } from '../../db';
import type { BusinessProfile } from '../settings/businessProfile.schemas';

export type ProfileFields = Pick<
  BusinessProfile,
  | 'business_name'
  | 'website'
  | 'industry'
  | 'description'
  | 'target_audience'
  | 'products_services'
  | 'unique_selling_points'
  | 'location'
> & {
  updated_at: Date | string;
};

/** The account's business profile (Settings' table, read only), or null. */
export async function loadProfile(db: Queryable, accountId: number): Promise<ProfileFields | null> {
  const { rows } = await db.query<ProfileFields>(
    `SELECT business_name, website, industry, description, target_audience, products_services, unique_selling_points, location, updated_at
       FROM settings_business_profiles WHERE user_id = $1`,
    [accountId],
  );
  return rows[0] ?? null;
}
