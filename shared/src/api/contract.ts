/**
 * Types of the API contract, read from the generated OpenAPI types (openapi.gen.ts, `npm run gen:api`).
 * Types only (no runtime code): the API's own tests import them too, so a test's expectation of an
 * answer is the same type the screens use.
 */
import type { paths } from './openapi.gen';

export type { paths as ApiPaths } from './openapi.gen';

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type ApiPath = keyof paths;

/** The operation behind `method path`, `never` where the API has none. */
type Operation<P extends ApiPath, M extends ApiMethod> = NonNullable<paths[P][M]>;
/** Paths that answer `method`. */
export type PathsFor<M extends ApiMethod> = { [P in ApiPath]: paths[P][M] extends undefined ? never : P }[ApiPath];

type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : undefined;
type SuccessOf<Responses> = Responses extends { 200: infer R }
  ? JsonOf<R>
  : Responses extends { 201: infer R }
    ? JsonOf<R>
    : Responses extends { 202: infer R }
      ? JsonOf<R>
      : undefined;

/** `{ data, currentPage, pageSize, total }`: the one page envelope every paginated route answers (`?page=&pageSize=`). */
export interface ApiPage<T> {
  data: T[];
  currentPage: number;
  pageSize: number;
  total: number;
}

/** The JSON a successful call answers with. */
export type ApiResponse<P extends ApiPath, M extends ApiMethod> = SuccessOf<Operation<P, M>['responses']>;
/** The JSON body a call sends. */
export type ApiBody<P extends ApiPath, M extends ApiMethod> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;
/** `?query` parameters. */
export type ApiQuery<P extends ApiPath, M extends ApiMethod> = Operation<P, M>['parameters'] extends { query?: infer Q }
  ? Q
  : never;
/** `{id}` path parameters. */
export type ApiPathParams<P extends ApiPath, M extends ApiMethod> = Operation<P, M>['parameters'] extends {
  path?: infer X;
}
  ? X
  : never;
