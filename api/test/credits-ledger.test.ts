import { autoTopUpSignal, creditBalance, grantCredits, spendCredits, walletBalance } from '../src/credits/ledger';
import { createTestApp, DEMO, type TestContext } from './helpers';

describe('credit ledger (api/src/credits/ledger.ts)', () => {
  let ctx: TestContext;
  let userId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.basic.email])).rows[0]!
      .id;
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  async function setWallet(monthly: number, additional: number, rolledOver: number) {
    await ctx.db.transaction(async (tx) => {
      await tx.query('DELETE FROM credit_lots WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM credit_ledger WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM credit_auto_topups WHERE user_id = $1', [userId]);
      await tx.query('UPDATE credit_wallets SET monthly = $2, additional = $3, rolled_over = $4 WHERE user_id = $1', [
        userId,
        monthly,
        additional,
        rolledOver,
      ]);
      for (const [bucket, delta] of [
        ['monthly', monthly],
        ['additional', additional],
        ['rolled_over', rolledOver],
      ] as const) {
        if (delta)
          await tx.query('INSERT INTO credit_ledger (user_id, delta, bucket, reason) VALUES ($1, $2, $3, $4)', [
            userId,
            delta,
            bucket,
            'test',
          ]);
      }
    });
  }
  const wallet = async () =>
    (
      await ctx.db.query<{ monthly: number; additional: number; rolled_over: number }>(
        'SELECT monthly, additional, rolled_over FROM credit_wallets WHERE user_id = $1',
        [userId],
      )
    ).rows[0]!;
  const ledgerSums = async () => {
    const { rows } = await ctx.db.query<{ bucket: string; total: number }>(
      'SELECT bucket, sum(delta)::int AS total FROM credit_ledger WHERE user_id = $1 GROUP BY bucket',
      [userId],
    );
    return Object.fromEntries(rows.map((r) => [r.bucket, r.total]));
  };

  it('spends monthly, then additional, then rolled-over, all or nothing', async () => {
    await setWallet(5, 5, 5);
    expect(await ctx.db.transaction((tx) => spendCredits(tx, userId, 8, 'test spend'))).toBe(true);
    expect(await wallet()).toEqual({ monthly: 0, additional: 2, rolled_over: 5 });
    expect(await ctx.db.transaction((tx) => spendCredits(tx, userId, 8, 'too much'))).toBe(false);
    expect(await wallet()).toEqual({ monthly: 0, additional: 2, rolled_over: 5 });
    expect(await ledgerSums()).toEqual({ monthly: 0, additional: 2, rolled_over: 5 });
  });

  it('additional credits come in 12-month lots; expired ones are written off and never spent', async () => {
    await setWallet(0, 0, 3);
    const now = ctx.clock.now();
    await ctx.db.transaction((tx) => grantCredits(tx, userId, 10, 'additional', 'Credit top-up', { now }));
    const lot = (
      await ctx.db.query<{ expires_at: Date | string }>('SELECT expires_at FROM credit_lots WHERE user_id = $1', [
        userId,
      ])
    ).rows[0]!;
    expect(new Date(lot.expires_at).toISOString()).toBe('2027-03-15T12:00:00.000Z');
    expect(await creditBalance(ctx.db, userId, { now })).toBe(13);
    const later = new Date('2027-03-16T00:00:00.000Z');
    expect(await creditBalance(ctx.db, userId, { now: later })).toBe(3);
    // 5 would need the expired lot: refused, and the lot is written off.
    expect(await ctx.db.transaction((tx) => spendCredits(tx, userId, 5, 'after expiry', { now: later }))).toBe(false);
    expect(await ctx.db.transaction((tx) => walletBalance(tx, userId, { now: later }))).toEqual({
      monthly: 0,
      additional: 0,
      rolled_over: 3,
      total: 3,
    });
    expect(await ledgerSums()).toEqual({ additional: 0, rolled_over: 3 });
  });

  it('spends the lot that expires first', async () => {
    await setWallet(0, 0, 0);
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await grantCredits(tx, userId, 10, 'additional', 'late', { now, expiresAt: new Date('2027-01-01T00:00:00Z') });
      await grantCredits(tx, userId, 10, 'additional', 'soon', { now, expiresAt: new Date('2026-06-01T00:00:00Z') });
    });
    await ctx.db.transaction((tx) => spendCredits(tx, userId, 12, 'spend', { now }));
    const { rows } = await ctx.db.query<{ reason: string; remaining: number }>(
      'SELECT reason, remaining FROM credit_lots WHERE user_id = $1 ORDER BY reason',
      [userId],
    );
    expect(rows).toEqual([
      { reason: 'late', remaining: 8 },
      { reason: 'soon', remaining: 0 },
    ]);
  });

  it('50 parallel spends never overspend nor go negative', async () => {
    await setWallet(20, 10, 10);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => ctx.db.transaction((tx) => spendCredits(tx, userId, 3, `parallel ${i}`))),
    );
    expect(results.filter(Boolean)).toHaveLength(13);
    const after = await wallet();
    expect(after).toEqual({ monthly: 0, additional: 0, rolled_over: 1 });
    expect(await ledgerSums()).toEqual({ monthly: 0, additional: 0, rolled_over: 1 });
  });

  it('queues exactly one automatic top-up when a spend crosses the threshold', async () => {
    await setWallet(30, 0, 0);
    await ctx.db.query('DELETE FROM credit_topup_requests WHERE user_id = $1', [userId]);
    await ctx.db.query(
      'INSERT INTO credit_auto_topups (user_id, enabled, threshold, amount) VALUES ($1, true, 10, 100)',
      [userId],
    );
    await ctx.db.transaction((tx) => spendCredits(tx, userId, 15, 'above'));
    expect((await ctx.db.query('SELECT 1 FROM credit_topup_requests WHERE user_id = $1', [userId])).rowCount).toBe(0);
    await Promise.all([1, 2, 3].map(() => ctx.db.transaction((tx) => spendCredits(tx, userId, 3, 'crossing'))));
    const { rows } = await ctx.db.query<{ status: string }>(
      'SELECT status FROM credit_topup_requests WHERE user_id = $1',
      [userId],
    );
    // basic has no wallet module card: the request is queued once (and fails for want of a card when processed).
    expect(rows).toHaveLength(1);
  });

  it('signals a queued top-up only once its transaction has committed, and never after a rollback', async () => {
    const seen: { userId: number; requests: number }[] = [];
    const onQueued = (id: number) => {
      // What the wallet's listener would read: another connection on PostgreSQL.
      void ctx.db
        .query('SELECT 1 FROM credit_topup_requests WHERE user_id = $1', [id])
        .then((r) => seen.push({ userId: id, requests: r.rowCount }));
    };
    autoTopUpSignal.on('queued', onQueued);
    try {
      await setWallet(30, 0, 0);
      await ctx.db.query('DELETE FROM credit_topup_requests WHERE user_id = $1', [userId]);
      await ctx.db.query(
        'INSERT INTO credit_auto_topups (user_id, enabled, threshold, amount) VALUES ($1, true, 10, 100)',
        [userId],
      );

      await expect(
        ctx.db.transaction(async (tx) => {
          expect(await spendCredits(tx, userId, 25, 'crossing, rolled back')).toBe(true);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');

      await ctx.db.transaction(async (tx) => {
        expect(await spendCredits(tx, userId, 25, 'crossing')).toBe(true);
        // Turns of the event loop while the transaction is still open: nothing is signalled yet.
        for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setImmediate(resolve));
        expect(seen).toEqual([]);
      });
      const deadline = Date.now() + 5_000;
      while (seen.length === 0 && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
      expect(seen).toEqual([{ userId, requests: 1 }]);
    } finally {
      autoTopUpSignal.off('queued', onQueued);
    }
  });
});
