import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AreaContext,
  registerAreaTranslations,
  sessionKeys,
  STORAGE_KEYS,
  useSessionStore,
  type AreaMountProps,
  type User,
} from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { QueryClient } from '@tanstack/react-query';
import { NAMESPACE, translations } from '../../../locales';
import { mockApi } from '@leadsmith/shared/testing';
import { IcpSuggestionsScreen } from '../components/IcpSuggestionsScreen';

registerAreaTranslations(NAMESPACE, translations);

const ENGINE = { provider: 'embedded', embedded: true, model: 'leadsmith-templates-1' };
const SUGGESTION = {
  id: 3,
  position: 1,
  title: 'Marketing Manager at Healthcare companies',
  description: 'They decide on SEO.',
  search_type: 'people',
  location: 'Austin, Texas',
  filters: { job_title: 'Marketing Manager', departments: ['Marketing'], seniority: ['Director', 'Manager'] },
  provider: 'embedded',
  language: 'en',
  created_at: '2026-03-15T12:00:00Z',
};

function renderScreen(
  modules: User['modules'] = [
    { id: 1, slug: 'leads', name: 'leads' },
    { id: 2, slug: 'ai_suggest', name: 'ai_suggest' },
  ],
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  localStorage.setItem(STORAGE_KEYS.token, 'test-token');
  useSessionStore.setState({ token: 'test-token' });
  client.setQueryData(sessionKeys.me('test-token'), { modules } as User);
  const navigate = jest.fn();
  const props: AreaMountProps = {
    contractVersion: '1.0.0',
    area: 'ai',
    basename: '/ai',
    location: { pathname: '/ai/icp-suggestions', search: '', hash: '', state: null, key: 'k' },
    navigator: { navigate, go: jest.fn() },
  };
  renderWithProviders(
    <AreaContext.Provider value={props}>
      <IcpSuggestionsScreen />
    </AreaContext.Provider>,
    { route: '/icp-suggestions', queryClient: client },
  );
  return { navigate };
}

describe('IcpSuggestionsScreen', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => {
    api.restore();
    localStorage.clear();
  });

  it('is closed until the business profile is done, with a link to it', async () => {
    api = mockApi((call) =>
      call.url === '/api/ai/status' ? { status: 200, body: { profile_completed: false, engine: ENGINE } } : undefined,
    );
    const user = userEvent.setup();
    const { navigate } = renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'ICP suggestions' })).toBeInTheDocument();
    expect(await screen.findByText('AI tools unavailable until the business profile is done')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Complete the business profile' }));
    expect(navigate).toHaveBeenCalledWith('/settings/business-profile');
    expect(api.calls.some((c) => c.url === '/api/ai/icp-suggestions')).toBe(false);
  });

  it('generates suggestions, says the built-in engine is in use, and starts a prefilled lead search', async () => {
    let stored: (typeof SUGGESTION)[] = [];
    api = mockApi((call) => {
      if (call.url === '/api/ai/status') return { status: 200, body: { profile_completed: true, engine: ENGINE } };
      if (call.method === 'GET' && call.url === '/api/ai/icp-suggestions')
        return { status: 200, body: { data: stored, currentPage: 1, pageSize: 10, total: stored.length } };
      if (call.method === 'POST' && call.url === '/api/ai/icp-suggestions') {
        stored = [SUGGESTION];
        return {
          status: 201,
          body: {
            code: 'ai.suggestions_generated',
            message: '1 ideal customer profiles suggested.',
            data: stored,
            total: 1,
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { navigate } = renderScreen();
    expect(await screen.findByText('Built-in AI engine in use')).toBeInTheDocument();
    expect(
      await screen.findByText('No suggestions yet. Generate them from your business profile.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate suggestions' }));
    const card = await screen.findByRole('listitem', { name: SUGGESTION.title });
    expect(card).toHaveTextContent('People search');
    expect(card).toHaveTextContent('Departments:Marketing');
    expect(screen.getByRole('button', { name: 'Generate new suggestions' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Start a lead search: ${SUGGESTION.title}` }));
    expect(navigate).toHaveBeenCalledTimes(1);
    const url = new URL(navigate.mock.calls[0][0] as string, 'http://x');
    expect(url.pathname).toBe('/lead-search/new-search');
    expect(url.searchParams.get('type')).toBe('people');
    expect(url.searchParams.get('location')).toBe('Austin, Texas');
    expect(url.searchParams.get('job_title')).toBe('Marketing Manager');
    expect(url.searchParams.getAll('seniority')).toEqual(['Director', 'Manager']);
  });

  it('shows the API message when generation fails, and no search button without lead search', async () => {
    api = mockApi((call) => {
      if (call.url === '/api/ai/status')
        return {
          status: 200,
          body: { profile_completed: true, engine: { provider: 'openai-compatible', embedded: false, model: 'gpt-x' } },
        };
      if (call.method === 'GET' && call.url === '/api/ai/icp-suggestions')
        return { status: 200, body: { data: [SUGGESTION], currentPage: 1, pageSize: 10, total: 1 } };
      if (call.method === 'POST')
        return {
          status: 504,
          body: {
            code: 'ai.provider_timeout',
            message: 'The AI service did not answer in time. Try again in a moment.',
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen([{ id: 2, slug: 'ai_suggest', name: 'ai_suggest' }]);
    expect(await screen.findByText('AI model in use: gpt-x')).toBeInTheDocument();
    expect(await screen.findByText('Lead search is not part of your plan.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Start a lead search/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Generate new suggestions' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The AI service did not answer in time.'));
  });
});
