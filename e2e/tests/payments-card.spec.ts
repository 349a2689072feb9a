import { test, expect } from '../support/fixtures';
import { openAs } from '../support/freshUser';
import { createModuleUser } from '../support/SettingsAccounts';

/**
 * Issue 25: a card entered in the wallet never reaches the API. In test mode (no Stripe keys) the
 * sandbox's card form turns it into a token in the page, like Stripe.js would hand over a confirmed
 * SetupIntent. The card used asks for authentication (3-D Secure), so the wallet also shows "Card must
 * be reconnected for security reasons" and confirms it.
 */
test('adding a card sends the API a token, never the card number; a card the bank wants confirmed is confirmed in the page', async ({
  page,
  shell,
  request,
  expectAccessible,
}) => {
  const user = await createModuleUser(request, 'wallet-token', ['wallet']);
  const sent: { url: string; body: string }[] = [];
  page.on('request', (r) => sent.push({ url: r.url(), body: r.postData() ?? '' }));
  await openAs(page, user, '/settings/wallet');
  await expect(shell.heading('Wallet')).toBeVisible();
  const cardForm = page.getByRole('form', { name: 'Add a card' });
  await expect(cardForm.getByTestId('payments-test-mode')).toHaveText('Test mode');
  await cardForm.getByLabel('Card number').fill('4000 0027 6000 3184');
  await cardForm.getByLabel('Expiry month').fill('11');
  await cardForm.getByLabel('Expiry year').fill('2034');
  await cardForm.getByLabel('Security code').fill('987');
  await cardForm.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Card must be reconnected for security reasons');
  const cards = page.getByRole('table', { name: 'Credit cards' });
  await expect(cards.getByRole('row').filter({ hasText: 'visa ending in 3184' })).toContainText(
    'Card must be reconnected for security reasons',
  );
  await expect(page.getByTestId('balance-total')).toHaveText('0');
  await expectAccessible();
  await cards.getByRole('button', { name: 'Confirm card' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Payment succeeded!');
  await expect(page.getByTestId('balance-total')).toHaveText('10');
  await expect(cards.getByText('Card must be reconnected for security reasons')).toHaveCount(0);

  // The network log: the API got a SetupIntent id and a token; no request carried the number or the code.
  const apiCalls = sent.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
  const saved = apiCalls.find((r) => new URL(r.url).pathname === '/api/wallet/cards' && r.body);
  expect(JSON.parse(saved!.body)).toEqual({
    setup_intent_id: expect.stringMatching(/^seti_sbx_/),
    token: 'tok_sandbox_authenticate_visa_3184_11_2034',
    make_default: false,
  });
  for (const r of sent) {
    expect(`${r.url} ${r.body}`).not.toMatch(/4000[\s+-]?(%20)?0027[\s+-]?(%20)?6000|400000276000|"987"|cvc/i);
  }
  // Stripe.js is loaded only with Stripe, where a card is entered: not in test mode.
  expect(sent.some((r) => r.url.includes('js.stripe.com'))).toBe(false);
});
