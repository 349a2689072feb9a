import { Box } from '@chakra-ui/react';
import { ErrorState, PageHeader } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { parseListParam } from '../../../api/types';
import { NewSearchScreen } from './NewSearchScreen';

/** lead-search/saved-lists/{type}-{id}/new-search: a new search that fills this list. */
export function ListNewSearchScreen() {
  const { t } = useTranslation('leadSearch');
  const navigate = useNavigate();
  const list = parseListParam(useParams().typeId);
  if (!list) {
    return (
      <Box>
        <PageHeader title={t('routes.listNewSearch')} onBack={() => navigate(-1)} />
        <ErrorState title={t('errors.listNotFound')} />
      </Box>
    );
  }
  return <NewSearchScreen titleKey="routes.listNewSearch" list={list} onBack={() => navigate(-1)} />;
}
