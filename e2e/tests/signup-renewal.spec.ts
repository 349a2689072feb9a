import { expect, test } from '../support/fixtures';
import { CLOCK_API_URL } from '../support/ClockServer';
import { api } from '../support/api';
import { advanceClock, outbox } from '../support/devRoutes';
import { apiToken } from '../support/session';

// The server whose clock this spec moves (TEST_CLOCK): nothing else runs on it.
test.use({ baseURL: CLOCK_API_URL });

test("a buyer signs up on a reseller's sales page, confirms the email, accepts the terms, adds a card (a token, never the number), buys credits at the reseller's price and gets the next month's credits when the clock moves a month", async ({
  page,
  request,
}) => {
  // This spec answers the terms and the credit pop-up itself.
  await page.removeLocatorHandler(page.getByTestId('terms-dialog'));
  await page.removeLocatorHandler(page.getByTestId('close-credit-popup'));

  // The reseller's package on its sales page: 400 credits a month, no card asked.
  const token = await apiToken(request, 'reseller');
  const created = await api(request).post('/api/whitelabel/packages', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Renewing Starter',
      monthly_price_cents: 2900,
      credit_price_cents: 15,
      monthly_credits: 400,
      collect_payment_method: false,
      form_available_days: 30,
    },
    status: 201,
  });
  const { slug } = created.data;
  const email = `rita.${Date.now()}@buyer.test`;

  await page.goto(`/p/${slug}`);
  await page.getByLabel('First name').fill('Rita');
  await page.getByLabel('Last name').fill('Renew');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('rita-secret');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  const confirmLink = page.getByRole('link', { name: 'Confirm your email' });
  await expect(confirmLink).toHaveAttribute('href', `/confirm-email?email=${encodeURIComponent(email)}&sent=1`);
  await confirmLink.click();

  // The confirm screen of /auth/register: the code just went out, so a new one waits for the countdown.
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
  const code = (await outbox(request, email)).find((e) => e.code)?.code;
  expect(code, 'confirmation code in the dev mailbox').toMatch(/^\d{6}$/);
  await page.getByLabel('Code').fill(code!);
  await page.getByRole('button', { name: 'Confirm email' }).click();

  // First sign-in: the terms first, then the credit pop-up with the package's month of credits.
  const terms = page.getByRole('alertdialog', { name: 'Terms of service' });
  await expect(terms).toBeVisible();
  const accepted = page.waitForResponse((r) => r.url().endsWith('/api/accept-terms') && r.status() === 200);
  await terms.getByRole('button', { name: 'I accept the terms' }).click();
  await accepted;
  const popup = page.getByRole('dialog', { name: 'Your credits' });
  await expect(popup).toContainText('You have 400 credits: 400 monthly, 0 additional and 0 rolled over.');
  await popup.getByText("Don't show this again").click();
  const disabled = page.waitForResponse((r) => r.url().endsWith('/api/disable-credit-popup') && r.status() === 200);
  await popup.getByRole('button', { name: 'Close' }).click();
  await disabled;

  await page.goto('/settings/wallet');
  await expect(page.getByTestId('balance-monthly')).toContainText('400');
  await expect(page.getByTestId('balance-rolled-over')).toContainText('0');

  // A card, entered in test mode: the page hands the API a token, never the number or the code.
  const sent: { url: string; body: string }[] = [];
  page.on('request', (r) => sent.push({ url: r.url(), body: r.postData() ?? '' }));
  const cardForm = page.getByRole('form', { name: 'Add a card' });
  await expect(cardForm.getByTestId('payments-test-mode')).toHaveText('Test mode');
  await cardForm.getByLabel('Card number').fill('4242 4242 4242 4242');
  await cardForm.getByLabel('Expiry month').fill('10');
  await cardForm.getByLabel('Expiry year').fill('2036');
  await cardForm.getByLabel('Security code').fill('731');
  await cardForm.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Payment succeeded!');
  await expect(page.getByTestId('balance-additional')).toContainText('10');
  const saved = sent.find((r) => new URL(r.url).pathname === '/api/wallet/cards' && r.body);
  expect(JSON.parse(saved!.body)).toMatchObject({
    setup_intent_id: expect.stringMatching(/^seti_sbx_/),
    token: expect.stringMatching(/^tok_sandbox_/),
  });
  for (const r of sent) expect(`${r.url} ${r.body}`).not.toMatch(/4242[\s+-]?(%20)?4242[\s+-]?(%20)?4242|"731"|cvc/i);

  // Credits bought at the reseller's credit sale price (15 cents a credit), not the platform's 10.
  const topUp = page.getByRole('form', { name: 'Buy credits' });
  await topUp.getByLabel('Credits to buy').fill('50');
  await expect(topUp.getByText('Price: $7.50')).toBeVisible();
  await topUp.getByRole('button', { name: 'Buy credits' }).click();
  await expect(page.getByTestId('balance-additional')).toContainText('60');
  await expect(
    page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: 'Top-up' }),
  ).toContainText('$7.50');

  // A month later the sandbox renews: the unused 400 roll over and a new month of 400 is granted;
  // the purchased credits stay as they were.
  expect((await advanceClock(request, 31)).periods_granted).toBeGreaterThanOrEqual(1);
  await page.reload();
  await expect(page.getByTestId('balance-monthly')).toContainText('400');
  await expect(page.getByTestId('balance-rolled-over')).toContainText('400');
  await expect(page.getByTestId('balance-additional')).toContainText('60');
  await expect(page.getByTestId('balance-total')).toContainText('860');
  // Neither prompt comes back: the terms are accepted and the pop-up was turned off.
  await expect(page.getByTestId('terms-dialog')).toHaveCount(0);
  await expect(page.getByTestId('credit-popup')).toHaveCount(0);
});
