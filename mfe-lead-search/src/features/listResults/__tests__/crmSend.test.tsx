import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AreaContext, registerAreaTranslations, type AreaMountProps } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { CrmSendControl } from '../components/CrmSendControl';
import { CrmStatus } from '../components/CrmStatus';
import { readListState, writeListState } from '../listUrlState';

registerAreaTranslations(NAMESPACE, translations);

const connections = (connected: string[]) => ({
  status: 200,
  body: {
    data: [
      { provider: 'ghl', name: 'GoHighLevel', connected: connected.includes('ghl') },
      { provider: 'keap', name: 'Keap', connected: connected.includes('keap') },
      { provider: 'zapier', name: 'Zapier', connected: false },
    ],
  },
});

function renderControl(onQueued = jest.fn()) {
  const navigate = jest.fn();
  const props: AreaMountProps = {
    contractVersion: '1.0.0',
    area: 'lead-search',
    basename: '/lead-search',
    location: { pathname: '/saved-lists/people-7', search: '', hash: '', state: null, key: 'k' },
    navigator: { navigate, go: jest.fn() },
  };
  renderWithProviders(
    <AreaContext.Provider value={props}>
      <CrmSendControl selection={{ type: 'people', id: 7, ids: [11, 12] }} onQueued={onQueued} />
    </AreaContext.Provider>,
  );
  return { navigate, onQueued };
}

describe('the list toolbar crm action', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it("says 'connect a CRM first' and links to Settings → Integration → CRM when none is connected", async () => {
    api = mockApi((call) => (call.url === '/api/crm/connections' ? connections([]) : undefined));
    const { navigate } = renderControl();
    fireEvent.click(await screen.findByRole('button', { name: 'Send to CRM' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Connect a CRM first.');
    fireEvent.click(screen.getByRole('link', { name: 'Connect a CRM in Settings' }));
    expect(navigate).toHaveBeenCalledWith('/settings/integration/crm');
    expect(api.calls.some((c) => c.url.endsWith('/send-crm'))).toBe(false);
  });

  it('sends the selection to the chosen connected CRM', async () => {
    api = mockApi((call) => {
      if (call.url === '/api/crm/connections') return connections(['ghl', 'keap']);
      if (call.url === '/api/people-results/7/send-crm')
        return {
          status: 202,
          body: {
            message: 'Sending 2 results to Keap…',
            job: { id: 1, provider: 'keap', status: 'running', total: 2, sent: 0, unsent: 0 },
          },
        };
      return undefined;
    });
    const { onQueued } = renderControl();
    fireEvent.change(await screen.findByLabelText('CRM'), { target: { value: 'keap' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to CRM' }));
    await waitFor(() => expect(onQueued).toHaveBeenCalled());
    expect(api.calls.find((c) => c.url === '/api/people-results/7/send-crm')?.body).toEqual({
      ids: [11, 12],
      provider: 'keap',
    });
  });

  it('names the only connected CRM on the button', async () => {
    api = mockApi((call) => (call.url === '/api/crm/connections' ? connections(['ghl']) : undefined));
    renderControl();
    expect(await screen.findByRole('button', { name: 'Send to GoHighLevel' })).toBeInTheDocument();
    expect(screen.queryByLabelText('CRM')).toBeNull();
  });
});

describe('a result’s CRM status', () => {
  it('shows where it went and, when unsent, the CRM’s reason in the user’s language', () => {
    renderWithProviders(
      <CrmStatus
        result={{
          crm_status: 'unsent',
          crm_provider: 'ghl',
          crm_error: 'timeout',
          crm_error_detail: 'no answer within 300 ms',
        }}
      />,
    );
    expect(screen.getByText('Unsent')).toBeInTheDocument();
    expect(screen.getByText(/GoHighLevel$/)).toBeInTheDocument();
    expect(screen.getByTestId('crm-error')).toHaveTextContent(
      'GoHighLevel did not answer in time (no answer within 300 ms)',
    );
  });
});

describe('the label filter in the URL', () => {
  it('keeps a label id and drops a malformed one', () => {
    const { filters } = readListState(new URLSearchParams('label_id=4&page=2'));
    expect(filters).toMatchObject({ label_id: 4, page: 2 });
    expect(writeListState(filters, 'list').get('label_id')).toBe('4');
    expect(readListState(new URLSearchParams('label_id=abc')).filters).not.toHaveProperty('label_id');
    expect(writeListState({ ...filters, label_id: undefined }, 'list').has('label_id')).toBe(false);
  });
});
