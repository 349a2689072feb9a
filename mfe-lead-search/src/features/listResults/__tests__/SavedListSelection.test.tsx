import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, type MockCall } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { peopleList, personRow, resultsPage } from '../../../__tests__/listFixtures';
import type { ListToolbar as RealListToolbar } from '../components/ListToolbar';
import { renderSavedList } from './renderSavedList';

registerAreaTranslations(NAMESPACE, translations);

/** How often the list screen draws its toolbar: once per draw of the screen. */
const screenDraws = { count: 0 };
jest.mock('../components/ListToolbar', () => {
  const actual = jest.requireActual<{ ListToolbar: typeof RealListToolbar }>('../components/ListToolbar');
  return {
    ...actual,
    ListToolbar: (props: Parameters<typeof RealListToolbar>[0]) => {
      screenDraws.count += 1;
      return actual.ListToolbar(props);
    },
  };
});

const TOTAL = 1000;
const campaign = peopleList({ name: 'Big list', result_count: TOTAL });

/** The list's first page: ids 1…20 of 1,000. */
function listApi(call: MockCall) {
  if (call.method !== 'POST' || call.url !== '/api/people-results/7')
    return call.method === 'GET' ? { status: 200, body: { data: [] } } : undefined;
  const body = call.body as { page: number; limit: number };
  const rows = Array.from({ length: body.limit }, (_, i) =>
    personRow(i + 1, { company: null, email: null, email_status: 'not_found' }),
  );
  return resultsPage(rows, body, TOTAL, campaign);
}

describe('a selection change draws the boxes and the selection bar, not the list screen', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('one row, the page, all matching and x leave the screen undrawn; a filter change clears the selection', async () => {
    api = mockApi(listApi);
    renderSavedList();
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    screenDraws.count = 0;
    const user = userEvent.setup();

    // The bar is drawn with the list (its styles in before the first click) but not shown until a row is selected.
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();
    expect(screen.getByTestId('selection-count')).not.toBeVisible();
    // The click also focuses the row, which takes the keyboard's cursor.
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 2' }));
    expect(screen.getByRole('region', { name: 'Selection' })).toBeVisible();
    expect(screen.getByTestId('selection-count')).toHaveTextContent('1 selected');
    expect(screen.queryByRole('button', { name: /Select all .* matching results/ })).not.toBeInTheDocument();
    expect(screen.getByText('Person 2').closest('tr')).toHaveAttribute('data-cursor');

    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByTestId('selection-count')).toHaveTextContent('20 selected');
    await user.click(screen.getByRole('button', { name: 'Select all 1,000 matching results' }));
    expect(screen.getByTestId('selection-count')).toHaveTextContent('1,000 selected');
    expect(screen.getByRole('checkbox', { name: 'Select Person 20' })).toBeChecked();

    // x unchecks the cursor's row: the rest of the page stays selected, "all matching" is let go.
    await user.keyboard('x');
    expect(screen.getByTestId('selection-count')).toHaveTextContent('19 selected');
    expect(screen.getByRole('checkbox', { name: 'Select Person 2' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).not.toBeChecked();
    expect(screenDraws.count).toBe(0);

    // The selection belongs to the filters it was made under.
    fireEvent.change(screen.getByLabelText('Email found'), { target: { value: '1' } });
    expect(await screen.findByRole('checkbox', { name: 'Select Person 2' })).not.toBeChecked();
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();
    expect(screenDraws.count).toBeGreaterThan(0);
  }, 40_000);
});
