import { MINUTE_MS } from '../src/clock';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

describe('password reset and social sign-in', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload, headers });

  /** Reads the outbox table directly (DEV_MAILBOX is off in this file). */
  async function mails(email: string): Promise<{ subject: string; body_text: string }[]> {
    const { rows } = await ctx.db.query<{ subject: string; body_text: string }>(
      'SELECT subject, body_text FROM outbound_emails WHERE to_email = $1 ORDER BY id DESC',
      [email],
    );
    return rows;
  }
  async function latestCode(email: string): Promise<string> {
    const code = /\b(\d{6})\b/.exec((await mails(email))[0]?.body_text ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }
  const otherCode = (code: string) => (code === '000000' ? '000001' : '000000');

  test('forgot-password answers 200 with the same message whether or not the account exists', async () => {
    const known = await post('/auth/forgot-password', { email: DEMO.customer.email });
    const unknown = await post('/auth/forgot-password', { email: 'nobody@leadsmith.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(json(known)).toEqual({
      code: 'reset_code_sent',
      message: `If an account exists for ${DEMO.customer.email}, we sent it a code to reset the password. Check your email.`,
    });
    expect(Object.keys(json(unknown))).toEqual(['code', 'message']);
    expect(await mails(DEMO.customer.email)).toHaveLength(1);
    // The demo reseller has no business account: its customer's email carries the reseller's own name, not the platform's.
    expect((await mails(DEMO.customer.email))[0]?.subject).toBe('Reset your Riley Reseller password');
    expect(await mails('nobody@leadsmith.test')).toHaveLength(0);
  });

  test('a second request within 60 seconds sends no new email', async () => {
    expect((await post('/auth/forgot-password', { email: DEMO.customer.email })).statusCode).toBe(200);
    expect(await mails(DEMO.customer.email)).toHaveLength(1);
  });

  test('check-code: 422 on the code field when wrong, { valid: true } when right (and not consumed)', async () => {
    const code = await latestCode(DEMO.customer.email);
    const wrong = await post('/auth/reset-password/check-code', { email: DEMO.customer.email, code: otherCode(code) });
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong)).toMatchObject({ code: 'invalid_code', field: 'code' });
    for (let i = 0; i < 2; i++) {
      const right = await post('/auth/reset-password/check-code', { email: DEMO.customer.email, code });
      expect(right.statusCode).toBe(200);
      expect(json(right)).toEqual({ valid: true });
    }
  });

  test('reset-password sets the new password, consumes the code and revokes every token', async () => {
    const oldToken = await login(ctx.app, DEMO.customer);
    const code = await latestCode(DEMO.customer.email);

    const mismatch = await post('/auth/reset-password', {
      email: DEMO.customer.email,
      code,
      password: 'brand-new-pw',
      password_confirmation: 'other-pw',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch).field).toBe('password_confirmation');

    const response = await post('/auth/reset-password', {
      email: DEMO.customer.email,
      code,
      password: 'brand-new-pw',
      password_confirmation: 'brand-new-pw',
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      code: 'password_reset',
      message: 'Your password has been reset. You can now log in.',
    });

    expect((await ctx.app.inject({ url: '/api/me', headers: bearer(oldToken) })).statusCode).toBe(401);
    expect((await post('/auth/login', DEMO.customer)).statusCode).toBe(401);
    expect((await post('/auth/login', { email: DEMO.customer.email, password: 'brand-new-pw' })).statusCode).toBe(200);

    const reuse = await post('/auth/reset-password', {
      email: DEMO.customer.email,
      code,
      password: 'another-pw',
      password_confirmation: 'another-pw',
    });
    expect(reuse.statusCode).toBe(422);
    expect(json(reuse).field).toBe('code');
    expect((await post('/auth/login', { email: DEMO.customer.email, password: 'brand-new-pw' })).statusCode).toBe(200);
  });

  test('a reset code expires after 30 minutes', async () => {
    ctx.clock.advance(2 * MINUTE_MS);
    await post('/auth/forgot-password', { email: DEMO.reseller.email });
    const code = await latestCode(DEMO.reseller.email);
    ctx.clock.advance(30 * MINUTE_MS);
    const response = await post('/auth/reset-password', {
      email: DEMO.reseller.email,
      code,
      password: 'brand-new-pw',
      password_confirmation: 'brand-new-pw',
    });
    expect(response.statusCode).toBe(422);
    expect((await post('/auth/login', DEMO.reseller)).statusCode).toBe(200);
  });

  test('reset validation names the field, translated (fr)', async () => {
    const response = await post(
      '/auth/reset-password',
      { email: DEMO.reseller.email, code: '123456', password: '123', password_confirmation: '123' },
      { 'user-language': 'fr' },
    );
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({
      field: 'password',
      message: 'password: Le mot de passe doit contenir au moins 6 caractères.',
    });
  });

  test('social sign-in answers 422 provider_not_configured on the provider field', async () => {
    const response = await post('/auth/login-with-social', { token: 'id-token-from-google', provider: 'google' });
    expect(response.statusCode).toBe(422);
    expect(json(response)).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      code: 'provider_not_configured',
      field: 'provider',
      message: 'Sign-in with google is not configured.',
      request_id: expect.any(String),
    });
    const de = await post('/auth/login-with-social', { token: 't', provider: 'facebook' }, { 'user-language': 'de' });
    expect(json(de).message).toBe('Die Anmeldung mit facebook ist nicht eingerichtet.');
    const bad = await post('/auth/login-with-social', { token: 't', provider: 'no spaces!' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).field).toBe('provider');
  });
});
