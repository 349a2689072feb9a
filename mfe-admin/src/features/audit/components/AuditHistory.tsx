import { Box, Link, List, Text } from '@chakra-ui/react';
import { ErrorState, PageSpinner, DataTable, Pagination, useListParams } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../components/formatting';
import { AUDIT_PAGE_SIZE, useAuditLog, type AuditEntity, type AuditEntry } from '../api/listAuditLog';

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return <Text>—</Text>;
  return (
    <List.Root gap={1} listStyle="none" fontSize="sm">
      {keys.map((key) => (
        <List.Item key={key}>
          <Text as="span" fontWeight="semibold">
            {t(`fields.${key}`, { defaultValue: key })}:
          </Text>{' '}
          {entry.before ? `${show(entry.before[key])} → ` : ''}
          {show(entry.after?.[key])}
        </List.Item>
      ))}
    </List.Root>
  );
}

const KEYS = ['entity_id'] as const;

/** The history page of an entity type: who changed what and when, newest first, paginated on the server. */
export function AuditHistory({
  entity,
  editPath,
}: {
  entity: AuditEntity | AuditEntity[];
  editPath?: (id: number) => string;
}) {
  const { t } = useTranslation('admin');
  const { page, filters, setPage } = useListParams(KEYS);
  const entityId = Number(filters.entity_id) || undefined;
  const query = useAuditLog({ entity, entity_id: entityId, page });
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <ErrorState title={t('kit.loadFailed')} onRetry={() => void query.refetch()} />;
  const data = query.data;
  return (
    <Box>
      <DataTable
        label={t('history.table')}
        rows={data.data}
        rowKey={(r) => r.id}
        columns={[
          { key: 'when', header: t('history.when'), render: (r) => formatDate(r.created_at, true) },
          {
            key: 'who',
            header: t('history.who'),
            render: (r) => (r.actor ? `${r.actor.name || r.actor.email}` : t('history.system')),
          },
          {
            key: 'action',
            header: t('history.action'),
            render: (r) =>
              (Array.isArray(entity) ? `${t(`history.entity.${r.entity}`)}: ` : '') +
              t(`history.actions.${r.action}`, { defaultValue: r.action }),
          },
          {
            key: 'entity',
            header: Array.isArray(entity) ? t('history.item') : t(`history.entity.${entity}`),
            render: (r) =>
              editPath && !Array.isArray(entity) ? (
                <Link asChild color="brand.fg" textDecoration="underline">
                  <RouterLink to={editPath(r.entity_id)}>{r.entity_label ?? `#${r.entity_id}`}</RouterLink>
                </Link>
              ) : (
                (r.entity_label ?? `#${r.entity_id}`)
              ),
          },
          { key: 'changes', header: t('history.changes'), render: (r) => <Changes entry={r} /> },
        ]}
      />
      <Pagination page={page} pageSize={AUDIT_PAGE_SIZE} total={data.total} onChange={setPage} />
    </Box>
  );
}
