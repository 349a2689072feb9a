import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db';
import { ApiError, unprocessable } from '../../http/errors';
import { AiProviderError } from '../../providers/ai';
import { accountIdOf } from '../settings/account.repository';
import { requestAccountId } from '../settings/account.routes';
import { isCompleted, REQUIRED_PROFILE_FIELDS } from '../settings/businessProfile.service';
import { loadProfile, type ProfileFields } from './profile.repository';

export { pageQuerySchema, idParamsSchema, type PageQuery, type Paginated } from '../settings/account.schemas';

/** Every AI route: a signed-in user holding ai_suggest (spec §2). */
export const aiGuard = (api: FastifyInstance) => ({ onRequest: [api.requireAuth, api.requireModule('ai_suggest')] });

/**
 * The account whose business profile and training data the AI works on (a team member works on
 * the team owner's, as in Settings). AI rows are stored under the same account id.
 */
export const aiAccountId = (db: Queryable, request: FastifyRequest): Promise<number> => requestAccountId(db, request);
export { accountIdOf };

export const profileCompleted = (profile: ProfileFields | null): boolean => isCompleted(profile);

/** Spec §5: AI tools need a completed business profile. 422 `ai.profile_incomplete` otherwise. */
export async function requireCompletedProfile(db: Queryable, accountId: number): Promise<ProfileFields> {
  const profile = await loadProfile(db, accountId);
  if (!profile || !isCompleted(profile)) throw unprocessable('ai.profile_incomplete');
  return profile;
}

/** The profile as template variables. */
export function profileVariables(profile: ProfileFields): Record<string, string> {
  return {
    business_name: profile.business_name,
    website: profile.website,
    industry: profile.industry,
    description: profile.description,
    target_audience: profile.target_audience,
    products_services: profile.products_services,
    unique_selling_points: profile.unique_selling_points,
    location: profile.location,
  };
}

/** A provider failure as the API's answer: 502/503/504 with an `ai.provider_*` code (never a 500). */
export function providerFailure(error: unknown): ApiError {
  if (error instanceof AiProviderError) {
    return new ApiError(error.status, error.code, {
      ...(error.retryAfterSeconds !== undefined
        ? {
            extra: { retry_after_seconds: error.retryAfterSeconds },
            headers: { 'Retry-After': String(error.retryAfterSeconds) },
          }
        : {}),
    });
  }
  return new ApiError(502, 'ai.provider_unavailable');
}

export { REQUIRED_PROFILE_FIELDS };
