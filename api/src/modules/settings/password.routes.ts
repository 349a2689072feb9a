import type { FastifyInstance } from 'fastify';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { unprocessable, validationError } from '../../http/errors';
import { Message } from '../../http/contract';
import { anyPasswordSchema, objectSchema, passwordSchema } from '../../http/schemas';
import { say } from '../../routes/respond';

interface PasswordBody {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/**
 * PUT /api/user-password (profile-settings/password): current + new + confirmation.
 * Signs out every other session; the one making the change stays signed in.
 */
export function passwordRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  app.put<{ Body: PasswordBody }>(
    '/api/user-password',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Change your password (signs out your other sessions)',
        response: { 200: Message },
        body: objectSchema(
          { current_password: anyPasswordSchema, password: passwordSchema, password_confirmation: anyPasswordSchema },
          ['current_password', 'password', 'password_confirmation'],
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      if (body.password !== body.password_confirmation)
        throw validationError({ field: 'password_confirmation', code: 'validation.passwords_match' });
      const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
        user.id,
      ]);
      if (!rows[0] || !(await verifyPassword(body.current_password, rows[0].password_hash)))
        throw unprocessable('settings.wrong_password', 'current_password');
      const hash = await hashPassword(body.password);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [user.id, hash, now]);
        await tx.query(
          'UPDATE auth_tokens SET revoked_at = $3 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL',
          [user.id, user.tokenId, now],
        );
      });
      return say(request, 'settings.password_changed');
    },
  );
}
