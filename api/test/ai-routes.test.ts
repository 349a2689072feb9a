import type { ApiResponse } from '../../shared/src/api/contract';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAiCompatibleProvider, setAiProvider } from '../src/providers/ai';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

const PROFILE = {
  business_name: 'Brightline Digital',
  industry: 'Digital marketing agency',
  description: 'We run SEO and Google Ads campaigns.',
  target_audience: 'Small dentists and dental clinics',
  products_services: 'SEO audits and Google Ads management',
  unique_selling_points: 'Flat monthly fee',
  location: 'Austin, Texas',
};

type Suggestion = ApiResponse<'/api/ai/icp-suggestions', 'get'>['data'][number];

describe('AI area API', () => {
  let ctx: TestContext;
  let reseller: string;
  let admin: string;
  let customer: string;

  const call = (
    token: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    [reseller, admin, customer] = [
      await login(ctx.app, DEMO.reseller),
      await login(ctx.app, DEMO.admin),
      await login(ctx.app, DEMO.customer),
    ];
    // Migrating, seeding and three password checks: slow when the 2-core machine is busy.
  }, 120_000);
  afterAll(() => ctx.close());

  test('every AI route needs a session and the ai_suggest module', async () => {
    const routes: ['GET' | 'POST', string, unknown?][] = [
      ['GET', '/api/ai/status'],
      ['GET', '/api/ai/training'],
      ['GET', '/api/ai/training-runs'],
      ['POST', '/api/ai/training-runs', {}],
      ['POST', '/api/calculate-tokens-ai-training', {}],
      ['GET', '/api/ai/icp-suggestions'],
      ['POST', '/api/ai/icp-suggestions', {}],
    ];
    for (const [method, url, payload] of routes) {
      expect(
        (await ctx.app.inject({ method, url, ...(payload ? { payload: payload as object } : {}) })).statusCode,
      ).toBe(401);
      const refused = await call(customer, method, url, payload);
      expect({ url, status: refused.statusCode }).toEqual({ url, status: 403 });
    }
  });

  test('bad input is a 400 naming the field, never a 5xx', async () => {
    const unknown = await call(reseller, 'POST', '/api/ai/icp-suggestions', { count: 99 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('count');
    for (const payload of [[], 'text', 7]) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/ai/training-runs',
        headers: { ...bearer(reseller), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(answer.statusCode).toBe(400);
    }
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/calculate-tokens-ai-training',
      headers: { ...bearer(reseller), 'content-type': 'application/json' },
      payload: '{"sources":',
    });
    expect(broken.statusCode).toBe(400);
    const page = await call(reseller, 'GET', '/api/ai/icp-suggestions?page=0');
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('page');
    expect((await call(reseller, 'GET', '/api/ai/status?x=1')).statusCode).toBe(400);
  });

  test('before the business profile is done: status says so and both AI tools answer 422 in the user language', async () => {
    const status = await call(reseller, 'GET', '/api/ai/status');
    expect(json(status)).toEqual({
      profile_completed: false,
      engine: { provider: 'embedded', embedded: true, model: 'leadsmith-templates-1' },
    });
    for (const url of ['/api/ai/icp-suggestions', '/api/ai/training-runs']) {
      const refused = await call(reseller, 'POST', url, {}, { 'user-language': 'es' });
      expect(refused.statusCode).toBe(422);
      expect(json(refused)).toMatchObject({
        code: 'ai.profile_incomplete',
        message: 'Las herramientas de IA no están disponibles hasta completar el perfil de empresa',
      });
    }
    const training = json<{
      profile_completed: boolean;
      sources: { kind: string; count: number; status: string }[];
      last_completed_run: null;
    }>(await call(reseller, 'GET', '/api/ai/training'));
    expect(training.profile_completed).toBe(false);
    expect(training.sources.every((s) => s.count === 0 && s.status === 'empty')).toBe(true);
    expect(training.last_completed_run).toBeNull();
  });

  test('training: sources with counts and status, token estimate, a stored run, then changes mark sources untrained', async () => {
    expect((await call(reseller, 'POST', '/api/business-details/data', PROFILE)).statusCode).toBe(201);
    const text = { title: 'Pricing', content: 'Our plans start at 900 USD per month, no contract.' };
    const qa = { question: 'Do you work outside Texas?', answer: 'Yes, across the US.' };
    expect((await call(reseller, 'POST', '/api/business-details/training-texts', text)).statusCode).toBe(201);
    expect((await call(reseller, 'POST', '/api/business-details/training-qa', qa)).statusCode).toBe(201);

    const estimate = json<{
      tokens: number;
      characters: number;
      by_source: { kind: string; count: number; characters: number; tokens: number }[];
    }>(await call(reseller, 'POST', '/api/calculate-tokens-ai-training', {}));
    const profileChars = Object.values({ website: '', ...PROFILE }).join('').length;
    const textChars = text.title.length + text.content.length;
    const qaChars = qa.question.length + qa.answer.length;
    expect(estimate.characters).toBe(profileChars + textChars + qaChars);
    expect(estimate.tokens).toBe(Math.ceil(estimate.characters / 4));
    expect(estimate.by_source.find((s) => s.kind === 'texts')).toEqual({
      kind: 'texts',
      count: 1,
      characters: textChars,
      tokens: Math.ceil(textChars / 4),
    });
    const onlyQa = json<{ tokens: number; by_source: unknown[] }>(
      await call(reseller, 'POST', '/api/calculate-tokens-ai-training', { sources: ['qa'] }),
    );
    expect(onlyQa).toMatchObject({ tokens: Math.ceil(qaChars / 4), by_source: [{ kind: 'qa', count: 1 }] });
    const bad = await call(reseller, 'POST', '/api/calculate-tokens-ai-training', { sources: ['emails'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('sources');

    const before = json<{ needs_training: boolean; sources: { kind: string; count: number; status: string }[] }>(
      await call(reseller, 'GET', '/api/ai/training'),
    );
    expect(before.needs_training).toBe(true);
    expect(before.sources.map((s) => [s.kind, s.count, s.status])).toEqual([
      ['profile', 1, 'not_trained'],
      ['websites', 0, 'empty'],
      ['links', 0, 'empty'],
      ['texts', 1, 'not_trained'],
      ['qa', 1, 'not_trained'],
      ['files', 0, 'empty'],
    ]);

    ctx.clock.advance(60_000);
    const run = await call(reseller, 'POST', '/api/ai/training-runs', {});
    // Queued work: the answer comes before the model is asked.
    expect(run.statusCode).toBe(202);
    const queued = json<{ code: string; message: string; data: { id: number; status: string; summary: string } }>(run);
    expect(queued).toMatchObject({ code: 'ai.training_queued', data: { status: 'queued', summary: '' } });
    const waiting = json<{ latest_run: { id: number; status: string }; last_completed_run: unknown }>(
      await call(reseller, 'GET', '/api/ai/training'),
    );
    expect(waiting).toMatchObject({ latest_run: { id: queued.data.id, status: 'queued' }, last_completed_run: null });
    expect((await call(reseller, 'POST', '/api/ai/training-runs', {})).statusCode).toBe(422);
    await ctx.app.queue.drain();
    const body = {
      data: json<{
        last_completed_run: {
          id: number;
          status: string;
          provider: string;
          summary: string;
          tokens: number;
          sources: Record<string, number>;
          finished_at: string;
        };
      }>(await call(reseller, 'GET', '/api/ai/training')).last_completed_run,
    };
    expect(body.data).toMatchObject({
      id: queued.data.id,
      status: 'completed',
      provider: 'embedded',
      tokens: estimate.tokens,
      sources: { profile: 1, texts: 1, qa: 1, websites: 0 },
    });
    // The model call was recorded once, as done.
    expect(
      (await ctx.db.query('SELECT state FROM external_effects WHERE key = $1', [`ai-training:${queued.data.id}`])).rows,
    ).toEqual([{ state: 'done' }]);
    expect(body.data.summary).toContain(
      'Brightline Digital (Digital marketing agency) offers SEO audits and Google Ads management to Small dentists and dental clinics.',
    );
    expect(body.data.summary).toContain('Learned from 1 texts, 1 questions and answers, 0 web pages and 0 files.');
    expect(body.data.summary).toContain('Do you work outside Texas?');
    expect(body.data.finished_at).toBeTruthy();

    const after = json<{
      needs_training: boolean;
      sources: { kind: string; status: string }[];
      last_completed_run: { id: number };
    }>(await call(reseller, 'GET', '/api/ai/training'));
    expect(after.needs_training).toBe(false);
    expect(after.sources.filter((s) => s.status === 'not_trained')).toEqual([]);

    ctx.clock.advance(60_000);
    await call(reseller, 'POST', '/api/business-details/training-qa', {
      question: 'Do you offer audits?',
      answer: 'Yes.',
    });
    const changed = json<{ needs_training: boolean; sources: { kind: string; status: string; changed: number }[] }>(
      await call(reseller, 'GET', '/api/ai/training'),
    );
    expect(changed.needs_training).toBe(true);
    expect(changed.sources.find((s) => s.kind === 'qa')).toMatchObject({ status: 'not_trained', changed: 1 });
    expect(changed.sources.find((s) => s.kind === 'texts')).toMatchObject({ status: 'trained', changed: 0 });

    ctx.clock.advance(60_000);
    expect((await call(reseller, 'POST', '/api/ai/training-runs', {})).statusCode).toBe(202);
    await ctx.app.queue.drain();
    const runs = json<{ data: { id: number }[]; total: number; currentPage: number; pageSize: number }>(
      await call(reseller, 'GET', '/api/ai/training-runs?page=1&pageSize=1'),
    );
    expect(runs).toMatchObject({ total: 2, currentPage: 1, pageSize: 1 });
    expect(runs.data).toHaveLength(1);
    expect((await call(reseller, 'GET', '/api/ai/training-runs?pageSize=1000')).statusCode).toBe(400);
  });

  test('a second run while one is going is refused', async () => {
    const { rows } = await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.reseller.email]);
    await ctx.db.query(
      `INSERT INTO ai_training_runs (user_id, status, provider, model, started_at) VALUES ($1, 'running', 'embedded', 'm', $2)`,
      [rows[0]!.id, ctx.clock.now()],
    );
    const refused = await call(reseller, 'POST', '/api/ai/training-runs', {});
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({ code: 'ai.training_running' });
    // A run left "running" by a crashed process stops blocking after 10 minutes.
    ctx.clock.advance(11 * 60_000);
    expect((await call(reseller, 'POST', '/api/ai/training-runs', {})).statusCode).toBe(202);
    await ctx.app.queue.drain();
    const runs = (
      await ctx.db.query<{ status: string; error_code: string | null }>(
        'SELECT status, error_code FROM ai_training_runs WHERE user_id = $1 ORDER BY id DESC LIMIT 2',
        [rows[0]!.id],
      )
    ).rows;
    expect(runs).toEqual([
      { status: 'completed', error_code: null },
      { status: 'failed', error_code: 'ai.training_abandoned' },
    ]);
  });

  test('ICP suggestions: generated from the profile with catalogue filters, stored, paginated, per account', async () => {
    const generated = await call(reseller, 'POST', '/api/ai/icp-suggestions', {});
    expect(generated.statusCode).toBe(201);
    const body = json<{ code: string; data: Suggestion[]; total: number }>(generated);
    expect(body.code).toBe('ai.suggestions_generated');
    expect(body.data.map((s) => [s.search_type, s.filters])).toEqual([
      [
        'people',
        { job_title: 'Marketing Manager', departments: ['Marketing'], seniority: ['Director', 'Manager', 'Head'] },
      ],
      ['company', { industry: 'Healthcare', employees_min: 1, employees_max: 50 }],
      ['local', { categories: ['Dentist'] }],
      ['people', { job_title: 'Owner', seniority: ['Founder/Owner'], management_levels: ['Owner'] }],
    ]);
    expect(body.data[0]).toMatchObject({
      title: 'Marketing Manager at Healthcare companies',
      location: 'Austin, Texas',
      provider: 'embedded',
    });
    expect(body.data[2]!.description).toContain('in Austin, Texas');

    // Deterministic: generating again gives the same set (replacing, not adding).
    const again = json<{ data: Suggestion[] }>(await call(reseller, 'POST', '/api/ai/icp-suggestions', {}));
    expect(again.data.map((s) => s.title)).toEqual(body.data.map((s) => s.title));
    const page = json<{ data: Suggestion[]; total: number }>(
      await call(reseller, 'GET', '/api/ai/icp-suggestions?page=2&pageSize=3'),
    );
    expect(page.total).toBe(4);
    expect(page.data.map((s) => s.title)).toEqual([body.data[3]!.title]);

    // In the user's language.
    const german = json<{ data: Suggestion[] }>(
      await call(reseller, 'POST', '/api/ai/icp-suggestions', {}, { 'user-language': 'de' }),
    );
    expect(german.data[1]!.title).toBe('Healthcare-Unternehmen mit 1–50 Mitarbeitern');

    // Another account sees none of them.
    const other = json<{ data: Suggestion[]; total: number }>(await call(admin, 'GET', '/api/ai/icp-suggestions'));
    expect(other).toMatchObject({ data: [], total: 0 });
    expect((await call(admin, 'POST', '/api/ai/icp-suggestions', {})).statusCode).toBe(422);
  });

  describe('with the OpenAI-compatible adapter on a local fake endpoint', () => {
    let server: Server;
    let answer: (n: number) => { status: number; body: string };
    let requests = 0;
    let undo: () => void;

    beforeAll(async () => {
      server = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          const { status, body } = answer(requests++);
          res.writeHead(status, { 'Content-Type': 'application/json' });
          res.end(body);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      undo = setAiProvider(
        createOpenAiCompatibleProvider({
          baseUrl: `http://127.0.0.1:${port}/v1`,
          apiKey: 'k',
          model: 'fake',
          timeoutMs: 2000,
          maxRetries: 1,
          backoffMs: 1,
          sleep: async () => undefined,
        }),
      );
    });
    afterAll(async () => {
      undo();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    const content = (text: string) => JSON.stringify({ choices: [{ message: { content: text } }] });

    test('the engine is reported, suggestions are checked against the catalogue and invalid ones dropped', async () => {
      answer = () => ({
        status: 200,
        body: content(
          JSON.stringify({
            suggestions: [
              {
                title: 'Clinic owners',
                description: 'They buy.',
                search_type: 'people',
                location: 'Austin',
                filters: { job_title: 'Practice Owner', seniority: ['Founder/Owner', 'Wizard'] },
              },
              { title: 'Bad type', search_type: 'influencer', filters: { platforms: ['tiktok'] } },
              { title: 'No usable filter', search_type: 'company', filters: { industry: 'Space Mining' } },
              {
                title: 'Mid-size clinics',
                search_type: 'company',
                filters: { industry: 'Healthcare', employees_min: 200, employees_max: 20 },
              },
            ],
          }),
        ),
      });
      expect(json(await call(reseller, 'GET', '/api/ai/status'))).toMatchObject({
        engine: { provider: 'openai-compatible', embedded: false, model: 'fake' },
      });
      const body = json<{ data: Suggestion[] }>(await call(reseller, 'POST', '/api/ai/icp-suggestions', {}));
      expect(body.data.map((s) => [s.title, s.search_type, s.filters, s.provider])).toEqual([
        ['Clinic owners', 'people', { job_title: 'Practice Owner', seniority: ['Founder/Owner'] }, 'openai-compatible'],
        [
          'Mid-size clinics',
          'company',
          { industry: 'Healthcare', employees_min: 20, employees_max: 200 },
          'openai-compatible',
        ],
      ]);
    });

    test('an unusable answer is a 502, and the previous suggestions stay', async () => {
      answer = () => ({ status: 200, body: content('I cannot help with that.') });
      const failed = await call(reseller, 'POST', '/api/ai/icp-suggestions', {});
      expect(failed.statusCode).toBe(502);
      expect(json(failed)).toMatchObject({ code: 'ai.provider_bad_answer' });
      expect(json<{ total: number }>(await call(reseller, 'GET', '/api/ai/icp-suggestions')).total).toBe(2);
    });

    test('5xx exhausted: the queued training run is stored as failed with the reason, and its call is not made again', async () => {
      requests = 0;
      answer = () => ({ status: 503, body: '{}' });
      const queued = await call(reseller, 'POST', '/api/ai/training-runs', {});
      expect(queued.statusCode).toBe(202);
      expect(requests).toBe(0);
      await ctx.app.queue.drain();
      expect(requests).toBe(2);
      const latest = json<{ latest_run: { status: string; error_code: string; error_message: string } }>(
        await call(reseller, 'GET', '/api/ai/training'),
      );
      expect(latest.latest_run).toMatchObject({
        status: 'failed',
        error_code: 'ai.provider_unavailable',
        error_message: 'The AI service is unavailable right now. Try again later.',
      });
      const key = `ai-training:${json<{ data: { id: number } }>(queued).data.id}`;
      expect((await ctx.db.query('SELECT state FROM external_effects WHERE key = $1', [key])).rows).toEqual([
        { state: 'failed' },
      ]);
      // The job again (a retry, a second worker): no second call.
      await ctx.app.queue.send('ai-training', { runId: json<{ data: { id: number } }>(queued).data.id });
      await ctx.app.queue.drain();
      expect(requests).toBe(2);
    });

    test('429 exhausted: 503 with retry_after_seconds', async () => {
      answer = () => ({ status: 429, body: '{}' });
      const limited = await call(reseller, 'POST', '/api/ai/icp-suggestions', {});
      expect(limited.statusCode).toBe(503);
      expect(json(limited)).toMatchObject({ code: 'ai.provider_rate_limited' });
    });
  });
});
