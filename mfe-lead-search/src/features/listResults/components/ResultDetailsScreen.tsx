import { Box } from '@chakra-ui/react';
import { apiErrorMessage, ErrorState, PageHeader, PageSpinner } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { parseListParam } from '../../../api/types';
import { useResult } from '../api/getResult';
import { ResultDetails } from './ResultDetails';

/** lead-search/saved-lists/{type}-{id}/{resultId}: one result with everything the search found. */
export function ResultDetailsScreen() {
  const { t } = useTranslation('leadSearch');
  const navigate = useNavigate();
  const { typeId, resultId } = useParams();
  const list = parseListParam(typeId);
  const rid = Number(resultId);
  const valid = Boolean(list) && Number.isInteger(rid) && rid > 0;
  const result = useResult(list?.type ?? 'people', list?.id ?? 0, valid ? rid : 0);
  // Back restores the list exactly as it was (filters, page and view are in its URL).
  const header = <PageHeader title={t('routes.result')} onBack={() => navigate(-1)} />;
  if (!list || !valid) {
    return (
      <Box>
        {header}
        <ErrorState title={t('errors.resultNotFound')} />
      </Box>
    );
  }
  if (result.isPending) {
    return (
      <Box>
        {header}
        <PageSpinner />
      </Box>
    );
  }
  if (result.isError) {
    return (
      <Box>
        {header}
        <ErrorState
          title={apiErrorMessage(result.error, t('errors.resultNotFound'))}
          onRetry={() => void result.refetch()}
        />
      </Box>
    );
  }
  return (
    <Box>
      {header}
      <ResultDetails type={list.type} result={result.data} />
    </Box>
  );
}
