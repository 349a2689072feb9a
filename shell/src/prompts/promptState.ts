import type { User } from '@leadsmith/shared/core';

/** The credit pop-up shows once per visit (tab session) until "don't show again". */
const CREDIT_POPUP_SEEN = 'credit_popup_seen';

export function markCreditPopupSeen(): void {
  try {
    sessionStorage.setItem(CREDIT_POPUP_SEEN, '1');
  } catch {
    // Storage refused (private mode): the pop-up may show again next page load.
  }
}

function creditPopupSeen(): boolean {
  try {
    return sessionStorage.getItem(CREDIT_POPUP_SEEN) === '1';
  } catch {
    return false;
  }
}

/** Which prompts the signed-in user gets now; an admin signed in as the user is asked nothing. */
export function pendingPrompts(user: User | undefined, impersonating: boolean): { terms: boolean; credits: boolean } {
  if (!user || impersonating) return { terms: false, credits: false };
  return {
    terms: user.terms_accepted_version !== user.terms_version,
    credits: !user.credit_popup_disabled && !creditPopupSeen(),
  };
}
