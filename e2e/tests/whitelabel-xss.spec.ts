import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { openAs } from '../support/freshUser';
import { authHeaders, PAYLOADS, send, watchForXss } from '../support/SecurityXss';
import { freshResellerWithCustomer } from '../support/WhitelabelAccounts';
import { api, errorOf } from '../support/api';

/**
 * Issue 11 §4, reseller content: a reseller fills custom links (shown in its customers' side menu),
 * email templates and training lessons with the XSS payload corpus. Where the content is shown — the
 * reseller's own screens and its customer's sidebar and courses — it stays text (or sanitised HTML):
 * no dialog opens, nothing requests the exfiltration URL, and the stored token is still in place.
 */
test.describe.configure({ timeout: 120_000 });

/** Payloads that fit a custom-link title (60 characters). */
const TITLE_PAYLOADS = PAYLOADS.filter((p) => p.length <= 60);

const expectNoInjectedElements = async (page: Page) =>
  expect(
    await page.evaluate(
      () =>
        document.querySelectorAll(
          'img[src="x"], iframe:not([data-testid="sandboxed-preview"]), object, svg[onload], details[ontoggle], input[onfocus], body[onload]',
        ).length,
    ),
  ).toBe(0);

test("custom-link titles and URLs stay text in the reseller's list and in its customer's sidebar", async ({
  page,
  request,
  shell,
}) => {
  const { reseller, customer } = await freshResellerWithCustomer(request, 'xss-links');
  for (const [i, payload] of TITLE_PAYLOADS.entries()) {
    // Payloads in the title and in the URL (raw in the path, encoded in the query): the URL is still http(s).
    const url =
      i % 2 === 0
        ? `https://links.example.com/${i}?q=${encodeURIComponent(payload)}`
        : `https://links.example.com/${i}/${payload}`;
    await send(request, reseller.token, 'post', '/api/whitelabel/custom-links', { title: payload, url, position: i });
  }
  // Script URLs are refused outright, whatever their spelling.
  for (const url of [
    'javascript:alert(5)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
  ]) {
    const refused = await request.post('/api/whitelabel/custom-links', {
      headers: authHeaders(reseller.token),
      data: { title: 'Refused', url },
    });
    expect((await errorOf(refused, `POST /api/whitelabel/custom-links ${url}`, 400)).field).toBe('url');
  }

  const watch = watchForXss(page);
  await openAs(page, reseller, '/whitelabel/custom-links');
  await expect(shell.heading('Custom links')).toBeVisible();
  const table = page.getByRole('table', { name: 'Custom links' });
  for (const payload of TITLE_PAYLOADS)
    await expect(table.getByRole('cell', { name: payload, exact: true }).first()).toBeVisible();
  watch.expectNothingRan();
  await expectNoInjectedElements(page);

  await openAs(page, customer, '/settings/business-profile');
  await expect(shell.heading('Business profile')).toBeVisible();
  const links = shell.sidebar.getByTestId('sidebar-custom-link');
  await expect(links).toHaveCount(TITLE_PAYLOADS.length);
  for (const payload of TITLE_PAYLOADS) await expect(links.filter({ hasText: payload }).first()).toBeVisible();
  for (const href of await links
    .getByRole('link')
    .evaluateAll((els) => els.map((a) => (a as HTMLAnchorElement).protocol)))
    expect(href).toBe('https:');
  watch.expectNothingRan();
  await expectNoInjectedElements(page);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBe(customer.token);
});

