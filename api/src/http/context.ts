import type { onRequestAsyncHookHandler } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db';
import type { Language } from '../i18n/messages';
import type { Mailer } from '../mail/mailer';
import type { JobQueue } from '../queue/jobQueue';
import type { ModuleSlug, Role, UserType } from '../users/users';

/** What every route needs; passed explicitly so tests can swap any part. */
export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  /** Background work (api/src/queue): routes enqueue, workers in api/src/workers run it. */
  queue: JobQueue;
}

/** The signed-in user a valid bearer token resolves to. */
export interface AuthUser {
  id: number;
  email: string;
  role: Role;
  userType: UserType;
  lang: Language;
  modules: ModuleSlug[];
  /** The auth_tokens row behind this request (logout revokes it). */
  tokenId: number;
  /** The admin who started the impersonation this token belongs to; null for the user's own sign-in. */
  impersonatorId: number | null;
  /** When the account's licence ends (its team owner's for a team member); null: never (ADR 046). */
  licenseExpiresAt: Date | null;
}

declare module 'fastify' {
  // Same type parameters as fastify's own declaration (required for merging).
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider> {
    /** Database, config, clock and mailer, for route files of later areas. */
    deps: AppDeps;
    /** The job queue; `await app.queue.drain()` runs all queued work to completion (the test seam). */
    queue: JobQueue;
    /** onRequest hook: 401 unless a valid bearer token is given (sets request.user). */
    requireAuth: onRequestAsyncHookHandler;
    /** onRequest hook: sets request.user when a valid token is given, never refuses. */
    optionalAuth: onRequestAsyncHookHandler;
    /** onRequest hook, after requireAuth: 403 unless the user holds the module. */
    requireModule(slug: ModuleSlug): onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    /** From User-Language (then the user's own language, then en). */
    lang: Language;
    /** Set by requireAuth / optionalAuth. */
    user: AuthUser | null;
  }
}
