import { Badge, Box, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import {
  FilterSelect,
  apiErrorMessage,
  ConfirmDialog,
  ErrorState,
  PageHeader,
  PageSpinner,
  Pagination,
} from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { listPath } from '../../../api/types';
import { SAVED_SEARCH_ALERTS, type SavedSearch, type SavedSearchAlert } from '../../../api/saveSearch';
import { useFormatDate } from '../../workflows/components/useFormatDate';
import { useDeleteSavedSearch } from '../api/deleteSavedSearch';
import { useSavedSearchAlerts } from '../api/getSavedSearchAlerts';
import { useSavedSearches } from '../api/getSavedSearches';
import { useMarkAlertsSeen } from '../api/markAlertsSeen';
import { useRunSavedSearch } from '../api/runSavedSearch';
import { useUpdateSavedSearch } from '../api/updateSavedSearch';

/** lead-search/saved-searches: saved searches (re-run, alert), and the alerts that found new leads. */
export function SavedSearchesScreen() {
  const { t } = useTranslation('leadSearch');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useSavedSearches(page);
  return (
    <Box>
      <PageHeader
        title={t('routes.savedSearches')}
        actions={
          <Button asChild variant="outline">
            <Link to="/new-search">{t('savedSearches.newSearch')}</Link>
          </Button>
        }
      />
      <Text mb={4}>{t('savedSearches.intro')}</Text>
      <AlertsPanel />
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <ErrorState
          title={apiErrorMessage(list.error, t('savedSearches.loadFailed'))}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.data.length === 0 ? (
        <Text py={6}>{t('savedSearches.empty')}</Text>
      ) : (
        <>
          <Table.Root size="sm" aria-label={t('routes.savedSearches')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('savedSearches.fields.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('savedSearches.fields.list')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('savedSearches.fields.alert')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('savedSearches.fields.lastRun')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('savedSearches.fields.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.data.data.map((s) => (
                <SavedSearchRow key={s.id} search={s} />
              ))}
            </Table.Body>
          </Table.Root>
          <Pagination
            label={t('savedSearches.listName')}
            page={page}
            total={list.data.total}
            pageSize={list.data.pageSize}
            onChange={(p) => {
              const next = new URLSearchParams(params);
              next.set('page', String(p));
              setParams(next);
            }}
          />
        </>
      )}
    </Box>
  );
}

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const { t } = useTranslation('leadSearch');
  const when = useFormatDate();
  const run = useRunSavedSearch();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [confirming, setConfirming] = useState(false);
  const last = search.last_run;
  const error = run.error ?? update.error ?? remove.error;
  return (
    <Table.Row data-testid="saved-search-row">
      <Table.Cell>
        <Text fontWeight="semibold">{search.name}</Text>
        <Text fontSize="xs">
          {t(`types.${search.type}.name`)} · {search.location} · {t('savedSearches.count', { count: search.count })}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Link to={`/saved-lists/${listPath(search.campaign)}`}>{search.campaign.name}</Link>
      </Table.Cell>
      <Table.Cell>
        <FilterSelect
          hideLabel
          width="auto"
          disabled={update.isPending}
          label={t('savedSearches.alertFor', { name: search.name })}
          value={search.alert}
          onChange={(v) =>
            update.mutate({
              id: search.id,
              alert: v as SavedSearchAlert,
              time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            })
          }
          options={SAVED_SEARCH_ALERTS.map((a) => ({ value: a, label: t(`savedSearches.alert.${a}`) }))}
        />
        {search.next_alert_at ? (
          <Text fontSize="xs">{t('savedSearches.nextAlert', { when: when(search.next_alert_at) })}</Text>
        ) : null}
      </Table.Cell>
      <Table.Cell data-testid="saved-search-last-run">
        {!last ? (
          t('savedSearches.never')
        ) : last.status === 'running' ? (
          <Badge colorPalette="blue">{t('savedSearches.running')}</Badge>
        ) : (
          <>
            <Text>
              {t('savedSearches.lastRun', { when: when(last.finished_at ?? last.created_at), count: last.new_leads })}
            </Text>
            {last.error ? (
              <Text fontSize="xs">
                {t(`savedSearches.error.${last.error}`, { defaultValue: t('savedSearches.error.other') })}
              </Text>
            ) : null}
          </>
        )}
      </Table.Cell>
      <Table.Cell>
        <HStack>
          <Button
            size="sm"
            colorPalette="brand"
            loading={run.isPending}
            disabled={last?.status === 'running'}
            onClick={() => run.mutate(search.id)}
            aria-label={t('savedSearches.runFor', { name: search.name })}
          >
            {t('savedSearches.run')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setConfirming(true)}
            aria-label={t('savedSearches.deleteFor', { name: search.name })}
          >
            {t('savedSearches.delete')}
          </Button>
        </HStack>
        {error ? (
          <Text role="alert" color="red.700" fontSize="sm">
            {apiErrorMessage(error, t('savedSearches.actionFailed'))}
          </Text>
        ) : null}
        <ConfirmDialog
          open={confirming}
          title={t('savedSearches.confirmDelete', { name: search.name })}
          body={t('savedSearches.confirmDeleteBody')}
          confirmLabel={t('savedSearches.delete')}
          destructive
          busy={remove.isPending}
          onConfirm={() => remove.mutate(search.id, { onSettled: () => setConfirming(false) })}
          onCancel={() => setConfirming(false)}
        />
      </Table.Cell>
    </Table.Row>
  );
}

/** The alerts that found new leads: unread ones stand out until marked read. */
function AlertsPanel() {
  const { t } = useTranslation('leadSearch');
  const when = useFormatDate();
  const alerts = useSavedSearchAlerts();
  const seen = useMarkAlertsSeen();
  if (!alerts.data || alerts.data.total === 0) return null;
  return (
    <Box as="section" aria-labelledby="saved-search-alerts" borderWidth="1px" borderRadius="md" p={4} mb={6}>
      <HStack justify="space-between" mb={2}>
        <Heading as="h2" size="sm" id="saved-search-alerts">
          {t('savedSearches.alerts.title')}{' '}
          {alerts.data.unseen > 0 ? (
            <Badge colorPalette="red" data-testid="saved-search-unseen">
              {t('savedSearches.alerts.unseen', { count: alerts.data.unseen })}
            </Badge>
          ) : null}
        </Heading>
        {alerts.data.unseen > 0 ? (
          <Button size="xs" variant="outline" loading={seen.isPending} onClick={() => seen.mutate()}>
            {t('savedSearches.alerts.markSeen')}
          </Button>
        ) : null}
      </HStack>
      <Stack as="ul" gap={1} listStyleType="none">
        {alerts.data.data.map((a) => (
          <Box as="li" key={a.id} data-testid="saved-search-alert" fontWeight={a.seen ? 'normal' : 'semibold'}>
            {t('savedSearches.alerts.item', {
              search: a.search,
              count: a.new_leads,
              when: when(a.finished_at ?? a.scheduled_for ?? ''),
            })}{' '}
            <Link to={`/saved-lists/${listPath(a.campaign)}`}>
              {t('savedSearches.alerts.open', { list: a.campaign.name })}
            </Link>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
