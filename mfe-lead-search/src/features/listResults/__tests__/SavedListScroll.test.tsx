import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, type MockCall } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { renderSavedList } from './renderSavedList';
import { installIntersectionObserver, scrollToEnd } from '../../../__tests__/listEndInView';
import { peopleList, personRow, resultsPage } from '../../../__tests__/listFixtures';

registerAreaTranslations(NAMESPACE, translations);
installIntersectionObserver();

const TOTAL = 1000;
const campaign = peopleList({ name: 'Big list', result_count: TOTAL });
const row = (id: number) => personRow(id, { company: null, email: null, email_status: 'not_found' });

/** The list's API: ids 1…1000, `limit` a page, after an id (keyset) or from the top. */
function listApi(call: MockCall) {
  if (call.method !== 'POST' || call.url !== '/api/people-results/7')
    return call.method === 'GET' ? { status: 200, body: { data: [] } } : undefined;
  const body = call.body as { page: number; limit: number; after?: number };
  const first = (body.after ?? 0) + 1;
  const ids = Array.from({ length: body.limit }, (_, i) => first + i).filter((id) => id <= TOTAL);
  return resultsPage(ids.map(row), body, TOTAL, campaign);
}

const listCalls = (api: ReturnType<typeof mockApi>) =>
  api.calls
    .filter((c) => c.method === 'POST' && c.url === '/api/people-results/7')
    .map((c) => c.body as Record<string, unknown>);

describe('saved list loads more rows as the user scrolls', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('asks for the rows after the last one loaded when the end of the list comes into view, and says how many are shown', async () => {
    api = mockApi(listApi);
    // An old link's page position is not where a scrolled list starts: it starts at the top.
    renderSavedList('/saved-lists/people-7?page=3&after=40');
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(screen.getByTestId('list-shown')).toHaveTextContent('20 of 1,000 results shown');
    expect(listCalls(api)).toEqual([expect.not.objectContaining({ after: expect.anything() })]);
    // The table says how many rows the list has (and the header row), and where each drawn row sits.
    const table = screen.getByRole('table', { name: 'Results' });
    expect(table).toHaveAttribute('aria-rowcount', '1001');
    expect(within(table).getAllByTestId('result-row')[0]).toHaveAttribute('aria-rowindex', '2');

    scrollToEnd();
    expect(await screen.findByText('Person 21')).toBeInTheDocument();
    expect(listCalls(api).at(-1)).toMatchObject({ page: 2, after: 20 });
    expect(screen.getByTestId('list-shown')).toHaveTextContent('40 of 1,000 results shown');
    expect(screen.getByText('Person 21').closest('tr')).toHaveAttribute('aria-rowindex', '22');

    // "Select all on this page" takes every loaded row; all matching rows are offered beyond them.
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(await screen.findByTestId('selection-count')).toHaveTextContent('40 selected');
    expect(screen.getByRole('button', { name: 'Select all 1,000 matching results' })).toBeInTheDocument();
    // Three renders of the whole list screen: over 10 s on a busy two-core machine, past the default 15 s under load.
  }, 40_000);

  it('says so when the next rows fail to load, and loads them on retry', async () => {
    let failNext = true;
    api = mockApi((call) => {
      if ((call.body as { after?: number } | undefined)?.after === 20 && failNext) {
        failNext = false;
        return { status: 500, body: {} };
      }
      return listApi(call);
    });
    renderSavedList();
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    scrollToEnd();
    expect(await screen.findByRole('alert')).toHaveTextContent('More results could not be loaded.');
    // The rows already loaded stay, and nothing is asked for again on its own.
    expect(screen.getByText('Person 20')).toBeInTheDocument();
    scrollToEnd();
    expect(listCalls(api)).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Person 21')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(listCalls(api).at(-1)).toMatchObject({ page: 2, after: 20 });
  });

  it('draws only the rows near the view, and a capped total reads "more than" and gives the table no row count', async () => {
    api = mockApi((call) => {
      const answer = listApi(call);
      return answer && call.method === 'POST'
        ? { ...answer, body: { ...answer.body, total: 10_000, total_capped: true } }
        : answer;
    });
    renderSavedList('/saved-lists/people-7?limit=100&withEmail=1');
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(screen.getByTestId('list-shown')).toHaveTextContent('100 of more than 10,000 results shown');
    // Of the 100 rows loaded, only those in and near the frame's view are drawn.
    expect(screen.getAllByTestId('result-row').length).toBeLessThan(50);
    expect(screen.queryByText('Person 100')).not.toBeInTheDocument();
    // A capped total does not say how many rows there are.
    expect(screen.getByRole('table', { name: 'Results' })).toHaveAttribute('aria-rowcount', '-1');
  });

  it('a filter change loads the list from its top again', async () => {
    api = mockApi(listApi);
    renderSavedList();
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    scrollToEnd();
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ after: 20 }));
    fireEvent.change(screen.getByLabelText('Email found'), { target: { value: '1' } });
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ page: 1, withEmail: 1 }));
    expect(listCalls(api).at(-1)).not.toHaveProperty('after');
  });
});
