import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { aiProvider } from '../../providers/ai';
import { icpRoutes } from './icp.routes';
import { aiStatusRoutes } from './status.routes';
import { trainingRoutes } from './training.routes';

/** Routes of the AI provider and AI area. One file per resource beside this one; register them here. */
export function aiRoutes(api: FastifyInstance, deps: AppDeps): void {
  // Reads AI_* now, so a bad setting stops the start (ConfigError naming the variable), not a request.
  aiProvider();
  aiStatusRoutes(api, deps);
  trainingRoutes(api, deps);
  icpRoutes(api, deps);
}
