import { Button } from '@chakra-ui/react';
import { ResourceListPage } from '@leadsmith/shared/resource';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PACKAGES } from './packageResource';

/** whitelabel/packages: the reseller's packages, server-side pages, delete refused while in use. */
export function PackagesPage() {
  const { t } = useTranslation('whitelabel');
  return (
    <ResourceListPage
      def={PACKAGES}
      trailingActions={(r) => (
        <Button asChild size="xs" variant="outline">
          <RouterLink to={`/packages/${r.id}/sales-settings`} aria-label={t('packages.salesNamed', { name: r.name })}>
            {t('packages.salesSettings')}
          </RouterLink>
        </Button>
      )}
    />
  );
}
