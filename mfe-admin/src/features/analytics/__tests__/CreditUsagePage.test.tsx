import { screen, waitFor, within } from '@testing-library/react';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';
import fr from '../../../locales/fr.json';
import { CreditUsagePage } from '../components/CreditUsagePage';
import { categoryAxisWidth } from '../../../components/charts';

registerAreaTranslations(NAMESPACE, translations);

const days = (credits: number) =>
  Array.from({ length: 30 }, (_, i) => ({
    date: `2026-03-${String(i + 1).padStart(2, '0')}`,
    credits_used: credits,
    searches: credits ? 1 : 0,
  }));
let answer: Promise<unknown> | unknown;
let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi(async (call) =>
    call.url === '/api/admin/analytics/credit-usage' ? { status: 200, body: await answer } : undefined,
  );
});
afterEach(() => {
  api.restore();
  jest.restoreAllMocks();
});

describe('admin credit usage charts', () => {
  it('while the data loads each chart is a skeleton, never bare axes', async () => {
    answer = new Promise(() => undefined);
    renderWithProviders(<CreditUsagePage />);
    const chart = await screen.findByTestId('chart-credits-by-reason');
    expect(within(chart).getByTestId('chart-skeleton')).toBeInTheDocument();
    expect(chart.querySelector('.recharts-surface')).toBeNull();
    expect(screen.getByTestId('chart-credits-per-day')).toHaveAttribute('aria-busy', 'true');
  });

  it('categories are named for what was bought, in the user language, with room for the longest name', async () => {
    // jsdom lays nothing out: the chart's container measures as a 560 × 280 box would in a browser.
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 560,
      bottom: 280,
      width: 560,
      height: 280,
      toJSON: () => ({}),
    });
    answer = {
      days: days(3),
      by_type: [
        { type: 'people', credits_used: 60 },
        { type: 'get-phones', credits_used: 20 },
        { type: 'somethingnew', credits_used: 4 },
        { type: 'other', credits_used: 6 },
      ],
      top_users: [{ id: 7, name: 'Ada', email: 'ada@example.com', credits_used: 90 }],
    };
    renderWithProviders(<CreditUsagePage />);
    const chart = await screen.findByTestId('chart-credits-by-reason');
    await waitFor(() => expect(chart.querySelector('.recharts-bar-rectangle')).not.toBeNull());
    // A tick's words may sit in several tspans (recharts wraps to the axis width).
    const ticks = [...chart.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')].map(
      (n) => [...n.querySelectorAll('tspan')].map((w) => w.textContent).join(' '),
    );
    // Unknown types join "Other": one bar per label, never a raw key.
    expect(ticks).toEqual(['People search', 'Phone enrichment', 'Other']);
    expect(chart.textContent).not.toMatch(/search:|get-phones/);
    // The axis is as wide as its longest label needs.
    const axis = chart.querySelector('.recharts-yAxis .recharts-cartesian-axis-line');
    expect(Number(axis?.getAttribute('width'))).toBe(categoryAxisWidth(['Phone enrichment']));
    expect(categoryAxisWidth(['Phone enrichment'])).toBeGreaterThan(categoryAxisWidth(['People search']));
  });

  it('a period without any use says so instead of drawing empty axes', async () => {
    answer = { days: days(0), by_type: [], top_users: [] };
    renderWithProviders(<CreditUsagePage />);
    const perDay = await screen.findByTestId('chart-credits-per-day');
    expect(await within(perDay).findByText('No data for this period')).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-credits-by-reason')).getByTestId('chart-empty')).toBeInTheDocument();
    expect(document.querySelector('.recharts-surface')).toBeNull();
  });

  it('takes the labels from the user language', () => {
    for (const texts of [en, es, fr, de]) {
      const types = (texts as { analytics: { usageTypes: Record<string, string> } }).analytics.usageTypes;
      expect(Object.keys(types).sort()).toEqual([
        'company',
        'domain',
        'get-phones',
        'group',
        'industry',
        'influencer',
        'intent',
        'local',
        'other',
        'people',
        'single',
        'workflow',
      ]);
    }
  });
});
