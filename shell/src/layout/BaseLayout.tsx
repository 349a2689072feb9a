import { Box, Button, Flex, Image, Link, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useBranding, useCurrentUser } from '@leadsmith/shared';
import { useLogout } from '../auth/session';
import { LanguageSwitch } from './LanguageSwitch';
import { Sidebar } from './Sidebar';
import { ImpersonationBanner } from './ImpersonationBanner';
import { DiagnosticsEntry } from '../diagnostics/DiagnosticsEntry';

/** The base layout at `/` (spec §2): header, sidebar and the content outlet areas mount into. */
export function BaseLayout() {
  const { t } = useTranslation('common');
  const branding = useBranding();
  const user = useCurrentUser();
  const logout = useLogout();
  useEffect(() => {
    document.title = branding.name;
  }, [branding.name]);
  return (
    <Flex direction="column" minH="100vh">
      <Link href="#content" srOnly _focus={{ position: 'static', width: 'auto', height: 'auto', m: 2 }}>
        {t('app.skipToContent')}
      </Link>
      <ImpersonationBanner />
      <Flex as="header" align="center" gap={4} px={4} py={2} borderBottomWidth="1px" bg="white">
        {branding.logo ? (
          <Image src={branding.logo} alt={branding.name} maxH="8" />
        ) : (
          <Text fontWeight="bold" fontSize="lg" color="brand.fg">
            {branding.name}
          </Text>
        )}
        <Box flex="1" />
        <DiagnosticsEntry />
        <LanguageSwitch />
        {user ? (
          <Text fontSize="sm" data-testid="signed-in-user">
            {t('shell.signedInAs', { name: `${user.first_name} ${user.last_name}`.trim() || user.email })}
          </Text>
        ) : null}
        <Button size="sm" variant="outline" onClick={() => void logout()}>
          {t('actions.signOut')}
        </Button>
      </Flex>
      <Flex flex="1" direction={{ base: 'column', md: 'row' }} minH={0}>
        <Sidebar />
        <Box as="main" id="content" tabIndex={-1} flex="1" p={{ base: 4, md: 8 }} minW={0} data-testid="area-outlet">
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
