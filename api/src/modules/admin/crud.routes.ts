import type { FastifyInstance } from 'fastify';
import { isUniqueViolation, type Queryable } from '../../db';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { unprocessable } from '../../http/errors';
import type { MessageCode } from '../../i18n/messages';
import { say } from '../../routes/respond';
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
  type TSchema,
} from '../../http/contract';
import { adminOnly, changes, notFound, Params, writeAudit, type AuditEntity } from './common';

/** One editable column of a simple admin resource. */
export interface CrudField {
  name: string;
  /** Validates the field in a body and describes it in the answer. */
  schema: TSchema;
  required?: boolean;
  /** Unique (case-insensitive) column: a clash answers 422 with this code on the field. */
  uniqueCode?: MessageCode;
}

export interface CrudDefinition {
  entity: AuditEntity;
  table: string;
  /** e.g. /api/admin/topics */
  path: string;
  fields: readonly CrudField[];
  /** Column searched by `?search=` and shown as the history label. */
  labelColumn: string;
  orderBy: string;
  /** Extra read-only columns shown in the list: alias → SQL expression and its answer's schema. */
  extraColumns?: Record<string, { sql: string; schema: TSchema }>;
  /** The OpenAPI summaries' noun, e.g. "topic". */
  noun: string;
  messages: { created: MessageCode; updated: MessageCode; deleted: MessageCode };
  /** Equality filters the list accepts as query parameters (e.g. ?prompt_type=library). */
  filters?: readonly { name: string; values: readonly string[] }[];
  /** Rows that belong to a parent row: the path carries `:parentId`, every read and write is scoped to it (another parent's id → 404). */
  parent?: { column: string; table: string };
  /** Refuse a delete (throw an ApiError) while the row is in use. */
  beforeDelete?: (tx: Queryable, id: number) => Promise<void>;
}

type Row = Record<string, unknown> & { id: number };

const iso = (row: Record<string, unknown>): Row => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out as Row;
};

const clean = (value: unknown) => (typeof value === 'string' ? value.trim() || null : (value ?? null));

/**
 * The CRUD of a simple admin resource (topics, partners): paginated list with search, read, create, edit, delete,
 * every route admin-only, every change audited in its transaction.
 */
