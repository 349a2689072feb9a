/**
 * Tenant-isolation fixtures: one entry per API route that takes an id in its
 * path. security-isolation.test.ts reads the app's live route table and FAILS
 * for a route with a path parameter that has no entry here — so when you add
 * such a route, add its entry (and, if it needs a new kind of row, create that
 * row for the victim in `createVictimRows`).
 *
 * For each entry the suite calls the route as every attacker (a customer of
 * another reseller, another reseller, a team member of another account, and —
 * for module-gated routes — the victim's own team member without that module)
 * and expects 403/404, no trace of the victim's data in the answer, and the
 * database unchanged. GET routes are also called as the owner (must succeed),
 * which proves the fixture id is real.
 */
import type { FastifyInstance } from 'fastify';
import type { SqlParam } from '../../src/db';
import type { ModuleSlug } from '../../src/users/users';
import { sandboxToken } from '../../src/providers/payments/sandbox';
import { sampleOf } from './schemaSample';
import type { RouteInfo } from './routeTable';

/** A string every victim row carries: it must never appear in an attacker's answer. */
export const VICTIM_MARKER = 'VictimSecret7731';

export interface VictimIds {
  [name: string]: number | string;
}

export interface IsolationEnv {
  app: FastifyInstance;
  /** Bearer header of the victim (the demo customer) and of the super admin. */
  victim: Record<string, string>;
  admin: Record<string, string>;
  /** The victim customer's own reseller (demo reseller): owner of white-label rows. */
  reseller: Record<string, string>;
  victimUserId: number;
  /**
   * POST as the victim (or admin) with the route's sample body merged with `body`; free-text
   * fields of the sample carry VICTIM_MARKER. Returns the parsed answer.
   */
  create(
    url: string,
    body?: Record<string, unknown>,
    as?: 'victim' | 'admin' | 'reseller',
  ): Promise<Record<string, unknown>>;
  routes: RouteInfo[];
  sql<T = Record<string, unknown>>(text: string, params?: SqlParam[]): Promise<T[]>;
}

export interface IdFixture {
  /** Path parameter values (ids of the victim's rows). */
  params: (ids: VictimIds) => Record<string, number | string>;
  /** Body for writes (merged over the route schema's sample, so the request passes validation). */
  body?: (ids: VictimIds) => Record<string, unknown>;
  /** Query string for GET routes, e.g. `?page=1`. */
  query?: string;
  /** The module the route requires: the victim's own team member without it is an attacker too. */
  module?: ModuleSlug;
  /** Who owns the rows (the owner call of GET routes is made as them); default the victim customer. */
  owner?: 'victim' | 'admin' | 'reseller';
  /**
   * The path parameter is not another account's row: every account acts on its own row by that
   * name (e.g. a CRM provider slug), or the row is global content for every signed-in user. The
   * matrix then checks only for 5xx. Give the reason.
   */
  notAnAccountRow?: string;
  /**
   * A public page meant for anyone (no sign-in): listed so the choice is explicit; the matrix
   * checks it only for 5xx. Give the reason.
   */
  public?: string;
  /** Settings data is shared with the owner's team members by design (spec): skip that attacker. */
  sharedWithTeam?: boolean;
}

const RESULT_TYPES = ['people', 'local', 'company', 'domain', 'influencer', 'intent', 'group'] as const;

/** The id of the row a create answered with: `{ id }`, or the first member that is an object with an id (`data`, `campaign`, `plan`, …). */
/** List types whose results have the AI assistant's 'ai' action. */
const AI_TYPES = ['people', 'local', 'company', 'intent', 'group', 'influencer'] as const;

const idOf = (answer: Record<string, unknown>): number => {
  if (typeof answer.id === 'number') return answer.id;
  for (const value of Object.values(answer)) {
    const id = (value as Record<string, unknown> | null)?.id;
    if (value && typeof value === 'object' && typeof id === 'number') return id;
  }
  throw new Error(`no id in ${JSON.stringify(answer).slice(0, 300)}`);
};

