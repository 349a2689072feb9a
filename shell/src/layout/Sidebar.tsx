import { Box, Heading, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { AREAS, useBranding, useCurrentUser, userHasModule, type AreaDefinition } from '@leadsmith/shared';
import { preloadArea } from '../areas/preloadArea';
import { WHITELABEL_SETUP_URL, resourceLinks } from './resourceLinks';

function SidebarGroup({ area, modules }: { area: AreaDefinition; modules: { slug: string }[] }) {
  const { t } = useTranslation('common');
  const items = area.items.filter((item) => userHasModule(modules, item.module));
  return (
    <Box as="section" aria-labelledby={`group-${area.id}`} onMouseEnter={() => preloadArea(area)} onFocus={() => preloadArea(area)} data-testid={`sidebar-group-${area.id}`}>
      <Heading as="h2" id={`group-${area.id}`} size="xs" textTransform="uppercase" letterSpacing="wide" color="text.muted" px={3} mb={1}>
        {t(area.groupKey)}
      </Heading>
      <Stack as="ul" gap={0.5} listStyleType="none" m={0} p={0}>
        {items.map((item) => (
          <li key={item.path}>
            <ChakraLink
              asChild
              display="block"
              px={3}
              py={1.5}
              rounded="md"
              color="text.primary"
              _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
              _currentPage={{ bg: 'brand.solid', color: 'brand.contrast', fontWeight: 'semibold', _hover: { bg: 'brand.solid', color: 'brand.contrast' } }}
            >
              <NavLink to={`${area.basePath}/${item.path}`}>{t(item.labelKey)}</NavLink>
            </ChakraLink>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

function ResourcesMenu() {
  const { t } = useTranslation('common');
  const branding = useBranding();
  const external = [
    { labelKey: 'sidebar.resources.whitelabelSetup', href: WHITELABEL_SETUP_URL },
    ...(branding.support_url ? [{ labelKey: 'sidebar.resources.helpSupport', href: branding.support_url }] : []),
    ...resourceLinks(),
  ];
  return (
    <Box as="section" aria-labelledby="group-resources" data-testid="sidebar-group-resources">
      <Heading as="h2" id="group-resources" size="xs" textTransform="uppercase" letterSpacing="wide" color="text.muted" px={3} mb={1}>
        {t('sidebar.groups.resources')}
      </Heading>
      <Stack as="ul" gap={0.5} listStyleType="none" m={0} p={0}>
        {external.map((link) => (
          <li key={link.labelKey}>
            <ChakraLink href={link.href} target="_blank" rel="noopener noreferrer" display="block" px={3} py={1.5} color="text.primary">
              {t(link.labelKey)}
              <Box as="span" srOnly>
                {' '}
                {t('sidebar.resources.opensInNewTab')}
              </Box>
            </ChakraLink>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** Groups gated by module slug exactly as spec §2 says; Resources needs whitelabel. */
export function Sidebar() {
  const { t } = useTranslation('common');
  const user = useCurrentUser();
  const modules = user?.modules ?? [];
  const visible = AREAS.filter((area) => userHasModule(modules, area.module));
  const [settings, ...rest] = visible;
  const admin = rest.filter((a) => a.id === 'admin');
  const others = rest.filter((a) => a.id !== 'admin');
  return (
    <Box as="nav" aria-label={t('app.mainNavigation')} bg="sidebar.bg" borderRightWidth="1px" w={{ base: 'full', md: '64' }} p={4} overflowY="auto">
      <Stack gap={6}>
        {settings ? <SidebarGroup area={settings} modules={modules} /> : null}
        {others.map((area) => (
          <SidebarGroup key={area.id} area={area} modules={modules} />
        ))}
        {userHasModule(modules, 'whitelabel') ? <ResourcesMenu /> : null}
        {admin.map((area) => (
          <SidebarGroup key={area.id} area={area} modules={modules} />
        ))}
      </Stack>
    </Box>
  );
}
