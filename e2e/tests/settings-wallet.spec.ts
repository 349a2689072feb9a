import { test, expect } from '../support/fixtures';
import { openAs } from '../support/freshUser';
import { createModuleUser } from '../support/SettingsAccounts';
import { OSM_API_BASE } from '../support/FakeLeadVendors';
import { api } from '../support/api';

test.describe('wallet', () => {
  // Demo data is never charged (ADR 017): the spend that crosses the threshold is a local search on a real
  // source, the API server whose local searches go to OpenStreetMap's loopback fakes.
  test.use({ baseURL: OSM_API_BASE });

  test('add a card (+10 credits), buy credits, and auto top-up when a spend crosses the threshold', async ({
    page,
    shell,
    request,
    expectAccessible,
  }) => {
    // A long journey (card, top-up, auto top-up after a real search) on a shared 2-core machine.
    test.setTimeout(180_000);
    const user = await createModuleUser(request, 'wallet', ['wallet', 'leads']);
    await openAs(page, user, '/settings/wallet');
    await expect(shell.heading('Wallet')).toBeVisible();
    await expect(page.getByTestId('balance-total')).toHaveText('0');
    await expect(page.getByText('Please add a default credit card!').first()).toBeVisible();
    await expectAccessible();

    // Without a default card a top-up is refused.
    await page.getByRole('button', { name: 'Buy credits' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please add a default credit card!' }).first(),
    ).toBeVisible();

    // A declined card is refused and not kept.
    const cardForm = page.getByRole('form', { name: 'Add a card' });
    await cardForm.getByLabel('Card number').fill('4000 0000 0000 0002');
    await cardForm.getByLabel('Expiry month').fill('12');
    await cardForm.getByLabel('Expiry year').fill('2035');
    await cardForm.getByLabel('Security code').fill('123');
    await cardForm.getByRole('button', { name: 'Add card' }).click();
    await expect(cardForm.getByText('The card was declined.')).toBeVisible();
    await expect(page.getByText('No card yet.')).toBeVisible();

    // A good card: the 1-dollar validation charge adds 10 credits valid 12 months.
    await cardForm.getByLabel('Card number').fill('4242 4242 4242 4242');
    await cardForm.getByRole('button', { name: 'Add card' }).click();
    await expect(page.getByTestId('payment-status')).toHaveText('Payment succeeded!');
    await expect(page.getByTestId('balance-total')).toHaveText('10');
    await expect(page.getByTestId('balance-additional')).toHaveText('10');
    const cards = page.getByRole('table', { name: 'Credit cards' });
    await expect(cards.getByRole('row').filter({ hasText: 'visa ending in 4242' })).toContainText('Default');
    const expiry = new Date();
    expiry.setUTCMonth(expiry.getUTCMonth() + 12);
    await expect(page.getByRole('table', { name: 'Additional credits and their expiry' })).toContainText(
      String(expiry.getUTCFullYear()),
    );

    // A top-up of 50 credits.
    const topUp = page.getByRole('form', { name: 'Buy credits' });
    await topUp.getByLabel('Credits to buy').fill('50');
    await expect(topUp.getByText('Price: $5.00')).toBeVisible();
    await topUp.getByRole('button', { name: 'Buy credits' }).click();
    await expect(page.getByTestId('balance-total')).toHaveText('60');
    const payments = page.getByRole('table', { name: 'Payments' });
    await expect(payments.getByRole('row').filter({ hasText: 'Top-up' })).toContainText('Succeeded');

    // Auto top-up needs consent.
    const auto = page.getByRole('form', { name: 'Auto top-up' });
    await auto.getByLabel('Turn on auto top-up').check();
    await auto.getByLabel('When credits fall to (or below)').fill('59');
    await auto.getByLabel('Credits to buy each time').fill('100');
    await auto.getByRole('button', { name: 'Save' }).click();
    await expect(auto.getByText('Agree to automatic charges to turn on auto top-up.')).toBeVisible();
    await auto.getByLabel(/I agree that my default card is charged/).check();
    await auto.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('auto-top-up-state')).toContainText('when credits fall to 59 or fewer, 100 credits');

    // A search spends credits: crossing 59 charges the default card for 100 credits.
    const headers = { authorization: `Bearer ${user.token}` };
    const { campaign } = await api(request).post('/api/campaigns', {
      headers,
      data: { name: `Wallet spend ${Date.now()}`, list_type: 'local' },
    });
    const started = await request.post('/api/searches', {
      headers,
      data: {
        type: 'local',
        campaign_id: campaign.id,
        location: 'Porto',
        count: 10,
        filters: { categories: ['Restaurant'] },
      },
    });
    expect(started.status()).toBe(201);
    await expect
      .poll(
        async () => {
          const charges = await api(request).get('/api/wallet/charges', { headers });
          return charges.data.find((c) => c.kind === 'auto_top_up')?.status;
        },
        { timeout: 45_000 },
      )
      .toBe('succeeded');
    await page.reload();
    await expect(
      page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: 'Auto top-up' }),
    ).toContainText('Succeeded');
    const total = Number((await page.getByTestId('balance-total').textContent())!.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(100);
  });

  test('a processing payment shows "Your payment is processing" until it settles', async ({ page, request }) => {
    const user = await createModuleUser(request, 'wallet-processing', ['wallet']);
    await openAs(page, user, '/settings/wallet');
    const cardForm = page.getByRole('form', { name: 'Add a card' });
    await cardForm.getByLabel('Card number').fill('4000000000000259');
    await cardForm.getByLabel('Expiry month').fill('6');
    await cardForm.getByLabel('Expiry year').fill('2034');
    await cardForm.getByLabel('Security code').fill('321');
    await cardForm.getByRole('button', { name: 'Add card' }).click();
    await expect(page.getByTestId('payment-status')).toHaveText('Your payment is processing');
    await expect(page.getByTestId('balance-total')).toHaveText('0');
    // The page polls the charge every 2 s; the sandbox settles it after about 3 s.
    await expect(page.getByTestId('payment-status')).toHaveText('Payment succeeded!', { timeout: 20_000 });
    await expect(page.getByTestId('balance-total')).toHaveText('10');
  });
});
