import type { FastifyInstance } from 'fastify';
import { verifyPassword } from '../../auth/passwords';
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
  type Static,
} from '../../http/contract';
import { currentUser } from '../../http/auth';
import { ApiError, unprocessable } from '../../http/errors';
import { ACCOUNT_DELETION_GRACE_DAYS, RETENTION_MONTHS_MAX } from '../../ops/personalData';
import { ACCOUNT_EXPORT } from '../../workers/privacy';
import { writeAudit } from '../../routes/admin/common';
import { say } from '../../routes/respond';

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

const DAY_MS = 86_400_000;
const EXPORT_COLUMNS = 'id, status, size_bytes, created_at, expires_at';

/**
 * The account owner's personal-data controls (Settings → Profile → Privacy): export everything as an
 * archive (a background job), results retention, and deleting the account after a grace period.
 * Owner only (routeAccess: account_owner); each action is audited.
 */
export function privacyRoutes(app: FastifyInstance, { db, clock, queue }: AppDeps): void {
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
      const user = (
        await db.query<{ retention_months: number | null; deletion_due_at: Date | null }>(
          'SELECT retention_months, deletion_due_at FROM users WHERE id = $1',
          [userId],
        )
      ).rows[0]!;
      const exports = (
        await db.query<Static<typeof ExportItem>>(
          `SELECT ${EXPORT_COLUMNS} FROM account_exports WHERE user_id = $1 ORDER BY id DESC LIMIT 5`,
          [userId],
        )
      ).rows;
      return {
        retention_months: user.retention_months,
        deletion_due_at: user.deletion_due_at,
        deletion_grace_days: ACCOUNT_DELETION_GRACE_DAYS,
        exports,
      };
    },
  );

  app.put<{ Body: Static<typeof Retention> }>(
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
      const months = request.body.retention_months;
      const at = clock.now();
      await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET retention_months = $2 WHERE id = $1', [userId, months]);
        await writeAudit(tx, {
          actorId: actorOf(request),
          action: 'retention_set',
          entity: 'account',
          entityId: userId,
          after: { retention_months: months },
          at,
        });
      });
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
      const at = clock.now();
      const created = await db.transaction(async (tx) => {
        const running = await tx.query(
          "SELECT 1 FROM account_exports WHERE user_id = $1 AND status IN ('queued', 'running')",
          [userId],
        );
        if (running.rowCount > 0) throw new ApiError(409, 'privacy.export_running');
        const { rows } = await tx.query<Static<typeof ExportItem>>(
          `INSERT INTO account_exports (user_id, created_at) VALUES ($1, $2) RETURNING ${EXPORT_COLUMNS}`,
          [userId, at],
        );
        await queue.send(ACCOUNT_EXPORT, { exportId: rows[0]!.id }, { tx });
        await writeAudit(tx, {
          actorId: actorOf(request),
          action: 'export_requested',
          entity: 'account',
          entityId: userId,
          after: { export_id: rows[0]!.id },
          at,
        });
        return rows[0]!;
      });
      reply.code(202);
      return { ...say(request, 'privacy.export_queued'), data: created };
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
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
      const row = (
        await db.query<{ archive: Uint8Array | null; expires_at: Date | null }>(
          "SELECT archive, expires_at FROM account_exports WHERE id = $1 AND user_id = $2 AND status = 'ready'",
          [request.params.id, userId],
        )
      ).rows[0];
      if (!row?.archive || (row.expires_at && row.expires_at <= clock.now())) throw new ApiError(404, 'not_found');
      await writeAudit(db, {
        actorId: actorOf(request),
        action: 'export_downloaded',
        entity: 'account',
        entityId: userId,
        after: { export_id: request.params.id },
        at: clock.now(),
      });
      return reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="leadsmith-account-${userId}-export-${request.params.id}.zip"`,
        )
        .type('application/zip')
        .send(Buffer.from(row.archive));
    },
  );

  app.post<{ Body: Static<typeof DeletionRequest> }>(
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
      const stored = (
        await db.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = $1', [user.id])
      ).rows[0];
      if (!stored?.password_hash || !(await verifyPassword(request.body.password, stored.password_hash)))
        throw unprocessable('privacy.wrong_password', 'password');
      const at = clock.now();
      const due = new Date(at.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
      await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET deletion_requested_at = $2, deletion_due_at = $3 WHERE id = $1', [
          user.id,
          at,
          due,
        ]);
        await writeAudit(tx, {
          actorId: actorOf(request),
          action: 'deletion_requested',
          entity: 'account',
          entityId: user.id,
          after: { deletion_due_at: due.toISOString() },
          at,
        });
      });
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
      const at = clock.now();
      await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET deletion_requested_at = NULL, deletion_due_at = NULL WHERE id = $1', [userId]);
        await writeAudit(tx, {
          actorId: actorOf(request),
          action: 'deletion_cancelled',
          entity: 'account',
          entityId: userId,
          at,
        });
      });
      return say(request, 'privacy.deletion_cancelled');
    },
  );
}
