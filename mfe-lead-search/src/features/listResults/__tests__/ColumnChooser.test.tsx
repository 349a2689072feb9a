import { fireEvent, screen, waitFor } from '@testing-library/react';
import { registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import type { ColumnSetting } from '../columns';
import { ColumnChooser } from '../components/ColumnChooser';

registerAreaTranslations(NAMESPACE, translations);

const available = ['company', 'email', 'phone'] as const;

describe('ColumnChooser', () => {
  it('shows a change at once, before the list has taken it, and follows the list once it does', async () => {
    const changes: ColumnSetting[][] = [];
    const given: ColumnSetting[] = [{ key: 'company' }, { key: 'email' }, { key: 'phone' }];
    const view = renderWithProviders(
      <ColumnChooser
        available={available}
        columns={given}
        onChange={(next) => changes.push(next)}
        onReset={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Phone' }));
    // The list's URL has not changed yet: the box is already clear, and the list was told.
    expect(screen.getByRole('checkbox', { name: 'Phone' })).not.toBeChecked();
    await waitFor(() => expect(changes).toEqual([[{ key: 'company' }, { key: 'email' }]]));
    // The list answers with other columns (e.g. Default columns): they win over the pending change.
    view.rerender(
      <ColumnChooser
        available={available}
        columns={[{ key: 'email' }, { key: 'phone' }]}
        onChange={(next) => changes.push(next)}
        onReset={() => undefined}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Phone' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Company' })).not.toBeChecked();
    // And back to the first columns: nothing of the old change is left over.
    view.rerender(
      <ColumnChooser
        available={available}
        columns={given}
        onChange={(next) => changes.push(next)}
        onReset={() => undefined}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Phone' })).toBeChecked();
  });
});
