import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { unauthenticated } from '../../http/errors';
import { Empty, MessageProperties, Type } from '../../http/contract';
import { langSchema, nameSchema } from '../../http/schemas';
import type { Language } from '../../i18n/messages';
import { loadUserDto, UserSchema } from '../../users/users';
import { say } from '../../http/respond';
import { updateProfile } from './me.repository';

export function meRoutes(api: FastifyInstance, { db, clock, config }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  async function me(userId: number) {
    const user = await loadUserDto(db, userId, config.chatWidgetSecret, clock.now());
    // Deleted between token check and load: treat as signed out.
    if (!user) throw unauthenticated();
    return user;
  }

  app.get(
    '/api/me',
    {
      onRequest: app.requireAuth,
      schema: { summary: 'The signed-in user', querystring: Empty, response: { 200: UserSchema } },
    },
    async (request) => me(currentUser(request).id),
  );

  app.post(
    '/api/me',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Update your name or language',
        body: Type.Object(
          {
            first_name: Type.Optional(Type.Unsafe<string>(nameSchema)),
            last_name: Type.Optional(Type.Unsafe<string>(nameSchema)),
            lang: Type.Optional(Type.Unsafe<Language>(langSchema)),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ ...MessageProperties, user: UserSchema }) },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const body = request.body;
      await updateProfile(
        db,
        id,
        {
          firstName: body.first_name?.trim() ?? null,
          lastName: body.last_name?.trim() ?? null,
          lang: body.lang ?? null,
        },
        clock.now(),
      );
      return { ...say(request, 'profile_updated'), user: await me(id) };
    },
  );
}
