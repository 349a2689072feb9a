import { Badge, Box, Button, Card, Flex, HStack, Input, SimpleGrid, Table, Text, chakra } from '@chakra-ui/react';
import {
  apiErrorMessage,
  ConfirmDeleteButton,
  DEFAULT_PAGE_SIZE,
  ErrorState,
  PageHeader,
  PageSpinner,
  Pagination,
  TableFrame,
  TABLE_HEADER_ROW_PROPS,
  i18n,
} from '@leadsmith/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useArchiveCampaign } from '../../../api/archiveCampaign';
import { useBulkArchiveCampaigns, useBulkDeleteCampaigns } from '../../../api/bulkCampaignActions';
import { useCampaigns, type CampaignFilter } from '../../../api/getCampaigns';
import { listPath, type Campaign } from '../../../api/types';
import { ListStateBadge } from '../../../components/ListStateBadge';
import { useRowCursor, useShortcuts } from '../../../components/keyboard/shortcuts';
import { useUndoToast } from '../../../components/undoToast';
import { SelectCheckbox } from '../../../components/SelectCheckbox';
import type { Undoable } from '../../../api/undoOperation';

const FILTERS = ['all', 'active', 'incomplete', 'archived'] as const;

/** lead-search/saved-lists: the user's lists with status filters, search, pagination and bulk actions. */
export function SavedListsScreen() {
  const { t } = useTranslation('leadSearch');
  const [params, setParams] = useSearchParams();
  const filterParam = params.get('filter');
  const filter = (FILTERS as readonly string[]).includes(filterParam ?? '')
    ? (filterParam as (typeof FILTERS)[number])
    : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const view = params.get('view') === 'grid' ? 'grid' : 'list';
  const lists = useCampaigns({
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    filter: filter === 'all' ? undefined : (filter as CampaignFilter),
    search: search || undefined,
  });
  const archive = useBulkArchiveCampaigns();
  const remove = useBulkDeleteCampaigns();
  const archiveOne = useArchiveCampaign();
  const showUndo = useUndoToast();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [searchText, setSearchText] = useState(search);
  useEffect(() => setSearchText(search), [search]);

  const update = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (
        v === undefined ||
        v === '' ||
        (k === 'page' && v === 1) ||
        (k === 'filter' && v === 'all') ||
        (k === 'view' && v === 'list')
      )
        next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in patch) && !('view' in patch)) next.delete('page');
    setParams(next);
    setSelected(new Set());
    setConfirmDelete(false);
    rowCursor.setCursor(-1);
  };

  const rows = lists.data?.data ?? [];
  const rowCursor = useRowCursor(rows.length);
  const total = lists.data?.total ?? 0;
  const ids = [...selected];
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));

  const toggleOne = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // j/k move through the lists, x selects the one with the cursor, o opens it (as on a list's page).
  useShortcuts({
    next: () => rowCursor.move(1),
    previous: () => rowCursor.move(-1),
    select: () => {
      const list = rows[rowCursor.cursor];
      if (list) toggleOne(list.id);
    },
    open: () => {
      const list = rows[rowCursor.cursor];
      if (list) void navigate(listPath(list));
    },
  });

  /** Runs an archive or delete; its answer is shown with an Undo button for 10 seconds. */
  const run = async (action: () => Promise<Undoable>) => {
    try {
      showUndo(await action());
      setSelected(new Set());
      setConfirmDelete(false);
    } catch {
      // The API's message is already shown as a toast.
    }
  };

  return (
    <Box>
      <PageHeader
        title={t('routes.savedLists')}
        actions={
          <HStack gap={2}>
            <Button asChild variant="outline">
              <Link to="/do-not-contact">{t('routes.doNotContact')}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="trash">{t('routes.trash')}</Link>
            </Button>
            <Button asChild colorPalette="brand">
              <Link to="/new-search">{t('toolbar.newSearch')}</Link>
            </Button>
          </HStack>
        }
      />
      <HStack role="group" aria-label={t('savedLists.filterLabel')} gap={2} mb={4} wrap="wrap">
        {FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={f === filter ? 'solid' : 'outline'}
            colorPalette={f === filter ? 'brand' : 'gray'}
            aria-pressed={f === filter}
            onClick={() => update({ filter: f })}
          >
            {t(`savedLists.filters.${f}`)}
          </Button>
        ))}
      </HStack>
      <chakra.form
        role="search"
        display="flex"
        gap={2}
        alignItems="flex-end"
        mb={4}
        onSubmit={(e) => {
          e.preventDefault();
          update({ search: searchText.trim() || undefined });
        }}
      >
        <Box>
          <chakra.label htmlFor="lists-search" fontSize="sm" fontWeight="medium" display="block">
            {t('savedLists.search')}
          </chakra.label>
          <Input
            id="lists-search"
            data-shortcut-search=""
            size="sm"
            w="64"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </Box>
        <Button type="submit" size="sm" variant="outline">
          {t('toolbar.apply')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          ml="auto"
          aria-pressed={view === 'grid'}
          onClick={() => update({ view: view === 'grid' ? 'list' : 'grid', page })}
        >
          {view === 'grid' ? t('toolbar.listView') : t('toolbar.gridView')}
        </Button>
      </chakra.form>

      {selected.size > 0 ? (
        <Flex
          role="region"
          aria-label={t('selection.label')}
          gap={3}
          align="center"
          wrap="wrap"
          bg="bg.subtle"
          p={3}
          borderRadius="md"
          mb={3}
        >
          <Text>{t('savedLists.selected', { count: selected.size })}</Text>
          {filter === 'archived' ? (
            <Button
              size="sm"
              variant="outline"
              loading={archive.isPending}
              onClick={() => void run(() => archive.mutateAsync({ resultIds: ids, is_archived: false }))}
            >
              {t('savedLists.unarchive')}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline"
              loading={archive.isPending}
              onClick={() => void run(() => archive.mutateAsync({ resultIds: ids, is_archived: true }))}
            >
              {t('savedLists.archive')}
            </Button>
          )}
          <ConfirmDeleteButton
            asking={confirmDelete}
            onAskingChange={setConfirmDelete}
            label={t('savedLists.delete')}
            question={t('savedLists.confirmDelete', { count: selected.size })}
            loading={remove.isPending}
            onConfirm={() => void run(() => remove.mutateAsync({ resultIds: ids }))}
          />
        </Flex>
      ) : null}

      {lists.isPending ? (
        <PageSpinner />
      ) : lists.isError ? (
        <ErrorState title={apiErrorMessage(lists.error, t('errors.loadFailed'))} onRetry={() => void lists.refetch()} />
      ) : rows.length === 0 ? (
        <Text py={8} textAlign="center">
          {t('savedLists.empty')}
        </Text>
      ) : view === 'grid' ? (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap={3}>
          {rows.map((c, index) => (
            <Card.Root key={c.id} size="sm" data-testid="list-card" {...rowCursor.rowProps(index)}>
              <Card.Body gap={2}>
                <HStack gap={2}>
                  <SelectCheckbox
                    label={t('list.selectRow', { name: c.name })}
                    checked={selected.has(c.id)}
                    onChange={() => toggleOne(c.id)}
                  />
                  <Link to={listPath(c)}>
                    <Text as="span" fontWeight="semibold" textDecoration="underline">
                      {c.name}
                    </Text>
                  </Link>
                </HStack>
                <ListBadges campaign={c} />
                <Text fontSize="sm">{t('savedLists.results', { count: c.result_count })}</Text>
                {c.tags.length ? <Text fontSize="sm">{c.tags.join(', ')}</Text> : null}
                <HStack justify="space-between">
                  <Text fontSize="sm">
                    {new Date(c.created_at).toLocaleDateString(i18n.language, { dateStyle: 'medium' })}
                  </Text>
                  <ArchiveButton
                    campaign={c}
                    pending={archiveOne.isPending}
                    onToggle={() => void run(() => archiveOne.mutateAsync({ id: c.id, is_archived: !c.archived }))}
                  />
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      ) : (
        <TableFrame label={t('routes.savedLists')}>
          <Table.Root size="sm" aria-label={t('routes.savedLists')} stickyHeader>
            <Table.Header>
              <Table.Row {...TABLE_HEADER_ROW_PROPS}>
                <Table.ColumnHeader w="8">
                  <SelectCheckbox
                    label={t('savedLists.selectPage')}
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)))}
                  />
                </Table.ColumnHeader>
                <Table.ColumnHeader>{t('savedLists.columns.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('savedLists.columns.type')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('savedLists.columns.status')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('savedLists.columns.results')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('savedLists.columns.tags')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('savedLists.columns.created')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('savedLists.columns.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((c, index) => (
                <Table.Row key={c.id} data-testid="list-row" {...rowCursor.rowProps(index)}>
                  <Table.Cell>
                    <SelectCheckbox
                      label={t('list.selectRow', { name: c.name })}
                      checked={selected.has(c.id)}
                      onChange={() => toggleOne(c.id)}
                    />
                  </Table.Cell>
                  <Table.Cell>
                    <Link to={listPath(c)}>
                      <Text as="span" textDecoration="underline">
                        {c.name}
                      </Text>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{t(`types.${c.list_type}.name`)}</Table.Cell>
                  <Table.Cell>
                    <ListBadges campaign={c} showType={false} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">{c.result_count}</Table.Cell>
                  <Table.Cell>{c.tags.join(', ')}</Table.Cell>
                  <Table.Cell>
                    {new Date(c.created_at).toLocaleDateString(i18n.language, { dateStyle: 'medium' })}
                  </Table.Cell>
                  <Table.Cell>
                    <ArchiveButton
                      campaign={c}
                      pending={archiveOne.isPending}
                      onToggle={() => void run(() => archiveOne.mutateAsync({ id: c.id, is_archived: !c.archived }))}
                    />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableFrame>
      )}
      {/* The pager speaks of loaded lists only: no "(0 results)" under the spinner or beside an error. */}
      {lists.isSuccess ? (
        <Pagination page={page} pageSize={DEFAULT_PAGE_SIZE} total={total} onChange={(p) => update({ page: p })} />
      ) : null}
    </Box>
  );
}

function ListBadges({ campaign, showType = true }: { campaign: Campaign; showType?: boolean }) {
  const { t } = useTranslation('leadSearch');
  return (
    <HStack gap={1} wrap="wrap">
      {showType ? <Badge>{t(`types.${campaign.list_type}.name`)}</Badge> : null}
      <ListStateBadge campaign={campaign} />
      {campaign.is_demo ? <Badge colorPalette="purple">{t('demoList')}</Badge> : null}
      {campaign.job?.demo_data ? <Badge colorPalette="purple">{t('demoData')}</Badge> : null}
    </HStack>
  );
}

function ArchiveButton({
  campaign,
  pending,
  onToggle,
}: {
  campaign: Campaign;
  pending: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('leadSearch');
  return (
    <Button
      size="xs"
      variant="outline"
      disabled={pending}
      onClick={onToggle}
      aria-label={t(campaign.archived ? 'savedLists.unarchiveOne' : 'savedLists.archiveOne', { name: campaign.name })}
    >
      {t(campaign.archived ? 'savedLists.unarchive' : 'savedLists.archive')}
    </Button>
  );
}
