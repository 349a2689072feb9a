import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import { MessageProperties, Type } from '../../http/contract';
import type { AppDeps } from '../../http/context';
import { say } from '../../http/respond';
import { sealGoogleApiKey } from '../../users/googleApiKeys';
import { clearGoogleApiKey, saveSealedGoogleApiKey } from './googleApiKey.repository';

/** What a Google API key looks like (Google Cloud console keys): AIza and 35 more URL-safe characters. */
const GOOGLE_API_KEY = '^AIza[0-9A-Za-z_-]{35}$';

/**
 * The user's own "Google API key" (spec user field): local searches use Google Places with it before
 * the platform's key (LeadQuery.credentials, searchJobs.ts). Stored sealed (users/googleApiKeys.ts) and write-only: `/api/me` says only whether
 * one is set (`has_google_api_key`). The account's key, so team members cannot change it (routeAccess).
 */
export function googleApiKeyRoutes(api: FastifyInstance, { db, clock, config }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const answer = Type.Object({ ...MessageProperties, has_google_api_key: Type.Boolean() });
  app.put(
    '/api/me/google-api-key',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Set your own Google API key (local searches use Google Places with it)',
        body: Type.Object(
          { google_api_key: Type.String({ pattern: GOOGLE_API_KEY }) },
          { additionalProperties: false },
        ),
        response: { 200: answer },
      },
    },
    async (request) => {
      // Sealed under APP_SECRET (users/googleApiKeys.ts).
      await saveSealedGoogleApiKey(
        db,
        currentUser(request).id,
        sealGoogleApiKey(config.appSecret, request.body.google_api_key),
        clock.now(),
      );
      return { ...say(request, 'leadSources.google_key_saved'), has_google_api_key: true };
    },
  );
  app.delete(
    '/api/me/google-api-key',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Remove your own Google API key (local searches go back to the platform’s sources)',
        response: { 200: answer },
      },
    },
    async (request) => {
      await clearGoogleApiKey(db, currentUser(request).id, clock.now());
      return { ...say(request, 'leadSources.google_key_removed'), has_google_api_key: false };
    },
  );
}
