import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * PayKickstart's Instant Payment Notification (IPN): an `application/x-www-form-urlencoded` POST per
 * event (`sales`, `subscription-created`, `subscription-payment`, `subscription-payment-failed`,
 * `subscription-cancelled`, `refund`, ...) carrying a `verification_code`.
 *
 * PayKickstart's published validation (PHP `is_valid_ipn`): take the posted values in order, leave
 * out `verification_code` and every empty value (PHP-falsy: "" and "0"), sort that list with
 * `ksort(..., SORT_STRING)` — which sorts the list's numeric positions as text, so position 10 comes
 * before 2 — join with "|" and HMAC-SHA1 it with the campaign's IPN secret key (hex). The sort is
 * reproduced exactly here; a "sorted by field name" reading gives different codes for real payloads.
 */

/** One posted field in arrival order; `a[]=x&a[]=y` arrives as one field whose value is a list. */
export type IpnField = readonly [name: string, value: string | readonly string[]];

/** A form body as ordered fields, PHP-style: `name[]` / `name[key]` entries group under `name` at its first position. */
export function parseIpnForm(body: string): IpnField[] {
  const fields: [string, string | string[]][] = [];
  const lists = new Map<string, string[]>();
  for (const [rawName, value] of new URLSearchParams(body)) {
    const bracket = rawName.indexOf('[');
    if (bracket > 0 && rawName.endsWith(']')) {
      const name = rawName.slice(0, bracket);
      let list = lists.get(name);
      if (!list) {
        list = [];
        lists.set(name, list);
        fields.push([name, list]);
      }
      list.push(value);
    } else {
      fields.push([rawName, value]);
    }
  }
  return fields;
}

const phpFalsy = (value: string | readonly string[]): boolean =>
  typeof value === 'string' ? value === '' || value === '0' : value.length === 0;

/** The verification code PayKickstart computes for these fields (see above). */
export function ipnVerificationCode(fields: readonly IpnField[], secretKey: string): string {
  const values: string[] = [];
  for (const [name, value] of fields) {
    if (name === 'verification_code') continue;
    if (phpFalsy(name) || phpFalsy(value)) continue;
    // PHP's (string) cast of an array.
    values.push(typeof value === 'string' ? value : 'Array');
  }
  const ordered = values
    .map((value, index) => [String(index), value] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, value]) => value);
  return createHmac('sha1', secretKey).update(ordered.join('|')).digest('hex');
}

/** True when the posted `verification_code` matches (compared in constant time). */
export function verifyIpn(fields: readonly IpnField[], secretKey: string): boolean {
  const sent = fields.find(([name]) => name === 'verification_code')?.[1];
  if (typeof sent !== 'string' || !/^[0-9a-f]{40}$/i.test(sent)) return false;
  const expected = ipnVerificationCode(fields, secretKey);
  return timingSafeEqual(Buffer.from(expected), Buffer.from(sent.toLowerCase()));
}

/** The fields as a plain object (lists kept as lists), for storing and reading by name. */
export function ipnObject(fields: readonly IpnField[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of fields) out[name] = typeof value === 'string' ? value : [...value];
  return out;
}

/** The IPN events mapped onto subscription states; others are acknowledged and recorded only. */
export const HANDLED_IPN_EVENTS = [
  'sales',
  'subscription-created',
  'subscription-payment',
  'subscription-payment-failed',
  'subscription-cancelled',
  'refund',
] as const;
export type HandledIpnEvent = (typeof HANDLED_IPN_EVENTS)[number];

/**
 * One event's identity: PayKickstart sends no event id, so the event name with its transaction (a
 * payment, sale or refund) or, for events without one, its subscription (`invoice_id`) and time.
 */
export function ipnEventId(ipn: Record<string, string | string[]>): string | null {
  const text = (name: string) => (typeof ipn[name] === 'string' ? (ipn[name] as string) : '');
  const event = text('event');
  const ref = text('transaction_id') || `${text('invoice_id')}@${text('transaction_time')}`;
  return event && ref !== '@' ? `${event}:${ref}` : null;
}
