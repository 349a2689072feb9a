import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { mockApi } from '@leadsmith/shared/testing';
import { CreditUsagePage } from '../components/CreditUsagePage';
import { dayLabel, longDayLabel } from '../components/day-label';

registerAreaTranslations(NAMESPACE, translations);

describe('CreditUsagePage', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('shows totals, types, the limit band and the ledger, and asks the API for the chosen range', async () => {
    api = mockApi((call) => {
      if (call.url === '/api/user-limits')
        return {
          status: 200,
          body: {
            search_limit: 1000,
            searches_used: 620,
            remaining: 380,
            percent_used: 62,
            band: 'over_50',
            next_reset_date: '2026-04-15',
            credits: { monthly: 1, additional: 2, rolled_over: 3, total: 6 },
          },
        };
      if (call.url === '/api/credit-usage-statistic')
        return {
          status: 200,
          body: {
            start_date: (call.params?.start_date as string) ?? '2026-02-14',
            end_date: (call.params?.end_date as string) ?? '2026-03-15',
            totals: { consumed: 12, added: 100 },
            by_day: [{ date: '2026-03-10', consumed: 12, added: 0 }],
            by_type: [
              { type: 'people', consumed: 9 },
              { type: 'local', consumed: 3 },
            ],
            data: [
              {
                id: 1,
                created_at: '2026-03-10T10:00:00Z',
                delta: -9,
                bucket: 'monthly',
                reason: 'search:people:job:1',
                type: 'people',
              },
            ],
            currentPage: 1,
            pageSize: 20,
            total: 1,
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<CreditUsagePage />, { route: '/settings/credit-usage' });
    expect(await screen.findByTestId('credits-consumed')).toHaveTextContent('12');
    expect(screen.getByText('People search: 9 credits')).toBeInTheDocument();
    expect(await screen.findByTestId('limit-band')).toHaveTextContent('Over 50%');
    expect(within(screen.getByRole('table', { name: 'Credit history' })).getByText('-9')).toBeInTheDocument();
    expect(screen.getByText('No credits consumed when no contacts or emails are returned')).toBeInTheDocument();

    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByDisplayValue('2026-03-01')).toBeInTheDocument();
    expect(
      api.calls.some((c) => c.url === '/api/credit-usage-statistic' && c.params?.start_date === '2026-03-01'),
    ).toBe(true);
    // The chart is a separate chunk (the charting library loads with this page only) and does arrive.
    // Days are written the user's way, in the chart's description and on its axis (not '2026-03-10').
    const chart = screen.getByRole('img', { name: 'Bar chart: 12 credits consumed from Mar 1, 2026 to Mar 15, 2026' });
    await waitFor(() => expect(chart.querySelector('.recharts-responsive-container')).not.toBeNull());
  }, 30_000);

  it('writes the chart axis days in the user language, never as ISO dates', async () => {
    // jsdom lays nothing out: the chart's container measures as an 800 × 260 box would in a browser,
    // and recharts' text-measuring span as a short label would (else every tick seems to overlap).
    const box = (width: number, height: number) => ({
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: width,
      bottom: height,
      width,
      height,
      toJSON: () => ({}),
    });
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.id === 'recharts_measurement_span' ? box(40, 14) : box(800, 260);
    });
    api = mockApi((call) =>
      call.url === '/api/credit-usage-statistic'
        ? {
            status: 200,
            body: {
              start_date: '2026-03-09',
              end_date: '2026-03-11',
              totals: { consumed: 1, added: 0 },
              by_day: ['2026-03-09', '2026-03-10', '2026-03-11'].map((date, i) => ({
                date,
                consumed: i === 1 ? 1 : 0,
                added: 0,
              })),
              by_type: [{ type: 'people', consumed: 1 }],
              data: [],
              currentPage: 1,
              pageSize: 20,
              total: 0,
            },
          }
        : undefined,
    );
    renderWithProviders(<CreditUsagePage />, { route: '/settings/credit-usage' });
    // One credit: the singular, and the range as the language writes dates.
    const chart = await screen.findByRole('img', {
      name: 'Bar chart: 1 credit consumed from Mar 9, 2026 to Mar 11, 2026',
    });
    await waitFor(() => expect(chart.querySelector('.recharts-bar-rectangle')).not.toBeNull());
    const ticks = [...chart.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')].map(
      (n) => n.textContent,
    );
    expect(ticks).toEqual(['Mar 9', 'Mar 10', 'Mar 11']);
    jest.restoreAllMocks();
  });

  it('writes days the French and German way', () => {
    expect(dayLabel('2026-03-10', 'fr')).toBe('10 mars');
    expect(dayLabel('2026-03-10', 'de')).toBe('10. März');
    expect(longDayLabel('2026-03-10', 'de')).toBe('10.03.2026');
  });
});
