import type { Queryable } from '../../db';

/** An error a screen reported; `info` is JSON text already bounded by the caller. */
export async function insertAppError(
  q: Queryable,
  e: {
    userId: number | null;
    message: string;
    stack: string | null;
    infoJson: string | null;
    remote: string | null;
    remoteVersion: string | null;
    url: string | null;
    userAgent: string | null;
    requestId: string | null;
    reportRequestId: string;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO app_errors (user_id, message, stack, info, remote, remote_version, url, user_agent, request_id, report_request_id, created_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, now())`,
    [
      e.userId,
      e.message,
      e.stack,
      e.infoJson,
      e.remote,
      e.remoteVersion,
      e.url,
      e.userAgent,
      e.requestId,
      e.reportRequestId,
    ],
  );
}
