import { screen } from '@testing-library/react';
import { registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { JobSourceError } from '../components/JobSourceError';

registerAreaTranslations(NAMESPACE, translations);

describe('a lead source failure on the list', () => {
  it('says which source refused the key when the search stopped because of it', () => {
    renderWithProviders(<JobSourceError job={{ status: 'stopped', stop_reason: 'source_error', source_error: { source: 'apollo', code: 'key_refused' } }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The search stopped because a data source failed. The people-data provider refused the key.');
  });

  it('tells a passing failure while the search goes on, and nothing once it ended for another reason', () => {
    const { rerender } = renderWithProviders(<JobSourceError job={{ status: 'running', stop_reason: null, source_error: { source: 'osm', code: 'rate_limited' } }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The OpenStreetMap service asked us to slow down; the search continues shortly.');
    rerender(<JobSourceError job={{ status: 'done', stop_reason: null, source_error: { source: 'osm', code: 'rate_limited' } }} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
