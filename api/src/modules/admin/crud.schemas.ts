import type { TProperties } from '@fastify/type-provider-typebox';
import type { Queryable } from '../../db';
import type { MessageCode } from '../../i18n/messages';
import type { AuditEntity } from './common';

/** Extra read-only columns shown in the list: alias → SQL expression and its answer's schema. */
export type CrudExtraColumns<E extends TProperties> = { [K in keyof E]: { sql: string; schema: E[K] } };

/**
 * A simple admin resource. `F`: its editable columns (column → schema, in order); `E`: its extra read-only columns;
 * `P`: the parent's column of rows scoped to a parent.
 */
export interface CrudDefinition<
  F extends TProperties = TProperties,
  E extends TProperties = TProperties,
  P extends string = string,
> {
  entity: AuditEntity;
  table: string;
  /** e.g. /api/admin/topics */
  path: string;
  /**
   * The editable columns: each schema validates the field in a body and describes it in the answer (where every
   * field is there); a field the create body may leave out is `Type.Optional`.
   */
  fields: F;
  /** Unique (case-insensitive) column: a clash answers 422 with this code on the field. */
  unique?: { field: keyof F & string; code: MessageCode };
  /** Column searched by `?search=` and shown as the history label. */
  labelColumn: keyof F & string;
  orderBy: string;
  extraColumns?: CrudExtraColumns<E>;
  /** The OpenAPI summaries' noun, e.g. "topic". */
  noun: string;
  messages: { created: MessageCode; updated: MessageCode; deleted: MessageCode };
  /** Equality filters the list accepts as query parameters (e.g. ?prompt_type=library). */
  filters?: readonly { name: keyof F & string; values: readonly string[] }[];
  /** Rows that belong to a parent row: the path carries `:parentId`, every read and write is scoped to it (another parent's id → 404). */
  parent?: { column: P; table: string };
  /** Refuse a delete (throw an ApiError) while the row is in use. */
  beforeDelete?: (tx: Queryable, id: number) => Promise<void>;
}
