import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { ApiErrorBody } from '../../shared/src/api/client';
import type {
  ApiBody,
  ApiMethod,
  ApiPath,
  ApiPathParams,
  ApiQuery,
  ApiResponse,
  PathsFor,
} from '../../shared/src/api/contract';

/**
 * The API called from a spec with Playwright's request context (a test's `request`, `page.request` or
 * `context.request`), typed from the API's OpenAPI contract (shared/src/api/openapi.gen.ts, `npm run gen:api`)
 * by path and method like the screens' `api` client: `{id}` parameters, query and body are checked against
 * the route's schemas, the status is asserted, and the answer is the route's response type, so a spec's
 * expectation of an answer changes with the route instead of drifting from it.
 *
 *   const { campaign } = await api(request).post('/api/campaigns', { headers, data: { name, list_type: 'people' }, status: 201 });
 *   const results = await api(request).post('/api/people-results/{id}', { path: { id: listId }, headers, data: {} });
 *
 * `jsonOf(response, method, path)` does the same for a response a spec already holds (one the page made,
 * or one whose headers the spec reads too).
 */

type NoParams<T> = [T] extends [never] ? true : [T] extends [undefined] ? true : false;

type Fetch = NonNullable<Parameters<APIRequestContext['fetch']>[1]>;

export type CallOptions<P extends ApiPath, M extends ApiMethod> = (NoParams<ApiPathParams<P, M>> extends true
  ? { path?: never }
  : { path: ApiPathParams<P, M> }) & {
  query?: ApiQuery<P, M>;
  /** The JSON body; `{}` for a route that takes none (Playwright then sends `{}` as JSON, as a spec's `data: {}` did). */
  data?: [ApiBody<P, M>] extends [never] ? Record<string, never> : ApiBody<P, M>;
  headers?: Fetch['headers'];
  /** The status the call must answer; any 2xx when left out. */
  status?: number;
  timeout?: number;
};

type Args<P extends ApiPath, M extends ApiMethod> =
  NoParams<ApiPathParams<P, M>> extends true ? [options?: CallOptions<P, M>] : [options: CallOptions<P, M>];

/** `/api/searches/{id}` + `{ id: 3 }` → `/api/searches/3`. */
export function fillPath(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
}

/** An answer: one the spec's request context got (APIResponse) or one the page's requests got (Response). */
type Answer = Pick<APIResponse, 'ok' | 'status' | 'text' | 'json'>;

/** Asserts that `call` (`GET /api/me`) answered `status`, or any 2xx when left out, quoting the answer when it did not. */
export async function expectStatus(response: Answer, call: string, status?: number): Promise<void> {
  if (status === undefined ? response.ok() : response.status() === status) return;
  const answer = `${call} answered ${response.status()}: ${(await response.text()).slice(0, 500)}`;
  if (status === undefined) expect(response.ok(), answer).toBe(true);
  else expect(response.status(), answer).toBe(status);
}

/** Asserts the status (`status`, or any 2xx) and answers the body as `method path`'s response type. */
export async function jsonOf<M extends ApiMethod, P extends PathsFor<M>>(
  response: Answer,
  method: M,
  path: P,
  options: { status?: number } = {},
): Promise<ApiResponse<P, M>> {
  await expectStatus(response, `${method.toUpperCase()} ${path}`, options.status);
  return (await response.json()) as ApiResponse<P, M>;
}

/** Asserts a refusal's status and answers its error body (`code`, `message`, the `field` it names). */
export async function errorOf(response: Answer, call: string, status: number): Promise<ApiErrorBody> {
  await expectStatus(response, call, status);
  return (await response.json()) as ApiErrorBody;
}

/** `{ search: 'Growth Partner', page: 2 }` → `?search=Growth%20Partner&page=2` (arrays repeat the name; undefined is left out). */
export function queryString(query: object | undefined): string {
  const pairs = Object.entries(query ?? {}).flatMap(([name, value]: [string, unknown]) =>
    (Array.isArray(value) ? value : [value])
      .filter((v) => v !== undefined)
      .map((v) => `${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`),
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

async function call<M extends ApiMethod, P extends PathsFor<M>>(
  request: APIRequestContext,
  method: M,
  path: P,
  options?: CallOptions<P, M>,
): Promise<ApiResponse<P, M>> {
  const url =
    fillPath(path, options?.path as Record<string, string | number> | undefined) +
    queryString(options?.query as object | undefined);
  const response = await request.fetch(url, {
    method: method.toUpperCase(),
    ...(options?.headers && { headers: options.headers }),
    ...(options?.data !== undefined && { data: options.data }),
    ...(options?.timeout !== undefined && { timeout: options.timeout }),
  });
  return jsonOf(response, method, path, { ...(options?.status !== undefined && { status: options.status }) });
}

/** `api(request).get('/api/me', { headers })`: the typed calls of one request context. */
export function api(request: APIRequestContext) {
  return {
    get: <P extends PathsFor<'get'>>(path: P, ...[options]: Args<P, 'get'>) => call(request, 'get', path, options),
    post: <P extends PathsFor<'post'>>(path: P, ...[options]: Args<P, 'post'>) => call(request, 'post', path, options),
    put: <P extends PathsFor<'put'>>(path: P, ...[options]: Args<P, 'put'>) => call(request, 'put', path, options),
    patch: <P extends PathsFor<'patch'>>(path: P, ...[options]: Args<P, 'patch'>) =>
      call(request, 'patch', path, options),
    delete: <P extends PathsFor<'delete'>>(path: P, ...[options]: Args<P, 'delete'>) =>
      call(request, 'delete', path, options),
  };
}

/** What `POST /api/searches` takes as `type` and `filters`, for spec helpers that start a search of a given type. */
export type SearchType = ApiBody<'/api/searches', 'post'>['type'];
export type SearchFilters = ApiBody<'/api/searches', 'post'>['filters'];
