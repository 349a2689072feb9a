import { Code } from '@chakra-ui/react';
import type { ResourceDefinition } from '@leadsmith/shared/resource';
import { formatDateTime } from '../../../components/format';
import { resourceTexts } from '../../../components/resourceTexts';
import { WEBHOOK_EVENTS, webhooksApi, type Webhook } from '../api/webhooksApi';

const eventKey = (event: string) => `webhooks.eventNames.${event.replace('subscription.', '')}`;

/** whitelabel/webhook: added and edited in the form above the list; the secret is never shown back in the form. */
export const WEBHOOKS: ResourceDefinition<Webhook> = {
  ns: 'whitelabel',
  texts: resourceTexts('webhooks'),
  api: () => webhooksApi,
  titleKey: 'routes.webhook',
  createKey: 'webhooks.addTitle',
  editKey: 'webhooks.editTitle',
  form: 'inline',
  labelField: 'name',
  fields: [
    { name: 'name', labelKey: 'webhooks.name', kind: 'text', required: true, maxLength: 100 },
    { name: 'url', labelKey: 'webhooks.url', kind: 'url', required: true, maxLength: 2000 },
    // Empty: generated (new) or kept (edit); sent as null then.
    {
      name: 'secret',
      labelKey: 'webhooks.secret',
      editLabelKey: 'webhooks.secretKeep',
      kind: 'text',
      writeOnly: true,
      nullable: true,
      maxLength: 200,
    },
    {
      name: 'events',
      labelKey: 'webhooks.events',
      kind: 'checkboxes',
      required: true,
      options: WEBHOOK_EVENTS,
      optionLabelKey: eventKey,
    },
  ],
  columns: (t, language) => [
    { key: 'name', header: t('webhooks.name'), render: (w) => w.name },
    { key: 'url', header: t('webhooks.url'), render: (w) => <Code>{w.url}</Code> },
    { key: 'events', header: t('webhooks.events'), render: (w) => w.events.map((e) => t(eventKey(e))).join(', ') },
    { key: 'secret', header: t('webhooks.secret'), render: (w) => <Code>{w.secret}</Code> },
    {
      key: 'last',
      header: t('webhooks.lastDelivery'),
      render: (w) =>
        w.last_delivery_at ? `${w.last_status ?? ''} · ${formatDateTime(w.last_delivery_at, language)}` : '—',
    },
  ],
};
