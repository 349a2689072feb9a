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
      if (call.method === 'GET')
        return {
          status: 200,
          body: {
            data: members,
            currentPage: 1,
            pageSize: 20,
            total: members.length,
            access_options: ['leads', 'wallet'],
          },
        };
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
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        first_name: 'Tina',
        last_name: 'Team',
        email: 'tina@example.com',
        access: ['leads'],
      }),
    );
    const table = await screen.findByRole('table', { name: 'Your team' });
    expect(within(table).getByText('tina@example.com')).toBeInTheDocument();
  });

  it('edits a member in place (the row becomes its form) and removes one only after the second click', async () => {
    const members = [
      {
        id: 4,
        first_name: 'Tina',
        last_name: 'Team',
        email: 'tina@example.com',
        access: ['leads'],
        created_at: '2026-01-01T00:00:00Z',
        last_login_at: null,
      },
    ];
    api = mockApi((call) => {
      if (call.method === 'GET')
        return {
          status: 200,
          body: {
            data: members,
            currentPage: 1,
            pageSize: 20,
            total: members.length,
            access_options: ['leads', 'wallet'],
          },
        };
      if (call.method === 'PUT') {
        Object.assign(members[0]!, call.body);
        return { status: 200, body: { data: members[0] } };
      }
      if (call.method === 'DELETE') {
        members.splice(0, 1);
        return { status: 204, body: '' };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ManageTeamPage />, { route: '/manage-team' });
    const table = await screen.findByRole('table', { name: 'Your team' });
    await user.click(within(table).getByRole('button', { name: 'Edit Tina Team' }));
    const form = within(table).getByRole('form', { name: 'Edit Tina Team' });
    await user.click(within(form).getByRole('checkbox', { name: 'Wallet' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: '/api/team-members/4',
        body: { first_name: 'Tina', last_name: 'Team', access: ['leads', 'wallet'] },
      }),
    );
    expect(await within(table).findByRole('button', { name: 'Edit Tina Team' })).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Delete Tina Team' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(table).getByRole('button', { name: 'Confirm deleting Tina Team' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/team-members/4']),
    );
    expect(await screen.findByText('No team members yet.')).toBeInTheDocument();
  });
});
