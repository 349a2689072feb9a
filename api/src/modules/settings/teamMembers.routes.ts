import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
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
  pageOf,
  pageWindow,
} from '../../http/contract';
import { emailSchema, nameSchema } from '../../http/schemas';
import { MODULE_SLUGS } from '../../users/users';
import { say } from '../../http/respond';
import { notFound } from './account.service';
import { countMembers, deleteMember, listMembers } from './teamMembers.repository';
import { accessOptions, changeMember, inviteMember, teamOwnerFor } from './teamMembers.service';

const TeamMember = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  access: Type.Array(StringEnum(MODULE_SLUGS)),
  created_at: Timestamp(),
  last_login_at: Nullable(Timestamp()),
});
const MemberAnswer = Type.Object({ ...MessageProperties, data: TeamMember });

// Any known slug passes the schema; the handler then names `access` itself when one is not grantable.
const Access = Type.Array(StringEnum(MODULE_SLUGS), { maxItems: MODULE_SLUGS.length, uniqueItems: true });
const Name = Type.Unsafe<string>(nameSchema);

/**
 * Team members (manage-team): users whose team_owner_id is the signed-in user.
 * Their access is a selection of the owner's own modules (never `admin`); at
 * least one is required (spec §5). A member signs in after setting a password
 * through "Forgot password" (the invitation email says so).
 */
export function teamMemberRoutes(api: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  /** Team members cannot run teams of their own. */
  const ownerId = (request: Parameters<typeof currentUser>[0]) => teamOwnerFor(db, currentUser(request).id);

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
      const rows = await listMembers(db, owner, pageWindow(request.query));
      return {
        ...pageOf(rows, request.query, await countMembers(db, owner)),
        access_options: await accessOptions(db, owner),
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
      const user = currentUser(request);
      const { member, email } = await inviteMember(deps, { id: owner, email: user.email }, request.body, request.lang);
      reply.code(201);
      return { ...say(request, 'settings.team.invited', { email }), data: member };
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
      const member = await changeMember({ db, clock }, owner, request.params.id, request.body);
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
      if (!(await deleteMember(db, request.params.id, owner))) throw notFound();
      return say(request, 'settings.team.removed');
    },
  );
}
