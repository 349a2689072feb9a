/**
 * Resources menu (spec §2, needs whitelabel). External destinations are
 * configuration, not code: `window.__LEADSMITH_RESOURCES__` may override them
 * per deployment.
 */
export interface ResourceLink {
  labelKey: string;
  href: string;
}

const DEFAULT_RESOURCE_LINKS: ResourceLink[] = [
  { labelKey: 'sidebar.resources.community', href: 'https://community.leadsmith.io' },
  { labelKey: 'sidebar.resources.officeHours', href: 'https://leadsmith.io/office-hours' },
  { labelKey: 'sidebar.resources.snapshotStore', href: 'https://leadsmith.io/snapshots' },
  { labelKey: 'sidebar.resources.snapshotHelp', href: 'https://help.leadsmith.io/snapshots' },
  { labelKey: 'sidebar.resources.roadmap', href: 'https://leadsmith.io/roadmap' },
];

export const WHITELABEL_SETUP_URL = 'https://help.leadsmith.io/white-label-setup';

export function resourceLinks(): ResourceLink[] {
  const override = (window as { __LEADSMITH_RESOURCES__?: ResourceLink[] }).__LEADSMITH_RESOURCES__;
  return Array.isArray(override) ? override : DEFAULT_RESOURCE_LINKS;
}
