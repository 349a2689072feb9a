import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AreaContext, registerAreaTranslations, type AreaMountProps } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { mockApi } from '@leadsmith/shared/testing';
import { TrainingScreen } from '../components/TrainingScreen';

registerAreaTranslations(NAMESPACE, translations);

const ENGINE = { provider: 'embedded', embedded: true, model: 'leadsmith-templates-1' };
const source = (kind: string, count: number, status: string, changed = 0) => ({
  kind,
  count,
  characters: count * 40,
  tokens: count * 10,
  changed,
  status,
});
const RUN = {
  id: 1,
  status: 'completed',
  provider: 'embedded',
  model: 'leadsmith-templates-1',
  sources: { profile: 1, texts: 2 },
  tokens: 30,
  summary: 'Acme (Marketing) offers SEO to dentists.',
  error_code: null,
  started_at: '2026-03-15T12:00:00Z',
  finished_at: '2026-03-15T12:00:01Z',
};

describe('TrainingScreen', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('lists the sources with counts and status, estimates tokens, queues a run and follows it until it completes', async () => {
    let trained = false;
    // After the POST the run is queued; the screen polls the overview, which then reports it completed.
    let queuedReads = 0;
    const QUEUED = { ...RUN, status: 'queued', summary: '', finished_at: null };
    api = mockApi((call) => {
      if (call.url === '/api/ai/status') return { status: 200, body: { profile_completed: true, engine: ENGINE } };
      if (call.url === '/api/ai/training' && queuedReads > 0) {
        queuedReads -= 1;
        return {
          status: 200,
          body: {
            profile_completed: true,
            engine: ENGINE,
            sources: [
              source('profile', 1, 'not_trained'),
              source('websites', 0, 'empty'),
              source('links', 0, 'empty'),
              source('texts', 2, 'not_trained'),
              source('qa', 0, 'empty'),
              source('files', 0, 'empty'),
            ],
            total: { count: 3, tokens: 30 },
            needs_training: true,
            last_completed_run: null,
            latest_run: QUEUED,
          },
        };
      }
      if (call.url === '/api/ai/training')
        return {
          status: 200,
          body: {
            profile_completed: true,
            engine: ENGINE,
            sources: [
              source('profile', 1, trained ? 'trained' : 'not_trained'),
              source('websites', 0, 'empty'),
              source('links', 0, 'empty'),
              source('texts', 2, trained ? 'trained' : 'not_trained'),
              source('qa', 0, 'empty'),
              source('files', 0, 'empty'),
            ],
            total: { count: 3, tokens: 30 },
            needs_training: !trained,
            last_completed_run: trained ? RUN : null,
            latest_run: trained ? RUN : null,
          },
        };
      if (call.url === '/api/ai/training-runs' && call.method === 'GET')
        return {
          status: 200,
          body: {
            data: trained ? [queuedReads > 0 ? QUEUED : RUN] : [],
            currentPage: 1,
            pageSize: 5,
            total: trained ? 1 : 0,
          },
        };
      if (call.url === '/api/get-all-openai-default-questions')
        return {
          status: 200,
          body: {
            data: [
              {
                key: 'what_you_do',
                question: 'What does your business do, in one or two sentences?',
                answered: true,
                qa_id: 4,
              },
              { key: 'ideal_customer', question: 'Who is your ideal customer?', answered: false, qa_id: null },
            ],
            answered: 1,
            total: 2,
          },
        };
      if (call.url === '/api/calculate-tokens-ai-training')
        return { status: 200, body: { tokens: 20, characters: 80, chars_per_token: 4, by_source: [] } };
      if (call.url === '/api/ai/training-runs' && call.method === 'POST') {
        trained = true;
        queuedReads = 1;
        return { status: 202, body: { code: 'ai.training_queued', message: 'Training started.', data: QUEUED } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    const props: AreaMountProps = {
      contractVersion: '1.0.0',
      area: 'ai',
      basename: '/ai',
      location: { pathname: '/ai/training', search: '', hash: '', state: null, key: 'k' },
      navigator: { navigate: jest.fn(), go: jest.fn() },
    };
    renderWithProviders(
      <AreaContext.Provider value={props}>
        <TrainingScreen />
      </AreaContext.Provider>,
      { route: '/training' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'AI training' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'What the assistant is trained on' });
    const texts = within(table).getByRole('row', { name: /Texts/ });
    expect(texts).toHaveTextContent('Texts220Not trained yet');
    expect(within(table).getByRole('row', { name: /Files/ })).toHaveTextContent('Nothing added');
    expect(screen.getByText('The assistant has not been trained yet.')).toBeInTheDocument();
    expect(await screen.findByText('No training runs yet.')).toBeInTheDocument();
    // The default questions: how many the Q&A answers, the open ones, and a link to answer them.
    expect(await screen.findByTestId('ai-questions-progress')).toHaveTextContent('1 of 2 default questions answered');
    expect(
      within(screen.getByRole('list', { name: 'Questions still open' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Who is your ideal customer?']);
    await user.click(screen.getByRole('link', { name: 'Answer them in the business data (Q&A)' }));
    expect(props.navigator.navigate).toHaveBeenCalledWith('/settings/business-profile?tab=qa');

    // Only the sources with content are preselected for the estimate.
    expect(screen.getByRole('checkbox', { name: 'Texts' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Files' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Business profile' }));
    await user.click(screen.getByRole('button', { name: 'Estimate tokens' }));
    expect(await screen.findByText('About 20 tokens (80 characters).')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/calculate-tokens-ai-training')?.body).toEqual({ sources: ['texts'] });

    await user.click(screen.getByRole('button', { name: 'Train assistant' }));
    expect(await screen.findByTestId('ai-training-run-status')).toHaveTextContent(
      'QueuedTraining is queued: it starts in a moment.',
    );
    // Polled while queued (every 2 s): the completed run shows without a reload.
    expect(
      await screen.findByText('Acme (Marketing) offers SEO to dentists.', undefined, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('ai-training-run-status')).not.toBeInTheDocument();
    await waitFor(() => expect(within(table).getByRole('row', { name: /Texts/ })).toHaveTextContent('Trained'));
    expect(screen.getByRole('button', { name: 'Refresh training' })).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'Training history' });
    expect(within(history).getAllByRole('row')[1]).toHaveTextContent('Completed');
  });
});
