import { HStack, Link as ChakraLink } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@leadsmith/shared';

const SECTIONS = [
  { tab: 'crm', key: 'crm' },
  { tab: 'crm-fields', key: 'crmFields' },
  { tab: 'webhook', key: 'webhook' },
] as const;

/** Tabs between the integration screens. */
export function IntegrationNav() {
  const { t } = useTranslation('settings');
  return (
    <HStack as="nav" aria-label={t('integrations.nav')} gap={1} mb={6} borderBottomWidth="1px" wrap="wrap">
      {SECTIONS.map((s) => (
        <ChakraLink
          key={s.tab}
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
          <NavLink to={paths.settings.integration(s.tab)} end={false}>
            {t(`routes.${s.key}`)}
          </NavLink>
        </ChakraLink>
      ))}
    </HStack>
  );
}
