import { screen } from '@testing-library/react';
import { registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { JobSourceError } from '../components/JobSourceError';

registerAreaTranslations(NAMESPACE, translations);

describe('a lead source failure on the list', () => {
  it('says which source refused the key when the search stopped because of it', () => {
    renderWithProviders(
      <JobSourceError
        job={{
          status: 'stopped',
          stop_reason: 'source_error',
          source_error: { source: 'apollo', code: 'key_refused' },
        }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The search stopped because a data source failed. The people-data provider refused the key.',
    );
  });

  it('tells a passing failure while the search goes on, and nothing once it ended for another reason', () => {
    const { rerender } = renderWithProviders(
      <JobSourceError
        job={{ status: 'running', stop_reason: null, source_error: { source: 'osm', code: 'rate_limited' } }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The OpenStreetMap service asked us to slow down; the search continues shortly.',
    );
    rerender(
      <JobSourceError
        job={{ status: 'done', stop_reason: null, source_error: { source: 'osm', code: 'rate_limited' } }}
      />,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names the last failure of a search that failed after its retries', () => {
    renderWithProviders(
      <JobSourceError
        job={{ status: 'stopped', stop_reason: 'failed', source_error: { source: 'osm', code: 'unavailable' } }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/^The OpenStreetMap service could not be reached\.$/);
  });

  it('says which source could not be reached when the list shows demo data instead, and raises no alarm', () => {
    renderWithProviders(
      <JobSourceError
        job={{
          status: 'done',
          stop_reason: null,
          demo_reason: 'unreachable',
          source_error: { source: 'osm', code: 'unavailable' },
        }}
      />,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('demo-reason')).toHaveTextContent(
      'The OpenStreetMap service could not be reached and no other source can answer this search: showing demo data, free of charge.',
    );
  });
});
