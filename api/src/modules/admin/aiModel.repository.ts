/** The SQL of the platform's AI model (ai_model_setting, one row). */
import type { Queryable } from '../../db';

/** The model the super admin chose, or null when none was. */
export async function chosenAiModel(db: Queryable): Promise<string | null> {
  return (await db.query<{ model: string }>('SELECT model FROM ai_model_setting WHERE id')).rows[0]?.model ?? null;
}

export async function saveChosenAiModel(db: Queryable, model: string, actorId: number): Promise<void> {
  await db.query(
    `INSERT INTO ai_model_setting (id, model, updated_by, updated_at) VALUES (true, $1, $2, now())
         ON CONFLICT (id) DO UPDATE SET model = EXCLUDED.model, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [model, actorId],
  );
}
