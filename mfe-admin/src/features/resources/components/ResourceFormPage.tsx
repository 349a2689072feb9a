import { Box } from '@chakra-ui/react';
import { ErrorState, PageHeader, PageSpinner } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useResource } from '../api/getResource';
import { resourceBase } from '../api/listResource';
import type { ResourceDefinition } from '../definitions';
import { ResourceForm } from './ResourceForm';

/**
 * Create and edit screens of a simple resource (topics/create, partners/{id}/edit, training-content/{id}/{pageId}/edit…).
 * `idParam` names the route parameter of the item; a scoped resource takes its parent id from `scopeParam`.
 */
export function ResourceFormPage({ def, mode, idParam = 'id', scopeParam }: { def: ResourceDefinition; mode: 'create' | 'edit'; idParam?: string; scopeParam?: string }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const params = useParams();
  const scope = scopeParam ? (params[scopeParam] ?? '') : '';
  const base = resourceBase(def, scope);
  const id = mode === 'edit' ? Number(params[idParam]) || 0 : 0;
  const item = useResource(base, id);
  const singular = def.key.replace(/s$/, '');
  const titleKey = mode === 'create' ? (def.createKey ?? `routes.${singular}Create`) : (def.editKey ?? `routes.${singular}Edit`);
  const listPath = def.paths ? def.paths.list(scope) : `/${def.key}`;
  const header = <PageHeader title={t(titleKey)} onBack={() => navigate(-1)} />;
  if (mode === 'edit' && item.isPending) return <PageSpinner />;
  return (
    <Box>
      {header}
      {mode === 'edit' && item.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void item.refetch()} error={item.error} />
      ) : (
        <ResourceForm key={item.data?.id ?? 'new'} def={def} base={base} item={mode === 'edit' ? item.data : undefined} onDone={() => navigate(listPath)} />
      )}
    </Box>
  );
}
