import { test, expect } from '../support/fixtures';
import { openAs } from '../support/freshUser';
import { createModuleUser } from '../support/SettingsAccounts';
import { OSM_API_BASE } from '../support/FakeLeadVendors';
import { api } from '../support/api';
import { outbox } from '../support/devRoutes';

// Demo data is never charged (ADR 017): the spend is a local search on the API server whose local searches
// go to OpenStreetMap's loopback fakes.
test.use({ baseURL: OSM_API_BASE });

test('a spend that takes the balance to the low-credits threshold shows "running low" in the header, leading to the wallet; the low-credits email is sent once', async ({
  page,
  request,
  shell,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  const user = await createModuleUser(request, 'low-credits', ['wallet', 'leads']);
  const headers = { authorization: `Bearer ${user.token}` };
  // A card (its check gives 10 credits) and 41 bought: 51, one above the threshold of 50.
  const setup = await api(request).post('/api/wallet/cards/setup', { headers, data: {} });
  expect(
    (
      await request.post('/api/wallet/cards', {
        headers,
        data: {
          setup_intent_id: setup.setup_intent_id,
          token: 'tok_sandbox_succeed_visa_4242_12_2035',
          make_default: true,
        },
      })
    ).status(),
  ).toBe(201);
  expect((await request.post('/api/wallet/top-ups', { headers, data: { credits: 41 } })).status()).toBe(201);
  await openAs(page, user, '/lead-search/new-search');
  await expect(page.getByTestId('header-credits')).toHaveText('51 credits');
  await expect(page.getByTestId('low-credits')).toHaveCount(0);

  // A local search on a real source spends credits for the places it finds with a contact.
  const { campaign } = await api(request).post('/api/campaigns', {
    headers,
    data: { name: `Low credits ${Date.now()}`, list_type: 'local' },
  });
  expect(
    (
      await request.post('/api/searches', {
        headers,
        data: {
          type: 'local',
          campaign_id: campaign.id,
          location: 'Porto',
          count: 5,
          filters: { categories: ['Restaurant'] },
        },
      })
    ).status(),
  ).toBe(201);
  const total = async () => (await api(request).get('/api/user-limits', { headers })).credits.total;
  await expect.poll(total, { timeout: 45_000 }).toBeLessThanOrEqual(50);

  // The person sees it in the page: the header's notice, which opens the wallet.
  await page.reload();
  const notice = page.getByTestId('low-credits');
  await expect(notice).toHaveText('Credits running low: buy more');
  await expectAccessible();
  await notice.click();
  await expect(page).toHaveURL('/settings/wallet');
  await expect(shell.heading('Wallet')).toBeVisible();
  // And the low-credits email, once for the crossing.
  expect(await outbox(request, user.email, 'low_credits')).toHaveLength(1);
});
