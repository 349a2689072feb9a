import type { ApiResponse } from '../../shared/src/api/contract';
import { createHmac } from 'node:crypto';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { sealGoogleApiKey } from '../src/users/googleApiKeys';

type Me = ApiResponse<'/api/me', 'get'>;

/** The fields of the shared `User` contract (shared/src/session/types.ts). */
const USER_FIELDS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'created_at',
  'hash_hmac',
  'role',
  'user_type',
  'parent_id',
  'is_child',
  'lang',
  'modules',
  'permissions',
  'license_expires_at',
  'last_login_at',
  'subscription_id',
  'subscription_status',
  'sub_account_limit',
  'referral_partner_id',
  'additional_query_count',
  'last_reset_date',
  'search_limit',
  'unused_limits',
  'payment_product_id',
  'crm_plan_id',
  'email_verified_at',
];

describe('GET and POST /api/me', () => {
  let ctx: TestContext;
  const tokens: Record<keyof typeof DEMO, string> = { admin: '', reseller: '', customer: '', basic: '' };

  beforeAll(async () => {
    ctx = await createTestApp();
    for (const name of Object.keys(DEMO) as (keyof typeof DEMO)[]) tokens[name] = await login(ctx.app, DEMO[name]);
    // A fresh migrated, seeded database and four scrypt sign-ins: 16–21 s measured beside a build, so two
    // workers on a loaded machine passed the 30 s hook limit (the suites that set up alike allow 60 s).
  }, 60_000);
  afterAll(() => ctx.close());

  const me = async (token: string, headers: Record<string, string> = {}) => {
    const response = await ctx.app.inject({ url: '/api/me', headers: { ...bearer(token), ...headers } });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const update = (token: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/me', payload, headers: { ...bearer(token), ...headers } });

  test('the user object has every contract field, no secrets and no message', async () => {
    const response = await me(tokens.admin);
    const body = json(response);
    for (const field of USER_FIELDS) expect(body).toHaveProperty(field);
    for (const secret of ['password_hash', 'password', 'google_api_key', 'token_hash'])
      expect(body).not.toHaveProperty(secret);
    expect(body).not.toHaveProperty('message');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  test('super admin: all five modules, permissions = module slugs, HMAC of the id', async () => {
    const body = json<Me>(await me(tokens.admin));
    expect(body).toMatchObject({
      email: DEMO.admin.email,
      role: 'admin',
      user_type: 'super_admin',
      parent_id: null,
      is_child: false,
      lang: 'en',
    });
    expect(body.modules.map((m) => m.slug)).toEqual(['ai_suggest', 'leads', 'whitelabel', 'admin', 'wallet']);
    expect(body.modules.every((m) => typeof m.id === 'number' && m.name.length > 0)).toBe(true);
    expect(body.permissions).toEqual(['ai_suggest', 'leads', 'whitelabel', 'admin', 'wallet']);
    expect(body.hash_hmac).toBe(
      createHmac('sha256', ctx.config.chatWidgetSecret).update(String(body.id)).digest('hex'),
    );
  });

  test('reseller, customer (a child of the reseller) and the no-module user', async () => {
    const reseller = json<Me>(await me(tokens.reseller));
    expect(reseller.user_type).toBe('reseller');
    expect(reseller.permissions).toEqual(['ai_suggest', 'leads', 'whitelabel', 'wallet']);

    const customer = json<Me>(await me(tokens.customer));
    expect(customer).toMatchObject({ user_type: 'customer', role: 'related', parent_id: reseller.id, is_child: true });
    expect(customer.modules.map((m) => m.slug)).toEqual(['leads', 'wallet']);

    const basic = json<Me>(await me(tokens.basic));
    expect(basic.modules).toEqual([]);
    expect(basic.permissions).toEqual([]);
    expect(basic.is_child).toBe(false);
  });

  test('the Google API key is only ever exposed as has_google_api_key', async () => {
    const sealed = sealGoogleApiKey(ctx.app.deps.config.appSecret, 'AIza-secret-key');
    await ctx.db.query('UPDATE users SET google_api_key_sealed = $2 WHERE email = $1', [DEMO.reseller.email, sealed]);
    const response = await me(tokens.reseller);
    expect(json<Me>(response).has_google_api_key).toBe(true);
    expect(response.body).not.toContain('AIza-secret-key');
    expect(response.body).not.toContain(sealed);
  });

  test('POST /api/me updates names and language and answers "Profile updated" with the user', async () => {
    const response = await update(tokens.basic, { first_name: '  Bea ', lang: 'fr' });
    expect(response.statusCode).toBe(200);
    const body = json<{ code: string; message: string; user: Me }>(response);
    expect(body.code).toBe('profile_updated');
    expect(body.message).toBe('Profile updated');
    expect(body.user).toMatchObject({ first_name: 'Bea', lang: 'fr' });
    // Without a User-Language header the user's own language is used.
    const again = await update(tokens.basic, { last_name: 'Basic' });
    expect(json(again).message).toBe('Profil mis à jour');
    expect(json<Me>(await me(tokens.basic)).first_name).toBe('Bea');
  });

  test('a bad lang is 400 naming lang, translated with User-Language: de', async () => {
    const response = await update(tokens.basic, { lang: 'it' }, { 'user-language': 'de' });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'validation_failed',
      field: 'lang',
      message: 'lang: Wählen Sie einen dieser Werte: en, es, fr, de.',
      errors: [{ field: 'lang', message: 'Wählen Sie einen dieser Werte: en, es, fr, de.' }],
    });
  });

  test('blank names, unknown fields and over-long values are refused; nothing is written', async () => {
    const blank = await update(tokens.admin, { first_name: ' ', lang: 'es' });
    expect(json(blank)).toMatchObject({ field: 'first_name', message: 'first_name: This field is required.' });
    const unknown = await update(tokens.admin, { email: 'new@x.test' });
    expect(json(unknown)).toMatchObject({ field: 'email', message: 'email: This field is not allowed.' });
    const long = await update(tokens.admin, { last_name: 'x'.repeat(101) });
    expect(json(long)).toMatchObject({ field: 'last_name', message: 'last_name: Must be at most 100 characters.' });
    expect(json<Me>(await me(tokens.admin)).lang).toBe('en');
  });

  test('without a token: 401 unauthenticated', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/me', payload: { lang: 'de' } });
    expect(response.statusCode).toBe(401);
    expect(json(response).code).toBe('unauthenticated');
  });
});
