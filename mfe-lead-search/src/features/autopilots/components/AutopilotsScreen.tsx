import { Badge, Box, Button, Table, Text } from '@chakra-ui/react';
import { apiErrorMessage, ErrorState, PageHeader, PageSpinner, Pagination } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { autopilotPath, useAutopilots, type Autopilot } from '../api/getAutopilots';
import { useFormatDate } from './format';

export function StatusBadge({ autopilot }: { autopilot: Pick<Autopilot, 'status' | 'stop_reason'> }) {
  const { t } = useTranslation('leadSearch');
  const palette = { active: 'green', paused: 'gray', stopped: 'red', completed: 'blue' }[autopilot.status];
  return (
    <Badge colorPalette={palette} variant="subtle" data-testid="autopilot-status">
      {t(`autopilot.status.${autopilot.status}`)}
    </Badge>
  );
}

/** lead-search/autopilot: the account's scheduled searches with their status, next run and last run. */
export function AutopilotsScreen() {
  const { t } = useTranslation('leadSearch');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useAutopilots(page);
  const when = useFormatDate();
  return (
    <Box>
      <PageHeader
        title={t('routes.autopilots')}
        actions={
          <Button asChild colorPalette="brand">
            <Link to="/autopilot/create">{t('autopilot.create')}</Link>
          </Button>
        }
      />
      <Text mb={4}>{t('autopilot.intro')}</Text>
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <ErrorState
          title={apiErrorMessage(list.error, t('autopilot.loadFailed'))}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.data.length === 0 ? (
        <Text py={6}>{t('autopilot.empty')}</Text>
      ) : (
        <>
          <Table.Root size="sm" aria-label={t('routes.autopilots')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('autopilot.fields.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('autopilot.fields.list')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('autopilot.fields.repeat')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('autopilot.fields.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('autopilot.fields.nextRun')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('autopilot.fields.lastRun')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.data.data.map((a) => (
                <Table.Row key={a.id} data-testid="autopilot-row">
                  <Table.Cell>
                    <Link to={autopilotPath(a)}>{a.name}</Link>
                  </Table.Cell>
                  <Table.Cell>{a.campaign.name}</Table.Cell>
                  <Table.Cell>{t(`autopilot.repeat.${a.repeat}`)}</Table.Cell>
                  <Table.Cell>
                    <StatusBadge autopilot={a} />
                    {a.stop_reason ? <Text fontSize="sm">{t(`autopilot.stopReason.${a.stop_reason}`)}</Text> : null}
                  </Table.Cell>
                  <Table.Cell>{a.next_run_at ? when(a.next_run_at) : '—'}</Table.Cell>
                  <Table.Cell>
                    {a.last_run
                      ? t('autopilot.lastRunSummary', {
                          when: when(a.last_run.started_at),
                          count: a.last_run.results_added,
                        })
                      : t('autopilot.never')}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          <Pagination
            label={t('autopilot.listName')}
            page={page}
            total={list.data.total}
            pageSize={20}
            onChange={(p) => {
              const next = new URLSearchParams(params);
              if (p === 1) next.delete('page');
              else next.set('page', String(p));
              setParams(next);
            }}
          />
        </>
      )}
    </Box>
  );
}
