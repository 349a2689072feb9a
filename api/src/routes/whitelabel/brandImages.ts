import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { imageSize } from 'image-size';
import type { Queryable } from '../../db';
import type { AppDeps } from '../../http/context';
import { MessageProperties, StringEnum, Type } from '../../http/contract';
import { ApiError, unprocessable, validationError } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { s3ObjectStore, type ObjectStore } from '../../storage/objectStore';
import { say } from '../respond';
import { resellerGuard, resellerIdOf } from './common';

/**
 * A reseller's logo and favicon, uploaded (spec §5: "accepted image formats", image maximum 5 MB) and kept
 * like the other uploads: in the database, or in object storage when configured (S3_BUCKET). The business
 * account's logo/favicon then holds the image's path, /api/brand-images/{id}, which anyone may read (the
 * login page shows it before a sign-in): the id is random, the bytes are an image and nothing else.
 */
export const BRAND_IMAGE_MAX_MB = 5;
const MAX_BYTES = BRAND_IMAGE_MAX_MB * 1024 * 1024;
/** Base64 of twice the limit still parses, so an oversized image gets the spec's message rather than a generic 413. */
const BASE64_MAX_CHARS = Math.ceil((2 * MAX_BYTES) / 3) * 4;

export const BRAND_IMAGE_KINDS = ['logo', 'favicon'] as const;
export type BrandImageKind = (typeof BRAND_IMAGE_KINDS)[number];

/**
 * Raster formats a browser shows as an image, by the type image-size reads from the bytes (never the name
 * or the declared type). No SVG: it can carry script, and the path is served from the app's origin.
 */
const FORMATS: Record<string, { mime: string; label: string }> = {
  png: { mime: 'image/png', label: 'PNG' },
  jpg: { mime: 'image/jpeg', label: 'JPEG' },
  gif: { mime: 'image/gif', label: 'GIF' },
  webp: { mime: 'image/webp', label: 'WebP' },
  ico: { mime: 'image/x-icon', label: 'ICO' },
};
export const BRAND_IMAGE_FORMATS = Object.values(FORMATS).map((f) => f.label);
export const BRAND_IMAGE_MIME_TYPES = Object.values(FORMATS).map((f) => f.mime);

const PATH_PREFIX = '/api/brand-images/';
const PATH = /^\/api\/brand-images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The image id of a stored brand image's path, or null for anything else (an external URL). */
export const brandImageId = (value: string): string | null => PATH.exec(value)?.[1] ?? null;

/** Whether `owner` uploaded the image at `path` (a business account may only point at its own uploads). */
export async function ownsBrandImage(q: Queryable, ownerId: number, path: string): Promise<boolean> {
  const id = brandImageId(path);
  if (!id) return false;
  return (
    ((await q.query('SELECT 1 FROM brand_images WHERE id = $1 AND owner_user_id = $2', [id, ownerId])).rowCount ?? 0) >
    0
  );
}

/** What the bytes are: one of the accepted formats with its size in pixels, or null. */
function detect(content: Buffer): { mime: string; width: number; height: number } | null {
  try {
    const found = imageSize(content);
    const format = found.type ? FORMATS[found.type] : undefined;
    return format ? { mime: format.mime, width: found.width, height: found.height } : null;
  } catch {
    return null;
  }
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
  const { rows } = await q.query<{ storage_key: string | null }>(
    'DELETE FROM brand_images WHERE owner_user_id = $1 AND NOT (id = ANY($2::uuid[])) AND created_at < $3 RETURNING storage_key',
    [ownerId, `{${ids.join(',')}}`, new Date(now.getTime() - UNUSED_GRACE_MS)],
  );
  if (!store) return;
  for (const { storage_key } of rows) if (storage_key) await store.delete(storage_key).catch(() => undefined);
}

const UploadAnswer = Type.Object({
  ...MessageProperties,
  data: Type.Object({
    /** Put it in the business account's logo or favicon field. */
    url: Type.String(),
    kind: StringEnum(BRAND_IMAGE_KINDS),
    mime_type: Type.String(),
    size_bytes: Type.Integer(),
    width: Type.Integer(),
    height: Type.Integer(),
  }),
});

