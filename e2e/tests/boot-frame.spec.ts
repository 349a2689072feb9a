import { test, expect } from '../support/fixtures';
import { apiToken } from '../support/session';

test("a signed-in load draws the frame before the shell's code runs; a link clicked there opens its page once it does, in the same document", async ({
  page,
  request,
  expectAccessible,
}) => {
  const token = await apiToken(request, 'customer');
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('access_token', t), token);

  // The shell's entry is held back: what shows meanwhile is the boot frame alone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/main.js*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/lead-search/new-search', { waitUntil: 'commit' });

  const bootFrame = page.locator('.ls-frame[data-boot-frame]');
  const nav = bootFrame.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('heading', { level: 2 })).toHaveText(['Settings', 'Lead search']);
  await expect(nav.getByRole('link', { name: 'New search' })).toHaveAttribute('aria-current', 'page');
  await expect(bootFrame.getByTestId('signed-in-user')).toContainText('Signed in as');
  await expect(bootFrame.getByRole('button', { name: 'Sign out' })).toHaveAttribute('aria-disabled', 'true');
  await expect(bootFrame.getByTestId('frame-spinner')).toBeVisible();

  await page.evaluate(() => ((window as Window & { __sameDocument?: boolean }).__sameDocument = true));
  await nav.getByRole('link', { name: 'Saved lists' }).click();
  await expect(page).toHaveURL('/lead-search/saved-lists');

  release();
  const reactFrame = page.locator('.ls-frame:not([data-boot-frame])');
  await expect(
    reactFrame.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Saved lists' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(bootFrame).toHaveCount(0);
  await expect(page.getByTestId('area-outlet').getByRole('heading', { level: 1 })).toHaveText('Saved lists');
  await expect(reactFrame.getByRole('button', { name: 'Sign out' })).not.toHaveAttribute('aria-disabled');
  expect(await page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await expectAccessible();
});

test("when the shell's code cannot be fetched, the page says so and offers a reload instead of a spinner forever", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'customer');
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('access_token', t), token);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route('**/main.js*', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/lead-search/new-search');

  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'An unexpected error occurred' })).toBeVisible();
  await expect(page.locator('.ls-frame')).toHaveCount(0);
  expect(errors.some((e) => e.includes("the shell's code could not be loaded"))).toBe(true);

  await page.unroute('**/main.js*');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(
    page.locator('.ls-frame:not([data-boot-frame])').getByRole('navigation', { name: 'Main navigation' }),
  ).toBeVisible();
  await expect(page.getByTestId('area-outlet').getByRole('heading', { level: 1 })).toHaveText('New search');
});

test("the boot script preloads the entry's start-up chunks once: each is fetched a single time, as a script", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'customer');
  const html = await (await request.get('/lead-search/new-search', { headers: { accept: 'text/html' } })).text();
  // The minified page quotes the attribute only when it lists more than one chunk.
  const listed = /data-chunks=(?:"([^"]*)"|([^\s>"]+))/.exec(html);
  const chunks = (listed?.[1] ?? listed?.[2] ?? '').split(' ').filter(Boolean);
  expect(chunks.length).toBeGreaterThan(0);
  expect(html).not.toMatch(/<link[^>]+rel="?preload"?[^>]+href="?\/\d+\.[0-9a-f]+\.js/);

  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('access_token', t), token);
  const fetched = new Set<string>();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (chunks.includes(path)) fetched.add(path);
  });
  await page.goto('/lead-search/new-search');
  await expect(
    page.locator('.ls-frame:not([data-boot-frame])').getByRole('navigation', { name: 'Main navigation' }),
  ).toBeVisible();
  await expect(page.getByTestId('area-outlet').getByRole('heading', { level: 1 })).toHaveText('New search');

  // A preload the runtime's own script tag does not match (crossorigin, type) would show as a second fetch.
  const counted = await page.evaluate(
    (names) =>
      names.map(
        (name) => performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === name).length,
      ),
    chunks,
  );
  expect(counted).toEqual(chunks.map(() => 1));
  expect([...fetched.keys()].sort()).toEqual([...chunks].sort());
});
