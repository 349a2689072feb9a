/**
 * Uploaded files (training files) in object storage through the S3 API, when configured
 * (S3_BUCKET, ...). Without it they stay in the database, the embedded default.
 */
export interface ObjectStorageConfig {
  bucket: string;
  /** Another S3-compatible service (MinIO, R2, a local fake): its base URL; AWS when absent. */
  endpoint: string | null;
  region: string;
  /** Path-style URLs (`endpoint/bucket/key`), which most S3-compatible services need. */
  forcePathStyle: boolean;
  /** Static credentials; absent: the SDK's default chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

type Env = Record<string, string | undefined>;

/** Reads S3_* from the environment; null without S3_BUCKET. `fail(key, message)` reports a bad value. */
export function objectStorageConfig(
  env: Env,
  fail: (key: string, message: string) => Error,
): ObjectStorageConfig | null {
  const value = (key: string) => (env[key]?.trim() ? env[key]!.trim() : undefined);
  const bucket = value('S3_BUCKET');
  if (!bucket) return null;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw fail('S3_BUCKET', 'expected an S3 bucket name (3-63 lowercase letters, digits, dots, hyphens)');
  const endpoint = value('S3_ENDPOINT') ?? null;
  if (endpoint !== null && !/^https?:\/\/[^\s/]+\/?$/.test(endpoint))
    throw fail('S3_ENDPOINT', 'expected a base URL such as https://s3.example.com');
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw fail(
      accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    );
  const pathStyle = value('S3_FORCE_PATH_STYLE');
  if (pathStyle !== undefined && !['true', 'false'].includes(pathStyle))
    throw fail('S3_FORCE_PATH_STYLE', 'expected true or false');
  return {
    bucket,
    endpoint,
    region: value('S3_REGION') ?? 'us-east-1',
    forcePathStyle: pathStyle === undefined ? endpoint !== null : pathStyle === 'true',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
  };
}
