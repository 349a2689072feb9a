import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { SmtpPage } from '../components/SmtpPage';

registerAreaTranslations(NAMESPACE, translations);

describe('SmtpPage', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('says the port is required and numeric, and asks Gmail for an app password of 16 characters before saving', async () => {
    const sent: unknown[] = [];
    api = mockApi((call) => {
      if (call.method === 'GET' && call.url === '/api/whitelabel/smtp') return { status: 200, body: { data: null } };
      if (call.method === 'PUT' && call.url === '/api/whitelabel/smtp') {
        sent.push(call.body);
        return {
          status: 200,
          body: {
            message: 'SMTP settings saved.',
            data: { ...(call.body as object), has_password: true, updated_at: '2026-01-01T00:00:00Z' },
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SmtpPage />, { route: '/smtp' });
    const form = await screen.findByRole('form', { name: 'SMTP settings' });
    await user.type(within(form).getByLabelText('Host'), 'smtp.gmail.com');
    await user.clear(within(form).getByLabelText('Port'));
    await user.type(within(form).getByLabelText('Username'), 'owner@gmail.example');
    await user.type(within(form).getByLabelText('Password'), 'my account password');
    await user.type(within(form).getByLabelText('From address'), 'owner@gmail.example');
    await user.type(within(form).getByLabelText('Support address'), 'owner@gmail.example');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Fields are required and must be numeric')).toBeInTheDocument();
    expect(
      within(form).getByText(
        'An app password has 16 characters (spaces do not count): create one in your mail account’s security settings.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(form).getByLabelText('Port'), '587');
    await user.clear(within(form).getByLabelText('Password'));
    await user.type(within(form).getByLabelText('Password'), 'abcd efgh ijkl mnop');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ host: 'smtp.gmail.com', port: 587, password: 'abcd efgh ijkl mnop' });
  });

  it('takes any password for another mail server', async () => {
    const sent: unknown[] = [];
    api = mockApi((call) => {
      if (call.method === 'GET' && call.url === '/api/whitelabel/smtp') return { status: 200, body: { data: null } };
      if (call.method === 'PUT') {
        sent.push(call.body);
        return {
          status: 200,
          body: { data: { ...(call.body as object), has_password: true, updated_at: '2026-01-01T00:00:00Z' } },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SmtpPage />, { route: '/smtp' });
    const form = await screen.findByRole('form', { name: 'SMTP settings' });
    await user.type(within(form).getByLabelText('Host'), 'mail.agency.example');
    await user.type(within(form).getByLabelText('Password'), 'short');
    await user.type(within(form).getByLabelText('From address'), 'hello@agency.example');
    await user.type(within(form).getByLabelText('Support address'), 'help@agency.example');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ host: 'mail.agency.example', port: 587, password: 'short' });
  });
});
