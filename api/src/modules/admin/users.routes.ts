import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { Defaulted, MessageProperties, Page, pageOf, StringEnum, Type } from '../../http/contract';
import type { MessageCode } from '../../i18n/messages';
import { loadUserDto, MODULE_SLUGS, UserSchema } from '../../users/users';
import { say } from '../../http/respond';
import { adminOnly, idParamsSchema, notFound, pageQueryProperties } from './common';
import { listAdminUsers, loadAdminUser } from './users.repository';
import {
  AdminUserSchema,
  LAST_LOGIN_BUCKETS,
  USER_TYPES,
  UserCreateBody,
  UserEditBody,
  type AdminUserDto,
} from './users.schemas';
import {
  createUser,
  deleteUser,
  impersonate,
  removeAdditionalRequests,
  resetLimits,
  restoreUser,
  updateUser,
} from './users.service';

/** The user list's status filter: live users by default. */
const USER_STATUSES = ['active', 'deleted', 'all'] as const;

/** The answer of every change to a user: the toast and the user as it is now. */
const SavedUser = Type.Object({ ...MessageProperties, user: AdminUserSchema });

export function adminUserRoutes(api: FastifyInstance, { db, clock, config }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = adminOnly(api);
  const userSchema = (summary: string) => ({ summary, params: idParamsSchema, response: { 200: SavedUser } });

  app.get(
    '/api/admin/users',
    {
      ...guard,
      schema: {
        summary: 'List users (search, filters, paginated)',
        querystring: Type.Object(
          {
            ...pageQueryProperties,
            search: Type.Optional(Type.String({ maxLength: 100 })),
            status: Defaulted(
              Type.Unsafe<(typeof USER_STATUSES)[number]>({
                type: 'string',
                enum: [...USER_STATUSES],
                default: 'active',
              }),
            ),
            user_type: Type.Optional(StringEnum(USER_TYPES)),
            module: Type.Optional(StringEnum(MODULE_SLUGS)),
            last_login: Type.Optional(StringEnum(LAST_LOGIN_BUCKETS)),
          },
          { additionalProperties: false },
        ),
        response: { 200: Page(AdminUserSchema) },
      },
    },
    async (request) => {
      const { rows, total } = await listAdminUsers(db, request.query, clock.now());
      return pageOf(rows, request.query, total);
    },
  );

  app.get(
    '/api/admin/users/:id',
    { ...guard, schema: { summary: 'One user', params: idParamsSchema, response: { 200: AdminUserSchema } } },
    async (request) => {
      const user = await loadAdminUser(db, request.params.id);
      if (!user) throw notFound();
      return user;
    },
  );

  app.post(
    '/api/admin/users',
    {
      ...guard,
      schema: {
        summary: 'Create a user (audited)',
        body: UserCreateBody,
        response: { 201: SavedUser },
      },
    },
    async (request, reply) => {
      const user = await createUser(db, clock, currentUser(request).id, request.body);
      reply.code(201);
      return { ...say(request, 'admin.user_created'), user };
    },
  );

  app.put(
    '/api/admin/users/:id',
    {
      ...guard,
      schema: {
        ...userSchema('Change a user (audited)'),
        body: UserEditBody,
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const user = await updateUser(db, clock, { userId: request.params.id, actorId: actor.id }, request.body);
      return { ...say(request, 'admin.user_updated'), user };
    },
  );

  /** A one-click action: the route, the service's change, and the toast it answers with. */
  const action = (
    method: 'post' | 'delete',
    url: string,
    summary: string,
    done: MessageCode,
    change: (db: Db, ctx: { userId: number; actorId: number; now: Date }) => Promise<AdminUserDto>,
  ) =>
    app[method](url, { ...guard, schema: userSchema(summary) }, async (request) => {
      const actor = currentUser(request);
      const now = clock.now();
      const user = await change(db, { userId: request.params.id, actorId: actor.id, now });
      return { ...say(request, done), user };
    });

  action(
    'delete',
    '/api/admin/users/:id',
    'Delete a user (soft: restorable; tokens and API keys revoked)',
    'admin.user_deleted',
    deleteUser,
  );
  action('post', '/api/admin/users/:id/restore', 'Restore a deleted user', 'admin.user_restored', restoreUser);
  action(
    'post',
    '/api/admin/users/:id/reset-limits',
    "Start the user's month of searches over",
    'admin.limits_reset',
    resetLimits,
  );
  action(
    'post',
    '/api/admin/users/:id/remove-additional-requests',
    "Remove the user's additional searches",
    'admin.additional_requests_removed',
    removeAdditionalRequests,
  );

  /**
   * Log in as the user: a token of theirs, audited. The admin's own token stays valid;
   * the client keeps it (archived_user) and goes back to it by logging the user's token out.
   */
  app.post(
    '/api/admin/users/:id/impersonate',
    {
      ...guard,
      schema: {
        summary: 'Sign in as the user for an hour (audited)',
        params: idParamsSchema,
        response: {
          200: Type.Object({
            ...MessageProperties,
            token: Type.String(),
            token_type: Type.Literal('Bearer'),
            expires_at: Type.String({ format: 'date-time' }),
            user: UserSchema,
          }),
        },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      // The admin really acting: an impersonation token cannot start another (routeAccess refuses it), but the audit never trusts that alone.
      const realActorId = actor.impersonatorId ?? actor.id;
      const id = request.params.id;
      const issued = await impersonate(db, {
        userId: id,
        actorId: actor.id,
        realActorId,
        actorEmail: actor.email,
        now: clock.now(),
        tokenTtlHours: config.tokenTtlHours,
      });
      const user = await loadUserDto(db, id, config.chatWidgetSecret, clock.now());
      if (!user) throw notFound();
      const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
      return {
        ...say(request, 'admin.impersonation_started', { name }),
        token: issued.token,
        token_type: 'Bearer' as const,
        expires_at: issued.expiresAt.toISOString(),
        user,
      };
    },
  );
}
