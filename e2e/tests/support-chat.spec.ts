import { createHmac } from 'node:crypto';
import { test, expect } from '../support/fixtures';
import { openAs } from '../support/freshUser';
import { freshResellerWithCustomer } from '../support/WhitelabelAccounts';
import { api } from '../support/api';

/**
 * A stand-in for Intercom's Messenger loader (https://widget.intercom.io/widget/{app_id}), speaking its
 * page protocol: it takes over window.Intercom, runs the calls queued before it loaded (boot, onHide,
 * show) and calls the onHide handler when the Messenger is minimised. It shows what it was booted with
 * and whether it can reach the app's storage from where it runs.
 */
const FAKE_MESSENGER = `(function () {
  var queued = (window.Intercom && window.Intercom.q) || [];
  var settings = null;
  var onHide = null;
  function probe(read) { try { return read() === undefined ? 'empty' : 'readable'; } catch (e) { return 'blocked'; } }
  function show() {
    var panel = document.createElement('section');
    panel.setAttribute('aria-label', 'Fake Messenger');
    var identity = document.createElement('pre');
    identity.setAttribute('data-testid', 'identity');
    identity.textContent = JSON.stringify(settings);
    var storage = document.createElement('p');
    storage.setAttribute('data-testid', 'storage');
    storage.textContent = [probe(function () { return localStorage.getItem('access_token'); }), probe(function () { return window.parent.localStorage.getItem('access_token'); }), probe(function () { return document.cookie; })].join(' ');
    var minimise = document.createElement('button');
    minimise.textContent = 'Minimise';
    minimise.onclick = function () { window.Intercom('hide'); };
    panel.append(identity, storage, minimise);
    document.body.append(panel);
  }
  window.Intercom = function (command, arg) {
    if (command === 'boot') settings = arg;
    else if (command === 'onHide') onHide = arg;
    else if (command === 'show') show();
    else if (command === 'hide' && onHide) onHide();
  };
  queued.forEach(function (args) { window.Intercom.apply(null, args); });
})();`;

test("a reseller's customers chat in the reseller's Intercom workspace, verified by hash_hmac of their id, in a frame that cannot reach the session", async ({
  page,
  request,
}) => {
  const { reseller, customer } = await freshResellerWithCustomer(request, 'chat');
  const secret = `intercom-secret-${Date.now()}`;

  await openAs(page, reseller, '/whitelabel/support-chat');
  const form = page.getByRole('form', { name: 'Support chat' });
  await expect(page.getByTestId('support-chat-status')).toHaveText(
    'No support chat yet: your customers see no chat button.',
  );
  await form.getByLabel('Intercom app ID').fill('abcd1234');
  await form.getByLabel('Identity verification secret').fill(secret);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('support-chat-status')).toHaveText('Your customers see the chat button.');

  const loaded: string[] = [];
  await page.route('https://widget.intercom.io/widget/**', async (route) => {
    loaded.push(route.request().url());
    await route.fulfill({ contentType: 'application/javascript', body: FAKE_MESSENGER });
  });
  await openAs(page, customer, '/lead-search/saved-lists');
  const open = page.getByRole('button', { name: 'Chat with support' });
  await open.click();
  const chat = page.getByRole('region', { name: 'Support chat' });
  await expect(chat).toBeVisible();
  const messenger = page.frameLocator('iframe[title="Support chat"]');
  const identity = messenger.getByTestId('identity');
  await expect(identity).toBeVisible();
  expect(loaded).toEqual(['https://widget.intercom.io/widget/abcd1234']);

  const booted = JSON.parse((await identity.textContent()) ?? '{}') as Record<string, unknown>;
  const me = await api(request).get('/api/me', { headers: { Authorization: `Bearer ${customer.token}` } });
  expect(booted).toEqual({
    app_id: 'abcd1234',
    user_id: String(me.id),
    name: 'Fresh User',
    created_at: Math.floor(Date.parse(me.created_at) / 1000),
    user_hash: createHmac('sha256', secret).update(String(me.id)).digest('hex'),
    hide_default_launcher: true,
    language_override: 'en',
  });
  // Its own storage, the app's and the cookies: all out of reach (an opaque origin).
  await expect(messenger.getByTestId('storage')).toHaveText('blocked blocked blocked');

  // Minimising the Messenger closes the panel and gives the focus back to the button.
  await messenger.getByRole('button', { name: 'Minimise' }).click();
  await expect(chat).toBeHidden();
  await expect(open).toBeFocused();
});
