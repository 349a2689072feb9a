import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../http/context';
import { Type } from '../http/contract';
import { emptyObjectSchema } from '../http/schemas';

export function healthRoutes(app: FastifyInstance, { db }: AppDeps): void {
  // Touches the database so a load balancer stops sending traffic to a process that lost it.
  app.get('/api/health', { schema: { summary: 'The API and its database answer', querystring: emptyObjectSchema, response: { 200: Type.Object({ ok: Type.Boolean() }) } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    await db.query('SELECT 1');
    return { ok: true };
  });
}
