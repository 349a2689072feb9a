import { act, screen } from '@testing-library/react';
import { i18n, loadLanguage, registerAreaTranslations } from '@leadsmith/shared';
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
  refreshed: 0,
  unsupported: 0,
  unsupported_platforms: [],
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
    expect(screen.getByTestId('enrichment-progress')).toHaveTextContent(
      'Phones: 25 of 40 results checked, 11 found, 11 credits charged so far',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(
      <EnrichmentProgress
        job={job({ kind: 'get-employees', status: 'done', checked: 40, found: 63, credits_charged: 80 })}
      />,
    );
    expect(screen.getByTestId('enrichment-progress')).toHaveTextContent(
      'Employees finished: 40 results checked, 63 found, 80 credits charged',
    );
  });

  it('says so when the credits ran out or the vendor kept failing', () => {
    const { rerender } = renderWithProviders(
      <EnrichmentProgress
        job={job({
          kind: 'enrich',
          status: 'stopped',
          stopped_no_credits: true,
          checked: 9,
          found: 2,
          credits_charged: 10,
        })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Enrichment stopped because your credits ran out: 9 of 40 results checked, 2 found, 10 credits charged',
    );
    rerender(<EnrichmentProgress job={job({ status: 'failed' })} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Phones failed after repeated attempts: 25 of 40 results checked, 11 found and charged (11 credits). Try again for the rest.',
    );
    expect(screen.queryByTestId('enrichment-source-error')).not.toBeInTheDocument();
  });

  it('names the source that failed the request and why', () => {
    const { rerender } = renderWithProviders(
      <EnrichmentProgress job={job({ status: 'failed', source_error: { source: 'apollo', code: 'key_refused' } })} />,
    );
    expect(screen.getByTestId('enrichment-source-error')).toHaveTextContent(
      'The people-data provider refused the key.',
    );
    rerender(
      <EnrichmentProgress job={job({ status: 'failed', source_error: { source: 'wikidata', code: 'unavailable' } })} />,
    );
    expect(screen.getByTestId('enrichment-source-error')).toHaveTextContent(
      'The Wikidata query service could not be reached.',
    );
    // While it runs, a passing failure is the queue's business: nothing is said yet.
    rerender(
      <EnrichmentProgress job={job({ status: 'running', source_error: { source: 'apollo', code: 'unavailable' } })} />,
    );
    expect(screen.queryByTestId('enrichment-source-error')).not.toBeInTheDocument();
  });

  it('counts the creators refreshed without a new contact and the rows no configured source covers', () => {
    const { rerender } = renderWithProviders(
      <EnrichmentProgress
        job={job({
          kind: 'enrich',
          status: 'done',
          total: 16,
          checked: 4,
          found: 1,
          refreshed: 3,
          credits_charged: 5,
          unsupported: 12,
          unsupported_platforms: ['instagram'],
        })}
      />,
    );
    expect(screen.getByTestId('enrichment-progress')).toHaveTextContent(
      'Enrichment finished: 4 results checked, 1 found, 3 refreshed, 5 credits charged',
    );
    expect(screen.getByTestId('enrichment-unsupported')).toHaveTextContent(
      '12 rows could not be enriched: no configured source covers Instagram.',
    );
    rerender(
      <EnrichmentProgress
        job={job({
          kind: 'enrich',
          status: 'running',
          total: 3,
          checked: 0,
          found: 0,
          refreshed: 1,
          credits_charged: 0,
          unsupported: 1,
          unsupported_platforms: ['instagram', 'tiktok'],
        })}
      />,
    );
    expect(screen.getByTestId('enrichment-progress')).toHaveTextContent(
      'Enrichment: 0 of 3 results checked, 0 found, 1 refreshed, 0 credits charged so far',
    );
    expect(screen.getByTestId('enrichment-unsupported')).toHaveTextContent(
      '1 row could not be enriched: no configured source covers Instagram and TikTok.',
    );
    // Nothing refreshed, nothing left out: the sentence reads as before and no extra line shows.
    rerender(
      <EnrichmentProgress job={job({ kind: 'enrich', status: 'done', checked: 2, found: 2, credits_charged: 10 })} />,
    );
    expect(screen.getByTestId('enrichment-progress')).toHaveTextContent(
      'Enrichment finished: 2 results checked, 2 found, 10 credits charged',
    );
    expect(screen.queryByTestId('enrichment-unsupported')).not.toBeInTheDocument();
  });

  describe.each([
    {
      lang: 'de',
      refreshed: 1,
      count: 1,
      text: '2 gefunden, 1 aktualisiert',
      unsupported:
        '1 Zeile konnte nicht angereichert werden: Keine eingerichtete Quelle deckt Instagram und TikTok ab.',
    },
    {
      lang: 'es',
      refreshed: 3,
      count: 12,
      text: 'encontrados: 2, actualizados: 3',
      unsupported: '12 filas no se pudieron enriquecer: ninguna fuente configurada cubre Instagram y TikTok.',
    },
    {
      lang: 'fr',
      refreshed: 1,
      count: 12,
      text: 'trouvés : 2, actualisé : 1',
      unsupported: "12 lignes n'ont pas pu être enrichies : aucune source configurée ne couvre Instagram et TikTok.",
    },
  ])('in $lang', ({ lang, refreshed, count, text, unsupported }) => {
    afterEach(() => act(() => i18n.changeLanguage('en')));

    it('says the refreshed and uncovered rows in the plural forms of the language', async () => {
      await loadLanguage(lang as 'de' | 'es' | 'fr');
      await act(() => i18n.changeLanguage(lang));
      renderWithProviders(
        <EnrichmentProgress
          job={job({
            kind: 'enrich',
            status: 'done',
            checked: 5,
            found: 2,
            refreshed,
            unsupported: count,
            unsupported_platforms: ['instagram', 'tiktok'],
          })}
        />,
      );
      expect(screen.getByTestId('enrichment-progress')).toHaveTextContent(text);
      expect(screen.getByTestId('enrichment-unsupported')).toHaveTextContent(unsupported);
    });
  });
});
