import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { mockApi } from '@leadsmith/shared/testing';
import { ManageTeamPage } from '../components/ManageTeamPage';

registerAreaTranslations(NAMESPACE, translations);

describe('ManageTeamPage', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('needs at least one access option, then invites with the chosen access', async () => {
    const members: Record<string, unknown>[] = [];
    api = mockApi((call) => {
      if (call.method === 'GET') return { status: 200, body: { data: members, currentPage: 1, pageSize: 20, total: members.length, access_options: ['leads', 'wallet'] } };
      if (call.method === 'POST') {
        const body = call.body as { first_name: string; last_name: string; email: string; access: string[] };
        members.push({ id: 9, ...body, created_at: '2026-01-01T00:00:00Z', last_login_at: null });
        return { status: 201, body: { data: members[0] } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ManageTeamPage />, { route: '/manage-team' });
    await user.type(await screen.findByLabelText('First name'), 'Tina');
    await user.type(screen.getByLabelText('Last name'), 'Team');
    await user.type(screen.getByLabelText('Email'), 'tina@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Select at least one access option')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'Lead search' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ first_name: 'Tina', last_name: 'Team', email: 'tina@example.com', access: ['leads'] }));
    const table = await screen.findByRole('table', { name: 'Your team' });
    expect(within(table).getByText('tina@example.com')).toBeInTheDocument();
  });
});
