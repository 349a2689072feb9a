import type { Queryable } from '../../db';

export interface TopicRow {
  id: number;
  title: string;
  description: string | null;
}

/** The super admin's topics marked shown, in their order (a draft topic is never read). */
export async function shownTopics(db: Queryable): Promise<TopicRow[]> {
  return (
    await db.query<TopicRow>(
      'SELECT id, title, description FROM admin_topics WHERE shown ORDER BY position, id LIMIT 100',
    )
  ).rows;
}
