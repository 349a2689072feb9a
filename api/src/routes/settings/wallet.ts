import type { FastifyInstance } from 'fastify';
import { defineAutoTopUpWorker, enqueueAutoTopUps } from '../../workers/autoTopUps';
import { autoTopUpSignal, grantCredits, walletBalance } from '../../credits/ledger';
import type { Queryable } from '../../db';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { ApiError, unprocessable } from '../../http/errors';
import { objectSchema } from '../../http/schemas';
import { PaymentMethodError, type ChargeOutcome, type PaymentsProvider } from '../../providers/payments';
import { say } from '../respond';
import { idParamsSchema, notFound, pageQuerySchema, type PageQuery, type Paginated } from './account';

/** Spec §9: adding a card makes a 1-dollar validation charge that adds 10 credits. */
export const CARD_VALIDATION_CENTS = 100;
export const CARD_VALIDATION_CREDITS = 10;
/** Top-ups sell credits at the validation charge's rate (10 cents a credit), except to a reseller's customers (`centsPerCreditFor`). */
export const CENTS_PER_CREDIT = 10;
export const MIN_TOP_UP_CREDITS = 10;
export const MAX_TOP_UP_CREDITS = 100_000;
export const MAX_CARDS = 10;
/** Lots listed on the wallet screen (the soonest to expire first). */
const LOTS_SHOWN = 20;

type ChargeKind = 'card_validation' | 'top_up' | 'auto_top_up';

interface CardRow {
  id: number;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  created_at: string;
}

interface ChargeRow {
  id: number;
  kind: ChargeKind;
  amount_cents: number;
  credits: number;
  status: 'processing' | 'succeeded' | 'failed' | 'refunded';
  failure_code: string | null;
  card_last4: string | null;
  created_at: string;
}

const CARD_COLUMNS = 'id, brand, last4, exp_month, exp_year, is_default, created_at';
const CHARGE_SELECT = `SELECT c.id, c.kind, c.amount_cents, c.credits, c.status, c.failure_code, k.last4 AS card_last4, c.created_at
  FROM settings_payment_charges c LEFT JOIN settings_payment_cards k ON k.id = c.card_id`;

const REASONS: Record<ChargeKind, string> = {
  card_validation: 'Card validation',
  top_up: 'Credit top-up',
  auto_top_up: 'Automatic top-up',
};

async function loadCharge(db: Queryable, id: number): Promise<ChargeRow> {
  return (await db.query<ChargeRow>(`${CHARGE_SELECT} WHERE c.id = $1`, [id])).rows[0]!;
}

/**
 * Spec §5: a reseller's customer buys credits at the reseller's credit sale price, the one of the package
 * its subscription is on (the latest subscription with its parent); everyone else at CENTS_PER_CREDIT.
 */
export async function centsPerCreditFor(q: Queryable, userId: number): Promise<number> {
  const { rows } = await q.query<{ cents: number }>(
    `SELECT p.credit_price_cents AS cents
       FROM users u
       JOIN whitelabel_subscriptions s ON s.customer_id = u.id AND s.owner_id = u.parent_id
       JOIN whitelabel_packages p ON p.id = s.package_id
      WHERE u.id = $1
      ORDER BY (s.status = 'active') DESC, s.id DESC LIMIT 1`,
    [userId],
  );
  return rows[0]?.cents ?? CENTS_PER_CREDIT;
}

/**
 * Charges through the provider and records the outcome: the charge row is written first (its id is
 * the idempotency key, so a retry cannot charge twice), and the credits are granted exactly once
 * (the `credited` flag flips in the same transaction as the grant).
 */
