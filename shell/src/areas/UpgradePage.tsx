import { Box, Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { PageHeader, paths, useCurrentUser, userHasModule } from '@leadsmith/shared';

/** whitelabel/upgrade: session only, no module check (spec §2, §6). Owned by the shell so no remote is fetched. */
export function UpgradePage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const user = useCurrentUser();
  if (userHasModule(user?.modules, 'whitelabel')) return <Navigate to={paths.whitelabel.businessAccount()} replace />;
  return (
    <Box>
      <PageHeader title={t('sidebar.groups.whitelabel')} />
      <Text mb={4} role="status">
        {t('errors.noPermissionWhitelabel')}
      </Text>
      <Button colorPalette="brand" onClick={() => navigate(paths.settings.billingPortal())}>
        {t('errors.upgrade')}
      </Button>
    </Box>
  );
}
