import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { personRow } from '../../../__tests__/listFixtures';
import type { ColumnSetting } from '../columns';
import type { Result } from '../components/ResultViews';
import { ResultsTable } from '../components/ResultsTable';
import { createListRowsStore, type ListRowsStore } from '../listRows';

registerAreaTranslations(NAMESPACE, translations);

/** How often each row's phone cell (its cells) and each row's checkbox (the row) are drawn. */
const drawn = new Map<string, number>();
const boxes = new Map<string, number>();
const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
jest.mock('../components/PhoneValue', () => ({
  PhoneValue: ({ phone }: { phone: string | null }) => {
    count(drawn, phone ?? '');
    return <span>{phone}</span>;
  },
}));
jest.mock('../../../components/SelectCheckbox', () => ({
  SelectCheckbox: ({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) => {
    if (label.includes('Lead')) count(boxes, label);
    return <input type="checkbox" aria-label={label} checked={checked} onChange={onChange} />;
  },
}));
const clearCounts = () => {
  drawn.clear();
  boxes.clear();
};

const rows = [1, 2, 3].map((id) =>
  personRow(id, { name: `Lead ${id}`, phone: `+1555000000${id}` }),
) as unknown as Result[];

/** The screen's row refs: one ref object for the screen's life. */
const rowRefs: { current: (HTMLElement | null)[] } = { current: [] };

function Harness({
  rowsState,
  onOpen,
  phoneWidth,
}: {
  rowsState: ListRowsStore;
  onOpen: (row: Result) => void;
  phoneWidth?: number;
}) {
  // As the list screen does: a new callback and a new columns array (same settings) on every render.
  const columns: ColumnSetting[] = [{ key: 'phone', ...(phoneWidth ? { width: phoneWidth } : {}) }, { key: 'company' }];
  return (
    <ResultsTable
      type="people"
      listId={7}
      rows={rows}
      query=""
      rowsState={rowsState}
      rowRefs={rowRefs}
      onOpen={(row) => onOpen(row)}
      columns={columns}
    />
  );
}

describe('the results table draws again only the rows that changed', () => {
  it("selecting one row draws that row's box again, not the others; a click toggles it in the rows' store", async () => {
    const rowsState = createListRowsStore();
    const opened: number[] = [];
    const { rerender } = renderWithProviders(<Harness rowsState={rowsState} onOpen={() => undefined} />);
    expect(screen.getAllByTestId('result-row')).toHaveLength(3);
    clearCounts();

    act(() => rowsState.toggle(2));
    expect(screen.getByRole('checkbox', { name: /Lead 2/ })).toBeChecked();
    expect([...boxes.keys()]).toEqual([expect.stringContaining('Lead 2')]);
    expect(drawn.size).toBe(0);

    await userEvent.click(screen.getByRole('checkbox', { name: /Lead 3/ }));
    expect([...rowsState.get().ids]).toEqual([2, 3]);
    // The click focused the row: it has the keyboard's cursor, and its cells were not drawn again.
    expect(screen.getAllByTestId('result-row')[2]).toHaveAttribute('data-cursor');
    expect(rowsState.get().cursor).toBe(2);
    expect(drawn.size).toBe(0);

    // A row's own text (not its link) opens it through the latest handler the table was given.
    rerender(<Harness rowsState={rowsState} onOpen={(row) => opened.push(row.id)} />);
    await userEvent.click(screen.getByText('+15550000001'));
    expect(opened).toEqual([1]);
  });

  it("selecting every row draws the rows' boxes, not their cells; a column change draws the cells", async () => {
    const rowsState = createListRowsStore();
    const { rerender } = renderWithProviders(<Harness rowsState={rowsState} onOpen={() => undefined} />);
    clearCounts();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect([...rowsState.get().ids]).toEqual([1, 2, 3]);
    expect(boxes.size).toBe(3);
    expect(drawn.size).toBe(0);
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toBeChecked();
    clearCounts();
    rerender(<Harness rowsState={rowsState} onOpen={() => undefined} phoneWidth={180} />);
    expect(drawn.size).toBe(3);
  });
});
