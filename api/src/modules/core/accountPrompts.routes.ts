import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import { Empty, MessageProperties, Type } from '../../http/contract';
import type { AppDeps } from '../../http/context';
import { ApiError, unprocessable } from '../../http/errors';
import { currentTermsVersion } from '../../users/users';
import { say } from '../../http/respond';
import { acceptTerms, disableCreditPopup } from './accountPrompts.repository';

/**
 * What the shell asks a user once signed in (spec §7): the terms of service, at the first sign-in and
 * again when the terms version changes; and the credit pop-up, until "don't show again".
 */
export function accountPromptRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/accept-terms',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Accept the terms of service in force',
        body: Type.Object(
          {
            version: Type.String({
              minLength: 1,
              maxLength: 40,
              description: "The version shown (the user's terms_version).",
            }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ ...MessageProperties, terms_accepted_version: Type.String() }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // An admin signed in as the user cannot accept terms in the user's name.
      if (user.impersonatorId !== null) throw new ApiError(403, 'forbidden');
      const version = currentTermsVersion();
      // Accepting what was shown: terms published meanwhile must be shown first.
      if (request.body.version !== version) throw unprocessable('terms_version_changed', 'version', { version });
      await acceptTerms(db, user.id, version, clock.now());
      return { ...say(request, 'terms_accepted'), terms_accepted_version: version };
    },
  );

  app.post(
    '/api/disable-credit-popup',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Stop showing the credit pop-up ("don\'t show again")',
        body: Empty,
        response: { 200: Type.Object({ ...MessageProperties, credit_popup_disabled: Type.Boolean() }) },
      },
    },
    async (request) => {
      await disableCreditPopup(db, currentUser(request).id, clock.now());
      return { ...say(request, 'credit_popup_disabled'), credit_popup_disabled: true };
    },
  );
}
