import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import { settingsForDomain } from '../modules/core/siteSettings.service';

/** Where the document and its page are served (the settings API-keys page links to the page). */
export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/** The two ways a caller proves who it is; route security is derived from the route's auth hooks. */
export const SECURITY_SCHEMES = {
  sessionToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The session token returned by POST /api/login, sent as `Authorization: Bearer <token>`.',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description:
      'A key created in Settings → Profile settings → API keys (`lsk_…`, shown once at creation). Send it as `X-Api-Key: lsk_…` ' +
      '(or `Authorization: Bearer lsk_…`). It acts as its owner on the routes that list it; a revoked or unknown key is a 401.',
  },
} as const;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Routes under these prefixes are the API; the rest (web files) stay out of the document. */
const DOCUMENTED_PREFIXES = ['/api/', '/auth/', '/p/'];

const apiKeyHooks = new WeakSet<onRequestAsyncHookHandler>();

/** Marks an onRequest hook that accepts an API key as well as a session token (shown as such in the document). */
export function documentApiKeyAuth<T extends onRequestAsyncHookHandler>(hook: T): T {
  apiKeyHooks.add(hook);
  return hook;
}

type Security = Record<string, string[]>[];

function securityOf(app: FastifyInstance, route: RouteOptions): Security | undefined {
  const hooks = [route.onRequest ?? []].flat() as onRequestAsyncHookHandler[];
  if (hooks.some((hook) => apiKeyHooks.has(hook))) return [{ apiKey: [] }, { sessionToken: [] }];
  if (hooks.includes(app.requireAuth)) return [{ sessionToken: [] }];
  if (hooks.includes(app.optionalAuth)) return [{}, { sessionToken: [] }];
  return undefined;
}

/** `/api/admin/users/:id` → tag `admin`, `/auth/login` → `auth`: the document groups routes by their first path segment after /api. */
function tagOf(url: string): string {
  const segments = url.split('/').filter(Boolean);
  const segment = segments[0] === 'api' ? segments[1] : segments[0];
  return segment?.replace(/[:{}]/g, '') || 'api';
}

type JsonObject = { properties?: Record<string, { default?: unknown }>; required?: string[] };

/** A field with a default need not be sent: the document says so, though the handler always sees it filled in. */
function defaultsOptional<T>(schema: T): T {
  const object = schema as JsonObject | undefined;
  if (!object?.properties || !object.required) return schema;
  const required = object.required.filter((name) => object.properties?.[name]?.default === undefined);
  return { ...object, required } as T;
}

/**
 * OpenAPI 3.1 from the routes' own schemas (@fastify/swagger), published at /api/openapi.json, and the
 * Swagger UI page at /api/docs from the files bundled in @fastify/swagger-ui (no CDN: the API runs offline).
 * Register before any route: the document is collected from the onRoute hook.
 */
export function registerOpenApi(app: FastifyInstance, { version }: { version: string }): void {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(API_DOCS_PATH)) return;
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    // The web files (shell, remotes) are served by the same app but are not part of the API.
    if (!DOCUMENTED_PREFIXES.some((prefix) => route.url.startsWith(prefix))) schema.hide = true;
    if (schema.hide) return;
    const security = securityOf(app, route);
    if (security && !schema.security) schema.security = security;
    schema.tags ??= [tagOf(route.url)];
  });
  void app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        // Replaced per request by the brand of the domain the page is opened on (see transformSpecification).
        title: 'API',
        version,
        description:
          "The API the app's screens use. Every route below declares its parameters, body and answers; requests are validated " +
          'against them (a bad field is a 400 naming the field). Authenticate with a session token, or on the routes that say so, ' +
          'with an API key created in Settings → Profile settings → API keys. Send `User-Language: en|es|fr|de` for translated messages.',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    hideUntagged: false,
    transform: ({ schema, url }) => {
      if (!schema) return { schema, url };
      const { querystring, body } = schema as { querystring?: unknown; body?: unknown };
      return {
        schema: {
          ...schema,
          querystring: defaultsOptional(querystring),
          body: defaultsOptional(body),
        } as typeof schema,
        url,
      };
    },
  });
  // The page and its document carry the brand of the domain they are opened on (a reseller's
  // customers never see the platform's name): read once per request, before the page or document is built.
  const brandOf = new WeakMap<FastifyRequest, string>();
  void app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    staticCSP: true,
    // The page loads only its own files (same origin, relative URLs): upgrade-insecure-requests adds nothing
    // over https and, over plain http on a reseller's domain before its TLS is set up (or a test's), stops
    // Swagger UI's scripts from loading at all.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
    uiConfig: { docExpansion: 'none', deepLinking: true, persistAuthorization: false },
    uiHooks: {
      onRequest: async (request) => {
        brandOf.set(request, (await settingsForDomain(app.deps.db, request.hostname)).name);
      },
    },
    transformSpecification: (spec, request) => ({
      ...spec,
      info: { ...(spec.info as object), title: `${brandOf.get(request) ?? ''} API`.trim() },
    }),
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const brand = brandOf.get(request);
    if (
      brand === undefined ||
      typeof payload !== 'string' ||
      !String(reply.getHeader('content-type') ?? '').startsWith('text/html')
    )
      return payload;
    return payload.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(brand)} API</title>`);
  });
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
}
