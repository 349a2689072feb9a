import { createTestApp, DEMO, type TestContext } from './helpers';
import { makeAccount, tokenFor, type Account } from './security/accounts';
import { changedTables, databaseChecksum } from './security/checksum';
import {
  createVictimRows,
  fixtureBody,
  ID_ROUTE_FIXTURES,
  VICTIM_MARKER,
  type IsolationEnv,
  type VictimIds,
} from './security/fixtures';
import { fillUrl, routeRecorder, type RouteInfo } from './security/routeTable';
import { sampleOf } from './security/schemaSample';
import { routeAccess } from '../src/http/routeAccess';

/**
 * Tenant isolation matrix, generated from the app's own route table: every
 * route with a path parameter is called with the victim's ids by accounts
 * that must not reach them. See security/fixtures.ts.
 */
let ctx: TestContext;
let routes: RouteInfo[];
let ids: VictimIds;
let victim: Account;
let admin: Account;
let reseller: Account;
let attackers: Record<string, Account>;

beforeAll(async () => {
  const recorder = routeRecorder();
  ctx = await createTestApp({ beforeReady: recorder.install });
  routes = recorder.routes;
  victim = await tokenFor(ctx, DEMO.customer.email);
  admin = await tokenFor(ctx, DEMO.admin.email);
  reseller = await tokenFor(ctx, DEMO.reseller.email);
  const all = ['leads', 'ai_suggest', 'whitelabel', 'wallet'];
  const resellerB = await makeAccount(ctx, { email: 'reseller-b@example.com', userType: 'reseller', modules: all });
  const customerB = await makeAccount(ctx, {
    email: 'customer-b@example.com',
    userType: 'customer',
    modules: all,
    parentId: resellerB.id,
  });
  const foreignMember = await makeAccount(ctx, {
    email: 'member-b@example.com',
    userType: 'team_member',
    modules: all,
    teamOwnerId: customerB.id,
  });
  const ownMemberWithoutAccess = await makeAccount(ctx, {
    email: 'member-a@example.com',
    userType: 'team_member',
    modules: ['wallet'],
    teamOwnerId: victim.id,
  });
  attackers = {
    customerOfOtherReseller: customerB,
    otherReseller: resellerB,
    teamMemberOfOtherAccount: foreignMember,
    ownTeamMemberWithoutAccess: ownMemberWithoutAccess,
  };

  const env: IsolationEnv = {
    app: ctx.app,
    victim: victim.headers,
    admin: admin.headers,
    reseller: reseller.headers,
    victimUserId: victim.id,
    routes,
    sql: async (text, params) => (await ctx.db.query(text, params)).rows as never,
    create: async (url, body = {}, as = 'victim') => {
      const route = routes.find(
        (r) =>
          r.method === 'POST' &&
          (r.url === url || new RegExp(`^${r.url.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`).test(url)),
      );
      const sample = (sampleOf(route?.schema.body) as Record<string, unknown> | undefined) ?? {};
      const props = (route?.schema.body?.properties ?? {}) as Record<string, Record<string, unknown>>;
      for (const [key, value] of Object.entries(sample)) {
        const p = props[key] ?? {};
        if (
          typeof value === 'string' &&
          !p.format &&
          !p.enum &&
          (!p.pattern || p.pattern === '\\S') &&
          ((p.maxLength as number | undefined) ?? 100) >= 40
        )
          sample[key] = `${VICTIM_MARKER} ${key}`;
      }
      const payload = { ...sample, ...body };
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { admin, reseller, victim }[as].headers,
        payload,
      });
      if (res.statusCode >= 300) throw new Error(`setup POST ${url} → ${res.statusCode} ${res.body}`);
      return res.json();
    },
  };
  ids = await createVictimRows(env);
}, 180_000);

afterAll(async () => {
  await ctx?.close();
});

const idRoutes = () => routes.filter((r) => r.params.length > 0);

test('the matrix sees the whole API, and every route with a path parameter has a fixture', () => {
  expect(routes.length).toBeGreaterThan(50);
  const missing = idRoutes()
    .map((r) => r.key)
    .filter((key) => !ID_ROUTE_FIXTURES[key]);
  // Add an entry to api/test/security/fixtures.ts for each route listed here.
  expect(missing).toEqual([]);
  const stale = Object.keys(ID_ROUTE_FIXTURES).filter((key) => !routes.some((r) => r.key === key));
  expect(stale).toEqual([]);
});

