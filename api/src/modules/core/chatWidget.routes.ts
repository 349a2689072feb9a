import { createHmac, randomBytes } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CHAT_WIDGET_APP_ID } from '../../config';
import { currentUser } from '../../http/auth';
import type { AppDeps } from '../../http/context';
import { MessageProperties, Nullable, OrNull, StringEnum, Timestamp, Type } from '../../http/contract';
import { unprocessable } from '../../http/errors';
import { say } from '../../http/respond';
import { resellerGuard, resellerIdOf } from '../whitelabel/common';
import { openSecret, sealSecret } from '../whitelabel/smtp.service';
import {
  CHAT_WIDGET_PROVIDERS,
  chatIdentityOf,
  deleteWidget,
  saveWidget,
  widgetRowOf,
  type ChatWidgetProvider,
  type WidgetRow,
} from './chatWidget.repository';

/**
 * The support chat (spec §7: "a third-party chat widget receives user name, id, created_at and hash"),
 * ADR 041. One vetted widget, Intercom's Messenger: the reseller's own workspace for its customers, the
 * operator's (CHAT_WIDGET_APP_ID) for everyone no reseller serves. Identity verification: `user_hash` is
 * the HMAC-SHA256 (hex) of the user id under the workspace's secret, what PHP's hash_hmac('sha256', …)
 * gives, so the workspace can trust the id. The widget never runs in the app's origin (ADR 007): the
 * shell frames /api/chat-widget/frame, a document with an opaque origin, and hands it the identity by
 * postMessage.
 */

/** Where Intercom's Messenger loader is served (`/widget/{app_id}`). */
export const INTERCOM_WIDGET_ORIGIN = 'https://widget.intercom.io';
export const CHAT_WIDGET_FRAME_PATH = '/api/chat-widget/frame';

/** hash_hmac('sha256', id, secret): Intercom's identity verification of a user id. */
export const chatUserHash = (secret: string, userId: number): string =>
  createHmac('sha256', secret).update(String(userId)).digest('hex');

const ChatWidgetSettings = Type.Object({
  provider: StringEnum(CHAT_WIDGET_PROVIDERS),
  app_id: Type.String(),
  has_secret: Type.Boolean({
    description: 'The identity verification secret never leaves the server: whether one is set.',
  }),
  updated_at: Timestamp(),
});

const ChatWidgetAnswer = Type.Object({
  widget: Nullable(
    Type.Object({
      provider: StringEnum(CHAT_WIDGET_PROVIDERS),
      app_id: Type.String(),
      frame_url: Type.String(),
      /** What the widget is booted with: Intercom's user_id, name, created_at (Unix seconds) and user_hash. */
      user: Type.Object({
        user_id: Type.String(),
        name: Type.String(),
        created_at: Type.Integer(),
        user_hash: Type.String(),
      }),
    }),
  ),
});

const settingsView = (row: WidgetRow) => ({
  provider: row.provider,
  app_id: row.app_id,
  has_secret: true,
  updated_at: row.updated_at,
});

/**
 * The document the shell frames. It loads nothing until its parent (the shell) posts the settings; then
 * it boots Intercom's Messenger with them, without its launcher (the shell draws the button), opens it,
 * and tells the parent when the Messenger is closed. The CSP `sandbox` (no allow-same-origin) gives it an
 * opaque origin: nothing in it can read the app's localStorage token or send credentialed same-origin
 * requests. Only the loader below runs by its nonce; what it adds is trusted through 'strict-dynamic'.
 */
