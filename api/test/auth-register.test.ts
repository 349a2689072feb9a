import { MINUTE_MS } from '../src/clock';
import { bearer, createTestApp, json, type TestContext } from './helpers';

interface OutboxBody {
  emails: { to_email: string; subject: string; body_text: string; code: string | null; created_at: string }[];
}

describe('registration and email confirmation', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ config: { devMailbox: true } });
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload, headers });
  const register = (email: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    post(
      '/auth/register',
      {
        first_name: 'Nora',
        last_name: 'New',
        email,
        password: 'secret-pass',
        password_confirmation: 'secret-pass',
        ...extra,
      },
      headers,
    );

  async function outbox(email: string): Promise<OutboxBody['emails']> {
    const response = await ctx.app.inject({ url: `/api/dev/outbox?email=${encodeURIComponent(email)}` });
    expect(response.statusCode).toBe(200);
    return json<OutboxBody>(response).emails;
  }
  async function latestCode(email: string): Promise<string> {
    const code = (await outbox(email))[0]?.code;
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }

  test('register → 201 with a message; the user is unverified and a hashed code is mailed', async () => {
    const response = await register('Nora@Example.test');
    expect(response.statusCode).toBe(201);
    expect(json(response)).toEqual({
      code: 'confirmation_sent',
      message: 'We sent a confirmation code to nora@example.test.',
      email: 'nora@example.test',
    });

    const user = await ctx.db.query<{ id: number; email_verified_at: Date | null; role: string; user_type: string }>(
      "SELECT id, email_verified_at, role, user_type FROM users WHERE email = 'nora@example.test'",
    );
    expect(user.rows[0]).toMatchObject({ email_verified_at: null, role: 'user', user_type: 'customer' });

    const mail = await outbox('nora@example.test');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Your Leadsmith confirmation code');
    const code = mail[0]?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const codes = await ctx.db.query<{ code_hash: string; purpose: string }>(
      'SELECT code_hash, purpose FROM email_codes WHERE user_id = $1',
      [user.rows[0]?.id ?? 0],
    );
    expect(codes.rows).toHaveLength(1);
    expect(codes.rows[0]?.purpose).toBe('confirm_email');
    expect(codes.rows[0]?.code_hash).not.toContain(code);
  });

  test('an unconfirmed account cannot log in yet (403 email_not_verified)', async () => {
    const response = await post('/auth/login', { email: 'nora@example.test', password: 'secret-pass' });
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({ code: 'email_not_verified', field: 'email', email: 'nora@example.test' });
  });

  test('confirm-email with the mailed code signs the user in; the code is single use', async () => {
    const code = await latestCode('nora@example.test');
    const wrong = await post('/auth/confirm-email', {
      email: 'nora@example.test',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong)).toMatchObject({
      code: 'invalid_code',
      field: 'code',
      message: 'The code is invalid or has expired.',
    });

    const response = await post('/auth/confirm-email', { email: 'NORA@example.test', code });
    expect(response.statusCode).toBe(200);
    const body = json<{
      token: string;
      token_type: string;
      user: { email: string; email_verified_at: string | null; modules: unknown[] };
    }>(response);
    expect(body.token_type).toBe('Bearer');
    expect(body.user.email).toBe('nora@example.test');
    expect(body.user.email_verified_at).toBe(ctx.clock.now().toISOString());
    expect(body.user.modules).toEqual([]);
    expect((await ctx.app.inject({ url: '/api/me', headers: bearer(body.token) })).statusCode).toBe(200);

    const reuse = await post('/auth/confirm-email', { email: 'nora@example.test', code });
    expect(reuse.statusCode).toBe(422);
    expect((await post('/auth/login', { email: 'nora@example.test', password: 'secret-pass' })).statusCode).toBe(200);
  });

  test("a partner's referral code from the sign-up link (?ref=) is attributed; an unknown or inactive one is ignored", async () => {
    const partner = (
      await ctx.db.query<{ id: number }>(
        "INSERT INTO admin_partners (name, referral_code, active) VALUES ('Ref Partner', 'REF-PARTNER', true) RETURNING id",
      )
    ).rows[0]!.id;
    await ctx.db.query(
      "INSERT INTO admin_partners (name, referral_code, active) VALUES ('Gone Partner', 'GONE', false)",
    );
    const partnerOf = async (email: string) =>
      (
        await ctx.db.query<{ referral_partner_id: number | null }>(
          'SELECT referral_partner_id FROM users WHERE email = $1',
          [email],
        )
      ).rows[0]!.referral_partner_id;
    expect((await register('referred@example.com', { ref: 'ref-partner' })).statusCode).toBe(201);
    expect(await partnerOf('referred@example.com')).toBe(partner);
    expect((await register('unknown-ref@example.com', { ref: 'NOBODY' })).statusCode).toBe(201);
    expect(await partnerOf('unknown-ref@example.com')).toBeNull();
    expect((await register('inactive-ref@example.com', { ref: 'GONE' })).statusCode).toBe(201);
    expect(await partnerOf('inactive-ref@example.com')).toBeNull();
    const bad = await register('bad-ref@example.com', { ref: 'has space' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).field).toBe('ref');
  });

  test('a taken email (any case) is 422 on the email field', async () => {
    const response = await register('ADMIN@leadsmith.test');
    expect(response.statusCode).toBe(422);
    expect(json(response)).toMatchObject({
      code: 'email_taken',
      field: 'email',
      message: 'This email is already registered. Please use a different one.',
    });
  });

  test('field rules: required, valid email, password length, passwords must match', async () => {
    const empty = await post('/auth/register', {});
    expect(empty.statusCode).toBe(400);
    const fields = json<{ errors: { field: string; message: string }[] }>(empty).errors.map((e) => e.field);
    expect(fields.sort()).toEqual(['email', 'first_name', 'last_name', 'password', 'password_confirmation']);

    const short = await register('short@example.test', { password: '12345', password_confirmation: '12345' });
    expect(json(short)).toMatchObject({
      field: 'password',
      message: 'password: Password must be at least 6 characters.',
    });

    const mismatch = await register('mismatch@example.test', { password_confirmation: 'different' });
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch)).toMatchObject({
      code: 'validation_failed',
      field: 'password_confirmation',
      message: 'password_confirmation: Passwords must match.',
    });

    const blank = await register('blank@example.test', { first_name: '   ' });
    expect(json(blank)).toMatchObject({ field: 'first_name', message: 'first_name: This field is required.' });

    // Nothing was written for the refused attempts.
    const { rows } = await ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE email IN ('short@example.test', 'mismatch@example.test', 'blank@example.test')",
    );
    expect(rows[0]?.n).toBe(0);
  });

  test('the account and the email use the User-Language of the registration', async () => {
    expect((await register('sofia@example.test', {}, { 'user-language': 'es' })).statusCode).toBe(201);
    const mail = await outbox('sofia@example.test');
    expect(mail[0]?.subject).toBe('Tu código de confirmación de Leadsmith');
    const { rows } = await ctx.db.query<{ lang: string }>("SELECT lang FROM users WHERE email = 'sofia@example.test'");
    expect(rows[0]?.lang).toBe('es');
  });

  test('resend: one code per 60 seconds (429 with retry_after_seconds), the new code replaces the old', async () => {
    await register('rita@example.test');
    const first = await latestCode('rita@example.test');

    const tooSoon = await post('/auth/resend-email-verification-code', { email: 'rita@example.test' });
    expect(tooSoon.statusCode).toBe(429);
    expect(json(tooSoon)).toMatchObject({
      code: 'resend_too_soon',
      retry_after_seconds: 60,
      message: 'Please wait 60 seconds before requesting a new code.',
    });

    ctx.clock.advance(60_000);
    const resent = await post('/auth/resend-email-verification-code', { email: 'rita@example.test' });
    expect(resent.statusCode).toBe(200);
    expect(json(resent)).toMatchObject({ code: 'confirmation_resent', retry_after_seconds: 60 });
    expect(await outbox('rita@example.test')).toHaveLength(2);
    const second = await latestCode('rita@example.test');

    ctx.clock.advance(59_000);
    const again = await post('/auth/resend-email-verification-code', { email: 'rita@example.test' });
    expect(again.statusCode).toBe(429);
    expect(json(again)).toMatchObject({
      retry_after_seconds: 1,
      message: 'Please wait 1 second before requesting a new code.',
    });

    if (first !== second)
      expect((await post('/auth/confirm-email', { email: 'rita@example.test', code: first })).statusCode).toBe(422);
    expect((await post('/auth/confirm-email', { email: 'rita@example.test', code: second })).statusCode).toBe(200);
  });

  test('resend for an unknown or confirmed email answers the same and sends nothing', async () => {
    for (const email of ['ghost@example.test', 'admin@leadsmith.test']) {
      const response = await post('/auth/resend-email-verification-code', { email });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({ code: 'confirmation_resent', retry_after_seconds: 60 });
      expect(await outbox(email)).toHaveLength(0);
    }
  });

  test('a code allows 5 attempts; then even the right code is refused', async () => {
    await register('tess@example.test');
    const code = await latestCode('tess@example.test');
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 1; i <= 4; i++)
      expect(json(await post('/auth/confirm-email', { email: 'tess@example.test', code: wrong })).code).toBe(
        'invalid_code',
      );
    expect(json(await post('/auth/confirm-email', { email: 'tess@example.test', code: wrong })).code).toBe(
      'too_many_code_attempts',
    );
    const right = await post('/auth/confirm-email', { email: 'tess@example.test', code });
    expect(right.statusCode).toBe(422);
    expect(json(right).code).toBe('too_many_code_attempts');
  });

  test('a code expires after 30 minutes', async () => {
    await register('olga@example.test');
    const code = await latestCode('olga@example.test');
    ctx.clock.advance(30 * MINUTE_MS);
    const response = await post('/auth/confirm-email', { email: 'olga@example.test', code });
    expect(response.statusCode).toBe(422);
    expect(json(response).code).toBe('invalid_code');
  });

  test('confirm-email validates the code format', async () => {
    const response = await post('/auth/confirm-email', { email: 'olga@example.test', code: '12ab' });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ field: 'code', message: 'code: The code must be 6 digits.' });
  });
});
