import { randomBytes } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../auth/passwords';
import type { Queryable } from '../../db';
import { isUniqueViolation } from '../../db';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { forbidden, unprocessable, validationError } from '../../http/errors';
import {
  IdParams,
  Message,
  MessageProperties,
  Nullable,
  Page,
  PageQuery,
  StringEnum,
  Timestamp,
  Type,
  type Static,
} from '../../http/contract';
import { emailSchema, nameSchema } from '../../http/schemas';
import { sendTemplatedMail } from '../../mail/templatedMail';
import { MODULE_SLUGS, normaliseEmail, type ModuleSlug } from '../../users/users';
import { say } from '../../routes/respond';
import { notFound } from './account.service';

/**
 * Team members (manage-team): users whose team_owner_id is the signed-in user.
 * Their access is a selection of the owner's own modules (never `admin`); at
 * least one is required (spec §5). A member signs in after setting a password
 * through "Forgot password" (the invitation email says so).
 */
const TeamMember = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  access: Type.Array(StringEnum(MODULE_SLUGS)),
  created_at: Timestamp(),
  last_login_at: Nullable(Timestamp()),
});
type MemberRow = Static<typeof TeamMember>;
const MemberAnswer = Type.Object({ ...MessageProperties, data: TeamMember });

// Any known slug passes the schema; the handler then names `access` itself when one is not grantable.
const Access = Type.Array(StringEnum(MODULE_SLUGS), { maxItems: MODULE_SLUGS.length, uniqueItems: true });
const Name = Type.Unsafe<string>(nameSchema);

const MEMBER_SELECT = `SELECT u.id, u.first_name, u.last_name, u.email, u.created_at, u.last_login_at,
       COALESCE((SELECT json_agg(m.slug ORDER BY m.id) FROM user_modules um JOIN modules m ON m.id = um.module_id WHERE um.user_id = u.id), '[]'::json) AS access
  FROM users u`;

async function ownerOptions(q: Queryable, ownerId: number): Promise<ModuleSlug[]> {
  const { rows } = await q.query<{ slug: ModuleSlug }>(
    'SELECT m.slug FROM user_held_modules um JOIN modules m ON m.id = um.module_id WHERE um.user_id = $1 ORDER BY m.id',
    [ownerId],
  );
  return rows.map((r) => r.slug).filter((s) => s !== 'admin');
}

async function setAccess(q: Queryable, memberId: number, access: readonly ModuleSlug[]): Promise<void> {
  await q.query('DELETE FROM user_modules WHERE user_id = $1', [memberId]);
  for (const slug of access)
    await q.query('INSERT INTO user_modules (user_id, module_id) SELECT $1, id FROM modules WHERE slug = $2', [
      memberId,
      slug,
    ]);
}

