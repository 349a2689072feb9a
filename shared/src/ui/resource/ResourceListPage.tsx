import { Box, Button, Flex, Link } from '@chakra-ui/react';
import { DEFAULT_PAGE_SIZE } from '@leadsmith/shared/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  ConfirmDialog,
  FilterSelect,
  PagedTable,
  PageHeader,
  SearchBox,
  useListParams,
  type Column,
} from '@leadsmith/shared';
import { useDeleteResource, useResourceList, type ResourceRow } from './resourceApi';
import type { FieldKind, ResourceDefinition } from './resourceDefinition';
import { fieldLabelKey } from './resourceDefinition';
import { ResourceForm } from './ResourceForm';
import { ResourceFormDialog } from './ResourceFormDialog';

const FILTERS = ['search', 'filter'] as const;

export interface ResourceListPageProps<T extends ResourceRow> {
  def: ResourceDefinition<T>;
  /** Title key when this screen is not the resource's own list (defaults to def.titleKey). */
  titleKey?: string;
  /** Filters this screen always applies (e.g. the library: prompt_type=library); a new item starts with them. */
  fixed?: Record<string, string>;
  /** Parent id of a scoped resource (a course's pages). */
  scope?: string;
  /** The screen has a back button (spec). */
  onBack?: () => void;
  /** Shown under the title (what the screen is for, which course). */
  intro?: ReactNode;
  /** More buttons in the title bar, before the create button. */
  headerActions?: ReactNode;
  /** A row's own actions, before its Edit button and after it. */
  leadingActions?: (row: T) => ReactNode;
  trailingActions?: (row: T) => ReactNode;
  /** Filters this screen adds to the list's (kept in the address by the caller). */
  filters?: ReactNode;
  /** Equality filters those controls apply. */
  filterValues?: Record<string, string>;
  /** Drawn after the list (a dialog of the screen's own actions). */
  children?: ReactNode;
}

/**
 * The list screen of a resource: title and create button, optional search and filter (kept in the
 * address), server-side pages, edit (own screen, dialog or the form above the list) and delete after
 * a confirmation.
 */
