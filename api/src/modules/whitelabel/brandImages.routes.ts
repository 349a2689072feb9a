import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { imageSize } from 'image-size';
import type { AppDeps } from '../../http/context';
import { MessageProperties, StringEnum, Type } from '../../http/contract';
import { ApiError, unprocessable, validationError } from '../../http/errors';
import { s3ObjectStore } from '../../storage/objectStore';
import { say } from '../../http/respond';
import { brandImageBytes, storeBrandImage } from './brandImages.service';
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

export function brandImageRoutes(api: FastifyInstance, { db, clock, config }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const store = config.objectStorage ? s3ObjectStore(config.objectStorage) : null;
  if (store) app.addHook('onClose', async () => store.close());

  app.post(
    '/api/whitelabel/brand-images',
    {
      onRequest: resellerGuard(app),
      bodyLimit: BASE64_MAX_CHARS + 64 * 1024,
      schema: {
        summary:
          'Upload a logo or favicon (base64 PNG, JPEG, GIF, WebP or ICO, at most 5 MB); answers the path to put in the business account',
        body: Type.Object(
          {
            kind: StringEnum(BRAND_IMAGE_KINDS),
            // A flat pattern: the grouped base64 pattern overflows the regex engine's stack on megabytes.
            content_base64: Type.String({
              minLength: 4,
              maxLength: BASE64_MAX_CHARS,
              pattern: '^[A-Za-z0-9+/]*={0,2}$',
            }),
          },
          { additionalProperties: false },
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
      await storeBrandImage(
        db,
        store,
        {
          id,
          ownerId,
          kind: request.body.kind,
          mime: image.mime,
          sizeBytes: content.length,
          width: image.width,
          height: image.height,
          createdAt: clock.now(),
        },
        content,
      );
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
  app.get(
    '/api/brand-images/:id',
    {
      schema: {
        summary: "A reseller's uploaded logo or favicon",
        params: Type.Object(
          { id: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }) },
          { additionalProperties: false },
        ),
        response: {
          200: {
            description: 'The image',
            content: Object.fromEntries(
              BRAND_IMAGE_MIME_TYPES.map((m) => [
                m,
                { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) },
              ]),
            ),
          },
        },
      },
    },
    async (request, reply) => {
      const image = await brandImageBytes(db, store, request.params.id);
      if (!image) throw new ApiError(404, 'not_found');
      const { mime_type, bytes } = image;
      return (
        reply
          .type(mime_type)
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
