import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { personRow } from '../../../__tests__/listFixtures';
import type { ColumnSetting } from '../columns';
import type { Result } from '../components/ResultViews';
import { ResultsTable } from '../components/ResultsTable';

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
  selected,
  onToggle,
  phoneWidth,
}: {
  selected: Set<number>;
  onToggle: (id: number) => void;
  phoneWidth?: number;
}) {
  // As the list screen does: new callbacks and a new columns array (same settings) on every render.
  const columns: ColumnSetting[] = [{ key: 'phone', ...(phoneWidth ? { width: phoneWidth } : {}) }, { key: 'company' }];
  return (
    <ResultsTable
      type="people"
      listId={7}
      rows={rows}
      query=""
      isSelected={(id) => selected.has(id)}
      onToggle={(id) => onToggle(id)}
      cursor={-1}
      onCursor={() => undefined}
      rowRefs={rowRefs}
      onOpen={() => undefined}
      columns={columns}
      allOnPageSelected={false}
      onTogglePage={() => undefined}
    />
  );
}

describe('the results table draws again only the rows that changed', () => {
  it('selecting one row draws that row again, not the others, and calls the latest handler', async () => {
    const toggled: number[] = [];
    const { rerender } = renderWithProviders(<Harness selected={new Set()} onToggle={(id) => toggled.push(id)} />);
    expect(screen.getAllByTestId('result-row')).toHaveLength(3);
    clearCounts();

    const latest: number[] = [];
    rerender(<Harness selected={new Set([2])} onToggle={(id) => latest.push(id)} />);
    expect(screen.getByRole('checkbox', { name: /Lead 2/ })).toBeChecked();
    expect(boxes.size).toBe(1);
    expect([...boxes.keys()][0]).toContain('Lead 2');
    expect(drawn.size).toBe(0);

    await userEvent.click(screen.getByRole('checkbox', { name: /Lead 3/ }));
    expect(latest).toEqual([3]);
    expect(toggled).toEqual([]);
  });

  it("selecting every row draws the rows' boxes, not their cells; a column change draws the cells", () => {
    const { rerender } = renderWithProviders(<Harness selected={new Set()} onToggle={() => undefined} />);
    clearCounts();
    rerender(<Harness selected={new Set([1, 2, 3])} onToggle={() => undefined} />);
    expect(boxes.size).toBe(3);
    expect(drawn.size).toBe(0);
    clearCounts();
    rerender(<Harness selected={new Set([1, 2, 3])} onToggle={() => undefined} phoneWidth={180} />);
    expect(drawn.size).toBe(3);
  });
});
