import type { Db } from '../src/db';
import { watchWrites } from '../src/db/writeWatch';
import { hashToken } from '../src/auth/tokens';
import { bearer, createTestApp, DEMO, login, type TestContext } from './helpers';

/**
 * Signed-in tokens are remembered between requests (http/auth.ts) while no write to the auth tables
 * has happened (db/writeWatch.ts). Every change must still be seen by the very next request,
 * whichever way it was written: through a route, or straight into the database.
 */
describe('sign-in cache', () => {
  let ctx: TestContext;
  let token: string;
  const me = () => ctx.app.inject({ url: '/api/me', headers: bearer(token) });

  // One app for the file (its set-up is the slow part); each test signs in afresh and the tests
  // that take something away run last, on their own account.
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    token = await login(ctx.app, DEMO.customer);
  });

  function countQueries(db: Db): { lookups: () => number; restore: () => void } {
    const original = db.query.bind(db);
    let lookups = 0;
    db.query = ((sql: string, params?: never) => {
      if (sql.includes('FROM auth_tokens t JOIN users u')) lookups += 1;
      return original(sql, params);
    }) as Db['query'];
    return { lookups: () => lookups, restore: () => void (db.query = original) };
  }

  // The cache sees only this process's writes, so it is used on PGlite (one process owns the data);
  // on PostgreSQL another process may revoke the token, so every request reads it.
  it('reads the token once for a run of requests on PGlite, on every request on PostgreSQL', async () => {
    expect((await me()).statusCode).toBe(200);
    const spy = countQueries(ctx.app.deps.db);
    try {
      for (let i = 0; i < 5; i += 1) expect((await me()).statusCode).toBe(200);
      if (ctx.db.kind === 'pglite') expect(spy.lookups()).toBeLessThanOrEqual(1);
      else expect(spy.lookups()).toBe(5);
    } finally {
      spy.restore();
    }
  });

  it('sees a logout at once', async () => {
    expect((await me()).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) })).statusCode,
    ).toBeLessThan(300);
    expect((await me()).statusCode).toBe(401);
  });

  it('honours the token expiry on a cached token', async () => {
    expect((await me()).statusCode).toBe(200);
    const expiry = (
      await ctx.db.query<{ expires_at: Date }>('SELECT expires_at FROM auth_tokens WHERE token_hash = $1', [
        hashToken(token),
      ])
    ).rows[0]!.expires_at;
    const now = ctx.clock.now();
    ctx.clock.advance(expiry.getTime() - now.getTime() + 1000);
    try {
      expect((await me()).statusCode).toBe(401);
    } finally {
      ctx.clock.set(now);
    }
  });

  it('sees a token revoked or a user deleted straight in the database', async () => {
    expect((await me()).statusCode).toBe(200);
    await ctx.db.query('UPDATE auth_tokens SET revoked_at = now() WHERE token_hash = $1', [hashToken(token)]);
    expect((await me()).statusCode).toBe(401);

    token = await login(ctx.app, DEMO.basic);
    expect((await me()).statusCode).toBe(200);
    await ctx.db.transaction(async (tx) => {
      await tx.query("UPDATE users SET deleted_at = now() WHERE email = 'basic@leadsmith.test'");
    });
    expect((await me()).statusCode).toBe(401);
  });

  it('sees a module taken away', async () => {
    const leads = () => ctx.app.inject({ url: '/api/campaigns', headers: bearer(token) });
    expect((await leads()).statusCode).toBe(200);
    await ctx.db.query(
      "DELETE FROM user_modules WHERE user_id = (SELECT id FROM users WHERE email = 'customer@leadsmith.test') AND module_id = (SELECT id FROM modules WHERE slug = 'leads')",
    );
    expect((await leads()).statusCode).toBe(403);
  });
});

describe('watchWrites', () => {
  it('moves the auth counter for writes to the auth tables only, and around transactions', async () => {
    const calls: string[] = [];
    const inner: Db = {
      kind: 'pglite',
      query: async (sql) => {
        calls.push(sql);
        return { rows: [], rowCount: 0 };
      },
      exec: async () => undefined,
      transaction: async (fn) => fn(inner),
      close: async () => undefined,
    };
    const db = watchWrites(inner);
    const gen = () => db.generation!('auth');
    const start = gen();
    await db.query('SELECT * FROM users');
    await db.query('UPDATE credit_wallets SET monthly = 1');
    await db.query('INSERT INTO users_archive (id) VALUES (1)');
    expect(gen()).toBe(start);
    await db.query('update auth_tokens set revoked_at = now()');
    const afterUpdate = gen();
    expect(afterUpdate).toBeGreaterThan(start);
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM user_modules WHERE user_id = 1');
    });
    expect(gen()).toBeGreaterThan(afterUpdate);
    expect(calls).toHaveLength(5);
  });
});
