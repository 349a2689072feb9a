import { HStack, Link as ChakraLink } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useCurrentUser } from '@leadsmith/shared';

const SECTIONS = [
  { path: 'profile', key: 'profile' },
  { path: 'email', key: 'email' },
  { path: 'password', key: 'password' },
  { path: 'api-key', key: 'apiKeys' },
  { path: 'privacy', key: 'privacy' },
] as const;

/** Links between the profile-settings screens (siblings, so paths stay relative to the area). */
export function ProfileSettingsNav() {
  const { t } = useTranslation('settings');
  // Privacy (export and delete the account) is the account owner's.
  const member = Boolean(useCurrentUser()?.team_owner_id);
  return (
    <HStack as="nav" aria-label={t('profileSettings.nav')} gap={1} mb={6} borderBottomWidth="1px" wrap="wrap">
      {SECTIONS.filter((s) => !(member && s.path === 'privacy')).map((s) => (
        <ChakraLink
          key={s.path}
          asChild
          px={3}
          py={2}
          color="text.primary"
          _currentPage={{
            color: 'brand.fg',
            fontWeight: 'semibold',
            borderBottomWidth: '2px',
            borderColor: 'brand.solid',
          }}
        >
          <NavLink to={`../${s.path}`} relative="path">
            {t(`routes.${s.key}`)}
          </NavLink>
        </ChakraLink>
      ))}
    </HStack>
  );
}
