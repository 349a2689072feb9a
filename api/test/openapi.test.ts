import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ApiResponse } from '../../shared/src/api/contract';
import { SEARCH_TYPES } from '../src/providers/leads';
import { EMPLOYEE_COST, PHONE_TYPES } from '../src/modules/leadSearch/enrichmentJob.service';
import { AI_ACTION_LIST_TYPES } from '../src/modules/leadSearch/promptDefaults';
import { createTestApp, bearer, json, login, DEMO, type TestContext } from './helpers';

interface OpenApiDocument {
  openapi: string;
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
  paths: Record<
    string,
    Record<
      string,
      {
        security?: Record<string, string[]>[];
        responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
      }
    >
  >;
}

/** Operations that may answer without a declared schema: none (a route converted later would be listed here, with why). */
const NOT_YET_DECLARED: readonly string[] = [];

describe('the API contract: OpenAPI document and documentation page', () => {
  let ctx: TestContext;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    ctx = await createTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = json<OpenApiDocument>(res);
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  it('is OpenAPI 3.1 with the API-key and session schemes, each route saying which it accepts', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    expect(doc.paths['/api/business-details/data']?.get?.security).toEqual([{ apiKey: [] }, { sessionToken: [] }]);
    expect(doc.paths['/api/user-api-key']?.get?.security).toEqual([{ sessionToken: [] }]);
    expect(doc.paths['/api/login']?.post?.security).toBeUndefined();
    expect(
      doc.paths['/api/user-api-key/{id}']?.put?.responses['200']?.content?.['application/json']?.schema,
    ).toBeDefined();
    expect(doc.paths['/api/openapi.json']).toBeUndefined();
  });

  it('declares an answer for every operation (a 2xx body with its schema, or no body: 204 or a redirect)', () => {
    const undeclared: string[] = [];
    for (const [route, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue;
        const codes = Object.keys(operation.responses);
        // @fastify/swagger writes a bare `200: Default Response` for a route that declares no response.
        const bodiless = codes.filter(
          (code) => /^2\d\d$/.test(code) && code !== '204' && !operation.responses[code]?.content,
        );
        const answers = codes.some((code) => /^[23]\d\d$/.test(code));
        if (bodiless.length || !answers) undeclared.push(`${method.toUpperCase()} ${route}`);
      }
    }
    expect(undeclared.sort()).toEqual([...NOT_YET_DECLARED].sort());
  });

  it('has each per-list route for exactly the list types its table names (the routes are written out path by path)', () => {
    const expected = [
      ...SEARCH_TYPES.flatMap((t) =>
        [
          '',
          '/csv',
          '/{resultId}',
          '/delete',
          '/manual',
          '/labels',
          '/verify-emails',
          '/send-crm',
          '/send-webhook',
        ].map((rest) => `/api/${t}-results/{id}${rest}`),
      ),
      ...PHONE_TYPES.flatMap((t) => [`/api/${t}-results/{id}/get-phones`, `/api/${t}-results/{id}/find-similar`]),
      ...Object.keys(EMPLOYEE_COST).map((t) => `/api/${t}-results/{id}/get-employees`),
      '/api/influencer-results/{id}/enrich',
      ...AI_ACTION_LIST_TYPES.flatMap((t) => [`/api/${t}-results/{id}/ai`, `/api/${t}-results/{id}/ai-jobs/{jobId}`]),
    ];
    const listPaths = Object.keys(doc.paths).filter((route) => /^\/api\/[a-z]+-results\/\{id\}/.test(route));
    expect(listPaths.sort()).toEqual(expected.sort());
  });

  it('answers with the declared fields only (the schema serialises the answer)', async () => {
    const token = await login(ctx.app, DEMO.customer);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-api-key',
      headers: bearer(token),
      payload: { name: 'Docs' },
    });
    const body = json<ApiResponse<'/api/user-api-key', 'post'>>(created);
    expect(Object.keys(body.data).sort()).toEqual([
      'created_at',
      'id',
      'key_prefix',
      'last_used_at',
      'name',
      'revoked_at',
    ]);
    expect(body.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('serves the documentation page and its assets from the API itself (no outside host)', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const res = await ctx.app.inject({ method: 'GET', url: new URL(asset, 'http://api.test/api/docs/').pathname });
      expect(res.statusCode).toBe(200);
    }
    const initializer = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});

describe('the generated front-end types', () => {
  it('are committed next to the shared client (a stale copy fails scripts/test-all.sh via gen:api --check)', () => {
    const dir = path.join(__dirname, '..', '..', 'shared', 'src', 'api');
    expect(readdirSync(dir)).toContain('openapi.gen.ts');
    expect(readFileSync(path.join(dir, 'openapi.gen.ts'), 'utf8')).toContain('"/api/user-api-key/{id}"');
  });
});
