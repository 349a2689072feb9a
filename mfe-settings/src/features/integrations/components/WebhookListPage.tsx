import { Box, Button, Code, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ConfirmDeleteButton,
  DataTable,
  ErrorState,
  PageHeader,
  PageSpinner,
  Pagination,
  paths,
  useListParams,
  type Column,
} from '@leadsmith/shared';
import { useDeleteWebhook, useTestWebhook, useWebhooks, type Webhook } from '../api/webhooks';
import { IntegrationNav } from './IntegrationNav';

/** The page is kept in the address (?page=); the list has no filters. */
const NO_FILTERS: readonly never[] = [];

/** Integration → Webhook → list: each webhook with its events, last answer, send test and delete; the list through the shared kit. */
export function WebhookListPage() {
  const { t, i18n } = useTranslation('settings');
  const { page, setPage } = useListParams(NO_FILTERS);
  const hooks = useWebhooks(page);
  const test = useTestWebhook();
  const remove = useDeleteWebhook();
  const [results, setResults] = useState<Record<number, number>>({});

  const lastAnswer = (hook: Webhook) =>
    results[hook.id] !== undefined
      ? t('integrations.testStatus', { status: results[hook.id] })
      : hook.last_status !== null
        ? t('integrations.lastStatus', {
            status: hook.last_status,
            date: new Date(hook.last_sent_at ?? '').toLocaleString(i18n.language, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })
        : t('integrations.neverSent');

  const columns: Column<Webhook>[] = [
    {
      key: 'name',
      header: t('integrations.webhookName'),
      render: (hook) => (
        <Text as="span" fontWeight="semibold">
          {hook.name}
        </Text>
      ),
    },
    {
      key: 'url',
      header: t('integrations.webhookUrl'),
      render: (hook) => <Code wordBreak="break-all">{hook.url}</Code>,
    },
    {
      key: 'events',
      header: t('integrations.events'),
      render: (hook) => hook.events.map((e) => t(`integrations.eventNames.${e}`)).join(', '),
    },
    {
      key: 'lastAnswer',
      header: t('integrations.lastAnswer'),
      render: (hook) => (
        <Text as="span" data-testid={`webhook-status-${hook.id}`}>
          {lastAnswer(hook)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: t('apiKeys.actions'),
      render: (hook) => (
        <HStack gap={2} wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            aria-label={t('integrations.sendTestItem', { name: hook.name })}
            loading={test.isPending && test.variables === hook.id}
            onClick={() =>
              test.mutate(hook.id, { onSuccess: (answer) => setResults((r) => ({ ...r, [hook.id]: answer.status })) })
            }
          >
            {t('integrations.sendTest')}
          </Button>
          <ConfirmDeleteButton
            itemLabel={hook.name}
            loading={remove.isPending && remove.variables === hook.id}
            onConfirm={() => remove.mutate(hook.id)}
          />
        </HStack>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('routes.webhookList')}
        actions={
          <Button asChild colorPalette="brand">
            <Link to={paths.settings.integration('webhook')}>{t('integrations.createWebhook')}</Link>
          </Button>
        }
      />
      <IntegrationNav />
      {hooks.isPending ? (
        <PageSpinner />
      ) : hooks.isError ? (
        <ErrorState title={t('integrations.loadFailed')} onRetry={() => void hooks.refetch()} />
      ) : (
        <>
          <DataTable
            label={t('integrations.webhookTable')}
            rows={hooks.data.data}
            rowKey={(hook) => hook.id}
            columns={columns}
            empty={t('integrations.noWebhooks')}
          />
          <Pagination
            label={t('integrations.webhookTable')}
            page={hooks.data.currentPage}
            pageSize={hooks.data.pageSize}
            total={hooks.data.total}
            onChange={setPage}
            hideSinglePage
          />
        </>
      )}
    </Box>
  );
}
