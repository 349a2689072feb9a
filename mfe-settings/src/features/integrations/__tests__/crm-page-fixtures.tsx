import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders, type MockCall } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { CrmPage } from '../components/CrmPage';

registerAreaTranslations(NAMESPACE, translations);

/** When a connected CRM row was connected. */
export const CONNECTED = { connected: true, connected_at: '2026-03-15T12:00:00Z' } as const;

/** A CRM of GET /api/crm/connections: available and not connected, unless `fields` say otherwise. */
export const crmRow = (provider: string, name: string, fields: Record<string, unknown> = {}) => ({
  provider,
  name,
  connected: false,
  connected_at: null,
  available: true,
  ...fields,
});

export interface CrmPageApi {
  /** The CRMs GET /api/crm/connections lists, read at each call (a test's connect shows on the next read). */
  connections: () => ReturnType<typeof crmRow>[];
  /** The account's sharing state beside them, when the answer has one. */
  sharing?: () => { share_with_related: boolean; can_share: boolean; shared_by: string | null };
  /** The answers to the page's other calls (undefined: not mocked). */
  other?: (call: MockCall) => { status: number; body: unknown } | undefined;
  route?: string;
  /** When given, GET /api/crm/connections is answered once this settles, with the rows read when it was called. */
  hold?: () => Promise<unknown>;
}

/** The CRM page rendered over a mocked API (restore it after the test). */
export function renderCrmPage({
  connections,
  sharing,
  other,
  route = '/settings/integration/crm',
  hold,
}: CrmPageApi): ReturnType<typeof mockApi> {
  const api = mockApi(async (call) => {
    if (call.url === '/api/crm/connections') {
      const body = { data: connections(), ...(sharing ? { sharing: sharing() } : {}) };
      await hold?.();
      return { status: 200, body };
    }
    return other?.(call);
  });
  renderWithProviders(<CrmPage />, { route });
  return api;
}
