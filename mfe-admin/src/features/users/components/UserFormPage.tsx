import { Alert, Box, Button } from '@chakra-ui/react';
import { ErrorState, PageHeader, PageSpinner } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useUser } from '../api/getUser';
import { useSaveUser } from '../api/saveUser';
import { useUserAction } from '../api/userActions';
import { UserForm } from './UserForm';

/** users/create and users/{id}/edit. */
export function UserFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const params = useParams();
  const id = mode === 'edit' ? Number(params.id) || 0 : 0;
  const user = useUser(id);
  const save = useSaveUser();
  const restore = useUserAction();
  const back = () => navigate('/users');
  const header = (
    <PageHeader title={t(mode === 'create' ? 'routes.userCreate' : 'routes.userEdit')} onBack={() => navigate(-1)} />
  );

  if (mode === 'edit' && user.isPending) return <PageSpinner />;
  if (mode === 'edit' && user.isError)
    return (
      <Box>
        {header}
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void user.refetch()} error={user.error} />
      </Box>
    );
  const current = mode === 'edit' ? user.data : undefined;
  return (
    <Box>
      {header}
      {current?.deleted_at ? (
        <Alert.Root status="warning" mb={6}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('users.deletedNotice')}</Alert.Title>
          </Alert.Content>
          <Button
            size="sm"
            colorPalette="brand"
            loading={restore.isPending}
            onClick={() => restore.mutate({ id: current.id, action: 'restore' })}
          >
            {t('users.restore')}
          </Button>
        </Alert.Root>
      ) : (
        <UserForm
          key={current?.id ?? 'new'}
          user={current}
          saving={save.isPending}
          onCancel={back}
          onSubmit={async (input) => save.mutateAsync({ id: current?.id, input }).then(back)}
        />
      )}
    </Box>
  );
}