export function brandImageRoutes(app: FastifyInstance, { db, clock, config }: AppDeps): void {
  const store = config.objectStorage ? s3ObjectStore(config.objectStorage) : null;
  if (store) app.addHook('onClose', async () => store.close());

  app.post<{ Body: { kind: BrandImageKind; content_base64: string } }>(
    '/api/whitelabel/brand-images',
    {
      onRequest: resellerGuard(app),
      bodyLimit: BASE64_MAX_CHARS + 64 * 1024,
      schema: {
        summary:
          'Upload a logo or favicon (base64 PNG, JPEG, GIF, WebP or ICO, at most 5 MB); answers the path to put in the business account',
        body: objectSchema(
          {
            kind: { type: 'string', enum: BRAND_IMAGE_KINDS },
            // A flat pattern: the grouped base64 pattern overflows the regex engine's stack on megabytes.
            content_base64: {
              type: 'string',
              minLength: 4,
              maxLength: BASE64_MAX_CHARS,
              pattern: '^[A-Za-z0-9+/]*={0,2}$',
            },
          },
          ['kind', 'content_base64'],
        ),
        response: { 201: UploadAnswer },
      },
    },
    async (request, reply) => {
      const ownerId = await resellerIdOf(db, request);
      const content = Buffer.from(request.body.content_base64, 'base64');
      if (content.length > MAX_BYTES) throw unprocessable('settings.file_too_large', 'file', { n: BRAND_IMAGE_MAX_MB });
      const image = detect(content);
      if (!image)
        throw validationError({
          field: 'file',
          code: 'validation.image_formats',
          params: { formats: BRAND_IMAGE_FORMATS.join(', ') },
        });
      const id = randomUUID();
      const values = [
        id,
        ownerId,
        request.body.kind,
        image.mime,
        content.length,
        image.width,
        image.height,
        clock.now(),
      ];
      if (!store) {
        await db.query(
          `INSERT INTO brand_images (id, owner_user_id, kind, mime_type, size_bytes, width, height, created_at, content) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, decode($9, 'base64'))`,
          [...values, content.toString('base64')],
        );
      } else {
        // The object first (no transaction open during the upload), then its row; an object whose row could not be written goes again.
        const key = `brand-images/${ownerId}/${id}`;
        await store.put(key, content, image.mime);
        try {
          await db.query(
            `INSERT INTO brand_images (id, owner_user_id, kind, mime_type, size_bytes, width, height, created_at, storage_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [...values, key],
          );
        } catch (error) {
          await store.delete(key).catch(() => undefined);
          throw error;
        }
      }
      reply.code(201);
      return {
        ...say(request, 'whitelabel.image_uploaded'),
        data: {
          url: `${PATH_PREFIX}${id}`,
          kind: request.body.kind,
          mime_type: image.mime,
          size_bytes: content.length,
          width: image.width,
          height: image.height,
        },
      };
    },
  );

  // Public in the route table: the login page and the favicon are shown before anyone signs in.
  app.get<{ Params: { id: string } }>(
    '/api/brand-images/:id',
    {
      schema: {
        summary: "A reseller's uploaded logo or favicon",
        params: objectSchema(
          { id: { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' } },
          ['id'],
        ),
        response: {
          200: {
            description: 'The image',
            content: Object.fromEntries(
              BRAND_IMAGE_MIME_TYPES.map((m) => [
                m,
                { schema: Type.Unsafe<Readable>({ type: 'string', format: 'binary' }) },
              ]),
            ),
          },
        },
      },
    },
    async (request, reply) => {
      const { rows } = await db.query<{ mime_type: string; content: Uint8Array | null; storage_key: string | null }>(
        'SELECT mime_type, content, storage_key FROM brand_images WHERE id = $1',
        [request.params.id],
      );
      const row = rows[0];
      const bytes = row?.content
        ? Buffer.from(row.content)
        : row?.storage_key && store
          ? await store.get(row.storage_key)
          : null;
      if (!row || !bytes) throw new ApiError(404, 'not_found');
      return (
        reply
          .type(row.mime_type)
          .header('content-length', String(bytes.length))
          // An id names one upload for ever: a new logo is a new id.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .send(bytes)
      );
    },
  );
}
