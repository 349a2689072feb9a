import { screen } from '@testing-library/react';
import { registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import type { EnrichmentJob } from '../../../api/types';
import { EnrichmentProgress } from '../components/EnrichmentProgress';

registerAreaTranslations(NAMESPACE, translations);

const job = (patch: Partial<EnrichmentJob>): EnrichmentJob => ({
  id: 7,
  campaign_id: 3,
  kind: 'get-phones',
  status: 'running',
  total: 40,
  checked: 25,
  found: 11,
  credits_charged: 11,
  stopped_no_credits: false,
  source_error: null,
  created_at: '2026-03-15T12:00:00Z',
  finished_at: null,
  ...patch,
});

describe('the progress of a queued enrichment on the list', () => {
  it('shows the figures while it runs and its outcome when it ends', () => {
    const { rerender } = renderWithProviders(<EnrichmentProgress job={job({})} />);
    expect(screen.getByTestId('enrichment-progress')).toHaveTextContent('Phones: 25 of 40 results checked, 11 found, 11 credits charged so far');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<EnrichmentProgress job={job({ kind: 'get-employees', status: 'done', checked: 40, found: 63, credits_charged: 80 })} />);
    expect(screen.getByTestId('enrichment-progress')).toHaveTextContent('Employees finished: 40 results checked, 63 found, 80 credits charged');
  });

  it('says so when the credits ran out or the vendor kept failing', () => {
    const { rerender } = renderWithProviders(<EnrichmentProgress job={job({ kind: 'enrich', status: 'stopped', stopped_no_credits: true, checked: 9, found: 2, credits_charged: 10 })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Enrichment stopped because your credits ran out: 9 of 40 results checked, 2 found, 10 credits charged');
    rerender(<EnrichmentProgress job={job({ status: 'failed' })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Phones failed after repeated attempts: 25 of 40 results checked, 11 found and charged (11 credits). Try again for the rest.');
    expect(screen.queryByTestId('enrichment-source-error')).not.toBeInTheDocument();
  });

  it('names the source that failed the request and why', () => {
    const { rerender } = renderWithProviders(<EnrichmentProgress job={job({ status: 'failed', source_error: { source: 'apollo', code: 'key_refused' } })} />);
    expect(screen.getByTestId('enrichment-source-error')).toHaveTextContent('The people-data provider refused the key.');
    rerender(<EnrichmentProgress job={job({ status: 'failed', source_error: { source: 'wikidata', code: 'unavailable' } })} />);
    expect(screen.getByTestId('enrichment-source-error')).toHaveTextContent('The Wikidata query service could not be reached.');
    // While it runs, a passing failure is the queue's business: nothing is said yet.
    rerender(<EnrichmentProgress job={job({ status: 'running', source_error: { source: 'apollo', code: 'unavailable' } })} />);
    expect(screen.queryByTestId('enrichment-source-error')).not.toBeInTheDocument();
  });
});
