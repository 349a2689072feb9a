import { Box } from '@chakra-ui/react';
import { PageHeader, PageSpinner } from '@leadsmith/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// React Flow is only downloaded when a builder is opened.
const WorkflowBuilderScreen = lazy(() =>
  import('./WorkflowBuilderScreen').then((m) => ({ default: m.WorkflowBuilderScreen })),
);

/** lead-search/workflow/{id}, loaded on demand. */
export function LazyWorkflowBuilder() {
  const { t } = useTranslation('leadSearch');
  return (
    <Suspense
      fallback={
        <Box>
          <PageHeader title={t('routes.workflow')} />
          <PageSpinner />
        </Box>
      }
    >
      <WorkflowBuilderScreen />
    </Suspense>
  );
}
