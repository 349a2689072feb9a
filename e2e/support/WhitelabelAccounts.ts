import { expect, type APIRequestContext } from '@playwright/test';
import type { FreshUser } from './freshUser';
import { authHeaders, freshUserWith } from './SecurityXss';
import { apiToken } from './session';

export type Account = FreshUser & { id: number };

/**
 * A fresh reseller and a fresh customer of it (its child account), so a spec can change what the
 * reseller's customers see (menu links, training) without touching the shared demo accounts other
 * specs assert on.
 */
export async function freshResellerWithCustomer(
  request: APIRequestContext,
  label: string,
): Promise<{ reseller: Account; customer: Account }> {
  const reseller = await freshUserWith(request, `${label}-reseller`, ['whitelabel', 'leads'], 'reseller');
  const customer = await freshUserWith(request, `${label}-customer`, ['leads']);
  const adminToken = await apiToken(request, 'admin');
  const linked = await request.put(`/api/admin/users/${customer.id}`, {
    headers: authHeaders(adminToken),
    data: { parent_id: reseller.id, user_type: 'customer' },
  });
  expect(linked.status(), `make ${customer.email} a customer of ${reseller.email}: ${await linked.text()}`).toBe(200);
  return { reseller, customer };
}
