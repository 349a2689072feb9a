import { Box, Button, Flex, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE, ErrorState, PageHeader, PageSpinner, ConfirmDialog, DataTable, type Column, Pagination, FilterSelect, useListParams } from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../components/formatting';
import { SearchBox } from '../../../components/SearchBox';
import { useDeleteResource } from '../api/deleteResource';
import { resourceBase, useResourceList, type ResourceItem } from '../api/listResource';
import type { ResourceDefinition } from '../definitions';
import { ResourceFormDialog } from './ResourceFormDialog';

const FILTERS = ['search', 'filter'] as const;
const singular = (key: ResourceDefinition['key']) => key.replace(/s$/, '');

export interface ResourceListPageProps {
  def: ResourceDefinition;
  /** Route title key (defaults to routes.<key>). */
  titleKey?: string;
  /** Filters this screen always applies (e.g. the library: prompt_type=library). */
  fixed?: Record<string, string>;
  /** Parent id of a scoped resource (a course's pages). */
  scope?: string;
  /** The screen has a back button (spec). */
  onBack?: () => void;
  /** Shown under the title (e.g. which course). */
  intro?: ReactNode;
}

/** The list screen of a simple resource: search, server-side pages, create/edit (page or dialog) and delete (confirmed). */
export function ResourceListPage({ def, titleKey = `routes.${def.key}`, fixed, scope = '', onBack, intro }: ResourceListPageProps) {
  const { t } = useTranslation('admin');
  const { page, filters, setFilter, setPage } = useListParams(FILTERS);
  const filterField = def.filterField && !fixed?.[def.filterField] ? def.fields.find((f) => f.name === def.filterField) : undefined;
  const base = resourceBase(def, scope);
  const createPath = def.paths ? def.paths.create(scope) : `/${def.key}/create`;
  const editPath = (id: number) => (def.paths ? def.paths.edit(scope, id) : `/${def.key}/${id}/edit`);
  const list = useResourceList(base, {
    page,
    search: filters.search || undefined,
    filters: { ...(filterField ? { [filterField.name]: filters.filter } : {}), ...fixed },
  });
  const [editing, setEditing] = useState<ResourceItem | 'new' | null>(null);
  const remove = useDeleteResource(base);
  const [pending, setPending] = useState<ResourceItem | null>(null);
  const label = (item: ResourceItem) => String(item[def.labelField] ?? `#${item.id}`);
  const show = (kind: string, value: unknown, optionsKey?: string) => {
    if (kind === 'checkbox') return t(value ? 'kit.yes' : 'kit.no');
    if (kind === 'select' && optionsKey) return t(`${optionsKey}.${String(value)}`);
    if (kind === 'textarea' && typeof value === 'string' && value.length > 80) return `${value.slice(0, 80)}…`;
    if (kind === 'integer') return formatNumber(value as number | null);
    return value === null || value === undefined || value === '' ? '—' : String(value);
  };
  const columns: Column<ResourceItem>[] = [
    ...def.fields
      .filter((f) => f.inList)
      .map((f) => ({
        key: f.name,
        header: t(`fields.${f.name}`),
        end: f.kind === 'integer',
        render: (r: ResourceItem) =>
          def.openPath && f.name === def.labelField ? (
            <Link asChild color="brand.fg" textDecoration="underline">
              <RouterLink to={def.openPath(r.id)}>{label(r)}</RouterLink>
            </Link>
          ) : (
            show(f.kind, r[f.name], f.optionsKey)
          ),
      })),
    ...(def.extraColumns ?? []).map((c) => ({ key: c.name, header: t(`fields.${c.name}`), end: true, render: (r: ResourceItem) => show(c.kind, r[c.name]) })),
    {
      key: 'actions',
      header: t('users.actions'),
      end: true,
      render: (r) => (
        <Flex gap={2} justify="end">
          {def.formInDialog ? (
            <Button size="xs" variant="outline" aria-label={t('plans.editNamed', { name: label(r) })} onClick={() => setEditing(r)}>
              {t('users.edit')}
            </Button>
          ) : (
            <Button asChild size="xs" variant="outline">
              <RouterLink to={editPath(r.id)} aria-label={t('plans.editNamed', { name: label(r) })}>
                {t('users.edit')}
              </RouterLink>
            </Button>
          )}
          <Button size="xs" variant="outline" color="red.700" aria-label={t('plans.deleteNamed', { name: label(r) })} onClick={() => setPending(r)}>
            {t('users.delete')}
          </Button>
        </Flex>
      ),
    },
  ];
  return (
    <Box>
      <PageHeader
        title={t(titleKey)}
        onBack={onBack}
        actions={
          def.formInDialog ? (
            <Button colorPalette="brand" size="sm" onClick={() => setEditing('new')}>
              {t(def.createKey ?? `resources.${def.key}.create`)}
            </Button>
          ) : (
            <Button asChild colorPalette="brand" size="sm">
              <RouterLink to={createPath}>{t(def.createKey ?? `routes.${singular(def.key)}Create`)}</RouterLink>
            </Button>
          )
        }
      />
      {intro}
      <Flex as="section" aria-label={t('kit.filters')} gap={4} wrap="wrap" mb={4} align="end">
        <SearchBox label={t('kit.search')} value={filters.search} onChange={(v) => setFilter('search', v)} />
        {filterField ? (
          <FilterSelect
            label={t(`fields.${filterField.name}`)}
            value={filters.filter}
            onChange={(v) => setFilter('filter', v)}
            allLabel={t('kit.all')}
            options={(filterField.options ?? []).map((o) => ({ value: o, label: t(`${filterField.optionsKey}.${o}`) }))}
          />
        ) : null}
      </Flex>
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <DataTable label={t(titleKey)} rows={list.data.data} rowKey={(r) => r.id} columns={columns} />
          <Pagination page={page} pageSize={DEFAULT_PAGE_SIZE} total={list.data.total} onChange={setPage} />
        </>
      )}
      {editing ? (
        <ResourceFormDialog
          def={def}
          base={base}
          item={editing === 'new' ? undefined : editing}
          preset={fixed}
          title={t(editing === 'new' ? (def.createKey ?? `resources.${def.key}.create`) : (def.editKey ?? `resources.${def.key}.edit`))}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={t('kit.confirmDeleteTitle')}
        body={t('kit.confirmDeleteBody', { name: pending ? label(pending) : '' })}
        confirmLabel={t('users.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={() => pending && remove.mutate(pending.id, { onSettled: () => setPending(null) })}
        onCancel={() => setPending(null)}
      />
    </Box>
  );
}
