import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { AppDeps } from '../../http/context';
import { MessageProperties, Type } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { emptyObjectSchema, objectSchema } from '../../http/schemas';
import { say } from '../../http/respond';
import { requestAccountId } from './account.routes';
import { idParamsSchema } from './account.schemas';
import { notFound } from './account.service';
import { insertProfile, profileOf, updateProfile } from './businessProfile.repository';
import { ProfileAnswer, type BusinessProfile, type ProfileInput } from './businessProfile.schemas';
import { isCompleted, normalise, REQUIRED_PROFILE_FIELDS } from './businessProfile.service';

const SavedProfile = Type.Object({ ...MessageProperties, ...ProfileAnswer.properties });

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
      return answer((await profileOf(db, accountId)) ?? null);
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
      const row = await insertProfile(db, accountId, p, now);
      if (!row) throw unprocessable('settings.profile_exists');
      reply.code(201);
      return { ...say(request, 'settings.profile_saved'), ...answer(row) };
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
      const row = await updateProfile(db, request.params.id, accountId, p, clock.now());
      if (!row) throw notFound();
      return { ...say(request, 'settings.profile_saved'), ...answer(row) };
    },
  );
}
