import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { MaintenancePanel } from '../components/MaintenancePanel';

registerAreaTranslations(NAMESPACE, translations);

let state = { enabled: false, message: '', retry_after_seconds: 900, updated_at: '2026-11-26T09:00:00.000Z' };
let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  state = { enabled: false, message: '', retry_after_seconds: 900, updated_at: '2026-11-26T09:00:00.000Z' };
  api = mockApi((call) => {
    if (call.method === 'GET' && call.url === '/api/admin/maintenance') return { status: 200, body: state };
    if (call.method === 'PUT' && call.url === '/api/admin/maintenance') {
      state = { ...(call.body as typeof state), updated_at: '2026-11-26T09:05:00.000Z' };
      return { status: 200, body: { code: 'maintenance.saved_on', message: 'Maintenance mode is on.' } };
    }
    return undefined;
  });
});
afterEach(() => api.restore());

describe('MaintenancePanel', () => {
  it('the super admin switches maintenance on with a message and a retry time in minutes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MaintenancePanel />);
    expect(await screen.findByText('Off')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Maintenance mode on' }));
    expect(screen.getByRole('checkbox', { name: 'Maintenance mode on' })).toBeChecked();
    fireEvent.change(screen.getByLabelText('Message to users'), {
      target: { value: 'Database upgrade until 14:00 UTC.' },
    });
    fireEvent.change(screen.getByLabelText('Ask clients to retry after (minutes)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        enabled: true,
        message: 'Database upgrade until 14:00 UTC.',
        retry_after_seconds: 1800,
      }),
    );
    expect(await screen.findByText('On')).toBeInTheDocument();
  });

  it('a retry time out of range names the field and sends nothing', async () => {
    renderWithProviders(<MaintenancePanel />);
    fireEvent.change(await screen.findByLabelText('Ask clients to retry after (minutes)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Minimum number is 1')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
