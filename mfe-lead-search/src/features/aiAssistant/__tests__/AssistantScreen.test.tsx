import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  AreaContext,
  AreaRoutes,
  registerAreaTranslations,
  type AreaMountProps,
  type AreaRouteConfig,
} from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { AssistantScreen } from '../components/AssistantScreen';
import type { FineTune } from '../api/types';

registerAreaTranslations(NAMESPACE, translations);

const routes: AreaRouteConfig[] = [
  { path: 'ai-assistant', titleKey: 'leadSearch:routes.aiAssistant', element: <AssistantScreen /> },
];

const areaProps: AreaMountProps = {
  contractVersion: '1.0.0',
  area: 'lead-search',
  basename: '/lead-search',
  location: { pathname: '/lead-search/ai-assistant', search: '', hash: '', state: null, key: 'k' },
  navigator: { navigate: jest.fn(), go: jest.fn() },
};
const screenAt = (route: string) =>
  renderWithProviders(
    <AreaContext.Provider value={areaProps}>
      <AreaRoutes routes={routes} />
    </AreaContext.Provider>,
    { route },
  );

const prompt = (id: number, prompt_type: FineTune['prompt_type'], extra: Partial<FineTune> = {}): FineTune => ({
  id,
  list_type: 'people',
  prompt_type,
  standard: true,
  customized: false,
  title: `Title ${id}`,
  prompt: `Default ${prompt_type} for {first_name}`,
  default_prompt: `Default ${prompt_type} for {first_name}`,
  library_id: null,
  library_source: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

function network(profileCompleted: boolean) {
  const prompts = [prompt(1, 'summary'), prompt(2, 'first_line', { customized: true, prompt: 'Hi {first_name}' })];
  return mockApi((call) => {
    if (call.url === '/api/business-details/data')
      return { status: 200, body: { data: null, profile_completed: profileCompleted } };
    if (call.url === '/api/business-details/fine-tunes' && call.method === 'GET')
      return { status: 200, body: { data: prompts, currentPage: 1, pageSize: 100, total: prompts.length } };
    if (call.url === '/api/business-details/get-fine-tunes-variables')
      return { status: 200, body: { type: 'people', result: ['first_name', 'company'], business: ['business_name'] } };
    if (call.url === '/api/business-details/fine-tunes/2' && call.method === 'PUT') {
      const body = call.body as { prompt: string };
      return {
        status: 200,
        body: {
          code: 'leadSearch.assistant.prompt_saved',
          message: 'Prompt saved.',
          fine_tune: { ...prompts[1], prompt: body.prompt },
        },
      };
    }
    if (call.url === '/api/business-details/generateFineTune')
      return { status: 200, body: { prompt: 'We are {business_name}. Greet {first_name}.', provider: 'embedded' } };
    return undefined;
  });
}

describe('AssistantScreen', () => {
  it('edits a prompt: variables go in at the cursor and the text is saved', async () => {
    const api = network(true);
    try {
      screenAt('/ai-assistant?prompt=2');
      expect(await screen.findByRole('heading', { level: 2, name: 'First line' })).toBeInTheDocument();
      expect(within(screen.getByRole('form', { name: 'First line' })).getByText('Customised')).toBeInTheDocument();
      expect(screen.getByTestId('default-prompt')).toHaveTextContent('Default first_line for {first_name}');
      const textarea = screen.getByLabelText('Prompt') as HTMLTextAreaElement;
      expect(textarea.value).toBe('Hi {first_name}');
      textarea.setSelectionRange(3, 3);
      fireEvent.click(await screen.findByRole('button', { name: 'Insert {business_name}' }));
      expect(textarea.value).toBe('Hi {business_name}{first_name}');
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ prompt: 'Hi {business_name}{first_name}' }),
      );

      fireEvent.click(screen.getByRole('button', { name: 'Generate from business profile' }));
      await waitFor(() => expect(textarea.value).toBe('We are {business_name}. Greet {first_name}.'));
      expect(api.calls.find((c) => c.url === '/api/business-details/generateFineTune')?.body).toEqual({
        type: 'people',
        prompt_type: 'first_line',
      });
    } finally {
      api.restore();
    }
  });

  it('checks the text before saving', async () => {
    const api = network(true);
    try {
      screenAt('/ai-assistant?prompt=2');
      const textarea = (await screen.findByLabelText('Prompt')) as HTMLTextAreaElement;
      fireEvent.change(textarea, { target: { value: '   ' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('This field is required')).toBeInTheDocument();
      expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    } finally {
      api.restore();
    }
  });

  it('shows the business profile gate and keeps generation closed', async () => {
    const api = network(false);
    try {
      screenAt('/ai-assistant');
      const gate = await screen.findByTestId('assistant-profile-required');
      expect(within(gate).getByText('AI tools unavailable until the business profile is done')).toBeInTheDocument();
      expect(within(gate).getByRole('link', { name: 'Complete the business profile' })).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Generate from business profile' })).toBeDisabled();
    } finally {
      api.restore();
    }
  });
});
