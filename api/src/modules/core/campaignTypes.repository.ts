import type { Queryable } from '../../db';

export async function listTypes(q: Queryable): Promise<{ id: number; name: string; search_type: string }[]> {
  const { rows } = await q.query<{ id: number; name: string; search_type: string }>(
    'SELECT id, name, search_type FROM list_types ORDER BY id',
  );
  return rows;
}
