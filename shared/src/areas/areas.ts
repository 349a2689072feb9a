import type { AreaId } from '../contract/areaContract';

import type { ModuleSlug } from '../constants/modules';
import { remoteOf, type RemoteFolder, type RemoteName } from '../constants/remotes';

export type { ModuleSlug };

export interface SidebarItem {
  /** i18n key in the `common` namespace. */
  labelKey: string;
  /** Path relative to the area's base path. */
  path: string;
  /** Extra module the item needs (e.g. Wallet needs `wallet`). */
  module?: ModuleSlug;
}

export interface AreaDefinition {
  id: AreaId;
  /** Module Federation name of the remote that renders this area (shared/src/constants/remotes.ts). */
  remote: RemoteName;
  /** Folder of the remote in the repository. */
  folder: RemoteFolder;
  /** Absolute base path of the area's sidebar group. */
  basePath: string;
  /**
   * Basename the area's router is mounted under. Settings owns several
   * top-level paths (spec §2: manage-team, profile-settings, courses…), so it
   * mounts at the root; the others mount at their base path.
   */
  mountBase: string;
  /** Module the user must hold; `null` means open to every signed-in user. */
  module: ModuleSlug | null;
  /** Sidebar group title key (`common` namespace). */
  groupKey: string;
  items: SidebarItem[];
}

/** The remote's name and folder of an area, from the one list of remotes. */
function remoteFields(area: AreaId): Pick<AreaDefinition, 'remote' | 'folder'> {
  const { name, folder } = remoteOf(area);
  return { remote: name, folder };
}

/**
 * Sidebar groups, their module slugs and items (spec §2). Static on purpose:
 * the shell draws the sidebar and gates routes without downloading any remote.
 * The order is the sidebar order. The base layout redirects to the first
 * module group the user can see, or to Settings (`defaultAreaFor`).
 */
export const AREAS: readonly AreaDefinition[] = [
  {
    id: 'settings',
    ...remoteFields('settings'),
    basePath: '/settings',
    mountBase: '/',
    module: null,
    groupKey: 'sidebar.groups.settings',
    items: [
      { labelKey: 'sidebar.items.businessProfile', path: 'business-profile' },
      { labelKey: 'sidebar.items.wallet', path: 'wallet', module: 'wallet' },
      { labelKey: 'sidebar.items.integration', path: 'integration' },
      { labelKey: 'sidebar.items.creditUsage', path: 'credit-usage' },
    ],
  },
  {
    id: 'ai',
    ...remoteFields('ai'),
    basePath: '/ai',
    mountBase: '/ai',
    module: 'ai_suggest',
    groupKey: 'sidebar.groups.ai',
    items: [
      { labelKey: 'sidebar.items.aiTraining', path: 'training' },
      { labelKey: 'sidebar.items.icpSuggestions', path: 'icp-suggestions' },
    ],
  },
  {
    id: 'lead-search',
    ...remoteFields('lead-search'),
    basePath: '/lead-search',
    mountBase: '/lead-search',
    module: 'leads',
    groupKey: 'sidebar.groups.leadSearch',
    items: [
      { labelKey: 'sidebar.items.newSearch', path: 'new-search' },
      { labelKey: 'sidebar.items.workflows', path: 'workflow' },
      { labelKey: 'sidebar.items.savedLists', path: 'saved-lists' },
      { labelKey: 'sidebar.items.savedSearches', path: 'saved-searches' },
      { labelKey: 'sidebar.items.aiAssistant', path: 'ai-assistant' },
      { labelKey: 'sidebar.items.customLabels', path: 'custom-labels' },
      { labelKey: 'sidebar.items.autopilots', path: 'autopilot' },
    ],
  },
  {
    id: 'whitelabel',
    ...remoteFields('whitelabel'),
    basePath: '/whitelabel',
    mountBase: '/whitelabel',
    module: 'whitelabel',
    groupKey: 'sidebar.groups.whitelabel',
    items: [
      { labelKey: 'sidebar.items.businessAccount', path: 'business-account' },
      { labelKey: 'sidebar.items.packages', path: 'packages' },
      { labelKey: 'sidebar.items.stripe', path: 'stripe' },
      { labelKey: 'sidebar.items.subscriptions', path: 'subscriptions' },
      { labelKey: 'sidebar.items.customLinks', path: 'custom-links' },
      { labelKey: 'sidebar.items.smtp', path: 'smtp' },
      { labelKey: 'sidebar.items.supportChat', path: 'support-chat' },
      { labelKey: 'sidebar.items.webhook', path: 'webhook' },
      { labelKey: 'sidebar.items.emailTemplates', path: 'email-templates' },
      { labelKey: 'sidebar.items.training', path: 'training-content' },
      { labelKey: 'sidebar.items.partners', path: 'partners' },
    ],
  },
  {
    id: 'admin',
    ...remoteFields('admin'),
    basePath: '/admin',
    mountBase: '/admin',
    module: 'admin',
    groupKey: 'sidebar.groups.admin',
    items: [
      { labelKey: 'sidebar.items.dashboard', path: 'dashboard' },
      { labelKey: 'sidebar.items.users', path: 'users' },
      { labelKey: 'sidebar.items.plans', path: 'plans' },
      { labelKey: 'sidebar.items.searchers', path: 'searchers' },
      { labelKey: 'sidebar.items.userAnalytics', path: 'user-analytics' },
      { labelKey: 'sidebar.items.aiAssistant', path: 'ai-assistant' },
      { labelKey: 'sidebar.items.reports', path: 'reports' },
      { labelKey: 'sidebar.items.training', path: 'training-content' },
      { labelKey: 'sidebar.items.topics', path: 'topics' },
      { labelKey: 'sidebar.items.partners', path: 'partners' },
    ],
  },
];

/**
 * Top-level paths owned by the settings remote besides `/settings` (spec §2:
 * manage-team, profile-settings, billing-portal and courses sit at the root).
 */
export const SETTINGS_ROOT_PATHS = ['/manage-team', '/profile-settings', '/billing-portal', '/courses'] as const;

/** Pages under `/whitelabel` that need only a session, not the module. */
export const WHITELABEL_UPGRADE_PATH = '/whitelabel/upgrade';

export function getArea(id: AreaId): AreaDefinition {
  const area = AREAS.find((a) => a.id === id);
  if (!area) throw new Error(`Unknown area "${id}"`);
  return area;
}

export function userHasModule(
  modules: readonly { slug: string }[] | undefined,
  slug: ModuleSlug | null | undefined,
): boolean {
  if (!slug) return true;
  return Boolean(modules?.some((m) => m.slug === slug));
}

/** The area an absolute pathname belongs to, if any. */
export function areaForPath(pathname: string): AreaDefinition | undefined {
  if (SETTINGS_ROOT_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return getArea('settings');
  return AREAS.find((a) => pathname === a.basePath || pathname.startsWith(`${a.basePath}/`));
}

/** Where the base layout sends a user: the first module group they hold, else Settings. */
export function defaultAreaFor(modules: readonly { slug: string }[] | undefined): AreaDefinition {
  return AREAS.find((a) => a.module !== null && userHasModule(modules, a.module)) ?? getArea('settings');
}

/** First path of an area's sidebar group. */
export function areaHomePath(area: AreaDefinition): string {
  return `${area.basePath}/${area.items[0]?.path ?? ''}`;
}
