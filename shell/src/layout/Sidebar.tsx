import { Box, Heading, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { AREAS, useBranding, useCurrentUser, userHasModule, type AreaDefinition } from '@leadsmith/shared';
import { preloadArea } from '../areas/preloadArea';
import { WHITELABEL_SETUP_URL, resourceLinks } from './resourceLinks';
import { useMenuLinks, type MenuLink } from './useMenuLinks';

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

const externalLinkProps = { target: '_blank', rel: 'noopener noreferrer', display: 'block', px: 3, py: 1.5, color: 'text.primary' } as const;

function NewTabHint() {
  const { t } = useTranslation('common');
  return (
    <Box as="span" srOnly>
      {' '}
      {t('sidebar.resources.opensInNewTab')}
    </Box>
  );
}

/**
 * Resources (spec §2): the white-label entries and external links for users with whitelabel, plus the
 * custom links the user's reseller adds to its customers' side menu (their titles are shown as text).
 */
function ResourcesMenu({ builtIn, customLinks }: { builtIn: boolean; customLinks: MenuLink[] }) {
  const { t } = useTranslation('common');
  const branding = useBranding();
  const external = builtIn
    ? [
        { labelKey: 'sidebar.resources.whitelabelSetup', href: WHITELABEL_SETUP_URL },
        ...(branding.support_url ? [{ labelKey: 'sidebar.resources.helpSupport', href: branding.support_url }] : []),
        ...resourceLinks(),
      ]
    : [];
  return (
    <Box as="section" aria-labelledby="group-resources" data-testid="sidebar-group-resources">
      <Heading as="h2" id="group-resources" size="xs" textTransform="uppercase" letterSpacing="wide" color="text.muted" px={3} mb={1}>
        {t('sidebar.groups.resources')}
      </Heading>
      <Stack as="ul" gap={0.5} listStyleType="none" m={0} p={0}>
        {external.map((link) => (
          <li key={link.labelKey}>
            <ChakraLink href={link.href} {...externalLinkProps}>
              {t(link.labelKey)}
              <NewTabHint />
            </ChakraLink>
          </li>
        ))}
        {customLinks.map((link, i) => (
          <li key={`custom-${i}-${link.url}`} data-testid="sidebar-custom-link">
            <ChakraLink href={link.url} {...externalLinkProps}>
              {link.title}
              <NewTabHint />
            </ChakraLink>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** Groups gated by module slug exactly as spec §2 says; Resources needs whitelabel, or custom links from the user's reseller. */
export function Sidebar() {
  const { t } = useTranslation('common');
  const user = useCurrentUser();
  const modules = user?.modules ?? [];
  const visible = AREAS.filter((area) => userHasModule(modules, area.module));
  const [settings, ...rest] = visible;
  const admin = rest.filter((a) => a.id === 'admin');
  const others = rest.filter((a) => a.id !== 'admin');
  const builtInResources = userHasModule(modules, 'whitelabel');
  const customLinks = useMenuLinks();
  return (
    <Box as="nav" aria-label={t('app.mainNavigation')} bg="sidebar.bg" borderRightWidth="1px" w={{ base: 'full', md: '64' }} p={4} overflowY="auto">
      <Stack gap={6}>
        {settings ? <SidebarGroup area={settings} modules={modules} /> : null}
        {others.map((area) => (
          <SidebarGroup key={area.id} area={area} modules={modules} />
        ))}
        {builtInResources || customLinks.length > 0 ? <ResourcesMenu builtIn={builtInResources} customLinks={customLinks} /> : null}
        {admin.map((area) => (
          <SidebarGroup key={area.id} area={area} modules={modules} />
        ))}
      </Stack>
    </Box>
  );
}
