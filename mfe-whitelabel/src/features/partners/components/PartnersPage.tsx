import { ResourceListPage } from '@leadsmith/shared/resource';
import { PARTNERS } from './partnerResource';

/** whitelabel/partners: the reseller's referral partners. */
export function PartnersPage() {
  return <ResourceListPage def={PARTNERS} />;
}