/** The victim's rows every fixture points at. Each carries VICTIM_MARKER in a text field. */
export async function createVictimRows(env: IsolationEnv): Promise<VictimIds> {
  const ids: VictimIds = {};
  const m = VICTIM_MARKER;

  // Settings (the victim's own account data).
  ids.businessProfile = idOf(await env.create('/api/business-details/data', { business_name: `${m} Ltd` }));
  ids.websiteLink = idOf(
    await env.create('/api/business-details/website-links', {
      url: `https://victim-${m.toLowerCase()}.example.com/about`,
    }),
  );
  ids.trainingText = idOf(
    await env.create('/api/business-details/training-texts', { title: `${m} text`, content: `${m} content` }),
  );
  ids.trainingQa = idOf(
    await env.create('/api/business-details/training-qa', { question: `${m} question?`, answer: `${m} answer` }),
  );
  ids.trainingFile = idOf(
    await env.create('/api/business-details/training-files', {
      name: `${m}.txt`,
      mime_type: 'text/plain',
      content_base64: Buffer.from(`${m} file`).toString('base64'),
    }),
  );
  ids.apiKey = idOf(await env.create('/api/user-api-key', { name: `${m} key` }));
  ids.teamMember = idOf(
    await env.create('/api/team-members', {
      first_name: m,
      last_name: 'Member',
      email: `member-${m.toLowerCase()}@example.com`,
      access: ['wallet'],
    }),
  );

  // Lead search: one list per type, each with one result and one search job.
  for (const type of RESULT_TYPES) {
    const campaign = idOf(await env.create('/api/campaigns', { name: `${m} ${type} list`, list_type: type }));
    ids[`campaign_${type}`] = campaign;
    const [job] = await env.sql<{ id: number }>(
      `INSERT INTO search_jobs (campaign_id, user_id, search_type, location, filters, provider, demo_data, requested, status)
       VALUES ($1, $2, $3, 'Berlin', '{}'::jsonb, 'demo', true, 5, 'done') RETURNING id`,
      [campaign, env.victimUserId, type],
    );
    ids[`job_${type}`] = job!.id;
    const [result] = await env.sql<{ id: string }>(
      `INSERT INTO campaign_results (campaign_id, user_id, job_id, name, company, email, email_status)
       VALUES ($1, $2, $3, $4, $4, 'victim@example.com', 'found') RETURNING id`,
      [campaign, env.victimUserId, job!.id, `${m} Person`],
    );
    ids[`result_${type}`] = Number(result!.id);
    await env.sql('UPDATE campaigns SET result_count = 1 WHERE id = $1', [campaign]);
  }

  // Settings: integration webhooks, wallet cards and charges.
  ids.integrationWebhook = idOf(
    await env.create('/api/integrations/webhooks', {
      name: `${m} hook`,
      url: 'https://hooks.example.com/victim',
      events: ['lead.created'],
    }),
  );
  // A card is saved from a confirmed SetupIntent with the sandbox card form's token (no card number reaches the API).
  const setup = (await env.create('/api/wallet/cards/setup', {})) as unknown as { setup_intent_id: string };
  ids.card = idOf(
    await env.create('/api/wallet/cards', {
      setup_intent_id: setup.setup_intent_id,
      token: sandboxToken('4242 4242 4242 4242', 12, 2030),
    }),
  );
  await env.create('/api/wallet/top-ups', {});
  const [charge] = await env.sql<{ id: number }>(
    'SELECT id FROM settings_payment_charges WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
    [env.victimUserId],
  );
  if (!charge) throw new Error('no wallet charge for the victim');
  ids.charge = charge.id;

  // Lead search: AI assistant prompts and one finished AI job per list type with the 'ai' action.
  ids.fineTune = idOf(
    await env.create('/api/business-details/fine-tunes', {
      type: 'people',
      prompt_type: 'custom',
      title: `${m} prompt`,
      prompt: `${m} prompt text`,
    }),
  );
  for (const type of AI_TYPES) {
    const [aiJob] = await env.sql<{ id: number }>(
      `INSERT INTO lead_ai_jobs (user_id, campaign_id, prompt_ids, selection, total, status) VALUES ($1, $2, '[]'::jsonb, '{"ids":[]}'::jsonb, 0, 'done') RETURNING id`,
      [env.victimUserId, ids[`campaign_${type}`]!],
    );
    ids[`aiJob_${type}`] = aiJob!.id;
  }
  // Lead search: custom labels and autopilots.
  ids.label = idOf(await env.create('/api/custom-labels', { name: `${m} label` }));
  ids.autopilot = idOf(
    await env.create('/api/autopilots', {
      name: `${m} autopilot`,
      campaign_id: ids.campaign_people!,
      type: 'basic',
      location: 'Berlin',
      max_results: 5,
      filters: { job_title: 'Engineer' },
    }),
  );
  // Lead search: workflows and one finished run.
  ids.workflow = idOf(await env.create('/api/workflows', { name: `${m} workflow`, description: `${m} description` }));
  const [workflowRun] = await env.sql<{ id: number }>(
    `INSERT INTO workflow_runs (workflow_id, user_id, trigger, status, graph, started_at, finished_at) VALUES ($1, $2, 'manual', 'done', '{"nodes":[],"edges":[]}'::jsonb, now(), now()) RETURNING id`,
    [ids.workflow, env.victimUserId],
  );
  ids.workflowRun = workflowRun!.id;

  // Lead search: a saved search, a finished background export, a do-not-contact entry.
  ids.savedSearch = idOf(
    await env.create('/api/saved-searches', {
      name: `${m} saved search`,
      type: 'people',
      campaign_id: ids.campaign_people!,
      location: 'Berlin',
      count: 5,
      filters: { job_title: 'Engineer' },
    }),
  );
  const [listExport] = await env.sql<{ id: number }>(
    `INSERT INTO list_exports (user_id, campaign_id, filters, file_name, status, total, rows_written) VALUES ($1, $2, '{}'::jsonb, $3, 'done', 0, 0) RETURNING id`,
    [env.victimUserId, ids.campaign_people!, `${m}.csv`],
  );
  ids.listExport = listExport!.id;
  const [listImport] = await env.sql<{ id: number }>(
    `INSERT INTO list_imports (campaign_id, user_id, file_name, columns, status, total) VALUES ($1, $2, $3, '["Email"]'::jsonb, 'uploaded', 1) RETURNING id`,
    [ids.campaign_people!, env.victimUserId, `${m}.csv`],
  );
  ids.listImport = listImport!.id;
  const [suppression] = await env.sql<{ id: string }>(
    "INSERT INTO suppressions (account_id, kind, value, reason) VALUES ($1, 'email', $2, $3) RETURNING id",
    [env.victimUserId, `dnc-${m.toLowerCase()}@example.com`, `${m} reason`],
  );
  ids.suppression = Number(suppression!.id);
  // Settings: a ready export archive of the whole account.
  const [accountExport] = await env.sql<{ id: number }>(
    "INSERT INTO account_exports (user_id, status, archive, size_bytes, finished_at, expires_at) VALUES ($1, 'ready', convert_to($2, 'UTF8'), 16, now(), now() + interval '7 days') RETURNING id",
    [env.victimUserId, m],
  );
  ids.accountExport = accountExport!.id;

  // White-label rows of the victim's reseller.
  ids.package = idOf(
    await env.create(
      '/api/whitelabel/packages',
      { name: `${m} package`, monthly_price_cents: 1000, credit_price_cents: 20 },
      'reseller',
    ),
  );
  ids.subscription = idOf(
    await env.create(
      '/api/whitelabel/subscriptions',
      {
        package_id: ids.package!,
        email: `sub-${m.toLowerCase()}@example.com`,
        customer_name: `${m} Customer`,
        username: 'victimsub',
        welcome_email: false,
      },
      'reseller',
    ),
  );
  ids.partner_wl = idOf(await env.create('/api/whitelabel/partners', {}, 'reseller'));
  // A credit purchase of the victim customer, paid to its reseller's connected account.
  const [purchase] = await env.sql<{ id: number }>(
    `INSERT INTO settings_payment_charges (user_id, provider, provider_ref, kind, amount_cents, credits, status, credited, connected_account)
     VALUES ($1, 'sandbox', 'ch_victim_purchase', 'top_up', 1000, 100, 'succeeded', true, 'acct_victim') RETURNING id`,
    [env.victimUserId],
  );
  ids.creditPurchase = purchase!.id;
  ids.customLink = idOf(
    await env.create(
      '/api/whitelabel/custom-links',
      { title: `${m} link`, url: 'https://victim.example.com/help' },
      'reseller',
    ),
  );
  ids.resellerWebhook = idOf(
    await env.create(
      '/api/whitelabel/webhooks',
      { name: `${m} hook`, url: 'https://hooks.example.com/reseller' },
      'reseller',
    ),
  );
  ids.wlCourse = idOf(await env.create('/api/whitelabel/courses', { title: `${m} course` }, 'reseller'));
  ids.wlCoursePage = idOf(
    await env.create(
      `/api/whitelabel/courses/${ids.wlCourse}/pages`,
      { title: `${m} lesson`, video_url: 'https://video.example.com/victim', body_html: `<p>${m} body</p>` },
      'reseller',
    ),
  );

  // A running job (stop is refused for a finished one before the owner check could matter).
  const [running] = await env.sql<{ id: number }>(
    `INSERT INTO search_jobs (campaign_id, user_id, search_type, location, filters, provider, demo_data, requested, status)
     VALUES ($1, $2, 'people', 'Berlin', '{}'::jsonb, 'demo', true, 5, 'running') RETURNING id`,
    [ids.campaign_people!, env.victimUserId],
  );
  ids.job_running = running!.id;

  // Lead search: a list in the trash and an undoable operation on it (issue 29 item 5).
  ids.campaign_trashed = idOf(await env.create('/api/campaigns', { name: `${m} trashed list`, list_type: 'people' }));
  await env.sql('UPDATE campaigns SET deleted_at = now() WHERE id = $1', [ids.campaign_trashed]);
  const [operation] = await env.sql<{ id: string }>(
    "INSERT INTO list_operations (user_id, kind, campaign_ids, created_at, undo_until) VALUES ($1, 'delete', $2::int[], now(), now() + interval '10 years') RETURNING id",
    [env.victimUserId, `{${ids.campaign_trashed}}`],
  );
  ids.listOperation = Number(operation!.id);
  ids.listView = idOf(
    await env.create('/api/list-views', {
      name: `${m} view`,
      list_type: 'people',
      columns: [{ key: 'email', width: 200 }],
      filters: { search: m },
    }),
  );

  // Super-admin data (global): only admins may touch it.
  ids.user = env.victimUserId;
  ids.plan = idOf(await env.create('/api/admin/plans', {}, 'admin'));
  ids.topic = idOf(await env.create('/api/admin/topics', {}, 'admin'));
  ids.partner = idOf(await env.create('/api/admin/partners', {}, 'admin'));
  ids.prompt = idOf(await env.create('/api/admin/ai-prompts', {}, 'admin'));
  ids.course = idOf(await env.create('/api/admin/courses', {}, 'admin'));
  ids.coursePage = idOf(await env.create(`/api/admin/courses/${ids.course}/pages`, {}, 'admin'));
  return ids;
}

