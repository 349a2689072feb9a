import { Badge, Box, Flex, Input, Table, Text, chakra } from '@chakra-ui/react';
import {
  FilterSelect,
  apiErrorMessage,
  DEFAULT_PAGE_SIZE,
  ErrorState,
  i18n,
  PageHeader,
  PageSpinner,
  Pagination,
  TableFrame,
  TABLE_HEADER_ROW_PROPS,
} from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { parseListParam } from '../../../api/types';
import { HISTORY_KINDS, useListHistory, type HistoryKind, type ListHistoryEntry } from '../api/getListHistory';

const isoDate = (raw: string | null) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : null);

/** lead-search/saved-lists/{type}-{id}/history: what happened to the list, who did it and what it cost; filters in the URL. */
export function ListHistoryScreen() {
  const { t } = useTranslation('leadSearch');
  const navigate = useNavigate();
  const list = parseListParam(useParams().typeId);
  const header = <PageHeader title={t('routes.listHistory')} onBack={() => navigate('..', { relative: 'path' })} />;
  if (!list) {
    return (
      <Box>
        {header}
        <ErrorState title={t('errors.listNotFound')} />
      </Box>
    );
  }
  return (
    <Box>
      {header}
      <HistoryTable id={list.id} />
    </Box>
  );
}

function HistoryTable({ id }: { id: number }) {
  const { t } = useTranslation('leadSearch');
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = (HISTORY_KINDS as readonly string[]).includes(kindParam ?? '') ? (kindParam as HistoryKind) : null;
  const startDate = isoDate(params.get('startDate'));
  const endDate = isoDate(params.get('endDate'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const history = useListHistory(id, {
    page,
    limit: DEFAULT_PAGE_SIZE,
    startDate,
    endDate,
    ...(kind ? { kinds: [kind] } : {}),
  });

  const update = (patch: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '' || (k === 'page' && v === 1)) next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };

  return (
    <>
      <Flex as="section" aria-label={t('history.filters')} gap={3} wrap="wrap" align="flex-end" mb={4}>
        <FilterSelect
          id="history-kind"
          width="56"
          label={t('history.kind')}
          value={kind ?? ''}
          onChange={(v) => update({ kind: v || null })}
          allLabel={t('history.allKinds')}
          options={HISTORY_KINDS.map((k) => ({ value: k, label: t(`history.kinds.${k}`) }))}
        />
        <Box>
          <chakra.label htmlFor="history-from" fontSize="sm" fontWeight="medium" display="block">
            {t('history.from')}
          </chakra.label>
          <Input
            id="history-from"
            size="sm"
            type="date"
            value={startDate ?? ''}
            onChange={(e) => update({ startDate: e.target.value || null })}
          />
        </Box>
        <Box>
          <chakra.label htmlFor="history-to" fontSize="sm" fontWeight="medium" display="block">
            {t('history.to')}
          </chakra.label>
          <Input
            id="history-to"
            size="sm"
            type="date"
            value={endDate ?? ''}
            onChange={(e) => update({ endDate: e.target.value || null })}
          />
        </Box>
      </Flex>
      {history.isPending ? (
        <PageSpinner />
      ) : history.isError ? (
        <ErrorState
          title={apiErrorMessage(history.error, t('errors.loadFailed'))}
          onRetry={() => void history.refetch()}
          error={history.error}
        />
      ) : history.data.data.length === 0 ? (
        <Text py={8} textAlign="center">
          {t('history.empty')}
        </Text>
      ) : (
        <TableFrame label={t('routes.listHistory')}>
          <Table.Root size="sm" aria-label={t('routes.listHistory')}>
            <Table.Header>
              <Table.Row {...TABLE_HEADER_ROW_PROPS}>
                <Table.ColumnHeader>{t('history.columns.when')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('history.columns.who')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('history.columns.what')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('history.columns.credits')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('history.columns.status')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {history.data.data.map((entry) => (
                <Table.Row key={entry.id} data-testid="history-row" data-kind={entry.kind}>
                  <Table.Cell whiteSpace="nowrap">
                    {new Date(entry.created_at).toLocaleString(i18n.language, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                  </Table.Cell>
                  <Table.Cell>
                    {entry.actor ? entry.actor.name : t('history.system')}
                    {entry.impersonated_by ? (
                      <Text as="span" display="block" fontSize="xs">
                        {t('history.impersonatedBy', { name: entry.impersonated_by.name })}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell>
                    <Text as="span" fontWeight="semibold">
                      {t(`history.kinds.${entry.kind}`)}
                    </Text>
                    <Text as="span" display="block" fontSize="sm">
                      {describe(entry, t)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{entry.credits}</Table.Cell>
                  <Table.Cell>
                    {entry.status ? (
                      <Badge>{t(`history.status.${entry.status}`, { defaultValue: entry.status })}</Badge>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableFrame>
      )}
      {history.data ? (
        <Pagination
          label={t('routes.listHistory')}
          page={history.data.currentPage}
          pageSize={history.data.pageSize}
          total={history.data.total}
          onChange={(p) => update({ page: p })}
        />
      ) : null}
    </>
  );
}

/** One line saying what the event did, from its details (each kind has its own). */
function describe(entry: ListHistoryEntry, t: (key: string, params?: Record<string, unknown>) => string): string {
  const d = entry.details;
  switch (entry.kind) {
    case 'enrichment':
      return t('history.describe.enrichment', { ...d, action: t(`history.actions.${String(d.action)}`) });
    case 'details_change':
      return d.name
        ? t('history.describe.renamed', d)
        : t('history.describe.details', { tags: d.tags ?? '—', source: d.source ?? '—' });
    case 'label_change':
      return t('history.describe.label_change', { count: d.count, added: d.added ?? '—', removed: d.removed ?? '—' });
    case 'export':
      return d.rows === undefined
        ? t('history.describe.export')
        : t('history.describe.exportRows', { file_name: d.file_name, count: d.rows });
    case 'ai':
      return t('history.describe.ai', { ...d, count: d.total });
    default:
      return t(`history.describe.${entry.kind}`, d);
  }
}
