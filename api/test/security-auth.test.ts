import { randomBytes, scryptSync } from 'node:crypto';
import path from 'node:path';
import { hashPassword, verifyPassword } from '../src/auth/passwords';
import { CODE_MAX_DAILY_ATTEMPTS, CODE_TTL_MINUTES } from '../src/auth/codes';
import { loadConfig } from '../src/config';
import { LOGIN_WINDOW_MINUTES, MAX_FAILED_LOGINS, MAX_FAILED_LOGINS_PER_IP } from '../src/modules/core/auth.service';
import { buildApp } from '../src/app';
import { bearer, createTestApp, DEMO, json, login, testConfig, type TestContext } from './helpers';

/** Auth hardening: sign-in throttle, token expiry and revocation, reset codes, API keys. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { tokenTtlHours: 2 } });
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const MINUTE = 60_000;
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
const attempt = (email: string, password: string, ip = '203.0.113.7', lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: { 'user-language': lang },
  });

describe('login rate limiting', () => {
  test(`after ${MAX_FAILED_LOGINS} failures a clear, translated "too many attempts" answer, even for the right password, until the window passes`, async () => {
    for (let i = 0; i < MAX_FAILED_LOGINS; i++)
      expect((await attempt(DEMO.reseller.email, 'wrong-password')).statusCode).toBe(401);
    const blocked = await attempt(DEMO.reseller.email, DEMO.reseller.password);
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked)).toMatchObject({
      code: 'too_many_attempts',
      message: `Too many login attempts. Try again in ${LOGIN_WINDOW_MINUTES} minutes.`,
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const messages = await Promise.all(
      ['es', 'fr', 'de'].map(
        async (lang) => json<{ message: string }>(await attempt(DEMO.reseller.email, 'x', '203.0.113.7', lang)).message,
      ),
    );
    expect(messages).toEqual([
      `Demasiados intentos de inicio de sesión. Inténtalo de nuevo en ${LOGIN_WINDOW_MINUTES} minutos.`,
      `Trop de tentatives de connexion. Réessayez dans ${LOGIN_WINDOW_MINUTES} minutes.`,
      `Zu viele Anmeldeversuche. Versuchen Sie es in ${LOGIN_WINDOW_MINUTES} Minuten erneut.`,
    ]);
    // Another address is not blocked for this account.
    expect((await attempt(DEMO.reseller.email, DEMO.reseller.password, '198.51.100.1')).statusCode).toBe(200);
    ctx.clock.advance(LOGIN_WINDOW_MINUTES * MINUTE + 1000);
    expect((await attempt(DEMO.reseller.email, DEMO.reseller.password)).statusCode).toBe(200);
  });

  test('password spraying: 25 different emails, one attempt each, from one address meet a 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await attempt(`sprayed${i}@example.com`, 'Summer2026!', '192.0.2.150')).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBe(MAX_FAILED_LOGINS_PER_IP);
  });

  test('password spraying from one address (many emails) is throttled too', async () => {
    const ip = '192.0.2.99';
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_IP; i++)
      expect((await attempt(`nobody${i}@example.com`, 'guess', ip)).statusCode).toBe(401);
    const blocked = await attempt(DEMO.basic.email, DEMO.basic.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked).code).toBe('too_many_attempts');
    expect((await attempt(DEMO.basic.email, DEMO.basic.password, '192.0.2.100')).statusCode).toBe(200);
    ctx.clock.advance(LOGIN_WINDOW_MINUTES * MINUTE + 1000);
    expect((await attempt(DEMO.basic.email, DEMO.basic.password, ip)).statusCode).toBe(200);
  }, 60_000);
});

describe('tokens', () => {
  test('a token expires after TOKEN_TTL_HOURS', async () => {
    const token = await login(ctx.app, DEMO.customer);
    expect((await me(token)).statusCode).toBe(200);
    ctx.clock.advance(2 * 60 * MINUTE - MINUTE);
    expect((await me(token)).statusCode).toBe(200);
    ctx.clock.advance(2 * MINUTE);
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(json(expired).code).toBe('unauthenticated');
  });

  test('logout revokes that token only; a revoked or forged token is refused everywhere', async () => {
    const a = await login(ctx.app, DEMO.customer);
    const b = await login(ctx.app, DEMO.customer);
    const out = await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(a) });
    expect(out.statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(a) })).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(200);
    expect((await me(`${b.slice(0, -1)}${b.endsWith('A') ? 'B' : 'A'}`)).statusCode).toBe(401);
    // Only the token's hash is stored.
    const { rows } = await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM auth_tokens WHERE token_hash = $1 OR token_hash = $2',
      [a, b],
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('password reset codes', () => {
  const email = DEMO.basic.email;
  const latestCode = async (): Promise<string> => {
    const { rows } = await ctx.db.query<{ body_text: string }>(
      'SELECT body_text FROM outbound_emails WHERE to_email = $1 ORDER BY id DESC LIMIT 1',
      [email],
    );
    const code = /\b(\d{6})\b/.exec(rows[0]?.body_text ?? '')?.[1];
    if (!code) throw new Error('no code mailed');
    return code;
  };
  const reset = (code: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { email, code, password, password_confirmation: password },
    });

  test('single use: the second use of a code is refused', async () => {
    ctx.clock.advance(5 * MINUTE); // past any resend cooldown
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } })).statusCode,
    ).toBe(200);
    const code = await latestCode();
    expect((await reset(code, 'first-new-password')).statusCode).toBe(200);
    const again = await reset(code, 'second-new-password');
    expect(again.statusCode).toBe(422);
    expect(json(again)).toMatchObject({ code: 'invalid_code', field: 'code' });
    expect((await attempt(email, 'first-new-password', '198.51.100.50')).statusCode).toBe(200);
  });

  test(`time-limited: a code older than ${CODE_TTL_MINUTES} minutes is refused`, async () => {
    ctx.clock.advance(5 * MINUTE);
    await ctx.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
    const code = await latestCode();
    ctx.clock.advance(CODE_TTL_MINUTES * MINUTE + 1000);
    const late = await reset(code, 'too-late-password');
    expect(late.statusCode).toBe(422);
    expect(json(late).code).toBe('invalid_code');
  });

  test('guessing is capped: after 5 wrong codes even the right one is refused', async () => {
    ctx.clock.advance(5 * MINUTE);
    await ctx.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
    const code = await latestCode();
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await reset(wrong, 'guessing-password')).statusCode).toBe(422);
    const right = await reset(code, 'guessing-password');
    expect(right.statusCode).toBe(422);
    expect(json(right).code).toBe('too_many_code_attempts');
  });

  test(`a daily cap: after ${CODE_MAX_DAILY_ATTEMPTS} wrong codes in a day even a fresh code is refused, until the day has passed`, async () => {
    ctx.clock.advance(25 * 60 * MINUTE); // a fresh day for this account
    let wrongs = 0;
    while (wrongs < CODE_MAX_DAILY_ATTEMPTS) {
      ctx.clock.advance(2 * MINUTE); // past the resend cooldown: one new code a minute is what an attacker gets
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } })).statusCode,
      ).toBe(200);
      const code = await latestCode();
      const wrong = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 4 && wrongs < CODE_MAX_DAILY_ATTEMPTS; i++, wrongs++)
        expect((await reset(wrong, 'daily-password')).statusCode).toBe(422);
    }
    ctx.clock.advance(2 * MINUTE);
    await ctx.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
    const fresh = await latestCode();
    const refused = await reset(fresh, 'daily-password');
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({ code: 'too_many_code_attempts_today', field: 'code' });
    ctx.clock.advance(24 * 60 * MINUTE);
    await ctx.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
    expect((await reset(await latestCode(), 'daily-password')).statusCode).toBe(200);
  });
});

describe('client address behind proxies (TRUST_PROXY)', () => {
  test('a hop count: the client cannot choose its address by writing the first X-Forwarded-For entry', async () => {
    // TRUST_PROXY=1, read the way the server reads it: one load balancer in front.
    const proxied = await createTestApp({
      config: { trustProxy: loadConfig({ TRUST_PROXY: '1' }, path.join(__dirname, '..', '..')).trustProxy },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < MAX_FAILED_LOGINS + 2; i++) {
        const res = await proxied.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email: DEMO.reseller.email, password: 'wrong-password' },
          remoteAddress: '10.0.0.2', // the load balancer
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.77` }, // forged first entry, real client last
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(MAX_FAILED_LOGINS)).toEqual([429, 429]);
    } finally {
      await proxied.close();
    }
  });

  test('TRUST_PROXY takes a hop count or a list of addresses/CIDR ranges, and refuses anything else', () => {
    const root = path.join(__dirname, '..', '..');
    expect(loadConfig({}, root).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }, root).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }, root).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' }, root).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.0/99', 'proxy.example'])
      expect(() => loadConfig({ TRUST_PROXY: bad }, root)).toThrow(/TRUST_PROXY/);
  });
});

describe('API keys', () => {
  test('stored hashed, shown once, scoped to their account, revocable, cannot manage keys', async () => {
    const owner = await login(ctx.app, DEMO.customer);
    const other = await login(ctx.app, DEMO.reseller);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-api-key',
      headers: bearer(owner),
      payload: { name: 'CI key' },
    });
    expect(created.statusCode).toBe(201);
    const { key, data } = json<{ key: string; data: { id: number } }>(created);
    // Never stored in the clear, never shown again.
    const { rows } = await ctx.db.query<Record<string, unknown>>('SELECT * FROM settings_api_keys WHERE id = $1', [
      data.id,
    ]);
    expect(JSON.stringify(rows)).not.toContain(key.slice(10));
    const list = await ctx.app.inject({ method: 'GET', url: '/api/user-api-key', headers: bearer(owner) });
    expect(list.body).not.toContain(key.slice(10));

    // The key acts as its owner only: the other account's rows stay out of reach.
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/business-details/training-texts',
      headers: bearer(other),
      payload: { title: 'Reseller only', content: 'secret' },
    });
    expect(foreign.statusCode).toBe(201);
    const foreignId = json<{ data: { id: number } }>(foreign).data.id;
    const viaKey = await ctx.app.inject({
      method: 'GET',
      url: '/api/business-details/training-texts',
      headers: { 'x-api-key': key },
    });
    expect(viaKey.statusCode).toBe(200);
    expect(viaKey.body).not.toContain('Reseller only');
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/business-details/training-texts/${foreignId}`,
          headers: { 'x-api-key': key },
        })
      ).statusCode,
    ).toBe(404);
    // Nor can another account revoke it.
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/user-api-key/${data.id}`,
          headers: bearer(other),
          payload: { revoked: true },
        })
      ).statusCode,
    ).toBe(404);

    // A key cannot mint or revoke keys.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/user-api-key',
          headers: { 'x-api-key': key },
          payload: { name: 'more' },
        })
      ).statusCode,
    ).toBe(401);

    const revoked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user-api-key/${data.id}`,
      headers: bearer(owner),
      payload: { revoked: true },
    });
    expect(revoked.statusCode).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/business-details/training-texts',
          headers: { 'x-api-key': key },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/business-details/training-texts', headers: bearer(key) }))
        .statusCode,
    ).toBe(401);
  });
});

/** Creates a user the way Admin → Users does; returns its id. */
async function createUserAsAdmin(admin: string, payload: Record<string, unknown>): Promise<number> {
  const created = await ctx.app.inject({ method: 'POST', url: '/api/admin/users', headers: bearer(admin), payload });
  expect(created.statusCode).toBe(201);
  return json<{ user: { id: number } }>(created).user.id;
}

