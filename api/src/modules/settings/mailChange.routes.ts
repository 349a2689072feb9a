import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { Empty, Message, MessageProperties, Nullable, Type } from '../../http/contract';
import { codeSchema, emailSchema } from '../../http/schemas';
import { normaliseEmail } from '../../users/users';
import { say } from '../../http/respond';
import {
  confirmMailChange,
  livePendingChange,
  MAIL_CHANGE_RESEND_SECONDS,
  resendMailChange,
  startMailChange,
} from './mailChange.service';

const Pending = Type.Object({
  ...MessageProperties,
  pending_email: Type.String(),
  retry_after_seconds: Type.Integer(),
});

/**
 * Email change (spec §7: POST /api/mail-change, /resend, /confirm). The code
 * goes to the *new* address (proving it is theirs); the account's email only
 * changes on confirm. One pending change per user; codes are HMAC'd at rest.
 */
export function mailChangeRoutes(api: FastifyInstance, deps: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/mail-change',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'The email change waiting for its code, if any',
        querystring: Empty,
        response: {
          200: Type.Object({
            pending_email: Nullable(Type.String()),
            expires_at: Nullable(Type.String({ format: 'date-time' })),
          }),
        },
      },
    },
    async (request) => {
      const live = await livePendingChange(deps, currentUser(request).id);
      return { pending_email: live?.new_email ?? null, expires_at: live ? live.expires_at.toISOString() : null };
    },
  );

  app.post(
    '/api/mail-change',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Start changing your email: a code goes to the new address',
        body: Type.Object({ email: emailSchema }, { additionalProperties: false }),
        response: { 200: Pending },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const email = normaliseEmail(request.body.email);
      await startMailChange(deps, user, email);
      return {
        ...say(request, 'settings.mail_change.sent', { email }),
        pending_email: email,
        retry_after_seconds: MAIL_CHANGE_RESEND_SECONDS,
      };
    },
  );

  app.post(
    '/api/mail-change/resend',
    {
      onRequest: app.requireAuth,
      schema: { summary: 'Send the email change code again', body: Empty, response: { 200: Pending } },
    },
    async (request) => {
      const email = await resendMailChange(deps, currentUser(request).id);
      return {
        ...say(request, 'settings.mail_change.sent', { email }),
        pending_email: email,
        retry_after_seconds: MAIL_CHANGE_RESEND_SECONDS,
      };
    },
  );

  app.post(
    '/api/mail-change/confirm',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Confirm the new email with its code',
        body: Type.Object({ code: codeSchema }, { additionalProperties: false }),
        response: { 200: Message },
      },
    },
    async (request) => {
      await confirmMailChange(deps, currentUser(request).id, request.body.code);
      return say(request, 'settings.mail_change.done');
    },
  );
}
