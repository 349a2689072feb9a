import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { migrationState } from '../../db/migrations';
import type { AppDeps } from '../../http/context';
import { Empty, StringEnum, Type } from '../../http/contract';
import { pingDatabase } from './health.repository';

/** A readiness check that has not answered by then counts as a database that does not answer. */
export const READY_TIMEOUT_MS = 3000;

const READY_PROBLEMS = ['database_unreachable', 'migrations_running', 'migrations_pending', 'shutting_down'] as const;
type ReadyProblem = (typeof READY_PROBLEMS)[number];

const Ready = Type.Object({ ready: Type.Boolean(), problem: Type.Optional(StringEnum(READY_PROBLEMS)) });

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export function healthRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  // Touches the database so a load balancer stops sending traffic to a process that lost it.
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'The API and its database answer',
        querystring: Empty,
        response: { 200: Type.Object({ ok: Type.Boolean() }) },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      await pingDatabase(db);
      return { ok: true };
    },
  );

  // Liveness: the process answers HTTP. Never touches the database (a database outage must not get
  // every API process restarted by its orchestrator).
  app.get(
    '/api/live',
    {
      schema: {
        summary: 'Liveness: the process answers',
        querystring: Empty,
        response: { 200: Type.Object({ live: Type.Boolean() }) },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      return { live: true };
    },
  );

  // Readiness: send traffic here only when the database answers and its schema is the one this build
  // expects (no migration running in another process, none of this build's migrations missing).
  app.get(
    '/api/ready',
    {
      schema: {
        summary: 'Readiness: database reachable, migrations applied',
        querystring: Empty,
        response: { 200: Ready, 503: Ready },
      },
    },
    async (request, reply) => {
      noStore(reply);
      let problem: ReadyProblem | null = closing ? 'shutting_down' : null;
      if (!problem) {
        try {
          const state = await withTimeout(migrationState(db), READY_TIMEOUT_MS);
          problem = state.locked ? 'migrations_running' : state.pending.length > 0 ? 'migrations_pending' : null;
        } catch (error) {
          request.log.warn({ err: error }, 'readiness: database check failed');
          problem = 'database_unreachable';
        }
      }
      if (problem) return reply.code(503).header('retry-after', '5').send({ ready: false, problem });
      return { ready: true };
    },
  );
}
