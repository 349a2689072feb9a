import type { Queryable } from '../../db';
import type { TSchema } from '../../http/contract';
import type { MessageCode } from '../../i18n/messages';
import type { AuditEntity } from './common';

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
