import type { SearchType } from '../../providers/leads';

/**
 * Credit costs per item. Copy of spec §9 (the frontend's table is `CREDIT_COSTS` in
 * shared/src/constants/credits.ts); keep both equal to the spec.
 */
export const CREDIT_COSTS = {
  peoplePerContact: 3,
  peoplePhoneEnrich: 1,
  peopleFindSimilar: 2,
  companyPerContact: 1,
  localPerContact: 1,
  localEmployeeEnrich: 2,
  domainEmployeeEnrich: 2,
  influencerPerRecord: 2,
  domainPerEmail: 1,
  influencerEnrichPerRecord: 5,
  intentPerEmail: 1,
} as const;

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