describe('deleting a user', () => {
  test('revokes its tokens and API keys for good: restoring the user does not revive them', async () => {
    const admin = await login(ctx.app, DEMO.admin);
    const id = await createUserAsAdmin(admin, {
      first_name: 'Del',
      last_name: 'Eted',
      email: 'deleted-later@example.com',
      password: 'Secret-pass-1',
      user_type: 'customer',
      modules: ['leads'],
    });
    const token = await login(ctx.app, { email: 'deleted-later@example.com', password: 'Secret-pass-1' });
    const key = json<{ key: string }>(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/user-api-key',
        headers: bearer(token),
        payload: { name: 'Old key' },
      }),
    ).key;
    const withKey = () =>
      ctx.app.inject({ method: 'GET', url: '/api/business-details/data', headers: { 'x-api-key': key } });
    expect((await me(token)).statusCode).toBe(200);
    expect((await withKey()).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/admin/users/${id}`, headers: bearer(admin) })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${id}/restore`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await withKey()).statusCode).toBe(401);
    // The restored user signs in again with a new token.
    expect(
      (await me(await login(ctx.app, { email: 'deleted-later@example.com', password: 'Secret-pass-1' }))).statusCode,
    ).toBe(200);
  });
});

describe('impersonation', () => {
  const impersonate = (token: string, id: number) =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/users/${id}/impersonate`, headers: bearer(token) });
  const idOf = async (email: string) =>
    (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]!.id;

  test('an admin cannot impersonate another super admin', async () => {
    const admin = await login(ctx.app, DEMO.admin);
    const res = await impersonate(
      admin,
      await createUserAsAdmin(admin, {
        first_name: 'Second',
        last_name: 'Admin',
        email: 'second-admin@example.com',
        password: 'Secret-pass-1',
        user_type: 'super_admin',
        modules: ['admin'],
      }),
    );
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ code: 'admin.cannot_impersonate_admin' });
  });

  test('an impersonation token cannot create API keys, change the email or the password, or impersonate further; the audit names the real admin', async () => {
    const admin = await login(ctx.app, DEMO.admin);
    const target = await idOf(DEMO.customer.email);
    const started = await impersonate(admin, target);
    expect(started.statusCode).toBe(200);
    const token = json<{ token: string }>(started).token;
    expect((await me(token)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['POST', '/api/user-api-key', { name: 'Forever' }],
      ['POST', '/api/mail-change', { email: 'attacker@example.com' }],
      [
        'PUT',
        '/api/user-password',
        { current_password: DEMO.customer.password, password: 'New-pass-123', password_confirmation: 'New-pass-123' },
      ],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: bearer(token), payload });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
    }
    const audit = await ctx.db.query<{ actor_id: number }>(
      "SELECT actor_id FROM admin_audit_log WHERE action = 'impersonate' AND entity_id = $1 ORDER BY id DESC LIMIT 1",
      [target],
    );
    expect(audit.rows[0]!.actor_id).toBe(await idOf(DEMO.admin.email));
  });
});

describe('rate limits', () => {
  test('are counted in a store every API process shares (the database): two processes, one limit', async () => {
    const config = testConfig({ logErrorRateLimit: 3 });
    const processes = [
      buildApp({ db: ctx.db, config, clock: ctx.clock }),
      buildApp({ db: ctx.db, config, clock: ctx.clock }),
    ];
    try {
      await Promise.all(processes.map((p) => p.ready()));
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await processes[i % 2]!.inject({
          method: 'POST',
          url: '/api/log-app-error',
          remoteAddress: '203.0.113.200',
          payload: { message: `boom ${i}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([204, 204, 204, 429]);
      // The window passes for both.
      ctx.clock.advance(61_000);
      expect(
        (
          await processes[1]!.inject({
            method: 'POST',
            url: '/api/log-app-error',
            remoteAddress: '203.0.113.200',
            payload: { message: 'later' },
          })
        ).statusCode,
      ).toBe(204);
    } finally {
      await Promise.all(processes.map((p) => p.close()));
    }
  });
});

