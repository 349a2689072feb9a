import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import {
  Defaulted,
  Message,
  MessageProperties,
  Page,
  Timestamp,
  Type,
  type Static,
  pageOf,
  pageWindow,
} from '../../http/contract';
import { say } from '../../http/respond';
import { idParamsSchema, Issues, notFound, pageQuerySchema, resellerGuard, resellerIdOf } from './common';
import {
  countCustomLinks,
  deleteCustomLink,
  listCustomLinks,
  menuLinksOf,
  updateCustomLink,
} from './customLinks.repository';
import { createCustomLink, MAX_CUSTOM_LINKS } from './customLinks.service';

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

const bodySchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' }),
    url: Type.String({ minLength: 1, maxLength: 2000 }),
    show_in_menu: Defaulted(Type.Boolean({ default: true })),
    position: Defaulted(Type.Integer({ minimum: 0, maximum: 1000, default: 0 })),
  },
  { additionalProperties: false },
);
type Body = Static<typeof bodySchema>;

const valuesOf = (b: Body) => ({
  title: b.title.trim(),
  url: b.url.trim(),
  show_in_menu: b.show_in_menu,
  position: b.position,
});

function check(b: Body): void {
  const issues = new Issues();
  issues.url('url', b.url.trim());
  issues.throwIfAny();
}

export function customLinkRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = resellerGuard(app);

  app.get(
    '/api/whitelabel/custom-links',
    {
      onRequest: guard,
      schema: {
        summary: "Your customers' side-menu links (paginated)",
        querystring: Type.Object(pageQuerySchema, { additionalProperties: false }),
        response: { 200: Page(CustomLinkSchema) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const rows = await listCustomLinks(db, owner, pageWindow(request.query));
      return pageOf(rows, request.query, await countCustomLinks(db, owner));
    },
  );

  app.post(
    '/api/whitelabel/custom-links',
    { onRequest: guard, schema: { summary: 'Add a side-menu link', body: bodySchema, response: { 201: SavedLink } } },
    async (request, reply) => {
      const owner = await resellerIdOf(db, request);
      const b = request.body;
      check(b);
      const row = await createCustomLink(db, owner, valuesOf(b), clock.now());
      reply.code(201);
      return { ...say(request, 'whitelabel.link_created'), data: row };
    },
  );

  app.put(
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
      const data = await updateCustomLink(
        db,
        request.params.id,
        await resellerIdOf(db, request),
        valuesOf(b),
        clock.now(),
      );
      if (!data) throw notFound();
      return { ...say(request, 'whitelabel.link_updated'), data };
    },
  );

  app.delete(
    '/api/whitelabel/custom-links/:id',
    {
      onRequest: guard,
      schema: { summary: 'Delete a side-menu link', params: idParamsSchema, response: { 200: Message } },
    },
    async (request) => {
      if (!(await deleteCustomLink(db, request.params.id, await resellerIdOf(db, request)))) throw notFound();
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
      return { data: await menuLinksOf(db, request.user!.id, MAX_CUSTOM_LINKS) };
    },
  );
}
