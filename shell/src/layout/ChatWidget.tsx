import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, useSessionStore } from '@leadsmith/shared/core';

/** What the frame runs with: sandboxed like its CSP (no allow-same-origin, so an opaque origin). */
export const CHAT_FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';

const chatWidgetQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['shell', 'chat-widget', token] as const,
    queryFn: async ({ signal }) => (await api.get('/api/chat-widget', { config: { signal, silent: true } })).widget,
    enabled: token !== null,
    staleTime: 10 * 60_000,
    retry: false,
  });

type FrameMessage = {
  type: 'leadsmith:chat-widget:ready' | 'leadsmith:chat-widget:closed' | 'leadsmith:chat-widget:failed';
};
const isFrameMessage = (data: unknown): data is FrameMessage =>
  typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';

/**
 * The support chat (spec §7, ADR 041): a button in the corner opens the user's workspace's chat widget
 * in a frame whose document has an opaque origin, so the widget's script cannot read the session token
 * or act as the user on the API. The frame asks for its settings when it is ready and is answered only
 * when the message comes from that frame; the identity (id, name, created_at, hash) is the API's.
 */
export function ChatWidget() {
  const { t, i18n } = useTranslation('common');
  const token = useSessionStore((s) => s.token);
  const widget = useQuery(chatWidgetQueryOptions(token)).data ?? null;
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open || !widget) return undefined;
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target || !isFrameMessage(event.data)) return;
      if (event.data.type === 'leadsmith:chat-widget:ready') {
        // The frame's origin is opaque ('null'): it can only be addressed with '*'; the source check above pins the window.
        target.postMessage(
          {
            type: 'leadsmith:chat-widget:boot',
            settings: { app_id: widget.app_id, ...widget.user, language: i18n.language.slice(0, 2) },
          },
          '*',
        );
      } else if (event.data.type === 'leadsmith:chat-widget:closed') {
        setOpen(false);
        button.current?.focus();
      } else setFailed(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [open, widget, i18n.language]);

  if (!widget) return null;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      {open ? (
        <section className="ls-chat-panel" aria-label={t('chat.title')} data-testid="chat-panel">
          <div className="ls-chat-head">
            <h2 className="ls-chat-title">{t('chat.title')}</h2>
            <button type="button" className="ls-button" onClick={close}>
              {t('chat.close')}
            </button>
          </div>
          {failed ? (
            <p role="alert" className="ls-chat-failed">
              {t('chat.failed')}
            </p>
          ) : null}
          <iframe
            ref={frame}
            className="ls-chat-frame"
            title={t('chat.title')}
            src={widget.frame_url}
            sandbox={CHAT_FRAME_SANDBOX}
            referrerPolicy="no-referrer"
          />
        </section>
      ) : null}
      <button
        ref={button}
        type="button"
        className="ls-button ls-button--solid ls-chat-button"
        aria-expanded={open}
        onClick={() => {
          setFailed(false);
          setOpen(!open);
        }}
      >
        {t('chat.open')}
      </button>
    </>
  );
}
