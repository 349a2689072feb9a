/** The SQL of AI training: the account's runs (ai_training_runs) and Settings' training data, read only. */
import type { Queryable } from '../../db';
import { lockUserRow } from '../../users/users';
import type { TrainingRun } from './training.schemas';
import type { PageWindow } from '../../http/contract';

const RUN_COLUMNS = 'id, status, provider, model, sources, tokens, summary, error_code, started_at, finished_at';

export async function lastCompletedRun(db: Queryable, accountId: number): Promise<TrainingRun | null> {
  const { rows } = await db.query<TrainingRun>(
    `SELECT ${RUN_COLUMNS} FROM ai_training_runs WHERE user_id = $1 AND status = 'completed' ORDER BY id DESC LIMIT 1`,
    [accountId],
  );
  return rows[0] ?? null;
}

/** The summary of the account's last completed run, or null. */
export async function lastCompletedSummary(db: Queryable, accountId: number): Promise<string | null> {
  const { rows } = await db.query<{ summary: string }>(
    `SELECT summary FROM ai_training_runs WHERE user_id = $1 AND status = 'completed' ORDER BY id DESC LIMIT 1`,
    [accountId],
  );
  return rows[0]?.summary ?? null;
}

/** The account's newest run, whatever its state, or null. */
export async function latestRun(db: Queryable, accountId: number): Promise<TrainingRun | null> {
  const { rows } = await db.query<TrainingRun>(
    `SELECT ${RUN_COLUMNS} FROM ai_training_runs WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
    [accountId],
  );
  return rows[0] ?? null;
}

/** One page of the account's runs, newest first, and how many there are. */
export async function listRuns(
  db: Queryable,
  accountId: number,
  { limit, offset }: PageWindow,
): Promise<{ rows: TrainingRun[]; total: number }> {
  const { rows } = await db.query<TrainingRun>(
    `SELECT ${RUN_COLUMNS} FROM ai_training_runs WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [accountId, limit, offset],
  );
  const count = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM ai_training_runs WHERE user_id = $1',
    [accountId],
  );
  return { rows, total: count.rows[0]?.total ?? 0 };
}

/** Holds the account's user row for the transaction: one run is queued at a time. */
export const lockAccount = lockUserRow;

/** Fails the account's runs queued or running since `startedBefore` or earlier (ai.training_abandoned). */
export async function abandonStaleRuns(
  tx: Queryable,
  accountId: number,
  now: Date,
  startedBefore: Date,
): Promise<void> {
  await tx.query(
    `UPDATE ai_training_runs SET status = 'failed', error_code = 'ai.training_abandoned', finished_at = $2
            WHERE user_id = $1 AND status IN ('queued', 'running') AND started_at <= $3`,
    [accountId, now, startedBefore],
  );
}

/** Is a run of the account queued or running. */
export async function hasActiveRun(tx: Queryable, accountId: number): Promise<boolean> {
  const busy = await tx.query(`SELECT 1 FROM ai_training_runs WHERE user_id = $1 AND status IN ('queued', 'running')`, [
    accountId,
  ]);
  return busy.rowCount > 0;
}

export async function insertQueuedRun(
  tx: Queryable,
  run: {
    accountId: number;
    provider: string;
    model: string;
    sources: Record<string, number>;
    tokens: number;
    now: Date;
    language: string;
  },
): Promise<TrainingRun> {
  return (
    await tx.query<TrainingRun>(
      `INSERT INTO ai_training_runs (user_id, status, provider, model, sources, tokens, started_at, language)
             VALUES ($1, 'queued', $2, $3, $4::jsonb, $5, $6, $7) RETURNING ${RUN_COLUMNS}`,
      [run.accountId, run.provider, run.model, JSON.stringify(run.sources), run.tokens, run.now, run.language],
    )
  ).rows[0]!;
}

export interface SourceAggregate {
  count: number;
  characters: number;
  changed: number;
}

/** One source's count, size (`chars`, an SQL expression) and rows changed after `after`, in one aggregate query. */
export async function sourceAggregate(
  db: Queryable,
  accountId: number,
  after: Date | null,
  from: string,
  chars: string,
  where = '',
): Promise<SourceAggregate> {
  const { rows } = await db.query<SourceAggregate>(
    `SELECT count(*)::int AS count, COALESCE(sum(${chars}), 0)::int AS characters,
              count(*) FILTER (WHERE $2::timestamptz IS NULL OR updated_at > $2::timestamptz)::int AS changed
         FROM ${from} WHERE user_id = $1 ${where}`,
    [accountId, after],
  );
  return rows[0] ?? { count: 0, characters: 0, changed: 0 };
}

/** The account's training texts, Q&A, pages and files (the first 200 of each). */
export async function trainingItems(
  db: Queryable,
  accountId: number,
): Promise<{
  texts: { title: string; content: string }[];
  qa: { question: string; answer: string }[];
  pages: { url: string; title: string }[];
  files: { name: string }[];
}> {
  const texts = await db.query<{ title: string; content: string }>(
    'SELECT title, content FROM settings_training_texts WHERE user_id = $1 ORDER BY id LIMIT 200',
    [accountId],
  );
  const qa = await db.query<{ question: string; answer: string }>(
    'SELECT question, answer FROM settings_training_qa WHERE user_id = $1 ORDER BY id LIMIT 200',
    [accountId],
  );
  const pages = await db.query<{ url: string; title: string }>(
    'SELECT url, title FROM settings_website_links WHERE user_id = $1 ORDER BY id LIMIT 200',
    [accountId],
  );
  const files = await db.query<{ name: string }>(
    'SELECT name FROM settings_training_files WHERE user_id = $1 ORDER BY id LIMIT 200',
    [accountId],
  );
  return { texts: texts.rows, qa: qa.rows, pages: pages.rows, files: files.rows };
}

/** Marks a queued (or still running) run as running; its account and language, or null when it has ended. */
export async function startRun(db: Queryable, runId: number): Promise<{ user_id: number; language: string } | null> {
  return (
    (
      await db.query<{ user_id: number; language: string }>(
        `UPDATE ai_training_runs SET status = 'running' WHERE id = $1 AND status IN ('queued', 'running') RETURNING user_id, language`,
        [runId],
      )
    ).rows[0] ?? null
  );
}

/** Ends a running run: completed with its summary, or failed with an error code. */
export async function endRun(
  tx: Queryable,
  runId: number,
  outcome: { ok: true; summary: string } | { ok: false; code: string },
  at: Date,
): Promise<void> {
  if (outcome.ok) {
    await tx.query(
      `UPDATE ai_training_runs SET status = 'completed', summary = $2, error_code = NULL, finished_at = $3 WHERE id = $1 AND status = 'running'`,
      [runId, outcome.summary, at],
    );
  } else {
    await tx.query(
      `UPDATE ai_training_runs SET status = 'failed', error_code = $2, finished_at = $3 WHERE id = $1 AND status = 'running'`,
      [runId, outcome.code, at],
    );
  }
}
