import { fireEvent, screen } from '@testing-library/react';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { PlanFormPage } from '../components/PlanFormPage';

registerAreaTranslations(NAMESPACE, translations);

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi((call) =>
    call.method === 'POST' && call.url === '/api/admin/plans'
      ? { status: 409, body: { statusCode: 409, error: 'Conflict', code: 'admin.plan_name_taken', field: 'name', message: 'A plan with this name already exists: choose another name' } }
      : undefined,
  );
});
afterEach(() => api.restore());

describe('plan form', () => {
  it('a name another plan has is refused on the name field with the API message', async () => {
    renderWithProviders(<PlanFormPage mode="create" />);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Starter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A plan with this name already exists: choose another name')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
