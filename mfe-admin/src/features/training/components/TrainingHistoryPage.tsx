import { Box } from '@chakra-ui/react';
import { PageHeader } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { AuditHistory } from '../../audit/components/AuditHistory';

const ENTITIES = ['course', 'page'] as const;

export function TrainingHistoryPage() {
  const { t } = useTranslation('admin');
  return (
    <Box>
      <PageHeader title={t('routes.trainingHistory')} />
      <AuditHistory entity={[...ENTITIES]} />
    </Box>
  );
}
