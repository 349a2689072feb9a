import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { say } from '../../http/respond';
import {
  IdParams,
  Message,
  MessageProperties,
  Page,
  pageOf,
  PageQueryProperties,
  StringEnum,
  Timestamp,
  Type,
  type PageOf,
  type PageQueryOf,
} from '../../http/contract';
import { adminOnly, notFound } from './common';
import { loadCrudRow, type CrudRow } from './crud.repository';
import type { CrudDefinition } from './crud.schemas';
import { createCrudItem, deleteCrudItem, listCrudItems, updateCrudItem } from './crud.service';

export type { CrudDefinition, CrudField } from './crud.schemas';

/**
 * The CRUD of a simple admin resource (topics, partners): paginated list with search, read, create, edit, delete,
 * every route admin-only, every change audited in its transaction.
 */
export function defineAdminCrud(api: FastifyInstance, { db, clock }: AppDeps, def: CrudDefinition): void {
  const guard = adminOnly(api);
  type Scoped = { parentId?: number };
  const Id = IdParams.properties.id;
  const paramsSchema = def.parent ? Type.Object({ id: Id, parentId: Id }, { additionalProperties: false }) : IdParams;
  const parentParamsSchema = def.parent ? Type.Object({ parentId: Id }, { additionalProperties: false }) : undefined;
  const extras = Object.entries(def.extraColumns ?? {});
  /** The row as every route answers it: id, parent id, the fields, timestamps and the extra columns. */
  const Item = Type.Object({
    id: Type.Integer(),
    ...(def.parent ? { [def.parent.column]: Type.Integer() } : {}),
    ...Object.fromEntries(def.fields.map((f) => [f.name, f.schema])),
    created_at: Timestamp(),
    updated_at: Timestamp(),
    ...Object.fromEntries(extras.map(([alias, e]) => [alias, e.schema])),
  });
  const Saved = Type.Object({ ...MessageProperties, item: Item });
  const noun = def.noun;
  const properties = Object.fromEntries(def.fields.map((f) => [f.name, f.schema]));

  const filterProperties = Object.fromEntries(
    (def.filters ?? []).map((f) => [f.name, Type.Optional(StringEnum(f.values))]),
  );
  api.get<{
    Querystring: PageQueryOf & { search?: string } & Record<string, string | number | undefined>;
    Params: Scoped;
  }>(
    def.path,
    {
      ...guard,
      schema: {
        summary: `List ${noun}s (search, filters, paginated)`,
        ...(parentParamsSchema ? { params: parentParamsSchema } : {}),
        querystring: Type.Object(
          { ...PageQueryProperties, search: Type.Optional(Type.String({ maxLength: 100 })), ...filterProperties },
          { additionalProperties: false },
        ),
        response: { 200: Page(Item) },
      },
    },
    async (request): Promise<PageOf<CrudRow>> => {
      const q = request.query;
      const { rows, total } = await listCrudItems(db, def, q, request.params.parentId);
      return pageOf(rows, q, total);
    },
  );

  api.get<{ Params: { id: number } & Scoped }>(
    `${def.path}/:id`,
    { ...guard, schema: { summary: `One ${noun}`, params: paramsSchema, response: { 200: Item } } },
    async (request) => {
      const row = await loadCrudRow(db, def, request.params.id, request.params.parentId);
      if (!row) throw notFound();
      return row;
    },
  );

  api.post<{ Body: Record<string, unknown>; Params: Scoped }>(
    def.path,
    {
      ...guard,
      schema: {
        summary: `Create a ${noun} (audited)`,
        ...(parentParamsSchema ? { params: parentParamsSchema } : {}),
        body: Type.Object(
          Object.fromEntries(def.fields.map((f) => [f.name, f.required ? f.schema : Type.Optional(f.schema)])),
          { additionalProperties: false },
        ),
        response: { 201: Saved },
      },
    },
    async (request, reply) => {
      const item = await createCrudItem(
        db,
        def,
        { actorId: currentUser(request).id, now: clock.now(), parentId: request.params.parentId },
        request.body,
      );
      reply.code(201);
      return { ...say(request, def.messages.created), item };
    },
  );

  api.put<{ Params: { id: number } & Scoped; Body: Record<string, unknown> }>(
    `${def.path}/:id`,
    {
      ...guard,
      schema: {
        summary: `Change a ${noun} (audited)`,
        params: paramsSchema,
        body: Type.Partial(Type.Object(properties), { additionalProperties: false, minProperties: 1 }),
        response: { 200: Saved },
      },
    },
    async (request) => {
      const item = await updateCrudItem(
        db,
        def,
        request.params.id,
        { actorId: currentUser(request).id, now: clock.now(), parentId: request.params.parentId },
        request.body,
      );
      return { ...say(request, def.messages.updated), item };
    },
  );

  api.delete<{ Params: { id: number } & Scoped }>(
    `${def.path}/:id`,
    { ...guard, schema: { summary: `Delete a ${noun} (audited)`, params: paramsSchema, response: { 200: Message } } },
    async (request) => {
      await deleteCrudItem(db, def, request.params.id, {
        actorId: currentUser(request).id,
        now: clock.now(),
        parentId: request.params.parentId,
      });
      return say(request, def.messages.deleted);
    },
  );
}
