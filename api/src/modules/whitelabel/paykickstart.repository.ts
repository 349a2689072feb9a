import type { Queryable } from '../../db';

/** The reseller's PayKickstart connection (whitelabel_paykickstart). */
export interface PaykickstartRow {
  ipn_token: string;
  secret_sealed: string;
  campaign_id: string | null;
  connected_at: Date;
}

export async function paykickstartOf(q: Queryable, owner: number): Promise<PaykickstartRow | undefined> {
  return (
    await q.query<PaykickstartRow>(
      'SELECT ipn_token, secret_sealed, campaign_id, connected_at FROM whitelabel_paykickstart WHERE owner_id = $1',
      [owner],
    )
  ).rows[0];
}

export async function paykickstartProductsOf(
  q: Queryable,
  owner: number,
): Promise<{ product_id: string; package_id: number }[]> {
  return (
    await q.query<{ product_id: string; package_id: number }>(
      'SELECT product_id, package_id FROM whitelabel_paykickstart_products WHERE owner_id = $1 ORDER BY product_id',
      [owner],
    )
  ).rows;
}

/** Whether the package is one of the owner's. */
export async function ownsPackage(q: Queryable, packageId: number, owner: number): Promise<boolean> {
  const own = await q.query('SELECT 1 FROM whitelabel_packages WHERE id = $1 AND owner_id = $2', [packageId, owner]);
  return own.rows[0] !== undefined;
}

/** Stores the connection; the IPN token is made on the first save and kept after. */
export async function upsertPaykickstart(
  q: Queryable,
  owner: number,
  c: { ipnToken: string; secretSealed: string; campaignId: string | null },
  now: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO whitelabel_paykickstart (owner_id, ipn_token, secret_sealed, campaign_id, connected_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
           ON CONFLICT (owner_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, campaign_id = EXCLUDED.campaign_id, updated_at = EXCLUDED.updated_at`,
    [owner, c.ipnToken, c.secretSealed, c.campaignId, now],
  );
}

export async function replacePaykickstartProducts(
  q: Queryable,
  owner: number,
  products: readonly { product_id: string; package_id: number }[],
): Promise<void> {
  await q.query('DELETE FROM whitelabel_paykickstart_products WHERE owner_id = $1', [owner]);
  for (const p of products)
    await q.query(
      'INSERT INTO whitelabel_paykickstart_products (owner_id, product_id, package_id) VALUES ($1, $2, $3)',
      [owner, p.product_id, p.package_id],
    );
}

export async function deletePaykickstart(q: Queryable, owner: number): Promise<void> {
  await q.query('DELETE FROM whitelabel_paykickstart WHERE owner_id = $1', [owner]);
}

/** The connection an IPN URL's token names. */
export async function paykickstartByToken(
  q: Queryable,
  token: string,
): Promise<{ owner_id: number; secret_sealed: string } | undefined> {
  return (
    await q.query<{ owner_id: number; secret_sealed: string }>(
      'SELECT owner_id, secret_sealed FROM whitelabel_paykickstart WHERE ipn_token = $1',
      [token],
    )
  ).rows[0];
}

/** Stores a PayKickstart event once by its id; false when it was stored before. */
export async function insertPaykickstartEvent(
  q: Queryable,
  e: { eventId: string; type: string; payload: unknown; receivedAt: Date; ownerId: number },
): Promise<boolean> {
  const inserted = await q.query(
    `INSERT INTO payment_events (provider, event_id, type, payload, received_at, owner_id) VALUES ('paykickstart', $1, $2, $3::jsonb, $4, $5)
             ON CONFLICT (provider, event_id) DO NOTHING RETURNING event_id`,
    [e.eventId, e.type, JSON.stringify(e.payload), e.receivedAt, e.ownerId],
  );
  return inserted.rowCount !== 0;
}

/** A stored PayKickstart event, locked for the transaction that applies it (undefined: no such event). */
export async function lockPaykickstartEvent<P>(
  tx: Queryable,
  eventId: string,
): Promise<{ owner_id: number; kind: string; payload: P; processed_at: Date | null } | undefined> {
  const { rows } = await tx.query<{ owner_id: number; kind: string; payload: P; processed_at: Date | null }>(
    `SELECT owner_id, type AS kind, payload, processed_at FROM payment_events WHERE provider = 'paykickstart' AND event_id = $1 FOR UPDATE`,
    [eventId],
  );
  return rows[0];
}

/** Marks the event applied, with what applying it did (its outcome). */
export async function markPaykickstartEventProcessed(
  tx: Queryable,
  eventId: string,
  at: Date,
  outcome: string,
): Promise<void> {
  await tx.query(
    `UPDATE payment_events SET processed_at = $2, outcome = $3 WHERE provider = 'paykickstart' AND event_id = $1`,
    [eventId, at, outcome],
  );
}
