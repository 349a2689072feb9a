import { expect, test } from '../support/fixtures';
import { openAs } from '../support/freshUser';
import { authHeaders, freshUserWith, PAYLOADS, send, SHORT_PAYLOADS, watchForXss } from '../support/SecurityXss';
import { api } from '../support/api';

/**
 * Stored XSS: free text a user or a data provider can fill is shown as text, never run. Each
 * test stores the payload corpus through the API, opens the screens that show it, waits until
 * the payloads are on screen as text and checks that none ran (no dialog, no token sent away).
 */
test.describe('stored XSS payloads stay text', () => {
  test('list names and tags, lead names, companies, positions and labels', async ({ page, request }) => {
    const user = await freshUserWith(request, 'leads', ['leads', 'wallet']);
    for (const [i, payload] of SHORT_PAYLOADS.entries()) {
      await send(request, user.token, 'post', '/api/campaigns', {
        name: `List ${i} ${payload}`,
        list_type: 'company',
        tags: [payload],
      });
    }
    const headers = authHeaders(user.token);
    const listId = (
      await api(request).post('/api/campaigns', { headers, data: { name: 'Payload leads', list_type: 'people' } })
    ).campaign.id;
    const resultIds: number[] = [];
    for (const [i, payload] of PAYLOADS.entries()) {
      const created = await api(request).post('/api/people-results/{id}/manual', {
        path: { id: listId },
        headers,
        data: { name: payload, company: payload, position: payload, email: `payload${i}@example.com` },
      });
      resultIds.push(created.result.id);
    }
    const labelled = await request.post(`/api/people-results/${listId}/labels`, {
      headers: { authorization: `Bearer ${user.token}` },
      data: { ids: resultIds, add: [...SHORT_PAYLOADS] },
    });
    expect(labelled.status()).toBeLessThan(300);

    // Labels added to results join the account's custom labels by themselves (no second POST: it would be a duplicate).

    const watch = watchForXss(page);
    await openAs(page, user, '/lead-search/saved-lists');
    await expect(page.getByText(`List 0 ${SHORT_PAYLOADS[0]}`, { exact: true })).toBeVisible();
    await expect(page.getByText(`List 3 ${SHORT_PAYLOADS[3]}`, { exact: true })).toBeVisible();
    watch.expectNothingRan();

    await page.goto(`/lead-search/saved-lists/people-${listId}`);
    // In the result rows (the label filter's options carry the same texts, as options).
    const rows = page.getByTestId('result-row');
    await expect(rows.getByText(PAYLOADS[11], { exact: true }).first()).toBeVisible();
    await expect(rows.getByText(PAYLOADS[0], { exact: true }).first()).toBeVisible();
    watch.expectNothingRan();

    await page.goto('/lead-search/custom-labels');
    await expect(page.getByText(SHORT_PAYLOADS[5], { exact: true }).first()).toBeVisible();
    watch.expectNothingRan();

    await page.goto(`/lead-search/saved-lists/people-${listId}/${resultIds[11]}`);
    await expect(page.getByText(PAYLOADS[11], { exact: true }).first()).toBeVisible();
    watch.expectNothingRan();
    expect(
      await page.evaluate(
        () => document.querySelectorAll('img[src="x"], iframe, object, svg[onload], details[ontoggle]').length,
      ),
    ).toBe(0);
  });

  test('business profile, training texts, team member names, API key names and the profile name', async ({
    page,
    request,
  }) => {
    const user = await freshUserWith(request, 'settings', ['leads', 'wallet']);
    const p = (i: number) => PAYLOADS[i % PAYLOADS.length]!;
    await send(request, user.token, 'post', '/api/business-details/data', {
      business_name: p(0),
      website: 'https://payload.example.com',
      industry: p(1),
      description: p(11),
      target_audience: p(2),
      products_services: p(12),
      unique_selling_points: p(3),
      location: p(4),
    });
    for (const i of [0, 2, 11, 12])
      await send(request, user.token, 'post', '/api/business-details/training-texts', {
        title: `Text ${p(i)}`,
        content: p(i + 1),
      });
    for (const [i, payload] of SHORT_PAYLOADS.slice(0, 5).entries()) {
      await send(request, user.token, 'post', '/api/team-members', {
        first_name: payload,
        last_name: `Member ${i}`,
        email: `xss-member-${i}-${user.id}@example.com`,
        access: ['leads'],
      });
      await send(request, user.token, 'post', '/api/user-api-key', { name: `Key ${payload}` });
    }
    await send(request, user.token, 'post', '/api/me', { first_name: SHORT_PAYLOADS[0], last_name: SHORT_PAYLOADS[1] });

    const watch = watchForXss(page);
    await openAs(page, user, '/settings/business-profile');
    await expect(page.getByLabel(/business name/i)).toHaveValue(p(0));
    watch.expectNothingRan();

    await page.goto('/manage-team');
    await expect(page.getByText(SHORT_PAYLOADS[2], { exact: false }).first()).toBeVisible();
    watch.expectNothingRan();

    await page.goto('/profile-settings/api-key');
    await expect(page.getByText(`Key ${SHORT_PAYLOADS[4]}`, { exact: true })).toBeVisible();
    watch.expectNothingRan();

    await page.goto('/profile-settings/profile');
    await expect(page.getByLabel(/first name/i)).toHaveValue(SHORT_PAYLOADS[0]);
    watch.expectNothingRan();
    // The token is still where the app keeps it and nothing carried it off.
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBe(user.token);
  });
});
