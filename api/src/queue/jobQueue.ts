import { fromPglite, PgBoss, type Db as IDatabase, type Job } from 'pg-boss';
import type { Db, Queryable, SqlParam } from '../db';
import { releaseOrphanedEffects, secondsFromEnv } from '../effects/externalEffects';
import { runInJobContext } from '../ops/logContext';
import { jobDuration, jobFailures } from '../ops/metrics';

/**
 * Which work a process does (`PROCESS_ROLE`): `web` serves HTTP and only enqueues; `worker` runs the
 * queued work (and serves HTTP too, so a load balancer's health check reaches it); `all` (the
 * default, `npm start`) does both in one process.
 */
export const PROCESS_ROLES = ['web', 'worker', 'all'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/** The schema pg-boss keeps its tables in, beside the application's tables. */
export const QUEUE_SCHEMA = 'pgboss';

/** How a kind of work is retried when its worker throws or dies. */
export interface JobKindOptions {
  /**
   * Seconds a job may stay active before pg-boss's supervisor takes it back and retries it: the
   * bound on how long work of a worker that died (kill -9, lost machine) waits before another
   * worker resumes it, plus one supervise interval (QUEUE_SUPERVISE_SECONDS).
   */
  expireInSeconds: number;
  retryLimit: number;
  retryDelay: number;
  /** Jobs of this kind one process runs at once. */
  concurrency: number;
  /** pg-boss queue policy; `stately` with a singleton key = one queued and one running job per key. */
  policy?: 'standard' | 'stately' | 'singleton';
  /** Retry delays double from `retryDelay` (pg-boss `retryBackoff`). */
  retryBackoff?: boolean;
  /** Also run on this cron schedule (UTC), by pg-boss's scheduler in the worker processes (one run per slot across processes). */
  cron?: string;
  /**
   * A tick: after each run the job enqueues its next run this many milliseconds later (one chain
   * across all worker processes: the job's `stately` key). Worker processes start the chain; the
   * `cron` schedule, when given, restarts it if a crash broke it.
   */
  everyMs?: number;
  /**
   * A job that fails for good (its last retry threw, or its worker died on the last attempt and it
   * expired) is handed, with the same data, to this kind of work (pg-boss `deadLetter`): the place to
   * record the failure where the user sees it. That kind must be defined too.
   */
  deadLetter?: string;
}

export interface JobContext {
  /** pg-boss's job id: stable across retries of the same job. */
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface SendOptions {
  /**
   * Enqueue inside this open transaction: the job exists if and only if the transaction commits
   * (the rows it works on and the job that works on them appear together).
   */
  tx?: Queryable;
  /** At most one queued job with this key (pg-boss `singletonKey`): a second send is a no-op. */
  singletonKey?: string;
  startAfter?: Date;
}

/** How often pg-boss's supervisor looks for expired (dead worker) jobs, in seconds. */
export const QUEUE_SUPERVISE_SECONDS = secondsFromEnv('QUEUE_SUPERVISE_SECONDS', 10, 1, 600);

/** How often a worker asks for jobs when nothing wakes it (and always on PGlite, which has no LISTEN/NOTIFY). */
const POLL_SECONDS = 1;

/**
 * How often a worker of this kind asks for jobs while LISTEN/NOTIFY is on. A NOTIFY wakes workers
 * only for a job that is due when it is sent: a job sent for later (a tick's next run, a retry after
 * its delay, a job taken back from a dead worker) is found by this poll alone (pg-boss's default is
 * 30 s). So: a tick polls at its own pace, every other kind at the supervise interval, which keeps
 * the documented bound on work left by a dead worker (expiry + QUEUE_SUPERVISE_SECONDS).
 */
export function backstopPollSeconds(options: Pick<JobKindOptions, 'everyMs'>): number {
  const seconds =
    options.everyMs === undefined ? QUEUE_SUPERVISE_SECONDS : Math.min(QUEUE_SUPERVISE_SECONDS, options.everyMs / 1000);
  return Math.max(POLL_SECONDS, seconds);
}

interface Definition {
  name: string;
  options: JobKindOptions;
  handler: JobHandler<unknown>;
}

export interface JobQueue {
  readonly role: ProcessRole;
  /** Declares a kind of work (before start). Handlers must be idempotent: a job can run again after a crash. */
  define<T extends object>(name: string, options: JobKindOptions, handler: JobHandler<T>): void;
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Creates the queue's tables and queues; starts polling workers when the role runs work. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * THE test seam: runs every job that is due, in this process, until no queue has any left (work
   * a job enqueues runs too). Deterministic: no timers, no polling. Throws the first handler error
   * after draining (the failed job is left to pg-boss's retry rules).
   */
  drain(): Promise<number>;
}

/**
 * Whether a job of this kind and singleton key is queued, waiting for a retry or running (read from pg-boss's
 * table), as SQL over the caller's expressions (a parameter, a literal, a column): a read that must agree with it
 * (a list's rows and whether its grading is still to land) asks both in one statement, on one snapshot.
 */
export const jobUnderwaySql = (nameSql: string, singletonKeySql: string): string =>
  `EXISTS (SELECT 1 FROM ${QUEUE_SCHEMA}.job WHERE name = ${nameSql} AND singleton_key = ${singletonKeySql} AND state IN ('created', 'retry', 'active'))`;

/** pg-boss's `db` option over one of our open transactions. */
function transactionDb(tx: Queryable): IDatabase {
  return {
    executeSql: async (text, values) => ({
      rows: (await tx.query(text, values as SqlParam[] | undefined)).rows as unknown[],
    }),
  };
}

export interface CreateJobQueueOptions {
  db: Db;
  role: ProcessRole;
  onError: (error: unknown, context: string) => void;
  /** Told of each attempt that threw, inside the job's log context (the line carries jobId and jobKind). */
  onJobFailed?: (error: unknown, kind: string) => void;
}

const queuesByDb = new WeakMap<Db, JobQueue>();

/**
 * The queue the app built over this database (for code that is handed only the Db, such as the
 * autopilot scheduler). Throws when no app owns the database.
 */
export function queueOf(db: Db): JobQueue {
  const queue = queuesByDb.get(db);
  if (!queue) throw new Error('no job queue is attached to this database (build the app first)');
  return queue;
}

/**
 * One pg-boss instance per process: on the embedded PGlite through pg-boss's PGlite adapter (same
 * single connection), on PostgreSQL through a small pool of its own.
 */
export function createJobQueue({ db, role, onError, onJobFailed }: CreateJobQueueOptions): JobQueue {
  const target = db.queueTarget;
  if (!target) throw new Error('this database cannot hold the job queue');
  const runsWork = role !== 'web';
  const common = {
    schema: QUEUE_SCHEMA,
    // The supervisor (expiry, retries) and the scheduler run where work runs.
    supervise: runsWork,
    schedule: runsWork,
    superviseIntervalSeconds: QUEUE_SUPERVISE_SECONDS,
    // Expiry is checked in the monitor pass, at most once per monitor interval per queue.
    monitorIntervalSeconds: QUEUE_SUPERVISE_SECONDS,
    useListenNotify: runsWork,
    registerInstance: false,
    openTelemetry: { enabled: false },
  };
  const boss =
    target.kind === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(target.pglite), backend: 'pglite' })
      : new PgBoss({
          ...common,
          connectionString: target.connectionString,
          max: 4,
          application_name: `leadsmith-${role}`,
        });
  boss.on('error', (error) => onError(error, 'job queue'));

  const definitions = new Map<string, Definition>();
  let started = false;

  const run = async (definition: Definition, job: Job<object>) => {
    const startedAt = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - startedAt) / 1e9;
    try {
      await runInJobContext({ jobId: job.id, jobKind: definition.name }, async () => {
        try {
          await definition.handler(job.data, {
            id: job.id,
            retryCount: (job as Job<object> & { retryCount?: number }).retryCount ?? 0,
          });
        } catch (error) {
          onJobFailed?.(error, definition.name);
          throw error;
        }
      });
      jobDuration.observe({ kind: definition.name, outcome: 'completed' }, seconds());
    } catch (error) {
      jobDuration.observe({ kind: definition.name, outcome: 'failed' }, seconds());
      jobFailures.inc({ kind: definition.name });
      throw error;
    } finally {
      const every = definition.options.everyMs;
      if (every !== undefined && runsWork)
        await boss.send(
          definition.name,
          {},
          { singletonKey: definition.name, startAfter: new Date(Date.now() + every) },
        );
    }
  };

  /**
   * An embedded database belongs to one process: a job still active when it opens was running in
   * a process that died (kill -9, power cut). It goes back to pg-boss's retry rules at once instead
   * of waiting out its expiry. (On PostgreSQL other live processes may hold active jobs, so there
   * expiry is the bound: expireInSeconds + QUEUE_SUPERVISE_SECONDS.)
   */
  const recoverOrphans = async () => {
    for (const d of definitions.values()) {
      const orphans = (await boss.findJobs(d.name, { limit: 1000 }))
        .filter((job) => job.state === 'active')
        .map((job) => job.id);
      if (orphans.length) await boss.fail(d.name, orphans, { message: 'the process running this job stopped' });
    }
  };

  const queue: JobQueue = {
    role,
    define(name, options, handler) {
      if (started) throw new Error(`job kind ${name} defined after the queue started`);
      if (definitions.has(name)) throw new Error(`job kind ${name} defined twice`);
      definitions.set(name, { name, options, handler: handler as JobHandler<unknown> });
    },
    async send(name, data, options = {}) {
      if (!definitions.has(name)) throw new Error(`unknown job kind ${name}`);
      return boss.send(name, data, {
        singletonKey: options.singletonKey,
        startAfter: options.startAfter,
        db: options.tx ? transactionDb(options.tx) : undefined,
      });
    },
    async start() {
      await boss.start();
      for (const d of definitions.values()) {
        if (d.options.deadLetter && !definitions.has(d.options.deadLetter))
          throw new Error(`job kind ${d.name} hands failures to undefined ${d.options.deadLetter}`);
      }
      // A dead-letter queue must exist before the queues that hand it their failures.
      const ordered = [...definitions.values()].sort(
        (a, b) => Number(Boolean(a.options.deadLetter)) - Number(Boolean(b.options.deadLetter)),
      );
      for (const d of ordered) {
        const {
          expireInSeconds,
          retryLimit,
          retryDelay,
          retryBackoff = false,
          policy = 'standard',
          deadLetter,
        } = d.options;
        const settings = {
          expireInSeconds,
          retryLimit,
          retryDelay,
          retryBackoff,
          notify: true,
          ...(deadLetter ? { deadLetter } : {}),
        };
        await boss.createQueue(d.name, { policy, ...settings });
        // createQueue leaves an existing queue as it was: a database made before a setting changed (an
        // operator's QUEUE_JOB_EXPIRE_SECONDS, a dead letter declared later) gets this version's here.
        await boss.updateQueue(d.name, settings);
        // Warms pg-boss's queue cache, so a send inside one of our transactions never has to read it
        // (on PGlite that read would wait behind the very transaction that is sending).
        await boss.findJobs(d.name, { key: '', limit: 1 });
      }
      started = true;
      if (!runsWork) return;
      for (const d of definitions.values()) {
        if (d.options.cron) await boss.schedule(d.name, d.options.cron, {});
        if (d.options.everyMs !== undefined) await boss.send(d.name, {}, { singletonKey: d.name });
      }
      if (target.kind === 'pglite') {
        await releaseOrphanedEffects(db);
        await recoverOrphans();
      }
      for (const d of definitions.values()) {
        const polling = {
          pollingIntervalSeconds: POLL_SECONDS,
          notifyPollingIntervalSeconds: backstopPollSeconds(d.options),
        };
        await boss.work<object>(d.name, { localConcurrency: d.options.concurrency, ...polling }, async (jobs) => {
          for (const job of jobs) await run(d, job);
        });
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
    async drain() {
      let ran = 0;
      let firstError: unknown = null;
      for (;;) {
        let round = 0;
        for (const d of definitions.values()) {
          const jobs = await boss.fetch<object>(d.name, { batchSize: 10 });
          for (const job of jobs) {
            round += 1;
            try {
              await run(d, job);
              await boss.complete(d.name, job.id);
            } catch (error) {
              firstError ??= error;
              await boss.fail(d.name, job.id, { message: error instanceof Error ? error.message : String(error) });
            }
          }
        }
        ran += round;
        if (round === 0) break;
      }
      if (firstError) throw firstError;
      return ran;
    },
  };
  queuesByDb.set(db, queue);
  return queue;
}
