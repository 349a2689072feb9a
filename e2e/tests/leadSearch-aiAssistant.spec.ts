import { test, expect } from '../support/fixtures';
import { completeBusinessProfile, createAssistantUser, peopleListWith } from '../support/AssistantApi';
import { openWithToken } from '../support/session';

test.describe('lead search: AI assistant', () => {
  test('edit a prompt, use one from the library, run the AI action on a selection and read the texts', async ({
    page,
    request,
    expectAccessible,
  }) => {
    test.slow();
    const user = await createAssistantUser(request);
    await completeBusinessProfile(request, user.token);
    const stamp = Date.now();
    const { listId, resultIds } = await peopleListWith(request, user.token, `AI list ${stamp}`, [
      'Dana Smith',
      'Lee Park',
    ]);

    // The assistant: one prompt per type for people lists, the default until edited.
    await openWithToken(page, user.token, '/lead-search/ai-assistant');
    await expect(page.getByRole('heading', { level: 1, name: 'AI assistant' })).toBeVisible();
    await expect(page.getByTestId('prompt-item')).toHaveCount(8);
    await page.getByTestId('prompt-item').filter({ hasText: 'First line' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'First line' })).toBeVisible();
    const prompt = page.getByLabel('Prompt', { exact: true });
    await expect(prompt).toHaveValue(/\{first_name\}/);

    // Edit: a variable goes in at the cursor; saving marks it customised and shows the default beside it.
    await prompt.fill('Greet ');
    await page.getByRole('button', { name: 'Insert {first_name}' }).click();
    await prompt.press('End');
    await prompt.pressSequentially(' warmly for ');
    await page.getByRole('button', { name: 'Insert {business_name}' }).click();
    await expect(prompt).toHaveValue('Greet {first_name} warmly for {business_name}');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Prompt saved.')).toBeVisible();
    await expect(page.getByTestId('prompt-item').filter({ hasText: 'First line' })).toContainText('Customised');
    await expect(page.getByTestId('default-prompt')).toContainText('{first_name}');
    await expectAccessible();

    // Generate from the business profile fills the text; reset brings the default back.
    await page.getByRole('button', { name: 'Generate from business profile' }).click();
    await expect(prompt).toHaveValue(/\{business_name\} \(Digital marketing agency\)/);
    await expect(prompt).toHaveValue(/seo audits/i);
    await page.getByRole('button', { name: 'Reset to default' }).click();
    await expect(page.getByText('Prompt reset to the default.')).toBeVisible();
    await expect(page.getByTestId('prompt-item').filter({ hasText: 'First line' })).toContainText('Default');
    await expect(page.getByRole('button', { name: 'Reset to default' })).toHaveCount(0);

    // The library: preview a prompt, copy it into my prompts and open the copy.
    await page.getByRole('link', { name: 'Browse the prompt library' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Prompt library' })).toBeVisible();
    await page.getByLabel('Search prompts').fill('LinkedIn');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('library-item')).toHaveCount(1);
    await page.getByRole('button', { name: 'Preview LinkedIn connection note' }).click();
    await expect(page.getByTestId('library-preview')).toContainText('LinkedIn connection note (under 300 characters)');
    await expectAccessible();
    await page.getByRole('button', { name: 'Use LinkedIn connection note from library' }).click();
    await expect(page.getByText('“LinkedIn connection note” was added to your prompts.')).toBeVisible();
    await expect(page.getByTestId('library-item')).toContainText('In your prompts');
    await page.getByRole('link', { name: 'Open your copy' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'LinkedIn connection note' })).toBeVisible();
    await expect(page.getByTestId('prompt-item').filter({ hasText: 'LinkedIn connection note' })).toContainText(
      'From library',
    );

    // The AI action on a selection of the people list: choose two prompts, run, see the texts.
    await page.goto(`/lead-search/saved-lists/people-${listId}`);
    await expect(page.getByTestId('result-row')).toHaveCount(2);
    await page.getByRole('checkbox', { name: /Dana Smith/ }).check();
    await page.getByRole('button', { name: 'AI', exact: true }).click();
    const panel = page.getByRole('region', { name: 'AI prompts' });
    await panel.getByRole('checkbox', { name: 'First line' }).check();
    await panel.getByRole('checkbox', { name: 'LinkedIn connection note' }).check();
    await expectAccessible();
    await panel.getByRole('button', { name: 'Run on 1 selected' }).click();
    await expect(panel.getByTestId('ai-progress')).toHaveText('AI texts written for 1 of 1 result (0 failed).');
    const dana = page.getByTestId('result-row').filter({ hasText: 'Dana Smith' });
    await expect(dana.getByTestId('ai-text-cell')).toContainText('Dana');
    await expect(
      page.getByTestId('result-row').filter({ hasText: 'Lee Park' }).getByTestId('ai-text-cell'),
    ).toHaveCount(0);

    // The result details page shows every text with its prompt.
    await dana.getByRole('link', { name: 'Dana Smith' }).click();
    await expect(page).toHaveURL(new RegExp(`/lead-search/saved-lists/people-${listId}/${resultIds[0]}`));
    const texts = page.getByTestId('ai-text');
    await expect(texts).toHaveCount(2);
    await expect(texts.first()).toContainText('First line');
    await expect(texts.first()).toContainText('Dana');
    await expect(texts.nth(1)).toContainText('LinkedIn connection note');
    await expectAccessible();
  });

  test('a user without a finished business profile sees the gate message', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const user = await createAssistantUser(request);
    const { listId } = await peopleListWith(request, user.token, `Gate ${Date.now()}`, ['Kim Ray']);

    await openWithToken(page, user.token, '/lead-search/ai-assistant');
    await expect(page.getByRole('heading', { level: 1, name: 'AI assistant' })).toBeVisible();
    const gate = page.getByTestId('assistant-profile-required');
    await expect(gate).toContainText('AI tools unavailable until the business profile is done');
    await expect(gate.getByRole('link', { name: 'Complete the business profile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate from business profile' })).toBeDisabled();
    await expectAccessible();

    await page.goto(`/lead-search/saved-lists/people-${listId}`);
    await page.getByRole('checkbox', { name: /Kim Ray/ }).check();
    await page.getByRole('button', { name: 'AI', exact: true }).click();
    const panel = page.getByRole('region', { name: 'AI prompts' });
    await expect(panel.getByTestId('assistant-profile-required')).toContainText(
      'AI tools unavailable until the business profile is done',
    );
    await panel.getByRole('link', { name: 'Complete the business profile' }).click();
    await expect(page).toHaveURL(/\/settings\/business-profile/);
  });
});
