import type { Query } from '@tanstack/react-query';
import { readListState } from '../listUrlState';
import { resultsQuery, type ResultsPage } from '../api/getResults';

/** The poll interval the list's results query asks for after an answer like `page`. */
function interval(
  campaign: Partial<ResultsPage['campaign']>,
  rows: Partial<ResultsPage['data'][number]>[] = [],
): number | false | undefined {
  const options = resultsQuery('local', 1, readListState(new URLSearchParams()).filters);
  const refetch = options.refetchInterval as unknown as (query: Query<unknown>) => number | false | undefined;
  const page = {
    data: rows.map((r) => ({ email_status: 'found', crm_status: null, data: {}, ...r })),
    campaign: { job: { status: 'done' }, enrichment: null, ...campaign },
  };
  return refetch({ state: { data: { pages: [page], pageParams: [{ page: 1 }] } } } as unknown as Query<unknown>);
}

describe("the list's results poll", () => {
  it("keeps polling after the search has ended while the list's emails are being graded, so their grades reach the rows", () => {
    expect(interval({ grading: true })).toBe(2000);
  });

  it('stops once the page says no grade is still to land', () => {
    expect(interval({ grading: false })).toBe(false);
    expect(interval({})).toBe(false);
  });

  it('polls at the search pace while the search runs, whatever the grading', () => {
    expect(
      interval({ grading: true, job: { status: 'running', search_type: 'local' } as ResultsPage['campaign']['job'] }),
    ).toBe(1000);
  });
});
