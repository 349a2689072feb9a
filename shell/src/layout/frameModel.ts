import { AREAS, STORAGE_KEYS, userHasModule, type AreaDefinition, type Branding } from '@leadsmith/shared/core';
import type { User } from '@leadsmith/shared/core';
import { WHITELABEL_SETUP_URL, resourceLinks, type ResourceLink } from './resourceLinks';

/**
 * What the frame shows for a user, as plain data: the React frame (BaseLayout, Sidebar) and the boot
 * frame (shell/src/boot) both draw from it, so the two cannot disagree on groups, order or links.
 */
export interface SidebarModel {
  /** Area groups in sidebar order, each with the items the user holds: Settings, the module areas, then Super admin last. */
  groups: { area: AreaDefinition; items: AreaDefinition['items'] }[];
  /** Where the Resources group goes: before Super admin. */
  resourcesAt: number;
  /** Spec §2: the white-label entries and external links, for users holding whitelabel. */
  builtInResources: ResourceLink[];
}

/** Groups gated by module slug exactly as spec §2 says; Resources needs whitelabel, or custom links from the user's reseller. */
export function sidebarModel(modules: User['modules'] | undefined, branding: Branding): SidebarModel {
  const visible = AREAS.filter((area) => userHasModule(modules, area.module));
  const ordered = [...visible.filter((a) => a.id !== 'admin'), ...visible.filter((a) => a.id === 'admin')];
  const builtIn = userHasModule(modules, 'whitelabel');
  return {
    groups: ordered.map((area) => ({ area, items: area.items.filter((item) => userHasModule(modules, item.module)) })),
    resourcesAt: ordered.filter((a) => a.id !== 'admin').length,
    builtInResources: builtIn
      ? [
          { labelKey: 'sidebar.resources.whitelabelSetup', href: WHITELABEL_SETUP_URL },
          ...(branding.support_url ? [{ labelKey: 'sidebar.resources.helpSupport', href: branding.support_url }] : []),
          ...resourceLinks(),
        ]
      : [],
  };
}

/** The name the header and the impersonation banner show. */
export function displayName(user: Pick<User, 'first_name' | 'last_name' | 'email'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/** The admin's own token, kept while the admin is logged in as another user. */
export function archivedToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.archivedUser);
  } catch {
    return null;
  }
}

/** An admin is logged in as another user while the admin's own token waits under `archived_user`. */
export function isImpersonating(token: string | null, archived: string | null): boolean {
  return Boolean(token && archived && archived !== token);
}

/** NavLink's rule: an item is current on its own path and every path under it (case-insensitive). */
export function isCurrentPath(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  return path === target || path.startsWith(`${target}/`);
}

/** Whether the user chose the icons-only sidebar (kept in this browser; the boot frame draws it the same). */
export function storedSidebarCollapsed(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.sidebarCollapsed) === '1';
  } catch {
    return false;
  }
}

export function storeSidebarCollapsed(collapsed: boolean): void {
  try {
    if (collapsed) localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, '1');
    else localStorage.removeItem(STORAGE_KEYS.sidebarCollapsed);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

/** The shortcut as the platform writes it: ⌘ on Apple systems, Ctrl elsewhere (the handler takes either). */
export function isApplePlatform(
  nav: Pick<Navigator, 'platform' | 'userAgent'> | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): boolean {
  return /Mac|iPhone|iPad|iPod/.test(nav?.platform || nav?.userAgent || '');
}
