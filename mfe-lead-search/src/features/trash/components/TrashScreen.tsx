import { Box, Button, HStack, Table, Text } from '@chakra-ui/react';
import {
  apiErrorMessage,
  DEFAULT_PAGE_SIZE,
  ErrorState,
  PageHeader,
  PageSpinner,
  Pagination,
  TableFrame,
  TABLE_HEADER_ROW_PROPS,
  TRASH_RETENTION_DAYS,
  i18n,
} from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useTrash, type TrashedList } from '../api/getTrash';
import { useDeleteForever, useRestoreFromTrash } from '../api/trashActions';

const day = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });

/** lead-search/saved-lists/trash: deleted lists for 30 days — restore one, or delete it for good. */
export function TrashScreen() {
  const { t } = useTranslation('leadSearch');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const trash = useTrash({ page, pageSize: DEFAULT_PAGE_SIZE });
  const rows = trash.data?.data ?? [];
  const goTo = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  return (
    <Box>
      <PageHeader title={t('routes.trash')} onBack={() => navigate('/saved-lists')} />
      <Text mb={4}>{t('trash.help', { count: TRASH_RETENTION_DAYS })}</Text>
      {trash.isPending ? (
        <PageSpinner />
      ) : trash.isError ? (
        <ErrorState title={apiErrorMessage(trash.error, t('errors.loadFailed'))} onRetry={() => void trash.refetch()} />
      ) : rows.length === 0 ? (
        <Text py={8} textAlign="center">
          {t('trash.empty')}
        </Text>
      ) : (
        <TableFrame label={t('routes.trash')}>
          <Table.Root size="sm" aria-label={t('routes.trash')} stickyHeader>
            <Table.Header>
              <Table.Row {...TABLE_HEADER_ROW_PROPS}>
                <Table.ColumnHeader>{t('savedLists.columns.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('savedLists.columns.type')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('savedLists.columns.results')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('trash.deletedOn')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('trash.purgedOn')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('savedLists.columns.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((list) => (
                <TrashRow key={list.id} list={list} />
              ))}
            </Table.Body>
          </Table.Root>
        </TableFrame>
      )}
      {trash.isSuccess ? (
        <Pagination
          hideSinglePage
          label={t('routes.trash')}
          page={page}
          pageSize={DEFAULT_PAGE_SIZE}
          total={trash.data.total}
          onChange={goTo}
        />
      ) : null}
    </Box>
  );
}

function TrashRow({ list }: { list: TrashedList }) {
  const { t } = useTranslation('leadSearch');
  const restore = useRestoreFromTrash();
  const remove = useDeleteForever();
  const [confirming, setConfirming] = useState(false);
  const ignore = () => {
    // The API's message is already shown as a toast.
  };
  return (
    <Table.Row data-testid="trash-row">
      <Table.Cell>{list.name}</Table.Cell>
      <Table.Cell>{t(`types.${list.list_type}.name`)}</Table.Cell>
      <Table.Cell textAlign="end">{list.result_count}</Table.Cell>
      <Table.Cell>{day(list.deleted_at)}</Table.Cell>
      <Table.Cell>{day(list.purge_at)}</Table.Cell>
      <Table.Cell>
        <HStack gap={2}>
          <Button
            size="xs"
            variant="outline"
            loading={restore.isPending}
            onClick={() => restore.mutateAsync(list.id).catch(ignore)}
            aria-label={t('trash.restoreOne', { name: list.name })}
          >
            {t('trash.restore')}
          </Button>
          {confirming ? (
            <>
              <Text fontSize="sm" fontWeight="semibold">
                {t('trash.confirmForever', { name: list.name })}
              </Text>
              <Button
                size="xs"
                colorPalette="red"
                loading={remove.isPending}
                onClick={() => remove.mutateAsync(list.id).catch(ignore)}
              >
                {t('trash.deleteForever')}
              </Button>
              <Button size="xs" variant="outline" onClick={() => setConfirming(false)}>
                {t('selection.cancel')}
              </Button>
            </>
          ) : (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => setConfirming(true)}
              aria-label={t('trash.deleteForeverOne', { name: list.name })}
            >
              {t('trash.deleteForever')}
            </Button>
          )}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