export function ResourceListPage<T extends ResourceRow>({
  def,
  titleKey = def.titleKey,
  fixed,
  scope = '',
  onBack,
  intro,
  headerActions,
  leadingActions,
  trailingActions,
  filters: moreFilters,
  filterValues,
  children,
}: ResourceListPageProps<T>) {
  const { t, i18n } = useTranslation(def.ns);
  const { texts } = def;
  const { page, filters, setFilter, setPage } = useListParams(FILTERS);
  const filterField =
    def.filterField && !fixed?.[def.filterField] ? def.fields.find((f) => f.name === def.filterField) : undefined;
  const api = def.api(scope);
  const pageSize = def.pageSize ?? DEFAULT_PAGE_SIZE;
  const list = useResourceList(api, {
    page,
    pageSize,
    search: def.search ? filters.search || undefined : undefined,
    filters: { ...(filterField ? { [filterField.name]: filters.filter } : {}), ...fixed, ...filterValues },
  });
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const remove = useDeleteResource(api);
  const [pending, setPending] = useState<T | null>(null);
  const value = (row: T, name: string) => (row as unknown as Record<string, unknown>)[name];
  const label = (row: T) => String(value(row, def.labelField) ?? `#${row.id}`);
  const show = (kind: FieldKind, v: unknown, optionLabelKey?: (value: string) => string) => {
    if (kind === 'checkbox') return t(v ? texts.yes : texts.no);
    if (kind === 'select' && optionLabelKey) return t(optionLabelKey(String(v)));
    if ((kind === 'textarea' || kind === 'richtext') && typeof v === 'string' && v.length > 80)
      return `${v.slice(0, 80)}…`;
    if (kind === 'integer') return typeof v === 'number' ? new Intl.NumberFormat(i18n.language || 'en').format(v) : '—';
    return v === null || v === undefined || v === '' ? '—' : String(v);
  };
  const fieldColumns: Column<T>[] = def.columns
    ? def.columns(t, i18n.language)
    : [
        ...def.fields
          .filter((f) => f.inList)
          .map((f) => ({
            key: f.name,
            header: t(fieldLabelKey(f)),
            end: f.kind === 'integer',
            render: (r: T) =>
              def.openPath && f.name === def.labelField ? (
                <Link asChild color="brand.fg" textDecoration="underline">
                  <RouterLink to={def.openPath(r.id)}>{label(r)}</RouterLink>
                </Link>
              ) : (
                show(f.kind, value(r, f.name), f.optionLabelKey)
              ),
          })),
        ...(def.extraColumns ?? []).map((c) => ({
          key: c.name,
          header: t(`fields.${c.name}`),
          end: true,
          render: (r: T) => show(c.kind, value(r, c.name)),
        })),
      ];
  const editName = (r: T) => t(texts.editNamed, { name: label(r) });
  const columns: Column<T>[] = [
    ...fieldColumns,
    {
      key: 'actions',
      header: t(texts.actions),
      end: true,
      render: (r) => (
        <Flex gap={2} justify="end" wrap="wrap">
          {leadingActions?.(r)}
          {def.form === 'page' ? (
            <Button asChild size="xs" variant="outline">
              <RouterLink to={def.paths ? def.paths.edit(scope, r.id) : `${r.id}/edit`} aria-label={editName(r)}>
                {t(texts.edit)}
              </RouterLink>
            </Button>
          ) : (
            <Button size="xs" variant="outline" aria-label={editName(r)} onClick={() => setEditing(r)}>
              {t(texts.edit)}
            </Button>
          )}
          {trailingActions?.(r)}
          {def.deletable === false ? null : (
            <Button
              size="xs"
              variant="outline"
              color="red.700"
              aria-label={t(texts.deleteNamed, { name: label(r) })}
              onClick={() => setPending(r)}
            >
              {t(texts.delete)}
            </Button>
          )}
        </Flex>
      ),
    },
  ];
  const create =
    def.form === 'inline' ? null : def.form === 'dialog' ? (
      <Button colorPalette="brand" size="sm" onClick={() => setEditing('new')}>
        {t(def.createKey)}
      </Button>
    ) : (
      <Button asChild colorPalette="brand" size="sm">
        <RouterLink to={def.paths ? def.paths.create(scope) : 'create'}>{t(def.createKey)}</RouterLink>
      </Button>
    );
  const inlineItem = editing === 'new' || editing === null ? undefined : editing;
  return (
    <Box>
      <PageHeader
        title={t(titleKey)}
        onBack={onBack}
        actions={
          headerActions ? (
            <Flex gap={2}>
              {headerActions}
              {create}
            </Flex>
          ) : (
            create
          )
        }
      />
      {intro}
      {def.search || filterField || moreFilters ? (
        <Flex as="section" aria-label={t(texts.filters ?? '')} gap={4} wrap="wrap" mb={4} align="end">
          {def.search ? (
            <SearchBox label={t(texts.search ?? '')} value={filters.search} onChange={(v) => setFilter('search', v)} />
          ) : null}
          {filterField ? (
            <FilterSelect
              label={t(fieldLabelKey(filterField))}
              value={filters.filter}
              onChange={(v) => setFilter('filter', v)}
              allLabel={t(texts.all ?? '')}
              options={(filterField.options ?? []).map((o) => ({
                value: o,
                label: t(filterField.optionLabelKey ? filterField.optionLabelKey(o) : o),
              }))}
            />
          ) : null}
          {moreFilters}
        </Flex>
      ) : null}
      {def.form === 'inline' ? (
        <ResourceForm
          key={inlineItem?.id ?? 'new'}
          def={def}
          scope={scope}
          item={inlineItem}
          preset={fixed}
          inline
          onDone={() => setEditing(null)}
        />
      ) : null}
      <PagedTable
        query={list}
        label={t(titleKey)}
        rowKey={(r) => r.id}
        columns={columns}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        loadFailed={t(texts.loadFailed)}
      />
      {def.form === 'dialog' && editing ? (
        <ResourceFormDialog
          def={def}
          scope={scope}
          item={editing === 'new' ? undefined : editing}
          preset={fixed}
          title={t(editing === 'new' ? def.createKey : def.editKey)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={t(texts.confirmDeleteTitle)}
        body={t(texts.confirmDeleteBody, { name: pending ? label(pending) : '' })}
        confirmLabel={t(texts.delete)}
        destructive
        busy={remove.isPending}
        onConfirm={() => pending && remove.mutate(pending.id, { onSettled: () => setPending(null) })}
        onCancel={() => setPending(null)}
      />
      {children}
    </Box>
  );
}
