import { checkOutboundUrl, isPrivateAddress, type OutboundUrlVerdict } from '../../net/outbound';

/**
 * SSRF check for list webhooks, the one every user-given URL gets (api/src/net/outbound.ts): http(s)
 * and every address the host resolves to public, unless OUTBOUND_ALLOW_HOSTS lists it. The send is
 * checked again at connect time.
 */
export type UrlVerdict = OutboundUrlVerdict;

/** One classification for every outbound request (api/src/net/outbound.ts). */
export { isPrivateAddress };

export function checkWebhookUrl(raw: string): Promise<UrlVerdict> {
  return checkOutboundUrl(raw);
}
