import { act, screen, within } from '@testing-library/react';
import { i18n, loadLanguage, registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { Route, Routes } from 'react-router';
import { NAMESPACE, translations } from '../../../locales';
import { personRow } from '../../../__tests__/listFixtures';
import { ResultDetailsScreen } from '../components/ResultDetailsScreen';
import { ResultsGrid, type Result } from '../components/ResultViews';
import { ResultsTable } from '../components/ResultsTable';
import { createListRowsStore } from '../listRows';

registerAreaTranslations(NAMESPACE, translations);

/** Three creators after an influencer enrich: one enriched, one on a platform no source covers, one without a platform. */
const rows = [
  personRow(1, { name: 'Cook Porto', data: { enriched: true } }),
  personRow(2, { name: 'Insta Cook', data: { uncovered: { kind: 'enrich', platform: 'instagram' } } }),
  personRow(3, { name: 'Imported', data: { uncovered: { kind: 'enrich', platform: '' } } }),
] as unknown as Result[];

const view = {
  type: 'influencer' as const,
  listId: 7,
  rows,
  query: '',
  rowsState: createListRowsStore(),
  rowRefs: { current: [] },
  onOpen: () => undefined,
};
const badgeOf = (name: string, container: 'row' | 'card') =>
  within(screen.getByText(name).closest(`[data-testid="result-${container}"]`) as HTMLElement).queryByTestId(
    'uncovered-badge',
  );

describe('a row influencer enrich could not ask about says why', () => {
  afterEach(() => act(() => i18n.changeLanguage('en')));

  it('marks the uncovered rows, naming their platform, in the table and the grid', () => {
    const { unmount } = renderWithProviders(<ResultsTable {...view} columns={[]} />);
    expect(badgeOf('Cook Porto', 'row')).toBeNull();
    expect(badgeOf('Insta Cook', 'row')).toHaveTextContent('Not enriched: no source for Instagram');
    expect(badgeOf('Insta Cook', 'row')).toHaveAttribute(
      'title',
      'No configured source covers Instagram: this row was not enriched.',
    );
    expect(badgeOf('Imported', 'row')).toHaveTextContent('Not enriched: no source covers it');
    unmount();
    renderWithProviders(<ResultsGrid {...view} />);
    expect(badgeOf('Insta Cook', 'card')).toHaveTextContent('Not enriched: no source for Instagram');
    expect(badgeOf('Cook Porto', 'card')).toBeNull();
  });

  it.each([
    ['de', 'Nicht angereichert: keine Quelle für Instagram'],
    ['es', 'Sin enriquecer: ninguna fuente para Instagram'],
    ['fr', 'Non enrichie : aucune source pour Instagram'],
  ])('in %s', async (lang, text) => {
    await loadLanguage(lang as 'de' | 'es' | 'fr');
    await act(() => i18n.changeLanguage(lang));
    renderWithProviders(<ResultsTable {...view} columns={[]} />);
    expect(badgeOf('Insta Cook', 'row')).toHaveTextContent(text);
  });
});

describe("the result's own page says so too", () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  const renderResultPage = (resultId: number) =>
    renderWithProviders(
      <Routes>
        <Route path="/saved-lists/:typeId/:resultId" element={<ResultDetailsScreen />} />
      </Routes>,
      { route: `/saved-lists/influencer-7/${resultId}` },
    );

  it('shows the badge beside an uncovered result, with its reason, and none beside an enriched one', async () => {
    const results: Record<string, unknown> = {
      '/api/influencer-results/7/2': personRow(2, {
        name: 'Insta Cook',
        data: { uncovered: { kind: 'enrich', platform: 'instagram' } },
      }),
      '/api/influencer-results/7/1': personRow(1, { name: 'Cook Porto', data: { enriched: true } }),
    };
    api = mockApi((call) =>
      call.method === 'GET' && results[call.url] ? { status: 200, body: results[call.url] } : undefined,
    );
    const { unmount } = renderResultPage(2);
    expect(await screen.findByRole('heading', { name: 'Insta Cook' })).toBeInTheDocument();
    const badge = screen.getByTestId('uncovered-badge');
    expect(badge).toHaveTextContent('Not enriched: no source for Instagram');
    expect(badge).toHaveAttribute('title', 'No configured source covers Instagram: this row was not enriched.');
    unmount();

    renderResultPage(1);
    expect(await screen.findByRole('heading', { name: 'Cook Porto' })).toBeInTheDocument();
    expect(screen.queryByTestId('uncovered-badge')).toBeNull();
  });
});
