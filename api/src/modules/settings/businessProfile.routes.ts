import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Queryable } from '../../db';
import type { AppDeps } from '../../http/context';
import { MessageProperties, Nullable, Timestamp, Type, type Static } from '../../http/contract';
import { unprocessable, validationError } from '../../http/errors';
import { emptyObjectSchema, objectSchema } from '../../http/schemas';
import { say } from '../../routes/respond';
import { accountIdOf, idParamsSchema, notFound, requestAccountId } from './account.schemas';

/** The business profile (spec §3 "business details data"): what AI tools and sales pages are built from. */
export const BusinessProfileSchema = Type.Object({
  id: Type.Integer(),
  business_name: Type.String(),
  website: Type.String(),
  industry: Type.String(),
  description: Type.String(),
  target_audience: Type.String(),
  products_services: Type.String(),
  unique_selling_points: Type.String(),
  location: Type.String(),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
export type BusinessProfile = Static<typeof BusinessProfileSchema>;
/** The profile (null before one is saved) and whether it is complete enough for the AI tools (spec §5). */
const ProfileAnswer = Type.Object({ data: Nullable(BusinessProfileSchema), profile_completed: Type.Boolean() });
const SavedProfile = Type.Object({ ...MessageProperties, ...ProfileAnswer.properties });

type ProfileInput = Omit<BusinessProfile, 'id' | 'created_at' | 'updated_at'>;

/** Fields a profile needs before it counts as completed (spec §5: AI tools, AI data generation, sales settings). */
export const REQUIRED_PROFILE_FIELDS = [
  'business_name',
  'industry',
  'description',
  'target_audience',
  'products_services',
] as const;

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const requiredText = (max: number) => ({ type: 'string', minLength: 1, maxLength: max, pattern: '\\S' }) as const;

const profileBody = objectSchema(
  {
    business_name: requiredText(200),
    website: text(2000),
    industry: requiredText(200),
    description: requiredText(5000),
    target_audience: requiredText(2000),
    products_services: requiredText(5000),
    unique_selling_points: text(5000),
    location: text(300),
  },
  REQUIRED_PROFILE_FIELDS,
);

const COLUMNS =
  'id, business_name, website, industry, description, target_audience, products_services, unique_selling_points, location, created_at, updated_at';

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
 *   import { isBusinessProfileCompleted } from '../settings/businessProfile';
 *   if (!(await isBusinessProfileCompleted(deps.db, currentUser(request).id))) throw unprocessable('…');
 */
export async function isBusinessProfileCompleted(db: Queryable, userId: number): Promise<boolean> {
  const accountId = await accountIdOf(db, userId);
  const { rows } = await db.query<BusinessProfile>(
    `SELECT ${COLUMNS} FROM settings_business_profiles WHERE user_id = $1`,
    [accountId],
  );
  return isCompleted(rows[0]);
}

function normalise(body: ProfileInput): ProfileInput {
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

export function businessProfileRoutes(
  app: FastifyInstance,
  { db, clock }: AppDeps,
  auth: onRequestAsyncHookHandler,
): void {
  const answer = (profile: BusinessProfile | null) => ({ data: profile, profile_completed: isCompleted(profile) });

  app.get(
    '/api/business-details/data',
    {
      onRequest: auth,
      schema: { summary: 'The business profile', querystring: emptyObjectSchema, response: { 200: ProfileAnswer } },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const { rows } = await db.query<BusinessProfile>(
        `SELECT ${COLUMNS} FROM settings_business_profiles WHERE user_id = $1`,
        [accountId],
      );
      return answer(rows[0] ?? null);
    },
  );

  app.post<{ Body: ProfileInput }>(
    '/api/business-details/data',
    {
      onRequest: auth,
      schema: { summary: 'Create the business profile', body: profileBody, response: { 201: SavedProfile } },
    },
    async (request, reply) => {
      const accountId = await requestAccountId(db, request);
      const p = normalise(request.body);
      const now = clock.now();
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
      if (!rows[0]) throw unprocessable('settings.profile_exists');
      reply.code(201);
      return { ...say(request, 'settings.profile_saved'), ...answer(rows[0]) };
    },
  );

  app.put<{ Body: ProfileInput; Params: { id: number } }>(
    '/api/business-details/data/:id',
    {
      onRequest: auth,
      schema: {
        summary: 'Change the business profile',
        params: idParamsSchema,
        body: profileBody,
        response: { 200: SavedProfile },
      },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      const p = normalise(request.body);
      const { rows } = await db.query<BusinessProfile>(
        `UPDATE settings_business_profiles SET business_name = $3, website = $4, industry = $5, description = $6, target_audience = $7,
                products_services = $8, unique_selling_points = $9, location = $10, updated_at = $11
          WHERE id = $1 AND user_id = $2
          RETURNING ${COLUMNS}`,
        [
          request.params.id,
          accountId,
          p.business_name,
          p.website,
          p.industry,
          p.description,
          p.target_audience,
          p.products_services,
          p.unique_selling_points,
          p.location,
          clock.now(),
        ],
      );
      if (!rows[0]) throw notFound();
      return { ...say(request, 'settings.profile_saved'), ...answer(rows[0]) };
    },
  );
}