export function createWalletService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, payments: PaymentsProvider) {
  async function settle(chargeId: number, userId: number, outcome: ChargeOutcome): Promise<ChargeRow> {
    await db.transaction(async (tx) => {
      const now = clock.now();
      const { rows } = await tx.query<{ credits: number; kind: ChargeKind; credited: boolean }>(
        `UPDATE settings_payment_charges SET status = $3, provider_ref = COALESCE($4, provider_ref), failure_code = $5, updated_at = $6
          WHERE id = $1 AND user_id = $2 RETURNING credits, kind, credited`,
        [chargeId, userId, outcome.status, outcome.ref, outcome.failureCode ?? null, now],
      );
      const row = rows[0];
      if (row && outcome.status === 'succeeded' && !row.credited) {
        const flipped = await tx.query('UPDATE settings_payment_charges SET credited = true WHERE id = $1 AND NOT credited', [chargeId]);
        if (flipped.rowCount === 1) await grantCredits(tx, userId, row.credits, 'additional', REASONS[row.kind], { now });
      }
    });
    return loadCharge(db, chargeId);
  }

  async function charge(userId: number, card: { id: number; ref: string }, kind: ChargeKind, credits: number, amountCents: number): Promise<ChargeRow> {
    const created = await db.query<{ id: number }>(
      `INSERT INTO settings_payment_charges (user_id, card_id, provider, kind, amount_cents, credits, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'processing', $7, $7) RETURNING id`,
      [userId, card.id, payments.name, kind, amountCents, credits, clock.now()],
    );
    const chargeId = created.rows[0]!.id;
    let outcome: ChargeOutcome;
    try {
      outcome = await payments.charge({ paymentMethodRef: card.ref, amountCents, currency: 'usd', description: `${REASONS[kind]}: ${credits} credits`, idempotencyKey: `leadsmith-charge-${chargeId}` });
    } catch {
      outcome = { ref: null, status: 'failed', failureCode: 'provider_unavailable' };
    }
    return settle(chargeId, userId, outcome);
  }

  /** Re-reads a processing charge from the provider (it may have settled since). */
  async function refresh(userId: number, chargeId: number): Promise<ChargeRow | null> {
    const row = (await db.query<{ status: string; provider_ref: string | null }>('SELECT status, provider_ref FROM settings_payment_charges WHERE id = $1 AND user_id = $2', [chargeId, userId])).rows[0];
    if (!row) return null;
    if (row.status === 'processing' && row.provider_ref) {
      try {
        return await settle(chargeId, userId, await payments.getCharge(row.provider_ref));
      } catch {
        // The provider is unreachable: the charge stays processing and is read again later.
      }
    }
    return loadCharge(db, chargeId);
  }

  async function defaultCard(userId: number): Promise<{ id: number; ref: string } | undefined> {
    return (await db.query<{ id: number; ref: string }>('SELECT id, provider_ref AS ref FROM settings_payment_cards WHERE user_id = $1 AND is_default', [userId])).rows[0];
  }

  /** Charges the queued automatic top-ups (all users, or one). Each request is claimed once. */
  async function processAutoTopUps(onlyUserId?: number): Promise<number> {
    const { rows } = await db.query<{ id: number; user_id: number }>(
      `SELECT id, user_id FROM credit_topup_requests WHERE status = 'pending' ${onlyUserId ? 'AND user_id = $1' : ''} ORDER BY id LIMIT 50`,
      onlyUserId ? [onlyUserId] : [],
    );
    let charged = 0;
    for (const request of rows) {
      const claimed = await db.query("UPDATE credit_topup_requests SET status = 'done', finished_at = $2 WHERE id = $1 AND status = 'pending' RETURNING id", [request.id, clock.now()]);
      if (claimed.rowCount === 0) continue;
      const setting = (await db.query<{ amount: number }>('SELECT amount FROM credit_auto_topups WHERE user_id = $1 AND enabled', [request.user_id])).rows[0];
      const card = await defaultCard(request.user_id);
      if (!setting || !card) {
        await db.query("UPDATE credit_topup_requests SET status = 'failed', error_code = $2 WHERE id = $1", [request.id, setting ? 'no_default_card' : 'disabled']);
        continue;
      }
      const result = await charge(request.user_id, card, 'auto_top_up', setting.amount, setting.amount * (await centsPerCreditFor(db, request.user_id)));
      await db.query('UPDATE credit_topup_requests SET status = $2, charge_id = $3, error_code = $4 WHERE id = $1', [
        request.id,
        result.status === 'failed' ? 'failed' : 'done',
        result.id,
        result.failure_code,
      ]);
      charged += 1;
    }
    return charged;
  }

  return { charge, refresh, defaultCard, processAutoTopUps };
}

