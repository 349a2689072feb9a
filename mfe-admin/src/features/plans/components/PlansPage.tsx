import { Box, Button, Flex } from '@chakra-ui/react';
import {
  ErrorState,
  PageHeader,
  PageSpinner,
  ConfirmDialog,
  DataTable,
  FilterSelect,
  Pagination,
  useListParams,
} from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../components/formatting';
import { SearchBox } from '../../../components/SearchBox';
import { useDeletePlan } from '../api/deletePlan';
import { PLAN_PAGE_SIZE, usePlans, type Plan, type PlanAvailableFor, type PlanCreatedBy } from '../api/listPlans';
import { AVAILABLE_FOR, CREATED_BY } from './options';

const FILTERS = ['search', 'created_by', 'available_for'] as const;

export function PlansPage() {
  const { t } = useTranslation('admin');
  const { page, filters, setFilter, setPage } = useListParams(FILTERS);
  const plans = usePlans({
    page,
    search: filters.search || undefined,
    created_by: (filters.created_by || undefined) as PlanCreatedBy | undefined,
    available_for: (filters.available_for || undefined) as PlanAvailableFor | undefined,
  });
  const remove = useDeletePlan();
  const [pending, setPending] = useState<Plan | null>(null);
  const yesNo = (b: boolean) => t(b ? 'kit.yes' : 'kit.no');

  return (
    <Box>
      <PageHeader
        title={t('routes.plans')}
        actions={
          <Flex gap={2}>
            <Button asChild variant="outline" size="sm">
              <RouterLink to="/plans/history">{t('routes.plansHistory')}</RouterLink>
            </Button>
            <Button asChild colorPalette="brand" size="sm">
              <RouterLink to="/plans/create">{t('routes.planCreate')}</RouterLink>
            </Button>
          </Flex>
        }
      />
      <Flex as="section" aria-label={t('kit.filters')} gap={4} wrap="wrap" mb={4} align="end">
        <SearchBox label={t('plans.search')} value={filters.search} onChange={(v) => setFilter('search', v)} />
        <FilterSelect
          label={t('fields.created_by')}
          value={filters.created_by}
          onChange={(v) => setFilter('created_by', v)}
          allLabel={t('kit.all')}
          options={CREATED_BY.map((c) => ({ value: c, label: t(`plans.createdBy.${c}`) }))}
        />
        <FilterSelect
          label={t('fields.available_for')}
          value={filters.available_for}
          onChange={(v) => setFilter('available_for', v)}
          allLabel={t('kit.all')}
          options={AVAILABLE_FOR.map((a) => ({ value: a, label: t(`plans.availableFor.${a}`) }))}
        />
      </Flex>
      {plans.isPending ? (
        <PageSpinner />
      ) : plans.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void plans.refetch()} />
      ) : (
        <>
          <DataTable
            label={t('routes.plans')}
            rows={plans.data.data}
            rowKey={(p) => p.id}
            columns={[
              { key: 'name', header: t('fields.name'), render: (p) => p.name },
              {
                key: 'created_by',
                header: t('fields.created_by'),
                render: (p) => t(`plans.createdBy.${p.created_by}`),
              },
              {
                key: 'available_for',
                header: t('fields.available_for'),
                render: (p) => t(`plans.availableFor.${p.available_for}`),
              },
              {
                key: 'modules',
                header: t('fields.modules'),
                render: (p) =>
                  p.modules.length ? p.modules.map((m) => t(`modules.${m}`)).join(', ') : t('plans.noModules'),
              },
              {
                key: 'related',
                header: t('fields.allow_related_accounts'),
                render: (p) => yesNo(p.allow_related_accounts),
              },
              { key: 'payment', header: t('fields.payment_product_id'), render: (p) => p.payment_product_id ?? '—' },
              { key: 'crm', header: t('fields.crm_plan_id'), render: (p) => p.crm_plan_id ?? '—' },
              { key: 'users', header: t('plans.usersCount'), end: true, render: (p) => formatNumber(p.users_count) },
              {
                key: 'actions',
                header: t('users.actions'),
                end: true,
                render: (p) => (
                  <Flex gap={2} justify="end">
                    <Button asChild size="xs" variant="outline">
                      <RouterLink to={`/plans/${p.id}/edit`} aria-label={t('plans.editNamed', { name: p.name })}>
                        {t('users.edit')}
                      </RouterLink>
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.700"
                      aria-label={t('plans.deleteNamed', { name: p.name })}
                      onClick={() => setPending(p)}
                    >
                      {t('users.delete')}
                    </Button>
                  </Flex>
                ),
              },
            ]}
          />
          <Pagination page={page} pageSize={PLAN_PAGE_SIZE} total={plans.data.total} onChange={setPage} />
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={t('plans.confirmDelete.title')}
        body={t('plans.confirmDelete.body', { name: pending?.name ?? '' })}
        confirmLabel={t('users.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={() => pending && remove.mutate(pending.id, { onSettled: () => setPending(null) })}
        onCancel={() => setPending(null)}
      />
    </Box>
  );
}
