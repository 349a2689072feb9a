import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { RouteOptions } from 'fastify';
import { AJV_OPTIONS } from '../src/app';
import { createTestApp } from './helpers';

/**
 * The app compiles a route's validators and serializers when a request first needs them (app.ts), so a schema
 * that does not compile would not stop the start: every route's schemas are compiled here, with the app's options.
 */
test("every route's request and response schemas compile", async () => {
  const routes: RouteOptions[] = [];
  const ctx = await createTestApp({ beforeReady: (app) => app.addHook('onRoute', (route) => void routes.push(route)) });
  await ctx.close();
  const withSchemas = routes.filter((route) => route.schema);
  expect(withSchemas.length).toBeGreaterThan(400);

  type Compile = (route: {
    schema: unknown;
    method: string;
    url: string;
    httpPart?: string;
    httpStatus?: string;
  }) => unknown;
  const validators = (AjvCompiler() as unknown as (e: unknown, o: unknown) => Compile)(
    {},
    { customOptions: AJV_OPTIONS },
  );
  const serializers = (SerializerSelector() as unknown as (e: unknown, o: unknown) => Compile)({}, {});
  const failures: string[] = [];
  for (const route of withSchemas) {
    const method = String(route.method);
    const { body, querystring, params, headers, response } = route.schema as Record<string, unknown>;
    const parts = { body, querystring, params, headers };
    for (const [httpPart, schema] of Object.entries(parts)) {
      if (!schema) continue;
      try {
        validators({ schema, method, url: route.url, httpPart });
      } catch (error) {
        failures.push(`${method} ${route.url} ${httpPart}: ${String(error)}`);
      }
    }
    for (const [httpStatus, schema] of Object.entries((response ?? {}) as Record<string, unknown>)) {
      try {
        serializers({ schema, method, url: route.url, httpStatus });
      } catch (error) {
        failures.push(`${method} ${route.url} ${httpStatus}: ${String(error)}`);
      }
    }
  }
  expect(failures).toEqual([]);
});
