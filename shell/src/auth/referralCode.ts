/** Where a partner's referral code from a `?ref=` link waits until the visitor signs up (this browser only). */
const KEY = 'referralCode';
const CODE = /^[A-Za-z0-9-]{1,60}$/;

/**
 * The referral code to send with a sign-up: a valid `?ref=` on this address (kept for later pages of the
 * visit), else one kept from an earlier page; anything malformed is dropped.
 */
export function referralCode(
  search: URLSearchParams,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): string | undefined {
  const fromUrl = search.get('ref')?.trim();
  if (fromUrl && CODE.test(fromUrl)) {
    storage.setItem(KEY, fromUrl);
    return fromUrl;
  }
  const kept = storage.getItem(KEY);
  return kept && CODE.test(kept) ? kept : undefined;
}
