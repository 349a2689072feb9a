import type { S3Client } from '@aws-sdk/client-s3';
import type { ObjectStorageConfig } from './config';

/** Where uploaded files go when object storage is configured (api/src/storage/config.ts). */
export interface ObjectStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none under `key`. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object (no error when it is already gone). */
  delete(key: string): Promise<void>;
}

/** The SDK, loaded on first use: it costs ~20 MB and ~0.2 s, which an instance without object storage never pays. */
const sdk = () => import('@aws-sdk/client-s3');

/** An object store on the S3 API (@aws-sdk/client-s3). */
export function s3ObjectStore(config: ObjectStorageConfig): ObjectStore & { close(): void } {
  let client: S3Client | null = null;
  const connect = async () => {
    const { S3Client } = await sdk();
    client ??= new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Checksums only where S3 requires them: services that speak an older S3 dialect refuse the rest.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
    return client;
  };
  const Bucket = config.bucket;
  return {
    async put(key, body, contentType) {
      const { PutObjectCommand } = await sdk();
      await (
        await connect()
      ).send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
      );
    },
    async get(key) {
      const { GetObjectCommand } = await sdk();
      try {
        const object = await (await connect()).send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      const { DeleteObjectCommand } = await sdk();
      await (await connect()).send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    close: () => client?.destroy(),
  };
}
