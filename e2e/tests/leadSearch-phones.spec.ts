import { expect, test } from '../support/fixtures';
import { LEAD_VENDORS_CONTROL, OSM_API_BASE } from '../support/FakeLeadVendors';
import { SavedListPage } from '../support/LeadSearchPages';
import { api } from '../support/api';
import { apiToken } from '../support/session';

// The API server whose people searches and phone reveals go to the Apollo fake (which posts the numbers back to it).
test.use({ baseURL: OSM_API_BASE });

/**
 * Apollo's mobile numbers arrive by webhook minutes after the request: the list says "Phone on its
 * way" until the fake posts them (held here until the spec releases them), then shows the numbers,
 * charged one credit each.
 */
test('get phones from Apollo: "Phone on its way", then the numbers, charged once each', async ({
  page,
  signIn,
  request,
}) => {
  const token = await apiToken(request, 'customer');
  const headers = { authorization: `Bearer ${token}` };
  const { campaign } = await api(request).post('/api/campaigns', {
    headers,
    data: { name: `E2E Apollo phones ${Date.now()}`, list_type: 'people' },
  });
  const started = await request.post('/api/searches', {
    headers,
    data: { type: 'people', campaign_id: campaign.id, location: 'Porto', count: 4, filters: { job_title: 'Sales' } },
  });
  expect(started.status()).toBe(201);

  await signIn('customer', `/lead-search/saved-lists/people-${campaign.id}`);
  const list = new SavedListPage(page);
  await expect(list.progress).toContainText('Search finished', { timeout: 45_000 });
  await expect(list.rows).toHaveCount(4);
  // Apollo's enrichment during the search gave persons 0 and 2 an office line; 1 and 3 have none yet.
  // Credits are read from this list's rows: other specs spend from the same account at the same time.
  const listCredits = async () => {
    const answer = await api(request).post('/api/people-results/{id}', {
      path: { id: campaign.id },
      headers,
      data: {},
    });
    return answer.data.reduce((sum, r) => sum + r.credits, 0);
  };
  const before = await listCredits();

  expect((await request.post(`${LEAD_VENDORS_CONTROL}/hold-webhooks`)).ok()).toBeTruthy();
  try {
    await page.getByLabel('Select all on this page').check();
    await page.getByRole('button', { name: 'Get phones (1 credit per phone found)' }).click();
    await expect(page.getByTestId('enrichment-progress')).toHaveText(
      /^Phones finished: 2 results checked, 0 found, 0 credits charged$/,
    );
    await expect(page.getByTestId('phone-pending')).toHaveCount(2);
    await expect(page.getByTestId('phone-pending').first()).toHaveText('Phone on its way');
    expect(await listCredits()).toBe(before);
  } finally {
    await request.post(`${LEAD_VENDORS_CONTROL}/release-webhooks`);
  }
  // Person 1 has a direct dial and a mobile (the mobile is kept), person 3 a mobile.
  await expect(page.getByTestId('phone-pending')).toHaveCount(0, { timeout: 30_000 });
  await expect(list.rows.nth(1)).toContainText('+351913000101');
  await expect(list.rows.nth(3)).toContainText('+351912345603');
  expect(await listCredits()).toBe(before + 2);
});
