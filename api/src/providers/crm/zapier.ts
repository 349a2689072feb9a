import type { CrmHttpSettings } from './config';
import { flatContact } from './generic';
import { crmRequest, errorText } from './http';
import { CrmError, type CrmAdapter } from './types';

/**
 * Zapier: a webhook-style CRM. The user pastes the URL of a "Catch Hook" trigger; a batch of
 * contacts goes as one JSON array (Zapier runs the Zap once per element). No OAuth, no tokens.
 */
export function zapierAdapter(settings: () => CrmHttpSettings): CrmAdapter {
  const noOAuth = () => Promise.reject(new CrmError('not_configured', 'Zapier is connected with a webhook URL'));
  return {
    id: 'zapier',
    kind: 'webhook',
    exchangeCode: noOAuth,
    refresh: noOAuth,
    push: async (auth, contacts, mappings, done) => {
      const rest = contacts.slice(done.length);
      if (!rest.length) return done;
      const fail = (code: 'rejected' | 'auth_failed' | 'not_configured', detail: string | null) => {
        done.push(...rest.map(() => ({ ok: false as const, code, detail })));
        return done;
      };
      if (!auth.webhookUrl) return fail('not_configured', 'no webhook URL');
      let answer;
      try {
        answer = await crmRequest(
          {
            method: 'POST',
            url: auth.webhookUrl,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(rest.map((c) => flatContact(c, mappings))),
          },
          settings(),
        );
      } catch (error) {
        if (!(error instanceof CrmError)) throw error;
        const { code, detail } = error;
        done.push(...rest.map(() => ({ ok: false as const, code, detail })));
        return done;
      }
      if (answer.status >= 200 && answer.status < 300) {
        done.push(...rest.map(() => ({ ok: true as const, externalId: null })));
        return done;
      }
      // 410 Gone: the Zap was turned off or deleted.
      const detail = errorText(answer.text) || `answered ${answer.status}`;
      return fail(
        answer.status === 401 || answer.status === 403 || answer.status === 410 ? 'auth_failed' : 'rejected',
        detail,
      );
    },
  };
}
