import { createTestApp, bearer, json, login, DEMO, type TestContext } from './helpers';

describe('email change (/api/mail-change, /resend, /confirm)', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    token = await login(ctx.app, DEMO.customer);
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  const post = (url: string, payload: object = {}, t = token) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(t), payload });
  const codeFor = async (email: string) => {
    const { rows } = await ctx.db.query<{ body_text: string }>(
      'SELECT body_text FROM outbound_emails WHERE to_email = $1 ORDER BY id DESC LIMIT 1',
      [email],
    );
    return /\b(\d{6})\b/.exec(rows[0]!.body_text)![1]!;
  };

  it('validates the email: format, same as current, taken', async () => {
    expect(json(await post('/api/mail-change', { email: 'nope' }))).toMatchObject({ field: 'email' });
    const same = await post('/api/mail-change', { email: 'Customer@leadsmith.test' });
    expect(same.statusCode).toBe(422);
    expect(json(same)).toMatchObject({ code: 'settings.same_email', field: 'email' });
    const taken = await post('/api/mail-change', { email: DEMO.reseller.email });
    expect(json(taken)).toMatchObject({ code: 'email_taken', field: 'email' });
    expect((await post('/api/mail-change/resend')).statusCode).toBe(422);
  });

  it('sends a code to the new address, throttles resend, refuses a wrong code, then changes the email', async () => {
    const sent = await post('/api/mail-change', { email: 'carla.new@leadsmith.test' });
    expect(sent.statusCode).toBe(200);
    expect(json(sent)).toMatchObject({ pending_email: 'carla.new@leadsmith.test', retry_after_seconds: 60 });
    expect(
      json(await ctx.app.inject({ method: 'GET', url: '/api/mail-change', headers: bearer(token) })),
    ).toMatchObject({ pending_email: 'carla.new@leadsmith.test' });
    const soon = await post('/api/mail-change/resend');
    expect(soon.statusCode).toBe(429);
    ctx.clock.advance(61_000);
    expect((await post('/api/mail-change/resend')).statusCode).toBe(200);
    const code = await codeFor('carla.new@leadsmith.test');
    const wrong = await post('/api/mail-change/confirm', { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong)).toMatchObject({ field: 'code', code: 'invalid_code' });
    const ok = await post('/api/mail-change/confirm', { code });
    expect(ok.statusCode).toBe(200);
    const me = json<{ email: string }>(await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) }));
    expect(me.email).toBe('carla.new@leadsmith.test');
    expect((await post('/api/mail-change/confirm', { code })).statusCode).toBe(422);
  });

  it("another user cannot confirm with someone else's code", async () => {
    const reseller = await login(ctx.app, DEMO.reseller);
    await post('/api/mail-change', { email: 'another.new@leadsmith.test' });
    const code = await codeFor('another.new@leadsmith.test');
    const res = await post('/api/mail-change/confirm', { code }, reseller);
    expect(res.statusCode).toBe(422);
  });
});