export function chatWidgetFrameHtml(nonce: string): string {
  const loader = `(function () {
  var parentWindow = window.parent;
  var booted = false;
  window.addEventListener('message', function (event) {
    if (booted || event.source !== parentWindow || !event.data || event.data.type !== 'leadsmith:chat-widget:boot') return;
    var s = event.data.settings || {};
    if (!/^[A-Za-z0-9]{4,40}$/.test(String(s.app_id))) return;
    booted = true;
    var settings = { app_id: String(s.app_id), user_id: String(s.user_id), name: String(s.name), created_at: Number(s.created_at), user_hash: String(s.user_hash), hide_default_launcher: true };
    if (/^[a-z]{2}$/.test(String(s.language))) settings.language_override = String(s.language);
    window.intercomSettings = settings;
    var queue = function () { queue.c(arguments); };
    queue.q = [];
    queue.c = function (args) { queue.q.push(args); };
    window.Intercom = queue;
    window.Intercom('boot', settings);
    window.Intercom('onHide', function () { parentWindow.postMessage({ type: 'leadsmith:chat-widget:closed' }, '*'); });
    window.Intercom('show');
    var script = document.createElement('script');
    script.async = true;
    script.src = ${JSON.stringify(INTERCOM_WIDGET_ORIGIN)} + '/widget/' + encodeURIComponent(settings.app_id);
    script.onerror = function () { parentWindow.postMessage({ type: 'leadsmith:chat-widget:failed' }, '*'); };
    document.head.appendChild(script);
  });
  parentWindow.postMessage({ type: 'leadsmith:chat-widget:ready' }, '*');
})();`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Support chat</title><style>html,body{margin:0;height:100%;background:transparent}</style></head><body><script nonce="${nonce}">${loader}</script></body></html>`;
}

export function chatWidgetFrameCsp(nonce: string): string {
  return [
    "default-src 'none'",
    // The loader by its nonce; the Messenger it loads, and what that loads, through 'strict-dynamic'.
    `script-src 'nonce-${nonce}' 'strict-dynamic' https:`,
    "style-src 'unsafe-inline' https:",
    'img-src https: data: blob:',
    'font-src https: data:',
    'media-src https: blob:',
    'connect-src https: wss:',
    'frame-src https:',
    'form-action https:',
    "base-uri 'none'",
    // Only the app's own pages may frame it.
    "frame-ancestors 'self'",
    'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox',
  ].join('; ');
}

const SettingsBody = Type.Object(
  {
    provider: StringEnum(CHAT_WIDGET_PROVIDERS),
    app_id: Type.String({ minLength: 1, maxLength: 40 }),
    /** Absent, null or blank: keep the stored secret (one is required the first time). */
    secret: Type.Optional(OrNull(Type.String({ maxLength: 200 }))),
  },
  { additionalProperties: false },
);

export function chatWidgetRoutes(api: FastifyInstance, { db, config }: AppDeps): void {
  const app = api.withTypeProvider<TypeBoxTypeProvider>();
  const guard = resellerGuard(api);

  app.get(
    '/api/chat-widget',
    {
      onRequest: [app.requireAuth],
      schema: {
        summary: "The support chat of the signed-in user's workspace, with its verified identity (null: none)",
        response: { 200: ChatWidgetAnswer },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Someone signed in as the user (impersonation) must not chat in the user's name.
      if (user.impersonatorId !== null && user.impersonatorId !== undefined) return { widget: null };
      const row = await chatIdentityOf(db, user.id);
      if (!row) return { widget: null };
      // A reseller's customers (and their team members) chat with the reseller, never with the operator.
      let workspace: { provider: ChatWidgetProvider; appId: string; secret: string } | null = null;
      if (row.reseller_id !== null) {
        const own = await widgetRowOf(db, row.reseller_id);
        if (own)
          workspace = {
            provider: own.provider,
            appId: own.app_id,
            secret: openSecret(config.appSecret, own.secret_enc),
          };
      } else if (config.chatWidgetAppId)
        workspace = { provider: 'intercom', appId: config.chatWidgetAppId, secret: config.chatWidgetSecret };
      if (!workspace) return { widget: null };
      const name = [row.first_name, row.last_name].filter((p) => p && p.trim()).join(' ') || row.email;
      return {
        widget: {
          provider: workspace.provider,
          app_id: workspace.appId,
          frame_url: CHAT_WIDGET_FRAME_PATH,
          user: {
            user_id: String(row.id),
            name,
            created_at: Math.floor(row.created_at.getTime() / 1000),
            user_hash: chatUserHash(workspace.secret, row.id),
          },
        },
      };
    },
  );

  // Public: the frame holds no account data until the shell posts it (an iframe cannot send the bearer token).
  app.get(
    CHAT_WIDGET_FRAME_PATH,
    { schema: { summary: 'The sandboxed document the support chat runs in (HTML)', response: { 200: Type.String() } } },
    async (_request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      return reply
        .header('content-security-policy', chatWidgetFrameCsp(nonce))
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(chatWidgetFrameHtml(nonce));
    },
  );

  app.get(
    '/api/whitelabel/chat-widget',
    {
      onRequest: guard,
      schema: {
        summary: 'Your support chat (the chat widget your customers see; null: none)',
        response: { 200: Type.Object({ data: Nullable(ChatWidgetSettings) }) },
      },
    },
    async (request) => {
      const row = await widgetRowOf(db, await resellerIdOf(db, request));
      return { data: row ? settingsView(row) : null };
    },
  );

  app.put(
    '/api/whitelabel/chat-widget',
    {
      onRequest: guard,
      schema: {
        summary: 'Save your support chat (the identity verification secret is stored encrypted)',
        body: SettingsBody,
        response: { 200: Type.Object({ ...MessageProperties, data: ChatWidgetSettings }) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const appId = request.body.app_id.trim();
      const secret = request.body.secret?.trim() ?? '';
      if (!CHAT_WIDGET_APP_ID.test(appId)) throw unprocessable('whitelabel.chat_app_id', 'app_id');
      if (secret !== '' && secret.length < 16) throw unprocessable('validation.min_length', 'secret', { min: 16 });
      const sealed = secret === '' ? null : sealSecret(config.appSecret, secret);
      if (sealed === null && !(await widgetRowOf(db, owner))) throw unprocessable('validation.required', 'secret');
      const row = await saveWidget(db, owner, request.body.provider, appId, sealed);
      return { ...say(request, 'whitelabel.chat_saved'), data: settingsView(row) };
    },
  );

  app.delete(
    '/api/whitelabel/chat-widget',
    {
      onRequest: guard,
      schema: { summary: 'Remove your support chat', response: { 200: Type.Object(MessageProperties) } },
    },
    async (request) => {
      await deleteWidget(db, await resellerIdOf(db, request));
      return say(request, 'whitelabel.chat_removed');
    },
  );
}
