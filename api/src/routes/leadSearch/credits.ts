import { CREDIT_COSTS } from '@leadsmith/shared/constants';
import type { SearchType } from '../../providers/leads';

/** Credit costs per item (spec §9): the one table in shared, which the screens show. */
export { CREDIT_COSTS };

/** Cost of one record of a search that returned a contact or email. Group searches find people (ADR 005). */
export const COST_PER_RECORD: Readonly<Record<SearchType, number>> = {
  people: CREDIT_COSTS.peoplePerContact,
  group: CREDIT_COSTS.peoplePerContact,
  company: CREDIT_COSTS.companyPerContact,
  local: CREDIT_COSTS.localPerContact,
  domain: CREDIT_COSTS.domainPerEmail,
  influencer: CREDIT_COSTS.influencerPerRecord,
  intent: CREDIT_COSTS.intentPerEmail,
};

// The ledger itself (spend, grant, balance, expiry lots, auto top-up) lives in api/src/credits/ledger.ts.
export { creditBalance, spendCredits } from '../../credits/ledger';
