import { test, expect } from '../support/fixtures';
import { openAs, registerFreshUser } from '../support/freshUser';
import { startTestSite, type TestSite } from '../support/testSite';
import { jsonOf } from '../support/api';

let site: TestSite;
test.beforeAll(async () => {
  site = await startTestSite();
});
test.afterAll(async () => {
  await site.close();
});

test('a customer completes the business profile through the form', async ({
  page,
  shell,
  expectAccessible,
  request,
}) => {
  await openAs(page, await registerFreshUser(request, 'profile'), '/settings/business-profile');
  await expect(shell.heading('Business profile')).toBeVisible();
  const status = page.getByTestId('profile-status');
  await expect(status).toHaveText('Not completed');

  // Saving empty names the required fields.
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(5);

  await page.getByLabel('Business name').fill('Acme Dental Marketing');
  await page.getByLabel('Website').fill('not a url');
  await page.getByLabel('Industry').fill('Marketing');
  await page.getByLabel('What your business does').fill('We bring new patients to dental practices.');
  await page.getByLabel('Target audience').fill('Dental practice owners');
  await page.getByLabel('Products and services').fill('Local SEO and ads');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Enter a valid URL')).toBeVisible();
  await page.getByLabel('Website').fill('https://acme.example');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/business-details/data') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save profile' }).click();
  expect((await saved).status()).toBe(201);
  await expect(status).toHaveText('Completed');
  await expectAccessible();

  // Stored: a reload shows it, and the flag other areas read says completed.
  await page.reload();
  await expect(page.getByLabel('Business name')).toHaveValue('Acme Dental Marketing');
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const api = await request.get('/api/business-details/data', { headers: { authorization: `Bearer ${token}` } });
  expect(await api.json()).toMatchObject({ profile_completed: true, data: { industry: 'Marketing' } });

  // Editing goes through PUT /{id}.
  await page.getByLabel('Location').fill('Madrid');
  const updated = page.waitForResponse(
    (r) => /\/api\/business-details\/data\/\d+$/.test(r.url()) && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save profile' }).click();
  expect((await updated).status()).toBe(200);
});

test('adding a website crawls it: pending, polled every 2 s, then its links are shown and stored', async ({
  page,
  request,
  expectAccessible,
}) => {
  await openAs(page, await registerFreshUser(request, 'crawl'), '/settings/business-profile?tab=websites');
  await expect(page.getByRole('heading', { level: 2, name: 'Website links' })).toBeVisible();
  await expect(page.getByText('Nothing added yet.')).toBeVisible();
  const polls: string[] = [];
  page.on('response', async (r) => {
    if (r.url().includes('/api/business-details/check-crawled-status'))
      polls.push((await jsonOf(r, 'get', '/api/business-details/check-crawled-status')).status);
  });
  await page.getByLabel('Website URL').fill(`${site.base}/`);
  await page.getByRole('button', { name: 'Read website' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Reading ${site.base}/` })).toBeVisible();
  await expect(page.getByText(`Found 4 links on ${site.base}/`)).toBeVisible();
  const found = page.getByRole('list', { name: 'Links found' });
  await expect(found.getByRole('link')).toHaveText(['Acme Dental', 'Our services', 'About Acme', 'Prices']);
  expect(polls[0]).toBe('pending');
  expect(polls.at(-1)).toBe('completed');
  // Stored as website links of the account.
  const stored = page.getByRole('list', { name: 'Website links' });
  await expect(stored.getByRole('listitem')).toHaveCount(4);
  await expectAccessible();

  // Delete one stored link (two clicks).
  await stored.getByRole('button', { name: `Delete ${site.base}/about` }).click();
  await stored.getByRole('button', { name: `Confirm deleting ${site.base}/about` }).click();
  await expect(stored.getByRole('listitem')).toHaveCount(3);
});

test('a private address is refused with a message on the field', async ({ page, request }) => {
  await openAs(page, await registerFreshUser(request, 'ssrf'), '/settings/business-profile?tab=links');
  await page.getByLabel('Page URL').fill('http://169.254.169.254/latest/meta-data');
  await page.getByRole('button', { name: 'Add link' }).click();
  await expect(
    page.getByText('This URL/domain cannot be used: it points to a private or local address.'),
  ).toBeVisible();
});

test('texts, Q&A and files can be added, edited and deleted', async ({ page, request, expectAccessible }) => {
  await openAs(page, await registerFreshUser(request, 'texts'), '/settings/business-profile?tab=texts');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  await page.getByLabel('Title', { exact: true }).fill('About us');
  await page.getByLabel('Text', { exact: true }).fill('A team of five in Madrid.');
  await page.getByRole('button', { name: 'Add' }).click();
  const texts = page.getByRole('list', { name: 'Training texts' });
  await expect(texts.getByText('About us')).toBeVisible();
  await texts.getByRole('button', { name: 'Edit About us' }).click();
  await texts.getByLabel('Title', { exact: true }).fill('About the team');
  await texts.getByRole('button', { name: 'Save' }).click();
  await expect(texts.getByText('About the team')).toBeVisible();
  await expectAccessible();
  await texts.getByRole('button', { name: 'Delete About the team' }).click();
  await texts.getByRole('button', { name: 'Confirm deleting About the team' }).click();
  await expect(page.getByText('Nothing added yet.')).toBeVisible();

  await page.getByRole('tab', { name: 'Q&A' }).click();
  await expect(page).toHaveURL(/tab=qa/);
  await page.getByLabel('Question', { exact: true }).fill('Do you work weekends?');
  await page.getByLabel('Answer', { exact: true }).fill('Saturdays only.');
  await page.getByRole('tabpanel', { name: 'Q&A' }).getByRole('button', { name: 'Add' }).click();
  await expect(
    page.getByRole('list', { name: 'Questions and answers' }).getByText('Do you work weekends?'),
  ).toBeVisible();
  // The AI training's default questions (GET /api/get-all-openai-default-questions): answering one adds it as a Q&A.
  const progress = page.getByTestId('default-questions-progress');
  await expect(progress).toHaveText('0 of 8 answered');
  await page.getByRole('button', { name: 'Answer: Who is your ideal customer?' }).click();
  const answer = page.getByRole('form', { name: 'Answer: Who is your ideal customer?' });
  await answer.getByLabel('Answer').fill('Dental clinics in Madrid.');
  await answer.getByRole('button', { name: 'Save' }).click();
  await expect(progress).toHaveText('1 of 8 answered');
  await expect(
    page.getByRole('list', { name: 'Questions and answers' }).getByText('Dental clinics in Madrid.'),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Files' }).click();
  const input = page.getByLabel('File', { exact: true });
  await input.setInputFiles({
    name: 'big.txt',
    mimeType: 'text/plain',
    buffer: Buffer.alloc(2 * 1024 * 1024 + 10, 97),
  });
  await expect(page.getByText('Maximum allowed file size is 2mb')).toBeVisible();
  await input.setInputFiles({
    name: 'prices.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Prices start at 99 EUR.'),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  const files = page.getByRole('list', { name: 'Training files' });
  await expect(files.getByText('prices.txt')).toBeVisible();
  await expect(files.getByText(/^23 byte · /)).toBeVisible();
  await expectAccessible();
});
