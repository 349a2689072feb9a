import type { FastifyInstance } from 'fastify';
import { currentUser } from '../http/auth';
import type { AppDeps } from '../http/context';
import { unauthenticated } from '../http/errors';
import { emptyObjectSchema, langSchema, nameSchema, objectSchema } from '../http/schemas';
import type { Language } from '../i18n/messages';
import { loadUserDto } from '../users/users';
import { say } from './respond';

interface UpdateMeBody {
  first_name?: string;
  last_name?: string;
  lang?: Language;
}

export function meRoutes(app: FastifyInstance, { db, clock, config }: AppDeps): void {
  async function me(userId: number) {
    const user = await loadUserDto(db, userId, config.chatWidgetSecret);
    // Deleted between token check and load: treat as signed out.
    if (!user) throw unauthenticated();
    return user;
  }

  app.get('/api/me', { onRequest: app.requireAuth, schema: { querystring: emptyObjectSchema } }, async (request) => me(currentUser(request).id));

  app.post<{ Body: UpdateMeBody }>(
    '/api/me',
    { onRequest: app.requireAuth, schema: { body: objectSchema({ first_name: nameSchema, last_name: nameSchema, lang: langSchema }) } },
    async (request) => {
      const { id } = currentUser(request);
      const body = request.body;
      // COALESCE keeps what was not sent; one statement, so no partial write.
      await db.query(
        `UPDATE users SET first_name = COALESCE($2, first_name), last_name = COALESCE($3, last_name),
                          lang = COALESCE($4, lang), updated_at = $5
          WHERE id = $1`,
        [id, body.first_name?.trim() ?? null, body.last_name?.trim() ?? null, body.lang ?? null, clock.now()],
      );
      return { ...say(request, 'profile_updated'), user: await me(id) };
    },
  );
}
