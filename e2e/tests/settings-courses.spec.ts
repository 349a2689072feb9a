import { test, expect } from '../support/fixtures';
import { openAs, registerFreshUser } from '../support/freshUser';
import { api } from '../support/api';
import { apiToken } from '../support/session';

test('courses: a published course opens with its shown lessons and a back button', async ({
  page,
  shell,
  request,
  expectAccessible,
}) => {
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const title = `Onboarding ${Date.now()}`;
  const { item } = await api(request).post('/api/admin/courses', {
    headers: admin,
    data: { title, description: 'Your first week', shown: true },
    status: 201,
  });
  await request.post(`/api/admin/courses/${item.id}/pages`, {
    headers: admin,
    data: { title: 'Set up your profile', content: 'Fill in the business profile first.', status: 'shown' },
  });
  await request.post(`/api/admin/courses/${item.id}/pages`, {
    headers: admin,
    data: { title: 'Unfinished draft', content: 'Not yet', status: 'draft' },
  });

  // Onboarding topics (GET /api/topics): the shown ones where a new user starts and beside the courses; drafts never.
  const topic = `Invite your team ${Date.now()}`;
  expect(
    (
      await request.post('/api/admin/topics', {
        headers: admin,
        data: { title: topic, description: 'Add colleagues under Manage team.', position: 5000 },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await request.post('/api/admin/topics', {
        headers: admin,
        data: { title: `Draft ${topic}`, position: 5001, shown: false },
      })
    ).status(),
  ).toBe(201);

  // Reached from the account menu, at its Settings address.
  await openAs(page, await registerFreshUser(request, 'courses'), '/settings/business-profile');
  const panel = page.getByRole('region', { name: 'Getting started' });
  await expect(panel.getByText(topic, { exact: true })).toBeVisible();
  await expect(panel.getByText('Add colleagues under Manage team.')).toBeVisible();
  await expect(panel.getByText(`Draft ${topic}`)).toHaveCount(0);
  await panel.getByRole('button', { name: "Don't show again" }).click();
  await expect(panel).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Business profile' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Getting started' })).toHaveCount(0);
  await page.getByTestId('account-menu-button').click();
  await page.getByTestId('account-menu').getByRole('link', { name: 'Training courses' }).click();
  await expect(page).toHaveURL('/settings/courses');
  await expect(shell.heading('Courses')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Getting started' }).getByText(topic, { exact: true })).toBeVisible();
  await expectAccessible();
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(`/settings/courses/${item.id}`);
  await expect(shell.heading('Course')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: '1. Set up your profile' })).toBeVisible();
  await expect(page.getByText('Fill in the business profile first.')).toBeVisible();
  await expect(page.getByText('Unfinished draft')).toHaveCount(0);
  await expectAccessible();
  await page.getByRole('button', { name: /back/i }).click();
  await expect(page).toHaveURL('/settings/courses');

  // The old address still opens the course, at its new one.
  await page.goto(`/courses/${item.id}`);
  await expect(page).toHaveURL(`/settings/courses/${item.id}`);
  await expect(shell.heading('Course')).toBeVisible();
});

test('billing portal: shows which portal manages billing and links to it', async ({ page, shell, request }) => {
  await openAs(page, await registerFreshUser(request, 'billing'), '/billing-portal');
  await expect(shell.heading('Billing portal')).toBeVisible();
  await expect(page.getByTestId('billing-provider')).toHaveText('Your subscription is managed through PayKickstart.');
  const link = page.getByRole('link', { name: 'Open the PayKickstart billing portal' });
  await expect(link).toHaveAttribute('href', /^https:\/\//);
  await expect(link).toHaveAttribute('target', '_blank');

  // The screen follows the language switch.
  await page.getByTestId('language-switch').selectOption('de');
  await expect(shell.heading('Abrechnungsportal')).toBeVisible();
  await expect(page.getByTestId('billing-provider')).toHaveText('Ihr Abonnement wird über PayKickstart verwaltet.');
});
