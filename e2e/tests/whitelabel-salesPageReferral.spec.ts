import { expect, test } from '../support/fixtures';
import { api } from '../support/api';
import { apiToken } from '../support/session';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test("a buyer who opens a reseller's sales page through a partner's ?ref= link and signs up there is credited to that partner", async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const admin = await apiToken(request, 'admin');
  const reseller = await apiToken(request, 'reseller');

  // A referral partner of the platform, and the reseller's package on its sales page (no card asked).
  const partnerCode = `SALES-${stamp}`;
  const partner = await api(request).post('/api/admin/partners', {
    headers: bearer(admin),
    data: { name: `Sales partner ${stamp}`, referral_code: partnerCode, commission_percent: 10, active: true },
    status: 201,
  });
  const partnerId = partner.item.id;
  const created = await api(request).post('/api/whitelabel/packages', {
    headers: bearer(reseller),
    data: {
      name: `Referred Starter ${stamp}`,
      monthly_price_cents: 2900,
      credit_price_cents: 15,
      monthly_credits: 100,
      collect_payment_method: false,
      form_available_days: 30,
    },
    status: 201,
  });
  const { slug } = created.data;

  // The partner's link, in another case than the stored code: the code is matched case-insensitively.
  const email = `referred.${stamp}@buyer.test`;
  await page.goto(`/p/${slug}?ref=${partnerCode.toLowerCase()}`);
  await page.getByLabel('First name').fill('Rafa');
  await page.getByLabel('Last name').fill('Referred');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('rafa-secret');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

  const users = await api(request).get('/api/admin/users', { query: { search: email }, headers: bearer(admin) });
  const found = users.data.filter((u) => u.email === email);
  expect(found).toEqual([expect.objectContaining({ email, referral_partner_id: partnerId })]);
  const partnerNow = await api(request).get('/api/admin/partners/{id}', {
    path: { id: partnerId },
    headers: bearer(admin),
  });
  expect(partnerNow.referred_users).toBe(1);

  // Without the link nobody is credited.
  const plain = `plain.${stamp}@buyer.test`;
  await page.goto(`/p/${slug}`);
  await page.getByLabel('First name').fill('Pat');
  await page.getByLabel('Last name').fill('Plain');
  await page.getByLabel('Email').fill(plain);
  await page.getByLabel('Password').fill('pat-secret1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  const plainUsers = (await api(request).get('/api/admin/users', { query: { search: plain }, headers: bearer(admin) }))
    .data;
  expect(plainUsers.filter((u) => u.email === plain).map((u) => u.referral_partner_id)).toEqual([null]);
});
