import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useBranding, useCurrentUser } from '@leadsmith/shared/core';
import { preloadArea } from '../areas/preloadArea';
import { sidebarModel, storeSidebarCollapsed, storedSidebarCollapsed, type SidebarModel } from './frameModel';
import { NavIcon } from './NavIcon';
import { navIconFor } from './navIcons';
import type { ResourceLink } from './resourceLinks';
import { useMenuLinks, type MenuLink } from './useMenuLinks';

type SidebarGroupProps = SidebarModel['groups'][number] & { collapsed: boolean };

function SidebarGroup({ area, items, collapsed }: SidebarGroupProps) {
  const { t } = useTranslation('common');
  return (
    <section
      aria-labelledby={`group-${area.id}`}
      onMouseEnter={() => preloadArea(area)}
      onFocus={() => preloadArea(area)}
      data-testid={`sidebar-group-${area.id}`}
    >
      <h2 id={`group-${area.id}`} className="ls-nav-heading">
        {t(area.groupKey)}
      </h2>
      <ul className="ls-nav-list">
        {items.map((item) => (
          <li key={item.path}>
            <NavLink
              to={`${area.basePath}/${item.path}`}
              className="ls-nav-link"
              title={collapsed ? t(item.labelKey) : undefined}
            >
              <NavIcon name={navIconFor(item.labelKey)} />
              <span className="ls-nav-label">{t(item.labelKey)}</span>
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
  return <span className="ls-sr-only"> {t('sidebar.resources.opensInNewTab')}</span>;
}

/**
 * Resources (spec §2): the white-label entries and external links for users with whitelabel, plus the
 * custom links the user's reseller adds to its customers' side menu (their titles are shown as text).
 */
function ResourcesMenu({
  builtIn,
  customLinks,
  collapsed,
}: {
  builtIn: ResourceLink[];
  customLinks: MenuLink[];
  collapsed: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <section aria-labelledby="group-resources" data-testid="sidebar-group-resources">
      <h2 id="group-resources" className="ls-nav-heading">
        {t('sidebar.groups.resources')}
      </h2>
      <ul className="ls-nav-list">
        {builtIn.map((link) => (
          <li key={link.labelKey}>
            <a href={link.href} {...externalLinkProps} title={collapsed ? t(link.labelKey) : undefined}>
              <NavIcon name="external" />
              <span className="ls-nav-label">
                {t(link.labelKey)}
                <NewTabHint />
              </span>
            </a>
          </li>
        ))}
        {customLinks.map((link, i) => (
          <li key={`custom-${i}-${link.url}`} data-testid="sidebar-custom-link">
            <a href={link.url} {...externalLinkProps} title={collapsed ? link.title : undefined}>
              <NavIcon name="external" />
              <span className="ls-nav-label">
                {link.title}
                <NewTabHint />
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The groups the user's modules open (frameModel.ts), with Resources before Super admin. It can be
 * collapsed to its icons (the choice is kept in this browser); the labels stay for screen readers and
 * show as tooltips. On wide screens it stays in view while the page scrolls (frameStyles.ts).
 */
export function Sidebar() {
  const { t } = useTranslation('common');
  const [collapsed, setCollapsed] = useState(storedSidebarCollapsed);
  const handleToggle = () => {
    setCollapsed(!collapsed);
    storeSidebarCollapsed(!collapsed);
  };
  const user = useCurrentUser();
  const branding = useBranding();
  const { groups, resourcesAt, builtInResources } = sidebarModel(user?.modules, branding);
  const customLinks = useMenuLinks();
  const resources =
    builtInResources.length > 0 || customLinks.length > 0 ? (
      <ResourcesMenu key="resources" builtIn={builtInResources} customLinks={customLinks} collapsed={collapsed} />
    ) : null;
  const drawn = groups.map((group) => (
    <SidebarGroup key={group.area.id} area={group.area} items={group.items} collapsed={collapsed} />
  ));
  return (
    <nav aria-label={t('app.mainNavigation')} className={collapsed ? 'ls-nav ls-nav--collapsed' : 'ls-nav'}>
      <button
        type="button"
        className="ls-nav-toggle"
        aria-expanded={!collapsed}
        aria-controls="sidebar-groups"
        onClick={handleToggle}
        data-testid="sidebar-toggle"
      >
        <NavIcon name={collapsed ? 'expand' : 'collapse'} />
        <span className="ls-nav-label">{t(collapsed ? 'sidebar.expand' : 'sidebar.collapse')}</span>
      </button>
      <div id="sidebar-groups" className="ls-nav-groups">
        {drawn.slice(0, resourcesAt)}
        {resources}
        {drawn.slice(resourcesAt)}
      </div>
    </nav>
  );
}
