import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, bearer, json, login, DEMO, type TestContext } from './helpers';
import { isPrivateAddress } from '../src/net/outbound';

/** A local test site: /, /a, /b, /a/deep, /big (larger than the byte limit), /redirect-meta → metadata IP, /offsite link. */
function startSite(): Promise<{ server: http.Server; base: string }> {
  const pages: Record<string, string> = {
    '/': '<title>Home &amp; more</title><a href="/a">A</a> <a href=\'/b#x\'>B</a> <a href="http://example.com/elsewhere">off</a> <a href="mailto:x@y.z">m</a>',
    '/a': '<title>Page A</title><a href="/a/deep">deep</a><a href="/">home</a>',
    '/b': '<title>Page B</title>',
    '/a/deep': '<title>Deep</title><a href="/a/deeper">deeper</a>',
    '/a/deeper': '<title>Deeper</title>',
  };
  const server = http.createServer((req, res) => {
    if (req.url === '/redirect-private') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
      return;
    }
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<title>Big</title>${'x'.repeat(50_000)}<a href="/after-limit">hidden</a>`);
      return;
    }
    const page = pages[req.url ?? ''];
    if (!page) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe('training data', () => {
  let ctx: TestContext;
  let customer: string;
  let reseller: string;
  let site: { server: http.Server; base: string };
  const saved = { ...process.env };

  beforeAll(async () => {
    process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
    process.env.CRAWL_MAX_DEPTH = '2';
    process.env.CRAWL_MAX_PAGES = '4';
    process.env.CRAWL_MAX_BYTES = '4096';
    site = await startSite();
    ctx = await createTestApp();
    customer = await login(ctx.app, DEMO.customer);
    reseller = await login(ctx.app, DEMO.reseller);
  }, 120_000);
  afterAll(async () => {
    process.env = saved;
    await ctx.close();
    await new Promise((r) => site.server.close(r));
  }, 60_000);

  const get = (url: string, token = customer) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = customer) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  describe('crawl', () => {
    it('crawls same-host links up to the page count, stores them, and reports pending first', async () => {
      const start = await send('POST', '/api/business-details/website', { website: `${site.base}/` });
      expect(start.statusCode).toBe(201);
      const { jobId, status } = json<{ jobId: number; status: string }>(start);
      expect(status).toBe('pending');
      expect(json(await get(`/api/business-details/check-crawled-status?job_id=${jobId}`))).toMatchObject({
        status: 'pending',
      });
      await ctx.app.queue.drain();
      const done = json<{ status: string; linksData: { url: string; title: string }[] }>(
        await get(`/api/business-details/check-crawled-status?job_id=${jobId}&website=x`),
      );
      expect(done.status).toBe('completed');
      // max 4 pages, breadth first: /, /a, /b, /a/deep; never off-site, mailto or fragments.
      expect(done.linksData.map((l) => l.url.replace(site.base, ''))).toEqual(['/', '/a', '/b', '/a/deep']);
      expect(done.linksData[0]!.title).toBe('Home & more');
      const list = json<{ data: { url: string }[]; total: number; currentPage: number; pageSize: number }>(
        await get('/api/business-details/website-links?type=website&page=1&pageSize=3'),
      );
      expect(list).toMatchObject({ total: 4, currentPage: 1, pageSize: 3 });
      expect(list.data).toHaveLength(3);
      const other = await get(`/api/business-details/check-crawled-status?job_id=${jobId}`, reseller);
      expect(other.statusCode).toBe(404);
    });

    it('stops at the depth limit', async () => {
      process.env.CRAWL_MAX_PAGES = '50';
      process.env.CRAWL_MAX_DEPTH = '1';
      const local = await createTestApp();
      try {
        const token = await login(local.app, DEMO.customer);
        const start = await local.app.inject({
          method: 'POST',
          url: '/api/business-details/website',
          headers: bearer(token),
          payload: { website: `${site.base}/` },
        });
        await local.app.queue.drain();
        const { jobId } = json<{ jobId: number }>(start);
        const done = json<{ linksData: { url: string }[] }>(
          await local.app.inject({
            method: 'GET',
            url: `/api/business-details/check-crawled-status?job_id=${jobId}`,
            headers: bearer(token),
          }),
        );
        expect(done.linksData.map((l) => l.url.replace(site.base, '')).sort()).toEqual(['/', '/a', '/b']);
      } finally {
        await local.close();
        process.env.CRAWL_MAX_PAGES = '4';
        process.env.CRAWL_MAX_DEPTH = '2';
      }
    }, 120_000);

    it('reads a page only up to the byte limit (links after it are not followed)', async () => {
      const start = await send('POST', '/api/business-details/website', { website: `${site.base}/big` });
      await ctx.app.queue.drain();
      const done = json<{ status: string; linksData: { url: string; title: string }[] }>(
        await get(`/api/business-details/check-crawled-status?job_id=${json<{ jobId: number }>(start).jobId}`),
      );
      expect(done).toMatchObject({ status: 'completed' });
      expect(done.linksData.map((l) => l.url.replace(site.base, ''))).toEqual(['/big']);
    });

    it('a single link fetches only that page', async () => {
      const start = await send('POST', '/api/business-details/single-link', { website: `${site.base}/a` });
      await ctx.app.queue.drain();
      const done = json<{ linksData: { url: string; title: string }[] }>(
        await get(`/api/business-details/check-crawled-status?job_id=${json<{ jobId: number }>(start).jobId}`),
      );
      expect(done.linksData).toEqual([{ url: `${site.base}/a`, title: 'Page A' }]);
      const list = json<{ total: number }>(await get('/api/business-details/website-links?type=single'));
      expect(list.total).toBe(1);
    });

    it('fails a redirect to the metadata address', async () => {
      const start = await send('POST', '/api/business-details/website', { website: `${site.base}/redirect-private` });
      await ctx.app.queue.drain();
      const done = json(
        await get(`/api/business-details/check-crawled-status?job_id=${json<{ jobId: number }>(start).jobId}`),
      );
      expect(done).toMatchObject({ status: 'failed', error: 'address_refused', linksData: [] });
    });

    it.each([
      'http://localhost/',
      'http://10.0.0.5/',
      'http://169.254.169.254/',
      'http://[::1]/',
      'http://192.168.1.1/',
    ])('refuses %s up front (422 on website)', async (website) => {
      const res = await send('POST', '/api/business-details/website', { website });
      expect(res.statusCode).toBe(422);
      expect(json(res)).toMatchObject({ code: 'settings.address_refused', field: 'website' });
    });

    it('refuses 127.0.0.1 without the allowlist', async () => {
      delete process.env.OUTBOUND_ALLOW_HOSTS;
      const local = await createTestApp();
      try {
        const token = await login(local.app, DEMO.customer);
        const res = await local.app.inject({
          method: 'POST',
          url: '/api/business-details/website',
          headers: bearer(token),
          payload: { website: `${site.base}/` },
        });
        expect(res.statusCode).toBe(422);
      } finally {
        await local.close();
        process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
      }
    }, 120_000);

    it('refuses a name that resolves to a private address (DNS checked at connect)', () => {
      expect(isPrivateAddress('127.0.0.1')).toBe(true);
      expect(isPrivateAddress('::ffff:10.1.2.3')).toBe(true);
      expect(isPrivateAddress('fe80::1')).toBe(true);
      expect(isPrivateAddress('93.184.216.34')).toBe(false);
    });

    it('validates the website field', async () => {
      const res = await send('POST', '/api/business-details/website', { website: 'ftp://example.com' });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ field: 'website' });
      const missing = await send('POST', '/api/business-details/website', {});
      expect(json(missing)).toMatchObject({ field: 'website' });
    });
  });

  describe('website links CRUD', () => {
    it('adds, edits, deletes; another account gets 404', async () => {
      const created = await send('POST', '/api/business-details/website-links', {
        url: 'example.com/pricing',
        type: 'single',
      });
      expect(created.statusCode).toBe(201);
      const { data } = json<{ data: { id: number; url: string } }>(created);
      expect(data.url).toBe('https://example.com/pricing');
      const dup = await send('POST', '/api/business-details/website-links', {
        url: 'https://example.com/pricing',
        type: 'single',
      });
      expect(dup.statusCode).toBe(422);
      expect(json(dup)).toMatchObject({ field: 'url', code: 'settings.link_exists' });
      expect(
        (
          await send(
            'PUT',
            `/api/business-details/website-links/${data.id}`,
            { url: 'https://example.com/x' },
            reseller,
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (await send('DELETE', `/api/business-details/website-links/${data.id}`, undefined, reseller)).statusCode,
      ).toBe(404);
      const edited = await send('PUT', `/api/business-details/website-links/${data.id}`, {
        url: 'https://example.com/plans',
      });
      expect(json(edited)).toMatchObject({ data: { url: 'https://example.com/plans' } });
      expect((await send('DELETE', `/api/business-details/website-links/${data.id}`)).statusCode).toBe(200);
      expect((await send('DELETE', `/api/business-details/website-links/${data.id}`)).statusCode).toBe(404);
    });
  });

  describe.each([
    [
      'training-texts',
      { title: 'About us', content: 'We are a team of five.' },
      { title: 'About', content: 'Six now.' },
      'title',
    ],
    [
      'training-qa',
      { question: 'Do you work weekends?', answer: 'No.' },
      { question: 'Weekends?', answer: 'Saturdays.' },
      'question',
    ],
  ])('%s', (path, payload, update, firstField) => {
    it('paginates, validates, updates and deletes within the account', async () => {
      for (let i = 0; i < 3; i++)
        expect((await send('POST', `/api/business-details/${path}`, payload)).statusCode).toBe(201);
      const bad = await send('POST', `/api/business-details/${path}`, { ...payload, [firstField]: '  ' });
      expect(bad.statusCode).toBe(400);
      expect(json(bad)).toMatchObject({ field: firstField });
      const page2 = json<{ data: { id: number }[]; total: number; currentPage: number }>(
        await get(`/api/business-details/${path}?page=2&pageSize=2`),
      );
      expect(page2).toMatchObject({ total: 3, currentPage: 2 });
      expect(page2.data).toHaveLength(1);
      expect(json<{ total: number }>(await get(`/api/business-details/${path}`, reseller)).total).toBe(0);
      const id = page2.data[0]!.id;
      expect((await send('PUT', `/api/business-details/${path}/${id}`, update, reseller)).statusCode).toBe(404);
      expect((await send('DELETE', `/api/business-details/${path}/${id}`, undefined, reseller)).statusCode).toBe(404);
      expect(json(await send('PUT', `/api/business-details/${path}/${id}`, update))).toMatchObject({ data: update });
      expect((await send('DELETE', `/api/business-details/${path}/${id}`)).statusCode).toBe(200);
      expect(json<{ total: number }>(await get(`/api/business-details/${path}`)).total).toBe(2);
      expect((await get(`/api/business-details/${path}?pageSize=500`)).statusCode).toBe(400);
    });
  });

  describe('training-files', () => {
    it('uploads into the database, renames, deletes; refuses another account', async () => {
      const content = Buffer.from('Our prices start at 99 EUR.').toString('base64');
      const created = await send('POST', '/api/business-details/training-files', {
        name: 'prices.txt',
        mime_type: 'text/plain',
        content_base64: content,
      });
      expect(created.statusCode).toBe(201);
      const { data } = json<{ data: { id: number; size_bytes: number } }>(created);
      expect(data.size_bytes).toBe(27);
      const stored = await ctx.db.query<{ text: string }>(
        "SELECT convert_from(content, 'UTF8') AS text FROM settings_training_files WHERE id = $1",
        [data.id],
      );
      expect(stored.rows[0]!.text).toBe('Our prices start at 99 EUR.');
      const list = json<{ data: unknown[]; total: number; max_file_mb: number }>(
        await get('/api/business-details/training-files'),
      );
      expect(list).toMatchObject({ total: 1, max_file_mb: 2 });
      expect(list.data[0]).not.toHaveProperty('content');
      expect(
        (await send('PUT', `/api/business-details/training-files/${data.id}`, { name: 'x' }, reseller)).statusCode,
      ).toBe(404);
      expect(
        json(await send('PUT', `/api/business-details/training-files/${data.id}`, { name: 'pricing.txt' })),
      ).toMatchObject({ data: { name: 'pricing.txt' } });
      expect(
        (await send('DELETE', `/api/business-details/training-files/${data.id}`, undefined, reseller)).statusCode,
      ).toBe(404);
      expect((await send('DELETE', `/api/business-details/training-files/${data.id}`)).statusCode).toBe(200);
    });

    it('refuses a file over the limit with the spec message', async () => {
      const big = Buffer.alloc(2 * 1024 * 1024 + 1, 97).toString('base64');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/business-details/training-files',
        headers: { ...bearer(customer), 'user-language': 'en' },
        payload: { name: 'big.txt', mime_type: 'text/plain', content_base64: big },
      });
      expect(res.statusCode).toBe(422);
      expect(json(res)).toMatchObject({ field: 'file', message: 'Maximum allowed file size is 2mb' });
    });

    it('validates type and content', async () => {
      const res = await send('POST', '/api/business-details/training-files', {
        name: 'x.exe',
        mime_type: 'application/x-msdownload',
        content_base64: '!!',
      });
      expect(res.statusCode).toBe(400);
      expect(
        json<{ errors: { field: string }[] }>(res)
          .errors.map((e) => e.field)
          .sort(),
      ).toEqual(['content_base64', 'mime_type']);
    });
  });
  describe('default questions (GET /api/get-all-openai-default-questions)', () => {
    type Questions = {
      data: { key: string; question: string; answered: boolean; qa_id: number | null }[];
      answered: number;
      total: number;
    };
    it("lists the questions in the user's language and marks the ones the account's Q&A answers, in any language", async () => {
      const before = json<Questions>(await get('/api/get-all-openai-default-questions', reseller));
      expect(before.total).toBe(8);
      expect(before.data[1]).toMatchObject({
        key: 'ideal_customer',
        question: 'Who is your ideal customer?',
        answered: false,
        qa_id: null,
      });

      // Answered in Spanish (spacing and case aside) and the user reads the list in French: still answered.
      const saved = await send(
        'POST',
        '/api/business-details/training-qa',
        { question: '  ¿quién es   su cliente ideal? ', answer: 'Dentistas.' },
        reseller,
      );
      expect(saved.statusCode).toBe(201);
      const qaId = json<{ data: { id: number } }>(saved).data.id;
      const french = json<Questions>(
        await ctx.app.inject({
          method: 'GET',
          url: '/api/get-all-openai-default-questions',
          headers: { ...bearer(reseller), 'user-language': 'fr' },
        }),
      );
      expect(french.data[1]).toEqual({
        key: 'ideal_customer',
        question: 'Qui est votre client idéal ?',
        answered: true,
        qa_id: qaId,
      });
      expect(french.answered).toBe(before.answered + 1);
      // Another account's answers are not mine.
      expect(json<Questions>(await get('/api/get-all-openai-default-questions', customer)).data[1]!.answered).toBe(
        false,
      );
      expect((await get('/api/get-all-openai-default-questions?x=1')).statusCode).toBe(400);
    });
  });
});
