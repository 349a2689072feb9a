import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import {
  Empty,
  IdParams,
  Message,
  MessageProperties,
  Nullable,
  StringEnum,
  Timestamp,
  Type,
} from '../../http/contract';
import { currentUser } from '../../http/auth';
import { ACCOUNT_DELETION_GRACE_DAYS, RETENTION_MONTHS_MAX } from '../../ops/personalData';
import { say } from '../../http/respond';
import { latestExports, privacySettingsOf } from './privacy.repository';
import { cancelDeletion, downloadExport, requestDeletion, requestExport, setRetention } from './privacy.service';

const ExportItem = Type.Object({
  id: Type.Integer(),
  status: StringEnum(['queued', 'running', 'ready', 'failed'] as const),
  size_bytes: Nullable(Type.Integer()),
  created_at: Timestamp(),
  expires_at: Nullable(Timestamp()),
});
const Privacy = Type.Object({
  retention_months: Nullable(Type.Integer()),
  deletion_due_at: Nullable(Timestamp()),
  deletion_grace_days: Type.Integer(),
  exports: Type.Array(ExportItem),
});
const Retention = Type.Object(
  { retention_months: Nullable(Type.Integer({ minimum: 1, maximum: RETENTION_MONTHS_MAX })) },
  { additionalProperties: false },
);
const DeletionRequest = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

/**
 * The account owner's personal-data controls (Settings → Profile → Privacy): export everything as an
 * archive (a background job), results retention, and deleting the account after a grace period.
 * Owner only (routeAccess: account_owner); each action is audited.
 */
export function privacyRoutes(api: FastifyInstance, { db, clock, queue }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const auth = { onRequest: app.requireAuth };
  const actorOf = (request: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(request);
    return user.impersonatorId ?? user.id;
  };

  app.get(
    '/api/account/privacy',
    {
      ...auth,
      schema: {
        summary: 'Your retention setting, deletion request and data exports',
        querystring: Empty,
        response: { 200: Privacy },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const user = await privacySettingsOf(db, userId);
      const exports = await latestExports(db, userId);
      return {
        retention_months: user.retention_months,
        deletion_due_at: user.deletion_due_at,
        deletion_grace_days: ACCOUNT_DELETION_GRACE_DAYS,
        exports,
      };
    },
  );

  app.put(
    '/api/account/retention',
    {
      ...auth,
      schema: {
        summary: 'Remove results older than N months (null: keep them)',
        body: Retention,
        response: { 200: Message },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await setRetention({ db, clock }, userId, actorOf(request), request.body.retention_months);
      return say(request, 'privacy.retention_saved');
    },
  );

  app.post(
    '/api/account/exports',
    {
      ...auth,
      schema: {
        summary: 'Export all your data as a zip archive (built in the background)',
        body: Empty,
        response: { 202: Type.Object({ ...MessageProperties, data: ExportItem }) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const created = await requestExport({ db, clock, queue }, userId, actorOf(request));
      reply.code(202);
      return { ...say(request, 'privacy.export_queued'), data: created };
    },
  );

  app.get(
    '/api/account/exports/:id/download',
    {
      ...auth,
      schema: {
        summary: 'Download a ready export archive (zip)',
        params: IdParams,
        querystring: Empty,
        response: {
          200: {
            description: 'The archive',
            content: { 'application/zip': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
          },
        },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const archive = await downloadExport({ db, clock }, userId, actorOf(request), request.params.id);
      return reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="leadsmith-account-${userId}-export-${request.params.id}.zip"`,
        )
        .type('application/zip')
        .send(Buffer.from(archive));
    },
  );

  app.post(
    '/api/account/deletion',
    {
      ...auth,
      schema: {
        summary: `Delete your account: erased for good after ${ACCOUNT_DELETION_GRACE_DAYS} days unless cancelled`,
        body: DeletionRequest,
        response: { 200: Type.Object({ ...MessageProperties, deletion_due_at: Timestamp() }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const due = await requestDeletion({ db, clock }, user.id, actorOf(request), request.body.password);
      return {
        ...say(request, 'privacy.deletion_scheduled', { date: due.toISOString().slice(0, 10) }),
        deletion_due_at: due,
      };
    },
  );

  app.delete(
    '/api/account/deletion',
    {
      ...auth,
      schema: { summary: 'Cancel the deletion of your account', querystring: Empty, response: { 200: Message } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await cancelDeletion({ db, clock }, userId, actorOf(request));
      return say(request, 'privacy.deletion_cancelled');
    },
  );
}
