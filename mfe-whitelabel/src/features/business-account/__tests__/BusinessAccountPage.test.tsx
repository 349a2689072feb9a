import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { BusinessAccountPage } from '../components/BusinessAccountPage';

registerAreaTranslations(NAMESPACE, translations);

const PATH = '/api/brand-images/0f0e0d0c-0b0a-4908-8706-050403020100';

describe('BusinessAccountPage: uploaded logo and favicon', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('uploads a chosen image, puts its path in the field and saves it; refuses other formats and big files before sending', async () => {
    api = mockApi((call) => {
      if (call.url === '/api/whitelabel/business-account' && call.method === 'GET')
        return { status: 200, body: { data: null, completed: false } };
      if (call.url === '/api/whitelabel/domain') return { status: 200, body: { data: null } };
      if (call.url === '/api/whitelabel/brand-images')
        return {
          status: 201,
          body: {
            message: 'Image uploaded.',
            data: { url: PATH, kind: 'logo', mime_type: 'image/png', size_bytes: 4, width: 1, height: 1 },
          },
        };
      if (call.url === '/api/whitelabel/business-account' && call.method === 'PUT')
        return { status: 200, body: { message: 'Saved', data: null, completed: true } };
      return undefined;
    });
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<BusinessAccountPage />, { route: '/business-account' });
    const form = await screen.findByRole('form', { name: 'Business account' });

    await user.upload(
      within(form).getByLabelText('Or upload a logo'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await within(form).findByText('Accepted image formats: PNG, JPEG, GIF, WebP, ICO')).toBeInTheDocument();
    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 5 * 1024 * 1024 + 1 });
    await user.upload(within(form).getByLabelText('Or upload a favicon'), huge);
    expect(await within(form).findByText('Maximum allowed file size is 5mb')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/api/whitelabel/brand-images')).toHaveLength(0);

    await user.upload(
      within(form).getByLabelText('Or upload a logo'),
      new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }),
    );
    expect(await within(form).findByDisplayValue(PATH)).toBe(within(form).getByLabelText('Logo URL'));
    const sent = api.calls.find((c) => c.url === '/api/whitelabel/brand-images');
    expect(sent?.body).toEqual({ kind: 'logo', content_base64: 'iVBORw==' });
    expect(within(form).getByRole('img', { name: 'Logo URL preview' })).toHaveAttribute('src', PATH);

    await user.type(within(form).getByLabelText('Business name'), 'Acme');
    await user.type(within(form).getByLabelText('Domain'), 'app.acme.test');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ logo: PATH, favicon: null }),
    );
  });
});
