import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';

/** Routes of the Settings area. One file per resource beside this one; register them here. */
export function settingsRoutes(api: FastifyInstance, deps: AppDeps): void {
  void api;
  void deps;
}
