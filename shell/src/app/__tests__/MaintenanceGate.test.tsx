import { apiClient } from '@leadsmith/shared/core';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { MaintenanceGate } from '../MaintenanceGate';

let maintenance = true;
let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  maintenance = true;
  api = mockApi((call) =>
    maintenance && call.url !== '/api/log-app-error'
      ? {
          status: 503,
          body: {
            code: 'maintenance',
            message: 'The service is down for maintenance.',
            maintenance_message: 'Database upgrade until 14:00 UTC.',
            retry_after_seconds: 1200,
          },
        }
      : { status: 200, body: { ok: true } },
  );
});
afterEach(() => api.restore());

function Home() {
  return <h1>Home</h1>;
}

describe('MaintenanceGate', () => {
  it('a call held back by maintenance replaces the app with the page and its message; try again brings the app back once it is over', async () => {
    renderWithProviders(
      <MaintenanceGate>
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/login" element={<h1>Login</h1>} />
        </Routes>
      </MaintenanceGate>,
    );
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    await apiClient.get('/api/me').catch(() => undefined);
    expect(await screen.findByRole('heading', { name: 'Down for maintenance' })).toBeInTheDocument();
    expect(screen.getByText('Database upgrade until 14:00 UTC.')).toBeInTheDocument();
    expect(screen.getByText('Please try again in about 20 minutes.')).toBeInTheDocument();

    maintenance = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('the sign-in page stays reachable (a super admin signs in and works on)', async () => {
    renderWithProviders(
      <MaintenanceGate>
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/login" element={<h1>Login</h1>} />
        </Routes>
      </MaintenanceGate>,
    );
    await apiClient.get('/api/me').catch(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with another account' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });
});
