import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NAMESPACE, translations } from '../../../locales';
import { AutopilotFormScreen } from '../components/AutopilotFormScreen';

registerAreaTranslations(NAMESPACE, translations);

const saved = (body: Record<string, unknown>) => ({
  id: 41,
  ...body,
  campaign: { id: 7, name: 'Founders', list_type: 'people', has_webhook: false },
  status: 'active',
  stop_reason: null,
  next_run_at: '2026-03-15T12:00:05.000Z',
  last_run_at: null,
  created_at: '2026-03-15T12:00:00.000Z',
  last_run: null,
});

describe('autopilot form', () => {
  it("schedules in the time zone the user picks, the browser's by default", async () => {
    const api = mockApi(({ method, url, body }) => {
      if (url === '/api/campaigns')
        return {
          status: 200,
          body: { data: [{ id: 7, name: 'Founders', list_type: 'people' }], currentPage: 1, pageSize: 100, total: 1 },
        };
      if (url === '/api/search-options')
        return { status: 200, body: { place_types: [], industries: [], platforms: [] } };
      if (method === 'POST' && url === '/api/autopilots')
        return { status: 201, body: { autopilot: saved(body as Record<string, unknown>) } };
      return undefined;
    });
    try {
      renderWithProviders(<AutopilotFormScreen />, { route: '/autopilot/create' });
      const zone = await screen.findByLabelText('Time zone');
      expect(zone).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(
        within(zone).getByRole('option', { name: /^America\/New York \(GMT[+−-]\d\d:\d\d\)$/ }),
      ).toBeInTheDocument();

      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Monthly founders' } });
      fireEvent.change(screen.getByLabelText('Repeat'), { target: { value: 'monthly' } });
      fireEvent.change(zone, { target: { value: 'America/New_York' } });
      fireEvent.change(screen.getByLabelText('List'), { target: { value: '7' } });
      fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Boston' } });
      fireEvent.change(screen.getByLabelText('Job title'), { target: { value: 'Founder' } });
      // The design system's checkboxes (no native one on the form) carry enrichment and the AI prompts.
      const boxes = [...document.querySelectorAll('form input[type="checkbox"]')];
      expect(boxes).toHaveLength(9);
      for (const box of boxes) expect(box.closest('[data-scope="checkbox"]')).not.toBeNull();
      fireEvent.click(screen.getByRole('checkbox', { name: 'Enrich new results' }));
      fireEvent.click(screen.getByRole('checkbox', { name: 'Summary' }));
      fireEvent.click(screen.getByRole('checkbox', { name: 'First line' }));
      fireEvent.click(screen.getByRole('checkbox', { name: 'Summary' }));
      expect(screen.getByRole('checkbox', { name: 'First line' })).toBeChecked();
      fireEvent.click(screen.getByRole('button', { name: 'Save and schedule' }));

      await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.url === '/api/autopilots')).toBe(true));
      const post = api.calls.find((c) => c.method === 'POST' && c.url === '/api/autopilots')!;
      expect(post.body).toMatchObject({
        name: 'Monthly founders',
        repeat: 'monthly',
        time_zone: 'America/New_York',
        campaign_id: 7,
        location: 'Boston',
        filters: { job_title: 'Founder' },
        enrichment: true,
        ai_prompts: ['first_line'],
      });
    } finally {
      api.restore();
    }
  });
});
