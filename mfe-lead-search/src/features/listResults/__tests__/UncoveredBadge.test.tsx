import { act, screen, within } from '@testing-library/react';
import { i18n, loadLanguage, registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { personRow } from '../../../__tests__/listFixtures';
import { ResultsGrid, ResultsTable, type Result } from '../components/ResultViews';

registerAreaTranslations(NAMESPACE, translations);

/** Three creators after an influencer enrich: one enriched, one on a platform no source covers, one without a platform. */
const rows = [
  personRow(1, { name: 'Cook Porto', data: { enriched: true } }),
  personRow(2, { name: 'Insta Cook', data: { uncovered: { kind: 'enrich', platform: 'instagram' } } }),
  personRow(3, { name: 'Imported', data: { uncovered: { kind: 'enrich', platform: '' } } }),
] as unknown as Result[];

const view = { type: 'influencer' as const, listId: 7, rows, query: '', isSelected: () => false, onToggle: () => undefined, cursor: 0, onCursor: () => undefined, rowRefs: { current: [] }, onOpen: () => undefined };
const badgeOf = (name: string, container: 'row' | 'card') => within(screen.getByText(name).closest(`[data-testid="result-${container}"]`) as HTMLElement).queryByTestId('uncovered-badge');

describe('a row influencer enrich could not ask about says why', () => {
  afterEach(() => act(() => i18n.changeLanguage('en')));

  it('marks the uncovered rows, naming their platform, in the table and the grid', () => {
    const { unmount } = renderWithProviders(<ResultsTable {...view} columns={[]} allOnPageSelected={false} onTogglePage={() => undefined} />);
    expect(badgeOf('Cook Porto', 'row')).toBeNull();
    expect(badgeOf('Insta Cook', 'row')).toHaveTextContent('Not enriched: no source for Instagram');
    expect(badgeOf('Insta Cook', 'row')).toHaveAttribute('title', 'No configured source covers Instagram: this row was not enriched.');
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
    renderWithProviders(<ResultsTable {...view} columns={[]} allOnPageSelected={false} onTogglePage={() => undefined} />);
    expect(badgeOf('Insta Cook', 'row')).toHaveTextContent(text);
  });
});
