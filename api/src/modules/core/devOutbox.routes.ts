import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { LiteralUnion, Timestamp, Type } from '../../http/contract';
import { emailSchema } from '../../http/schemas';
import { EMAIL_KINDS } from '../../mail/emailKinds';
import { normaliseEmail } from '../../users/users';
import { lastEmailsTo } from './devOutbox.repository';

const DevOutbox = Type.Object({
  emails: Type.Array(
    Type.Object({
      id: Type.Integer(),
      to_email: Type.String(),
      subject: Type.String(),
      body_text: Type.String(),
      body_html: Type.Union([Type.String(), Type.Null()]),
      kind: Type.Union([Type.String(), Type.Null()]),
      from_name: Type.Union([Type.String(), Type.Null()]),
      reply_to: Type.Union([Type.String(), Type.Null()]),
      created_at: Timestamp(),
      code: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});

/**
 * GET /api/dev/outbox?email=…[&kind=…] — only registered when DEV_MAILBOX=1, so it is
 * a plain 404 otherwise. End-to-end tests read confirmation/reset codes here; `kind` picks one
 * kind of email, so a test on a shared account is not pushed out of the last 20 by other tests' mail.
 */
export function devOutboxRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        summary: 'Development only: the last emails sent to an address',
        querystring: Type.Object(
          { email: emailSchema, kind: Type.Optional(LiteralUnion(EMAIL_KINDS)) },
          { additionalProperties: false },
        ),
        response: { 200: DevOutbox },
      },
    },
    async (request) => {
      const rows = await lastEmailsTo(db, normaliseEmail(request.query.email), request.query.kind ?? null);
      return {
        emails: rows.map((row) => ({
          ...row,
          created_at: row.created_at.toISOString(),
          // The 6-digit code in the text, for convenience.
          code: /\b(\d{6})\b/.exec(row.body_text)?.[1] ?? null,
        })),
      };
    },
  );
}