describe('password hashing', () => {
  test('new passwords are argon2id at OWASP cost (m ≥ 19 MiB, t ≥ 2)', async () => {
    const hash = await hashPassword('a fine password');
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(match![2])).toBeGreaterThanOrEqual(2);
    expect(await verifyPassword('a fine password', hash)).toBe(true);
    expect(await verifyPassword('another password', hash)).toBe(false);
  });

  test('an old scrypt hash (N=2^14) is upgraded to argon2id at the next successful sign-in, not at a failed one', async () => {
    const email = 'old-hash@example.com';
    const salt = randomBytes(16);
    const key = scryptSync('Old-pass-123', salt, 64, { N: 16384, r: 8, p: 1 });
    const legacy = ['scrypt', 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    const now = ctx.clock.now();
    await ctx.db.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, user_type, email_verified_at, created_at, updated_at)
       VALUES ($1, $2, 'Old', 'Hash', 'user', 'customer', $3, $3, $3)`,
      [email, legacy, now],
    );
    const stored = async () =>
      (await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]))
        .rows[0]!.password_hash;
    expect((await attempt(email, 'wrong-pass-123', '198.51.100.201')).statusCode).toBe(401);
    expect(await stored()).toBe(legacy);
    expect((await attempt(email, 'Old-pass-123', '198.51.100.201')).statusCode).toBe(200);
    expect(await stored()).toMatch(/^\$argon2id\$/);
    expect((await attempt(email, 'Old-pass-123', '198.51.100.201')).statusCode).toBe(200);
  });
});
