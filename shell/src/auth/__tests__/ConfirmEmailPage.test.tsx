import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ConfirmEmailPage, confirmEmailPath } from '../ConfirmEmailPage';

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  jest.useFakeTimers();
  api = mockApi((call) => {
    if (call.url === '/auth/resend-email-verification-code')
      return { status: 200, body: { message: 'A new code is on its way.', retry_after_seconds: 45 } };
    return undefined;
  });
});
afterEach(() => {
  api.restore();
  jest.useRealTimers();
});

const tick = (seconds: number) => {
  for (let i = 0; i < seconds; i += 1) act(() => jest.advanceTimersByTime(1000));
};

describe('confirm-email: the resend countdown', () => {
  it('after a code went out, "Send a new code" waits out the cooldown, then asks for one and waits the seconds the API gives', async () => {
    renderWithProviders(<ConfirmEmailPage />, { route: confirmEmailPath('ana@signup.test', true) });
    const waiting = screen.getByRole('button', { name: 'Send a new code in 60 s' });
    expect(waiting).toBeDisabled();
    tick(1);
    expect(screen.getByRole('button', { name: 'Send a new code in 59 s' })).toBeDisabled();
    tick(59);
    const resend = screen.getByRole('button', { name: 'Send a new code' });
    expect(resend).toBeEnabled();
    fireEvent.click(resend);
    await waitFor(() =>
      expect(api.calls.filter((c) => c.url === '/auth/resend-email-verification-code')).toHaveLength(1),
    );
    expect(api.calls.find((c) => c.url === '/auth/resend-email-verification-code')!.body).toEqual({
      email: 'ana@signup.test',
    });
    expect(await screen.findByRole('button', { name: 'Send a new code in 45 s' })).toBeDisabled();
  });

  it('opened without a code just sent, a new one can be asked for at once', () => {
    renderWithProviders(<ConfirmEmailPage />, { route: confirmEmailPath('bo@signup.test') });
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  });
});
