import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { registryOverrideRoutes } from './registryOverrides.routes';

/** Routes of the remote delivery (registry overrides, diagnostics). One file per resource beside this one; register them here. */
export function deliveryRoutes(api: FastifyInstance, deps: AppDeps): void {
  registryOverrideRoutes(api, deps);
}
