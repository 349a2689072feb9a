import { test, expect } from '../support/fixtures';
import { AdminPage } from '../support/AdminPage';
import { authHeaders, freshUserWith } from '../support/SecurityXss';
import { api } from '../support/api';
import { apiToken } from '../support/session';

/**
 * Issue 25: an administrator refunds a customer's wallet payment from Reports → Payments, after a
 * confirmation; the money goes back (the sandbox) and the credits leave the wallet. A payment refunded
 * meanwhile elsewhere is refused with the API's message, and a list that fails to load can be asked again.
 */
test('an admin finds a customer’s payments, refunds one after confirming it, and sees the refusal of one refunded meanwhile', async ({
  page,
  request,
  signIn,
  shell,
  expectAccessible,
}) => {
  const admin = new AdminPage(page);
  // A customer with a saved card (its 1-dollar check gives 10 credits) and two credit purchases.
  const customer = await freshUserWith(request, 'admin-refund', ['leads', 'wallet']);
  const headers = authHeaders(customer.token);
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
  const buy = async (credits: number) => {
    return (await api(request).post('/api/wallet/top-ups', { headers, data: { credits }, status: 201 })).data.id;
  };
  const fifty = await buy(50);
  const thirty = await buy(30);
  const credits = async () => (await api(request).get('/api/wallet', { headers })).balance.additional;
  expect(await credits()).toBe(90);

  // Reports → Payments, by clicking; a first load that fails offers Retry.
  await signIn('admin', '/admin/dashboard');
  await shell.link('Reports').click();
  await expect(shell.heading('Subscriptions report')).toBeVisible();
  // The payments list fails to load (the API unavailable): the page says so and offers Retry.
  const listCall = /\/api\/admin\/payments\?/;
  await page.route(listCall, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 503, code: 'unavailable', message: 'Service unavailable' }),
    }),
  );
  await page.getByRole('link', { name: 'Payments' }).click();
  await expect(shell.heading('Payments')).toBeVisible();
  await expect(page.getByText('Could not load this page')).toBeVisible();
  await page.unroute(listCall);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(admin.table('Payments')).toBeVisible();
  await page.getByLabel('Customer name or email').fill(customer.email);
  const table = admin.table('Payments');
  await expect(table.getByRole('row')).toHaveCount(4); // the header, the card check and the two purchases
  await expect(page.getByTestId(`payment-state-${fifty}`)).toHaveText('Paid');
  await expect(admin.row('Payments', '$5.00')).toContainText('Credit purchase');
  await expect(admin.row('Payments', '$5.00')).toContainText('The platform');
  await expectAccessible();

  // The refund of the 50 credits, confirmed in the dialog that says what leaves the wallet.
  await page.getByRole('button', { name: /^Refund the payment of \$5\.00 by Fresh User on / }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Refund this payment?');
  await expect(dialog).toContainText('$5.00 goes back to the card of Fresh User, and 50 credits leave their wallet.');
  await expectAccessible();
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refunded. Credits taken back: 50.')).toBeVisible();
  await expect(page.getByTestId(`payment-state-${fifty}`)).toHaveText('Refunded');
  await expect(admin.row('Payments', '$5.00')).toContainText('50 credits taken back');
  await expect(page.getByRole('button', { name: /^Refund the payment of \$5\.00/ })).toHaveCount(0);
  expect(await credits()).toBe(40);

  // The 30 credits are refunded elsewhere while this page still offers it: the API refuses, and says why.
  const elsewhere = await request.post(`/api/admin/payments/${thirty}/refund`, {
    headers: authHeaders(await apiToken(request, 'admin')),
  });
  expect(elsewhere.status()).toBe(200);
  await page.getByRole('button', { name: /^Refund the payment of \$3\.00 by Fresh User on / }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Only a completed payment that was not refunded yet can be refunded.')).toBeVisible();
  await expect(page.getByTestId(`payment-state-${thirty}`)).toHaveText('Refunded');
  expect(await credits()).toBe(10);
});
