import { Box, Button, Flex, Link } from '@chakra-ui/react';
import { PageHeader, ConfirmDialog, type Column, useListParams } from '@leadsmith/shared';
import { PagedTable } from '../../../components/PagedTable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../../components/format';
import { useDeletePackage } from '../api/deletePackage';
import { PACKAGE_PAGE_SIZE, usePackages, type PackageRow } from '../api/listPackages';

const NO_FILTERS = [] as const;

/** whitelabel/packages: the reseller's packages, server-side pages, delete refused while in use. */
export function PackagesPage() {
  const { t, i18n } = useTranslation('whitelabel');
  const { page, setPage } = useListParams(NO_FILTERS);
  const list = usePackages(page);
  const remove = useDeletePackage();
  const [pending, setPending] = useState<PackageRow | null>(null);
  const columns: Column<PackageRow>[] = [
    { key: 'name', header: t('packages.name'), render: (r) => r.name },
    { key: 'monthly', header: t('packages.monthlyPrice'), end: true, render: (r) => formatMoney(r.monthly_price_cents, i18n.language) },
    { key: 'credits', header: t('packages.monthlyCredits'), end: true, render: (r) => r.monthly_credits.toLocaleString(i18n.language) },
    { key: 'subscribers', header: t('packages.subscribers'), end: true, render: (r) => r.subscribers.toLocaleString(i18n.language) },
    {
      key: 'page',
      header: t('packages.salesPage'),
      render: (r) =>
        r.show_on_sales_page ? (
          <Link href={`/p/${r.slug}`} target="_blank" rel="noopener" color="brand.fg" textDecoration="underline" aria-label={t('packages.openSalesPage', { name: r.name })}>
            {`/p/${r.slug}`}
          </Link>
        ) : (
          t('packages.hidden')
        ),
    },
    {
      key: 'actions',
      header: t('kit.actions'),
      end: true,
      render: (r) => (
        <Flex gap={2} justify="end" wrap="wrap">
          <Button asChild size="xs" variant="outline">
            <RouterLink to={`/packages/${r.id}/edit`} aria-label={t('packages.editNamed', { name: r.name })}>
              {t('kit.edit')}
            </RouterLink>
          </Button>
          <Button asChild size="xs" variant="outline">
            <RouterLink to={`/packages/${r.id}/sales-settings`} aria-label={t('packages.salesNamed', { name: r.name })}>
              {t('packages.salesSettings')}
            </RouterLink>
          </Button>
          <Button size="xs" variant="outline" color="red.700" aria-label={t('packages.deleteNamed', { name: r.name })} onClick={() => setPending(r)}>
            {t('kit.delete')}
          </Button>
        </Flex>
      ),
    },
  ];
  return (
    <Box>
      <PageHeader
        title={t('routes.packages')}
        actions={
          <Button asChild colorPalette="brand" size="sm">
            <RouterLink to="/packages/create">{t('routes.packageCreate')}</RouterLink>
          </Button>
        }
      />
      <PagedTable query={list} label={t('routes.packages')} rowKey={(r) => r.id} columns={columns} page={page} pageSize={PACKAGE_PAGE_SIZE} onPage={setPage} />
      <ConfirmDialog
        open={pending !== null}
        title={t('packages.deleteTitle')}
        body={t('packages.deleteBody', { name: pending?.name ?? '' })}
        confirmLabel={t('kit.delete')}
        destructive
        busy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          remove.mutate(pending.id, { onSettled: () => setPending(null) });
        }}
      />
    </Box>
  );
}
