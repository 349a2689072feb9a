import { queryClient, type User } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { pendingPrompts } from '../promptState';
import { SignInPrompts } from '../SignInPrompts';

const userWith = (
  fields: Partial<Record<'terms_version' | 'terms_accepted_version' | 'credit_popup_disabled', unknown>>,
) =>
  ({
    id: 2,
    first_name: 'Bo',
    permissions: [],
    terms_version: '2027-01',
    terms_accepted_version: '2027-01',
    credit_popup_disabled: false,
    ...fields,
  }) as unknown as User;

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  sessionStorage.clear();
  api = mockApi((call) => {
    if (call.url === '/api/user-limits')
      return { status: 200, body: { credits: { monthly: 10, additional: 0, rolled_over: 0, total: 10 } } };
    if (call.url === '/api/disable-credit-popup') return { status: 200, body: { credit_popup_disabled: true } };
    return undefined;
  });
});
afterEach(() => api.restore());

describe('which prompts a signed-in user gets', () => {
  it('the terms at first sign-in and again when their version changed; none once the version accepted is the one in force', () => {
    expect(pendingPrompts(userWith({ terms_accepted_version: null }), false).terms).toBe(true);
    expect(pendingPrompts(userWith({ terms_accepted_version: '2026-11' }), false).terms).toBe(true);
    expect(pendingPrompts(userWith({}), false).terms).toBe(false);
    // An administrator signed in as the user is asked nothing.
    expect(pendingPrompts(userWith({ terms_accepted_version: null }), true)).toEqual({ terms: false, credits: false });
  });

  it('the credit pop-up until "don\'t show again", and once per tab session', () => {
    expect(pendingPrompts(userWith({}), false).credits).toBe(true);
    expect(pendingPrompts(userWith({ credit_popup_disabled: true }), false).credits).toBe(false);
    sessionStorage.setItem('credit_popup_seen', '1');
    expect(pendingPrompts(userWith({}), false).credits).toBe(false);
  });

  it('says the terms changed to a user who accepted an older version', async () => {
    renderWithProviders(
      <SignInPrompts user={userWith({ terms_accepted_version: '2026-11' })} terms credits={false} />,
      { queryClient },
    );
    expect(await screen.findByTestId('terms-dialog')).toHaveTextContent('have changed (version 2027-01)');
  });

  it('"Don\'t show this again" turns the pop-up off for good when it is closed', async () => {
    renderWithProviders(<SignInPrompts user={userWith({})} terms={false} credits />, { queryClient });
    await screen.findByTestId('credit-popup');
    fireEvent.click(screen.getByText("Don't show this again"));
    // The box is ticked (the dialog reads it when it closes) before Close is pressed, as a user sees it.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: "Don't show this again" })).toBeChecked());
    fireEvent.click(screen.getByTestId('close-credit-popup'));
    await waitFor(() =>
      expect(api.calls.some((c) => c.url === '/api/disable-credit-popup' && c.method === 'POST')).toBe(true),
    );
  });
});
