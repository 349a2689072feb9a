import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useBranding, useCurrentUser } from '@leadsmith/shared/core';
import { preloadArea } from '../areas/preloadArea';
import { sidebarModel, type SidebarModel } from './frameModel';
import type { ResourceLink } from './resourceLinks';
import { useMenuLinks, type MenuLink } from './useMenuLinks';

function SidebarGroup({ area, items }: SidebarModel['groups'][number]) {
  const { t } = useTranslation('common');
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
function ResourcesMenu({ builtIn, customLinks }: { builtIn: ResourceLink[]; customLinks: MenuLink[] }) {
  const { t } = useTranslation('common');
  return (
    <section aria-labelledby="group-resources" data-testid="sidebar-group-resources">
      <h2 id="group-resources" className="ls-nav-heading">
        {t('sidebar.groups.resources')}
      </h2>
      <ul className="ls-nav-list">
        {builtIn.map((link) => (
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

/** The groups the user's modules open (frameModel.ts), with Resources before Super admin. */
export function Sidebar() {
  const { t } = useTranslation('common');
  const user = useCurrentUser();
  const branding = useBranding();
  const { groups, resourcesAt, builtInResources } = sidebarModel(user?.modules, branding);
  const customLinks = useMenuLinks();
  const resources = builtInResources.length > 0 || customLinks.length > 0 ? <ResourcesMenu key="resources" builtIn={builtInResources} customLinks={customLinks} /> : null;
  const drawn = groups.map((group) => <SidebarGroup key={group.area.id} area={group.area} items={group.items} />);
  return (
    <nav aria-label={t('app.mainNavigation')} className="ls-nav">
      <div className="ls-nav-groups">
        {drawn.slice(0, resourcesAt)}
        {resources}
        {drawn.slice(resourcesAt)}
      </div>
    </nav>
  );
}
