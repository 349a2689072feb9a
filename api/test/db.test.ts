import { migrate, MIGRATIONS, type Db } from '../src/db';
import { DEMO_ACCOUNTS, seed } from '../src/seed';
import { fakeClock, openFreshDb } from './helpers';

describe('migrations and seed', () => {
  let db: Db;
  const clock = fakeClock();

  beforeAll(async () => {
    db = await openFreshDb();
  });
  afterAll(async () => {
    await db.close();
  });

  test('a fresh database gets every migration once; running again applies nothing', async () => {
    expect(await migrate(db)).toEqual(MIGRATIONS.map((m) => m.id));
    expect(await migrate(db)).toEqual([]);
    // Areas keep their own ordered lists, so ids are unique but not globally sorted.
    const ids = MIGRATIONS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    const { rows } = await db.query<{ id: string }>('SELECT id FROM schema_migrations');
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
  });

  test('reference data: the five module slugs and seven list types', async () => {
    const modules = await db.query<{ slug: string }>('SELECT slug FROM modules ORDER BY id');
    expect(modules.rows.map((r) => r.slug)).toEqual(['ai_suggest', 'leads', 'whitelabel', 'admin', 'wallet']);
    const types = await db.query<{ name: string; search_type: string }>(
      'SELECT name, search_type FROM list_types ORDER BY id',
    );
    expect(types.rows).toEqual([
      { name: 'people', search_type: 'people' },
      { name: 'local', search_type: 'industry' },
      { name: 'company', search_type: 'company' },
      { name: 'influencer', search_type: 'influencer' },
      { name: 'domain', search_type: 'single' },
      { name: 'intent', search_type: 'intent' },
      { name: 'group', search_type: 'group' },
    ]);
  });

  test('seeding twice leaves one copy of every demo account and settings row', async () => {
    await seed(db, clock);
    await seed(db, clock);
    const users = await db.query<{ email: string }>('SELECT email FROM users ORDER BY id');
    expect(users.rows.map((r) => r.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    const settings = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM business_settings WHERE domain = 'localhost'",
    );
    expect(settings.rows[0]?.n).toBe(1);
    const modules = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_modules');
    expect(modules.rows[0]?.n).toBe(5 + 4 + 2 + 0);
  });

  test('a re-seed keeps changes made since (it never overwrites)', async () => {
    await db.query("UPDATE users SET first_name = 'Changed' WHERE email = 'admin@leadsmith.test'");
    await seed(db, clock);
    const { rows } = await db.query<{ first_name: string }>(
      "SELECT first_name FROM users WHERE email = 'admin@leadsmith.test'",
    );
    expect(rows[0]?.first_name).toBe('Changed');
  });

  test('every wallet balance equals the sum of its ledger, per bucket', async () => {
    const { rows } = await db.query<{
      email: string;
      monthly: number;
      additional: number;
      rolled_over: number;
      l_monthly: number;
      l_additional: number;
      l_rolled: number;
    }>(
      `SELECT u.email, w.monthly, w.additional, w.rolled_over,
              COALESCE(SUM(l.delta) FILTER (WHERE l.bucket = 'monthly'), 0)::int AS l_monthly,
              COALESCE(SUM(l.delta) FILTER (WHERE l.bucket = 'additional'), 0)::int AS l_additional,
              COALESCE(SUM(l.delta) FILTER (WHERE l.bucket = 'rolled_over'), 0)::int AS l_rolled
         FROM users u JOIN credit_wallets w ON w.user_id = u.id LEFT JOIN credit_ledger l ON l.user_id = u.id
        GROUP BY u.email, w.monthly, w.additional, w.rolled_over`,
    );
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect([row.l_monthly, row.l_additional, row.l_rolled]).toEqual([row.monthly, row.additional, row.rolled_over]);
    }
    expect(rows.some((r) => r.monthly + r.additional + r.rolled_over > 0)).toBe(true);
  });

  test('the customer belongs to the reseller; all demo accounts are verified with a search limit', async () => {
    const { rows } = await db.query<{
      email: string;
      parent: string | null;
      verified: boolean;
      search_limit: number;
      last_reset_date: string;
    }>(
      `SELECT u.email, p.email AS parent, u.email_verified_at IS NOT NULL AS verified, u.search_limit, u.last_reset_date
         FROM users u LEFT JOIN users p ON p.id = u.parent_id ORDER BY u.id`,
    );
    expect(rows.find((r) => r.email === 'customer@leadsmith.test')?.parent).toBe('reseller@leadsmith.test');
    for (const row of rows) {
      expect(row.verified).toBe(true);
      expect(row.search_limit).toBe(1000);
      expect(row.last_reset_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  test('emails must be stored lowercased and unique', async () => {
    await expect(
      db.query("INSERT INTO users (email, password_hash) VALUES ('Mixed@Case.test', 'x')"),
    ).rejects.toThrow();
    await expect(
      db.query("INSERT INTO users (email, password_hash) VALUES ('admin@leadsmith.test', 'x')"),
    ).rejects.toMatchObject({ code: '23505' });
  });

  test('a failed transaction leaves no partial write', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO outbound_emails (to_email, subject, body_text) VALUES ('a@b.test', 's', 'b')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbound_emails WHERE to_email = 'a@b.test'",
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('migration leadSearch_402_result_labels', () => {
  test('labels stored on results move to result_labels in their order, and the column goes', async () => {
    const db = await openFreshDb();
    try {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.id !== 'leadSearch_402_result_labels'),
      );
      await seed(db);
      const user = (await db.query<{ id: number }>("SELECT id FROM users WHERE email = 'customer@leadsmith.test'"))
        .rows[0]!.id;
      const list = (
        await db.query<{ id: number }>(
          "INSERT INTO campaigns (user_id, list_type, name) VALUES ($1, 'people', 'Old') RETURNING id",
          [user],
        )
      ).rows[0]!.id;
      const insert = (key: string, labels: unknown[]) =>
        db.query<{ id: number }>(
          "INSERT INTO campaign_results (campaign_id, user_id, record_key, name, email_status, labels) VALUES ($1, $2, $3, $3, 'found', $4::jsonb) RETURNING id::int AS id",
          [list, user, key, JSON.stringify(labels)],
        );
      const a = (await insert('a', ['zeta', 'alpha', 'mid'])).rows[0]!.id;
      const b = (await insert('b', [])).rows[0]!.id;
      const c = (await insert('c', ['only', 'only', ''])).rows[0]!.id;

      expect(await migrate(db)).toEqual(['leadSearch_402_result_labels']);
      const rows = (
        await db.query<{ result_id: number; label: string; user_id: number }>(
          'SELECT result_id::int AS result_id, label, user_id FROM result_labels ORDER BY result_id, position',
        )
      ).rows;
      expect(rows).toEqual([
        { result_id: a, label: 'zeta', user_id: user },
        { result_id: a, label: 'alpha', user_id: user },
        { result_id: a, label: 'mid', user_id: user },
        { result_id: c, label: 'only', user_id: user },
      ]);
      expect(rows.some((r) => r.result_id === b)).toBe(false);
      const column = await db.query(
        "SELECT 1 FROM information_schema.columns WHERE table_name = 'campaign_results' AND column_name = 'labels'",
      );
      expect(column.rows).toHaveLength(0);

      // Labels leave with their results, however the results are deleted.
      await db.query('DELETE FROM campaign_results WHERE id = $1', [c]);
      expect((await db.query('SELECT 1 FROM result_labels WHERE result_id = $1', [c])).rows).toHaveLength(0);
      await db.query('DELETE FROM campaigns WHERE id = $1', [list]);
      expect((await db.query('SELECT 1 FROM result_labels')).rows).toHaveLength(0);
    } finally {
      await db.close();
    }
  });
});

describe('migration w5-money25-004-one-event-store', () => {
  test("PayKickstart's stored events move from billing_events into payment_events, still once per id", async () => {
    const db = await openFreshDb();
    try {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.id !== 'w5-money25-004-one-event-store'),
      );
      await seed(db);
      const owner = (await db.query<{ id: number }>("SELECT id FROM users WHERE email = 'reseller@leadsmith.test'"))
        .rows[0]!.id;
      await db.query(
        `INSERT INTO billing_events (provider, event_id, kind, payload, received_at, processed_at, owner_id, outcome)
         VALUES ('paykickstart', 'sales:tx1', 'sales', '{"event":"sales"}', now(), now(), $1, 'created'), ('paykickstart', 'subscription-payment:tx2', 'subscription-payment', '{}', now(), NULL, $1, NULL)`,
        [owner],
      );
      await db.query(
        "INSERT INTO payment_events (provider, event_id, type, payload, received_at) VALUES ('stripe', 'evt_1', 'invoice.paid', '{}', now())",
      );

      expect(await migrate(db)).toEqual(['w5-money25-004-one-event-store']);
      const rows = (
        await db.query(
          'SELECT provider, event_id, type, owner_id, outcome, processed_at IS NOT NULL AS processed FROM payment_events ORDER BY provider, event_id',
        )
      ).rows;
      expect(rows).toEqual([
        {
          provider: 'paykickstart',
          event_id: 'sales:tx1',
          type: 'sales',
          owner_id: owner,
          outcome: 'created',
          processed: true,
        },
        {
          provider: 'paykickstart',
          event_id: 'subscription-payment:tx2',
          type: 'subscription-payment',
          owner_id: owner,
          outcome: null,
          processed: false,
        },
        {
          provider: 'stripe',
          event_id: 'evt_1',
          type: 'invoice.paid',
          owner_id: null,
          outcome: null,
          processed: false,
        },
      ]);
      expect(
        (await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'billing_events'")).rows,
      ).toHaveLength(0);
      // The key still refuses a second copy of an event.
      await expect(
        db.query(
          "INSERT INTO payment_events (provider, event_id, type, payload, received_at) VALUES ('paykickstart', 'sales:tx1', 'sales', '{}', now())",
        ),
      ).rejects.toThrow();
    } finally {
      await db.close();
    }
  });
});