export type WalletService = ReturnType<typeof createWalletService>;

const cardBody = objectSchema(
  {
    number: { type: 'string', minLength: 12, maxLength: 23, pattern: '^[0-9 -]+$' },
    exp_month: { type: 'integer', minimum: 1, maximum: 12 },
    exp_year: { type: 'integer', minimum: 2000, maximum: 2100 },
    cvc: { type: 'string', pattern: '^[0-9]{3,4}$', maxLength: 4 },
    make_default: { type: 'boolean' },
  },
  ['number', 'exp_month', 'exp_year', 'cvc'],
);

function paymentMessage(request: Parameters<typeof say>[0], charge: ChargeRow) {
  if (charge.status === 'succeeded') return say(request, 'settings.payment_succeeded');
  if (charge.status === 'processing') return say(request, 'settings.payment_processing');
  return null;
}

/**
 * Wallet (module wallet; spec §2, §3, §9): balance by bucket with the additional credits' expiry,
 * cards with a default card, top-ups and the automatic top-up setting.
 */
export function walletRoutes(app: FastifyInstance, deps: AppDeps, payments: PaymentsProvider): WalletService {
  const { db, clock } = deps;
  const service = createWalletService(deps, payments);
  const guard = { onRequest: [app.requireAuth, app.requireModule('wallet')] };

  // Automatic top-ups: a job as soon as a spend has committed one (the signal comes after the commit),
  // and a sweep every minute on the queue's scheduler for any the signal missed (a process that died).
  defineAutoTopUpWorker(deps.queue, service);
  const onQueued = (userId: number) => void enqueueAutoTopUps(deps.queue, userId).catch((error: unknown) => app.log.error({ err: error }, 'auto top-up failed'));
  autoTopUpSignal.on('queued', onQueued);
  app.addHook('onClose', async () => {
    autoTopUpSignal.off('queued', onQueued);
  });

  app.get('/api/wallet', { ...guard }, async (request) => {
    const userId = currentUser(request).id;
    const now = clock.now();
    const balance = await db.transaction((tx) => walletBalance(tx, userId, { now }));
    const lots = await db.query<{ id: number; amount: number; remaining: number; expires_at: string; reason: string }>(
      'SELECT id, amount, remaining, expires_at, reason FROM credit_lots WHERE user_id = $1 AND remaining > 0 AND expires_at > $2 ORDER BY expires_at, id LIMIT $3',
      [userId, now, LOTS_SHOWN],
    );
    const cards = await db.query<CardRow>(`SELECT ${CARD_COLUMNS} FROM settings_payment_cards WHERE user_id = $1 ORDER BY id LIMIT $2`, [userId, MAX_CARDS]);
    const auto = (await db.query<{ enabled: boolean; threshold: number; amount: number; consent_at: string | null }>('SELECT enabled, threshold, amount, consent_at FROM credit_auto_topups WHERE user_id = $1', [userId])).rows[0];
    return {
      balance,
      lots: lots.rows,
      cards: cards.rows,
      autoTopUp: auto ?? { enabled: false, threshold: 10, amount: 100, consent_at: null },
      pricing: { centsPerCredit: await centsPerCreditFor(db, userId), validationCents: CARD_VALIDATION_CENTS, validationCredits: CARD_VALIDATION_CREDITS, minTopUp: MIN_TOP_UP_CREDITS, maxTopUp: MAX_TOP_UP_CREDITS },
      provider: payments.name,
    };
  });

  app.get<{ Querystring: PageQuery }>('/api/wallet/charges', { ...guard, schema: { querystring: objectSchema(pageQuerySchema) } }, async (request): Promise<Paginated<ChargeRow>> => {
    const userId = currentUser(request).id;
    const { page, pageSize } = request.query;
    const { rows } = await db.query<ChargeRow>(`${CHARGE_SELECT} WHERE c.user_id = $1 ORDER BY c.id DESC LIMIT $2 OFFSET $3`, [userId, pageSize, (page - 1) * pageSize]);
    const count = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM settings_payment_charges WHERE user_id = $1', [userId]);
    return { data: rows, currentPage: page, pageSize, total: count.rows[0]?.total ?? 0 };
  });

  app.get<{ Params: { id: number } }>('/api/wallet/charges/:id', { ...guard, schema: { params: idParamsSchema } }, async (request) => {
    const charge = await service.refresh(currentUser(request).id, request.params.id);
    if (!charge) throw notFound();
    return { data: charge, ...(charge.status === 'succeeded' ? say(request, 'settings.payment_succeeded') : {}) };
  });

  app.post<{ Body: { number: string; exp_month: number; exp_year: number; cvc: string; make_default?: boolean } }>(
    '/api/wallet/cards',
    { ...guard, schema: { body: cardBody } },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM settings_payment_cards WHERE user_id = $1', [user.id]);
      if ((count.rows[0]?.n ?? 0) >= MAX_CARDS) throw unprocessable('settings.card_limit', 'number', { n: MAX_CARDS });
      let method;
      try {
        method = await payments.createPaymentMethod({ number: body.number, expMonth: body.exp_month, expYear: body.exp_year, cvc: body.cvc }, { userId: user.id, email: user.email });
      } catch (error) {
        if (error instanceof PaymentMethodError) {
          if (error.code === 'provider_unavailable') throw new ApiError(503, 'settings.payment_unavailable');
          throw unprocessable(error.code === 'card_declined' ? 'settings.card_declined' : 'settings.card_invalid', 'number');
        }
        throw error;
      }
      const card = await db.transaction(async (tx) => {
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.id]);
        const hasDefault = (await tx.query('SELECT 1 FROM settings_payment_cards WHERE user_id = $1 AND is_default', [user.id])).rowCount > 0;
        const makeDefault = body.make_default === true || !hasDefault;
        if (makeDefault) await tx.query('UPDATE settings_payment_cards SET is_default = false WHERE user_id = $1 AND is_default', [user.id]);
        const { rows } = await tx.query<CardRow & { provider_ref: string }>(
          `INSERT INTO settings_payment_cards (user_id, provider, provider_ref, brand, last4, exp_month, exp_year, is_default, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${CARD_COLUMNS}, provider_ref`,
          [user.id, payments.name, method.ref, method.brand, method.last4, method.expMonth, method.expYear, makeDefault, clock.now()],
        );
        return rows[0]!;
      });
      const charge = await service.charge(user.id, { id: card.id, ref: card.provider_ref }, 'card_validation', CARD_VALIDATION_CREDITS, CARD_VALIDATION_CENTS);
      if (charge.status === 'failed') {
        // A card whose validation charge is declined is not kept.
        await db.transaction(async (tx) => {
          await tx.query('DELETE FROM settings_payment_cards WHERE id = $1', [card.id]);
          await promoteDefault(tx, user.id);
        });
        throw unprocessable('settings.card_declined', 'number');
      }
      reply.code(201);
      const { provider_ref: _ref, ...publicCard } = card;
      void _ref;
      return { ...paymentMessage(request, charge), data: publicCard, charge };
    },
  );

  async function promoteDefault(tx: Queryable, userId: number): Promise<void> {
    const hasDefault = (await tx.query('SELECT 1 FROM settings_payment_cards WHERE user_id = $1 AND is_default', [userId])).rowCount > 0;
    if (hasDefault) return;
    const next = await tx.query('UPDATE settings_payment_cards SET is_default = true WHERE id = (SELECT id FROM settings_payment_cards WHERE user_id = $1 ORDER BY id DESC LIMIT 1) RETURNING id', [userId]);
    // Without any card an automatic top-up cannot run: switch it off.
    if (next.rowCount === 0) await tx.query('UPDATE credit_auto_topups SET enabled = false, updated_at = $2 WHERE user_id = $1', [userId, clock.now()]);
  }

  app.put<{ Params: { id: number } }>('/api/wallet/cards/:id/default', { ...guard, schema: { params: idParamsSchema } }, async (request) => {
    const userId = currentUser(request).id;
    const card = await db.transaction(async (tx) => {
      const exists = await tx.query('SELECT id FROM settings_payment_cards WHERE id = $1 AND user_id = $2 FOR UPDATE', [request.params.id, userId]);
      if (exists.rowCount === 0) throw notFound();
      await tx.query('UPDATE settings_payment_cards SET is_default = false WHERE user_id = $1 AND is_default', [userId]);
      return (await tx.query<CardRow>(`UPDATE settings_payment_cards SET is_default = true WHERE id = $1 RETURNING ${CARD_COLUMNS}`, [request.params.id])).rows[0]!;
    });
    return { ...say(request, 'settings.card_default_set'), data: card };
  });

  app.delete<{ Params: { id: number } }>('/api/wallet/cards/:id', { ...guard, schema: { params: idParamsSchema } }, async (request) => {
    const userId = currentUser(request).id;
    await db.transaction(async (tx) => {
      const { rowCount } = await tx.query('DELETE FROM settings_payment_cards WHERE id = $1 AND user_id = $2', [request.params.id, userId]);
      if (rowCount === 0) throw notFound();
      await promoteDefault(tx, userId);
    });
    return say(request, 'settings.card_deleted');
  });

  app.post<{ Body: { credits: number } }>(
    '/api/wallet/top-ups',
    { ...guard, schema: { body: objectSchema({ credits: { type: 'integer', minimum: MIN_TOP_UP_CREDITS, maximum: MAX_TOP_UP_CREDITS } }, ['credits']) } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const card = await service.defaultCard(userId);
      if (!card) throw unprocessable('settings.default_card_required', 'card');
      const charge = await service.charge(userId, card, 'top_up', request.body.credits, request.body.credits * (await centsPerCreditFor(db, userId)));
      if (charge.status === 'failed') throw unprocessable('settings.payment_failed', 'card', { reason: charge.failure_code ?? 'card_declined' });
      reply.code(201);
      return { ...paymentMessage(request, charge), data: charge };
    },
  );

  app.put<{ Body: { enabled: boolean; threshold: number; amount: number; consent?: boolean } }>(
    '/api/wallet/auto-top-up',
    {
      ...guard,
      schema: {
        body: objectSchema(
          {
            enabled: { type: 'boolean' },
            threshold: { type: 'integer', minimum: 0, maximum: MAX_TOP_UP_CREDITS },
            amount: { type: 'integer', minimum: MIN_TOP_UP_CREDITS, maximum: MAX_TOP_UP_CREDITS },
            consent: { type: 'boolean' },
          },
          ['enabled', 'threshold', 'amount'],
        ),
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { enabled, threshold, amount, consent } = request.body;
      if (enabled && consent !== true) throw unprocessable('settings.auto_top_up_consent', 'consent');
      if (enabled && !(await service.defaultCard(userId))) throw unprocessable('settings.default_card_required', 'card');
      const now = clock.now();
      const { rows } = await db.query<{ enabled: boolean; threshold: number; amount: number; consent_at: string | null }>(
        `INSERT INTO credit_auto_topups (user_id, enabled, threshold, amount, consent_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id) DO UPDATE SET enabled = EXCLUDED.enabled, threshold = EXCLUDED.threshold, amount = EXCLUDED.amount,
           consent_at = CASE WHEN EXCLUDED.enabled THEN EXCLUDED.consent_at ELSE credit_auto_topups.consent_at END, updated_at = EXCLUDED.updated_at
         RETURNING enabled, threshold, amount, consent_at`,
        [userId, enabled, threshold, amount, enabled ? now : null, now],
      );
      return { ...say(request, enabled ? 'settings.auto_top_up_on' : 'settings.auto_top_up_off'), data: rows[0] };
    },
  );

  return service;
}
