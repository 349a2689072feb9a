import { screen, within } from '@testing-library/react';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { Route, Routes } from 'react-router';
import { NAMESPACE, translations } from '../../../locales';
import { AutopilotDetailsScreen } from '../components/AutopilotDetailsScreen';
import type { Autopilot, AutopilotRun } from '../api/getAutopilots';

registerAreaTranslations(NAMESPACE, translations);

const run = (id: number, extra: Partial<AutopilotRun>): AutopilotRun => ({
  id,
  autopilot_id: 3,
  job_id: id,
  status: 'done',
  scheduled_for: '2026-03-15T12:00:00Z',
  started_at: '2026-03-15T12:00:00Z',
  finished_at: '2026-03-15T12:01:00Z',
  results_added: 5,
  credits_spent: 17,
  error: null,
  actions_state: 'done',
  enriched: 2,
  enrich_credits: 2,
  ai_processed: 5,
  crm_sent: 4,
  crm_unsent: 1,
  crm_pending: 0,
  webhook_sent: 0,
  webhook_unsent: 0,
  step_errors: [],
  ...extra,
});

const autopilot: Autopilot = {
  id: 3,
  name: 'Daily founders',
  type: 'basic',
  repeat: 'daily',
  campaign_id: 7,
  campaign: { id: 7, name: 'Founders', list_type: 'people', has_webhook: false },
  location: 'Lyon',
  filters: { job_title: 'Founder' },
  max_results: 5,
  enrichment: true,
  ai_prompts: ['summary'],
  crm: 'ghl',
  status: 'active',
  stop_reason: null,
  next_run_at: '2026-03-16T12:00:00Z',
  time_zone: 'Europe/Paris',
  last_run_at: '2026-03-15T12:00:00Z',
  created_at: '2026-03-14T12:00:00Z',
  last_run: null,
};

describe('autopilot details: what each run did after its search', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('shows enrichment, AI texts, CRM figures (and a send under way) and why a step could not run', async () => {
    api = mockApi((call) => {
      if (call.url === '/api/autopilots/3') return { status: 200, body: autopilot };
      if (call.url === '/api/autopilots/3/runs')
        return {
          status: 200,
          body: {
            data: [
              run(2, {
                crm_sent: 1,
                crm_unsent: 0,
                crm_pending: 4,
                ai_processed: 0,
                step_errors: [{ step: 'ai', code: 'ai_profile_incomplete' }],
              }),
              run(1, {}),
            ],
            currentPage: 1,
            pageSize: 20,
            total: 2,
          },
        };
      return undefined;
    });
    renderWithProviders(
      <Routes>
        <Route path="/autopilot/:typeId" element={<AutopilotDetailsScreen />} />
      </Routes>,
      { route: '/autopilot/basic-3' },
    );
    const rows = await screen.findAllByTestId('autopilot-run');
    expect(rows).toHaveLength(2);
    // The next run in the autopilot's own zone: 12:00 UTC is 1:00 PM in Paris in March.
    expect(screen.getByTestId('next-run')).toHaveTextContent('Mar 16, 2026, 1:00 PM (Europe/Paris)');
    const [latest, first] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('run-enriched')).toHaveTextContent('Enriched: 2 (2 credits)');
    expect(within(first).getByTestId('run-ai')).toHaveTextContent('AI texts: 5 results');
    expect(within(first).getByTestId('run-crm')).toHaveTextContent('GoHighLevel: 4 delivered, 1 failed');
    expect(within(latest).getByTestId('run-crmPending')).toHaveTextContent('4 still on their way to the CRM…');
    expect(within(latest).getByTestId('run-step-error')).toHaveTextContent(
      'AI tools unavailable until the business profile is done',
    );
    // A step that could not run shows its reason, not zero figures.
    expect(within(latest).queryByTestId('run-ai')).toBeNull();
  });
});