const settings = (param: string): IdFixture => ({ params: (ids) => ({ id: ids[param]! }), sharedWithTeam: true });
const admin = (param: string, extra: Partial<IdFixture> = {}): IdFixture => ({
  params: (ids) => ({ id: ids[param]! }),
  owner: 'admin',
  module: 'admin',
  ...extra,
});
const wl = (param: string, extra: Partial<IdFixture> = {}): IdFixture => ({
  params: (ids) => ({ id: ids[param]! }),
  owner: 'reseller',
  module: 'whitelabel',
  ...extra,
});
const lead = (fixture: Omit<IdFixture, 'module'>): IdFixture => ({ module: 'leads', ...fixture });

function resultRoutes(): Record<string, IdFixture> {
  const out: Record<string, IdFixture> = {};
  for (const type of RESULT_TYPES) {
    const list = (ids: VictimIds) => ({ id: ids[`campaign_${type}`]! });
    out[`POST /api/${type}-results/:id`] = lead({ params: list });
    out[`POST /api/${type}-results/:id/csv`] = lead({ params: list });
    out[`GET /api/${type}-results/:id/:resultId`] = lead({
      params: (ids) => ({ ...list(ids), resultId: ids[`result_${type}`]! }),
    });
    out[`POST /api/${type}-results/:id/delete`] = lead({
      params: list,
      body: (ids) => ({ ids: [ids[`result_${type}`]] }),
    });
    out[`POST /api/${type}-results/:id/manual`] = lead({
      params: list,
      body: () => ({
        name: 'Intruder',
        email: 'intruder@example.com',
        linkedin_url: 'https://www.linkedin.com/in/intruder',
        website: 'https://intruder.example.com',
        urls: ['https://intruder.example.com'],
      }),
    });
    out[`POST /api/${type}-results/:id/send-webhook`] = lead({
      params: list,
      body: (ids) => ({ ids: [ids[`result_${type}`]] }),
    });
    out[`POST /api/${type}-results/:id/send-crm`] = lead({
      params: list,
      body: (ids) => ({ ids: [ids[`result_${type}`]] }),
    });
    out[`POST /api/${type}-results/:id/labels`] = lead({
      params: list,
      body: (ids) => ({ ids: [ids[`result_${type}`]], add: ['Hijacked'] }),
    });
    out[`POST /api/${type}-results/:id/verify-emails`] = lead({ params: list });
  }
  // Selection actions that exist for some types only.
  const selection = (type: (typeof RESULT_TYPES)[number]) =>
    lead({ params: (ids) => ({ id: ids[`campaign_${type}`]! }), body: (ids) => ({ ids: [ids[`result_${type}`]] }) });
  for (const type of ['local', 'company', 'domain'] as const)
    out[`POST /api/${type}-results/:id/get-employees`] = selection(type);
  out['POST /api/influencer-results/:id/enrich'] = selection('influencer');
  for (const type of ['people', 'group'] as const) {
    out[`POST /api/${type}-results/:id/get-phones`] = lead({
      params: (ids) => ({ id: ids[`campaign_${type}`]! }),
      body: (ids) => ({ ids: [ids[`result_${type}`]] }),
    });
    out[`POST /api/${type}-results/:id/find-similar`] = selection(type);
  }
  return out;
}

