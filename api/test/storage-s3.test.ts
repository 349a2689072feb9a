import { objectStorageConfig, type ObjectStorageConfig } from '../src/storage/config';
import { s3ObjectStore } from '../src/storage/objectStore';
import { startFakeS3, type FakeS3 } from './fakeS3';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { PNG } from './whitelabel-helpers';

/** Uploaded training files in object storage through the S3 API (S3_BUCKET), against a local S3 fake. */
describe('object storage (S3 API)', () => {
  let s3: FakeS3;
  let settings: ObjectStorageConfig;
  beforeAll(async () => {
    s3 = await startFakeS3();
    settings = {
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: s3.credentials,
    };
  });
  afterAll(() => s3.close());

  test('the store puts, reads back and deletes objects; a missing one reads as null', async () => {
    const store = s3ObjectStore(settings);
    try {
      const body = Buffer.from('bytes that are not text: \u0000\u00ff', 'latin1');
      await store.put('tests/one', body, 'application/octet-stream');
      expect(s3.objects.get('tests/one')).toEqual({ body, contentType: 'application/octet-stream' });
      expect(await store.get('tests/one')).toEqual(body);
      await store.delete('tests/one');
      expect(s3.objects.has('tests/one')).toBe(false);
      expect(await store.get('tests/one')).toBeNull();
    } finally {
      store.close();
    }
  });

  test('a wrong secret is refused by the signature check', async () => {
    const store = s3ObjectStore({ ...settings, credentials: { ...s3.credentials, secretAccessKey: 'not-the-secret' } });
    try {
      await expect(store.put('tests/two', Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
        name: 'SignatureDoesNotMatch',
      });
      expect(s3.objects.has('tests/two')).toBe(false);
    } finally {
      store.close();
    }
  });

  test('S3_* settings: off without a bucket, bad values name their variable', () => {
    const fail = (key: string, message: string) => new Error(`${key}: ${message}`);
    expect(objectStorageConfig({}, fail)).toBeNull();
    expect(
      objectStorageConfig(
        { S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' },
        fail,
      ),
    ).toEqual({
      bucket: 'files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
    });
    expect(objectStorageConfig({ S3_BUCKET: 'files', S3_REGION: 'eu-west-3' }, fail)).toMatchObject({
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
      region: 'eu-west-3',
    });
    expect(() => objectStorageConfig({ S3_BUCKET: 'Bad_Bucket' }, fail)).toThrow(/^S3_BUCKET: /);
    expect(() => objectStorageConfig({ S3_BUCKET: 'files', S3_ENDPOINT: 'ftp://x' }, fail)).toThrow(/^S3_ENDPOINT: /);
    expect(() => objectStorageConfig({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'a' }, fail)).toThrow(
      /^S3_SECRET_ACCESS_KEY: /,
    );
    expect(() => objectStorageConfig({ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'yes' }, fail)).toThrow(
      /^S3_FORCE_PATH_STYLE: /,
    );
  });

  describe('training files with object storage configured', () => {
    let ctx: TestContext;
    let customer: string;
    beforeAll(async () => {
      ctx = await createTestApp({ config: { objectStorage: settings } });
      customer = await login(ctx.app, DEMO.customer);
    });
    afterAll(() => ctx.close());

    const upload = (name: string, text: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/business-details/training-files',
        headers: bearer(customer),
        payload: { name, mime_type: 'text/plain', content_base64: Buffer.from(text).toString('base64') },
      });

    test('an upload goes to the bucket (the row keeps its key, not the bytes); delete removes the object', async () => {
      const created = await upload('prices.txt', 'Our prices start at 99 EUR.');
      expect(created.statusCode).toBe(201);
      const { data } = json<{ data: { id: number; size_bytes: number; name: string } }>(created);
      expect(data).toMatchObject({ name: 'prices.txt', size_bytes: 27 });
      const row = (
        await ctx.db.query<{ content: unknown; storage_key: string }>(
          'SELECT content, storage_key FROM settings_training_files WHERE id = $1',
          [data.id],
        )
      ).rows[0]!;
      expect(row.content).toBeNull();
      expect(row.storage_key).toMatch(/^training-files\/\d+\/[0-9a-f-]{36}$/);
      expect(s3.objects.get(row.storage_key)).toEqual({
        body: Buffer.from('Our prices start at 99 EUR.'),
        contentType: 'text/plain',
      });

      const list = json<{ data: { id: number }[] }>(
        await ctx.app.inject({ url: '/api/business-details/training-files', headers: bearer(customer) }),
      );
      expect(list.data.map((f) => f.id)).toContain(data.id);

      expect(
        (
          await ctx.app.inject({
            method: 'DELETE',
            url: `/api/business-details/training-files/${data.id}`,
            headers: bearer(customer),
          })
        ).statusCode,
      ).toBe(200);
      expect(s3.objects.has(row.storage_key)).toBe(false);
      expect((await ctx.db.query('SELECT 1 FROM settings_training_files WHERE id = $1', [data.id])).rowCount).toBe(0);
    });

    test("a reseller's uploaded logo goes to the bucket and is served from it", async () => {
      const reseller = await login(ctx.app, DEMO.reseller);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/whitelabel/brand-images',
        headers: bearer(reseller),
        payload: { kind: 'logo', content_base64: PNG.toString('base64') },
      });
      expect(res.statusCode).toBe(201);
      const { url } = json<{ data: { url: string } }>(res).data;
      const row = (
        await ctx.db.query<{ content: unknown; storage_key: string }>(
          'SELECT content, storage_key FROM brand_images WHERE id = $1',
          [url.split('/').pop()!],
        )
      ).rows[0]!;
      expect(row.content).toBeNull();
      expect(s3.objects.get(row.storage_key)).toEqual({ body: PNG, contentType: 'image/png' });
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(PNG);
    });

    test('when the bucket refuses the upload, nothing is recorded', async () => {
      const before = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM settings_training_files'))
        .rows[0]!.n;
      s3.failNext('PUT', 'AccessDenied', 403);
      const refused = await upload('denied.txt', 'nope');
      expect(refused.statusCode).toBe(500);
      expect(
        (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM settings_training_files')).rows[0]!.n,
      ).toBe(before);
      expect([...s3.objects.keys()].some((k) => k.startsWith('training-files/'))).toBe(false);
    });
  });
});
