import { getArea } from './areas';

/**
 * Cross-area links. Areas never hard-code another area's absolute path; they
 * call these helpers so the shell stays the owner of the URL space.
 */
export const paths = {
  login: () => '/login',
  home: () => '/',
  settings: {
    businessProfile: () => `${getArea('settings').basePath}/business-profile`,
    wallet: () => `${getArea('settings').basePath}/wallet`,
    integration: (tab: 'crm' | 'crm-fields' | 'webhook' = 'crm') =>
      `${getArea('settings').basePath}/integration/${tab}`,
    creditUsage: () => `${getArea('settings').basePath}/credit-usage`,
    courses: () => `${getArea('settings').basePath}/courses`,
    course: (id: string | number) => `${getArea('settings').basePath}/courses/${id}`,
    profileSettings: () => '/profile-settings/profile',
    profileEmail: () => '/profile-settings/email',
    profilePassword: () => '/profile-settings/password',
    apiKeys: () => '/profile-settings/api-key',
    manageTeam: () => '/manage-team',
    billingPortal: () => '/billing-portal',
  },
  ai: {
    training: () => `${getArea('ai').basePath}/training`,
    icpSuggestions: () => `${getArea('ai').basePath}/icp-suggestions`,
  },
  leadSearch: {
    newSearch: (search?: URLSearchParams | string) => {
      const query = search ? `?${search.toString()}` : '';
      return `${getArea('lead-search').basePath}/new-search${query}`;
    },
    savedLists: () => `${getArea('lead-search').basePath}/saved-lists`,
    savedList: (type: string, id: string | number) => `${getArea('lead-search').basePath}/saved-lists/${type}-${id}`,
  },
  whitelabel: {
    businessAccount: () => `${getArea('whitelabel').basePath}/business-account`,
    upgrade: () => `${getArea('whitelabel').basePath}/upgrade`,
  },
  admin: {
    dashboard: () => `${getArea('admin').basePath}/dashboard`,
  },
} as const;
