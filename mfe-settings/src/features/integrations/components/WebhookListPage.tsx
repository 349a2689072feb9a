import { Box, Button, Code, HStack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, PageHeader, PageSpinner, paths } from '@leadsmith/shared';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { Pagination } from '../../../components/Pagination';
import { useDeleteWebhook, useTestWebhook, useWebhooks, type Webhook } from '../api/webhooks';
import { IntegrationNav } from './IntegrationNav';

/** Integration → Webhook → list: each webhook with its events, last answer, send test and delete. */
export function WebhookListPage() {
  const { t, i18n } = useTranslation('settings');
  const [page, setPage] = useState(1);
  const hooks = useWebhooks(page);
  const test = useTestWebhook();
  const remove = useDeleteWebhook();
  const [results, setResults] = useState<Record<number, number>>({});

  const row = (hook: Webhook) => (
    <Table.Row key={hook.id}>
      <Table.Cell fontWeight="semibold">{hook.name}</Table.Cell>
      <Table.Cell>
        <Code wordBreak="break-all">{hook.url}</Code>
      </Table.Cell>
      <Table.Cell>{hook.events.map((e) => t(`integrations.eventNames.${e}`)).join(', ')}</Table.Cell>
      <Table.Cell data-testid={`webhook-status-${hook.id}`}>
        {results[hook.id] !== undefined
          ? t('integrations.testStatus', { status: results[hook.id] })
          : hook.last_status !== null
            ? t('integrations.lastStatus', { status: hook.last_status, date: new Date(hook.last_sent_at ?? '').toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) })
            : t('integrations.neverSent')}
      </Table.Cell>
      <Table.Cell>
        <HStack gap={2} wrap="wrap">
          <Button size="sm" variant="outline" aria-label={t('integrations.sendTestItem', { name: hook.name })} loading={test.isPending && test.variables === hook.id}
            onClick={() => test.mutate(hook.id, { onSuccess: (answer) => setResults((r) => ({ ...r, [hook.id]: answer.status })) })}
          >
            {t('integrations.sendTest')}
          </Button>
          <ConfirmDeleteButton itemLabel={hook.name} loading={remove.isPending && remove.variables === hook.id} onConfirm={() => remove.mutate(hook.id)} />
        </HStack>
      </Table.Cell>
    </Table.Row>
  );

  return (
    <Box>
      <PageHeader title={t('routes.webhookList')} actions={<Button asChild colorPalette="brand"><Link to={paths.settings.integration('webhook')}>{t('integrations.createWebhook')}</Link></Button>} />
      <IntegrationNav />
      {hooks.isPending ? (
        <PageSpinner />
      ) : hooks.isError ? (
        <ErrorState title={t('integrations.loadFailed')} onRetry={() => void hooks.refetch()} />
      ) : hooks.data.data.length === 0 ? (
        <Text>{t('integrations.noWebhooks')}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label={t('integrations.webhookTable')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('integrations.webhookName')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('integrations.webhookUrl')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('integrations.events')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('integrations.lastAnswer')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('apiKeys.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>{hooks.data.data.map(row)}</Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {hooks.data ? <Pagination label={t('integrations.webhookTable')} page={hooks.data.currentPage} pageSize={hooks.data.pageSize} total={hooks.data.total} onPageChange={setPage} /> : null}
    </Box>
  );
}
