import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AdminUser } from '../api/listUsers';

export type MenuAction =
  'edit' | 'history' | 'impersonate' | 'reset-limits' | 'remove-additional-requests' | 'delete' | 'restore';

/** Per-row actions; the ones that change data are confirmed by the page. */
export function UserActionsMenu({
  user,
  onAction,
}: {
  user: AdminUser;
  onAction: (action: Exclude<MenuAction, 'edit' | 'history'>) => void;
}) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  const deleted = Boolean(user.deleted_at);
  return (
    <Menu.Root
      onSelect={({ value }) => {
        if (value === 'edit') navigate(`/users/${user.id}/edit`);
        else if (value === 'history') navigate(`/users/history?entity_id=${user.id}`);
        else onAction(value as Exclude<MenuAction, 'edit' | 'history'>);
      }}
    >
      <Menu.Trigger asChild>
        <Button size="xs" variant="outline" aria-label={t('users.actionsFor', { name })}>
          {t('users.actions')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="history">{t('users.history')}</Menu.Item>
            {deleted ? (
              <Menu.Item value="restore">{t('users.restore')}</Menu.Item>
            ) : (
              <>
                <Menu.Item value="edit">{t('users.edit')}</Menu.Item>
                <Menu.Item value="impersonate">{t('users.impersonate')}</Menu.Item>
                <Menu.Item value="reset-limits">{t('users.resetLimits')}</Menu.Item>
                <Menu.Item value="remove-additional-requests">{t('users.removeAdditional')}</Menu.Item>
                <Menu.Item value="delete" color="red.700">
                  {t('users.delete')}
                </Menu.Item>
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
