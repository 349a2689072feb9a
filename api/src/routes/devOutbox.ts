import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../http/context';
import { emailSchema, objectSchema } from '../http/schemas';
import { normaliseEmail } from '../users/users';

interface OutboxRow {
  id: number;
  to_email: string;
  subject: string;
  body_text: string;
  created_at: Date;
}

/**
 * GET /api/dev/outbox?email=… — only registered when DEV_MAILBOX=1, so it is
 * a plain 404 otherwise. End-to-end tests read confirmation/reset codes here.
 */
export function devOutboxRoutes(app: FastifyInstance, { db }: AppDeps): void {
  app.get<{ Querystring: { email: string } }>(
    '/api/dev/outbox',
    { schema: { querystring: objectSchema({ email: emailSchema }, ['email']) } },
    async (request) => {
      const { rows } = await db.query<OutboxRow>(
        'SELECT id, to_email, subject, body_text, created_at FROM outbound_emails WHERE to_email = $1 ORDER BY id DESC LIMIT 20',
        [normaliseEmail(request.query.email)],
      );
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
