import type { ApiResponse } from '../../shared/src/api/contract';
import {
  downloadLink,
  stepListExport,
  EXPORT_BATCH,
  EXPORT_RETENTION_DAYS,
} from '../src/modules/leadSearch/listExportJob.service';
import { LIST_EXPORT_PURGE } from '../src/workers/listExport';
import type { ObjectStorageConfig } from '../src/storage/config';
import { startFakeS3, type FakeS3 } from './fakeS3';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

type ListExport = ApiResponse<'/api/list-exports/{id}', 'get'>;

const ROWS = 2 * EXPORT_BATCH + 345;

/**
 * Issue 32: a very large CSV export runs as a queued job that writes the file in chunks (in the database,
 * or in object storage when configured), shows its progress, mails `export_ready` once and is fetched
 * through a signed link a plain anchor can follow. The file is byte for byte the direct download's.
 */
describe.each([
  ['in the database', false],
  ['in object storage (S3 API)', true],
])('background list export, chunks %s', (_where, useS3) => {
  let ctx: TestContext;
  let s3: FakeS3 | null = null;
  let customer: string;
  let other: string;
  let userId: number;
  let listId: number;

  beforeAll(async () => {
    let objectStorage: ObjectStorageConfig | null = null;
    if (useS3) {
      s3 = await startFakeS3();
      objectStorage = {
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: s3.credentials,
      };
    }
    ctx = await createTestApp({ config: { objectStorage } });
    customer = await login(ctx.app, DEMO.customer);
    other = await login(ctx.app, DEMO.reseller);
    userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
      .rows[0]!.id;
    const created = await call('POST', '/api/campaigns', { name: 'Big list é', list_type: 'people' });
    listId = json<{ campaign: { id: number } }>(created).campaign.id;
    // Rows with accents, commas, quotes and a formula-looking cell: the file must carry them as the direct download does.
    await ctx.db.query(
      `INSERT INTO campaign_results (campaign_id, user_id, name, company, email, email_status, job_title)
       SELECT $1, $2, 'Person ' || g || ' Müller', 'Acme, "Inc"', 'p' || g || '@example.com', CASE WHEN g % 3 = 0 THEN 'found' ELSE 'not_found' END, '=SUM(A1)'
         FROM generate_series(1, ${ROWS}) g`,
      [listId, userId],
    );
    await ctx.db.query('UPDATE campaigns SET result_count = $2 WHERE id = $1', [listId, ROWS]);
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
    await s3?.close();
  }, 60_000);

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = customer) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const exportMails = async () =>
    (
      await ctx.db.query<{ body_text: string }>(
        `SELECT body_text FROM outbound_emails WHERE kind = 'export_ready' AND user_id = $1 ORDER BY id`,
        [userId],
      )
    ).rows;
  async function download(
    id: number,
  ): Promise<{ status: number; body: string; bytes: number; headers: Record<string, unknown> }> {
    const link = json<{ url: string }>(await call('POST', `/api/list-exports/${id}/link`));
    // No bearer token: the signed link is the proof.
    const res = await ctx.app.inject({ method: 'GET', url: link.url });
    return {
      status: res.statusCode,
      body: res.rawPayload.toString('utf8'),
      bytes: res.rawPayload.length,
      headers: res.headers,
    };
  }

  it('writes every matching row in chunks, shows progress, mails once, and the file equals the direct download', async () => {
    const started = await call('POST', '/api/list-exports', { campaign_id: listId, filters: { page: 3, limit: 20 } });
    expect(started.statusCode).toBe(202);
    const exp = json<{ export: ListExport }>(started).export;
    expect(exp).toMatchObject({ status: 'running', total: null, rows_written: 0, file_name: `Big-list-${listId}.csv` });
    // Not ready: no link yet.
    expect((await call('POST', `/api/list-exports/${exp.id}/link`)).statusCode).toBe(409);

    await ctx.app.queue.drain();
    const done = json<ListExport>(await call('GET', `/api/list-exports/${exp.id}`));
    expect(done).toMatchObject({ status: 'done', total: ROWS, rows_written: ROWS });
    const chunks = (
      await ctx.db.query<{ seq: number; content: string | null; storage_key: string | null }>(
        'SELECT seq, content, storage_key FROM list_export_chunks WHERE export_id = $1 ORDER BY seq',
        [exp.id],
      )
    ).rows;
    expect(chunks.map((c) => c.seq)).toEqual([0, 1, 2, 3]);
    if (useS3) {
      expect(chunks.slice(1).every((c) => c.content === null && s3!.objects.has(c.storage_key!))).toBe(true);
    } else {
      expect(chunks.every((c) => c.storage_key === null)).toBe(true);
    }

    const file = await download(exp.id);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Big-list-${listId}.csv"`);
    expect(Number(file.headers['content-length'])).toBe(done.bytes);
    expect(file.bytes).toBe(done.bytes);
    const direct = await call('POST', `/api/people-results/${listId}/csv`, {});
    expect(file.body).toBe(direct.rawPayload.toString('utf8'));
    const lines = file.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[0]).toBe('\uFEFFname,company,job_title,email,email_status,phone,website,city,labels,created_at');
    expect(lines[1]).toContain(`Person 1 Müller,"Acme, ""Inc""",'=SUM(A1),p1@example.com,not_found`);

    const mails = await exportMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body_text).toContain(`Big-list-${listId}.csv`);
    expect(mails[0]!.body_text).toContain(String(ROWS));
    expect(mails[0]!.body_text).toContain(`/lead-search/saved-lists/people-${listId}`);
    // A step run again after the end changes nothing and mails nothing.
    expect(await stepListExport(ctx.db, exp.id, { now: () => ctx.clock.now() })).toBe(false);
    expect(await exportMails()).toHaveLength(1);
  });

  it('applies the list filters; two workers on the same export never write a chunk twice', async () => {
    const started = json<{ export: ListExport }>(
      await call('POST', '/api/list-exports', { campaign_id: listId, filters: { withEmail: 1 } }),
    ).export;
    const [a, b] = await Promise.all([
      stepListExport(ctx.db, started.id, { now: () => ctx.clock.now() }),
      stepListExport(ctx.db, started.id, { now: () => ctx.clock.now() }),
    ]);
    expect([a, b]).toEqual([false, false]);
    await ctx.app.queue.drain();
    const expected = Math.floor(ROWS / 3);
    const done = json<ListExport>(await call('GET', `/api/list-exports/${started.id}`));
    expect(done).toMatchObject({ status: 'done', total: expected, rows_written: expected });
    const lines = (await download(started.id)).body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(expected + 1);
    expect(new Set(lines).size).toBe(expected + 1);
    expect(lines.slice(1).every((l) => l.includes(',found,'))).toBe(true);
  });

  it('refuses a forged or expired link, another account, and cleans up on delete', async () => {
    const exp = json<{ data: ListExport[] }>(await call('GET', `/api/list-exports?campaign_id=${listId}`)).data.find(
      (e) => e.status === 'done',
    )!;
    const link = json<{ url: string }>(await call('POST', `/api/list-exports/${exp.id}/link`));
    expect(
      (await ctx.app.inject({ method: 'GET', url: link.url.replace(/signature=[^&]+/, 'signature=forged') }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: link.url.replace(`/list-exports/${exp.id}/`, `/list-exports/${exp.id + 1000}/`),
        })
      ).statusCode,
    ).toBe(403);
    ctx.clock.advance(6 * 60_000);
    expect((await ctx.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(403);

    expect((await call('GET', `/api/list-exports/${exp.id}`, undefined, other)).statusCode).toBe(404);
    expect((await call('POST', `/api/list-exports/${exp.id}/link`, undefined, other)).statusCode).toBe(404);
    expect((await call('POST', '/api/list-exports', { campaign_id: listId }, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/list-exports/${exp.id}`, undefined, other)).statusCode).toBe(404);

    const keys = (
      await ctx.db.query<{ storage_key: string | null }>(
        'SELECT storage_key FROM list_export_chunks WHERE export_id = $1',
        [exp.id],
      )
    ).rows
      .map((r) => r.storage_key)
      .filter(Boolean);
    expect((await call('DELETE', `/api/list-exports/${exp.id}`)).statusCode).toBe(200);
    expect((await ctx.db.query('SELECT 1 FROM list_export_chunks WHERE export_id = $1', [exp.id])).rowCount).toBe(0);
    if (useS3) expect(keys.some((k) => s3!.objects.has(k!))).toBe(false);
    expect((await call('GET', `/api/list-exports/${exp.id}`)).statusCode).toBe(404);
  });

  it('a file is kept EXPORT_RETENTION_DAYS: the list and the email say until when; past it the export reads expired, links answer 410 naming the day, and the hourly purge removes the file once', async () => {
    const exp = json<{ data: ListExport[] }>(await call('GET', `/api/list-exports?campaign_id=${listId}`)).data.find(
      (e) => e.status === 'done',
    )!;
    const expiresAt = new Date(exp.expires_at!);
    expect(expiresAt.getTime() - new Date(exp.finished_at!).getTime()).toBe(EXPORT_RETENTION_DAYS * 86_400_000);
    expect(
      (await exportMails()).some((m) =>
        m.body_text.includes(`You can download it until ${exp.expires_at!.slice(0, 10)}.`),
      ),
    ).toBe(true);
    const purge = async () => {
      await ctx.app.queue.send(LIST_EXPORT_PURGE, {});
      await ctx.app.queue.drain();
    };
    // Before its expiry the purge leaves it alone.
    await purge();
    expect(json<ListExport>(await call('GET', `/api/list-exports/${exp.id}`)).status).toBe('done');
    const keys = (
      await ctx.db.query<{ storage_key: string | null }>(
        'SELECT storage_key FROM list_export_chunks WHERE export_id = $1',
        [exp.id],
      )
    ).rows
      .map((r) => r.storage_key)
      .filter(Boolean);

    ctx.clock.advance(expiresAt.getTime() - ctx.clock.now().getTime() + 1000);
    // Past its expiry and before the purge has run, it already reads expired and gives no link.
    expect(json<ListExport>(await call('GET', `/api/list-exports/${exp.id}`))).toMatchObject({
      status: 'expired',
      expires_at: exp.expires_at,
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/list-exports/${exp.id}/link`,
      headers: { ...bearer(customer), 'user-language': 'de' },
    });
    expect(refused.statusCode).toBe(410);
    const day = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(expiresAt);
    expect(json<{ code: string; message: string; expired_at: string }>(refused)).toMatchObject({
      code: 'listExport.expired',
      message: `Diese Datei ist am ${day} abgelaufen: Exportierte Dateien werden ${EXPORT_RETENTION_DAYS} Tage aufbewahrt. Bereiten Sie die Datei in der Liste erneut vor.`,
      expired_at: expiresAt.toISOString(),
    });
    // A link signed just now (as one taken before the expiry) answers 410 too, in English by default.
    const link = downloadLink(ctx.app.deps.config.appSecret, exp.id, userId, ctx.clock.now());
    const stale = await ctx.app.inject({ method: 'GET', url: link.url });
    expect(stale.statusCode).toBe(410);
    expect(json<{ message: string }>(stale).message).toMatch(
      /^This file expired on .+: exported files are kept for 7 days\./,
    );

    await purge();
    expect(
      (await ctx.db.query<{ status: string }>('SELECT status FROM list_exports WHERE id = $1', [exp.id])).rows[0]!
        .status,
    ).toBe('expired');
    expect((await ctx.db.query('SELECT 1 FROM list_export_chunks WHERE export_id = $1', [exp.id])).rowCount).toBe(0);
    if (useS3) {
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.some((k) => s3!.objects.has(k!))).toBe(false);
    }
    expect(json<ListExport>(await call('GET', `/api/list-exports/${exp.id}`)).status).toBe('expired');
    expect((await ctx.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(410);
    // A second run finds nothing to do; the expired export can still be deleted from the list.
    await purge();
    expect((await call('DELETE', `/api/list-exports/${exp.id}`)).statusCode).toBe(200);
  });
});
