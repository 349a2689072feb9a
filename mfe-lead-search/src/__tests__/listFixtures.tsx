import type { AreaMountProps } from '@leadsmith/shared';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';

/** A people list and its rows as the result page's API answers them, for the saved list's screen tests. */
export function peopleList(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    name: 'People list',
    list_type: 'people',
    search_type: 'people',
    tags: [],
    source: null,
    archived: false,
    status: 'active',
    is_demo: false,
    result_count: 3,
    has_webhook: false,
    created_at: '2026-03-14T12:00:00Z',
    updated_at: '2026-03-14T12:00:00Z',
    job: null,
    ...overrides,
  };
}

/** Person `id` of the list: a name, a company and an email found unless overridden. */
export function personRow(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name: `Person ${id}`,
    company: `Company ${id}`,
    job_title: null,
    website: null,
    city: null,
    email: `p${id}@example.com`,
    phone: null,
    email_status: 'found',
    crm_status: null,
    crm_provider: null,
    crm_error: null,
    crm_error_detail: null,
    sent: false,
    manual: false,
    credits: 0,
    labels: [],
    data: {},
    created_at: '2026-03-14T12:00:00Z',
    ...overrides,
  };
}

/** The area's URL, on the page for a test to read (`where()`). */
export function Where() {
  const here = useLocation();
  return <output data-testid="where">{`${here.pathname}${here.search}`}</output>;
}
export const where = () => screen.getByTestId('where').textContent ?? '';

/** The shell's mount props of the lead-search area, on the people list of `peopleList()`. */
export const peopleListAreaProps: AreaMountProps = {
  contractVersion: '1.0.0',
  area: 'lead-search',
  basename: '/lead-search',
  location: { pathname: '/saved-lists/people-7', search: '', hash: '', state: null, key: 'k' },
  navigator: { navigate: jest.fn(), go: jest.fn() },
};

/** A page of a list's results as the API answers it: `data` for the page asked for, an exact total. */
export function resultsPage(
  data: unknown[],
  request: { page: number; limit: number },
  total: number,
  campaign: ReturnType<typeof peopleList>,
) {
  return {
    status: 200,
    body: {
      data,
      currentPage: request.page,
      pageSize: request.limit,
      total,
      total_capped: false,
      total_estimated: false,
      campaign,
    },
  };
}
