import type { Queryable } from '../../db';

export async function hasBrandImage(q: Queryable, id: string, ownerId: number): Promise<boolean> {
  return (
    ((await q.query('SELECT 1 FROM brand_images WHERE id = $1 AND owner_user_id = $2', [id, ownerId])).rowCount ?? 0) >
    0
  );
}

/** Deletes the owner's uploads made before `before` other than `keepIds`; answers their storage keys. */
export async function deleteBrandImagesExcept(
  q: Queryable,
  ownerId: number,
  keepIds: string[],
  before: Date,
): Promise<{ storage_key: string | null }[]> {
  const { rows } = await q.query<{ storage_key: string | null }>(
    'DELETE FROM brand_images WHERE owner_user_id = $1 AND NOT (id = ANY($2::uuid[])) AND created_at < $3 RETURNING storage_key',
    [ownerId, `{${keepIds.join(',')}}`, before],
  );
  return rows;
}

/** An uploaded image's row: its bytes (`content`) or, in object storage, its key. */
export interface BrandImageRow {
  id: string;
  ownerId: number;
  kind: string;
  mime: string;
  sizeBytes: number;
  width: number;
  height: number;
  createdAt: Date;
}

const valuesOf = (r: BrandImageRow) => [r.id, r.ownerId, r.kind, r.mime, r.sizeBytes, r.width, r.height, r.createdAt];

export async function insertBrandImageContent(q: Queryable, row: BrandImageRow, base64: string): Promise<void> {
  await q.query(
    `INSERT INTO brand_images (id, owner_user_id, kind, mime_type, size_bytes, width, height, created_at, content) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, decode($9, 'base64'))`,
    [...valuesOf(row), base64],
  );
}

export async function insertBrandImageObject(q: Queryable, row: BrandImageRow, storageKey: string): Promise<void> {
  await q.query(
    `INSERT INTO brand_images (id, owner_user_id, kind, mime_type, size_bytes, width, height, created_at, storage_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [...valuesOf(row), storageKey],
  );
}

export async function brandImageOf(
  q: Queryable,
  id: string,
): Promise<{ mime_type: string; content: Uint8Array | null; storage_key: string | null } | null> {
  const { rows } = await q.query<{ mime_type: string; content: Uint8Array | null; storage_key: string | null }>(
    'SELECT mime_type, content, storage_key FROM brand_images WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}
