import { test, expect } from '../support/fixtures';
import { AiPages, createAiReseller } from '../support/AiPages';
import { openAs } from '../support/freshUser';
import { NewSearchPage, SavedListPage, creditTotal } from '../support/LeadSearchPages';
import { api } from '../support/api';

test('a reseller with ai_suggest completes the profile, trains the assistant, sees ICP suggestions and starts a lead search from one', async ({
  page,
  request,
  shell,
  expectAccessible,
}) => {
  // A long journey across three areas, with axe on every screen: slow on a busy 2-core machine.
  test.setTimeout(240_000);
  const ai = new AiPages(page);
  const reseller = await createAiReseller(request);
  await openAs(page, reseller, '/ai/icp-suggestions');
  await expect(shell.heading('ICP suggestions')).toBeVisible();

  // Spec §5/§8: closed until the business profile is done, with a link to it.
  await expect(ai.profileRequired).toContainText('AI tools unavailable until the business profile is done');
  await expectAccessible();
  await ai.profileRequired.getByRole('link', { name: 'Complete the business profile' }).click();
  await expect(page).toHaveURL('/settings/business-profile');
  await expect(shell.heading('Business profile')).toBeVisible();

  await page.getByLabel('Business name').fill('Brightline Digital');
  await page.getByLabel('Industry').fill('Digital marketing agency');
  await page.getByLabel('What your business does').fill('We run SEO and Google Ads campaigns.');
  await page.getByLabel('Target audience').fill('Small dentists and dental clinics');
  await page.getByLabel('Products and services').fill('SEO audits and Google Ads management');
  await page.getByLabel('Location').fill('Austin, Texas');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('profile-status')).toHaveText('Completed');

  // Training: the profile is a source, not trained yet; train it and read what it knows.
  await shell.link('AI training').click();
  await expect(shell.heading('AI training')).toBeVisible();
  await expect(ai.engine).toContainText('Built-in AI engine in use');
  await expect(ai.source('profile')).toContainText('Not trained yet');
  await expect(ai.source('texts')).toContainText('Nothing added');
  await expect(page.getByTestId('ai-training-state')).toHaveText('The assistant has not been trained yet.');
  await page.getByRole('button', { name: 'Estimate tokens' }).click();
  await expect(page.getByTestId('ai-token-estimate')).toContainText(/About \d+ tokens?/);
  const trained = page.waitForResponse(
    (r) => r.url().endsWith('/api/ai/training-runs') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Train assistant' }).click();
  expect((await trained).status()).toBe(202);
  await expect(page.getByTestId('ai-training-summary')).toContainText(
    'Brightline Digital (Digital marketing agency) offers SEO audits and Google Ads management',
  );
  await expect(ai.source('profile')).toContainText('Trained');
  await expect(page.getByRole('table', { name: 'Training history' }).getByRole('row')).toHaveCount(2);
  await expectAccessible();

  // ICP suggestions from the profile.
  await shell.link('ICP suggestions').click();
  await expect(shell.heading('ICP suggestions')).toBeVisible();
  await expect(page.getByTestId('ai-icp-empty')).toBeVisible();
  await page.getByRole('button', { name: 'Generate suggestions' }).click();
  await expect(ai.suggestions).toHaveCount(4);
  const people = ai.suggestion('Marketing Manager at Healthcare companies');
  await expect(people).toContainText('People search');
  await expect(people).toContainText('Austin, Texas');
  await expect(ai.suggestion('Local businesses: Dentist')).toContainText('Local business search');
  await expectAccessible();

  // Each suggestion starts a new lead search with its filters filled in.
  await people.getByRole('button', { name: 'Start a lead search: Marketing Manager at Healthcare companies' }).click();
  await expect(page).toHaveURL(/\/lead-search\/new-search\?type=people&/);
  await expect(shell.heading('New search')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^People/ })).toBeChecked();
  await expect(page.getByLabel('Job title', { exact: true })).toHaveValue('Marketing Manager');
  await expect(page.getByLabel('Location')).toHaveValue('Austin, Texas');
  await expect(page.getByRole('group', { name: 'Seniority' }).getByLabel('Director')).toBeChecked();
  await expect(page.getByRole('group', { name: 'Seniority' }).getByLabel('Intern')).not.toBeChecked();
  await expect(page.getByRole('group', { name: 'Departments' }).getByLabel('Marketing')).toBeChecked();

  // The search runs to the end: a new reseller has no credits, so it buys some in the wallet first
  // (the sandbox card's validation charge gives 10, the top-up 50 more).
  const headers = { authorization: `Bearer ${reseller.token}` };
  // As the sandbox card form does: a SetupIntent, then the card's token (the number stays in the page).
  const setup = await api(request).post('/api/wallet/cards/setup', { headers, data: {} });
  const card = await request.post('/api/wallet/cards', {
    headers,
    data: {
      setup_intent_id: setup.setup_intent_id,
      token: 'tok_sandbox_succeed_visa_4242_12_2035',
      make_default: true,
    },
  });
  expect(card.status()).toBe(201);
  expect((await request.post('/api/wallet/top-ups', { headers, data: { credits: 50 } })).status()).toBe(201);
  const funded = await creditTotal(request, reseller.token);
  expect(funded).toBe(60);
  await page.reload();
  await expect(page.getByLabel('Job title', { exact: true })).toHaveValue('Marketing Manager');
  const form = new NewSearchPage(page);
  const listName = `ICP people ${Date.now()}`;
  await form.createList(listName);
  await page.getByLabel(/Number of leads/).fill('10');
  // No people-data source in the e2e run: demo data, free of credits.
  await expect(page.getByTestId('search-cost')).toContainText('Demo data — no credits');
  await expect(page.getByTestId('credit-balance')).toContainText('60 credits');
  await form.run.click();
  await expect(page).toHaveURL(/\/lead-search\/saved-lists\/people-\d+$/);
  await expect(page.getByTestId('list-name')).toHaveText(listName);
  const list = new SavedListPage(page);
  await expect(list.progress).toContainText('Search finished: 10 leads', { timeout: 90_000 });
  await expect(list.rows).toHaveCount(10);
  await expect(list.statusBadges('looking')).toHaveCount(0);
  // The suggestion's filters reached the search: every lead is a marketing manager.
  await expect(list.rows.filter({ hasText: 'Marketing Manager' })).toHaveCount(10);
  const charged = Number(/(\d+) credits? charged/.exec((await list.progress.textContent()) ?? '')?.[1]);
  expect(charged % 3).toBe(0);
  expect(await creditTotal(request, reseller.token)).toBe(funded - charged);

  // Back in the AI area the suggestions are kept.
  await shell.link('ICP suggestions').click();
  await expect(shell.heading('ICP suggestions')).toBeVisible();
  await expect(ai.suggestions).toHaveCount(4);
});

test('a customer without ai_suggest never loads the AI remote and is sent away from AI routes', async ({
  page,
  signIn,
  shell,
}) => {
  test.setTimeout(180_000);
  const remoteRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/remotes/')) remoteRequests.push(new URL(r.url()).pathname);
  });
  const aiCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/ai/')) aiCalls.push(r.url());
  });
  await signIn('customer', '/settings/business-profile');
  await expect(shell.heading('Business profile')).toBeVisible();
  await expect(shell.link('AI training')).toHaveCount(0);
  await expect(shell.link('ICP suggestions')).toHaveCount(0);

  for (const path of ['/ai/training', '/ai/icp-suggestions']) {
    await page.goto(path);
    await expect(page).not.toHaveURL(new RegExp(`${path}$`));
    await expect(shell.content.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(remoteRequests.filter((p) => p.startsWith('/remotes/mfe-ai/'))).toEqual([]);
  expect(aiCalls).toEqual([]);

  // The API refuses the AI routes for this account as well.
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const refused = await page.request.get('/api/ai/status', { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
});
