import { Box } from '@chakra-ui/react';
import { PageHeader } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { AuditHistory } from '../../audit/components/AuditHistory';

export function PlansHistoryPage() {
  const { t } = useTranslation('admin');
  return (
    <Box>
      <PageHeader title={t('routes.plansHistory')} />
      <AuditHistory entity="plan" editPath={(id) => `/plans/${id}/edit`} />
    </Box>
  );
}
