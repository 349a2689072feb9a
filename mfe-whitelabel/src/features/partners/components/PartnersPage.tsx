import { Box, Button, Flex } from '@chakra-ui/react';
import { PageHeader, ConfirmDialog, type Column, useListParams } from '@leadsmith/shared';
import { PagedTable } from '../../../components/PagedTable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PARTNER_PAGE_SIZE, usePartners, type Partner } from '../api/listPartners';
import { useDeletePartner } from '../api/savePartner';

/** whitelabel/partners: the reseller's referral partners. */
export function PartnersPage() {
  const { t } = useTranslation('whitelabel');
  const { page, setPage } = useListParams([] as const);
  const list = usePartners(page);
  const remove = useDeletePartner();
  const [pending, setPending] = useState<Partner | null>(null);
  const columns: Column<Partner>[] = [
    { key: 'name', header: t('partners.name'), render: (p) => p.name },
    { key: 'email', header: t('partners.email'), render: (p) => p.email ?? '—' },
    { key: 'company', header: t('partners.company'), render: (p) => p.company ?? '—' },
    { key: 'code', header: t('partners.referralCode'), render: (p) => p.referral_code },
    { key: 'commission', header: t('partners.commission'), end: true, render: (p) => `${p.commission_percent} %` },
    { key: 'active', header: t('partners.active'), render: (p) => t(p.active ? 'links.yes' : 'links.no') },
    {
      key: 'actions',
      header: t('kit.actions'),
      end: true,
      render: (p) => (
        <Flex gap={2} justify="end">
          <Button asChild size="xs" variant="outline">
            <RouterLink to={`/partners/${p.id}/edit`} aria-label={t('partners.editNamed', { name: p.name })}>
              {t('kit.edit')}
            </RouterLink>
          </Button>
          <Button size="xs" variant="outline" color="red.700" aria-label={t('partners.deleteNamed', { name: p.name })} onClick={() => setPending(p)}>
            {t('kit.delete')}
          </Button>
        </Flex>
      ),
    },
  ];
  return (
    <Box>
      <PageHeader
        title={t('routes.partners')}
        actions={
          <Button asChild colorPalette="brand" size="sm">
            <RouterLink to="/partners/create">{t('routes.partnerCreate')}</RouterLink>
          </Button>
        }
      />
      <PagedTable query={list} label={t('routes.partners')} rowKey={(p) => p.id} columns={columns} page={page} pageSize={PARTNER_PAGE_SIZE} onPage={setPage} />
      <ConfirmDialog
        open={pending !== null}
        title={t('partners.deleteTitle')}
        body={t('partners.deleteBody', { name: pending?.name ?? '' })}
        confirmLabel={t('kit.delete')}
        destructive
        busy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && remove.mutate(pending.id, { onSettled: () => setPending(null) })}
      />
    </Box>
  );
}
