import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiClient, AreaRoutes, registerAreaTranslations, type AreaRouteConfig } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { NAMESPACE, translations } from '../../../locales';
import { NewSearchScreen } from '../components/NewSearchScreen';

registerAreaTranslations(NAMESPACE, translations);

const OPTIONS = {
  types: ['people', 'local', 'company', 'domain', 'influencer', 'intent', 'group'],
  filters_by_type: {
    people: ['job_title', 'departments', 'management_levels', 'seniority', 'company'],
    group: ['companies', 'job_title', 'departments', 'seniority'],
    local: ['categories', 'technologies'],
    company: ['industry', 'employees_min', 'employees_max', 'technologies'],
    domain: ['domain'],
    intent: ['website'],
    influencer: [
      'platforms',
      'account_types',
      'genders',
      'keyword',
      'followers_min',
      'followers_max',
      'lastposted',
      'engagementRate',
      'followersGrowthRate',
      'likesGrowthRate',
      'viewsGrowthRate',
      'audience_credibility',
    ],
  },
  cost_per_record: { people: 3, group: 3, company: 1, local: 1, domain: 1, influencer: 2, intent: 1 },
  max_count: 1000,
  influencer_lastposted_min: 30,
  seniorities: ['Founder/Owner', 'C-Level', 'Director', 'Head'],
  departments: ['Sales', 'Engineering'],
  management_levels: ['Owner', 'Manager'],
  place_types: ['Dentist', 'Restaurant'],
  technologies: ['wordpress', 'shopify'],
  industries: ['Software'],
  platforms: ['youtube', 'instagram', 'tiktok'],
  account_types: ['regular', 'business', 'creator'],
  genders: ['male', 'female', 'known', 'unknown'],
  growth_intervals: ['i1month', 'i3months'],
  operators: ['gte', 'gt', 'lte', 'lt'],
  range_filters: ['followers'],
  rate_filters: ['engagementRate', 'followersGrowthRate', 'likesGrowthRate', 'viewsGrowthRate'],
  // People has a real source (charged); the other types show demo data (free).
  providers: {
    ...Object.fromEntries(
      ['local', 'company', 'domain', 'influencer', 'intent', 'group'].map((t) => [
        t,
        { id: 'demo', demo: true, demo_reason: 'no_source' },
      ]),
    ),
    people: { id: 'apollo', demo: false, demo_reason: null },
  },
};
const LIMITS = {
  search_limit: 1000,
  searches_used: 900,
  remaining: 100,
  percent_used: 90,
  band: 'over_50',
  credits: { monthly: 10, additional: 5, rolled_over: 0, total: 15 },
};
const campaign = (id: number, list_type: string) => ({
  id,
  name: `My ${list_type} list`,
  list_type,
  is_demo: false,
  status: 'active',
  archived: false,
  tags: [],
  job: null,
});

let posted: { url: string; body: unknown }[] = [];

function fakeNetwork(): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const respond = (data: unknown, status = 200): AxiosResponse => ({
      data,
      status,
      statusText: 'OK',
      headers: {},
      config,
    });
    if (url === '/api/search-options') return respond(OPTIONS);
    if (url === '/api/user-limits') return respond(LIMITS);
    if (url === '/api/campaigns' && config.method === 'get') {
      const type = (config.params as { type?: string }).type ?? 'people';
      return respond({ data: [campaign(7, type)], currentPage: 1, pageSize: 100, total: 1 });
    }
    if (url === '/api/campaigns' && config.method === 'post') {
      const body = {
        statusCode: 409,
        error: 'Conflict',
        code: 'leadSearch.list_name_taken',
        field: 'name',
        message: 'You already have a list with this name: choose another name',
      };
      throw new AxiosError('Request failed with status code 409', 'ERR_BAD_REQUEST', config, null, respond(body, 409));
    }
    if (url === '/api/searches') {
      const body = JSON.parse(String(config.data)) as { type: string; campaign_id: number };
      posted.push({ url, body });
      return respond({ job: { id: 1 }, campaign: campaign(body.campaign_id, body.type) }, 201);
    }
    throw new Error(`unexpected call ${config.method} ${url}`);
  };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