test('another account gets 403/404, no data, and changes nothing on every id route', async () => {
  const failures: string[] = [];
  let calls = 0;
  for (const route of idRoutes()) {
    const fixture = ID_ROUTE_FIXTURES[route.key];
    if (!fixture) continue; // reported by the test above
    const url = fillUrl(route.url, fixture.params(ids)) + (fixture.query ?? '');
    if (fixture.public || fixture.notAnAccountRow) {
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url,
        headers: attackers.otherReseller!.headers,
      });
      if (res.statusCode >= 500) failures.push(`${route.key} (public): ${res.statusCode}`);
      continue;
    }
    const body = fixtureBody(route, fixture, ids);
    const owner = { admin, reseller, victim }[fixture.owner ?? 'victim'];

    if (route.method === 'GET') {
      const own = await ctx.app.inject({ method: 'GET', url, headers: owner.headers });
      if (own.statusCode !== 200)
        failures.push(
          `${route.key}: the owner's own call answered ${own.statusCode} (fixture id wrong?) ${own.body.slice(0, 200)}`,
        );
    }

    const who = Object.entries(attackers).filter(([name]) => {
      if (name === 'ownTeamMemberWithoutAccess') return !!fixture.module && !fixture.sharedWithTeam;
      return true;
    });
    const before = await databaseChecksum(ctx.db);
    for (const [name, attacker] of who) {
      calls++;
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url,
        headers: attacker.headers,
        ...(body !== undefined && route.method !== 'GET' ? { payload: body } : {}),
      });
      if (![403, 404].includes(res.statusCode))
        failures.push(`${route.key} as ${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if (res.body.includes(VICTIM_MARKER))
        failures.push(`${route.key} as ${name}: the answer contains the victim's data`);
    }
    const after = await databaseChecksum(ctx.db);
    if (after !== before)
      failures.push(`${route.key}: refused calls changed ${changedTables(before, after).join(', ')}`);
  }
  console.info(`tenant isolation matrix: ${idRoutes().length} id routes, ${calls} attacker calls`);
  expect(failures).toEqual([]);
}, 180_000);

/**
 * Team members, for every access option: a member of the victim's team given one option reaches
 * no route whose access (api/src/http/routeAccess.ts) is another option or `account_owner` — the
 * answer is 403 and the database is unchanged. A member of the victim's own team is the attacker
 * the other-account rows cannot catch: it works on the victim's account by design.
 */
const MEMBER_OPTIONS = ['leads', 'ai_suggest', 'whitelabel', 'wallet'] as const;

test('every route states its access, in the route table', () => {
  const missing = routes
    .filter((r) => r.method !== 'OPTIONS' && routeAccess(r.method, r.url) === undefined)
    .map((r) => r.key);
  expect(missing).toEqual([]);
});

test('a team member reaches only the routes of its access options: every route × every option', async () => {
  const members: Record<string, Account> = {};
  for (const option of MEMBER_OPTIONS)
    members[option] = await makeAccount(ctx, {
      email: `member-${option}@victim.test`,
      userType: 'team_member',
      modules: [option],
      teamOwnerId: victim.id,
    });
  const failures: string[] = [];
  let calls = 0;
  let guarded = 0;
  for (const route of routes) {
    const access = routeAccess(route.method, route.url);
    if (access === undefined || access === 'public' || access === 'signed_in') continue;
    guarded++;
    const fixture = ID_ROUTE_FIXTURES[route.key];
    const url = fillUrl(route.url, fixture ? fixture.params(ids) : Object.fromEntries(route.params.map((p) => [p, 1])));
    const before = await databaseChecksum(ctx.db);
    for (const option of MEMBER_OPTIONS) {
      if (access === option) continue;
      calls++;
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url,
        headers: members[option]!.headers,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      if (res.statusCode !== 403)
        failures.push(
          `${route.key} (${access}) as a member with ${option}: ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
    }
    const after = await databaseChecksum(ctx.db);
    if (after !== before)
      failures.push(`${route.key}: refused member calls changed ${changedTables(before, after).join(', ')}`);
  }
  console.info(
    `team-member matrix: ${guarded} routes × ${MEMBER_OPTIONS.length} access options, ${calls} refused calls checked`,
  );
  expect(failures).toEqual([]);
  // The options do open their own routes.
  const open = async (option: (typeof MEMBER_OPTIONS)[number], url: string) =>
    (await ctx.app.inject({ method: 'GET', url, headers: members[option]!.headers })).statusCode;
  expect(await open('leads', '/api/campaigns')).toBe(200);
  expect(await open('ai_suggest', '/api/business-details/data')).toBe(200);
  expect(await open('leads', '/api/me')).toBe(200);
}, 180_000);

test('a member limited to leads cannot touch the owner integrations (the probe reproductions)', async () => {
  const member = await makeAccount(ctx, {
    email: 'leads-only@victim.test',
    userType: 'team_member',
    modules: ['leads'],
    teamOwnerId: victim.id,
  });
  const before = await databaseChecksum(ctx.db);
  for (const [method, url, payload] of [
    ['GET', '/api/integrations/webhooks', undefined],
    ['PUT', '/api/integrations/webhooks/1', { name: 'x', url: 'https://attacker.example/', events: ['lead.created'] }],
    ['PUT', '/api/crm/connections/zapier/webhook', { url: 'https://attacker.example/' }],
    ['DELETE', '/api/crm/connections/groove', undefined],
    ['POST', '/api/user-api-key', { name: 'mine' }],
    ['GET', '/api/credit-usage-statistic', undefined],
  ] as const) {
    const res = await ctx.app.inject({ method, url, headers: member.headers, ...(payload ? { payload } : {}) });
    expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 403 });
  }
  expect(await databaseChecksum(ctx.db)).toBe(before);
});
