import type { TProperties, TSchema, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
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
  type Static,
} from '../../http/contract';
import { adminOnly, notFound } from './common';
import { loadCrudRow } from './crud.repository';
import type { CrudDefinition } from './crud.schemas';
import { createCrudItem, deleteCrudItem, listCrudItems, updateCrudItem } from './crud.service';

export type { CrudDefinition } from './crud.schemas';

/** The parent's id of a route scoped to a parent (its params validated by the schema), undefined otherwise. */
const parentIdOf = (params: unknown): number | undefined =>
  typeof params === 'object' && params !== null && 'parentId' in params && typeof params.parentId === 'number'
    ? params.parentId
    : undefined;

/**
 * The CRUD of a simple admin resource (topics, partners): paginated list with search, read, create, edit, delete,
 * every route admin-only, every change audited in its transaction. The definition's types (`F` its fields' schemas,
 * `E` its extra columns', `P` its parent's column) check it where it is written: the label column, the filters and
 * the unique field are fields. The routes serve any resource: their answers are typed from its schemas as any
 * resource's (the id, the timestamps, the other columns unknown).
 */
export function defineAdminCrud<
  F extends TProperties,
  E extends TProperties = Record<never, TSchema>,
  P extends string = never,
>(api: FastifyInstance, { db, clock }: AppDeps, definition: CrudDefinition<F, E, P>): void {
  const def: CrudDefinition = definition;
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = adminOnly(api);
  const Id = IdParams.properties.id;
  const paramsSchema = def.parent ? Type.Object({ id: Id, parentId: Id }, { additionalProperties: false }) : IdParams;
  const parentParamsSchema = def.parent ? Type.Object({ parentId: Id }, { additionalProperties: false }) : undefined;
  const parentProperties = def.parent ? { [def.parent.column]: Type.Integer() } : {};
  const extraProperties = Object.fromEntries(
    Object.entries(def.extraColumns ?? {}).map(([alias, e]) => [alias, e.schema] as const),
  );
  /** The row as every route answers it: id, parent id, the fields (all of them), timestamps and the extra columns. */
  const Item = Type.Object({
    id: Type.Integer(),
    ...parentProperties,
    ...Type.Required(Type.Object(def.fields)).properties,
    created_at: Timestamp(),
    updated_at: Timestamp(),
    ...extraProperties,
  });
  type Row = Static<typeof Item>;
  const Saved = Type.Object({ ...MessageProperties, item: Item });
  const noun = def.noun;

  const filterProperties = Object.fromEntries(
    (def.filters ?? []).map((f) => [f.name, Type.Optional(StringEnum(f.values))] as const),
  );
  app.get(
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
    async (request) => {
      const q = request.query;
      const { rows, total } = await listCrudItems<Row>(db, def, q, parentIdOf(request.params));
      return pageOf(rows, q, total);
    },
  );

  app.get(
    `${def.path}/:id`,
    { ...guard, schema: { summary: `One ${noun}`, params: paramsSchema, response: { 200: Item } } },
    async (request) => {
      const row = await loadCrudRow<Row>(db, def, request.params.id, parentIdOf(request.params));
      if (!row) throw notFound();
      return row;
    },
  );

  app.post(
    def.path,
    {
      ...guard,
      schema: {
        summary: `Create a ${noun} (audited)`,
        ...(parentParamsSchema ? { params: parentParamsSchema } : {}),
        body: Type.Object(def.fields, { additionalProperties: false }),
        response: { 201: Saved },
      },
    },
    async (request, reply) => {
      const item = await createCrudItem<Row>(
        db,
        def,
        { actorId: currentUser(request).id, now: clock.now(), parentId: parentIdOf(request.params) },
        request.body,
      );
      reply.code(201);
      return { ...say(request, def.messages.created), item };
    },
  );

  app.put(
    `${def.path}/:id`,
    {
      ...guard,
      schema: {
        summary: `Change a ${noun} (audited)`,
        params: paramsSchema,
        body: Type.Partial(Type.Object(def.fields), { additionalProperties: false, minProperties: 1 }),
        response: { 200: Saved },
      },
    },
    async (request) => {
      const item = await updateCrudItem<Row>(
        db,
        def,
        request.params.id,
        { actorId: currentUser(request).id, now: clock.now(), parentId: parentIdOf(request.params) },
        request.body,
      );
      return { ...say(request, def.messages.updated), item };
    },
  );

  app.delete(
    `${def.path}/:id`,
    { ...guard, schema: { summary: `Delete a ${noun} (audited)`, params: paramsSchema, response: { 200: Message } } },
    async (request) => {
      await deleteCrudItem(db, def, request.params.id, {
        actorId: currentUser(request).id,
        now: clock.now(),
        parentId: parentIdOf(request.params),
      });
      return say(request, def.messages.deleted);
    },
  );
}
