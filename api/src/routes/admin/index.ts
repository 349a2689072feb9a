import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';

/** Routes of the super-admin area (every route requires the admin module). One file per resource beside this one; register them here. */
export function adminRoutes(api: FastifyInstance, deps: AppDeps): void {
  void api;
  void deps;
}
