import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Message, MessageProperties, Page, Timestamp, Type, type Static } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { say } from '../respond';
import {
  idParamsSchema,
  Issues,
  notFound,
  pageQuerySchema,
  resellerGuard,
  resellerIdOf,
  type PageQuery,
  type Paginated,
} from './common';

/** Spec §3 Custom link: a link the reseller adds to the side menu of its customers. */
const CustomLinkSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  url: Type.String(),
  show_in_menu: Type.Boolean(),
  position: Type.Integer(),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
export type CustomLink = Static<typeof CustomLinkSchema>;
const SavedLink = Type.Object({ ...MessageProperties, data: CustomLinkSchema });

export const MAX_CUSTOM_LINKS = 20;
const COLUMNS = 'id, title, url, show_in_menu, position, created_at, updated_at';

const bodySchema = objectSchema(
  {
    title: { type: 'string', minLength: 1, maxLength: 60, pattern: '\\S' },
    url: { type: 'string', minLength: 1, maxLength: 2000 },
    show_in_menu: { type: 'boolean', default: true },
    position: { type: 'integer', minimum: 0, maximum: 1000, default: 0 },
  },
  ['title', 'url'],
);

interface Body {
  title: string;
  url: string;
  show_in_menu: boolean;
  position: number;
}

function check(b: Body): void {
  const issues = new Issues();
  issues.url('url', b.url.trim());
  issues.throwIfAny();
}

export function customLinkRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  const guard = resellerGuard(app);

  app.get<{ Querystring: PageQuery }>(
    '/api/whitelabel/custom-links',
    {
      onRequest: guard,
      schema: {
        summary: "Your customers' side-menu links (paginated)",
        querystring: objectSchema(pageQuerySchema),
        response: { 200: Page(CustomLinkSchema) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const { page, pageSize } = request.query;
      const { rows } = await db.query<CustomLink>(
        `SELECT ${COLUMNS} FROM whitelabel_custom_links WHERE owner_id = $1 ORDER BY position, id LIMIT $2 OFFSET $3`,
        [owner, pageSize, (page - 1) * pageSize],
      );
      const count = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM whitelabel_custom_links WHERE owner_id = $1',
        [owner],
      );
      const result: Paginated<CustomLink> = {
        data: rows,
        currentPage: page,
        pageSize,
        total: count.rows[0]?.total ?? 0,
      };
      return result;
    },
  );

  app.post<{ Body: Body }>(
    '/api/whitelabel/custom-links',
    { onRequest: guard, schema: { summary: 'Add a side-menu link', body: bodySchema, response: { 201: SavedLink } } },
    async (request, reply) => {
      const owner = await resellerIdOf(db, request);
      const b = request.body;
      check(b);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [owner]);
        const count = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM whitelabel_custom_links WHERE owner_id = $1',
          [owner],
        );
        if ((count.rows[0]?.n ?? 0) >= MAX_CUSTOM_LINKS)
          throw unprocessable('whitelabel.link_limit', 'title', { n: MAX_CUSTOM_LINKS });
        const { rows } = await tx.query<CustomLink>(
          `INSERT INTO whitelabel_custom_links (owner_id, title, url, show_in_menu, position, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING ${COLUMNS}`,
          [owner, b.title.trim(), b.url.trim(), b.show_in_menu, b.position, now],
        );
        return rows[0]!;
      });
      reply.code(201);
      return { ...say(request, 'whitelabel.link_created'), data: row };
    },
  );

  app.put<{ Params: { id: number }; Body: Body }>(
    '/api/whitelabel/custom-links/:id',
    {
      onRequest: guard,
      schema: {
        summary: 'Change a side-menu link',
        params: idParamsSchema,
        body: bodySchema,
        response: { 200: SavedLink },
      },
    },
    async (request) => {
      const b = request.body;
      check(b);
      const { rows } = await db.query<CustomLink>(
        `UPDATE whitelabel_custom_links SET title = $3, url = $4, show_in_menu = $5, position = $6, updated_at = $7 WHERE id = $1 AND owner_id = $2 RETURNING ${COLUMNS}`,
        [
          request.params.id,
          await resellerIdOf(db, request),
          b.title.trim(),
          b.url.trim(),
          b.show_in_menu,
          b.position,
          clock.now(),
        ],
      );
      if (!rows[0]) throw notFound();
      return { ...say(request, 'whitelabel.link_updated'), data: rows[0] };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/whitelabel/custom-links/:id',
    {
      onRequest: guard,
      schema: { summary: 'Delete a side-menu link', params: idParamsSchema, response: { 200: Message } },
    },
    async (request) => {
      const { rowCount } = await db.query('DELETE FROM whitelabel_custom_links WHERE id = $1 AND owner_id = $2', [
        request.params.id,
        await resellerIdOf(db, request),
      ]);
      if (rowCount === 0) throw notFound();
      return say(request, 'whitelabel.link_deleted');
    },
  );

  /**
   * The links a signed-in user's side menu shows: its reseller's (parent's) links marked for the menu.
   * Any signed-in user may ask; a reseller sees its own, to check what its customers get.
   */
  app.get(
    '/api/whitelabel/menu-links',
    {
      onRequest: app.requireAuth,
      schema: {
        summary: 'The side-menu links your reseller added',
        response: { 200: Type.Object({ data: Type.Array(Type.Object({ title: Type.String(), url: Type.String() })) }) },
      },
    },
    async (request) => {
      const { rows } = await db.query<{ title: string; url: string }>(
        `SELECT l.title, l.url FROM users u JOIN whitelabel_custom_links l ON l.owner_id = COALESCE(u.parent_id, u.team_owner_id, u.id)
        WHERE u.id = $1 AND l.show_in_menu ORDER BY l.position, l.id LIMIT $2`,
        [request.user!.id, MAX_CUSTOM_LINKS],
      );
      return { data: rows };
    },
  );
}
