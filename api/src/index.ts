/** Library entry (`@leadsmith/api`): lets scripts and tests start the API in-process. */
export { buildApp, type BuildAppOptions } from './app';
export { loadConfig, ConfigError, REPO_ROOT, type Config } from './config';
export { systemClock, type Clock } from './clock';
export { openDb, migrate, MIGRATIONS, type Db, type Queryable } from './db';
export { seed, DEMO_ACCOUNTS } from './seed';
export type { UserDto } from './users/users';
export type { RemoteRegistry } from './web/remotes';
export type { SiteSettings } from './modules/core/siteSettings.schemas';
export type { UserLimits } from './modules/core/userLimits.routes';
export type { ErrorBody } from './http/errorHandler';
