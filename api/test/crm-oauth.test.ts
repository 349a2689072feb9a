process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
process.env.CRM_RETRY_BACKOFF_MS = '0';

import {
  crmAdapter,
  exchangeCrmCode,
  loadCrmConnection,
  pushContacts,
  saveCrmTokens,
  serializedRefresh,
  type CrmId,
} from '../src/providers/crm';
import type { CrmContact } from '../src/providers/crm/types';
import { startFakeCrm, type FakeCrm } from './fakeCrm';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

/**
 * CRM OAuth hardening. PKCE (S256) where the CRM supports it; token refresh is one at a time per connection: GoHighLevel and Keap rotate refresh tokens (the
 * fake CRM does too), so two sends that both find the access token dead must not both spend the
 * same refresh token — the second would be refused and the connection left auth_failed.
 */
let ctx: TestContext;
let crm: FakeCrm;
let accountId: number;
const SECRET = 'x'.repeat(32);

beforeAll(async () => {
  crm = await startFakeCrm();
  for (const id of ['GHL', 'KEAP', 'GROOVE']) {
    process.env[`CRM_${id}_TOKEN_URL`] = crm.tokenUrl;
    process.env[`CRM_${id}_API_URL`] = crm.base;
    process.env[`CRM_${id}_AUTH_URL`] = `${crm.base}/oauth/authorize`;
  }
  ctx = await createTestApp();
  accountId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
    .rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await crm?.close();
});

const contact = (name: string): CrmContact =>
  ({
    name,
    first_name: name,
    last_name: null,
    email: `${name.toLowerCase()}@example.com`,
    phone: null,
    company: null,
    job_title: null,
    website: null,
    city: null,
    list_name: null,
    list_type: null,
  }) as unknown as CrmContact;

test.each(['ghl', 'keap'] as CrmId[])(
  '%s: two sends that both need a refresh refresh once and both deliver',
  async (provider) => {
    const code = `code-${provider}-${Date.now()}`;
    await ctx.db.query(
      'INSERT INTO settings_crm_connections (user_id, provider, auth_code_hash, connected_at) VALUES ($1, $2, $3, now()) ON CONFLICT (user_id, provider) DO NOTHING',
      [accountId, provider, 'hash'],
    );
    await saveCrmTokens(
      ctx.db,
      accountId,
      provider,
      await exchangeCrmCode(provider, code, 'http://localhost/crm/callback'),
      SECRET,
    );
    crm.revokeAccessTokens(); // both sends will meet a 401 and refresh
    const connection = (await loadCrmConnection(ctx.db, accountId, provider, SECRET))!;
    const refreshesBefore = crm.requests.filter((r) => r.body.includes('grant_type=refresh_token')).length;
    const send = (name: string) =>
      pushContacts(connection, [contact(name)], [], {
        onTokens: (tokens) => saveCrmTokens(ctx.db, accountId, provider, tokens, SECRET),
        refreshTokens: serializedRefresh(ctx.db, accountId, provider, SECRET, (tokens) =>
          crmAdapter(provider).refresh(tokens),
        ),
      });
    const [a, b] = await Promise.all([send('Ann'), send('Bob')]);
    expect([a, b].flat().map((o) => o.ok)).toEqual([true, true]);
    expect(crm.requests.filter((r) => r.body.includes('grant_type=refresh_token')).length - refreshesBefore).toBe(1);
    // The stored refresh token is the live one: the connection keeps working.
    const stored = (await loadCrmConnection(ctx.db, accountId, provider, SECRET))!.tokens!;
    await expect(crmAdapter(provider).refresh(stored)).resolves.toMatchObject({ accessToken: expect.any(String) });
  },
);

describe('PKCE', () => {
  /** Starts a connection in the app, approves it at the fake CRM's page, and returns what came back. */
  const authorize = async (token: string, provider: string) => {
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/api/crm/connections/${provider}/authorize`,
      headers: bearer(token),
    });
    expect(started.statusCode).toBe(200);
    const url = new URL(json<{ url: string }>(started).url);
    const approved = await fetch(url, { redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    return { url, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  };

  test('a CRM that supports it gets an S256 challenge, and the code exchange proves the verifier', async () => {
    const token = await login(ctx.app, DEMO.customer);
    const { url, code, state } = await authorize(token, 'groove');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The code is bound to the challenge: without the verifier the CRM refuses it.
    await expect(exchangeCrmCode('groove', code, 'http://localhost/crm/callback')).rejects.toMatchObject({
      code: 'auth_failed',
    });
    const { code: code2, state: state2 } = await authorize(token, 'groove');
    const connected = await ctx.app.inject({
      method: 'POST',
      url: '/api/crm/connections/callback',
      headers: bearer(token),
      payload: { code: code2, state: state2 },
    });
    expect(connected.statusCode).toBe(200);
    const exchange = crm.requests.filter((r) => r.body.includes(`code=${code2}`));
    expect(exchange).toHaveLength(1);
    expect(new URLSearchParams(exchange[0]!.body).get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(state).not.toBe(state2);
  });

  test.each(['ghl', 'keap'])('%s documents no PKCE: the plain authorization-code flow', async (provider) => {
    const token = await login(ctx.app, DEMO.customer);
    const { url } = await authorize(token, provider);
    expect(url.searchParams.get('code_challenge')).toBeNull();
  });
});
