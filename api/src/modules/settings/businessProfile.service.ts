import type { Queryable } from '../../db';
import { validationError } from '../../http/errors';
import { accountIdOf } from './account.repository';
import { profileOf } from './businessProfile.repository';
import type { BusinessProfile, ProfileBody, ProfileInput } from './businessProfile.schemas';

/** Fields a profile needs before it counts as completed (spec §5: AI tools, AI data generation, sales settings). */
export const REQUIRED_PROFILE_FIELDS = [
  'business_name',
  'industry',
  'description',
  'target_audience',
  'products_services',
] as const;

export function isCompleted(
  profile: Pick<BusinessProfile, (typeof REQUIRED_PROFILE_FIELDS)[number]> | null | undefined,
): boolean {
  return Boolean(profile && REQUIRED_PROFILE_FIELDS.every((f) => profile[f].trim() !== ''));
}

/**
 * For other areas: has this user's account (the team owner's, for a team member)
 * completed its business profile? AI tools, AI data generation and sales settings
 * call this before they run (spec §5). Usage:
 *
 *   import { isBusinessProfileCompleted } from '../../modules/settings/businessProfile.service';
 *   if (!(await isBusinessProfileCompleted(deps.db, currentUser(request).id))) throw unprocessable('…');
 */
export async function isBusinessProfileCompleted(db: Queryable, userId: number): Promise<boolean> {
  const accountId = await accountIdOf(db, userId);
  return isCompleted(await profileOf(db, accountId));
}

/** The profile as stored: trimmed, the website an http(s) address or empty. */
export function normalise(body: ProfileBody): ProfileInput {
  const website = (body.website ?? '').trim();
  if (website && !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(website))
    throw validationError({ field: 'website', code: 'validation.url' });
  return {
    business_name: body.business_name.trim(),
    website,
    industry: body.industry.trim(),
    description: body.description.trim(),
    target_audience: body.target_audience.trim(),
    products_services: body.products_services.trim(),
    unique_selling_points: (body.unique_selling_points ?? '').trim(),
    location: (body.location ?? '').trim(),
  };
}
