import { queryClient, type User } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { SignInPrompts } from '../SignInPrompts';

const user = {
  id: 1,
  first_name: 'Ana',
  permissions: [],
  terms_version: '2',
  terms_accepted_version: null,
  credit_popup_disabled: false,
} as unknown as User;

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  sessionStorage.clear();
  api = mockApi((call) => {
    if (call.url === '/api/user-limits')
      return { status: 200, body: { credits: { monthly: 100, additional: 5, rolled_over: 0, total: 105 } } };
    if (call.url === '/api/accept-terms') return { status: 200, body: { terms_accepted_version: '2' } };
    return undefined;
  });
});
afterEach(() => api.restore());

function Page({ terms }: { terms: boolean }) {
  return (
    <>
      <input aria-label="Website URL" />
      <SignInPrompts user={user} terms={terms} credits />
    </>
  );
}

describe('the prompts after sign-in', () => {
  it('keeps the credit pop-up open when something on the page behind takes the focus; its Close button closes it', async () => {
    renderWithProviders(<Page terms={false} />, { queryClient });
    const close = await screen.findByTestId('close-credit-popup');
    // The area loading behind the pop-up (or the terms dialog handing focus back as it closes) focuses one of its fields.
    act(() => screen.getByLabelText('Website URL', { selector: 'input' }).focus());
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(screen.getByTestId('credit-popup')).toBeInTheDocument();
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByTestId('credit-popup')).not.toBeInTheDocument());
    expect(sessionStorage.getItem('credit_popup_seen')).toBe('1');
  });

  it('asks for the terms first, then shows the credit pop-up, which stays until closed', async () => {
    const { rerender } = renderWithProviders(<Page terms />, { queryClient });
    fireEvent.click(await screen.findByTestId('accept-terms'));
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/accept-terms')).toBe(true));
    rerender(<Page terms={false} />);
    expect(await screen.findByTestId('credit-popup')).toBeInTheDocument();
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(screen.getByTestId('credit-popup')).toBeInTheDocument();
    expect(screen.queryByTestId('terms-dialog')).not.toBeInTheDocument();
  });
});
