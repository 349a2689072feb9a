import type { Queryable } from '../../db';

/**
 * The account's Q&A whose question, normalised (trimmed, blanks collapsed, lower case: the same as the
 * service's normalise()), is one of `normalisedQuestions`; in id order.
 */
export async function qaAnswering(
  db: Queryable,
  accountId: number,
  normalisedQuestions: readonly string[],
): Promise<{ id: number; question: string }[]> {
  const { rows } = await db.query<{ id: number; question: string }>(
    `SELECT id, question FROM settings_training_qa
          WHERE user_id = $1 AND regexp_replace(lower(btrim(question)), '\\s+', ' ', 'g') IN (SELECT jsonb_array_elements_text($2::jsonb)) ORDER BY id`,
    [accountId, JSON.stringify(normalisedQuestions)],
  );
  return rows;
}
