import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { validationError } from '../../http/errors';
import { Message, Type } from '../../http/contract';
import { anyPasswordSchema, passwordSchema } from '../../http/schemas';
import { say } from '../../http/respond';
import { changePassword } from './password.service';

/**
 * PUT /api/user-password (profile-settings/password): current + new + confirmation.
 * Signs out every other session; the one making the change stays signed in.
 */
export function passwordRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.put(
    '/api/user-password',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Change your password (signs out your other sessions)',
        response: { 200: Message },
        body: Type.Object(
          { current_password: anyPasswordSchema, password: passwordSchema, password_confirmation: anyPasswordSchema },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      if (body.password !== body.password_confirmation)
        throw validationError({ field: 'password_confirmation', code: 'validation.passwords_match' });
      await changePassword({ db, clock }, user, body.current_password, body.password);
      return say(request, 'settings.password_changed');
    },
  );
}
