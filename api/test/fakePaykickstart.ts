import { createHmac } from 'node:crypto';

/**
 * A fake PayKickstart IPN sender: builds the form POSTs PayKickstart's IPN reference shows (field
 * names and order from its `subscription-payment` example) and signs them the way its published PHP
 * validator checks them — values in posted order without empty ones and without verification_code,
 * PHP `ksort(SORT_STRING)` over their positions, joined by "|", HMAC-SHA1 with the campaign's secret.
 */
export interface IpnInput {
  event: string;
  invoiceId: string;
  transactionId: string;
  productId: string;
  buyerEmail: string;
  amount?: string;
  transactionTime?: number;
  isRebill?: boolean;
  mode?: 'live' | 'test';
}

export function ipnFields(input: IpnInput): [string, string][] {
  return [
    ['event', input.event],
    ['mode', input.mode ?? 'live'],
    ['payment_processor', 'stripe'],
    ['is_rebill', input.isRebill ? '1' : '0'],
    ['amount', input.amount ?? '49.00'],
    ['buyer_ip', '196.215.215.215'],
    ['buyer_first_name', 'Paula'],
    ['buyer_last_name', 'Kick'],
    ['buyer_email', input.buyerEmail],
    ['vendor_first_name', 'Acme'],
    ['vendor_last_name', 'Leads'],
    ['vendor_email', 'vendor@acme.test'],
    ['billing_address_1', ''],
    ['billing_city', ''],
    ['transaction_id', input.transactionId],
    ['invoice_id', input.invoiceId],
    ['tracking_id', '216'],
    ['transaction_time', String(input.transactionTime ?? 1_773_576_000)],
    ['product_id', input.productId],
    ['product_name', 'Starter'],
    ['campaign_id', '215'],
    ['campaign_name', 'Acme Leads'],
    ['affiliate_first_name', ''],
    ['licenses[]', 'HPLD-XSQW-KDW3-8HTD'],
    ['licenses[]', 'AWDF-XADWR-HYTF-4T7B'],
  ];
}

/** PHP: the list built by `$paramStrArr[] = (string) $value`, then ksort with SORT_STRING on its integer keys. */
export function phpVerificationCode(fields: [string, string][], secret: string): string {
  const posted = new Map<string, string>();
  for (const [name, value] of fields) {
    // `licenses[]` arrives in $_POST as an array: its string cast is "Array", at the first position.
    const key = name.endsWith('[]') ? name.slice(0, -2) : name;
    if (!posted.has(key)) posted.set(key, name.endsWith('[]') ? 'Array' : value);
  }
  const list: Record<string, string> = {};
  let next = 0;
  for (const [key, value] of posted) {
    if (key === 'verification_code' || !key || value === '' || value === '0') continue;
    list[String(next)] = value;
    next += 1;
  }
  const keys = Object.keys(list).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return createHmac('sha1', secret)
    .update(keys.map((k) => list[k]).join('|'))
    .digest('hex');
}

/** The body PayKickstart posts: urlencoded fields with the verification code last. */
export function signedIpnBody(input: IpnInput, secret: string): string {
  const fields = ipnFields(input);
  return new URLSearchParams([...fields, ['verification_code', phpVerificationCode(fields, secret)]]).toString();
}
