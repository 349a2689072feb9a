import { fireEvent, screen, within } from '@testing-library/react';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { ListExportsPanel } from '../components/ListExportsPanel';

registerAreaTranslations(NAMESPACE, translations);

const FILTERS = {
  search: '',
  search_type: 'contain',
  sent: 0,
  withEmail: -1,
  startDate: null,
  endDate: null,
  advanced_custom_search: [],
} as const satisfies Parameters<typeof ListExportsPanel>[0]['filters'];

const file = (id: number, status: 'done' | 'expired', expires_at: string) => ({
  id,
  campaign_id: 7,
  file_name: `list-7-${id}.csv`,
  status,
  total: 45,
  rows_written: 45,
  bytes: 4096,
  error: null,
  created_at: '2026-03-01T10:00:00Z',
  finished_at: '2026-03-01T10:01:00Z',
  expires_at,
});

describe('list export files', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('says until when a file can be downloaded, and that an expired one was removed (no Download); a download refused as expired shows the reason', async () => {
    api = mockApi((call) => {
      if (call.method === 'GET' && call.url === '/api/list-exports')
        return {
          status: 200,
          body: {
            data: [file(2, 'done', '2026-03-08T10:01:00Z'), file(1, 'expired', '2026-02-20T09:00:00Z')],
            currentPage: 1,
            pageSize: 5,
            total: 2,
            direct_max_rows: 10_000,
          },
        };
      if (call.method === 'POST' && call.url === '/api/list-exports/2/link')
        return {
          status: 410,
          body: {
            statusCode: 410,
            code: 'listExport.expired',
            message:
              'This file expired on March 8, 2026: exported files are kept for 7 days. Prepare the file again from the list.',
          },
        };
      return undefined;
    });
    renderWithProviders(<ListExportsPanel campaignId={7} filters={FILTERS} />);
    const [ready, expired] = await screen.findAllByTestId('list-export');
    const day = (iso: string) =>
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    expect(
      within(ready!).getByText(`Download until ${day('2026-03-08T10:01:00Z')}, then the file is removed.`),
    ).toBeInTheDocument();
    expect(within(expired!).getByTestId('list-export-expired')).toHaveTextContent(
      `Expired on ${day('2026-02-20T09:00:00Z')}: the file was removed. Prepare it again to download it.`,
    );
    expect(within(expired!).queryByRole('button', { name: 'Download' })).toBeNull();
    expect(within(expired!).getByRole('button', { name: 'Delete list-7-1.csv' })).toBeInTheDocument();

    fireEvent.click(within(ready!).getByRole('button', { name: 'Download' }));
    expect(await within(ready!).findByRole('alert')).toHaveTextContent(
      'This file expired on March 8, 2026: exported files are kept for 7 days.',
    );
  });
});
