import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { AREAS, useBranding, useCurrentUser, userHasModule, type AreaDefinition } from '@leadsmith/shared/core';
import { preloadArea } from '../areas/preloadArea';
import { WHITELABEL_SETUP_URL, resourceLinks } from './resourceLinks';
import { useMenuLinks, type MenuLink } from './useMenuLinks';

function SidebarGroup({ area, modules }: { area: AreaDefinition; modules: { slug: string }[] }) {
  const { t } = useTranslation('common');
  const items = area.items.filter((item) => userHasModule(modules, item.module));
  return (
    <section aria-labelledby={`group-${area.id}`} onMouseEnter={() => preloadArea(area)} onFocus={() => preloadArea(area)} data-testid={`sidebar-group-${area.id}`}>
      <h2 id={`group-${area.id}`} className="ls-nav-heading">
        {t(area.groupKey)}
      </h2>
      <ul className="ls-nav-list">
        {items.map((item) => (
          <li key={item.path}>
            <NavLink to={`${area.basePath}/${item.path}`} className="ls-nav-link">
              {t(item.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

const externalLinkProps = { target: '_blank', rel: 'noopener noreferrer', className: 'ls-nav-link' } as const;

function NewTabHint() {
  const { t } = useTranslation('common');
  return (
    <span className="ls-sr-only">
      {' '}
      {t('sidebar.resources.opensInNewTab')}
    </span>
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
    <section aria-labelledby="group-resources" data-testid="sidebar-group-resources">
      <h2 id="group-resources" className="ls-nav-heading">
        {t('sidebar.groups.resources')}
      </h2>
      <ul className="ls-nav-list">
        {external.map((link) => (
          <li key={link.labelKey}>
            <a href={link.href} {...externalLinkProps}>
              {t(link.labelKey)}
              <NewTabHint />
            </a>
          </li>
        ))}
        {customLinks.map((link, i) => (
          <li key={`custom-${i}-${link.url}`} data-testid="sidebar-custom-link">
            <a href={link.url} {...externalLinkProps}>
              {link.title}
              <NewTabHint />
            </a>
          </li>
        ))}
      </ul>
    </section>
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
    <nav aria-label={t('app.mainNavigation')} className="ls-nav">
      <div className="ls-nav-groups">
        {settings ? <SidebarGroup area={settings} modules={modules} /> : null}
        {others.map((area) => (
          <SidebarGroup key={area.id} area={area} modules={modules} />
        ))}
        {builtInResources || customLinks.length > 0 ? <ResourcesMenu builtIn={builtInResources} customLinks={customLinks} /> : null}
        {admin.map((area) => (
          <SidebarGroup key={area.id} area={area} modules={modules} />
        ))}
      </div>
    </nav>
  );
}
