import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { mockApi } from '@leadsmith/shared/testing';
import { BusinessProfilePage } from '../components/BusinessProfilePage';

registerAreaTranslations(NAMESPACE, translations);

const PROFILE = {
  id: 7,
  business_name: 'Acme',
  website: '',
  industry: 'Marketing',
  description: 'We market.',
  target_audience: 'Dentists',
  products_services: 'Ads',
  unique_selling_points: '',
  location: '',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('BusinessProfilePage', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('creates the profile from an empty form and shows it completed', async () => {
    api = mockApi((call) => {
      if (call.method === 'GET' && call.url === '/api/business-details/data')
        return { status: 200, body: { data: null, profile_completed: false } };
      if (call.method === 'POST' && call.url === '/api/business-details/data')
        return { status: 201, body: { data: { ...PROFILE, ...(call.body as object) }, profile_completed: true } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<BusinessProfilePage />, { route: '/settings/business-profile' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Business profile' })).toBeInTheDocument();
    expect(await screen.findByTestId('profile-status')).toHaveTextContent('Not completed');

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(5);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('Business name'), 'Acme');
    await user.type(screen.getByLabelText('Industry'), 'Marketing');
    await user.type(screen.getByLabelText('What your business does'), 'We market.');
    await user.type(screen.getByLabelText('Target audience'), 'Dentists');
    await user.type(screen.getByLabelText('Products and services'), 'Ads');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(screen.getByTestId('profile-status')).toHaveTextContent('Completed'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      business_name: 'Acme',
      website: '',
      industry: 'Marketing',
      description: 'We market.',
      target_audience: 'Dentists',
      products_services: 'Ads',
      unique_selling_points: '',
      location: '',
    });
  });

  it('updates an existing profile with PUT and shows server field errors on the field', async () => {
    api = mockApi((call) => {
      if (call.method === 'GET') return { status: 200, body: { data: PROFILE, profile_completed: true } };
      if (call.method === 'PUT' && call.url === '/api/business-details/data/7')
        return {
          status: 400,
          body: {
            code: 'validation_failed',
            message: 'industry: Too long',
            field: 'industry',
            errors: [{ field: 'industry', message: 'Too long' }],
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<BusinessProfilePage />, { route: '/settings/business-profile' });
    expect(await screen.findByLabelText('Business name')).toHaveValue('Acme');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Too long')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(true);
  });

  it('refuses a training file over the limit before uploading it', async () => {
    api = mockApi((call) => {
      if (call.url === '/api/business-details/data')
        return { status: 200, body: { data: PROFILE, profile_completed: true } };
      if (call.url === '/api/business-details/training-files' && call.method === 'GET')
        return { status: 200, body: { data: [], currentPage: 1, pageSize: 20, total: 0, max_file_mb: 2 } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<BusinessProfilePage />, { route: '/settings/business-profile?tab=files' });
    const input = await screen.findByLabelText('File');
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 3 * 1024 * 1024 });
    await user.upload(input, big);
    expect(await screen.findByText('Maximum allowed file size is 2mb')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
