import { expect, test } from '../support/fixtures';
import { openAs } from '../support/freshUser';
import { authHeaders } from '../support/SecurityXss';
import { freshResellerWithCustomer } from '../support/WhitelabelAccounts';
import { WhitelabelPages } from '../support/WhitelabelPages';

test.describe.configure({ timeout: 120_000 });

test('a reseller writes a course with lessons; its customer reads the shown lessons on Courses; the training center switch hides them', async ({
  page,
  request,
  shell,
  expectAccessible,
}) => {
  const { reseller, customer } = await freshResellerWithCustomer(request, 'training');
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const wl = new WhitelabelPages(page);
  // The rich-text editor is a chunk of its own, fetched only where a rich-text field is shown.
  const editorChunks: string[] = [];
  page.on('request', (r) => {
    if (/\/rich-text-editor\.[0-9a-f]+\.js$/.test(r.url())) editorChunks.push(r.url());
  });
  await openAs(page, reseller, '/whitelabel/training-content');
  await expect(shell.heading('Training content')).toBeVisible();
  await wl.save();
  await expect(page.getByText('This field is required')).toBeVisible();
  await wl.field('Course title').fill('Agency onboarding');
  await wl.field('Description').fill('Your first week with us');
  await wl.save();
  await wl.expectToast('Course created.');
  await expectAccessible();
  await page.getByRole('link', { name: 'Agency onboarding' }).click();
  await expect(shell.heading('Course')).toBeVisible();
  await expect(page.getByTestId('course-title')).toHaveText('Agency onboarding');

  expect(editorChunks).toEqual([]);
  await page.getByRole('link', { name: 'Create page' }).click();
  await expect(shell.heading('Create page')).toBeVisible();
  await wl.field('Page title').fill('Find your first leads');
  await wl.field('Video URL').fill('javascript:alert(1)');
  await wl.save();
  await expect(page.getByText('Enter a valid URL')).toBeVisible();
  await wl.field('Video URL').fill('https://videos.agency.example/first-leads');
  await wl.field('Position').fill('1');
  await wl.field('Status').selectOption('shown');
  // The body's editor is a rich-text editor; its HTML source is a click away (the server sanitises either).
  await expect(page.getByRole('textbox', { name: 'Body', exact: true })).toBeVisible();
  expect(editorChunks).toHaveLength(1);
  await page.getByRole('button', { name: 'HTML', exact: true }).click();
  await wl
    .field('Body (HTML)')
    .fill(
      '<h2>Start a search</h2><p onclick="alert(2)">Open <strong>New search</strong> and pick a type.</p><script>alert(3)</script><img src=x onerror=alert(4)>',
    );
  await wl.save();
  await wl.expectToast('Page created.');
  await expect(shell.heading('Course')).toBeVisible();
  await expect(wl.row('Find your first leads')).toContainText('Shown');

  await page.getByRole('link', { name: 'Create page' }).click();
  await wl.field('Page title').fill('Spring launch');
  await wl.field('Position').fill('2');
  await wl.save();
  await expect(wl.row('Spring launch')).toContainText('Draft');
  await expectAccessible();

  // The editor and its preview show what the server kept: the body without script, handlers or images.
  await page.getByRole('link', { name: 'Edit Find your first leads' }).click();
  await expect(shell.heading('Edit page')).toBeVisible();
  // The rich-text editor shows the kept body; a bold tip typed in it is saved as <strong>.
  const editor = page.getByRole('textbox', { name: 'Body', exact: true });
  await expect(editor.getByRole('heading', { name: 'Start a search' })).toBeVisible();
  await editor.getByText('and pick a type.').click();
  // Ctrl+End until the caret is at the end of the text: on a busy machine the editor can read the click's own
  // caret after the key was pressed (it did, and the tip landed inside "type").
  const caretAtEnd = () =>
    editor.evaluate((el) => {
      const { state } = (
        el as HTMLElement & { editor: { state: { selection: { to: number }; doc: { content: { size: number } } } } }
      ).editor;
      return state.selection.to === state.doc.content.size - 1;
    });
  await expect
    .poll(async () => {
      await page.keyboard.press('Control+End');
      return caretAtEnd();
    })
    .toBe(true);
  await page.keyboard.press('Enter');
  const bold = page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' });
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Tip: save the search.');
  // Every toolbar button names itself in a tooltip on hover (the shared tooltip's defaults).
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Italic' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Italic');
  await page.getByRole('button', { name: 'HTML', exact: true }).click();
  await expect(wl.field('Body (HTML)')).toHaveValue(
    '<h2>Start a search</h2><p>Open <strong>New search</strong> and pick a type.</p><p><strong>Tip: save the search.</strong></p>',
  );
  await wl.save();
  await wl.expectToast('Page updated.');
  const preview = page.getByTestId('lesson-preview');
  await expect(preview.locator('strong', { hasText: 'Tip: save the search.' })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Start a search' })).toBeVisible();
  await expect(preview.getByRole('link', { name: /Watch the video/ })).toHaveAttribute(
    'href',
    'https://videos.agency.example/first-leads',
  );
  await expectAccessible();

  // The customer reads the shown lesson of its reseller's course, not the draft.
  await openAs(page, customer, '/settings/courses');
  await expect(shell.heading('Courses')).toBeVisible();
  await expect(page.getByText('Lessons: 1')).toBeVisible();
  await page.getByRole('link', { name: 'Agency onboarding' }).click();
  await expect(shell.heading('Course')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: '1. Find your first leads' })).toBeVisible();
  await expect(page.getByTestId('lesson-body').getByRole('heading', { name: 'Start a search' })).toBeVisible();
  await expect(page.getByText('Open New search and pick a type.')).toBeVisible();
  const video = page.getByRole('link', { name: /Watch the video/ });
  await expect(video).toHaveAttribute('href', 'https://videos.agency.example/first-leads');
  await expect(video).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByText('Spring launch')).toHaveCount(0);
  await expectAccessible();
  expect(dialogs).toEqual([]);

  // The reseller turns its training center off in the business account: its customers get no courses.
  const off = await request.put('/api/whitelabel/business-account', {
    headers: authHeaders(reseller.token),
    data: { domain: `training-${reseller.id}.example.com`, name: 'Agency', show_training_center: false },
  });
  expect(off.status(), await off.text()).toBe(200);
  await page.goto('/settings/courses');
  await expect(page.getByText('Training is not offered for your account.')).toBeVisible();
});