const routes: AreaRouteConfig[] = [
  { path: 'new-search', element: <NewSearchScreen /> },
  { path: 'saved-lists/:typeId', element: <Where /> },
];

const originalAdapter = apiClient.defaults.adapter;
beforeEach(() => {
  posted = [];
  apiClient.defaults.adapter = fakeNetwork();
});
afterAll(() => {
  apiClient.defaults.adapter = originalAdapter;
});

const run = () => fireEvent.click(screen.getByRole('button', { name: 'Run search' }));

describe('new search form', () => {
  it('asks for location and list before continuing and sends nothing', async () => {
    renderWithProviders(<AreaRoutes routes={routes} />, { route: '/new-search?type=people&job_title=CTO' });
    await screen.findByLabelText('Location');
    run();
    expect(await screen.findAllByText('Select location and list before continuing')).toHaveLength(2);
    expect(posted).toHaveLength(0);
  });

  it('needs at least one people filter', async () => {
    renderWithProviders(<AreaRoutes routes={routes} />, {
      route: '/new-search?type=people&location=Berlin&campaign_id=7',
    });
    await screen.findByLabelText('Location');
    await waitFor(() => expect(screen.getByLabelText('List')).toHaveValue('7'));
    run();
    expect(await screen.findByText('Select at least one filter')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it('says how departments are applied when Apollo serves the type, and says nothing for another source', async () => {
    const { unmount } = renderWithProviders(<AreaRoutes routes={routes} />, { route: '/new-search?type=people' });
    expect(await screen.findByTestId('departments-by-title')).toHaveTextContent('Apollo has no department filter');
    unmount();
    renderWithProviders(<AreaRoutes routes={routes} />, { route: '/new-search?type=group' });
    await screen.findByLabelText('Location');
    expect(screen.queryByTestId('departments-by-title')).not.toBeInTheDocument();
  });

  it('says the technologies filter is not applied when companies come from Wikidata', async () => {
    const providers = OPTIONS.providers as Record<string, { id: string; demo: boolean; demo_reason: string | null }>;
    const company = providers.company!;
    providers.company = { id: 'wikidata', demo: false, demo_reason: null };
    try {
      renderWithProviders(<AreaRoutes routes={routes} />, { route: '/new-search?type=company' });
      expect(await screen.findByTestId('technologies-not-applied')).toHaveTextContent('this filter is not applied');
    } finally {
      providers.company = company;
    }
  });

  it('applies the influencer rules (last posted ≥ 30, rates 0..1, interval/operator/value together)', async () => {
    renderWithProviders(<AreaRoutes routes={routes} />, {
      route: '/new-search?type=influencer&location=Rome&campaign_id=7&platforms=instagram',
    });
    fireEvent.change(await screen.findByLabelText('Last posted (days, at least 30)'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Audience credibility (0 to 1)'), { target: { value: '1.5' } });
    const engagement = screen.getByRole('group', { name: 'Engagement rate (0 to 1)' });
    fireEvent.change(within(engagement).getByLabelText('Operator'), { target: { value: 'gte' } });
    fireEvent.change(within(engagement).getByLabelText('Value'), { target: { value: '2' } });
    const followers = screen.getByRole('group', { name: 'Followers growth rate' });
    fireEvent.change(within(followers).getByLabelText('Interval'), { target: { value: 'i1month' } });
    run();
    expect(await screen.findByText('Minimum number is 30')).toBeInTheDocument();
    expect(screen.getAllByText('Maximum number is 1')).toHaveLength(2);
    expect(
      within(followers).getByText('Interval, operator and value are all required once one is given'),
    ).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it('shows cost, balance and limit band, and refuses a count over the limit', async () => {
    renderWithProviders(<AreaRoutes routes={routes} />, { route: '/new-search?type=people&count=5' });
    expect(await screen.findByTestId('search-cost')).toHaveTextContent('Up to 15 credits: 5 leads × 3 credits');
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('15 credits');
    expect(screen.queryByTestId('demo-reason')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Number of leads (1–1000)'), { target: { value: '150' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This search asks for 150 leads but only 100 remain');
    expect(screen.getByRole('button', { name: 'Run search' })).toBeDisabled();
  });

  it('says demo data costs no credits and no search limit', async () => {
    renderWithProviders(<AreaRoutes routes={routes} />, { route: '/new-search?type=company&count=150' });
    expect(await screen.findByTestId('search-cost')).toHaveTextContent(
      'Demo data — no credits: its 150 leads cost nothing and do not count toward your search limit.',
    );
    expect(screen.getByText('Demo data — no credits')).toBeInTheDocument();
    expect(screen.getByTestId('demo-reason')).toHaveTextContent('showing demo data');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run search' })).toBeEnabled();
  });

  it('prefills from the URL and sends only the filters of the chosen type', async () => {
    renderWithProviders(<AreaRoutes routes={routes} />, {
      route:
        '/new-search?type=people&job_title=CTO&seniority=Director,Head&location=Berlin&campaign_id=7&count=4&domain=ignored.com',
    });
    expect(await screen.findByLabelText('Job title')).toHaveValue('CTO');
    expect(screen.getByLabelText('Director')).toBeChecked();
    expect(screen.getByLabelText('Head')).toBeChecked();
    await waitFor(() => expect(screen.getByLabelText('List')).toHaveValue('7'));
    run();
    expect(await screen.findByTestId('where')).toHaveTextContent('/saved-lists/people-7');
    expect(posted[0]!.body).toEqual({
      type: 'people',
      campaign_id: 7,
      location: 'Berlin',
      count: 4,
      duplicates: 'keep',
      filters: { job_title: 'CTO', seniority: ['Director', 'Head'] },
    });
  });

  it('a list name the account already uses is refused beside the name field, with the API message', async () => {
    renderWithProviders(<AreaRoutes routes={routes} />, { route: '/new-search?type=people' });
    const name = await screen.findByLabelText('Or create a new list');
    fireEvent.change(name, { target: { value: 'My people list' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create list' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You already have a list with this name: choose another name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAttribute('aria-describedby', alert.id);
  });

  it('uses the Chakra checkbox everywhere on the form, never a native one or a native multiple select', async () => {
    for (const type of ['people', 'local', 'influencer']) {
      const { container, unmount } = renderWithProviders(<AreaRoutes routes={routes} />, {
        route: `/new-search?type=${type}`,
      });
      await screen.findByLabelText('Location');
      const boxes = [...container.querySelectorAll('input[type="checkbox"]')];
      expect(boxes.length).toBeGreaterThan(0);
      for (const box of boxes) expect(box.closest('[data-scope="checkbox"]')).not.toBeNull();
      expect(container.querySelector('select[multiple]')).toBeNull();
      unmount();
    }
  });

  it('business categories: a searchable multi-select with chips, driven by the keyboard alone', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AreaRoutes routes={routes} />, {
      route: '/new-search?type=local&location=Porto&campaign_id=7&count=3',
    });
    const box = await screen.findByRole('combobox', { name: 'Business categories' });
    await waitFor(() => expect(screen.getByLabelText('List')).toHaveValue('7'));
    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('listbox', { name: 'Business categories' })).getAllByRole('option')).toHaveLength(2);
    await user.type(box, 'rest');
    const options = within(screen.getByRole('listbox', { name: 'Business categories' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Restaurant']);
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{Enter}');
    // Enter picked the category and did not submit the search.
    expect(screen.getByRole('list', { name: 'Chosen: Business categories' })).toHaveTextContent('Restaurant');
    expect(posted).toHaveLength(0);
    expect(box).toHaveValue('');
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    const chosen = () =>
      within(screen.getByRole('list', { name: 'Chosen: Business categories' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(chosen()).toEqual(['Restaurant', 'Dentist']);
    expect(
      within(screen.getByRole('listbox', { name: 'Business categories' })).getByRole('option', { name: 'Dentist' }),
    ).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Backspace}');
    expect(chosen()).toEqual(['Restaurant']);
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Remove Restaurant' }));
    expect(screen.queryByRole('list', { name: 'Chosen: Business categories' })).not.toBeInTheDocument();
    await user.type(box, 'dent{Enter}');
    run();
    expect(await screen.findByTestId('where')).toHaveTextContent('/saved-lists/local-7');
    expect(posted[0]!.body).toMatchObject({ type: 'local', filters: { categories: ['Dentist'] } });
  });
});
