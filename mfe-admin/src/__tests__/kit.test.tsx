import { fireEvent, screen } from '@testing-library/react';
import { registerAreaTranslations, DataTable, Pagination } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { PARTNERS, TOPICS } from '../features/resources/definitions';
import { resourceSchema, toFormValues, toInput } from '../features/resources/components/resourceForm';
import { NAMESPACE, translations } from '../locales';

registerAreaTranslations(NAMESPACE, translations);

describe('admin list kit', () => {
  it('pagination shows the position and moves between pages within bounds', () => {
    const onChange = jest.fn();
    renderWithProviders(<Pagination page={1} pageSize={20} total={45} onChange={onChange} />);
    expect(screen.getByTestId('pagination-summary')).toHaveTextContent('Page 1 of 3 (45 results)');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('pagination counts one result in the singular and groups digits', () => {
    const { rerender } = renderWithProviders(<Pagination page={1} pageSize={20} total={1} onChange={jest.fn()} />);
    expect(screen.getByTestId('pagination-summary')).toHaveTextContent('Page 1 of 1 (1 result)');
    rerender(<Pagination page={1} pageSize={20} total={12500} onChange={jest.fn()} />);
    expect(screen.getByTestId('pagination-summary')).toHaveTextContent('Page 1 of 625 (12,500 results)');
  });

  it('the table is labelled, renders cells through the columns, and says so when empty', () => {
    const { rerender } = renderWithProviders(
      <DataTable label="People" rows={[{ id: 1, name: 'Ada' }]} rowKey={(r) => r.id} columns={[{ key: 'name', header: 'Name', render: (r) => r.name.toUpperCase() }]} />,
    );
    expect(screen.getByRole('table', { name: 'People' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'ADA' })).toBeInTheDocument();
    rerender(<DataTable label="People" rows={[] as { id: number; name: string }[]} rowKey={(r) => r.id} columns={[]} />);
    expect(screen.getByTestId('empty-table')).toHaveTextContent('No Results Found');
  });
});

describe('resource forms from definitions', () => {
  it('new items start with checkboxes on and empty texts; the body converts numbers and empty optional texts', () => {
    const values = toFormValues(PARTNERS);
    expect(values).toMatchObject({ name: '', referral_code: '', active: true });
    const body = toInput(PARTNERS, { ...values, name: ' Acme ', referral_code: 'ACME', commission_percent: '12', email: '' });
    expect(body).toEqual({ name: 'Acme', email: null, company: null, referral_code: 'ACME', commission_percent: 12, active: true });
  });

  it('validates required, integer range and pattern fields', async () => {
    const schema = resourceSchema(PARTNERS);
    await expect(schema.validate({ ...toFormValues(PARTNERS), name: 'A', referral_code: 'has space' })).rejects.toThrow();
    await expect(schema.validate({ ...toFormValues(PARTNERS), name: 'A', referral_code: 'OK-1', commission_percent: '101' })).rejects.toThrow();
    await expect(schema.validate({ ...toFormValues(PARTNERS), name: 'A', referral_code: 'OK-1', commission_percent: '100' })).resolves.toBeTruthy();
    await expect(resourceSchema(TOPICS).validate(toFormValues(TOPICS))).rejects.toThrow();
  });
});
