import type { ApiResponse } from '../../shared/src/api/contract';
import { createEmbeddedProvider, type AiProvider, type GenerateRequest } from '../src/providers/ai';
import { runAiPrompts, stepAiJob } from '../src/modules/leadSearch/aiActionJob.service';
import { promptIdsForTypes } from '../src/modules/leadSearch/fineTunes.service';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

let ctx: TestContext;
let customer: string;
let reseller: string;
let admin: string;
let customerId: number;

const PROFILE = {
  business_name: 'Brightline Digital',
  industry: 'Digital marketing agency',
  description: 'We run SEO and Google Ads campaigns.',
  target_audience: 'Small dentists and dental clinics',
  products_services: 'SEO audits and Google Ads management',
  unique_selling_points: 'Flat monthly fee',
  location: 'Austin, Texas',
};

type FineTune = ApiResponse<'/api/business-details/fine-tunes', 'get'>['data'][number];
type AiJob = ApiResponse<'/api/people-results/{id}/ai-jobs/{jobId}', 'get'>;

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await login(ctx.app, DEMO.customer);
  reseller = await login(ctx.app, DEMO.reseller);
  admin = await login(ctx.app, DEMO.admin);
  customerId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
    .rows[0]!.id;
}, 60_000);
afterAll(() => ctx.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function prompts(token: string, type = 'people', extra = ''): Promise<FineTune[]> {
  const res = await call(token, 'GET', `/api/business-details/fine-tunes?type=${type}&show_default=true${extra}`);
  expect(res.statusCode).toBe(200);
  return json<{ data: FineTune[] }>(res).data;
}

async function peopleList(token: string, names: string[]): Promise<{ id: number; resultIds: number[] }> {
  const campaign = json<{ campaign: { id: number } }>(
    await call(token, 'POST', '/api/campaigns', { name: `AI ${Math.random()}`, list_type: 'people' }),
  ).campaign;
  const resultIds: number[] = [];
  for (const name of names) {
    const res = await call(token, 'POST', `/api/people-results/${campaign.id}/manual`, {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      company: 'Smile Dental',
      position: 'Practice Manager',
    });
    expect(res.statusCode).toBe(201);
    resultIds.push(json<{ result: { id: number } }>(res).result.id);
  }
  return { id: campaign.id, resultIds };
}

async function resultData(type: string, listId: number, resultId: number, token = customer) {
  const res = await call(token, 'GET', `/api/${type}-results/${listId}/${resultId}`);
  expect(res.statusCode).toBe(200);
  return json<{ data: { ai?: Record<string, { prompt_type: string; text: string; title: string }> } }>(res).data;
}

describe('AI assistant prompts', () => {
  it('gives every user a standard prompt per type with defaults, and validates input', async () => {
    const list = await prompts(customer);
    expect(list.map((p) => p.prompt_type)).toEqual([
      'summary',
      'first_line',
      'subject',
      'direct',
      'similar',
      'competitor',
      'supplier',
      'custom',
    ]);
    expect(
      list.every((p) => p.standard && !p.customized && p.prompt === p.default_prompt && p.prompt.length > 10),
    ).toBe(true);
    // Asking again does not make more.
    expect(await prompts(customer)).toHaveLength(8);
    const local = await prompts(customer, 'local', '&prompt_type=first_line');
    expect(local).toHaveLength(1);
    expect(local[0]!.prompt).toContain('{name}');

    let res = await call(customer, 'GET', '/api/business-details/fine-tunes?type=planets');
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('type');
    res = await call(customer, 'POST', '/api/business-details/fine-tunes', {
      type: 'people',
      prompt_type: 'custom',
      title: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('prompt');
    res = await call(customer, 'POST', '/api/business-details/fine-tunes', {
      type: 'people',
      prompt_type: 'weird',
      title: 'x',
      prompt: 'y',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('prompt_type');
    res = await call(customer, 'PUT', `/api/business-details/fine-tunes/${list[0]!.id}`, {});
    expect(res.statusCode).toBe(400);
  });

  it('edits a standard prompt, resets it to the default, creates and deletes extra prompts', async () => {
    const first = (await prompts(customer)).find((p) => p.prompt_type === 'first_line')!;
    let res = await call(customer, 'PUT', `/api/business-details/fine-tunes/${first.id}`, {
      prompt: 'Greet {first_name} from {business_name}.',
    });
    expect(res.statusCode).toBe(200);
    expect(json<{ fine_tune: FineTune }>(res).fine_tune).toMatchObject({
      customized: true,
      prompt: 'Greet {first_name} from {business_name}.',
      default_prompt: first.default_prompt,
    });

    res = await call(customer, 'POST', `/api/business-details/fine-tunes/${first.id}/reset`);
    expect(res.statusCode).toBe(200);
    expect(json<{ fine_tune: FineTune }>(res).fine_tune).toMatchObject({
      customized: false,
      prompt: first.default_prompt,
    });

    res = await call(customer, 'POST', '/api/business-details/fine-tunes', {
      type: 'people',
      prompt_type: 'custom',
      title: 'Ice breaker',
      prompt: 'Ask {first_name} about {company}.',
    });
    expect(res.statusCode).toBe(201);
    const extra = json<{ fine_tune: FineTune }>(res).fine_tune;
    expect(extra).toMatchObject({ standard: false, title: 'Ice breaker' });
    expect((await prompts(customer)).map((p) => p.id)).toContain(extra.id);
    res = await call(customer, 'POST', `/api/business-details/fine-tunes/${extra.id}/reset`);
    expect(res.statusCode).toBe(422);
    expect(json(res).code).toBe('leadSearch.assistant.not_standard');

    res = await call(customer, 'DELETE', `/api/business-details/fine-tunes/${extra.id}`);
    expect(json(res)).toMatchObject({ reset: false });
    expect((await prompts(customer)).map((p) => p.id)).not.toContain(extra.id);
    // Deleting a standard prompt brings the default back instead.
    await call(customer, 'PUT', `/api/business-details/fine-tunes/${first.id}`, { prompt: 'Changed' });
    res = await call(customer, 'DELETE', `/api/business-details/fine-tunes/${first.id}`);
    expect(json(res)).toMatchObject({ reset: true });
    expect((await prompts(customer)).find((p) => p.id === first.id)).toMatchObject({
      customized: false,
      prompt: first.default_prompt,
    });
  });

  it("uses a super admin's default prompt for its type and list type", async () => {
    const res = await call(admin, 'POST', '/api/admin/ai-prompts', {
      title: 'Admin subject',
      prompt_type: 'subject',
      list_type: 'company',
      prompt: 'Subject for {company} please.',
    });
    expect(res.statusCode).toBe(201);
    const subject = (await prompts(customer, 'company')).find((p) => p.prompt_type === 'subject')!;
    expect(subject).toMatchObject({
      title: 'Admin subject',
      prompt: 'Subject for {company} please.',
      customized: false,
    });
  });

  it('lists the variables per list type', async () => {
    const people = json<{ result: string[]; business: string[] }>(
      await call(customer, 'GET', '/api/business-details/get-fine-tunes-variables?type=people'),
    );
    expect(people.result).toEqual(expect.arrayContaining(['first_name', 'company', 'job_title']));
    expect(people.business).toEqual(expect.arrayContaining(['business_name', 'products_services']));
    const local = json<{ result: string[] }>(
      await call(customer, 'GET', '/api/business-details/get-fine-tunes-variables?type=local'),
    );
    expect(local.result).not.toContain('first_name');
    expect(local.result).toContain('city');
  });

  it('browses the library and copies a prompt from it', async () => {
    let res = await call(customer, 'GET', '/api/business-details/get-fine-tunes-library?type=people&pageSize=2');
    const page = json<{ data: { id: number; title: string; prompt: string; used: boolean }[]; total: number }>(res);
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(page.data[0]!.used).toBe(false);
    const search = json<{ data: { title: string }[] }>(
      await call(customer, 'GET', '/api/business-details/get-fine-tunes-library?search=LinkedIn'),
    );
    expect(search.data.map((d) => d.title)).toEqual(['LinkedIn connection note']);

    res = await call(customer, 'POST', `/api/business-details/use-fine-tunes-library/${page.data[0]!.id}`);
    expect(res.statusCode).toBe(201);
    const copy = json<{ fine_tune: FineTune; message: string }>(res);
    expect(copy.fine_tune).toMatchObject({
      prompt_type: 'library',
      list_type: 'people',
      title: page.data[0]!.title,
      prompt: page.data[0]!.prompt,
      library_id: page.data[0]!.id,
      library_source: 'builtin',
    });
    expect(copy.message).toContain(page.data[0]!.title);
    expect((await prompts(customer, 'people', '&prompt_type=library')).map((p) => p.id)).toEqual([copy.fine_tune.id]);
    const again = json<{ data: { id: number; used: boolean }[] }>(
      await call(customer, 'GET', '/api/business-details/get-fine-tunes-library?type=people&pageSize=2'),
    );
    expect(again.data[0]!.used).toBe(true);
    expect((await call(customer, 'POST', '/api/business-details/use-fine-tunes-library/999999')).statusCode).toBe(404);
    expect(
      (
        await call(
          customer,
          'POST',
          `/api/business-details/use-fine-tunes-library/${page.data[0]!.id}?source=elsewhere`,
        )
      ).statusCode,
    ).toBe(400);
  });

  it("lists a super admin's library prompts first and copies them too", async () => {
    const created = await call(admin, 'POST', '/api/admin/ai-prompts', {
      title: 'Admin opener',
      prompt_type: 'library',
      list_type: 'local',
      prompt: 'Open with a question for {name}.',
    });
    expect(created.statusCode).toBe(201);
    // A library prompt for a list type without the 'ai' action is not offered.
    await call(admin, 'POST', '/api/admin/ai-prompts', {
      title: 'Domain idea',
      prompt_type: 'library',
      list_type: 'domain',
      prompt: 'Something for {name}.',
    });
    const local = json<{ data: { id: number; source: string; title: string }[] }>(
      await call(customer, 'GET', '/api/business-details/get-fine-tunes-library?type=local'),
    );
    expect(local.data[0]).toMatchObject({ source: 'admin', title: 'Admin opener' });
    expect(local.data.slice(1).every((d) => d.source === 'builtin')).toBe(true);
    const all = json<{ data: { title: string }[] }>(
      await call(customer, 'GET', '/api/business-details/get-fine-tunes-library?pageSize=100'),
    );
    expect(all.data.map((d) => d.title)).not.toContain('Domain idea');

    const res = await call(
      customer,
      'POST',
      `/api/business-details/use-fine-tunes-library/${local.data[0]!.id}?source=admin`,
    );
    expect(res.statusCode).toBe(201);
    expect(json<{ fine_tune: FineTune }>(res).fine_tune).toMatchObject({
      list_type: 'local',
      prompt_type: 'library',
      title: 'Admin opener',
      library_source: 'admin',
      library_id: local.data[0]!.id,
    });
    const again = json<{ data: { source: string; used: boolean }[] }>(
      await call(customer, 'GET', '/api/business-details/get-fine-tunes-library?type=local'),
    );
    expect(again.data[0]).toMatchObject({ source: 'admin', used: true });
    expect(again.data.slice(1).every((d) => !d.used)).toBe(true);
  });
});

describe('business profile gate and AI actions', () => {
  it('refuses generation and AI actions until the business profile is done', async () => {
    let res = await call(customer, 'POST', '/api/business-details/generateFineTune', {
      type: 'people',
      prompt_type: 'first_line',
    });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({
      code: 'ai.profile_incomplete',
      message: 'AI tools unavailable until the business profile is done',
    });
    const list = await peopleList(customer, ['Dana Smith']);
    const [summary] = await promptIdsForTypes(ctx.db, customerId, 'people', ['summary']);
    res = await call(customer, 'POST', `/api/people-results/${list.id}/ai`, {
      ids: list.resultIds,
      prompt_ids: [summary],
    });
    expect(res.statusCode).toBe(422);
    expect(json(res).code).toBe('ai.profile_incomplete');
    await expect(
      runAiPrompts(ctx.db, createEmbeddedProvider(), {
        userId: customerId,
        campaignId: list.id,
        resultIds: list.resultIds,
        promptIds: [summary!],
      }),
    ).rejects.toMatchObject({
      statusCode: 422,
    });
  });

  it('generates a prompt from the business profile', async () => {
    expect((await call(customer, 'POST', '/api/business-details/data', PROFILE)).statusCode).toBe(201);
    const res = await call(customer, 'POST', '/api/business-details/generateFineTune', {
      type: 'people',
      prompt_type: 'first_line',
    });
    expect(res.statusCode).toBe(200);
    const answer = json<{ prompt: string; provider: string }>(res);
    expect(answer.provider).toBe('embedded');
    // Built from the profile's facts; the business name stays a placeholder so later profile edits apply.
    expect(answer.prompt).toContain('{business_name}');
    expect(answer.prompt).toContain('Digital marketing agency');
    expect(answer.prompt).toContain('{first_name}');
    expect(answer.prompt.toLowerCase()).toContain('seo audits');
  });

  it('runAiPrompts fills the variables, calls the provider and stores the text on each result', async () => {
    const list = await peopleList(customer, ['Dana Smith', 'Lee Park']);
    const seen: GenerateRequest[] = [];
    const embedded = createEmbeddedProvider();
    const spy: AiProvider = {
      info: embedded.info,
      generate: (request) => (seen.push(request), embedded.generate(request)),
    };
    const ids = await promptIdsForTypes(ctx.db, customerId, 'people', ['first_line', 'subject']);
    const outcome = await runAiPrompts(ctx.db, spy, {
      userId: customerId,
      campaignId: list.id,
      resultIds: list.resultIds,
      promptIds: ids,
    });
    expect(outcome).toEqual({ processed: 2, failed: 0, skipped: 0 });
    expect(seen).toHaveLength(4);
    expect(seen[0]!.variables).toMatchObject({
      first_name: 'Dana',
      last_name: 'Smith',
      company: 'Smile Dental',
      job_title: 'Practice Manager',
      business_name: 'Brightline Digital',
    });
    const data = await resultData('people', list.id, list.resultIds[0]!);
    expect(data.ai![String(ids[0])]).toMatchObject({ prompt_type: 'first_line' });
    expect(data.ai![String(ids[0])]!.text).toContain('Dana');
    expect(data.ai![String(ids[1])]!.text).toContain('Smile Dental');

    // A provider failure counts the result as failed; nothing is thrown.
    const broken: AiProvider = { info: embedded.info, generate: () => Promise.reject(new Error('down')) };
    expect(
      await runAiPrompts(ctx.db, broken, {
        userId: customerId,
        campaignId: list.id,
        resultIds: list.resultIds,
        promptIds: ids,
      }),
    ).toEqual({ processed: 0, failed: 2, skipped: 0 });
  });

  it('the ai action runs a small selection at once and a large one as a job with progress', async () => {
    const [summary] = await promptIdsForTypes(ctx.db, customerId, 'people', ['summary']);
    const small = await peopleList(customer, ['Ana Lopez']);
    let res = await call(customer, 'POST', `/api/people-results/${small.id}/ai`, {
      ids: small.resultIds,
      prompt_ids: [summary],
    });
    expect(res.statusCode).toBe(201);
    expect(json<{ job: AiJob }>(res).job).toMatchObject({ status: 'done', total: 1, processed: 1, failed: 0 });
    expect((await resultData('people', small.id, small.resultIds[0]!)).ai![String(summary)]!.text).toContain(
      'Ana Lopez',
    );

    const names = Array.from({ length: 14 }, (_, i) => `Person${i} Test`);
    const big = await peopleList(customer, names);
    res = await call(customer, 'POST', `/api/people-results/${big.id}/ai`, {
      all_matching: true,
      filters: { search: 'Person1', search_type: 'contain' },
      prompt_ids: [summary],
    });
    expect(res.statusCode).toBe(201);
    // Person1 and Person10–13 match.
    const started = json<{ job: AiJob }>(res).job;
    expect(started).toMatchObject({ status: 'done', total: 5, processed: 5 });

    res = await call(customer, 'POST', `/api/people-results/${big.id}/ai`, {
      all_matching: true,
      prompt_ids: [summary],
    });
    const job = json<{ job: AiJob }>(res).job;
    expect(job).toMatchObject({ status: 'running', total: 14, processed: 0 });
    // One step (what a worker does between two looks at the progress), then the queue runs the rest.
    expect(await stepAiJob(ctx.db, createEmbeddedProvider(), job.id)).toBe(true);
    let progress = json<AiJob>(await call(customer, 'GET', `/api/people-results/${big.id}/ai-jobs/${job.id}`));
    expect(progress).toMatchObject({ status: 'running', processed: 10 });
    await ctx.app.queue.drain();
    progress = json<AiJob>(await call(customer, 'GET', `/api/people-results/${big.id}/ai-jobs/${job.id}`));
    expect(progress).toMatchObject({ status: 'done', processed: 14, failed: 0 });
    expect((await resultData('people', big.id, big.resultIds[13]!)).ai![String(summary)]).toBeDefined();
  });

  it('validates the ai action body and keeps to the list types with the ai action', async () => {
    const list = await peopleList(customer, ['Kim Ray']);
    let res = await call(customer, 'POST', `/api/people-results/${list.id}/ai`, { ids: list.resultIds });
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('prompt_ids');
    const [summary] = await promptIdsForTypes(ctx.db, customerId, 'people', ['summary']);
    res = await call(customer, 'POST', `/api/people-results/${list.id}/ai`, { prompt_ids: [summary] });
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('ids');
    const [localSummary] = await promptIdsForTypes(ctx.db, customerId, 'local', ['summary']);
    res = await call(customer, 'POST', `/api/people-results/${list.id}/ai`, {
      ids: list.resultIds,
      prompt_ids: [localSummary],
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('prompt_ids');
    // Influencer lists have the ai action (spec §2: "as local but enrich instead of get-employees").
    const creators = json<{ campaign: { id: number } }>(
      await call(customer, 'POST', '/api/campaigns', { name: 'Creators', list_type: 'influencer' }),
    ).campaign;
    const creator = await call(customer, 'POST', `/api/influencer-results/${creators.id}/manual`, {
      urls: ['https://www.youtube.com/@brightline'],
    });
    expect(creator.statusCode).toBe(201);
    const [influencerSummary] = await promptIdsForTypes(ctx.db, customerId, 'influencer', ['summary']);
    res = await call(customer, 'POST', `/api/influencer-results/${creators.id}/ai`, {
      ids: [json<{ result: { id: number } }>(creator).result.id],
      prompt_ids: [influencerSummary],
    });
    expect(res.statusCode).toBe(201);
    expect(json<{ job: AiJob }>(res).job).toMatchObject({ status: 'done', total: 1, processed: 1, failed: 0 });
    // A people list under another type's URL, and a type without the ai action.
    expect(
      (
        await call(customer, 'POST', `/api/local-results/${list.id}/ai`, {
          ids: list.resultIds,
          prompt_ids: [localSummary],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(customer, 'POST', `/api/domain-results/${list.id}/ai`, {
          ids: list.resultIds,
          prompt_ids: [summary],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('with a GPT-3.5-class model picked by the super admin, bulk AI actions are refused and single ones still run (spec §9)', async () => {
    const [summary] = await promptIdsForTypes(ctx.db, customerId, 'people', ['summary']);
    const list = await peopleList(customer, ['Una One', 'Dos Two']);
    const before = json<{ model: string }>(await call(admin, 'GET', '/api/admin/ai-model'));
    expect(before).toMatchObject({
      model_class: 'current',
      bulk_actions: true,
      models: expect.arrayContaining(['gpt-3.5-turbo']),
    });
    expect((await call(customer, 'PUT', '/api/admin/ai-model', { model: 'gpt-3.5-turbo' })).statusCode).toBe(403);
    const unknown = await call(admin, 'PUT', '/api/admin/ai-model', { model: 'gpt-2' });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).field).toBe('model');
    expect(json(await call(admin, 'PUT', '/api/admin/ai-model', { model: 'gpt-3.5-turbo' }))).toMatchObject({
      model: 'gpt-3.5-turbo',
      model_class: 'gpt-3.5',
      bulk_actions: false,
    });
    try {
      expect(json(await call(customer, 'GET', '/api/ai-model'))).toEqual({
        model: 'gpt-3.5-turbo',
        model_class: 'gpt-3.5',
        bulk_actions: false,
      });
      let res = await call(customer, 'POST', `/api/people-results/${list.id}/ai`, {
        ids: list.resultIds,
        prompt_ids: [summary],
      });
      expect(res.statusCode).toBe(422);
      expect(json(res)).toMatchObject({ code: 'ai.bulk_unavailable', field: 'ids' });
      res = await call(customer, 'POST', `/api/people-results/${list.id}/ai`, {
        all_matching: true,
        prompt_ids: [summary],
      });
      expect(json(res)).toMatchObject({ code: 'ai.bulk_unavailable', field: 'all_matching' });
      res = await call(customer, 'POST', `/api/people-results/${list.id}/ai`, {
        ids: [list.resultIds[0]],
        prompt_ids: [summary],
      });
      expect(res.statusCode).toBe(201);
      expect(json<{ job: AiJob }>(res).job).toMatchObject({ status: 'done', processed: 1 });
    } finally {
      await call(admin, 'PUT', '/api/admin/ai-model', { model: before.model });
    }
    expect(
      (
        await call(customer, 'POST', `/api/people-results/${list.id}/ai`, {
          ids: list.resultIds,
          prompt_ids: [summary],
        })
      ).statusCode,
    ).toBe(201);
  });

  it("keeps users apart: another user's prompt, list or job answers 404", async () => {
    const mine = (await prompts(customer))[0]!;
    expect(
      (await call(reseller, 'PUT', `/api/business-details/fine-tunes/${mine.id}`, { prompt: 'Stolen' })).statusCode,
    ).toBe(404);
    expect((await call(reseller, 'DELETE', `/api/business-details/fine-tunes/${mine.id}`)).statusCode).toBe(404);
    expect((await call(reseller, 'POST', `/api/business-details/fine-tunes/${mine.id}/reset`)).statusCode).toBe(404);
    expect((await prompts(reseller)).map((p) => p.id)).not.toContain(mine.id);

    expect((await call(reseller, 'POST', '/api/business-details/data', PROFILE)).statusCode).toBe(201);
    const theirList = await peopleList(reseller, ['Sam Reed']);
    const myList = await peopleList(customer, ['Jo Bell']);
    const [theirSummary] = (await prompts(reseller)).map((p) => p.id);
    // My prompt on their list, their prompt on my list: both 404.
    expect(
      (
        await call(reseller, 'POST', `/api/people-results/${theirList.id}/ai`, {
          ids: theirList.resultIds,
          prompt_ids: [mine.id],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(reseller, 'POST', `/api/people-results/${myList.id}/ai`, {
          ids: myList.resultIds,
          prompt_ids: [theirSummary],
        })
      ).statusCode,
    ).toBe(404);
    const res = await call(customer, 'POST', `/api/people-results/${myList.id}/ai`, {
      ids: myList.resultIds,
      prompt_ids: [mine.id],
    });
    const job = json<{ job: AiJob }>(res).job;
    expect((await call(reseller, 'GET', `/api/people-results/${myList.id}/ai-jobs/${job.id}`)).statusCode).toBe(404);
    // Results of another list are never written, even when their ids are passed.
    const outcome = await runAiPrompts(ctx.db, createEmbeddedProvider(), {
      userId: customerId,
      campaignId: myList.id,
      resultIds: theirList.resultIds,
      promptIds: [mine.id],
    });
    expect(outcome).toEqual({ processed: 0, failed: 0, skipped: 0 });
    expect((await resultData('people', theirList.id, theirList.resultIds[0]!, reseller)).ai).toBeUndefined();
  });

  it('needs the leads module', async () => {
    const basic = await login(ctx.app, DEMO.basic);
    expect((await call(basic, 'GET', '/api/business-details/fine-tunes')).statusCode).toBe(403);
    expect((await call(basic, 'GET', '/api/business-details/get-fine-tunes-library')).statusCode).toBe(403);
  });
});

describe('AI list actions: each result asked exactly once', () => {
  it('two workers on one 40-row action ask about every row once and cover all 40', async () => {
    const [summary] = await promptIdsForTypes(ctx.db, customerId, 'people', ['summary']);
    const list = await peopleList(
      customer,
      Array.from({ length: 40 }, (_, i) => `Twice Person${i}`),
    );
    const res = await call(customer, 'POST', `/api/people-results/${list.id}/ai`, {
      all_matching: true,
      prompt_ids: [summary],
    });
    const job = json<{ job: AiJob }>(res).job;
    expect(job).toMatchObject({ status: 'running', total: 40 });
    const embedded = createEmbeddedProvider();
    const asked: string[] = [];
    const counting: AiProvider = {
      info: embedded.info,
      generate: (request) => (asked.push(String(request.variables?.name)), embedded.generate(request)),
    };
    const worker = async () => {
      for (;;) {
        try {
          if (!(await stepAiJob(ctx.db, counting, job.id))) return;
        } catch (error) {
          // The other worker holds the next rows: let it finish them (yield to I/O), then look again.
          expect(String(error)).toMatch(/another worker/);
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    };
    await Promise.all([worker(), worker()]);
    expect(asked).toHaveLength(40);
    expect(new Set(asked).size).toBe(40);
    const done = json<AiJob>(await call(customer, 'GET', `/api/people-results/${list.id}/ai-jobs/${job.id}`));
    expect(done).toMatchObject({ status: 'done', total: 40, processed: 40, failed: 0 });
    for (const id of list.resultIds)
      expect((await resultData('people', list.id, id)).ai![String(summary)]).toBeDefined();
  });
});
