import { Box } from '@chakra-ui/react';
import { PageHeader } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { AuditHistory } from '../../audit/components/AuditHistory';

export function UsersHistoryPage() {
  const { t } = useTranslation('admin');
  return (
    <Box>
      <PageHeader title={t('routes.usersHistory')} />
      <AuditHistory entity="user" editPath={(id) => `/users/${id}/edit`} />
    </Box>
  );
}