test('email template subject, HTML and text stay text in the editor, and the preview draws them sanitised in the sandboxed frame', async ({
  page,
  request,
  shell,
}) => {
  const { reseller } = await freshResellerWithCustomer(request, 'xss-mail');
  const subject = PAYLOADS.filter((p) => p.length <= 40)
    .slice(0, 4)
    .join(' ');
  const text = `Hello {name},\n${PAYLOADS.join('\n')}\nSign in at {action_url}`;
  const html = `<p>Hello {name},</p>${PAYLOADS.join('\n')}`;
  await send(request, reseller.token, 'put', '/api/whitelabel/email-templates/welcome', { subject, html, text });

  const watch = watchForXss(page);
  await openAs(page, reseller, '/whitelabel/email-templates?kind=welcome');
  await expect(shell.heading('Email templates')).toBeVisible();
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(subject);
  // The rich-text editor holds the payloads as inert text or drops them; the HTML source shows the stored body.
  await expect(page.getByRole('textbox', { name: 'Body', exact: true })).toBeVisible();
  watch.expectNothingRan();
  await page.getByRole('button', { name: 'HTML', exact: true }).click();
  await expect(page.getByLabel('HTML body', { exact: true })).toHaveValue(html);
  await expect(page.getByLabel('Text alternative', { exact: true })).toHaveValue(text);
  const preview = page.getByTestId('template-preview-welcome');
  await expect(preview.getByTestId('template-preview-subject')).toContainText(subject);
  for (const payload of PAYLOADS) await expect(preview.getByTestId('template-preview-body')).toContainText(payload);
  await expect(preview.getByTestId('template-preview-body')).toContainText('Hello Alex,');
  // The HTML part is drawn in a sandboxed frame without same-origin access (ADR 007).
  await expect(preview.getByTestId('sandboxed-preview')).toHaveAttribute('sandbox', 'allow-scripts');
  await expect(
    page
      .frameLocator('[data-testid="template-preview-welcome"] [data-testid="sandboxed-preview"]')
      .getByText('Hello Alex,'),
  ).toBeVisible();
  watch.expectNothingRan();

  // Typing a payload live into the editor only changes the preview's text.
  await page.getByLabel('Text alternative', { exact: true }).fill(`${PAYLOADS[11]} {email}`);
  await expect(preview.getByTestId('template-preview-body')).toHaveText(`${PAYLOADS[11]} alex@example.com`);
  watch.expectNothingRan();
  await expectNoInjectedElements(page);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBe(reseller.token);
});

test("training lessons written with the corpus reach the reseller's preview and the customer's course sanitised", async ({
  page,
  request,
  shell,
}) => {
  const { reseller, customer } = await freshResellerWithCustomer(request, 'xss-training');
  const headers = authHeaders(reseller.token);
  const course = await api(request).post('/api/whitelabel/courses', {
    headers,
    data: { title: `Course ${PAYLOADS[0]}`, description: PAYLOADS[3] },
  });
  const lesson = await api(request).post('/api/whitelabel/courses/{id}/pages', {
    path: { id: course.data.id },
    headers,
    data: {
      title: `Lesson ${PAYLOADS[1]}`,
      video_url: 'https://videos.example.com/lesson',
      body_html: `<h2>Safe heading</h2><p>Safe start</p>${PAYLOADS.join('\n')}`,
      status: 'shown',
    },
  });
  expect(lesson.data.body_html).not.toMatch(
    /<(script|img|svg|iframe|object|style|math|input|details|body)\b|\son\w+=|href="javascript:/i,
  );

  const watch = watchForXss(page);
  await openAs(page, reseller, `/whitelabel/training-content/${course.data.id}/${lesson.data.id}/edit`);
  await expect(shell.heading('Edit page')).toBeVisible();
  const preview = page.getByTestId('lesson-preview');
  await expect(preview.getByRole('heading', { name: 'Safe heading' })).toBeVisible();
  await expect(preview.getByText('Safe start')).toBeVisible();
  watch.expectNothingRan();
  await expectNoInjectedElements(page);

  await openAs(page, customer, `/courses/${course.data.id}`);
  await expect(page.getByRole('heading', { level: 2, name: `Course ${PAYLOADS[0]}` })).toBeVisible();
  await expect(page.getByText(PAYLOADS[3], { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: `1. Lesson ${PAYLOADS[1]}` })).toBeVisible();
  await expect(page.getByTestId('lesson-body').getByText('Safe start')).toBeVisible();
  watch.expectNothingRan();
  await expectNoInjectedElements(page);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBe(customer.token);
});
