import { useSessionStore } from '@leadsmith/shared/core';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { act, fireEvent, screen } from '@testing-library/react';
import { ChatWidget } from '../ChatWidget';

const widget = {
  provider: 'intercom',
  app_id: 'abcd1234',
  frame_url: '/api/chat-widget/frame',
  user: { user_id: '42', name: 'Ada Lovelace', created_at: 1767225600, user_hash: 'f'.repeat(64) },
};

let answer: unknown = widget;
let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  answer = widget;
  useSessionStore.setState({ token: 'session-token' });
  api = mockApi((call) => (call.url === '/api/chat-widget' ? { status: 200, body: { widget: answer } } : undefined));
});
afterEach(() => api.restore());

const fromWindow = (source: Window | null, data: unknown) =>
  act(() => void window.dispatchEvent(new MessageEvent('message', { data, source })));

describe('support chat (ADR 041)', () => {
  it('shows nothing when the workspace has no chat', async () => {
    answer = null;
    renderWithProviders(<ChatWidget />);
    await act(async () => undefined);
    expect(api.calls.map((c) => c.url)).toEqual(['/api/chat-widget']);
    expect(screen.queryByRole('button', { name: 'Chat with support' })).not.toBeInTheDocument();
  });

  it('opens the widget in a frame without allow-same-origin and boots it only for that frame; the widget closing gives the focus back', async () => {
    renderWithProviders(<ChatWidget />);
    const open = await screen.findByRole('button', { name: 'Chat with support' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const frame = screen.getByTitle('Support chat') as HTMLIFrameElement;
    expect(screen.getByRole('region', { name: 'Support chat' })).toContainElement(frame);
    expect(frame.getAttribute('src')).toBe('/api/chat-widget/frame');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('sandbox')).not.toMatch(/allow-same-origin/);

    const target = frame.contentWindow!;
    const post = jest.spyOn(target, 'postMessage').mockImplementation(() => undefined);
    // Another window saying "ready" gets nothing.
    fromWindow(window, { type: 'leadsmith:chat-widget:ready' });
    expect(post).not.toHaveBeenCalled();
    fromWindow(target, { type: 'leadsmith:chat-widget:ready' });
    expect(post).toHaveBeenCalledWith(
      {
        type: 'leadsmith:chat-widget:boot',
        settings: {
          app_id: 'abcd1234',
          user_id: '42',
          name: 'Ada Lovelace',
          created_at: 1767225600,
          user_hash: 'f'.repeat(64),
          language: 'en',
        },
      },
      '*',
    );

    fromWindow(target, { type: 'leadsmith:chat-widget:closed' });
    expect(screen.queryByTitle('Support chat')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('says so when the widget cannot be loaded, and closes from its own button', async () => {
    renderWithProviders(<ChatWidget />);
    fireEvent.click(await screen.findByRole('button', { name: 'Chat with support' }));
    const frame = screen.getByTitle('Support chat') as HTMLIFrameElement;
    fromWindow(frame.contentWindow, { type: 'leadsmith:chat-widget:failed' });
    expect(screen.getByRole('alert')).toHaveTextContent('The support chat could not be loaded. Try again later.');
    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('region', { name: 'Support chat' })).not.toBeInTheDocument();
  });
});
