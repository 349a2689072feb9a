import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { MessageProperties, Page, pageOf, Type } from '../../http/contract';
import type { MessageCode } from '../../i18n/messages';
import { emailSchema, langSchema, nameSchema, passwordSchema } from '../../http/schemas';
import { loadUserDto, MODULE_SLUGS, UserSchema } from '../../users/users';
import { say } from '../../http/respond';
import { adminOnly, idParamsSchema, notFound, pageQueryProperties } from './common';
import { listAdminUsers, loadAdminUser, type AdminUserFilters } from './users.repository';
import {
  AdminUserSchema,
  LAST_LOGIN_BUCKETS,
  ROLES,
  SUBSCRIPTION_STATUSES,
  USER_TYPES,
  type AdminUserDto,
  type Editable,
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

/** The answer of every change to a user: the toast and the user as it is now. */
const SavedUser = Type.Object({ ...MessageProperties, user: AdminUserSchema });

const nullableInt = (max = 1_000_000_000) => ({ type: ['integer', 'null'], minimum: 0, maximum: max });
const nullableId = { type: ['integer', 'null'], minimum: 1, maximum: 2_147_483_647 };
const nullableText = { type: ['string', 'null'], maxLength: 200 };

const editableProperties = {
  email: emailSchema,
  first_name: nameSchema,
  last_name: { type: 'string', maxLength: 100 },
  role: { type: 'string', enum: ROLES },
  user_type: { type: 'string', enum: USER_TYPES },
  modules: {
    type: 'array',
    items: { type: 'string', enum: MODULE_SLUGS },
    uniqueItems: true,
    maxItems: MODULE_SLUGS.length,
  },
  lang: langSchema,
  license_expires_at: { type: ['string', 'null'], format: 'date', maxLength: 10 },
  subscription_id: nullableText,
  subscription_status: { type: ['string', 'null'], enum: [...SUBSCRIPTION_STATUSES, null] },
  parent_id: nullableId,
  sub_account_limit: nullableInt(100_000),
  referral_partner_id: nullableId,
  search_limit: nullableInt(),
  additional_query_count: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
  last_reset_date: { type: ['string', 'null'], format: 'date', maxLength: 10 },
  payment_product_id: nullableText,
  crm_plan_id: nullableText,
  plan_id: nullableId,
  can_create_related_accounts: { type: 'boolean' },
} as const;

export function adminUserRoutes(api: FastifyInstance, { db, clock, config }: AppDeps): void {
  const guard = adminOnly(api);
  const userSchema = (summary: string) => ({ summary, params: idParamsSchema, response: { 200: SavedUser } });

  api.get<{ Querystring: AdminUserFilters }>(
    '/api/admin/users',
    {
      ...guard,
      schema: {
        summary: 'List users (search, filters, paginated)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...pageQueryProperties,
            search: { type: 'string', maxLength: 100 },
            status: { type: 'string', enum: ['active', 'deleted', 'all'], default: 'active' },
            user_type: { type: 'string', enum: USER_TYPES },
            module: { type: 'string', enum: MODULE_SLUGS },
            last_login: { type: 'string', enum: LAST_LOGIN_BUCKETS },
          },
        },
        response: { 200: Page(AdminUserSchema) },
      },
    },
    async (request) => {
      const { rows, total } = await listAdminUsers(db, request.query, clock.now());
      return pageOf(rows, request.query, total);
    },
  );

  api.get<{ Params: { id: number } }>(
    '/api/admin/users/:id',
    { ...guard, schema: { summary: 'One user', params: idParamsSchema, response: { 200: AdminUserSchema } } },
    async (request) => {
      const user = await loadAdminUser(db, request.params.id);
      if (!user) throw notFound();
      return user;
    },
  );

  api.post<{ Body: Editable & { email: string; password: string; first_name: string } }>(
    '/api/admin/users',
    {
      ...guard,
      schema: {
        summary: 'Create a user (audited)',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { ...editableProperties, password: passwordSchema },
          required: ['email', 'password', 'first_name', 'modules'],
        },
        response: { 201: SavedUser },
      },
    },
    async (request, reply) => {
      const user = await createUser(db, clock, currentUser(request).id, request.body);
      reply.code(201);
      return { ...say(request, 'admin.user_created'), user };
    },
  );

  api.put<{ Params: { id: number }; Body: Editable }>(
    '/api/admin/users/:id',
    {
      ...guard,
      schema: {
        ...userSchema('Change a user (audited)'),
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { ...editableProperties, password: passwordSchema },
          minProperties: 1,
        },
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
    api[method]<{ Params: { id: number } }>(url, { ...guard, schema: userSchema(summary) }, async (request) => {
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
  api.post<{ Params: { id: number } }>(
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