export function defineAdminCrud(api: FastifyInstance, { db, clock }: AppDeps, def: CrudDefinition): void {
  const guard = adminOnly(api);
  const names = def.fields.map((f) => f.name);
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
  /** 404 unless the parent row exists. */
  const checkParent = async (q: Queryable, params: Scoped) => {
    if (!def.parent) return;
    const found = await q.query(`SELECT 1 FROM ${def.parent.table} WHERE id = $1`, [params.parentId ?? 0]);
    if (found.rowCount === 0) throw notFound();
  };
  const properties = Object.fromEntries(def.fields.map((f) => [f.name, f.schema]));
  const extraSql = extras.map(([alias, e]) => `, ${e.sql} AS ${alias}`).join('');
  const select = `SELECT id, ${def.parent ? `${def.parent.column}, ` : ''}${names.join(', ')}, created_at, updated_at${extraSql} FROM ${def.table} t`;
  const load = async (q: Queryable, id: number, scope: Scoped, lock = false): Promise<Row | null> => {
    const parentSql = def.parent ? ` AND t.${def.parent.column} = $2` : '';
    const { rows } = await q.query<Row>(
      `${select} WHERE t.id = $1${parentSql}${lock ? ' FOR UPDATE OF t' : ''}`,
      def.parent ? [id, scope.parentId ?? 0] : [id],
    );
    return rows[0] ? iso(rows[0]) : null;
  };
  const auditView = (row: Row) => Object.fromEntries(names.map((n) => [n, row[n] ?? null]));
  const uniqueClash = (error: unknown) => {
    const field = def.fields.find((f) => f.uniqueCode);
    if (field?.uniqueCode && isUniqueViolation(error)) return unprocessable(field.uniqueCode, field.name);
    return error;
  };

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
    async (request): Promise<PageOf<Row>> => {
      const q = request.query;
      const p = new Params();
      const search = q.search?.trim();
      const conditions: string[] = [];
      await checkParent(db, request.params);
      if (def.parent) conditions.push(`t.${def.parent.column} = ${p.add(request.params.parentId ?? 0)}`);
      if (search)
        conditions.push(`t.${def.labelColumn} ILIKE ${p.add(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
      for (const f of def.filters ?? []) {
        const value = q[f.name];
        if (typeof value === 'string') conditions.push(`t.${f.name} = ${p.add(value)}`);
      }
      const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
      const total =
        (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${def.table} t ${where}`, p.values)).rows[0]
          ?.n ?? 0;
      const limit = p.add(q.pageSize);
      const offset = p.add((q.page - 1) * q.pageSize);
      const { rows } = await db.query<Row>(
        `${select} ${where} ORDER BY ${def.orderBy} LIMIT ${limit} OFFSET ${offset}`,
        p.values,
      );
      return pageOf(rows.map(iso), q, total);
    },
  );

  api.get<{ Params: { id: number } & Scoped }>(
    `${def.path}/:id`,
    { ...guard, schema: { summary: `One ${noun}`, params: paramsSchema, response: { 200: Item } } },
    async (request) => {
      const row = await load(db, request.params.id, request.params);
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
      const actor = currentUser(request);
      const now = clock.now();
      try {
        const item = await db.transaction(async (tx) => {
          await checkParent(tx, request.params);
          const p = new Params();
          const cols = ['created_at', 'updated_at'];
          const vals = [p.add(now), p.add(now)];
          if (def.parent) {
            cols.push(def.parent.column);
            vals.push(p.add(request.params.parentId ?? 0));
          }
          for (const name of names) {
            if (request.body[name] === undefined) continue;
            cols.push(name);
            vals.push(p.add(clean(request.body[name]) as string | number | boolean | null));
          }
          const id = (
            await tx.query<{ id: number }>(
              `INSERT INTO ${def.table} (${cols.join(', ')}) VALUES (${vals.join(', ')}) RETURNING id`,
              p.values,
            )
          ).rows[0]!.id;
          const created = (await load(tx, id, request.params))!;
          await writeAudit(tx, {
            actorId: actor.id,
            action: 'create',
            entity: def.entity,
            entityId: id,
            after: auditView(created),
            at: now,
          });
          return created;
        });
        reply.code(201);
        return { ...say(request, def.messages.created), item };
      } catch (error) {
        throw uniqueClash(error);
      }
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
      const actor = currentUser(request);
      const id = request.params.id;
      const now = clock.now();
      try {
        const item = await db.transaction(async (tx) => {
          const before = await load(tx, id, request.params, true);
          if (!before) throw notFound();
          const p = new Params();
          const sets = [`updated_at = ${p.add(now)}`];
          for (const name of names) {
            if (request.body[name] === undefined) continue;
            sets.push(`${name} = ${p.add(clean(request.body[name]) as string | number | boolean | null)}`);
          }
          await tx.query(`UPDATE ${def.table} SET ${sets.join(', ')} WHERE id = ${p.add(id)}`, p.values);
          const after = (await load(tx, id, request.params))!;
          const diff = changes(auditView(before), auditView(after));
          if (diff)
            await writeAudit(tx, {
              actorId: actor.id,
              action: 'update',
              entity: def.entity,
              entityId: id,
              before: diff.before,
              after: diff.after,
              at: now,
            });
          return after;
        });
        return { ...say(request, def.messages.updated), item };
      } catch (error) {
        throw uniqueClash(error);
      }
    },
  );

  api.delete<{ Params: { id: number } & Scoped }>(
    `${def.path}/:id`,
    { ...guard, schema: { summary: `Delete a ${noun} (audited)`, params: paramsSchema, response: { 200: Message } } },
    async (request) => {
      const actor = currentUser(request);
      const id = request.params.id;
      const now = clock.now();
      await db.transaction(async (tx) => {
        const before = await load(tx, id, request.params, true);
        if (!before) throw notFound();
        await def.beforeDelete?.(tx, id);
        await tx.query(`DELETE FROM ${def.table} WHERE id = $1`, [id]);
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'delete',
          entity: def.entity,
          entityId: id,
          before: auditView(before),
          after: null,
          at: now,
        });
      });
      return say(request, def.messages.deleted);
    },
  );
}
