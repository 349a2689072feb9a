import type { Queryable } from '../../db';
import type { Language } from '../../i18n/messages';

/** Changes what was sent of the user's name and language (COALESCE keeps the rest); one statement, so no partial write. */
export async function updateProfile(
  q: Queryable,
  userId: number,
  p: { firstName: string | null; lastName: string | null; lang: Language | null },
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE users SET first_name = COALESCE($2, first_name), last_name = COALESCE($3, last_name),
                      lang = COALESCE($4, lang), updated_at = $5
      WHERE id = $1`,
    [userId, p.firstName, p.lastName, p.lang, now],
  );
}
