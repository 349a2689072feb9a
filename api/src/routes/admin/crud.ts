import type { FastifyInstance } from 'fastify';
import { isUniqueViolation, type Queryable } from '../../db';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { unprocessable } from '../../http/errors';
import type { MessageCode } from '../../i18n/messages';
import { say } from '../respond';
import { adminOnly, changes, idParamsSchema, notFound, Params, pageQueryProperties, writeAudit, type AuditEntity, type Page, type PageQuery } from './common';

/** One editable column of a simple admin resource. */
export interface CrudField {
  name: string;
  schema: Record<string, unknown>;
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
  /** Extra read-only columns (SQL expressions with alias) shown in the list. */
  extraColumns?: string;
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
  const paramsSchema = def.parent
    ? { type: 'object', additionalProperties: false, properties: { ...idParamsSchema.properties, parentId: idParamsSchema.properties.id }, required: ['id', 'parentId'] }
    : idParamsSchema;
  const parentParamsSchema = def.parent
    ? { type: 'object', additionalProperties: false, properties: { parentId: idParamsSchema.properties.id }, required: ['parentId'] }
    : undefined;
  /** 404 unless the parent row exists. */
  const checkParent = async (q: Queryable, params: Scoped) => {
    if (!def.parent) return;
    const found = await q.query(`SELECT 1 FROM ${def.parent.table} WHERE id = $1`, [params.parentId ?? 0]);
    if (found.rowCount === 0) throw notFound();
  };
  const properties = Object.fromEntries(def.fields.map((f) => [f.name, f.schema]));
  const select = `SELECT id, ${def.parent ? `${def.parent.column}, ` : ''}${names.join(', ')}, created_at, updated_at${def.extraColumns ? `, ${def.extraColumns}` : ''} FROM ${def.table} t`;
  const load = async (q: Queryable, id: number, scope: Scoped, lock = false): Promise<Row | null> => {
    const parentSql = def.parent ? ` AND t.${def.parent.column} = $2` : '';
    const { rows } = await q.query<Row>(`${select} WHERE t.id = $1${parentSql}${lock ? ' FOR UPDATE OF t' : ''}`, def.parent ? [id, scope.parentId ?? 0] : [id]);
    return rows[0] ? iso(rows[0]) : null;
  };
  const auditView = (row: Row) => Object.fromEntries(names.map((n) => [n, row[n] ?? null]));
  const uniqueClash = (error: unknown) => {
    const field = def.fields.find((f) => f.uniqueCode);
    if (field?.uniqueCode && isUniqueViolation(error)) return unprocessable(field.uniqueCode, field.name);
    return error;
  };

  const filterProperties = Object.fromEntries((def.filters ?? []).map((f) => [f.name, { type: 'string', enum: f.values }]));
  api.get<{ Querystring: PageQuery & { search?: string } & Record<string, string | number | undefined>; Params: Scoped }>(
    def.path,
    {
      ...guard,
      schema: {
        ...(parentParamsSchema ? { params: parentParamsSchema } : {}),
        querystring: { type: 'object', additionalProperties: false, properties: { ...pageQueryProperties, search: { type: 'string', maxLength: 100 }, ...filterProperties } },
      },
    },
    async (request): Promise<Page<Row>> => {
      const q = request.query;
      const p = new Params();
      const search = q.search?.trim();
      const conditions: string[] = [];
      await checkParent(db, request.params);
      if (def.parent) conditions.push(`t.${def.parent.column} = ${p.add(request.params.parentId ?? 0)}`);
      if (search) conditions.push(`t.${def.labelColumn} ILIKE ${p.add(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
      for (const f of def.filters ?? []) {
        const value = q[f.name];
        if (typeof value === 'string') conditions.push(`t.${f.name} = ${p.add(value)}`);
      }
      const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
      const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${def.table} t ${where}`, p.values)).rows[0]?.n ?? 0;
      const limit = p.add(q.page_size);
      const offset = p.add((q.page - 1) * q.page_size);
      const { rows } = await db.query<Row>(`${select} ${where} ORDER BY ${def.orderBy} LIMIT ${limit} OFFSET ${offset}`, p.values);
      return { items: rows.map(iso), page: q.page, page_size: q.page_size, total };
    },
  );

  api.get<{ Params: { id: number } & Scoped }>(`${def.path}/:id`, { ...guard, schema: { params: paramsSchema } }, async (request) => {
    const row = await load(db, request.params.id, request.params);
    if (!row) throw notFound();
    return row;
  });

  api.post<{ Body: Record<string, unknown>; Params: Scoped }>(
    def.path,
    { ...guard, schema: { ...(parentParamsSchema ? { params: parentParamsSchema } : {}), body: { type: 'object', additionalProperties: false, properties, required: def.fields.filter((f) => f.required).map((f) => f.name) } } },
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
          const id = (await tx.query<{ id: number }>(`INSERT INTO ${def.table} (${cols.join(', ')}) VALUES (${vals.join(', ')}) RETURNING id`, p.values)).rows[0]!.id;
          const created = (await load(tx, id, request.params))!;
          await writeAudit(tx, { actorId: actor.id, action: 'create', entity: def.entity, entityId: id, after: auditView(created), at: now });
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
    { ...guard, schema: { params: paramsSchema, body: { type: 'object', additionalProperties: false, properties, minProperties: 1 } } },
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
          if (diff) await writeAudit(tx, { actorId: actor.id, action: 'update', entity: def.entity, entityId: id, before: diff.before, after: diff.after, at: now });
          return after;
        });
        return { ...say(request, def.messages.updated), item };
      } catch (error) {
        throw uniqueClash(error);
      }
    },
  );

  api.delete<{ Params: { id: number } & Scoped }>(`${def.path}/:id`, { ...guard, schema: { params: paramsSchema } }, async (request) => {
    const actor = currentUser(request);
    const id = request.params.id;
    const now = clock.now();
    await db.transaction(async (tx) => {
      const before = await load(tx, id, request.params, true);
      if (!before) throw notFound();
      await def.beforeDelete?.(tx, id);
      await tx.query(`DELETE FROM ${def.table} WHERE id = $1`, [id]);
      await writeAudit(tx, { actorId: actor.id, action: 'delete', entity: def.entity, entityId: id, before: auditView(before), after: null, at: now });
    });
    return say(request, def.messages.deleted);
  });
}
