import type { Queryable } from '../../db';
import type { ObjectStore } from '../../storage/objectStore';
import {
  brandImageOf,
  deleteBrandImagesExcept,
  hasBrandImage,
  insertBrandImageContent,
  insertBrandImageObject,
  type BrandImageRow,
} from './brandImages.repository';

const PATH = /^\/api\/brand-images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The image id of a stored brand image's path, or null for anything else (an external URL). */
export const brandImageId = (value: string): string | null => PATH.exec(value)?.[1] ?? null;

/** Whether `owner` uploaded the image at `path` (a business account may only point at its own uploads). */
export async function ownsBrandImage(q: Queryable, ownerId: number, path: string): Promise<boolean> {
  const id = brandImageId(path);
  if (!id) return false;
  return hasBrandImage(q, id, ownerId);
}

/** Uploads older than this that the business account does not use are removed when it is saved (a second tab may still be choosing). */
const UNUSED_GRACE_MS = 60 * 60_000;

/**
 * Removes the owner's uploads the business account no longer shows (replaced or never saved). The rows go
 * first; an object left behind by a failed delete is only storage, never shown.
 */
export async function pruneBrandImages(
  q: Queryable,
  store: ObjectStore | null,
  ownerId: number,
  keep: (string | null)[],
  now: Date,
): Promise<void> {
  const ids = keep.map((v) => (v ? brandImageId(v) : null)).filter((v): v is string => v !== null);
  const rows = await deleteBrandImagesExcept(q, ownerId, ids, new Date(now.getTime() - UNUSED_GRACE_MS));
  if (!store) return;
  for (const { storage_key } of rows) if (storage_key) await store.delete(storage_key).catch(() => undefined);
}

/**
 * Stores an uploaded image: in its row, or with object storage the object first (no transaction open
 * during the upload), then its row; an object whose row could not be written goes again.
 */
export async function storeBrandImage(
  q: Queryable,
  store: ObjectStore | null,
  row: BrandImageRow,
  content: Buffer,
): Promise<void> {
  if (!store) {
    await insertBrandImageContent(q, row, content.toString('base64'));
    return;
  }
  const key = `brand-images/${row.ownerId}/${row.id}`;
  await store.put(key, content, row.mime);
  try {
    await insertBrandImageObject(q, row, key);
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    throw error;
  }
}

/** An image's type and bytes (from its row, or object storage), or null when there is none. */
export async function brandImageBytes(
  q: Queryable,
  store: ObjectStore | null,
  id: string,
): Promise<{ mime_type: string; bytes: Buffer } | null> {
  const row = await brandImageOf(q, id);
  const bytes = row?.content
    ? Buffer.from(row.content)
    : row?.storage_key && store
      ? await store.get(row.storage_key)
      : null;
  if (!row || !bytes) return null;
  return { mime_type: row.mime_type, bytes };
}