/** Keyed `METHOD url` exactly as the route is registered. */
export const ID_ROUTE_FIXTURES: Record<string, IdFixture> = {
  // Settings
  'PUT /api/business-details/data/:id': settings('businessProfile'),
  'PUT /api/business-details/website-links/:id': {
    ...settings('websiteLink'),
    body: () => ({ url: 'https://intruder.example.com/page' }),
  },
  'DELETE /api/business-details/website-links/:id': settings('websiteLink'),
  'PUT /api/business-details/training-texts/:id': settings('trainingText'),
  'DELETE /api/business-details/training-texts/:id': settings('trainingText'),
  'PUT /api/business-details/training-qa/:id': settings('trainingQa'),
  'DELETE /api/business-details/training-qa/:id': settings('trainingQa'),
  'PUT /api/business-details/training-files/:id': settings('trainingFile'),
  'DELETE /api/business-details/training-files/:id': settings('trainingFile'),
  'PUT /api/user-api-key/:id': {
    params: (ids) => ({ id: ids.apiKey! }),
    body: () => ({ name: 'Hijacked', revoked: true }),
  },
  'DELETE /api/user-api-key/:id': { params: (ids) => ({ id: ids.apiKey! }) },
  'PUT /api/team-members/:id': { params: (ids) => ({ id: ids.teamMember! }), body: () => ({ access: ['wallet'] }) },
  'DELETE /api/team-members/:id': { params: (ids) => ({ id: ids.teamMember! }) },

  // Lead search
  'GET /api/campaigns/:id': lead({ params: (ids) => ({ id: ids.campaign_people! }) }),
  'PUT /api/campaigns/:id': lead({
    params: (ids) => ({ id: ids.campaign_people! }),
    body: () => ({ name: 'Hijacked' }),
  }),
  'DELETE /api/campaigns/:id': lead({ params: (ids) => ({ id: ids.campaign_people! }) }),
  'POST /api/campaigns/archive/:id': lead({ params: (ids) => ({ id: ids.campaign_people! }) }),
  'POST /api/list-operations/:id/undo': lead({ params: (ids) => ({ id: ids.listOperation! }) }),
  'POST /api/campaign-trash/:id/restore': lead({ params: (ids) => ({ id: ids.campaign_trashed! }) }),
  'DELETE /api/campaign-trash/:id': lead({ params: (ids) => ({ id: ids.campaign_trashed! }) }),
  'PUT /api/list-views/:id': lead({ params: (ids) => ({ id: ids.listView! }), body: () => ({ name: 'Hijacked' }) }),
  'DELETE /api/list-views/:id': lead({ params: (ids) => ({ id: ids.listView! }) }),
  'GET /api/searches/:id': lead({ params: (ids) => ({ id: ids.job_people! }) }),
  'POST /api/searches/:id/stop': lead({ params: (ids) => ({ id: ids.job_running! }) }),
  'GET /api/intent-tracking/:id': lead({ params: (ids) => ({ id: ids.campaign_intent! }) }),
  'GET /api/campaign-webhook/:id': lead({ params: (ids) => ({ id: ids.campaign_company! }) }),
  'POST /api/campaign-webhook-setup/:id': lead({
    params: (ids) => ({ id: ids.campaign_company! }),
    body: () => ({ url: 'https://hooks.example.com/steal' }),
  }),
  ...resultRoutes(),

  // Settings (more)
  'PUT /api/integrations/webhooks/:id': {
    params: (ids) => ({ id: ids.integrationWebhook! }),
    body: () => ({ name: 'Hijacked', url: 'https://hooks.example.com/steal', events: ['lead.created'] }),
  },
  'DELETE /api/integrations/webhooks/:id': { params: (ids) => ({ id: ids.integrationWebhook! }) },
  'POST /api/integrations/webhooks/:id/test': { params: (ids) => ({ id: ids.integrationWebhook! }) },
  'GET /api/wallet/charges/:id': { params: (ids) => ({ id: ids.charge! }) },
  'POST /api/wallet/charges/:id/confirm': { params: (ids) => ({ id: ids.charge! }) },
  'PUT /api/wallet/cards/:id/default': { params: (ids) => ({ id: ids.card! }) },
  'DELETE /api/wallet/cards/:id': { params: (ids) => ({ id: ids.card! }) },
  'POST /api/crm/connections/:provider/authorize': {
    params: () => ({ provider: 'hubspot' }),
    notAnAccountRow: 'provider slug: each account connects its own CRM',
  },
  'DELETE /api/crm/connections/:provider': {
    params: () => ({ provider: 'hubspot' }),
    notAnAccountRow: 'provider slug: each account removes its own connection',
  },
  'GET /api/crm/fields/:provider': {
    params: () => ({ provider: 'hubspot' }),
    notAnAccountRow: 'provider slug: each account reads its own field mapping',
  },
  'PUT /api/crm/fields/:provider': {
    params: () => ({ provider: 'hubspot' }),
    notAnAccountRow: 'provider slug: each account writes its own field mapping',
  },
  'PUT /api/admin/lead-sources/:id': {
    params: () => ({ id: 'youtube' }),
    body: () => ({ enabled: true }),
    module: 'admin',
    owner: 'admin',
    notAnAccountRow: 'lead-source id: platform settings only the super admin changes',
  },
  'PUT /api/admin/lead-sources/order/:use': {
    params: () => ({ use: 'local' }),
    body: () => ({ sources: ['google_places', 'osm'] }),
    module: 'admin',
    owner: 'admin',
    notAnAccountRow: 'search type: platform source order only the super admin changes',
  },
  'POST /api/admin/lead-sources/:id/check': {
    params: () => ({ id: 'reverse_dns' }),
    module: 'admin',
    owner: 'admin',
    notAnAccountRow: 'lead-source id: a platform health check only the super admin runs',
  },
  'GET /api/courses/items/:id': {
    params: (ids) => ({ id: ids.course! }),
    notAnAccountRow: 'onboarding courses the super admin publishes to every signed-in user',
  },

  // Lead search (more)
  'PUT /api/custom-labels/:id': lead({ params: (ids) => ({ id: ids.label! }), body: () => ({ name: 'Hijacked' }) }),
  'DELETE /api/custom-labels/:id': lead({ params: (ids) => ({ id: ids.label! }) }),
  'GET /api/custom-labels/:id/results': lead({ params: (ids) => ({ id: ids.label! }) }),
  'GET /api/autopilots/:id': lead({ params: (ids) => ({ id: ids.autopilot! }) }),
  'PUT /api/autopilots/:id': lead({
    params: (ids) => ({ id: ids.autopilot! }),
    body: (ids) => ({
      name: 'Hijacked',
      campaign_id: ids.campaign_people,
      type: 'basic',
      location: 'Berlin',
      max_results: 5,
      filters: { job_title: 'Engineer' },
    }),
  }),
  'POST /api/autopilots/:id/status': lead({ params: (ids) => ({ id: ids.autopilot! }) }),
  'DELETE /api/autopilots/:id': lead({ params: (ids) => ({ id: ids.autopilot! }) }),
  'GET /api/autopilots/:id/runs': lead({ params: (ids) => ({ id: ids.autopilot! }) }),
  'PUT /api/business-details/fine-tunes/:id': lead({
    params: (ids) => ({ id: ids.fineTune! }),
    body: () => ({ prompt: 'Hijacked' }),
  }),
  'DELETE /api/business-details/fine-tunes/:id': lead({ params: (ids) => ({ id: ids.fineTune! }) }),
  'POST /api/business-details/fine-tunes/:id/reset': lead({ params: (ids) => ({ id: ids.fineTune! }) }),
  'POST /api/business-details/use-fine-tunes-library/:id': {
    params: () => ({ id: 1 }),
    module: 'leads',
    notAnAccountRow: 'the shared prompt library: every user copies from the same prompts',
  },
  ...Object.fromEntries(
    AI_TYPES.flatMap((type) => [
      [
        `POST /api/${type}-results/:id/ai`,
        lead({
          params: (ids) => ({ id: ids[`campaign_${type}`]! }),
          body: (ids) => ({ ids: [ids[`result_${type}`]], prompt_ids: [ids.fineTune] }),
        }),
      ],
      [
        `GET /api/${type}-results/:id/ai-jobs/:jobId`,
        lead({ params: (ids) => ({ id: ids[`campaign_${type}`]!, jobId: ids[`aiJob_${type}`]! }) }),
      ],
    ]),
  ),
  'GET /api/workflows/:id': lead({ params: (ids) => ({ id: ids.workflow! }) }),
  'PUT /api/workflows/:id': lead({
    params: (ids) => ({ id: ids.workflow! }),
    body: () => ({ name: 'Hijacked', nodes: [], edges: [] }),
  }),
  'DELETE /api/workflows/:id': lead({ params: (ids) => ({ id: ids.workflow! }) }),
  'POST /api/workflows/:id/publish': lead({ params: (ids) => ({ id: ids.workflow! }) }),
  'POST /api/workflows/:id/unpublish': lead({ params: (ids) => ({ id: ids.workflow! }) }),
  'POST /api/workflows/:id/run': lead({ params: (ids) => ({ id: ids.workflow! }) }),
  'GET /api/workflows/:id/runs': lead({ params: (ids) => ({ id: ids.workflow! }) }),
  'GET /api/workflows/:id/runs/:runId': lead({ params: (ids) => ({ id: ids.workflow!, runId: ids.workflowRun! }) }),

  'POST /api/campaign/:id/history': lead({ params: (ids) => ({ id: ids.campaign_people! }) }),
  'GET /api/saved-searches/:id': lead({ params: (ids) => ({ id: ids.savedSearch! }) }),
  'PUT /api/saved-searches/:id': lead({
    params: (ids) => ({ id: ids.savedSearch! }),
    body: () => ({ name: 'Hijacked' }),
  }),
  'DELETE /api/saved-searches/:id': lead({ params: (ids) => ({ id: ids.savedSearch! }) }),
  'POST /api/saved-searches/:id/run': lead({ params: (ids) => ({ id: ids.savedSearch! }) }),
  'GET /api/list-exports/:id': lead({ params: (ids) => ({ id: ids.listExport! }) }),
  'POST /api/list-exports/:id/link': lead({ params: (ids) => ({ id: ids.listExport! }) }),
  'GET /api/list-exports/:id/file': {
    params: (ids) => ({ id: ids.listExport! }),
    query: '?expires=4102444800&signature=forged',
    public: 'a plain download link: the signature made for the owner is the credential (a forged one gets 403)',
  },
  'DELETE /api/list-exports/:id': lead({ params: (ids) => ({ id: ids.listExport! }) }),
  'DELETE /api/suppressions/:id': lead({ params: (ids) => ({ id: ids.suppression! }) }),
  'GET /api/campaigns/:id/email-grades': lead({ params: (ids) => ({ id: ids.campaign_people! }) }),
  'POST /api/campaigns/:id/imports': lead({ params: (ids) => ({ id: ids.campaign_people! }) }),
  'GET /api/campaigns/:id/imports/:importId': lead({
    params: (ids) => ({ id: ids.campaign_people!, importId: ids.listImport! }),
  }),
  'POST /api/campaigns/:id/imports/:importId/start': lead({
    params: (ids) => ({ id: ids.campaign_people!, importId: ids.listImport! }),
    body: () => ({ mapping: { email: 'Email' } }),
  }),
  'GET /api/campaigns/:id/imports/:importId/errors': lead({
    params: (ids) => ({ id: ids.campaign_people!, importId: ids.listImport! }),
  }),
  'POST /api/email-bounces/:token': {
    params: () => ({ token: 'no-such-bounce-token-0000' }),
    body: () => ({ email: 'intruder@example.com' }),
    public:
      "a CRM's or webhook receiver's bounce report: the account's unguessable token in its path is the credential (ADR 036)",
  },
  'GET /api/account/exports/:id/download': { params: (ids) => ({ id: ids.accountExport! }) },

  // White-label (rows of the victim's reseller)
  'GET /api/whitelabel/packages/:id': wl('package'),
  'PUT /api/whitelabel/packages/:id': wl('package', {
    body: () => ({ name: 'Hijacked', monthly_price_cents: 1, credit_price_cents: 20 }),
  }),
  'DELETE /api/whitelabel/packages/:id': wl('package'),
  'GET /api/whitelabel/packages/:id/sales-settings': wl('package'),
  'PUT /api/whitelabel/packages/:id/sales-settings': wl('package'),
  'POST /api/whitelabel/packages/:id/sales-settings/preview': wl('package', {
    body: () => ({ business_name: 'Intruder' }),
  }),
  'GET /api/whitelabel/subscriptions/:id': wl('subscription'),
  'PUT /api/whitelabel/subscriptions/:id': wl('subscription'),
  'POST /api/whitelabel/subscriptions/:id/cancel': wl('subscription'),
  'POST /api/whitelabel/subscriptions/:id/refund': wl('subscription'),
  'POST /api/whitelabel/credit-purchases/:id/refund': wl('creditPurchase'),
  'POST /api/whitelabel/subscriptions/:id/restore': wl('subscription'),
  'POST /api/whitelabel/subscriptions/:id/reactivate': wl('subscription'),
  'PUT /api/whitelabel/webhooks/:id': wl('resellerWebhook', {
    body: () => ({ name: 'Hijacked', url: 'https://hooks.example.com/steal' }),
  }),
  'DELETE /api/whitelabel/webhooks/:id': wl('resellerWebhook'),
  'POST /api/whitelabel/webhooks/:id/test': wl('resellerWebhook'),

  'GET /api/whitelabel/partners/:id': wl('partner_wl'),
  'PUT /api/whitelabel/partners/:id': wl('partner_wl'),
  'DELETE /api/whitelabel/partners/:id': wl('partner_wl'),
  'PUT /api/whitelabel/custom-links/:id': wl('customLink', {
    body: () => ({ title: 'Hijacked', url: 'https://intruder.example.com/' }),
  }),
  'DELETE /api/whitelabel/custom-links/:id': wl('customLink'),
  'GET /api/whitelabel/courses/:id': wl('wlCourse'),
  'PUT /api/whitelabel/courses/:id': wl('wlCourse', { body: () => ({ title: 'Hijacked' }) }),
  'DELETE /api/whitelabel/courses/:id': wl('wlCourse'),
  'GET /api/whitelabel/courses/:id/pages': wl('wlCourse'),
  'POST /api/whitelabel/courses/:id/pages': wl('wlCourse', { body: () => ({ title: 'Injected', video_url: null }) }),
  'GET /api/whitelabel/courses/:id/pages/:pageId': wl('wlCoursePage', {
    params: (ids) => ({ id: ids.wlCourse!, pageId: ids.wlCoursePage! }),
  }),
  'PUT /api/whitelabel/courses/:id/pages/:pageId': wl('wlCoursePage', {
    params: (ids) => ({ id: ids.wlCourse!, pageId: ids.wlCoursePage! }),
    body: () => ({ title: 'Hijacked', video_url: null }),
  }),
  'DELETE /api/whitelabel/courses/:id/pages/:pageId': wl('wlCoursePage', {
    params: (ids) => ({ id: ids.wlCourse!, pageId: ids.wlCoursePage! }),
  }),
  'PUT /api/whitelabel/email-templates/:kind': {
    params: () => ({ kind: 'welcome' }),
    notAnAccountRow: 'template kind: each reseller edits its own template of that kind',
  },
  'DELETE /api/whitelabel/email-templates/:kind': {
    params: () => ({ kind: 'welcome' }),
    notAnAccountRow: 'template kind: each reseller resets its own template of that kind',
  },
  'POST /api/whitelabel/email-templates/:kind/preview': {
    params: () => ({ kind: 'welcome' }),
    notAnAccountRow: 'template kind: each reseller previews a draft in its own brand',
  },

  // White-label public pages
  'GET /api/brand-images/:id': {
    params: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
    public: "a reseller's uploaded logo or favicon: the login page shows it before a sign-in (random ids)",
  },
  'GET /p/:slug': { params: () => ({ slug: 'no-such-page' }), public: 'published sales page, public by design (spec)' },
  'POST /p/:slug': {
    params: () => ({ slug: 'no-such-page' }),
    public: 'sales-page form post, public by design (spec)',
  },
  'POST /api/lead-sources/apollo/phones/:token': {
    params: () => ({ token: 'A'.repeat(43) }),
    public:
      "Apollo's phone reveal webhook: the unguessable per-reveal token in its path is the credential (Apollo signs nothing)",
  },
  'POST /api/paykickstart/ipn/:token': {
    params: () => ({ token: 'no-such-ipn-token-000' }),
    public: "PayKickstart's IPN: verified by the reseller's IPN secret key, not a sign-in",
  },
  'POST /auth/social/:provider/start': {
    params: () => ({ provider: 'google' }),
    public: 'social sign-in start, before any sign-in by design',
  },

  // Super admin
  'GET /api/admin/users/:id': admin('user'),
  'PUT /api/admin/users/:id': admin('user', { body: () => ({ first_name: 'Hijacked' }) }),
  'DELETE /api/admin/users/:id': admin('user'),
  'POST /api/admin/users/:id/restore': admin('user'),
  'POST /api/admin/users/:id/reset-limits': admin('user'),
  'POST /api/admin/payments/:id/refund': admin('creditPurchase'),
  'POST /api/admin/users/:id/remove-additional-requests': admin('user'),
  'POST /api/admin/users/:id/impersonate': admin('user'),
  'GET /api/admin/plans/:id': admin('plan'),
  'PUT /api/admin/plans/:id': admin('plan'),
  'DELETE /api/admin/plans/:id': admin('plan'),
  'GET /api/admin/topics/:id': admin('topic'),
  'PUT /api/admin/topics/:id': admin('topic'),
  'DELETE /api/admin/topics/:id': admin('topic'),
  'GET /api/admin/partners/:id': admin('partner'),
  'PUT /api/admin/partners/:id': admin('partner'),
  'DELETE /api/admin/partners/:id': admin('partner'),
  'GET /api/admin/ai-prompts/:id': admin('prompt'),
  'PUT /api/admin/ai-prompts/:id': admin('prompt'),
  'DELETE /api/admin/ai-prompts/:id': admin('prompt'),
  'GET /api/admin/courses/:id': admin('course'),
  'PUT /api/admin/courses/:id': admin('course'),
  'DELETE /api/admin/courses/:id': admin('course'),
  'GET /api/admin/courses/:parentId/pages': admin('course', { params: (ids) => ({ parentId: ids.course! }) }),
  'POST /api/admin/courses/:parentId/pages': admin('course', { params: (ids) => ({ parentId: ids.course! }) }),
  'GET /api/admin/courses/:parentId/pages/:id': admin('coursePage', {
    params: (ids) => ({ parentId: ids.course!, id: ids.coursePage! }),
  }),
  'PUT /api/admin/courses/:parentId/pages/:id': admin('coursePage', {
    params: (ids) => ({ parentId: ids.course!, id: ids.coursePage! }),
  }),
  'DELETE /api/admin/courses/:parentId/pages/:id': admin('coursePage', {
    params: (ids) => ({ parentId: ids.course!, id: ids.coursePage! }),
  }),
  'PUT /api/admin/remote-registry/:domain/:remote': admin('course', {
    params: () => ({ domain: 'localhost', remote: 'leadSearch' }),
  }),
  'DELETE /api/admin/remote-registry/:domain/:remote': admin('course', {
    params: () => ({ domain: 'localhost', remote: 'leadSearch' }),
  }),
};

/** The body a fixture sends: the route schema's sample with the fixture's fields on top. */
export function fixtureBody(route: RouteInfo, fixture: IdFixture, ids: VictimIds): Record<string, unknown> | undefined {
  if (route.method === 'GET' || route.method === 'DELETE') return undefined;
  const sample = sampleOf(route.schema.body) as Record<string, unknown> | undefined;
  if (!fixture.body && sample === undefined) return undefined;
  const body = { ...(sample ?? {}), ...(fixture.body?.(ids) ?? {}) };
  // Keep only properties the schema knows (fixtures may list fields several variants use, e.g. manual entry).
  const known = route.schema.body?.properties as Record<string, unknown> | undefined;
  if (known && route.schema.body?.additionalProperties === false)
    for (const k of Object.keys(body)) if (!(k in known)) delete body[k];
  return body;
}
