import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorState, PageHeader, PageSpinner } from '@leadsmith/shared';
import { useResourceItem, type ResourceRow } from './resourceApi';
import type { ResourceDefinition } from './resourceDefinition';
import { ResourceForm } from './ResourceForm';

export interface FormScreenProps {
  title: string;
  /** What the form needs is still loading (the item, its choices). */
  loading?: boolean;
  /** It could not be loaded: a retryable error (a 404 says the item does not exist). */
  failed?: boolean;
  error?: unknown;
  onRetry?: () => void;
  loadFailed: string;
  children: ReactNode;
}

/** A create or edit screen: title with a back button, then a spinner, a load failure or the form. */
export function FormScreen({ title, loading, failed, error, onRetry, loadFailed, children }: FormScreenProps) {
  const navigate = useNavigate();
  return (
    <Box>
      <PageHeader title={title} onBack={() => navigate(-1)} />
      {loading ? (
        <PageSpinner />
      ) : failed ? (
        <ErrorState title={loadFailed} onRetry={onRetry} error={error} />
      ) : (
        children
      )}
    </Box>
  );
}

export interface ResourceFormPageProps<T extends ResourceRow> {
  def: ResourceDefinition<T>;
  mode: 'create' | 'edit';
  /** Route parameter of the item's id. */
  idParam?: string;
  /** Route parameter of the parent id of a scoped resource. */
  scopeParam?: string;
  /** Draws the form instead of the fields' own (a form with parts the fields cannot say); back to the list on done. */
  children?: (item: T | undefined, onDone: () => void) => ReactNode;
}

/** Create and edit screens of a resource (partners/create, partners/{id}/edit, training-content/{id}/{pageId}/edit…); saved or cancelled, back to the list. */
export function ResourceFormPage<T extends ResourceRow>({
  def,
  mode,
  idParam = 'id',
  scopeParam,
  children,
}: ResourceFormPageProps<T>) {
  const { t } = useTranslation(def.ns);
  const navigate = useNavigate();
  const params = useParams();
  const scope = scopeParam ? (params[scopeParam] ?? '') : '';
  const id = mode === 'edit' ? Number(params[idParam]) || 0 : 0;
  const item = useResourceItem(def.api(scope), id);
  const editing = mode === 'edit' ? item.data : undefined;
  const onDone = () => navigate(def.paths?.list(scope) ?? '..');
  return (
    <FormScreen
      title={t(mode === 'create' ? def.createKey : def.editKey)}
      loading={mode === 'edit' && item.isPending}
      failed={mode === 'edit' && item.isError}
      error={item.error}
      onRetry={() => void item.refetch()}
      loadFailed={t(def.texts.loadFailed)}
    >
      {children ? (
        children(editing, onDone)
      ) : (
        <ResourceForm key={editing?.id ?? 'new'} def={def} scope={scope} item={editing} onDone={onDone} />
      )}
    </FormScreen>
  );
}
