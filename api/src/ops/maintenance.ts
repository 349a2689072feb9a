import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Db, Queryable } from '../db';
import type { AuthUser } from '../http/context';
import { ApiError } from '../http/errors';

/**
 * Maintenance mode: a super admin switches it on with a message (PUT /api/admin/maintenance); every
 * API call of anyone else is then answered 503 `maintenance` with `Retry-After`, and the web app shows
 * a maintenance page. Sign-in, health checks, the site's branding, the remote registry and the public
 * state (GET /api/maintenance) keep answering, so a super admin can still sign in and switch it off.
 * Queued work keeps running: maintenance stops users, not the workers.
 */
export interface MaintenanceState {
  enabled: boolean;
  message: string;
  retry_after_seconds: number;
  updated_at: Date;
}

/** How long a process trusts its copy of the state (another process's switch reaches it within this). */
export const MAINTENANCE_CACHE_MS = 2000;

const cache = new WeakMap<Db, { state: MaintenanceState; readAt: number }>();

export async function readMaintenance(db: Db, fresh = false): Promise<MaintenanceState> {
  const hit = cache.get(db);
  if (!fresh && hit && Date.now() - hit.readAt < MAINTENANCE_CACHE_MS) return hit.state;
  const { rows } = await db.query<MaintenanceState>(
    'SELECT enabled, message, retry_after_seconds, updated_at FROM platform_maintenance WHERE id',
  );
  const state = rows[0] ?? { enabled: false, message: '', retry_after_seconds: 900, updated_at: new Date(0) };
  cache.set(db, { state, readAt: Date.now() });
  return state;
}

/** Saves the state (the caller audits it in the same transaction); this process sees it at once. */
export async function writeMaintenance(
  db: Db,
  tx: Queryable,
  state: Pick<MaintenanceState, 'enabled' | 'message' | 'retry_after_seconds'>,
  actorId: number,
  at: Date,
): Promise<void> {
  await tx.query(
    'UPDATE platform_maintenance SET enabled = $1, message = $2, retry_after_seconds = $3, updated_by = $4, updated_at = $5 WHERE id',
    [state.enabled, state.message, state.retry_after_seconds, actorId, at],
  );
  cache.delete(db);
}

/** Calls that keep answering during maintenance (method, registered URL). */
const ALWAYS_OPEN: readonly (readonly [string, RegExp])[] = [
  ['GET', /^\/api\/(health|live|ready|maintenance|remote-registry|client-config)$/],
  ['POST', /^\/api\/site-settings$/],
  ['POST', /^\/auth\/(login|logout)$/],
  ['GET', /^\/api\/(openapi\.json|docs(\/.*)?)$/],
];

/** A super admin (who holds the admin area, the one that switches maintenance), or one acting as someone: never held back. */
const isSuperAdmin = (user: AuthUser | null): boolean =>
  user !== null && (user.userType === 'super_admin' || user.modules.includes('admin') || user.impersonatorId !== null);

/**
 * Adds the maintenance check to every API route as it is registered, after the route's own sign-in
 * hooks (so the user is known, and a 503 comes before any body is read or validated).
 */
export function installMaintenanceMode(app: FastifyInstance, db: Db): void {
  async function maintenanceGate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const state = await readMaintenance(db);
    if (!state.enabled || isSuperAdmin(request.user)) return;
    reply.header('cache-control', 'no-store');
    throw new ApiError(503, 'maintenance', {
      headers: { 'retry-after': String(state.retry_after_seconds) },
      extra: { maintenance_message: state.message, retry_after_seconds: state.retry_after_seconds },
    });
  }
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!/^\/(api|auth)\//.test(route.url)) return;
    const methods = [route.method].flat();
    if (
      methods.every(
        (m) =>
          m === 'HEAD' || m === 'OPTIONS' || ALWAYS_OPEN.some(([om, pattern]) => om === m && pattern.test(route.url)),
      )
    )
      return;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [...own, maintenanceGate] as RouteOptions['onRequest'];
  });
}
