import type { FastifyInstance, RouteOptions } from 'fastify';

/** One route as the app registered it (HEAD twins of GET routes are left out: same handler). */
export interface RouteInfo {
  method: string;
  url: string;
  /** `METHOD url`, the key of the fixture table. */
  key: string;
  params: string[];
  schema: { body?: JsonSchema; querystring?: JsonSchema; params?: JsonSchema };
}

export type JsonSchema = Record<string, unknown>;

/**
 * Records every route of the app through fastify's `onRoute` hook: pass the
 * returned `install` as createTestApp's `beforeReady`. Routes added later by
 * any area appear here without anyone editing the security suites.
 */
export function routeRecorder(): { routes: RouteInfo[]; install: (app: FastifyInstance) => void } {
  const routes: RouteInfo[] = [];
  const install = (app: FastifyInstance) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const url = route.url;
        if (!url) continue;
        const params = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
        const schema = (route.schema ?? {}) as RouteInfo['schema'];
        routes.push({ method, url, key: `${method} ${url}`, params, schema });
      }
    });
  };
  return { routes, install };
}

/** Fills `:param` placeholders. */
export function fillUrl(url: string, params: Record<string, string | number>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${url}`);
    return encodeURIComponent(String(value));
  });
}
