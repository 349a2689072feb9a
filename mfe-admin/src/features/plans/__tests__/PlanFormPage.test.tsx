import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AreaRoutes, registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { PlanFormPage } from '../components/PlanFormPage';

registerAreaTranslations(NAMESPACE, translations);

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi((call) =>
    call.method === 'POST' && call.url === '/api/admin/plans'
      ? {
          status: 409,
          body: {
            statusCode: 409,
            error: 'Conflict',
            code: 'admin.plan_name_taken',
            field: 'name',
            message: 'A plan with this name already exists: choose another name',
          },
        }
      : undefined,
  );
});
afterEach(() => api.restore());

describe('plan form', () => {
  it('a name another plan has is refused on the name field with the API message', async () => {
    renderWithProviders(<PlanFormPage mode="create" />);
    fireEvent.change(await screen.findByLabelText('Name', {}, { timeout: 10_000 }), { target: { value: 'Starter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A plan with this name already exists: choose another name', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('sends the modules ticked in the Modules group; admin is not offered', async () => {
    renderWithProviders(<PlanFormPage mode="create" />);
    fireEvent.change(await screen.findByLabelText('Name', {}, { timeout: 10_000 }), { target: { value: 'Bundle' } });
    const modules = screen.getByRole('group', { name: 'Modules' });
    expect(
      within(modules)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['AI tools', 'Lead search', 'White-label', 'Wallet']);
    fireEvent.click(within(modules).getByText('Wallet'));
    await waitFor(() => expect(within(modules).getByRole('checkbox', { name: 'Wallet' })).toBeChecked());
    fireEvent.click(within(modules).getByText('AI tools'));
    await waitFor(() => expect(within(modules).getByRole('checkbox', { name: 'AI tools' })).toBeChecked());
    expect(within(modules).getByRole('checkbox', { name: 'Wallet' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Bundle',
      modules: ['wallet', 'ai_suggest'],
    });
  });
});

describe('plan edit of a plan that does not exist', () => {
  it('says it does not exist and offers no retry on a 404; a server failure still offers one', async () => {
    api.restore();
    api = mockApi((call) =>
      call.url === '/api/admin/plans/999'
        ? { status: 404, body: { statusCode: 404, code: 'not_found', message: 'Not found' } }
        : { status: 500, body: { message: 'boom' } },
    );
    const { unmount } = renderWithProviders(
      <AreaRoutes routes={[{ path: 'plans/:id/edit', element: <PlanFormPage mode="edit" /> }]} />,
      { route: '/plans/999/edit' },
    );
    expect(await screen.findByRole('heading', { name: 'Not found' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<AreaRoutes routes={[{ path: 'plans/:id/edit', element: <PlanFormPage mode="edit" /> }]} />, {
      route: '/plans/5/edit',
    });
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
