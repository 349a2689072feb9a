import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { Empty, Message, Type } from '../../http/contract';
import { currentUser } from '../../http/auth';
import { readMaintenance } from '../../ops/maintenance';
import { adminOnly } from '../admin/common';
import { say } from '../../http/respond';
import { switchMaintenance } from './maintenance.service';

const State = Type.Object({
  enabled: Type.Boolean(),
  message: Type.String(),
  retry_after_seconds: Type.Integer(),
});
const AdminState = Type.Object({ ...State.properties, updated_at: Type.String({ format: 'date-time' }) });
const Change = Type.Object(
  {
    enabled: Type.Boolean(),
    message: Type.String({ maxLength: 1000 }),
    retry_after_seconds: Type.Integer({ minimum: 60, maximum: 86_400 }),
  },
  { additionalProperties: false },
);

/** GET /api/maintenance (public: the page users see), GET and PUT /api/admin/maintenance (the super admin's switch). */
export function maintenanceRoutes(api: FastifyInstance, { db, clock }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/maintenance',
    {
      schema: {
        summary: 'Whether the service is in maintenance, and its message',
        querystring: Empty,
        response: { 200: State },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const { enabled, message, retry_after_seconds } = await readMaintenance(db);
      return { enabled, message, retry_after_seconds };
    },
  );

  app.get(
    '/api/admin/maintenance',
    {
      ...adminOnly(api),
      schema: {
        summary: 'Maintenance mode as the super admin set it',
        querystring: Empty,
        response: { 200: AdminState },
      },
    },
    async () => {
      const state = await readMaintenance(db, true);
      return {
        enabled: state.enabled,
        message: state.message,
        retry_after_seconds: state.retry_after_seconds,
        updated_at: state.updated_at.toISOString(),
      };
    },
  );

  app.put(
    '/api/admin/maintenance',
    {
      ...adminOnly(api),
      schema: {
        summary: 'Switch maintenance mode on or off, with the message users see',
        body: Change,
        response: { 200: Message },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { enabled } = request.body;
      await switchMaintenance(db, user.impersonatorId ?? user.id, request.body, clock.now());
      request.log.warn({ maintenance: enabled }, `maintenance mode switched ${enabled ? 'on' : 'off'}`);
      return say(request, enabled ? 'maintenance.saved_on' : 'maintenance.saved_off');
    },
  );
}
