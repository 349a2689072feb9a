import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiClient, registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { NAMESPACE, translations } from '../../../locales';
import type { LeadSourceId, LeadSourcesOverview } from '../api/leadSources';
import { LeadSourcesPanel } from '../components/LeadSourcesPanel';

registerAreaTranslations(NAMESPACE, translations);

const source = (id: LeadSourceId, keyed: boolean, extra: Partial<LeadSourcesOverview['sources'][number]> = {}) => ({
  id,
  keyed,
  enabled: true,
  key_set: false,
  key_from: null,
  serves: [],
  calls_this_month: 0,
  failures_this_month: 0,
  units_this_month: 0,
  cost_per_call: null,
  cost_this_month: null,
  last_error: null,
  last_error_at: null,
  ...extra,
});

function overview(): LeadSourcesOverview {
  return {
    sources: [
      source('osm', false, { serves: ['local'], calls_this_month: 42 }),
      source('apollo', true, {
        serves: ['people'],
        key_set: true,
        key_from: 'admin',
        calls_this_month: 300,
        cost_per_call: 0.01,
        cost_this_month: 3,
      }),
      source('google_places', true, { serves: ['local'] }),
      source('youtube', true, {
        serves: ['influencer'],
        key_set: true,
        key_from: 'admin',
        calls_this_month: 12,
        units_this_month: 1206,
      }),
      source('hunter', true, {
        serves: ['domain', 'email'],
        key_set: true,
        key_from: 'environment',
        failures_this_month: 2,
        last_error: 'quota_exhausted',
      }),
    ],
    order: {
      people: ['apollo'],
      group: ['apollo'],
      local: ['google_places', 'osm'],
      company: ['apollo'],
      domain: ['site', 'hunter'],
      influencer: ['modash', 'youtube'],
      intent: ['ipinfo', 'reverse_dns'],
      email: ['site', 'hunter', 'apollo'],
    },
    serving: {} as LeadSourcesOverview['serving'],
    keyless: true,
  };
}

let sent: { method: string; url: string; body: unknown }[] = [];
let state = overview();

function fakeNetwork(): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const respond = (data: unknown): AxiosResponse => ({ data, status: 200, statusText: 'OK', headers: {}, config });
    const body = config.data ? (JSON.parse(String(config.data)) as Record<string, unknown>) : null;
    sent.push({ method: config.method ?? 'get', url, body });
    if (url === '/api/admin/lead-sources') return respond(state);
    if (url === '/api/admin/lead-sources/google_places' && config.method === 'put') {
      state = {
        ...state,
        sources: state.sources.map((s) =>
          s.id === 'google_places' ? { ...s, key_set: true, key_from: 'admin' as const } : s,
        ),
      };
      return respond(state);
    }
    if (url === '/api/admin/lead-sources/order/local') {
      state = { ...state, order: { ...state.order, local: (body as { sources: LeadSourceId[] }).sources } };
      return respond(state);
    }
    if (url === '/api/admin/lead-sources/osm' && config.method === 'put') {
      const cost = (body as { cost_per_call: number | null }).cost_per_call;
      state = {
        ...state,
        sources: state.sources.map((s) =>
          s.id === 'osm'
            ? { ...s, cost_per_call: cost, cost_this_month: cost === null ? null : s.calls_this_month * cost }
            : s,
        ),
      };
      return respond(state);
    }
    if (url === '/api/admin/lead-sources/hunter/check')
      return respond({ ...state, result: { ok: false, code: 'key_refused' } });
    throw new Error(`unexpected call ${config.method} ${url}`);
  };
}

const originalAdapter = apiClient.defaults.adapter;
beforeEach(() => {
  sent = [];
  state = overview();
  apiClient.defaults.adapter = fakeNetwork();
});
afterAll(() => {
  apiClient.defaults.adapter = originalAdapter;
});

describe('Admin → Searchers: lead sources', () => {
  it("shows each source's cost this month and sets its cost per call", async () => {
    renderWithProviders(<LeadSourcesPanel />);
    const table = await screen.findByRole('table', { name: 'Lead sources' });
    expect(within(table).getByTestId('cost-apollo')).toHaveTextContent('$3.00');
    expect(within(table).getByText('$0.01 per call')).toBeInTheDocument();
    expect(within(table).getByTestId('cost-osm')).toHaveTextContent('No cost per call set');
    expect(
      within(within(table).getByText('YouTube Data API').closest('tr')!).getByText(
        '1,206 vendor units (quota units, credits)',
      ),
    ).toBeInTheDocument();
    const input = within(table).getByLabelText('Cost per call of OpenStreetMap (Nominatim + Overpass) (USD)');
    fireEvent.change(input, { target: { value: '-2' } });
    expect(within(input.closest('td')!).getByRole('alert')).toHaveTextContent(
      'Enter a cost per call from 0 to 1000 USD',
    );
    fireEvent.change(input, { target: { value: '0.5' } });
    fireEvent.click(within(input.closest('td')!).getByRole('button', { name: 'Save cost' }));
    await waitFor(() => expect(within(table).getByTestId('cost-osm')).toHaveTextContent('$21.00'));
    expect(sent.filter((r) => r.method === 'put')).toEqual([
      { method: 'put', url: '/api/admin/lead-sources/osm', body: { cost_per_call: 0.5 } },
    ]);
  });

  it('lists each source with its status, key origin, calls this month and last error', async () => {
    renderWithProviders(<LeadSourcesPanel />);
    const table = await screen.findByRole('table', { name: 'Lead sources' });
    const hunter = within(table).getByText('Hunter').closest('tr')!;
    expect(within(hunter).getByText('Key set by the server environment')).toBeInTheDocument();
    expect(within(hunter).getByText('2 failed')).toBeInTheDocument();
    expect(within(hunter).getByText('Last error: Quota used up')).toBeInTheDocument();
    const osm = within(table).getByText('OpenStreetMap (Nominatim + Overpass)').closest('tr')!;
    expect(within(osm).getByText('No key needed')).toBeInTheDocument();
    expect(within(osm).getByText('42')).toBeInTheDocument();
  });

  it('saves a key without ever showing it back, and clears the field', async () => {
    renderWithProviders(<LeadSourcesPanel />);
    const field = await screen.findByLabelText('New key for Google Places');
    fireEvent.change(field, { target: { value: 'AIza-secret' } });
    fireEvent.click(within(field.closest('tr')!).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(within(field.closest('tr')!).getByText('Key set here')).toBeInTheDocument());
    expect(sent.find((r) => r.method === 'put')).toEqual({
      method: 'put',
      url: '/api/admin/lead-sources/google_places',
      body: { api_key: 'AIza-secret' },
    });
    expect(field).toHaveValue('');
    expect(screen.queryByText(/AIza-secret/)).not.toBeInTheDocument();
  });

  it('reorders the sources of a type and runs a health check', async () => {
    renderWithProviders(<LeadSourcesPanel />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Move OpenStreetMap (Nominatim + Overpass) up for Local businesses' }),
    );
    await waitFor(() => expect(sent.some((r) => r.url === '/api/admin/lead-sources/order/local')).toBe(true));
    expect(sent.find((r) => r.url === '/api/admin/lead-sources/order/local')!.body).toEqual({
      sources: ['osm', 'google_places'],
    });
    const hunter = within(screen.getByRole('table', { name: 'Lead sources' }))
      .getByText('Hunter')
      .closest('tr')!;
    fireEvent.click(within(hunter).getByRole('button', { name: 'Check' }));
    expect(await within(hunter).findByRole('status')).toHaveTextContent('The key was refused');
  });
});