export function teamMemberRoutes(api: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  /** Team members cannot run teams of their own. */
  async function ownerId(request: Parameters<typeof currentUser>[0]): Promise<number> {
    const user = currentUser(request);
    const { rows } = await db.query<{ team_owner_id: number | null }>('SELECT team_owner_id FROM users WHERE id = $1', [
      user.id,
    ]);
    if (rows[0]?.team_owner_id) throw forbidden();
    return user.id;
  }

  async function checkAccess(owner: number, access: readonly ModuleSlug[]): Promise<void> {
    if (access.length === 0) throw validationError({ field: 'access', code: 'settings.select_access' });
    const allowed = await ownerOptions(db, owner);
    if (access.some((slug) => !allowed.includes(slug)))
      throw validationError({ field: 'access', code: 'validation.invalid' });
  }

  app.get(
    '/api/team-members',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Your team members, newest first, and the access options you may grant',
        querystring: PageQuery,
        response: {
          200: Type.Object({
            ...Page(TeamMember).properties,
            access_options: Type.Array(StringEnum(MODULE_SLUGS), {
              description: 'Modules the owner may grant (their own, never admin).',
            }),
          }),
        },
      },
    },
    async (request) => {
      const owner = await ownerId(request);
      const { page, pageSize } = request.query;
      const { rows } = await db.query<MemberRow>(
        `${MEMBER_SELECT} WHERE u.team_owner_id = $1 AND u.deleted_at IS NULL ORDER BY u.id DESC LIMIT $2 OFFSET $3`,
        [owner, pageSize, (page - 1) * pageSize],
      );
      const count = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM users WHERE team_owner_id = $1 AND deleted_at IS NULL',
        [owner],
      );
      return {
        data: rows,
        currentPage: page,
        pageSize,
        total: count.rows[0]?.total ?? 0,
        access_options: await ownerOptions(db, owner),
      };
    },
  );

  app.post(
    '/api/team-members',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'Invite a team member (emailed; they set a password through "Forgot password")',
        body: Type.Object(
          { first_name: Name, last_name: Name, email: Type.Unsafe<string>(emailSchema), access: Access },
          { additionalProperties: false },
        ),
        response: { 201: MemberAnswer },
      },
    },
    async (request, reply) => {
      const owner = await ownerId(request);
      const body = request.body;
      const email = normaliseEmail(body.email);
      if (email === currentUser(request).email) throw unprocessable('settings.same_email', 'email');
      await checkAccess(owner, body.access);
      const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
      const now = clock.now();
      const { rows: ownerRows } = await db.query<{ first_name: string; last_name: string }>(
        'SELECT first_name, last_name FROM users WHERE id = $1',
        [owner],
      );
      const ownerName =
        `${ownerRows[0]?.first_name ?? ''} ${ownerRows[0]?.last_name ?? ''}`.trim() || currentUser(request).email;
      try {
        const member = await db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO users (email, password_hash, first_name, last_name, role, user_type, team_owner_id, email_verified_at, lang, search_limit, created_at, updated_at)
             VALUES ($1, $2, $3, $4, 'user', 'team_member', $5, $6, $7, 0, $6, $6) RETURNING id`,
            [email, passwordHash, body.first_name.trim(), body.last_name.trim(), owner, now, request.lang],
          );
          const id = rows[0]!.id;
          await setAccess(tx, id, body.access);
          // In the brand of the owner's reseller (if any), in the language the owner invited in.
          await sendTemplatedMail(tx, deps, { kind: 'team_invitation', userId: id, vars: { owner: ownerName } });
          return (await tx.query<MemberRow>(`${MEMBER_SELECT} WHERE u.id = $1`, [id])).rows[0]!;
        });
        reply.code(201);
        return { ...say(request, 'settings.team.invited', { email }), data: member };
      } catch (error) {
        if (isUniqueViolation(error)) throw unprocessable('email_taken', 'email');
        throw error;
      }
    },
  );

  app.put(
    '/api/team-members/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: "Change a team member's name and access",
        params: IdParams,
        body: Type.Object({ first_name: Name, last_name: Name, access: Access }, { additionalProperties: false }),
        response: { 200: MemberAnswer },
      },
    },
    async (request) => {
      const owner = await ownerId(request);
      await checkAccess(owner, request.body.access);
      const member = await db.transaction(async (tx) => {
        const { rowCount } = await tx.query(
          'UPDATE users SET first_name = $3, last_name = $4, updated_at = $5 WHERE id = $1 AND team_owner_id = $2 AND deleted_at IS NULL',
          [request.params.id, owner, request.body.first_name.trim(), request.body.last_name.trim(), clock.now()],
        );
        if (rowCount === 0) throw notFound();
        await setAccess(tx, request.params.id, request.body.access);
        return (await tx.query<MemberRow>(`${MEMBER_SELECT} WHERE u.id = $1`, [request.params.id])).rows[0]!;
      });
      return { ...say(request, 'settings.team.updated'), data: member };
    },
  );

  app.delete(
    '/api/team-members/:id',
    {
      onRequest: app.requireAuth,
      schema: { summary: 'Remove a team member', params: IdParams, response: { 200: Message } },
    },
    async (request) => {
      const owner = await ownerId(request);
      const { rowCount } = await db.query(
        "DELETE FROM users WHERE id = $1 AND team_owner_id = $2 AND user_type = 'team_member'",
        [request.params.id, owner],
      );
      if (rowCount === 0) throw notFound();
      return say(request, 'settings.team.removed');
    },
  );
}
