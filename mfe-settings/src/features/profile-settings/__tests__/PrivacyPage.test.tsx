import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  i18n,
  loadLanguage,
  registerAreaTranslations,
  sessionKeys,
  useSessionStore,
  type User,
} from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { PrivacyPage } from '../components/PrivacyPage';

registerAreaTranslations(NAMESPACE, translations);

type Export = { id: number; status: string; size_bytes: number | null; created_at: string; expires_at: string | null };

describe('PrivacyPage', () => {
  let api: ReturnType<typeof mockApi>;
  let state: {
    retention_months: number | null;
    deletion_due_at: string | null;
    deletion_grace_days: number;
    exports: Export[];
  };
  beforeEach(() => {
    state = { retention_months: null, deletion_due_at: null, deletion_grace_days: 14, exports: [] };
    api = mockApi((call) => {
      if (call.method === 'GET' && call.url === '/api/account/privacy') return { status: 200, body: state };
      if (call.method === 'POST' && call.url === '/api/account/exports') {
        state.exports = [
          {
            id: 7,
            status: 'ready',
            size_bytes: 2048,
            created_at: '2026-11-26T09:00:00.000Z',
            expires_at: '2026-12-03T09:00:00.000Z',
          },
        ];
        return {
          status: 202,
          body: { code: 'privacy.export_queued', message: 'Your export is being prepared.', data: state.exports[0] },
        };
      }
      if (call.method === 'PUT' && call.url === '/api/account/retention') {
        state.retention_months = (call.body as { retention_months: number | null }).retention_months;
        return { status: 200, body: { code: 'privacy.retention_saved', message: 'Retention saved.' } };
      }
      if (call.method === 'POST' && call.url === '/api/account/deletion') {
        if ((call.body as { password: string }).password !== 'right')
          return {
            status: 422,
            body: { code: 'privacy.wrong_password', message: 'The password is not correct.', field: 'password' },
          };
        state.deletion_due_at = '2026-12-10T09:00:00.000Z';
        return {
          status: 200,
          body: { code: 'privacy.deletion_scheduled', message: 'Scheduled.', deletion_due_at: state.deletion_due_at },
        };
      }
      if (call.method === 'DELETE' && call.url === '/api/account/deletion') {
        state.deletion_due_at = null;
        return { status: 200, body: { code: 'privacy.deletion_cancelled', message: 'Cancelled.' } };
      }
      return undefined;
    });
  });
  afterEach(() => api.restore());

  it('exports the data and offers the ready archive for download', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PrivacyPage />);
    await user.click(await screen.findByRole('button', { name: 'Export my data' }));
    expect(await screen.findByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByText('Ready')).toBeInTheDocument();
  });

  it("a team member is told the page is the owner's, asks nothing and has no Privacy tab", async () => {
    useSessionStore.setState({ token: 'test-token' });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(sessionKeys.me('test-token'), {
      id: 9,
      first_name: 'Mia',
      last_name: 'Member',
      lang: 'en',
      team_owner_id: 7,
      modules: [],
    } as unknown as User);
    try {
      renderWithProviders(<PrivacyPage />, { queryClient });
      expect(await screen.findByRole('status')).toHaveTextContent(
        "Only the account owner can export the account's data or delete the account.",
      );
      expect(screen.queryByRole('link', { name: 'Privacy' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
      expect(api.calls.some((c) => c.url === '/api/account/privacy')).toBe(false);
    } finally {
      useSessionStore.setState({ token: null });
    }
  });

  it('saves a retention in months', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PrivacyPage />);
    await user.selectOptions(await screen.findByLabelText('Keep results for'), '6 months');
    await user.click(screen.getByRole('button', { name: 'Save retention' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ retention_months: 6 }));
  });

  it('deleting asks for the password, names a wrong one, then shows the date and lets the owner cancel', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PrivacyPage />);
    await user.type(await screen.findByLabelText('Your password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('The password is not correct.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'right');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/Your account will be deleted for good on/);
    await user.click(screen.getByRole('button', { name: 'Cancel deletion' }));
    expect(await screen.findByRole('button', { name: 'Delete my account' })).toBeInTheDocument();
  });

  describe.each([
    // Never the US form (12/10/2026, 11/25/2026) nor "1 months" / "1 days".
    {
      lang: 'de',
      due: '10. Dezember 2026',
      exported: /25\.11\.2026/,
      months: '3 Monate',
      grace: '1 Tag nach Ihrer Anfrage',
    },
    {
      lang: 'fr',
      due: '10 décembre 2026',
      exported: /25 nov\. 2026/,
      months: '3 mois',
      grace: '1 jour après votre demande',
    },
  ])('in $lang', ({ lang, due, exported, months, grace }) => {
    afterEach(() => act(() => i18n.changeLanguage('en')));

    it('draws the dates, the months and the days of the language', async () => {
      await loadLanguage(lang as 'de' | 'fr');
      await act(() => i18n.changeLanguage(lang));
      state.exports = [
        { id: 7, status: 'ready', size_bytes: 2048, created_at: '2026-11-25T12:00:00.000Z', expires_at: null },
      ];
      state.deletion_grace_days = 1;
      const view = renderWithProviders(<PrivacyPage />);
      expect(await screen.findByRole('option', { name: months })).toBeInTheDocument();
      expect(screen.getByText(exported)).toBeInTheDocument();
      expect(view.container).toHaveTextContent(grace);
      view.unmount();

      state.deletion_due_at = '2026-12-10T12:00:00.000Z';
      const scheduled = renderWithProviders(<PrivacyPage />);
      expect(await screen.findByText(new RegExp(due))).toHaveAttribute('role', 'status');
      expect(scheduled.container.textContent).not.toMatch(/\b\d{1,2}\/\d{1,2}\/\d{4}\b/);
    });
  });
});
