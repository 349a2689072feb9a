import { act, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { EmailTemplatesPage } from '../components/EmailTemplatesPage';

registerAreaTranslations(NAMESPACE, translations);

const welcome = {
  kind: 'welcome',
  subject: 'Welcome to {business_name}',
  html: '<p>Hello {first_name}</p>',
  text: 'Hello {first_name}',
  is_default: true,
  updated_at: null,
  variables: ['first_name', 'business_name'],
};

describe('EmailTemplatesPage', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => {
    api.restore();
    jest.useRealTimers();
  });

  it('asks for the preview once typing has settled, then stays still (no render while nothing changes)', async () => {
    jest.useFakeTimers();
    api = mockApi((call) => {
      if (call.url === '/api/whitelabel/email-templates' && call.method === 'GET')
        return { status: 200, body: { data: [welcome] } };
      if (call.url === '/api/whitelabel/email-templates/welcome/preview')
        return {
          status: 200,
          body: { subject: 'Welcome to Riley Leads', html: '<p>Hello Ada</p>', text: 'Hello Ada' },
        };
      return undefined;
    });
    let commits = 0;
    renderWithProviders(
      <Profiler id="templates" onRender={() => (commits += 1)}>
        <EmailTemplatesPage />
      </Profiler>,
      { route: '/email-templates' },
    );
    expect(await screen.findByTestId('template-preview-subject')).toHaveTextContent('Welcome to Riley Leads');
    const settled = commits;
    // Ten preview delays with nothing typed: a draft settled as a new object each time re-rendered the page every 400 ms.
    await act(async () => {
      jest.advanceTimersByTime(4000);
    });
    expect(commits).toBe(settled);
    expect(api.calls.filter((c) => c.url.endsWith('/preview'))).toHaveLength(1);
  });
});
