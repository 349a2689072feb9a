import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Empty, MessageProperties, Type } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { say } from '../../http/respond';
import { requestAccountId } from './account.routes';
import { idParamsSchema } from './account.schemas';
import { notFound } from './account.service';
import { insertProfile, profileOf, updateProfile } from './businessProfile.repository';
import { ProfileAnswer, ProfileBody, type BusinessProfile } from './businessProfile.schemas';
import { isCompleted, normalise } from './businessProfile.service';

const SavedProfile = Type.Object({ ...MessageProperties, ...ProfileAnswer.properties });

export function businessProfileRoutes(
  api: FastifyInstance,
  { db, clock }: AppDeps,
  auth: onRequestAsyncHookHandler,
): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const answer = (profile: BusinessProfile | null) => ({ data: profile, profile_completed: isCompleted(profile) });

  app.get(
    '/api/business-details/data',
    {
      onRequest: auth,
      schema: { summary: 'The business profile', querystring: Empty, response: { 200: ProfileAnswer } },
    },
    async (request) => {
      const accountId = await requestAccountId(db, request);
      return answer((await profileOf(db, accountId)) ?? null);
    },
  );

  app.post(
    '/api/business-details/data',
    {
      onRequest: auth,
      schema: { summary: 'Create the business profile', body: ProfileBody, response: { 201: SavedProfile } },
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

  app.put(
    '/api/business-details/data/:id',
    {
      onRequest: auth,
      schema: {
        summary: 'Change the business profile',
        params: idParamsSchema,
        body: ProfileBody,
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
