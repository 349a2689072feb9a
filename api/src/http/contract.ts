/**
 * TypeBox building blocks for route schemas. A route's schema is its contract: Fastify validates the
 * request and serialises the answer with it, the handler's types come from it, and the OpenAPI document
 * (and from it the front end's types in shared) is generated from it. Nothing is typed twice.
 */
import {
  Type,
  type Static,
  type TBoolean,
  type TInteger,
  type TNumber,
  type TProperties,
  type TSchema,
  type TString,
} from '@fastify/type-provider-typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@leadsmith/shared/constants';

export { Type };
export type { Static, TSchema } from '@fastify/type-provider-typebox';

/** A timestamp: the database hands back a Date, the answer carries its ISO string. */
export const Timestamp = () => Type.Unsafe<string | Date>({ type: 'string', format: 'date-time' });

/**
 * A timestamp as an answer's ISO string: the database hands back a Date (or text, from a JSON column); null
 * stays null. For answers built before they reach a `Timestamp()` schema (DTOs typed `string`).
 */
export function isoString(value: Date | string): string;
export function isoString(value: Date | string | null): string | null;
export function isoString(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** `T | null`: a value the row may not have. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * `T | null` for a request field, as one JSON type list (`{ type: ['string', 'null'], maxLength }`) rather
 * than Nullable's anyOf: a bad value gets one error naming the field, not one per branch.
 */
export const OrNull = <T extends TString | TInteger | TNumber | TBoolean>(schema: T) => {
  const json = JSON.parse(JSON.stringify(schema)) as { type: string };
  return Type.Unsafe<Static<T> | null>({ ...json, type: [json.type, 'null'] });
};

/**
 * A request field with a default: optional in the contract (left out of `required`, so a caller may omit it),
 * yet always there in the handler, because the API's Ajv runs with useDefaults (app.ts) and writes the
 * default in before the handler runs. `Type.Optional` alone would type it `T | undefined` in the handler.
 */
export const Defaulted = <T extends TSchema>(schema: T): T => {
  if (!('default' in schema)) throw new Error('Defaulted: the schema has no default');
  return Type.Optional(schema);
};

export const IdParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
);

/** Spec §9: lists are paginated on the server, 20 a page by default, at most 100 (shared's constants). */
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

/** `?page=&pageSize=`: the one page query (both optional for the caller, always there in the handler: Defaulted). */
export const PageQueryProperties = {
  page: Defaulted(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Defaulted(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
};
export const PageQuery = Type.Object(PageQueryProperties, { additionalProperties: false });

export interface PageQueryOf {
  page: number;
  pageSize: number;
}

/**
 * `{ data, currentPage, pageSize, total }`: the one page envelope (the spec's names, §3 training data).
 * `extra`: fields a list answers beside its page (a report's totals over all pages).
 */
export const Page = <T extends TSchema, E extends TProperties = Record<never, TSchema>>(item: T, extra?: E) =>
  Type.Object({
    data: Type.Array(item),
    currentPage: Type.Integer(),
    pageSize: Type.Integer(),
    total: Type.Integer(),
    ...(extra as E),
  });
/** The envelope's type where the item is not a schema (generic kits); equal to `Static<ReturnType<typeof Page>>`. */
export interface PageOf<T> {
  data: T[];
  currentPage: number;
  pageSize: number;
  total: number;
}

/** LIMIT and OFFSET of a page query: what a repository's list function takes. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** LIMIT and OFFSET of a page query. */
export const pageWindow = ({ page, pageSize }: PageQueryOf): PageWindow => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/** The envelope around one page of rows. */
export const pageOf = <T>(data: T[], { page, pageSize }: PageQueryOf, total: number | string): PageOf<T> => ({
  data,
  currentPage: page,
  pageSize,
  total: Number(total),
});

/** `{ code, message }` of an answer the screens show as a toast (see http/respond.ts). */
export const MessageProperties = { code: Type.String(), message: Type.String() };
export const Message = Type.Object(MessageProperties);

/** No query string, no body: still validated, nothing allowed. */
export const Empty = Type.Object({}, { additionalProperties: false });

/** An object with one property per key of a fixed list, each of `schema` (a record over known keys, e.g. one per search type). */
export const KeyedObject = <const K extends readonly string[], T extends TSchema>(
  keys: K,
  schema: T,
  options: { description?: string } = {},
) => Type.Object(Object.fromEntries(keys.map((key) => [key, schema])) as { [P in K[number]]: T }, options);

/** One of a fixed list of strings (`{ type: 'string', enum }`): the front end gets the union of the values. */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: { description?: string; default?: T[number] } = {},
) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/**
 * One of a fixed list of strings as `anyOf` of `const`s (`Type.Union` of `Type.Literal`s), typed as the union of
 * the values: `Type.Union` over a mapped array types as never, since only a tuple's members are read.
 */
export const LiteralUnion = <const T extends readonly string[]>(values: T, options: { description?: string } = {}) =>
  Type.Unsafe<T[number]>(
    Type.Union(
      values.map((value) => Type.Literal(value)),
      options,
    ),
  );
