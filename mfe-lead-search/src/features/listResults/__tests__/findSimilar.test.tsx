import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { Route, Routes } from 'react-router';
import { NAMESPACE, translations } from '../../../locales';
import { ResultDetailsScreen } from '../components/ResultDetailsScreen';
import { ResultRowActions } from '../components/ResultRowActions';

registerAreaTranslations(NAMESPACE, translations);

describe('people "find similar"', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it("is one of a person's row actions, with its cost, and queues the look-up for that person only", async () => {
    api = mockApi((call) =>
      call.url === '/api/people-results/7/find-similar'
        ? { status: 202, body: { message: 'Looking up 1 result', job: { id: 1 } } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(
      <ResultRowActions
        type="people"
        listId={7}
        result={{ id: 42, name: 'Ana Silva' }}
        enrichment={{ kind: 'phones', cost: 1 }}
        onOpen={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Actions for Ana Silva' }));
    const item = await screen.findByRole('menuitem', { name: 'Find similar people (2 credits per person found)' });
    // Chosen with the keyboard: the menu's pointer handling needs a layout jsdom does not have.
    for (let i = 0; i < 5 && !item.hasAttribute('data-highlighted'); i += 1) await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(api.calls.find((c) => c.url === '/api/people-results/7/find-similar')?.body).toEqual({ ids: [42] }),
    );
  });

  it('is not offered on company lists', async () => {
    api = mockApi(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(
      <ResultRowActions
        type="local"
        listId={7}
        result={{ id: 42, name: 'Dentist Porto' }}
        enrichment={{ kind: 'employees', cost: 2 }}
        onOpen={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Actions for Dentist Porto' }));
    await screen.findByRole('menuitem', { name: 'Open details' });
    expect(screen.queryByRole('menuitem', { name: /Find similar/ })).not.toBeInTheDocument();
  });

  it("the result's page lists the similar people found", async () => {
    const result = {
      id: 42,
      name: 'Ana Silva',
      company: 'Acme',
      job_title: 'Head of Sales',
      website: null,
      city: null,
      email: null,
      phone: null,
      email_status: 'not_found',
      crm_status: null,
      labels: [],
      credits: 2,
      created_at: '2026-11-26T10:00:00.000Z',
      data: {
        similar: [
          {
            name: 'Eva Lima',
            job_title: 'Head of Sales',
            company: 'Beta',
            email: 'eva@beta.test',
            phone: null,
            linkedin_url: 'https://www.linkedin.com/in/eva',
          },
        ],
      },
    };
    api = mockApi((call) => (call.url === '/api/people-results/7/42' ? { status: 200, body: result } : undefined));
    renderWithProviders(
      <Routes>
        <Route path="/saved-lists/:typeId/:resultId" element={<ResultDetailsScreen />} />
      </Routes>,
      { route: '/saved-lists/people-7/42' },
    );
    const table = await screen.findByRole('table', { name: 'Similar people found' });
    const row = within(table).getByTestId('similar-row');
    expect(within(row).getByRole('link', { name: 'Eva Lima' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/in/eva',
    );
    expect(row).toHaveTextContent('Beta');
    expect(row).toHaveTextContent('eva@beta.test');
  });
});
