import { fireEvent, screen, waitFor } from '@testing-library/react';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders, type MockCall } from '@leadsmith/shared/testing';
import { Route, Routes } from 'react-router';
import { NAMESPACE, translations } from '../../../locales';
import { SavedListScreen } from '../components/SavedListScreen';
import { peopleList, personRow } from '../../../__tests__/listFixtures';

registerAreaTranslations(NAMESPACE, translations);

const TOTAL = 1000;
const campaign = peopleList({ name: 'Big list', result_count: TOTAL });
const row = (id: number) => personRow(id, { company: null, email: null, email_status: 'not_found' });

/** The list's API: ids 1…1000, 20 a page, found by keyset (after/before an id) or by page number. */
function listApi(call: MockCall) {
  if (call.method !== 'POST' || call.url !== '/api/people-results/7')
    return call.method === 'GET' ? { status: 200, body: { data: [] } } : undefined;
  const body = call.body as { page: number; limit: number; after?: number; before?: number };
  const first =
    body.after !== undefined
      ? body.after + 1
      : body.before !== undefined
        ? body.before - body.limit
        : (body.page - 1) * body.limit + 1;
  const ids = Array.from({ length: body.limit }, (_, i) => first + i).filter((id) => id >= 1 && id <= TOTAL);
  return {
    status: 200,
    body: {
      data: ids.map(row),
      currentPage: body.page,
      pageSize: body.limit,
      total: TOTAL,
      total_capped: false,
      total_estimated: false,
      campaign,
    },
  };
}

const listCalls = (api: ReturnType<typeof mockApi>) =>
  api.calls
    .filter((c) => c.method === 'POST' && c.url === '/api/people-results/7')
    .map((c) => c.body as Record<string, unknown>);

describe('saved list pages', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('pages by keyset: the URL keeps page and position, Next asks after the last id, Previous before the first', async () => {
    api = mockApi(listApi);
    renderWithProviders(
      <Routes>
        <Route path="/saved-lists/:typeId" element={<SavedListScreen />} />
      </Routes>,
      { route: '/saved-lists/people-7?page=3&after=40' },
    );
    // A reloaded (or shared) URL asks for the same rows: the position is in it.
    expect(await screen.findByText('Person 41')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 50 (1,000 results)')).toBeInTheDocument();
    expect(listCalls(api)[0]).toMatchObject({ page: 3, after: 40 });

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Person 61')).toBeInTheDocument();
    expect(listCalls(api).at(-1)).toMatchObject({ page: 4, after: 60 });
    expect(listCalls(api).at(-1)).not.toHaveProperty('before');

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ page: 3, before: 61 }));
    expect(await screen.findByText('Page 3 of 50 (1,000 results)')).toBeInTheDocument();
    expect(screen.getByText('Person 41')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ page: 2, before: 41 }));
    expect(await screen.findByText('Person 21')).toBeInTheDocument();
    // Page 1 needs no position.
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toEqual(expect.not.objectContaining({ before: expect.anything() })),
    );
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(listCalls(api).at(-1)).toMatchObject({ page: 1 });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    // Five renders of the whole list screen: about 10 s on a busy two-core machine, past the default 15 s under load.
  }, 40_000);

  it("marks an estimated total as 'about' and keeps Next open past the estimate's pages", async () => {
    api = mockApi((call) => {
      const answer = listApi(call);
      return answer && call.method === 'POST'
        ? { ...answer, body: { ...answer.body, total: 30, total_estimated: true } }
        : answer;
    });
    renderWithProviders(
      <Routes>
        <Route path="/saved-lists/:typeId" element={<SavedListScreen />} />
      </Routes>,
      { route: '/saved-lists/people-7?page=2&after=20&withEmail=1' },
    );
    expect(await screen.findByText('Page 2 (about 30 results)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it("marks a capped total as 'more than' and keeps Next open on a full page", async () => {
    api = mockApi((call) => {
      const answer = listApi(call);
      return answer && call.method === 'POST'
        ? { ...answer, body: { ...answer.body, total: 10_000, total_capped: true } }
        : answer;
    });
    renderWithProviders(
      <Routes>
        <Route path="/saved-lists/:typeId" element={<SavedListScreen />} />
      </Routes>,
      { route: '/saved-lists/people-7?page=50&after=980&withEmail=1' },
    );
    expect(await screen.findByText('Page 50 (more than 10,000 results)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('a filter change goes back to page 1 without a position', async () => {
    api = mockApi(listApi);
    renderWithProviders(
      <Routes>
        <Route path="/saved-lists/:typeId" element={<SavedListScreen />} />
      </Routes>,
      { route: '/saved-lists/people-7?page=30&after=580' },
    );
    expect(await screen.findByText('Person 581')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email found'), { target: { value: '1' } });
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ page: 1, withEmail: 1 }));
    expect(listCalls(api).at(-1)).not.toHaveProperty('after');
  });
});
