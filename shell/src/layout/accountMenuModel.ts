import { paths, userHasModule, type User } from '@leadsmith/shared/core';

// Apart from frameModel.ts: the boot frame builds against a smaller surface of the shared library
// (no path helpers), and it draws the account menu closed, so it never needs these.
/** An entry of the header's account menu: a page of the user's own account. */
export interface AccountMenuItem {
  labelKey: string;
  to: string;
}

/**
 * The account menu's pages (spec §2: profile settings, team, billing portal, courses). A team member
 * acts on its owner's account, so the owner's API keys and team are not offered to it (the API refuses them).
 */
export function accountMenuModel(user: Pick<User, 'user_type'> | undefined): AccountMenuItem[] {
  const owner = user?.user_type !== 'team_member';
  return [
    { labelKey: 'account.profile', to: paths.settings.profileSettings() },
    { labelKey: 'account.email', to: paths.settings.profileEmail() },
    { labelKey: 'account.password', to: paths.settings.profilePassword() },
    ...(owner
      ? [
          { labelKey: 'account.apiKeys', to: paths.settings.apiKeys() },
          { labelKey: 'account.team', to: paths.settings.manageTeam() },
        ]
      : []),
    { labelKey: 'account.billingPortal', to: paths.settings.billingPortal() },
    { labelKey: 'account.courses', to: paths.settings.courses() },
  ];
}

/** Where the header's credit balance leads: the wallet for users who hold it, else their credit usage. */
export function creditBalanceLink(modules: User['modules'] | undefined): string {
  return userHasModule(modules, 'wallet') ? paths.settings.wallet() : paths.settings.creditUsage();
}
